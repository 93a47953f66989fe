import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsEquityJson, AnalyticsSummaryJson } from '../../../contracts/analytics';
import type { LoadedSampleDataJson, RemovedSampleDataJson, SampleDataStatusJson } from '../../../contracts/sample-data';
import type {
  AccountJson,
  AddExecutionsJson,
  StrategyJson,
  TagJson,
  TradeJson,
  TradeListJson,
} from '../../../contracts/trades';
import { trades } from '../../db/schema';
import { regroupInstruments } from '../trades';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

const PASSWORD = 'long-enough-password';
let t: TestApp;

async function signedInClient(email: string): Promise<TestClient> {
  await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
  const client = new TestClient(t.url(''));
  await client.login(email, PASSWORD);
  return client;
}

/** Every trade of the user (or of one account), following the cursor. */
async function listAllTrades(c: TestClient, query = ''): Promise<TradeJson[]> {
  const all: TradeJson[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(query);
    params.set('limit', '500');
    params.set('sort', 'openedAt');
    if (cursor) params.set('cursor', cursor);
    const page: TradeListJson = await c.json<TradeListJson>(c.get(`/api/trades?${params.toString()}`));
    all.push(...page.trades);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

const status = (c: TestClient) => c.json<SampleDataStatusJson>(c.get('/api/sample-data'));
const tagNames = async (c: TestClient) =>
  (await c.json<{ tags: TagJson[] }>(c.get('/api/tags'))).tags.map((tag) => tag.name);
const strategyNames = async (c: TestClient) =>
  (await c.json<{ strategies: StrategyJson[] }>(c.get('/api/strategies'))).strategies.map((s) => s.name);

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
});
afterAll(() => t.close());

describe('/api/sample-data', () => {
  let c: TestClient;
  let own: { account: AccountJson; fomoTradeId: string; otherTradeId: string };
  let loaded: LoadedSampleDataJson;

  beforeAll(async () => {
    c = await signedInClient('sample@example.com');
    // The user's own journal: an account with two trades, a tag and a strategy that share a
    // sample tag's and strategy's name.
    const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'My broker' }));
    const added = await c.json<AddExecutionsJson>(
      c.post('/api/executions', {
        accountId: account.id,
        executions: ['AAPL', 'MSFT'].flatMap((symbol) => [
          { executedAt: '2025-01-02T15:00:00Z', symbol, side: 'buy', quantity: '10', price: '100' },
          { executedAt: '2025-01-02T15:05:00Z', symbol, side: 'sell', quantity: '10', price: '101.5' },
        ]),
      }),
    );
    const fomo = await c.json<TagJson>(c.post('/api/tags', { name: 'fomo', color: '#000000' }));
    const vwap = await c.json<StrategyJson>(c.post('/api/strategies', { name: 'VWAP reclaim' }));
    await c.request('PATCH', `/api/trades/${added.trades[0]!.id}`, {
      tags: [fomo.id],
      strategyId: vwap.id,
      notes: 'mine',
    });
    own = { account, fomoTradeId: added.trades[0]!.id, otherTradeId: added.trades[1]!.id };
  });

  it('answers loaded: false before anything is loaded', async () => {
    expect(await status(c)).toEqual({ loaded: false, accountId: null });
  });

  it('loads months of sample trades into a Sample account in one call', async () => {
    // No time limit: how long it takes depends on the machine (the test's timeout catches a hang).
    const res = await c.post('/api/sample-data');
    expect(res.status).toBe(201);
    loaded = (await res.json()) as LoadedSampleDataJson;
    expect(loaded.tradeCount).toBeGreaterThan(400);
    expect(await status(c)).toEqual({ loaded: true, accountId: loaded.accountId });

    const account = await c.json<AccountJson>(c.get(`/api/accounts/${loaded.accountId}`));
    expect(account).toMatchObject({ name: 'Sample account', currency: 'USD', startingBalance: '50000' });
    const sample = await listAllTrades(c, `accountId=${loaded.accountId}`);
    expect(sample).toHaveLength(loaded.tradeCount);
    expect(new Set(sample.map((tr) => tr.assetClass))).toEqual(new Set(['stock', 'etf', 'option', 'future']));
    expect(sample.filter((tr) => tr.status === 'open')).toHaveLength(3);
    expect(sample.some((tr) => tr.netPnl.startsWith('-'))).toBe(true);
    expect(sample.filter((tr) => tr.rMultiple !== null).length).toBeGreaterThan(sample.length * 0.75);
    expect(sample.some((tr) => tr.tags.length > 0 && tr.strategyId !== null && tr.rating !== null)).toBe(true);
    expect(sample.some((tr) => tr.notes.startsWith('## '))).toBe(true);
    const future = sample.find((tr) => tr.symbol.startsWith('ES') && tr.assetClass === 'future');
    expect(future?.multiplier).toBe('50');
    expect(sample.find((tr) => tr.assetClass === 'option')?.multiplier).toBe('100');
  });

  it('stores exactly the trades that regrouping the fills would', async () => {
    const db = t.database.db;
    const columns = {
      openingExecutionId: trades.openingExecutionId,
      status: trades.status,
      quantity: trades.quantity,
      avgEntryPrice: trades.avgEntryPrice,
      avgExitPrice: trades.avgExitPrice,
      grossPnl: trades.grossPnl,
      netPnl: trades.netPnl,
      initialRisk: trades.initialRisk,
      rMultiple: trades.rMultiple,
      strategyId: trades.strategyId,
      hasNotes: trades.hasNotes,
    };
    const read = () =>
      db
        .select(columns)
        .from(trades)
        .where(eq(trades.accountId, loaded.accountId))
        .orderBy(asc(trades.openingExecutionId));
    const before = await read();
    const keys = [
      ...new Set(
        (await db.select({ k: trades.instrumentKey }).from(trades).where(eq(trades.accountId, loaded.accountId))).map(
          (r) => r.k,
        ),
      ),
    ];
    await db.transaction(async (tx) => {
      await regroupInstruments(tx, {
        cuts: keys.map((instrumentKey) => ({ accountId: loaded.accountId, instrumentKey, changedAt: null })),
        defaultRiskAmount: null,
        now: new Date(),
      });
    });
    expect(await read()).toEqual(before);
  });

  it('answers 409 with a clear message when loaded again, adding nothing', async () => {
    const res = await c.post('/api/sample-data');
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'CONFLICT', message: expect.stringMatching(/already loaded/) });
    const accounts = await c.json<{ accounts: AccountJson[] }>(c.get('/api/accounts'));
    expect(accounts.accounts.map((a) => a.name).sort()).toEqual(['My broker', 'Sample account']);
  });

  it('leaves the sample out of "All accounts" (analytics, trade list, count, exports) unless it is picked', async () => {
    const summary = (query = '') =>
      c.json<AnalyticsSummaryJson>(c.get(`/api/analytics/summary${query}`)).then((s) => s.trades.count);
    // The user's own two trades, not 2 + the sample's.
    expect(await summary()).toBe(2);
    expect(await summary(`?accountId=${loaded.accountId}`)).toBe(loaded.tradeCount - 3); // its 3 open trades aside
    expect(
      await summary(
        `?filter=${encodeURIComponent(JSON.stringify({ accountIds: [own.account.id, loaded.accountId] }))}`,
      ),
    ).toBe(loaded.tradeCount - 3 + 2);
    expect((await listAllTrades(c)).map((tr) => tr.accountId)).toEqual([own.account.id, own.account.id]);
    expect(await c.json<{ count: number }>(c.get('/api/trades/count'))).toEqual({ count: 2 });
    expect(await c.json<{ count: number }>(c.get(`/api/trades/count?accountId=${loaded.accountId}`))).toEqual({
      count: loaded.tradeCount,
    });
    const csv = await (await c.get('/api/trades/export.csv')).text();
    expect(csv.trim().split('\n')).toHaveLength(1 + 4); // a header and the user's own four fills
    const equity = await c.json<AnalyticsEquityJson>(c.get('/api/analytics/equity'));
    expect(equity.startingEquity).toBe(0); // the sample account's 50,000 is not the trader's
  });

  it('reuses the user’s own tag and strategy of the same name instead of duplicating them', async () => {
    const names = await tagNames(c);
    expect(names.filter((n) => n.toLowerCase() === 'fomo')).toEqual(['fomo']);
    expect(names).toEqual(expect.arrayContaining(['Breakout', 'Moved stop', 'A+ setup']));
    const strategies = await strategyNames(c);
    expect(strategies.filter((n) => n.toLowerCase() === 'vwap reclaim')).toEqual(['VWAP reclaim']);
    expect(strategies).toEqual(expect.arrayContaining(['Opening Range Breakout', 'Trend Pullback']));
  });

  it('removes the sample and nothing of the user’s own, keeping sample tags and strategies their trades use', async () => {
    const { tags } = await c.json<{ tags: TagJson[] }>(c.get('/api/tags'));
    const { strategies } = await c.json<{ strategies: StrategyJson[] }>(c.get('/api/strategies'));
    const breakout = tags.find((tag) => tag.name === 'Breakout')!;
    const orb = strategies.find((s) => s.name === 'Opening Range Breakout')!;
    // The user adopts one sample tag and one sample strategy on their own second trade.
    await c.request('PATCH', `/api/trades/${own.otherTradeId}`, { tags: [breakout.id], strategyId: orb.id });
    const ownBefore = await listAllTrades(c, `accountId=${own.account.id}`);

    const res = await c.delete('/api/sample-data');
    expect(res.status).toBe(200);
    expect((await res.json()) as RemovedSampleDataJson).toEqual({
      loaded: false,
      removedTradeCount: loaded.tradeCount,
    });
    expect(await status(c)).toEqual({ loaded: false, accountId: null });
    expect((await c.get(`/api/accounts/${loaded.accountId}`)).status).toBe(404);
    expect(await listAllTrades(c)).toEqual(ownBefore);
    const tagsOf = (id: string) => ownBefore.find((tr) => tr.id === id)?.tags.map((tag) => tag.name);
    expect([tagsOf(own.fomoTradeId), tagsOf(own.otherTradeId)]).toEqual([['fomo'], ['Breakout']]);
    expect(ownBefore.find((tr) => tr.id === own.fomoTradeId)?.notes).toBe('mine');
    expect((await tagNames(c)).sort()).toEqual(['Breakout', 'fomo']);
    expect((await strategyNames(c)).sort()).toEqual(['Opening Range Breakout', 'VWAP reclaim']);
  });

  it('answers 404 when there is nothing to remove, and loads again after a removal', async () => {
    const res = await c.delete('/api/sample-data');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'NOT_FOUND', message: expect.stringMatching(/No sample data/) });
    const again = await c.post('/api/sample-data');
    expect(again.status).toBe(201);
    const body = (await again.json()) as LoadedSampleDataJson;
    expect(body.tradeCount).toBe(loaded.tradeCount);
    // The adopted tag is reused, not duplicated.
    expect((await tagNames(c)).filter((n) => n === 'Breakout')).toHaveLength(1);
    expect((await c.delete('/api/sample-data')).status).toBe(200);
  });

  it('keeps each user’s sample to themselves', async () => {
    const a = await signedInClient('sample-a@example.com');
    const b = await signedInClient('sample-b@example.com');
    const loadedA = await a.json<LoadedSampleDataJson>(a.post('/api/sample-data'));
    expect(await status(b)).toEqual({ loaded: false, accountId: null });
    expect((await b.delete('/api/sample-data')).status).toBe(404);
    expect(await listAllTrades(b)).toEqual([]);
    expect((await b.get(`/api/accounts/${loadedA.accountId}`)).status).toBe(404);
    expect((await b.get(`/api/trades?accountId=${loadedA.accountId}`)).status).toBe(200);
    expect(await listAllTrades(b, `accountId=${loadedA.accountId}`)).toEqual([]);
    const loadedB = await b.json<LoadedSampleDataJson>(b.post('/api/sample-data'));
    expect(loadedB.accountId).not.toBe(loadedA.accountId);
    expect((await b.delete('/api/sample-data')).status).toBe(200);
    expect(await status(a)).toEqual({ loaded: true, accountId: loadedA.accountId });
    expect(await listAllTrades(a)).toHaveLength(loadedA.tradeCount);
  });

  it('settles two loads at once into one sample account', async () => {
    const d = await signedInClient('sample-race@example.com');
    const answers = await Promise.all([d.post('/api/sample-data'), d.post('/api/sample-data')]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const { accounts } = await d.json<{ accounts: AccountJson[] }>(d.get('/api/accounts'));
    expect(accounts).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    const anonymous = new TestClient(t.url(''));
    expect((await anonymous.get('/api/sample-data')).status).toBe(401);
    expect((await anonymous.post('/api/sample-data')).status).toBe(401);
    expect((await anonymous.delete('/api/sample-data')).status).toBe(401);
  });
});
