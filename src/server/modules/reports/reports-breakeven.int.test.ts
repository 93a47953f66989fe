import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsBreakdownJson, AnalyticsSummaryJson } from '../../../contracts/analytics';
import type { ReportJson } from '../../../contracts/reports';
import type { AccountJson, ExecutionInput } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { createUser } from '../users';

/**
 * Issue 32: the breakeven band (Settings, per asset class) applies everywhere: a trade whose net
 * P&L lies within ± the band is a breakeven in reports and in the analytics' win rate and win/loss
 * counts, as in the `outcomes` filter. Band 0 (none set) is the definitions' p > 0 / p < 0.
 */
const PASSWORD = 'long-enough-password';
let t: TestApp;

/** A one-share round trip bought at 100, sold at 100 + move, 0.35 commission each fill. */
function roundTrip(symbol: string, closedAt: string, move: string): ExecutionInput[] {
  const close = Date.parse(closedAt);
  const fill = { symbol, quantity: '1', commission: '0.35' };
  return [
    { ...fill, executedAt: new Date(close - 30 * 60_000).toISOString(), side: 'buy', price: '100' },
    { ...fill, executedAt: closedAt, side: 'sell', price: new Big(100).plus(move).toString() },
  ];
}

describe.each([
  ['from the cache', {}],
  ['from SQL', { ANALYTICS_CACHE_MAX_TRADES: '0' }],
])('the breakeven band in reports and analytics, %s', (_, cacheEnv) => {
  let c: TestClient;
  beforeAll(async () => {
    t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000', ...cacheEnv } });
    await createUser(t.database.db, {
      email: 'band@example.com',
      password: PASSWORD,
      isVerified: true,
      now: new Date(),
    });
    c = new TestClient(t.url(''));
    await c.login('band@example.com', PASSWORD);
    const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Main', startingBalance: '10000' }));
    // Net P&L: +1.40, −1.95, 0, +2.633, −4.71.
    const executions = [
      ...roundTrip('AAPL', '2025-01-06T15:00:00Z', '2.10'),
      ...roundTrip('AAPL', '2025-01-07T15:00:00Z', '-1.25'),
      ...roundTrip('MSFT', '2025-01-08T15:00:00Z', '0.70'),
      ...roundTrip('MSFT', '2025-01-14T15:00:00Z', '3.333'),
      ...roundTrip('TSLA', '2025-02-03T15:00:00Z', '-4.01'),
    ];
    const res = await c.post('/api/executions', { accountId: account.id, executions });
    expect(res.status, await res.clone().text()).toBe(200);
  });
  afterAll(async () => {
    await c.request('PATCH', '/api/auth/user', { breakevenBands: {} });
    await t.close();
  });

  const report = (body: unknown) => c.json<ReportJson>(c.post('/api/reports/run', body));
  const summary = () => c.json<AnalyticsSummaryJson>(c.get('/api/analytics/summary'));
  const bySymbol = () => c.json<AnalyticsBreakdownJson>(c.get('/api/analytics/breakdown?by=symbol'));

  it('counts only exactly 0 as breakeven with no band', async () => {
    expect((await report({ groupBy: 'none' })).total).toMatchObject({ count: 5, wins: 2, losses: 2, winRate: 0.4 });
    expect((await summary()).trades).toMatchObject({ count: 5, wins: 2, losses: 2, breakeven: 1, winRate: 0.4 });
  });

  it('counts a trade within the stock band as breakeven in the report, the summary and the breakdown', async () => {
    const patched = await c.request('PATCH', '/api/auth/user', { breakevenBands: { stock: '1.5' } });
    expect(patched.status).toBe(200);

    // +1.40 is now inside ±1.50: one win (+2.633), two losses (−1.95, −4.71), two breakevens.
    const run = await report({ groupBy: 'symbol' });
    expect(run.total).toMatchObject({ count: 5, wins: 1, losses: 2, winRate: 0.2, netPnl: '-2.627' });
    expect(run.total.avgWin).toBe('2.633');
    expect(run.groups.find((row) => row.key === 'AAPL')).toMatchObject({ wins: 0, losses: 1 });
    // The report's outcome filter and its win counts agree.
    const breakevens = await report({ filter: { outcomes: ['breakeven'] }, groupBy: 'none' });
    expect(breakevens.total).toMatchObject({ count: 2, wins: 0, losses: 0 });

    const stats = (await summary()).trades;
    expect(stats).toMatchObject({ count: 5, wins: 1, losses: 2, breakeven: 2, winRate: 0.2 });
    expect(stats.avgWin).toBeCloseTo(2.633, 6);
    expect(stats.grossProfit).toBeCloseTo(2.633, 6);
    const aapl = (await bySymbol()).groups.find((group) => group.key === 'AAPL');
    expect(aapl).toMatchObject({ wins: 0, losses: 1 });

    // A band on another class changes nothing here.
    await c.request('PATCH', '/api/auth/user', { breakevenBands: { future: '100' } });
    expect((await report({ groupBy: 'none' })).total).toMatchObject({ wins: 2, losses: 2 });
    expect((await summary()).trades).toMatchObject({ wins: 2, losses: 2, breakeven: 1 });
  });
});
