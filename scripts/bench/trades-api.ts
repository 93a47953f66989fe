/**
 * Trades API latency at 100,000 trades: the `trades-api` section of `npm run bench` (also runnable
 * alone: `npx tsx scripts/bench/trades-api.ts`, PostgreSQL too when DATABASE_URL is set). Seeds one
 * user's history straight into the tables with bulk inserts (secondary indexes dropped during the
 * load and rebuilt after it, as pg_restore does), then times real HTTP requests against the real
 * app: the trade list's first page (sorted by closedAt, and filtered by symbol), a cursor page,
 * the first and a deep page of every sortable column, a date range, adding one execution to an
 * instrument that already has ~1,500 trades (insert + regroup + answer), and the full CSV export
 * (with the event loop's longest stall while it streams).
 */
import { randomUUID } from 'node:crypto';
import { openThrowawayDatabase } from '../../test/helpers/test-database';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { TRADE_SORT_COLUMNS, type TradeListJson } from '../../src/contracts/trades';
import {
  buildTradeRows,
  D,
  EMPTY_JOURNAL,
  groupTrades,
  isInstrumentError,
  parseInstrument,
  toInstrumentKey,
  type AssetClass,
  type Execution,
} from '../../src/core/trades';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { PgTable } from 'drizzle-orm/pg-core';
import { insertNewRows, type BulkColumnType } from '../../src/server/db/bulk-insert';
import type { Db } from '../../src/server/db/client';
import { executions, tradeJournals } from '../../src/server/db/schema';
import { insertAccount } from '../../src/server/modules/accounts';
import { createApiToken } from '../../src/server/modules/api-tokens';
import { insertTradeRows, type TradeExecutionInsert, type TradeInsert } from '../../src/server/modules/trades';
import { createUser } from '../../src/server/modules/users';

export type TradesApiBenchParams = {
  engine: 'pglite' | 'postgres';
  databaseUrl?: string;
  /** 100,000 unless stated (smaller for a quick smoke run). */
  tradeCount?: number;
};

const DEFAULT_TRADE_COUNT = 100_000;
const OPEN_TRADES = 20;
const TRADES_PER_FLUSH = 5_000;
const WARMUPS = 3;
const RUNS = 20;
const BENCH_SYMBOL = 'AAPL';

const STOCKS = (
  'AAPL MSFT NVDA AMZN META GOOGL TSLA AMD NFLX AVGO CRM ORCL ADBE INTC QCOM MU SHOP UBER ABNB COIN ' +
  'PLTR SNOW NET DDOG CRWD PANW ZS MDB SQ PYPL BA CAT DE GE F GM XOM CVX OXY SLB JPM BAC WFC GS MS ' +
  'C V MA AXP DIS NKE SBUX MCD KO PEP WMT COST TGT HD LOW SPY QQQ IWM'
).split(' ');
const FUTURE_ROOTS = ['ES', 'NQ', 'MES', 'MNQ', 'CL', 'GC'];
const OPTION_UNDERLYINGS = ['SPY', 'QQQ', 'AAPL', 'TSLA', 'NVDA'];

/** A small seeded generator (mulberry32): the same history on every run. */
function makeRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Instrument = {
  symbol: string;
  instrumentKey: string;
  assetClass: AssetClass;
  multiplier: string;
  price: number;
  step: number;
  maxQuantity: number;
  /** The time its last trade closed: trades of one instrument never overlap. */
  freeAt: number;
};

type SeedFill = Execution & { assetClass: AssetClass; fingerprint: string };

function toInstrument(symbol: string, hint: { assetClass?: AssetClass; referenceDate?: string }, price: number) {
  const parsed = parseInstrument(symbol, hint);
  if (isInstrumentError(parsed)) throw new Error(`bench: ${parsed.message}`);
  const isOption = parsed.assetClass === 'option';
  return {
    symbol: parsed.symbol,
    instrumentKey: toInstrumentKey(parsed),
    assetClass: parsed.assetClass,
    multiplier: parsed.multiplier.toString(),
    price,
    step: isOption ? 0.05 : parsed.assetClass === 'future' ? 0.25 : 0.01,
    maxQuantity: isOption ? 20 : parsed.assetClass === 'future' ? 5 : 500,
    freeAt: 0,
  } satisfies Instrument;
}

/**
 * A generated fill, held compactly until its instrument's trades are built: a million trades' fills
 * as full executions (decimals, ids, ISO times) outgrew the bench's 4 GB heap.
 */
type CompactFill = readonly [
  executedAtMs: number,
  side: 'buy' | 'sell',
  quantity: string,
  price: string,
  commission: string,
  fees: string,
  sequence: number,
];

/** One instrument's compact fills as the executions the grouping core takes. */
function toSeedFills(instrument: Instrument, fills: readonly CompactFill[], accountId: string): SeedFill[] {
  const multiplier = D(instrument.multiplier);
  return fills.map(([ms, side, quantity, price, commission, fees, sequence]) => ({
    symbol: instrument.symbol,
    instrumentKey: instrument.instrumentKey,
    assetClass: instrument.assetClass,
    multiplier,
    currency: 'USD',
    commission: D(commission),
    fees: D(fees),
    executedAt: new Date(ms).toISOString(),
    side,
    quantity: D(quantity),
    price: D(price),
    id: randomUUID(),
    accountId,
    sequence,
    fingerprint: randomUUID(),
  }));
}

/**
 * About four years of US-session day trading: ~100 trades a day over 60 tickers, quarterly futures
 * contracts and one-off option contracts; a third scale out in two fills, a tenth scale in; the
 * last few positions stay open.
 */
function generateCompactFills(tradeCount: number): {
  byKey: Map<string, CompactFill[]>;
  instruments: Map<string, Instrument>;
} {
  const random = makeRandom(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const byKey = new Map<string, CompactFill[]>();
  const instruments = new Map<string, Instrument>();
  const stocks = STOCKS.map((symbol) => toInstrument(symbol, { assetClass: 'stock' }, 20 + random() * 400));
  for (const stock of stocks) instruments.set(stock.instrumentKey, stock);
  let sequence = 0;
  const add = (instrument: Instrument, fill: Omit<SeedFill, 'id' | 'accountId' | 'sequence' | 'fingerprint'>) => {
    sequence += 1;
    const list = byKey.get(instrument.instrumentKey) ?? [];
    const { executedAt, side, quantity, price, commission, fees } = fill;
    list.push([
      Date.parse(executedAt),
      side,
      quantity.toString(),
      price.toString(),
      commission.toString(),
      fees.toString(),
      sequence,
    ]);
    byKey.set(instrument.instrumentKey, list);
  };
  const money = (value: number, step: number) => Math.max(step, Math.round(value / step) * step).toFixed(2);

  const day0 = Date.UTC(2021, 0, 4, 14, 30);
  const tradesPerDay = 100;
  const days = Math.ceil((tradeCount - OPEN_TRADES) / tradesPerDay);
  let made = 0;
  for (let d = 0, calendar = 0; d < days; calendar++) {
    const dayStart = day0 + calendar * 86_400_000;
    const weekday = new Date(dayStart).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    d++;
    const date = new Date(dayStart).toISOString();
    for (let n = 0; n < tradesPerDay && made < tradeCount - OPEN_TRADES; n++, made++) {
      const roll = random();
      let instrument: Instrument;
      if (roll < 0.85) instrument = pick(stocks);
      else if (roll < 0.95) {
        const month = 'HMUZ'[Math.floor((new Date(dayStart).getUTCMonth() + 1) / 3) % 4]!;
        const symbol = `${pick(FUTURE_ROOTS)}${month}${date.slice(2, 4)}`;
        const parsed = toInstrument(symbol, { assetClass: 'future', referenceDate: date }, 100 + random() * 5000);
        instrument = instruments.get(parsed.instrumentKey) ?? parsed;
        instruments.set(instrument.instrumentKey, instrument);
      } else {
        const expiry = new Date(dayStart + (4 - weekday + 7) * 86_400_000).toISOString().slice(2, 10).replace(/-/g, '');
        const strike = String(Math.round(100 + random() * 400) * 1000).padStart(8, '0');
        const occ = `${pick(OPTION_UNDERLYINGS).padEnd(6, ' ')}${expiry}${random() < 0.5 ? 'C' : 'P'}${strike}`;
        instrument = toInstrument(occ, { assetClass: 'option' }, 0.5 + random() * 10);
        if (instruments.has(instrument.instrumentKey)) instrument = instruments.get(instrument.instrumentKey)!;
        instruments.set(instrument.instrumentKey, instrument);
      }
      const start = Math.max(dayStart + Math.floor(random() * 360) * 60_000, instrument.freeAt + 60_000);
      const isLong = random() < 0.6;
      const quantity = 1 + Math.floor(random() * instrument.maxQuantity);
      instrument.price = Math.max(instrument.step * 10, instrument.price * (1 + (random() - 0.5) * 0.02));
      const entry = instrument.price;
      const exit = entry * (1 + (random() - 0.48) * 0.02 * (isLong ? 1 : -1));
      const common = {
        symbol: instrument.symbol,
        instrumentKey: instrument.instrumentKey,
        assetClass: instrument.assetClass,
        multiplier: D(instrument.multiplier),
        currency: 'USD',
        commission: D(random() < 0.5 ? '0' : '1'),
        fees: D(random() < 0.7 ? '0' : '0.02'),
      };
      const at = (ms: number) => new Date(ms).toISOString();
      const scaleIn = random() < 0.1 && quantity > 1 ? Math.floor(quantity / 2) : 0;
      const entrySide = isLong ? 'buy' : 'sell';
      const exitSide = isLong ? 'sell' : 'buy';
      add(instrument, {
        ...common,
        executedAt: at(start),
        side: entrySide,
        quantity: D(quantity - scaleIn),
        price: D(money(entry, instrument.step)),
      });
      if (scaleIn > 0)
        add(instrument, {
          ...common,
          executedAt: at(start + 60_000),
          side: entrySide,
          quantity: D(scaleIn),
          price: D(money(entry * 1.001, instrument.step)),
        });
      const end = start + (2 + Math.floor(random() * 120)) * 60_000;
      const split = random() < 0.33 && quantity > 1 ? Math.floor(quantity / 3) : 0;
      if (split > 0)
        add(instrument, {
          ...common,
          executedAt: at(end - 60_000),
          side: exitSide,
          quantity: D(split),
          price: D(money(exit, instrument.step)),
        });
      add(instrument, {
        ...common,
        executedAt: at(end),
        side: exitSide,
        quantity: D(quantity - split),
        price: D(money(exit, instrument.step)),
      });
      instrument.freeAt = end;
    }
  }
  // Positions still open at the end, never on the ticker the regroup timing adds fills to.
  const end = Math.max(...[...instruments.values()].map((i) => i.freeAt)) + 3_600_000;
  for (const instrument of stocks.filter((s) => s.symbol !== BENCH_SYMBOL).slice(0, OPEN_TRADES)) {
    add(instrument, {
      symbol: instrument.symbol,
      instrumentKey: instrument.instrumentKey,
      assetClass: instrument.assetClass,
      multiplier: D(instrument.multiplier),
      currency: 'USD',
      commission: D('1'),
      fees: D('0'),
      executedAt: new Date(end).toISOString(),
      side: 'buy',
      quantity: D(100),
      price: D(money(instrument.price, instrument.step)),
    });
  }
  return { byKey, instruments };
}

/** Rows built as arrays in column order, written with the app's own bulk insert. */
function insertRows(
  db: Db,
  table: PgTable,
  columns: readonly (readonly [name: string, type: BulkColumnType])[],
  rows: readonly (readonly unknown[])[],
): Promise<unknown> {
  return insertNewRows(db, {
    table,
    columns: columns.map(([name, type], i) => ({
      name,
      type,
      value: (row: readonly unknown[]) => row[i] as string | number | Date | null,
    })),
    rows,
  });
}

const EXECUTION_COLUMNS = [
  ['id', 'uuid'],
  ['user_id', 'uuid'],
  ['account_id', 'uuid'],
  ['executed_at', 'timestamptz'],
  ['symbol', 'text'],
  ['instrument_key', 'text'],
  ['asset_class', 'text'],
  ['side', 'text'],
  ['quantity', 'numeric'],
  ['price', 'numeric'],
  ['commission', 'numeric'],
  ['fees', 'numeric'],
  ['multiplier', 'numeric'],
  ['currency', 'text'],
  ['fingerprint', 'uuid'],
  ['sequence', 'bigint'],
] as const;

/** Groups each instrument's fills with the same core and row builder the API uses, and bulk-inserts them. */
export async function seedTrades(
  outer: Db,
  params: { userId: string; accountId: string; tradeCount?: number },
): Promise<number> {
  return outer.transaction(async (db) => {
    const { userId, accountId } = params;
    const indexes = await dropSecondaryIndexes(db);
    const generated = generateCompactFills(params.tradeCount ?? DEFAULT_TRADE_COUNT);
    const now = new Date();
    const random = makeRandom(7);
    let executionRows: unknown[][] = [];
    let tradeRows: TradeInsert[] = [];
    let partRows: TradeExecutionInsert[] = [];
    let journalRows: (typeof tradeJournals.$inferInsert)[] = [];
    let count = 0;
    const flush = async () => {
      await insertRows(db, executions, EXECUTION_COLUMNS, executionRows);
      await insertTradeRows(db, { trades: tradeRows, parts: partRows });
      for (let i = 0; i < journalRows.length; i += 5_000)
        await db.insert(tradeJournals).values(journalRows.slice(i, i + 5_000));
      executionRows = [];
      tradeRows = [];
      partRows = [];
      journalRows = [];
    };
    for (const [key, compact] of generated.byKey) {
      const fills = toSeedFills(generated.instruments.get(key)!, compact, accountId);
      generated.byKey.delete(key); // its fills are built: the compact ones can go
      for (const f of fills) {
        executionRows.push([
          f.id,
          userId,
          accountId,
          f.executedAt,
          f.symbol,
          f.instrumentKey,
          f.assetClass,
          f.side,
          f.quantity.toString(),
          f.price.toString(),
          f.commission.toString(),
          f.fees.toString(),
          f.multiplier.toString(),
          f.currency,
          f.fingerprint,
          f.sequence,
        ]);
      }
      const assetClass = fills[0]!.assetClass;
      for (const trade of groupTrades(fills)) {
        // A third of the trades have a stop 1% away, so R is known for them.
        const entry = trade.avgEntryPrice.toNumber();
        const stop = random() < 0.3 ? (trade.direction === 'long' ? entry * 0.99 : entry * 1.01).toFixed(2) : null;
        const journal = { ...EMPTY_JOURNAL, stopPrice: stop };
        const built = buildTradeRows({
          trade,
          userId,
          assetClass,
          journal,
          defaultRiskAmount: null,
          accountCurrency: 'USD',
          id: randomUUID(),
          createdAt: now,
          now,
        });
        tradeRows.push(built.trade);
        for (const part of built.parts) partRows.push(part);
        if (stop !== null) journalRows.push({ ...journal, openingExecutionId: trade.openingExecutionId, userId });
        count += 1;
      }
      if (tradeRows.length >= TRADES_PER_FLUSH) await flush();
    }
    await flush();
    for (const { definition } of indexes) await db.execute(sql.raw(definition));
    return count;
  });
}

const BULK_TABLES = ['executions', 'trades', 'trade_executions'];

/**
 * Drops the bulk-loaded tables' indexes that no constraint owns (primary keys stay) and answers
 * their definitions, to create them again after the load: one sort per index instead of a
 * b-tree insert per row and index.
 */
async function dropSecondaryIndexes(db: Db): Promise<{ name: string; definition: string }[]> {
  const result = await db.execute(sql`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = any(${sql.param(BULK_TABLES)}::text[])
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
  // Both drivers answer a raw statement as { rows }; the select list is this shape.
  const indexes = (result as unknown as { rows: { name: string; definition: string }[] }).rows;
  for (const { name } of indexes) await db.execute(sql`drop index ${sql.identifier(name)}`);
  return indexes;
}

async function measure(run: () => Promise<void>): Promise<{ median: number; p90: number; min: number }> {
  for (let i = 0; i < WARMUPS; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { median: (at(0.5) + at(0.49)) / 2, p90: at(0.9), min: times[0]! };
}

/** One timed request: median, 90th percentile and minimum, in milliseconds. */
export type Timing = { label: string; median: number; p90: number; min: number };

export type TradesApiBenchResult = {
  engine: 'pglite' | 'postgres';
  tradeCount: number;
  seedSeconds: number;
  timings: Timing[];
  export: {
    seconds: number;
    megabytes: number;
    rows: number;
    /** The event loop's longest stall while the export streamed (what other requests wait at most). */
    maxEventLoopStallMs: number;
    /** A first-page list request sent while the export streams. */
    concurrentListMs: number;
  };
};

/** Requests that must stay well under 50 ms at 100,000 trades, on both engines. */
const BUDGET_MS = 50;
const FIRST_PAGE = '`GET /api/trades?limit=100` (closedAt desc, first page)';
const SYMBOL_PAGE = `\`GET /api/trades?symbol=${BENCH_SYMBOL}&limit=100\``;
const BUDGETED = [FIRST_PAGE, SYMBOL_PAGE];

/**
 * Seeds 100,000 trades for one user, then times (median of 20 after 3 warm-ups) real HTTP requests
 * authenticated with an API token, and one full CSV export.
 */
export async function benchTradesApi(params: TradesApiBenchParams): Promise<TradesApiBenchResult> {
  const database = await openThrowawayDatabase({ ...params, prefix: 'edgebook_bench' });
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '3000',
    DATABASE_URL: params.databaseUrl ?? '',
    API_TOKEN_RATE_LIMIT: '1000000000', // the bench measures the API, not its limit
  });
  const app = await buildApp({ config, database, distDir: null });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const { db } = database;
    const user = await createUser(db, {
      email: 'bench@example.com',
      password: 'bench-password',
      isVerified: true,
      now: new Date(),
    });
    const account = await insertAccount(db, { userId: user.id, values: { name: 'Bench' } });
    const { token } = await createApiToken(db, {
      userId: user.id,
      name: 'bench',
      scopes: ['trades:read'],
      now: new Date(),
    });
    const seedStart = performance.now();
    const count = await seedTrades(db, { userId: user.id, accountId: account.id, tradeCount: params.tradeCount });
    // The statistics autovacuum gathers on a server after a bulk load (PGlite has no autovacuum).
    await db.execute(sql`analyze`);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const headers = { authorization: `Bearer ${token}` };
    const get = async (path: string) => {
      const res = await fetch(`${baseUrl}${path}`, { headers });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as TradeListJson;
    };
    const firstPage = await get('/api/trades?limit=100');
    if (firstPage.trades.length !== 100 || !firstPage.nextCursor) throw new Error('bench: the first page is not full');

    // After the generated trades (100 a weekday from 2021: 100,000 end in 2024), and a time the
    // input policy takes (at most a year ahead): the start of the current year.
    let minute = Date.UTC(new Date().getUTCFullYear(), 0, 1, 15, 0);
    let side: 'buy' | 'sell' = 'buy';
    const addOne = async () => {
      const res = await fetch(`${baseUrl}/api/executions`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          accountId: account.id,
          executions: [
            { executedAt: new Date(minute).toISOString(), symbol: BENCH_SYMBOL, side, quantity: '10', price: '190.5' },
          ],
        }),
      });
      if (res.status !== 200) throw new Error(`POST /api/executions: ${res.status} ${await res.text()}`);
      await res.json();
      minute += 60_000;
      side = side === 'buy' ? 'sell' : 'buy';
    };
    const aaplTrades = (await get(`/api/trades?symbol=${BENCH_SYMBOL}&limit=500`)).trades.length;

    const cases: [string, () => Promise<unknown>][] = [
      [FIRST_PAGE, () => get('/api/trades?limit=100')],
      [SYMBOL_PAGE, () => get(`/api/trades?symbol=${BENCH_SYMBOL}&limit=100`)],
      [
        '`GET /api/trades?limit=100&cursor=…` (second page)',
        () => get(`/api/trades?limit=100&cursor=${firstPage.nextCursor}`),
      ],
      [
        '`GET /api/trades?from=2022-03-01&to=2022-03-31` (a month, user timezone)',
        () => get('/api/trades?from=2022-03-01&to=2022-03-31&limit=100'),
      ],
    ];
    for (const sort of TRADE_SORT_COLUMNS) {
      for (const order of ['desc', 'asc'] as const) {
        const path = `/api/trades?limit=100&sort=${sort}&order=${order}`;
        cases.push([`\`sort=${sort}&order=${order}\`, first page`, () => get(path)]);
      }
      // A page 50 pages deep: the keyset cursor must walk the index, not count rows.
      let deep = await get(`/api/trades?limit=500&sort=${sort}&order=desc`);
      for (let i = 0; i < 9 && deep.nextCursor; i++)
        deep = await get(`/api/trades?limit=500&sort=${sort}&order=desc&cursor=${deep.nextCursor}`);
      const cursor = deep.nextCursor;
      if (cursor)
        cases.push([
          `\`sort=${sort}&order=desc\`, a page 5,000 trades deep`,
          () => get(`/api/trades?limit=100&sort=${sort}&order=desc&cursor=${cursor}`),
        ]);
    }
    // A sort without an index reads its order once per filter and change of the user's trades, and
    // answers the pages above from it: this is that first read, with a filter new each time (a
    // start date before every trade, so the same trades).
    let day = 0;
    for (const sort of ['symbol', 'netPnl', 'rMultiple'] as const) {
      cases.push([
        `\`sort=${sort}&order=desc\`, first page, its order read (a new filter or a change to the trades)`,
        () => {
          day += 1;
          const from = new Date(Date.UTC(2000, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
          return get(`/api/trades?limit=100&sort=${sort}&order=desc&from=${from}`);
        },
      ]);
    }
    cases.push([
      `\`POST /api/executions\`: 1 fill to ${BENCH_SYMBOL} (${aaplTrades >= 500 ? '500+' : aaplTrades} trades), regrouped`,
      addOne,
    ]);
    const timings: Timing[] = [];
    for (const [label, run] of cases) {
      timings.push({
        label,
        ...(await measure(async () => {
          await run();
        })),
      });
    }
    return {
      engine: params.engine,
      tradeCount: count,
      seedSeconds,
      timings,
      export: await measureExport(baseUrl, headers),
    };
  } finally {
    await app.close();
    await database.close();
  }
}

/** One full CSV export over HTTP, with a list request sent while it streams. */
async function measureExport(
  baseUrl: string,
  headers: Record<string, string>,
): Promise<TradesApiBenchResult['export']> {
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const start = performance.now();
  const res = await fetch(`${baseUrl}/api/trades/export.csv`, { headers });
  if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status}`);
  let concurrentListMs = Number.NaN;
  const concurrent = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const listStart = performance.now();
    const list = await fetch(`${baseUrl}/api/trades?limit=100`, { headers });
    await list.arrayBuffer();
    concurrentListMs = performance.now() - listStart;
  })();
  let bytes = 0;
  let rows = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) rows += 1;
  }
  const seconds = (performance.now() - start) / 1000;
  await concurrent;
  stalls.disable();
  return {
    seconds,
    megabytes: bytes / 1e6,
    rows: rows - 1, // the header line
    maxEventLoopStallMs: stalls.max / 1e6,
    concurrentListMs,
  };
}

const ms = (value: number) => value.toFixed(1);

/** The `## Trades API` section of BENCHMARKS.md from one run per engine. */
export function renderTradesApiSection(params: {
  pglite: TradesApiBenchResult;
  postgres: TradesApiBenchResult | null;
  intro: string;
}): { markdown: string; isWithinBudget: boolean } {
  const { pglite, postgres } = params;
  const engines = postgres ? [pglite, postgres] : [pglite];
  const cell = (result: TradesApiBenchResult, label: string) => {
    const timing = result.timings.find((t) => t.label === label);
    return timing ? `${ms(timing.median)} (${ms(timing.p90)})` : '';
  };
  const rows = pglite.timings.map(
    (t) => `| ${t.label} | ${engines.map((result) => cell(result, t.label)).join(' | ')} |`,
  );
  const misses = engines.flatMap((result) =>
    BUDGETED.flatMap((label) => {
      const timing = result.timings.find((t) => t.label === label);
      return timing && timing.median >= BUDGET_MS ? [`${result.engine}: ${label} ${ms(timing.median)} ms`] : [];
    }),
  );
  const header = `| Request | ${engines.map((r) => (r.engine === 'pglite' ? 'PGlite' : 'PostgreSQL')).join(' | ')} |`;
  const rule = `| --- | ${engines.map(() => '---:').join(' | ')} |`;
  const exportRows = [
    ['Full CSV export over HTTP (s)', (r: TradesApiBenchResult) => r.export.seconds.toFixed(1)],
    [
      '… rows (fills) and size',
      (r: TradesApiBenchResult) => `${r.export.rows.toLocaleString('en-US')}, ${r.export.megabytes.toFixed(1)} MB`,
    ],
    ['… longest event-loop stall while it streams (ms)', (r: TradesApiBenchResult) => ms(r.export.maxEventLoopStallMs)],
    ['… a first-page list request sent meanwhile (ms)', (r: TradesApiBenchResult) => ms(r.export.concurrentListMs)],
    ['Seeding the trades by bulk load, ANALYZE included (s)', (r: TradesApiBenchResult) => r.seedSeconds.toFixed(1)],
  ] as const;
  const markdown = `## Trades API at ${pglite.tradeCount.toLocaleString('en-US')} trades (one user)

${params.intro}

Real HTTP against the real app with an API token; median (p90) of 20 requests after 3 warm-ups,
milliseconds. ${postgres ? 'PGlite in memory and PostgreSQL 15 on loopback (a fresh database).' : 'PGlite in memory only (add `--postgres` for PostgreSQL).'}
Sorted by close or open time a page is a keyset range scan of a \`(user_id, column, id)\` index at
any depth; sorted by any other column, a slice of the trades' order read once per filter and change
of the user's trades and kept in memory (the warm-ups read it; the "order read" rows time that
read). ANALYZE runs after the bulk load. Budget: the first page and the symbol
filter well under ${BUDGET_MS} ms on both engines — ${misses.length === 0 ? '**met**' : `**MISSED**: ${misses.join('; ')}`}.

${header}
${rule}
${rows.join('\n')}

The export streams one keyset batch of 500 trades at a time (one query each) and yields to
the event loop between batches.

${header}
${rule}
${exportRows.map(([label, value]) => `| ${label} | ${engines.map(value).join(' | ')} |`).join('\n')}
`;
  return { markdown, isWithinBudget: misses.length === 0 };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.env.DATABASE_URL;
  const pglite = await benchTradesApi({ engine: 'pglite' });
  const postgres = url ? await benchTradesApi({ engine: 'postgres', databaseUrl: url }) : null;
  console.log(renderTradesApiSection({ pglite, postgres, intro: '' }).markdown);
}
