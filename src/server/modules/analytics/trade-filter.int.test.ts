import { and, asc, eq, isNotNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuleJson } from '../../../contracts/playbook';
import type { AccountJson, ExecutionInput, StrategyJson, TagJson } from '../../../contracts/trades';
import {
  canSelectInMemory,
  IN_MEMORY_FIELD_IDS,
  resolveTradeFilter,
  selectTradeRows,
  SQL_ONLY_FIELD_IDS,
  TRADE_FIELDS,
  tradeFilterSchema,
  type FieldDef,
  type FieldRef,
  type TradeFilter,
} from '../../../core/query';
import { executions, journalDays, ruleChecks, screenshots, tradeJournals, trades, tradeTags } from '../../db/schema';
import { TRADE_FIELD_SQL, toTradeFilterSql } from '../../db/trade-filter-sql';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { loadTradeFacts } from './analytics.queries';

/**
 * The query model's two compilers agree: for random filters over random trades, the SQL
 * conditions (as the analytics queries and the trade list state them) and the predicate over the
 * analytics cache's columns select the same closed trades, on this engine (PGlite, or PostgreSQL
 * with DATABASE_URL). The filters are drawn from the registry itself, so a new field is covered
 * the moment it is listed.
 */
const PASSWORD = 'long-enough-password';
const FOREIGN_ID = '00000000-0000-4000-8000-000000000000';
const SYMBOLS = ['AAPL', 'MSFT', 'ESZ4', 'BTC-USD', 'SPY 241115P00580000', 'SPXW 240315C05100000'];
const MISTAKES = ['FOMO', 'Late exit', 'Oversized'];
const EMOTIONS = ['Calm', 'Greedy', 'Fearful'];
const BANDS = [{}, { stock: '5', option: '40', future: '12.5', crypto: '0.5' }];
const TIME_ZONES = ['UTC', 'America/New_York', 'Asia/Tokyo', 'Pacific/Chatham'];
const START = Date.UTC(2024, 2, 1, 13);
const DAY = 86_400_000;
const SPAN_DAYS = 20;

let t: TestApp;
let c: TestClient;
let userId: string;
const refs: Record<FieldRef, string[]> = {
  accounts: [],
  strategies: [],
  tags: [],
  // Import batches are ids on the fills (no foreign key): the drawn trades carry these.
  imports: ['5d1c7a52-3f0e-4a51-9a41-1d7d2d1b0c01', '5d1c7a52-3f0e-4a51-9a41-1d7d2d1b0c02'],
  // Two rules of each strategy (filled in beforeAll): rules[2k], rules[2k + 1] are strategy k's.
  rules: [],
};

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  userId = (
    await createUser(t.database.db, {
      email: 'query@example.com',
      password: PASSWORD,
      isVerified: true,
      now: new Date(),
    })
  ).id;
  c = new TestClient(t.url(''));
  await c.login('query@example.com', PASSWORD);
  for (const [name, broker] of [
    ['Main', 'IBKR'],
    ['Futures', 'Tradovate'],
  ])
    refs.accounts.push((await c.json<AccountJson>(c.post('/api/accounts', { name, broker }))).id);
  for (const name of ['Breakout', 'Fade'])
    refs.strategies.push((await c.json<StrategyJson>(c.post('/api/strategies', { name }))).id);
  for (const strategyId of refs.strategies)
    for (const text of ['Trend up on the hour', 'Stop under the range'])
      refs.rules.push(
        (await c.json<RuleJson>(c.post(`/api/strategies/${strategyId}/rules`, { phase: 'entry', text }))).id,
      );
  for (const name of ['A+', 'Late', 'News']) refs.tags.push((await c.json<TagJson>(c.post('/api/tags', { name }))).id);
}, 240_000);
afterAll(() => t.close());

/** One round trip (or an open position): when, what, and its journal. */
const tradeArbitrary = fc.record({
  account: fc.nat(1),
  symbol: fc.constantFrom(...SYMBOLS),
  isShort: fc.boolean(),
  openAt: fc.integer({ min: 0, max: SPAN_DAYS * 24 * 60 }).map((minutes) => START + minutes * 60_000),
  holdMinutes: fc.integer({ min: 1, max: 3 * 24 * 60 }),
  isOpen: fc.integer({ min: 0, max: 99 }).map((n) => n < 15),
  quantity: fc.integer({ min: 2, max: 5 }),
  isScaledIn: fc.boolean(),
  isScaledOut: fc.boolean(),
  entryCents: fc.integer({ min: 1_000, max: 20_000 }),
  moveCents: fc.oneof(fc.constant(0), fc.integer({ min: -900, max: 2_000 })),
  fees: fc.option(
    fc.integer({ min: 1, max: 300 }).map((cents) => (cents / 100).toFixed(2)),
    { nil: undefined },
  ),
  strategy: fc.option(fc.nat(1), { nil: null }),
  tags: fc.uniqueArray(fc.nat(2), { maxLength: 3 }),
  hasNotes: fc.boolean(),
  r: fc.option(
    fc.integer({ min: -400, max: 400 }).map((hundredths) => (hundredths / 100).toFixed(2)),
    { nil: null },
  ),
  currency: fc.constantFrom('USD', 'USD', 'EUR'),
  /** Stop and target as cents from the entry (stop below, target above), or none. */
  stopCents: fc.option(fc.integer({ min: 0, max: 1_000 }), { nil: null }),
  targetCents: fc.option(fc.integer({ min: 0, max: 3_000 }), { nil: null }),
  rating: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  mistakes: fc.uniqueArray(fc.constantFrom(...MISTAKES), { maxLength: 2 }),
  emotions: fc.uniqueArray(fc.constantFrom(...EMOTIONS), { maxLength: 2 }),
  hasScreenshot: fc.boolean(),
  importBatch: fc.option(fc.nat(1), { nil: null }),
  /** The open day (of START's) has a plan in the daily journal. */
  isPlanDay: fc.boolean(),
  /** Answers to its strategy's two rules (none for null), and one to the other strategy's first rule. */
  ruleStates: fc.tuple(...[0, 1].map(() => fc.constantFrom('followed', 'broken', 'na', null))),
  otherStrategyState: fc.constantFrom('followed', 'broken', null),
});

type DrawnTrade = typeof tradeArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** The fills of the trades: each symbol and account traded one position at a time, in time order. */
function toFills(list: DrawnTrade[]): Map<number, ExecutionInput[]> {
  const byAccount = new Map<number, ExecutionInput[]>();
  const busyUntil = new Map<string, number>();
  for (const trade of [...list].sort((a, b) => a.openAt - b.openAt)) {
    const key = `${trade.account}|${trade.symbol}`;
    if ((busyUntil.get(key) ?? -Infinity) >= trade.openAt) continue;
    const closeAt = trade.openAt + trade.holdMinutes * 60_000;
    busyUntil.set(key, trade.isOpen ? Infinity : closeAt);
    const entry = trade.entryCents / 100;
    const exit = (trade.entryCents + trade.moveCents) / 100;
    const fills = byAccount.get(trade.account) ?? [];
    const base = {
      symbol: trade.symbol,
      quantity: String(trade.quantity),
      ...(trade.fees ? { fees: trade.fees } : {}),
    };
    // A scaled entry or exit: the quantity in two fills a minute apart (within the holding time).
    const half = Math.floor(trade.quantity / 2);
    const entries = trade.isScaledIn ? [half, trade.quantity - half] : [trade.quantity];
    const exits = trade.isScaledOut ? [half, trade.quantity - half] : [trade.quantity];
    entries.forEach((quantity, k) =>
      fills.push({
        ...base,
        quantity: String(quantity),
        executedAt: new Date(trade.openAt + k * 20_000).toISOString(),
        side: trade.isShort ? 'sell' : 'buy',
        price: entry.toFixed(2),
      }),
    );
    if (!trade.isOpen) {
      exits.forEach((quantity, k) =>
        fills.push({
          ...base,
          quantity: String(quantity),
          executedAt: new Date(closeAt + k * 20_000).toISOString(),
          side: trade.isShort ? 'buy' : 'sell',
          price: exit.toFixed(2),
        }),
      );
    }
    byAccount.set(trade.account, fills);
  }
  return byAccount;
}

/** Replaces the user's trades with these, and gives them the drawn journals straight in the rows. */
async function storeJournal(list: DrawnTrade[]): Promise<void> {
  const { db } = t.database;
  await db.delete(executions).where(eq(executions.userId, userId));
  for (const [account, fills] of toFills(list)) {
    const res = await c.post('/api/executions', { accountId: refs.accounts[account]!, executions: fills });
    expect(res.status, await res.clone().text()).toBe(200);
  }
  await db.delete(journalDays).where(eq(journalDays.userId, userId));
  const rows = await db
    .select({
      id: trades.id,
      opener: trades.openingExecutionId,
      openedAt: trades.openedAt,
      entry: trades.avgEntryPrice,
    })
    .from(trades)
    .where(eq(trades.userId, userId))
    .orderBy(asc(trades.openedAt), asc(trades.id));
  const planDays = new Set<string>();
  for (const [i, row] of rows.entries()) {
    const journal = list[i % list.length]!;
    await db
      .update(trades)
      .set({
        strategyId: journal.strategy === null ? null : refs.strategies[journal.strategy]!,
        rMultiple: journal.r,
        initialRisk: journal.r === null ? null : (journal.quantity * 2.5).toFixed(2),
        hasNotes: journal.hasNotes,
        currency: journal.currency,
      })
      .where(eq(trades.id, row.id));
    const entry = Number(row.entry);
    await db.insert(tradeJournals).values({
      openingExecutionId: row.opener,
      userId,
      stopPrice: journal.stopCents === null ? null : Math.max(0, entry - journal.stopCents / 100).toFixed(2),
      targetPrice: journal.targetCents === null ? null : (entry + journal.targetCents / 100).toFixed(2),
      rating: journal.rating,
      mistakes: journal.mistakes,
      emotions: journal.emotions,
    });
    if (journal.hasScreenshot) {
      await db.insert(screenshots).values({
        userId,
        openingExecutionId: row.opener,
        storageKey: `test/${row.id}.png`,
        mimeType: 'image/png',
        byteSize: 1,
      });
    }
    if (journal.importBatch !== null) {
      await db
        .update(executions)
        .set({ importId: refs.imports[journal.importBatch]! })
        .where(eq(executions.id, row.opener));
    }
    // Days in New York and in UTC alike (the drawn zones read the open's day differently).
    if (journal.isPlanDay) planDays.add(row.openedAt.toISOString().slice(0, 10));
  }
  await db.delete(ruleChecks).where(eq(ruleChecks.userId, userId));
  for (const [i, row] of rows.entries()) {
    const journal = list[i % list.length]!;
    if (journal.strategy === null) continue;
    const answers = journal.ruleStates.flatMap((state, k) =>
      state === null ? [] : [{ ruleId: refs.rules[journal.strategy! * 2 + k]!, state }],
    );
    if (journal.otherStrategyState !== null)
      answers.push({ ruleId: refs.rules[(1 - journal.strategy) * 2]!, state: journal.otherStrategyState });
    if (answers.length > 0)
      await db
        .insert(ruleChecks)
        .values(answers.map((answer) => ({ ...answer, openingExecutionId: row.opener, userId })));
  }
  for (const day of planDays) await db.insert(journalDays).values({ userId, day, plan: 'Only A+ setups' });
  for (const [i, row] of rows.entries()) {
    const journal = list[i % list.length]!;
    if (journal.tags.length > 0) {
      await db
        .insert(tradeTags)
        .values(journal.tags.map((tag) => ({ openingExecutionId: row.opener, tagId: refs.tags[tag]! })));
    }
  }
}

/** A day or an instant within (and a little around) the trades' span. */
const dayArbitrary = fc.oneof(
  fc.integer({ min: -1, max: SPAN_DAYS + 4 }).map((day) => new Date(START + day * DAY).toISOString().slice(0, 10)),
  fc.integer({ min: -DAY, max: (SPAN_DAYS + 4) * DAY }).map((ms) => new Date(START + ms).toISOString()),
);

/** Sorted ends of a range, one of them possibly left out. */
function rangeOf<T extends string | number>(bound: fc.Arbitrary<number>, toValue: (n: number) => T) {
  return fc
    .tuple(fc.option(bound, { nil: undefined }), fc.option(bound, { nil: undefined }))
    .filter(([a, b]) => a !== undefined || b !== undefined)
    .map(([a, b]) => {
      const [min, max] = a !== undefined && b !== undefined && a > b ? [b, a] : [a, b];
      return {
        ...(min === undefined ? {} : { min: toValue(min) }),
        ...(max === undefined ? {} : { max: toValue(max) }),
      };
    });
}

/** Hundredths from −max to max of each decimal field: its values and their exact edges. */
const DECIMAL_SCALE: Record<string, { min: number; max: number }> = {
  positionValue: { min: 0, max: 200_000_00 },
  entryPrice: { min: 0, max: 250_00 },
  exitPrice: { min: 0, max: 250_00 },
  strike: { min: 100_00, max: 6_000_00 },
  feesPctOfGross: { min: 0, max: 200_00 },
  returnPct: { min: -100_00, max: 100_00 },
  stopDistancePct: { min: 0, max: 20_00 },
  plannedRewardRisk: { min: 0, max: 6_00 },
  initialRisk: { min: 0, max: 15_00 },
  fees: { min: 0, max: 10_00 },
  ruleAdherencePct: { min: 0, max: 100_00 },
};
const NUMBER_SCALE: Record<string, { min: number; max: number }> = {
  holdingSeconds: { min: 0, max: 3 * 24 * 3_600 },
  dteAtEntry: { min: -400, max: 400 },
  executionCount: { min: 1, max: 4 },
  nthTradeOfDay: { min: 1, max: 4 },
  lossesInARowBefore: { min: 0, max: 3 },
  minutesSincePrevious: { min: 0, max: 2 * 24 * 60 },
  rating: { min: 1, max: 5 },
};
const TEXTS: Record<string, readonly string[]> = {
  underlyings: ['AAPL', 'spy', 'SPX', 'ES', 'btc', 'NOPE'],
  futuresRoots: ['ES', 'mes', 'NOPE'],
  currencies: ['USD', 'eur', 'JPY'],
  brokers: ['IBKR', 'tradovate', 'Schwab'],
  mistakes: [...MISTAKES, 'fomo', 'Nope'],
  emotions: [...EMOTIONS, 'calm', 'Nope'],
};
const YEARS = { min: 2023, max: 2025 };

/** Values of a field, by its type: drawn from what the trades hold, and some that match nothing. */
function valueArbitrary(field: FieldDef): fc.Arbitrary<unknown> {
  const list = <T>(items: readonly T[]) => fc.uniqueArray(fc.constantFrom(...items), { minLength: 1, maxLength: 3 });
  switch (field.type) {
    case 'dayFrom':
    case 'dayTo':
      return dayArbitrary;
    case 'date':
      // Expiries: around the options' (2024-03-15, 2024-11-15).
      return fc.integer({ min: -30, max: 300 }).map((day) => new Date(START + day * DAY).toISOString().slice(0, 10));
    case 'symbolList':
      return list([...SYMBOLS, 'aapl', 'NOPE']);
    case 'text':
      // Prefixes of the symbols (any case), a whole one, LIKE's wildcards and one that matches nothing.
      return fc.constantFrom(...SYMBOLS).chain((symbol) =>
        fc.oneof(
          fc.integer({ min: 1, max: symbol.length }).map((n) => symbol.slice(0, n)),
          fc.constant(symbol.toLowerCase()),
          fc.constantFrom('%', '_', 'A%', 'NOPE'),
        ),
      );
    case 'textList':
      return list(TEXTS[field.id]!);
    case 'intList': {
      const bounds = field.id === 'years' ? YEARS : { min: field.minimum!, max: field.maximum! };
      const any = fc.uniqueArray(fc.integer(bounds), { minLength: 1, maxLength: 4 });
      // The trades all close in March (2024): its month often, or months would only select nothing.
      return field.id === 'months' ? fc.oneof(any, fc.constantFrom([3], [2, 3], [3, 4])) : any;
    }
    case 'idList':
      // Often a single id the trades hold: two or three tags (or a foreign id) seldom all sit on one
      // trade, and "has all of these tags" must select some trades for the coverage check below.
      return fc.oneof(
        list([...refs[field.ref!], FOREIGN_ID]),
        fc.constantFrom(...refs[field.ref!]).map((id) => [id]),
      );
    case 'enum':
      return fc.constantFrom(...field.values!.map(([value]) => value));
    case 'enumList':
      return list(field.values!.map(([value]) => value));
    case 'decimalRange': {
      // Hundredths from −40 to 40 by default: P&L, R and quantity values and their exact edges.
      const scale = DECIMAL_SCALE[field.id] ?? { min: -4_000, max: 4_000 };
      return rangeOf(fc.integer(scale), (n) => (n / 100).toFixed(2));
    }
    case 'numberRange':
      return rangeOf(fc.integer(NUMBER_SCALE[field.id] ?? { min: 0, max: 100 }), (n) => n);
    case 'boolean':
      return fc.boolean();
  }
}

/** A filter of one or two fields of the registry, the time zone its days are read in and a breakeven band. */
const filterArbitrary = fc
  .uniqueArray(fc.constantFrom(...(TRADE_FIELDS as readonly FieldDef[])), { minLength: 1, maxLength: 2 })
  .chain((fields) =>
    fc.record({
      filter: fc.record(Object.fromEntries(fields.map((field) => [field.id, valueArbitrary(field)]))),
      timeZone: fc.constantFrom(...TIME_ZONES),
      breakeven: fc.constantFrom(...BANDS),
    }),
  );

/** One filter of each field of the registry alone (built once the references exist). */
const singleFieldFilters = () =>
  fc.tuple(
    ...(TRADE_FIELDS as readonly FieldDef[]).map((field) =>
      fc.record({
        filter: fc.record({ [field.id]: valueArbitrary(field) }),
        timeZone: fc.constantFrom(...TIME_ZONES),
        breakeven: fc.constantFrom(...BANDS),
      }),
    ),
  );

/** The user's closed trades matching the SQL conditions, as ids, in (closedAt, id) order. */
async function selectClosedIds(conditions: ReturnType<typeof toTradeFilterSql>): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: trades.id })
    .from(trades)
    .where(and(eq(trades.userId, userId), eq(trades.status, 'closed'), isNotNull(trades.closedAt), ...conditions))
    .orderBy(asc(trades.closedAt), asc(trades.id));
  return rows.map((row) => row.id);
}

describe('the trade filter compiled to SQL and to the cache predicate', () => {
  it('has a SQL mapping for every field of the registry', () => {
    expect(Object.keys(TRADE_FIELD_SQL).sort()).toEqual(TRADE_FIELDS.map((field) => field.id).sort());
  });

  it('selects the same trade ids in SQL and in memory for random filters over random trades', async () => {
    const hits = new Map<string, number>();
    const sqlHits = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(tradeArbitrary, { minLength: 20, maxLength: 40 }),
        // Pairs drawn at random, and every field alone once per run: a field that seldom selects
        // anything beside another (a futures root, an expiry) still meets the coverage check below.
        fc
          .tuple(fc.array(filterArbitrary, { minLength: 60, maxLength: 60 }), singleFieldFilters())
          .map(([pairs, singles]) => [...pairs, ...singles]),
        async (journal, filters) => {
          await storeJournal(journal);
          const loaded = await loadTradeFacts(t.database.db, { userId, maxTrades: 1_000_000 });
          const facts = loaded.facts!;
          // Row i of the cache is the i-th closed trade in (closedAt, id) order.
          const ids = await selectClosedIds([]);
          expect(facts.count).toBe(ids.length);
          for (const { filter, timeZone, breakeven } of filters) {
            const resolved = resolveTradeFilter(tradeFilterSchema.parse(filter) as TradeFilter, {
              timeZone,
              breakeven,
            });
            const said = `${JSON.stringify(filter)} in ${timeZone}, band ${JSON.stringify(breakeven)}`;
            const analytics = await selectClosedIds(toTradeFilterSql(resolved, { dateColumn: trades.closedAt }));
            // The list and the export state dates on the trade's date: for a closed trade, its close.
            expect(await selectClosedIds(toTradeFilterSql(resolved)), said).toEqual(analytics);
            if (analytics.length > 0) for (const id of Object.keys(filter)) sqlHits.add(id);
            if (!canSelectInMemory(resolved)) continue;
            const inMemory = Array.from(selectTradeRows(facts, resolved), (row) => ids[row]!);
            expect(inMemory, said).toEqual(analytics);
            if (analytics.length > 0) for (const id of Object.keys(filter)) hits.set(id, (hits.get(id) ?? 0) + 1);
          }
        },
      ),
      // No shrinking: each step stores the trades again, and the failing filter is named by the assertion.
      { numRuns: 8, endOnFailure: true },
    );
    // Every field the cache holds selected some trades at least once in memory, and every field
    // with data at least once in SQL: no field is tested only empty.
    expect(IN_MEMORY_FIELD_IDS.filter((id) => !hits.has(id))).toEqual([]);
    const withData = (TRADE_FIELDS as readonly FieldDef[]).filter((field) => field.untilDataExists === undefined);
    expect(withData.map((field) => field.id).filter((id) => !sqlHits.has(id))).toEqual([]);
    // A field whose data does not exist yet selects nothing, as its registry entry says.
    expect(
      (TRADE_FIELDS as readonly FieldDef[]).filter(
        (field) => field.untilDataExists !== undefined && sqlHits.has(field.id),
      ),
    ).toEqual([]);
  }, 1_200_000);

  it('answers a field the cache does not hold from SQL only', () => {
    const fieldsNotHeld = TRADE_FIELDS.map((field) => field.id).filter((id) => !IN_MEMORY_FIELD_IDS.includes(id));
    expect(fieldsNotHeld.sort()).toEqual([...SQL_ONLY_FIELD_IDS].sort());
    expect(canSelectInMemory({ quantity: { min: '1' } })).toBe(false);
    expect(canSelectInMemory({ search: 'AAP' })).toBe(false);
  });

  it('compiles to parameters, never to text built from the values', () => {
    const query = t.database.db
      .select({ id: trades.id })
      .from(trades)
      .where(and(...toTradeFilterSql({ symbols: ["A'; drop table trades; --"], netPnl: { min: '1' } })))
      .toSQL();
    expect(query.sql).not.toContain('drop table');
    expect(query.params).toContain("A'; drop table trades; --");
  });
});
