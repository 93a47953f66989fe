import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnalyticsBreakdownJson,
  AnalyticsDistributionJson,
  AnalyticsEquityJson,
  AnalyticsHeatmapJson,
  AnalyticsOutcomesJson,
  AnalyticsSummaryJson,
} from '../../../contracts/analytics';
import type { AccountJson, ExecutionInput } from '../../../contracts/trades';
import { trades } from '../../db/schema';
import type { ErrorBody } from '../../errors';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

const PASSWORD = 'long-enough-password';
let t: TestApp;
let alice: TestClient;
let newcomer: TestClient;
let main: AccountJson;
let second: AccountJson;

async function signIn(email: string): Promise<TestClient> {
  await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
  const client = new TestClient(t.url(''));
  await client.login(email, PASSWORD);
  return client;
}

/** One-lot round trips on their own symbols, closed at the given instants: net P&L = sell − buy. */
async function seedTrades(params: { accountId: string; rows: { symbol: string; closedAt: string; pnl: number }[] }) {
  const executions: ExecutionInput[] = params.rows.flatMap(({ symbol, closedAt, pnl }) => [
    {
      executedAt: new Date(Date.parse(closedAt) - 60_000).toISOString(),
      symbol,
      side: 'buy',
      quantity: '1',
      price: '100',
    },
    { executedAt: closedAt, symbol, side: 'sell', quantity: '1', price: (100 + pnl).toFixed(2) },
  ]);
  const res = await alice.post('/api/executions', { accountId: params.accountId, executions });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  alice = await signIn('demo-alice@example.com');
  newcomer = await signIn('demo-newcomer@example.com');
  main = await alice.json<AccountJson>(alice.post('/api/accounts', { name: 'Main', startingBalance: '10000' }));
  second = await alice.json<AccountJson>(alice.post('/api/accounts', { name: 'Second', startingBalance: '5000' }));
  // Seeded out of close order: the answer is in close order.
  await seedTrades({
    accountId: main.id,
    rows: [
      { symbol: 'BBB', closedAt: '2024-03-05T15:00:00.000Z', pnl: -12.5 },
      { symbol: 'AAA', closedAt: '2024-03-04T15:00:00.000Z', pnl: 40 },
      { symbol: 'CCC', closedAt: '2024-03-06T15:00:00.000Z', pnl: 7.25 },
    ],
  });
  await seedTrades({ accountId: second.id, rows: [{ symbol: 'DDD', closedAt: '2024-03-07T15:00:00.000Z', pnl: 3 }] });
  await t.database.db
    .update(trades)
    .set({ rMultiple: '2' })
    .where(and(eq(trades.accountId, main.id), eq(trades.symbol, 'AAA')));
  // An open trade is no outcome.
  await alice.post('/api/executions', {
    accountId: main.id,
    executions: [{ executedAt: '2024-03-08T15:00:00Z', symbol: 'OPEN', side: 'buy', quantity: '1', price: '5' }],
  });
});
afterAll(() => t.close());

describe('GET /api/analytics/outcomes', () => {
  it("answers the filtered closed trades' P&L and R in close order, with the accounts' starting balance", async () => {
    const res = await alice.get(`/api/analytics/outcomes?accountId=${main.id}&tz=Europe/Paris`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      startingEquity: 10_000,
      timeZone: 'Europe/Paris',
      currency: 'USD',
      unconverted: [],
      unconvertedStartingBalances: [],
      pnl: [40, -12.5, 7.25],
      r: [2, null, null],
    } satisfies AnalyticsOutcomesJson);
  });

  it("spans every account without a filter and defaults to the user's time zone", async () => {
    const body = await alice.json<AnalyticsOutcomesJson>(alice.get('/api/analytics/outcomes'));
    expect(body).toMatchObject({ startingEquity: 15_000, pnl: [40, -12.5, 7.25, 3] });
    expect(body.timeZone).toEqual(expect.any(String));
  });

  it('answers an empty sample to a user with no trades', async () => {
    const body = await newcomer.json<AnalyticsOutcomesJson>(newcomer.get('/api/analytics/outcomes?tz=UTC'));
    expect(body).toEqual({
      startingEquity: 0,
      timeZone: 'UTC',
      currency: 'USD',
      unconverted: [],
      unconvertedStartingBalances: [],
      pnl: [],
      r: [],
    });
  });

  it('refuses an unknown time zone and a visitor who is not signed in', async () => {
    const res = await alice.get('/api/analytics/outcomes?tz=Mars/Olympus');
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).fields).toHaveProperty('tz');
    expect((await fetch(t.url('/api/analytics/outcomes'))).status).toBe(401);
  });
});

describe('GET /api/analytics/demo/*', () => {
  it('answers the built-in sample journal, the same trades in every view', async () => {
    const outcomes = await newcomer.json<AnalyticsOutcomesJson>(newcomer.get('/api/analytics/demo/outcomes?tz=UTC'));
    expect(outcomes.pnl.length).toBeGreaterThan(100);
    expect(outcomes.r).toHaveLength(outcomes.pnl.length);
    expect(outcomes.startingEquity).toBeGreaterThan(0);
    const summary = await newcomer.json<AnalyticsSummaryJson>(newcomer.get('/api/analytics/demo/summary?tz=UTC'));
    expect(summary.startingEquity).toBe(outcomes.startingEquity);
    expect(summary.trades.count).toBe(outcomes.pnl.length);
    const netPnl = outcomes.pnl.reduce((sum, pnl) => sum + pnl, 0);
    expect(summary.trades.netPnl).toBeCloseTo(netPnl, 6);
    const equity = await newcomer.json<AnalyticsEquityJson>(newcomer.get('/api/analytics/demo/equity?tz=UTC'));
    expect(equity.startingEquity).toBe(outcomes.startingEquity);
    expect(equity.perTrade.cumulativePnl.at(-1)).toBeCloseTo(netPnl, 6);
    const heatmap = await newcomer.json<AnalyticsHeatmapJson>(
      newcomer.get('/api/analytics/demo/heatmap?metric=count&tz=UTC'),
    );
    expect(heatmap.cells.reduce((sum, cell) => sum + cell.count, 0)).toBe(outcomes.pnl.length);
    const breakdown = await newcomer.json<AnalyticsBreakdownJson>(
      newcomer.get('/api/analytics/demo/breakdown?by=side'),
    );
    expect(breakdown.groups.reduce((sum, group) => sum + Number(group.count), 0)).toBe(outcomes.pnl.length);
    const distribution = await newcomer.json<AnalyticsDistributionJson>(
      newcomer.get('/api/analytics/demo/distribution?of=pnl'),
    );
    expect(distribution.of).toBe('pnl');
  });

  it('answers the same sample to every user, in the time zone asked for', async () => {
    const mine = await alice.json<AnalyticsOutcomesJson>(alice.get('/api/analytics/demo/outcomes?tz=Asia/Tokyo'));
    const theirs = await newcomer.json<AnalyticsOutcomesJson>(newcomer.get('/api/analytics/demo/outcomes'));
    expect(mine.timeZone).toBe('Asia/Tokyo');
    expect(mine.pnl).toEqual(theirs.pnl);
  });

  it("stores nothing: the user's own analytics stay empty", async () => {
    await newcomer.get('/api/analytics/demo/summary');
    const own = await newcomer.json<AnalyticsSummaryJson>(newcomer.get('/api/analytics/summary?tz=UTC'));
    expect(own.trades.count).toBe(0);
  });

  it('refuses a bad query and a visitor who is not signed in', async () => {
    expect((await newcomer.get('/api/analytics/demo/summary?tz=Nowhere/Else')).status).toBe(400);
    expect((await newcomer.get('/api/analytics/demo/breakdown?by=colour')).status).toBe(400);
    expect((await fetch(t.url('/api/analytics/demo/outcomes'))).status).toBe(401);
  });
});
