import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountJson, ExecutionInput, StrategyJson, TagJson } from '../../../contracts/trades';
import { strategies, tags, trades, tradeTags, users } from '../../db/schema';
import { createUser, getAnalyticsVersion } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { loadTradeFacts, loadTradeFactsChanges, readAnalyticsChanges } from './analytics.queries';
import type { TradeFacts } from './trade-facts';

/**
 * After any write, the cached facts brought up to date from the change log (re-reading only the
 * trades closed at the times the triggers logged) are exactly the facts a full read gives: the
 * same trades in the same order with the same values, tags, strategies and accounts. Checked on
 * the real database over random sequences of the writes the app makes (through the API and, as
 * another app instance would, straight in SQL).
 */
const PASSWORD = 'long-enough-password';
let t: TestApp;
let client: TestClient;
let userId: string;
const refs = { accounts: [] as string[], strategies: [] as string[], tags: [] as string[] };

/** A round trip of one share closing at `closeMs` (opened ten minutes before). */
function roundTrip(symbol: string, closeMs: number, pnl: number): ExecutionInput[] {
  return [
    { executedAt: new Date(closeMs - 600_000).toISOString(), symbol, side: 'buy', quantity: '1', price: '100' },
    {
      executedAt: new Date(closeMs).toISOString(),
      symbol,
      side: 'sell',
      quantity: '1',
      price: (100 + pnl).toFixed(2),
      commission: '0.5',
    },
  ];
}

const START = Date.UTC(2024, 2, 1, 14);
const SYMBOLS = ['AAPL', 'MSFT', 'TSLA', 'NVDA'];

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await client.post(path, body);
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json() as Promise<T>;
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  const user = await createUser(t.database.db, {
    email: 'carol@example.com',
    password: PASSWORD,
    isVerified: true,
    now: new Date(),
  });
  userId = user.id;
  client = new TestClient(t.url(''));
  await client.login('carol@example.com', PASSWORD);
  for (const name of ['Main', 'Swing']) refs.accounts.push((await post<AccountJson>('/api/accounts', { name })).id);
  for (const name of ['Breakout', 'Fade'])
    refs.strategies.push((await post<StrategyJson>('/api/strategies', { name })).id);
  for (const name of ['A+', 'Late', 'News']) refs.tags.push((await post<TagJson>('/api/tags', { name })).id);
  // Trades an hour apart on each symbol, some closing at the same moment on different symbols.
  const executions = Array.from({ length: 60 }, (_, i) =>
    roundTrip(SYMBOLS[i % SYMBOLS.length]!, START + Math.floor(i / 2) * 3_600_000, (i % 7) - 3),
  ).flat();
  await post('/api/executions', { accountId: refs.accounts[0], executions });
});
afterAll(() => t.close());

/** The facts as plain rows with ids instead of list positions: two reads compare whatever their lists' order. */
function toRows(facts: TradeFacts) {
  return Array.from({ length: facts.count }, (_, i) => ({
    closedAt: facts.closedAt[i],
    openedAt: facts.openedAt[i],
    netPnl: facts.netPnl[i],
    r: facts.hasR[i] ? facts.rMultiple[i] : null,
    holding: facts.hasHolding[i] ? facts.holdingSeconds[i] : null,
    isShort: facts.isShort[i],
    hasNote: facts.hasNote[i],
    account: facts.accountIds[facts.account[i]!],
    symbol: facts.symbols[facts.symbol[i]!],
    assetClass: facts.assetClasses[facts.assetClass[i]!],
    strategy: facts.strategy[i] === -1 ? null : facts.strategyIds[facts.strategy[i]!],
    tags: Array.from(facts.tagIndex.subarray(facts.tagStart[i], facts.tagStart[i + 1]), (k) => facts.tagIds[k]).sort(),
    gross: [facts.grossPnl.whole[i], facts.grossPnl.frac[i]],
    fees: [facts.fees.whole[i], facts.fees.frac[i]],
  }));
}

async function listTrades() {
  return t.database.db
    .select({ id: trades.id, opener: trades.openingExecutionId, closedAt: trades.closedAt })
    .from(trades)
    .where(eq(trades.userId, userId))
    .orderBy(trades.id);
}

type Write = (pick: number) => Promise<void>;

/** The writes the app makes, each on the trade (or tag, strategy…) `pick` chooses. */
const WRITES: Record<string, Write> = {
  async note(pick) {
    const all = await listTrades();
    const trade = all[pick % all.length]!;
    await t.database.db
      .update(trades)
      .set({ hasNotes: pick % 2 === 0 })
      .where(eq(trades.id, trade.id));
  },
  async journalThroughApi(pick) {
    const all = await listTrades();
    const trade = all[pick % all.length]!;
    const res = await client.request('PATCH', `/api/trades/${trade.id}`, {
      strategyId: pick % 3 === 0 ? null : refs.strategies[pick % refs.strategies.length],
      notes: `api ${pick}`,
    });
    expect(res.status, await res.clone().text()).toBe(200);
  },
  async rMultiple(pick) {
    const all = await listTrades();
    await t.database.db
      .update(trades)
      .set({ rMultiple: pick % 4 === 0 ? null : String((pick % 9) - 4) })
      .where(eq(trades.id, all[pick % all.length]!.id));
  },
  async tag(pick) {
    const all = await listTrades();
    const opener = all[pick % all.length]!.opener;
    const tagId = refs.tags[pick % refs.tags.length]!;
    await t.database.db.insert(tradeTags).values({ openingExecutionId: opener, tagId }).onConflictDoNothing();
  },
  async retag(pick) {
    // The app inserts and deletes links; an update in SQL must be logged all the same. One link
    // only: a trade with two tags would otherwise get the same one twice.
    const tagId = refs.tags[pick % refs.tags.length]!;
    await t.database.db.execute(sql`
      update ${tradeTags} set tag_id = ${tagId}
      where (opening_execution_id, tag_id) in (select opening_execution_id, tag_id from ${tradeTags} limit 1)
        and not exists (select 1 from ${tradeTags} x where x.tag_id = ${tagId}
          and x.opening_execution_id = ${tradeTags}.opening_execution_id)`);
  },
  async untag(pick) {
    const all = await listTrades();
    const opener = all[pick % all.length]!.opener;
    await t.database.db.delete(tradeTags).where(eq(tradeTags.openingExecutionId, opener));
  },
  async deleteTag(pick) {
    const [gone] = refs.tags.splice(pick % refs.tags.length, 1);
    await t.database.db.delete(tags).where(eq(tags.id, gone!));
    refs.tags.push((await post<TagJson>('/api/tags', { name: `Tag ${pick}-${Date.now()}` })).id);
  },
  async deleteStrategy(pick) {
    const [gone] = refs.strategies.splice(pick % refs.strategies.length, 1);
    await t.database.db.delete(strategies).where(and(eq(strategies.id, gone!), eq(strategies.userId, userId)));
    refs.strategies.push((await post<StrategyJson>('/api/strategies', { name: `Plan ${pick}-${Date.now()}` })).id);
  },
  async addTradeAtSameClose(pick) {
    // Closes exactly when an existing trade closes, in another account: a tie the merge must keep in id order.
    const all = (await listTrades()).filter((trade) => trade.closedAt !== null);
    const close = all[pick % all.length]!.closedAt!.getTime();
    await post('/api/executions', {
      accountId: refs.accounts[pick % 2],
      executions: roundTrip(`X${pick % 5}`, close, (pick % 5) - 2),
    });
  },
  async addTradeLater(pick) {
    await post('/api/executions', {
      accountId: refs.accounts[1],
      executions: roundTrip('LATE', START + 400 * 3_600_000 + pick * 60_000, 1),
    });
  },
  async deleteTradeThroughApi(pick) {
    const all = await listTrades();
    if (all.length < 10) return;
    const res = await client.request('DELETE', `/api/trades/${all[pick % all.length]!.id}`);
    expect(res.status, await res.clone().text()).toBeLessThan(300);
  },
};

describe('the analytics cache brought up to date from the change log', () => {
  it('equals a full read after any sequence of writes', async () => {
    const { db } = t.database;
    const first = await loadTradeFacts(db, { userId, maxTrades: 1_000_000 });
    let cached = { version: first.version, facts: first.facts! };
    let incremental = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...Object.keys(WRITES)), fc.nat({ max: 10_000 })), {
          minLength: 1,
          maxLength: 4,
        }),
        async (writes) => {
          for (const [name, pick] of writes) await WRITES[name]!(pick);
          const full = await loadTradeFacts(db, { userId, maxTrades: 1_000_000 });
          const changed = await loadTradeFactsChanges(db, {
            userId,
            maxTrades: 1_000_000,
            maxTimes: 5_000,
            previous: cached,
          });
          // A deleted tag logs no times (its links go by cascade): then the cache reads everything.
          const isTagDeleted = writes.some(([name]) => name === 'deleteTag');
          if (!isTagDeleted) expect(changed).not.toBeNull();
          if (changed) {
            incremental += 1;
            expect(changed.version).toBe(full.version);
            expect(toRows(changed.facts!)).toEqual(toRows(full.facts!));
          }
          cached = { version: full.version, facts: (changed ?? full).facts! };
        },
      ),
      { numRuns: 40 },
    );
    expect(incremental).toBeGreaterThan(20);
  });

  it('does not know the changes when the log misses a version, lists too many times, or was pruned', async () => {
    const { db } = t.database;
    const version = await getAnalyticsVersion(db, userId);
    // A move of the version with no log entry (as before the log existed).
    await db
      .update(users)
      .set({ analyticsVersion: sql`${users.analyticsVersion} + 1` })
      .where(eq(users.id, userId));
    expect(await readAnalyticsChanges(db, { userId, since: version, maxTimes: 100 })).toEqual({
      version: version + 1,
      closedAt: null,
    });
    // A change of every trade lists each close once; more of them than asked for is not a list.
    const base = version + 1;
    await db.update(trades).set({ hasNotes: true }).where(eq(trades.userId, userId));
    const closes = new Set((await listTrades()).flatMap((trade) => (trade.closedAt ? [trade.closedAt.getTime()] : [])));
    const all = await readAnalyticsChanges(db, { userId, since: base, maxTimes: 1_000 });
    expect(all.version).toBe(base + 1);
    expect(new Set(all.closedAt)).toEqual(closes);
    expect(all.closedAt).toHaveLength(closes.size);
    expect((await readAnalyticsChanges(db, { userId, since: base, maxTimes: closes.size - 1 })).closedAt).toBeNull();
    // The log keeps the last 200 versions: a cache further behind reads everything.
    for (let i = 0; i < 201; i++)
      await db
        .update(trades)
        .set({ hasNotes: i % 2 === 0 })
        .where(eq(trades.userId, userId));
    expect((await readAnalyticsChanges(db, { userId, since: base, maxTimes: 1_000 })).closedAt).toBeNull();
    expect((await readAnalyticsChanges(db, { userId, since: base + 2, maxTimes: 1_000 })).closedAt).not.toBeNull();
    const [{ entries }] = (
      (await db.execute(
        sql`select count(*)::int as entries from analytics_changes where user_id = ${userId}`,
      )) as unknown as { rows: { entries: number }[] }
    ).rows as [{ entries: number }];
    expect(entries).toBeLessThanOrEqual(200);
  });
});
