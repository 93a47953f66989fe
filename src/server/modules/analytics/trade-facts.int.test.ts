import { loadCurrencyScope } from './currency-scope';
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsFilterSchema } from '../../../contracts/analytics';
import type { AccountJson, ExecutionInput, StrategyJson, TagJson } from '../../../contracts/trades';
import type { AnalyticsTradeDetail } from '../../../core/analytics';
import { trades, tradeTags } from '../../db/schema';
import { toTradeFilter } from '../trades';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { listTradeDetailsOf, listTradesOf } from '../../../../test/helpers/trade-columns';
import { loadTradeFacts } from './analytics.queries';
import type { TradeFacts } from './trade-facts';
import { createFactsSource, createSqlSource } from './trade-source';

/**
 * The cached facts filtered in memory answer exactly what the SQL queries answer, for any filter
 * the analytics endpoints accept: same trades, same order, same values, same fee totals, same
 * noted closes. Checked on the real database over a varied journal and random filters.
 */
const PASSWORD = 'long-enough-password';
let t: TestApp;
let aliceId: string;
let facts: TradeFacts;
const refs = {
  accounts: [] as string[],
  strategies: [] as string[],
  tags: [] as string[],
  bobAccount: '',
  bobStrategy: '',
  bobTag: '',
};

async function signIn(email: string): Promise<{ client: TestClient; id: string }> {
  const user = await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
  const client = new TestClient(t.url(''));
  await client.login(email, PASSWORD);
  return { client, id: user.id };
}

const SYMBOLS = ['AAPL', 'MSFT', 'TSLA', 'ESZ4', 'BTC-USD', 'EUR/USD', 'SPY'];

/** A deterministic journal: round trips long and short, wins, losses and breakevens, fees. */
function makeExecutions(seed: number, count: number): ExecutionInput[] {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
  const out: ExecutionInput[] = [];
  let at = Date.UTC(2024, 0, 1, 13);
  for (let i = 0; i < count; i++) {
    // Closes spread over days and every hour, so day boundaries in each time zone fall between trades.
    at += Math.floor(next() * 40) * 3_600_000 + Math.floor(next() * 3_600) * 1_000;
    const symbol = `${SYMBOLS[i % SYMBOLS.length]}`;
    const isShort = next() < 0.3;
    const entry = 100 + Math.floor(next() * 100);
    const move = next() < 0.1 ? 0 : Math.round((next() - 0.45) * 1_000) / 100;
    const quantity = String(1 + Math.floor(next() * 5));
    const fees = next() < 0.5 ? { commission: (next() * 2).toFixed(2), fees: (next() * 0.1).toFixed(4) } : {};
    const open: ExecutionInput = {
      executedAt: new Date(at).toISOString(),
      symbol,
      side: isShort ? 'sell' : 'buy',
      quantity,
      price: entry.toFixed(2),
      ...fees,
    };
    at += 60_000 + Math.floor(next() * 600_000);
    const close: ExecutionInput = {
      executedAt: new Date(at).toISOString(),
      symbol,
      side: isShort ? 'buy' : 'sell',
      quantity,
      price: (isShort ? entry - move : entry + move).toFixed(2),
      ...fees,
    };
    out.push(open, close);
  }
  return out;
}

async function addExecutions(c: TestClient, accountId: string, executions: ExecutionInput[]) {
  const res = await c.post('/api/executions', { accountId, executions });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  const { db } = t.database;
  const alice = await signIn('alice@example.com');
  const bob = await signIn('bob@example.com');
  aliceId = alice.id;
  for (const name of ['Main', 'Futures']) {
    const account = await alice.client.json<AccountJson>(alice.client.post('/api/accounts', { name }));
    refs.accounts.push(account.id);
  }
  await addExecutions(alice.client, refs.accounts[0]!, makeExecutions(1, 220));
  await addExecutions(alice.client, refs.accounts[1]!, makeExecutions(2, 120));
  // An open trade never counts.
  await addExecutions(alice.client, refs.accounts[0]!, [
    { executedAt: '2025-06-02T15:00:00Z', symbol: 'OPEN', side: 'buy', quantity: '1', price: '5' },
  ]);
  for (const name of ['Breakout', 'Fade', 'Gap']) {
    refs.strategies.push((await alice.client.json<StrategyJson>(alice.client.post('/api/strategies', { name }))).id);
  }
  for (const name of ['A+', 'Late', 'News', 'Unused']) {
    refs.tags.push((await alice.client.json<TagJson>(alice.client.post('/api/tags', { name }))).id);
  }
  const rows = await db
    .select({ id: trades.id, opener: trades.openingExecutionId })
    .from(trades)
    .where(eq(trades.userId, aliceId))
    .orderBy(trades.id);
  // The journal, straight into the rows: strategies, R, notes and one or two tags on some trades.
  for (const [i, row] of rows.entries()) {
    await db
      .update(trades)
      .set({
        strategyId: i % 4 === 3 ? null : refs.strategies[i % 3]!,
        rMultiple: i % 3 === 0 ? null : String(((i % 17) - 8) / 4),
        hasNotes: i % 7 === 0,
      })
      .where(eq(trades.id, row.id));
    const tagIds = i % 5 === 0 ? [refs.tags[0]!, refs.tags[1]!] : i % 5 === 1 ? [refs.tags[2]!] : [];
    if (tagIds.length > 0)
      await db.insert(tradeTags).values(tagIds.map((tagId) => ({ openingExecutionId: row.opener, tagId })));
  }
  // Bob trades the same symbols with his own strategy and tag: none of it may show for Alice.
  refs.bobAccount = (await bob.client.json<AccountJson>(bob.client.post('/api/accounts', { name: 'Bob' }))).id;
  await addExecutions(bob.client, refs.bobAccount, makeExecutions(3, 60));
  refs.bobStrategy = (await bob.client.json<StrategyJson>(bob.client.post('/api/strategies', { name: 'Bob' }))).id;
  refs.bobTag = (await bob.client.json<TagJson>(bob.client.post('/api/tags', { name: 'Bob' }))).id;
  const bobTrades = await db
    .select({ id: trades.id, opener: trades.openingExecutionId })
    .from(trades)
    .where(and(eq(trades.accountId, refs.bobAccount), inArray(trades.symbol, ['AAPL', 'MSFT'])));
  await db
    .update(trades)
    .set({ strategyId: refs.bobStrategy, hasNotes: true })
    .where(eq(trades.accountId, refs.bobAccount));
  await db.insert(tradeTags).values(bobTrades.map((row) => ({ openingExecutionId: row.opener, tagId: refs.bobTag })));
  await db.execute(sql`analyze`);
  const loaded = await loadTradeFacts(db, { userId: aliceId, maxTrades: 1_000_000 });
  if (!loaded.facts) throw new Error('the facts were not loaded');
  facts = loaded.facts;
});
afterAll(() => t.close());

const day = fc
  .integer({ min: Date.UTC(2023, 11, 20), max: Date.UTC(2025, 6, 1) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));
const instant = fc
  .integer({ min: Date.UTC(2023, 11, 20), max: Date.UTC(2025, 6, 1) })
  .map((ms) => new Date(ms).toISOString());
/** A trade's exact close, or a millisecond either side: where an off-by-one bound shows. */
const closeInstant = fc
  .tuple(fc.nat(), fc.constantFrom(-1, 0, 1))
  .map(([k, delta]) => new Date(facts.closedAt[k % facts.count]! + delta).toISOString());
/** A filter present with the given odds, absent (undefined) otherwise. */
const presentOneIn =
  (odds: number) =>
  <T>(arbitrary: fc.Arbitrary<T>) =>
    fc.oneof(
      { arbitrary: fc.constant(undefined), weight: odds - 1 },
      { arbitrary: arbitrary as fc.Arbitrary<T | undefined>, weight: 1 },
    );
const RANDOM_ID = '0b9e4b1e-6f43-4d1a-9c55-1f1f6f0e0a11';

/** Any query the analytics endpoints accept, as the query string gives it, each filter present one time in `odds`. */
const queryWithOdds = (odds: number) => {
  const some = presentOneIn(odds);
  return fc.record({
    from: some(fc.oneof(day, instant, closeInstant)),
    to: some(fc.oneof(day, instant, closeInstant)),
    accountId: some(
      fc.constantFrom(
        () => refs.accounts[0]!,
        () => refs.accounts[1]!,
        () => refs.accounts[1]!.toUpperCase(),
        () => refs.bobAccount,
        () => RANDOM_ID,
      ),
    ),
    symbol: some(fc.constantFrom(...SYMBOLS, 'aapl', ' msft ', '/ESZ24', 'BTCUSD', 'EURUSD', 'NOPE', 'OPEN')),
    side: some(fc.constantFrom('long' as const, 'short' as const)),
    outcome: some(fc.constantFrom('win' as const, 'loss' as const, 'breakeven' as const)),
    strategyId: some(
      fc.constantFrom(
        () => refs.strategies[0]!,
        () => refs.strategies[2]!.toUpperCase(),
        () => refs.bobStrategy,
        () => RANDOM_ID,
      ),
    ),
    tagId: some(
      fc.constantFrom(
        () => refs.tags[0]!,
        () => refs.tags[2]!,
        () => refs.tags[3]!,
        () => refs.bobTag,
        () => RANDOM_ID.toUpperCase(),
      ),
    ),
    tz: fc.constantFrom('UTC', 'America/New_York', 'Asia/Tokyo', 'Pacific/Chatham', 'Europe/London'),
  });
};
/** Half the queries stack many filters (mostly empty answers), half few (mostly trades to compare). */
const queryArbitrary = fc.oneof(queryWithOdds(2), queryWithOdds(5));

/** Every value of each row, lists resolved: facts whose lists are in another order compare. */
const rowValuesOf = (f: TradeFacts) =>
  Array.from({ length: f.count }, (_, i) => ({
    ...Object.fromEntries(
      (
        [
          'closedAt',
          'openedAt',
          'netPnl',
          'rMultiple',
          'holdingSeconds',
          'hasR',
          'hasHolding',
          'isShort',
          'hasNote',
        ] as const
      ).map((name) => [name, f[name][i]]),
    ),
    account: f.accountIds[f.account[i]!],
    symbol: f.symbols[f.symbol[i]!],
    assetClass: f.assetClasses[f.assetClass[i]!],
    strategy: f.strategy[i] === -1 ? null : f.strategyIds[f.strategy[i]!],
    tags: Array.from(f.tagIndex.subarray(f.tagStart[i], f.tagStart[i + 1]), (k) => f.tagIds[k]),
    gross: [f.grossPnl.whole[i], f.grossPnl.frac[i]],
    fees: [f.fees.whole[i], f.fees.frac[i]],
  }));

/** Tags in id order: SQL answers a trade's tags in no particular order. */
const byTagId = (trades: AnalyticsTradeDetail[]) =>
  trades.map((trade) => ({ ...trade, tags: [...trade.tags].sort((a, b) => (a.id < b.id ? -1 : 1)) }));

describe('the analytics cache filtered in memory', () => {
  it('holds every closed trade of the user and only those', async () => {
    const scope = await loadCurrencyScope(t.database.db, { userId: aliceId });
    const all = await createSqlSource(t.database.db, { userId: aliceId, scope }).listTrades({});
    expect(facts.count).toBe(all.count);
    expect(facts.count).toBe(340);
    expect(facts.tagIds).toHaveLength(3);
  });

  it('answers exactly what SQL answers for any filter', async () => {
    const { db } = t.database;
    const scope = await loadCurrencyScope(db, { userId: aliceId });
    const sqlSource = createSqlSource(db, { userId: aliceId, scope });
    const cached = createFactsSource(db, { userId: aliceId, facts, scope });
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(queryArbitrary, async (generated) => {
        const raw = Object.fromEntries(
          Object.entries(generated).map(([key, value]) => [key, typeof value === 'function' ? value() : value]),
        );
        const { tz, ...query } = analyticsFilterSchema.parse(raw);
        const filter = toTradeFilter(query, tz ?? 'UTC');
        const expected = listTradesOf(await sqlSource.listTrades(filter));
        if (expected.length > 0) nonEmpty += 1;
        expect(listTradesOf(await cached.listTrades(filter))).toEqual(expected);
        expect(await cached.getFeeTotals(filter)).toEqual(await sqlSource.getFeeTotals(filter));
        expect((await cached.listNotedCloseTimes(filter)).sort()).toEqual(
          (await sqlSource.listNotedCloseTimes(filter)).sort(),
        );
        for (const withTags of [false, true]) {
          expect(byTagId(listTradeDetailsOf(await cached.listTradeDetails(filter, { withTags })))).toEqual(
            byTagId(listTradeDetailsOf(await sqlSource.listTradeDetails(filter, { withTags }))),
          );
        }
      }),
      { numRuns: 150 },
    );
    // The generator reaches real selections, not only empty ones.
    expect(nonEmpty).toBeGreaterThan(30);
  });

  it('bounds the close exactly as SQL does, to the millisecond and the local midnight', async () => {
    const { db } = t.database;
    const scope = await loadCurrencyScope(db, { userId: aliceId });
    const sqlSource = createSqlSource(db, { userId: aliceId, scope });
    const cached = createFactsSource(db, { userId: aliceId, facts, scope });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          from: presentOneIn(2)(fc.oneof(day, closeInstant)),
          to: presentOneIn(2)(fc.oneof(day, closeInstant)),
          tz: queryArbitrary.map((q) => q.tz),
        }),
        async ({ tz, ...query }) => {
          const filter = toTradeFilter(analyticsFilterSchema.parse(query), tz);
          expect(listTradesOf(await cached.listTrades(filter))).toEqual(
            listTradesOf(await sqlSource.listTrades(filter)),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads the same facts in parts at any split points as in one statement', async () => {
    const db = t.database.db;
    const first = facts.closedAt[0]!;
    const last = facts.closedAt[facts.count - 1]!;
    // Trade close times exactly (ties and ms boundaries), a ms either side, and before or after all.
    const splitPoint = fc.oneof(
      fc.nat().map((k) => facts.closedAt[k % facts.count]!),
      fc.tuple(fc.nat(), fc.constantFrom(-1, 1)).map(([k, d]) => facts.closedAt[k % facts.count]! + d),
      fc.constantFrom(first - 86_400_000, last + 86_400_000),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(splitPoint, { minLength: 1, maxLength: 4 }), async (splitAt) => {
        const parts = await loadTradeFacts(db, { userId: aliceId, maxTrades: 1_000_000, splitAt });
        expect(parts.count).toBe(facts.count);
        // Parts read at once fill the lists (accounts, symbols…) in the order their rows arrive.
        expect(rowValuesOf(parts.facts!)).toEqual(rowValuesOf(facts));
      }),
      { numRuns: 25 },
    );
    // Over the cap in total, though under it in each half: nothing is kept.
    const middle = facts.closedAt[Math.floor(facts.count / 2)]!;
    const capped = await loadTradeFacts(db, { userId: aliceId, maxTrades: facts.count - 1, splitAt: [middle] });
    expect(capped).toMatchObject({ count: facts.count, facts: null });
  });
});
