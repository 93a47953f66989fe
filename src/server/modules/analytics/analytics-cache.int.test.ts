import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnalyticsBreakdownJson,
  AnalyticsCalendarJson,
  AnalyticsEquityJson,
  AnalyticsSummaryJson,
} from '../../../contracts/analytics';
import type { ImportCommitJson, ImportPreviewJson } from '../../../contracts/imports';
import type { AccountJson, ExecutionInput, StrategyJson, TagJson, TradeListJson } from '../../../contracts/trades';
import { buildApp } from '../../app';
import { trades, users } from '../../db/schema';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { waitUntil } from '../../../../test/helpers/wait-until';

/**
 * The analytics cache answers from memory, so every kind of write must reach the next answer: new
 * executions, an import, a deleted trade, journal edits (strategy, tags, notes), tag changes, and
 * writes through another app instance on the same database. Another user's writes and data never
 * show.
 */
const PASSWORD = 'long-enough-password';
let t: TestApp;
let other: { app: FastifyInstance; url: string };
let alice: TestClient;
let aliceOnOther: TestClient;
let bob: TestClient;
let aliceId: string;
let main: AccountJson;

async function signIn(email: string): Promise<{ client: TestClient; id: string }> {
  const user = await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
  const client = new TestClient(t.url(''));
  await client.login(email, PASSWORD);
  return { client, id: user.id };
}

/** Closed round trips (buy, then sell at entry + P&L a minute later) on their own symbols. */
function roundTrips(rows: { symbol: string; at: string; pnl: number }[]): ExecutionInput[] {
  return rows.flatMap(({ symbol, at, pnl }) => {
    const close = new Date(at).getTime();
    return [
      { executedAt: new Date(close - 60_000).toISOString(), symbol, side: 'buy', quantity: '1', price: '100' },
      { executedAt: at, symbol, side: 'sell', quantity: '1', price: (100 + pnl).toFixed(2) },
    ];
  });
}

async function addTrades(c: TestClient, accountId: string, rows: { symbol: string; at: string; pnl: number }[]) {
  const res = await c.post('/api/executions', { accountId, executions: roundTrips(rows) });
  expect(res.status, await res.clone().text()).toBe(200);
}

const summary = (c: TestClient, query = '') =>
  c.json<AnalyticsSummaryJson>(c.get(`/api/analytics/summary?tz=UTC${query}`));
const breakdown = (c: TestClient, by: string, query = '') =>
  c.json<AnalyticsBreakdownJson>(c.get(`/api/analytics/breakdown?by=${by}&tz=UTC${query}`));
const patch = (c: TestClient, path: string, body: unknown) => c.request('PATCH', path, body);

async function tradeIdOf(c: TestClient, symbol: string): Promise<string> {
  const list = await c.json<TradeListJson>(c.get(`/api/trades?symbol=${symbol}`));
  const [trade] = list.trades;
  if (!trade) throw new Error(`no trade on ${symbol}`);
  return trade.id;
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  const a = await signIn('alice@example.com');
  alice = a.client;
  aliceId = a.id;
  bob = (await signIn('bob@example.com')).client;
  main = await alice.json<AccountJson>(alice.post('/api/accounts', { name: 'Main', startingBalance: '10000' }));
  // A second app instance on the same database, with its own cache (several instances behind a proxy).
  const app = await buildApp({ config: t.config, database: t.database, distDir: null });
  other = { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
  aliceOnOther = new TestClient(other.url);
  await aliceOnOther.login('alice@example.com', PASSWORD);
});
afterAll(async () => {
  await other.app.close();
  await t.close();
});

describe('the analytics cache', () => {
  it('answers fresh data after new executions', async () => {
    expect((await summary(alice)).trades.count).toBe(0);
    await addTrades(alice, main.id, [
      { symbol: 'AAA', at: '2025-03-03T15:00:00Z', pnl: 10 },
      { symbol: 'BBB', at: '2025-03-04T15:00:00Z', pnl: -4 },
    ]);
    expect((await summary(alice)).trades).toMatchObject({ count: 2, netPnl: 6 });
    await addTrades(alice, main.id, [{ symbol: 'CCC', at: '2025-03-05T15:00:00Z', pnl: 3 }]);
    expect((await summary(alice)).trades).toMatchObject({ count: 3, netPnl: 9 });
  });

  it('answers fresh data after an import', async () => {
    const csv = [
      'Trade Date,Ticker,Action,Shares,Fill Price,Commission',
      '03/06/2025 09:31:05,IMPA,Buy,100,20.00,1.00',
      '03/06/2025 09:45:10,IMPA,Sell,100,21.00,1.00',
    ].join('\n');
    const form = new FormData();
    form.append('accountId', main.id);
    form.append('timezone', 'UTC');
    form.append('file', new Blob([csv]), 'march.csv');
    const uploaded = await fetch(t.url('/api/imports'), {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: alice.cookie ?? '' },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const preview = (await uploaded.json()) as ImportPreviewJson;
    const done = await alice.json<ImportCommitJson>(
      alice.post(`/api/imports/${preview.id}/commit`, { accountId: main.id }),
    );
    expect(done).toBeDefined();
    const body = await summary(alice);
    expect(body.trades).toMatchObject({ count: 4, fees: 2 });
    expect(body.trades.netPnl).toBeCloseTo(9 + 98, 9);
  });

  it('answers fresh data after a trade is deleted', async () => {
    const res = await alice.delete(`/api/trades/${await tradeIdOf(alice, 'CCC')}`);
    // Deleted with undo (#43 item 2): the answer carries the token that restores it.
    expect(res.status).toBe(200);
    expect(((await res.json()) as { undoToken: string }).undoToken).toMatch(/^[0-9a-f-]{36}$/);
    expect((await summary(alice)).trades.count).toBe(3);
    expect((await summary(alice, '&symbol=CCC')).trades.count).toBe(0);
  });

  it('follows a journal edit of the strategy, and a strategy name as it is now', async () => {
    const strategy = await alice.json<StrategyJson>(alice.post('/api/strategies', { name: 'Breakout' }));
    expect((await summary(alice, `&strategyId=${strategy.id}`)).trades.count).toBe(0);
    const res = await patch(alice, `/api/trades/${await tradeIdOf(alice, 'AAA')}`, { strategyId: strategy.id });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await summary(alice, `&strategyId=${strategy.id}`)).trades).toMatchObject({ count: 1, netPnl: 10 });
    const groups = (await breakdown(alice, 'strategy')).groups;
    expect(groups.find((g) => g.key === strategy.id)).toMatchObject({ label: 'Breakout', count: 1 });
    // Strategies cannot be renamed through the API yet; a rename in the table must show at once.
    await t.database.db.execute(sql`update strategies set name = 'Opening range' where id = ${strategy.id}`);
    const renamed = (await breakdown(alice, 'strategy')).groups;
    expect(renamed.find((g) => g.key === strategy.id)).toMatchObject({ label: 'Opening range' });
  });

  it('follows tags added, renamed, removed and deleted', async () => {
    const tag = await alice.json<TagJson>(alice.post('/api/tags', { name: 'A+ setup' }));
    const bbb = await tradeIdOf(alice, 'BBB');
    expect((await patch(alice, `/api/trades/${bbb}`, { tags: [tag.id] })).status).toBe(200);
    expect((await summary(alice, `&tagId=${tag.id}`)).trades).toMatchObject({ count: 1, netPnl: -4 });
    expect((await breakdown(alice, 'tag')).groups.find((g) => g.key === tag.id)).toMatchObject({ label: 'A+ setup' });

    expect((await patch(alice, `/api/tags/${tag.id}`, { name: 'A setup' })).status).toBe(200);
    expect((await breakdown(alice, 'tag')).groups.find((g) => g.key === tag.id)).toMatchObject({ label: 'A setup' });

    expect((await patch(alice, `/api/trades/${bbb}`, { tags: [] })).status).toBe(200);
    expect((await summary(alice, `&tagId=${tag.id}`)).trades.count).toBe(0);

    expect((await patch(alice, `/api/trades/${bbb}`, { tags: [tag.id] })).status).toBe(200);
    expect((await summary(alice, `&tagId=${tag.id}`)).trades.count).toBe(1);
    expect((await alice.delete(`/api/tags/${tag.id}`)).status).toBe(204);
    expect((await summary(alice, `&tagId=${tag.id}`)).trades.count).toBe(0);
    expect((await breakdown(alice, 'tag')).groups.map((g) => g.key)).not.toContain(tag.id);
  });

  it('follows journal notes on the calendar and the account’s starting balance', async () => {
    const month = () => alice.json<AnalyticsCalendarJson>(alice.get(`/api/analytics/calendar?month=2025-03&tz=UTC`));
    expect((await month()).days.filter((d) => d.hasNote)).toEqual([]);
    expect((await patch(alice, `/api/trades/${await tradeIdOf(alice, 'BBB')}`, { notes: 'Late entry.' })).status).toBe(
      200,
    );
    expect((await month()).days.filter((d) => d.hasNote).map((d) => d.date)).toEqual(['2025-03-04']);
    expect((await patch(alice, `/api/accounts/${main.id}`, { startingBalance: '20000' })).status).toBe(200);
    expect((await summary(alice)).startingEquity).toBe(20_000);
  });

  it('sees writes made through another app instance on the same database', async () => {
    const before = await summary(alice);
    const beforeOther = await summary(aliceOnOther);
    expect(beforeOther.trades).toEqual(before.trades);
    await addTrades(aliceOnOther, main.id, [{ symbol: 'DDD', at: '2025-03-07T15:00:00Z', pnl: 50 }]);
    expect((await summary(alice)).trades.count).toBe(Number(before.trades.count) + 1);
    // And writes straight into the table (a script, an administrator): the triggers see them too.
    // The account-currency figure with it, as the app writes both.
    await t.database.db.update(trades).set({ netPnl: '-50', accountNetPnl: '-50' }).where(eq(trades.symbol, 'DDD'));
    expect((await summary(alice)).trades.netPnl).toBeCloseTo((before.trades.netPnl as number) - 50, 9);
    expect((await summary(aliceOnOther)).trades.netPnl).toBeCloseTo((before.trades.netPnl as number) - 50, 9);
  });

  it("is not moved by another user's writes and never shows another user's data", async () => {
    const versionOf = async (id: string) =>
      (await t.database.db.select({ version: users.analyticsVersion }).from(users).where(eq(users.id, id)))[0]?.version;
    const before = await versionOf(aliceId);
    const aliceBefore = await summary(alice);
    const bobAccount = await bob.json<AccountJson>(bob.post('/api/accounts', { name: 'Bob', startingBalance: '500' }));
    await addTrades(bob, bobAccount.id, [{ symbol: 'AAA', at: '2025-03-03T16:00:00Z', pnl: 1000 }]);
    expect(await versionOf(aliceId)).toBe(before);
    expect((await summary(alice)).trades).toEqual(aliceBefore.trades);
    expect((await summary(bob)).trades).toMatchObject({ count: 1, netPnl: 1000 });
    expect((await summary(bob, `&accountId=${main.id}`)).trades.count).toBe(0);
    expect((await summary(alice, `&accountId=${bobAccount.id}`)).trades.count).toBe(0);
    const symbols = await breakdown(bob, 'symbol');
    expect(symbols.groups.map((g) => g.key)).toEqual(['AAA']);
  });
});

describe('the analytics cache without its triggers', () => {
  it('answers from memory while the data version stands: the triggers are what keep it fresh', async () => {
    const { db } = t.database;
    const before = await summary(alice);
    await db.execute(sql`alter table trades disable trigger trades_analytics_version_update`);
    try {
      await db.update(trades).set({ netPnl: '0', accountNetPnl: '0' }).where(eq(trades.userId, aliceId));
      expect((await summary(alice)).trades).toEqual(before.trades);
    } finally {
      await db.execute(sql`alter table trades enable trigger trades_analytics_version_update`);
    }
    await db
      .update(users)
      .set({ analyticsVersion: sql`${users.analyticsVersion} + 1` })
      .where(eq(users.id, aliceId));
    expect((await summary(alice)).trades.netPnl).toBe(0);
  });
});

describe('GET /api/analytics/equity?maxPoints=', () => {
  it('downsamples a longer series, keeping the ends and the deepest drawdown, and says so', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({
      symbol: `EQ${i}`,
      at: new Date(Date.UTC(2025, 3, 1 + i, 15)).toISOString(),
      pnl: i === 30 ? -60 : (i % 5) - 2,
    }));
    await addTrades(alice, main.id, rows);
    const query = `/api/analytics/equity?tz=UTC&from=2025-04-01`;
    const full = await alice.json<AnalyticsEquityJson>(alice.get(query));
    expect(full).toMatchObject({ tradePointCount: 60, dayPointCount: 60, isDownsampled: false });
    const cut = await alice.json<AnalyticsEquityJson>(alice.get(`${query}&maxPoints=10`));
    expect(cut).toMatchObject({ tradePointCount: 60, dayPointCount: 60, isDownsampled: true });
    expect(cut.perTrade.closedAt.length).toBeLessThanOrEqual(10);
    expect(cut.perDay.date.length).toBeLessThanOrEqual(10);
    expect(cut.perTrade.closedAt[0]).toBe(full.perTrade.closedAt[0]);
    expect(cut.perTrade.cumulativePnl.at(-1)).toBe(full.perTrade.cumulativePnl.at(-1));
    expect(Math.max(...cut.perTrade.drawdownAbs)).toBe(Math.max(...full.perTrade.drawdownAbs));
    expect(Math.max(...cut.perDay.drawdownAbs)).toBe(Math.max(...full.perDay.drawdownAbs));
    const roomy = await alice.json<AnalyticsEquityJson>(alice.get(`${query}&maxPoints=100`));
    expect(roomy).toEqual(full);
  });

  it.each(['1', '100001', '2.5', 'many', ''])('refuses maxPoints=%s with a 400 naming the field', async (value) => {
    const res = await alice.get(`/api/analytics/equity?maxPoints=${value}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      fields: { maxPoints: 'Must be a whole number from 2 to 100,000' },
    });
  });

  it('reloads the writer’s analytics in the background after a write, so the next request needs no load', async () => {
    const cache = t.app.analyticsCache;
    const before = Number((await summary(alice)).trades.count);
    const loadsWhenWarm = cache.stats().loads;
    await addTrades(alice, main.id, [{ symbol: 'REFR', at: '2025-06-02T15:00:00Z', pnl: 5 }]);
    await waitUntil(() => cache.stats().loads !== loadsWhenWarm);
    const loadsAfterRefresh = cache.stats().loads;
    expect(loadsAfterRefresh).toBe(loadsWhenWarm + 1);
    expect((await summary(alice)).trades.count).toBe(before + 1);
    expect(cache.stats().loads).toBe(loadsAfterRefresh);
  });

  it('loads the recently active users’ analytics when an instance starts, before any request of theirs', async () => {
    const expected = await summary(alice);
    // A restart: a new instance on the same database, with an empty cache.
    const restarted = await buildApp({ config: t.config, database: t.database, distDir: null });
    try {
      const url = await restarted.listen({ port: 0, host: '127.0.0.1' });
      const cache = restarted.analyticsCache;
      // Alice and Bob both signed in: both are loaded.
      await waitUntil(() => cache.stats().users >= 2);
      const { users: warmed, loads } = cache.stats();
      expect(warmed).toBe(2);
      const client = new TestClient(url);
      await client.login('alice@example.com', PASSWORD);
      expect(await summary(client)).toEqual(expected);
      expect(cache.stats().loads).toBe(loads);
    } finally {
      await restarted.close();
    }
  });

  it('starts loading a user’s analytics when they sign in, so the dashboard after it needs no load', async () => {
    // Carl trades through the other instance: this one has never loaded him.
    await createUser(t.database.db, {
      email: 'carl@example.com',
      password: PASSWORD,
      isVerified: true,
      now: new Date(),
    });
    const carlOnOther = new TestClient(other.url);
    await carlOnOther.login('carl@example.com', PASSWORD);
    const account = await carlOnOther.json<AccountJson>(carlOnOther.post('/api/accounts', { name: 'Carl' }));
    await addTrades(carlOnOther, account.id, [{ symbol: 'CARL', at: '2025-04-01T15:00:00Z', pnl: 7 }]);
    const cache = t.app.analyticsCache;
    const loadsBefore = cache.stats().loads;
    const carl = new TestClient(t.url(''));
    await carl.login('carl@example.com', PASSWORD);
    await waitUntil(() => cache.stats().loads !== loadsBefore);
    const loadsAfterSignIn = cache.stats().loads;
    expect(loadsAfterSignIn).toBe(loadsBefore + 1);
    expect((await summary(carl)).trades).toMatchObject({ count: 1, netPnl: 7 });
    expect(cache.stats().loads).toBe(loadsAfterSignIn);
  });
});
