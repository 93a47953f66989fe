import { and, asc, eq, isNotNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  type TradeFilter,
} from '../../../core/query';
import { executions, trades, tradeTags } from '../../db/schema';
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
const SYMBOLS = ['AAPL', 'MSFT', 'ESZ4', 'BTC-USD', 'SPY 241115P00580000'];
const TIME_ZONES = ['UTC', 'America/New_York', 'Asia/Tokyo', 'Pacific/Chatham'];
const START = Date.UTC(2024, 2, 1, 13);
const DAY = 86_400_000;
const SPAN_DAYS = 20;

let t: TestApp;
let c: TestClient;
let userId: string;
const refs: Record<'accounts' | 'strategies' | 'tags', string[]> = { accounts: [], strategies: [], tags: [] };

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
  for (const name of ['Main', 'Futures'])
    refs.accounts.push((await c.json<AccountJson>(c.post('/api/accounts', { name }))).id);
  for (const name of ['Breakout', 'Fade'])
    refs.strategies.push((await c.json<StrategyJson>(c.post('/api/strategies', { name }))).id);
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
  quantity: fc.integer({ min: 1, max: 5 }),
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
    fills.push({
      ...base,
      executedAt: new Date(trade.openAt).toISOString(),
      side: trade.isShort ? 'sell' : 'buy',
      price: entry.toFixed(2),
    });
    if (!trade.isOpen) {
      fills.push({
        ...base,
        executedAt: new Date(closeAt).toISOString(),
        side: trade.isShort ? 'buy' : 'sell',
        price: exit.toFixed(2),
      });
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
  const rows = await db
    .select({ id: trades.id, opener: trades.openingExecutionId })
    .from(trades)
    .where(eq(trades.userId, userId))
    .orderBy(asc(trades.openedAt), asc(trades.id));
  for (const [i, row] of rows.entries()) {
    const journal = list[i % list.length]!;
    await db
      .update(trades)
      .set({
        strategyId: journal.strategy === null ? null : refs.strategies[journal.strategy]!,
        rMultiple: journal.r,
        hasNotes: journal.hasNotes,
      })
      .where(eq(trades.id, row.id));
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

/** Values of a field, by its type: drawn from what the trades hold, and some that match nothing. */
function valueArbitrary(field: FieldDef): fc.Arbitrary<unknown> {
  const list = <T>(items: readonly T[]) => fc.uniqueArray(fc.constantFrom(...items), { minLength: 1, maxLength: 3 });
  switch (field.type) {
    case 'dayFrom':
    case 'dayTo':
      return dayArbitrary;
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
    case 'decimalRange':
      // Hundredths from −40 to 40: P&L, R and quantity values and their exact edges.
      return rangeOf(fc.integer({ min: -4_000, max: 4_000 }), (n) => (n / 100).toFixed(2));
    case 'numberRange':
      return rangeOf(fc.integer({ min: 0, max: 3 * 24 * 3_600 }), (n) => n);
    case 'boolean':
      return fc.boolean();
  }
}

/** A filter of one to three fields of the registry, and the time zone its days are read in. */
const filterArbitrary = fc
  .uniqueArray(fc.constantFrom(...(TRADE_FIELDS as readonly FieldDef[])), { minLength: 1, maxLength: 3 })
  .chain((fields) =>
    fc.record({
      filter: fc.record(Object.fromEntries(fields.map((field) => [field.id, valueArbitrary(field)]))),
      timeZone: fc.constantFrom(...TIME_ZONES),
    }),
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
    await fc.assert(
      fc.asyncProperty(
        fc.array(tradeArbitrary, { minLength: 20, maxLength: 40 }),
        fc.array(filterArbitrary, { minLength: 25, maxLength: 25 }),
        async (journal, filters) => {
          await storeJournal(journal);
          const loaded = await loadTradeFacts(t.database.db, { userId, maxTrades: 1_000_000 });
          const facts = loaded.facts!;
          // Row i of the cache is the i-th closed trade in (closedAt, id) order.
          const ids = await selectClosedIds([]);
          expect(facts.count).toBe(ids.length);
          for (const { filter, timeZone } of filters) {
            const resolved = resolveTradeFilter(tradeFilterSchema.parse(filter) as TradeFilter, { timeZone });
            const analytics = await selectClosedIds(toTradeFilterSql(resolved, { dateColumn: trades.closedAt }));
            // The list and the export state dates on the trade's date: for a closed trade, its close.
            expect(await selectClosedIds(toTradeFilterSql(resolved)), JSON.stringify(filter)).toEqual(analytics);
            if (!canSelectInMemory(resolved)) continue;
            const inMemory = Array.from(selectTradeRows(facts, resolved), (row) => ids[row]!);
            expect(inMemory, `${JSON.stringify(filter)} in ${timeZone}`).toEqual(analytics);
            if (analytics.length > 0) for (const id of Object.keys(filter)) hits.set(id, (hits.get(id) ?? 0) + 1);
          }
        },
      ),
      { numRuns: 8 },
    );
    // Every field the cache holds selected some trades at least once: no field is tested only empty.
    expect(IN_MEMORY_FIELD_IDS.filter((id) => !hits.has(id))).toEqual([]);
  }, 600_000);

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
