import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnalyticsBreakdownJson,
  AnalyticsCalendarJson,
  AnalyticsDistributionJson,
  AnalyticsEquityJson,
  AnalyticsHeatmapJson,
  AnalyticsSummaryJson,
} from '../../../contracts/analytics';
import type { AccountJson, ExecutionInput } from '../../../contracts/trades';
import type { AnalyticsTrade, MonteCarloResult } from '../../../core/analytics';
import { trades } from '../../db/schema';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import {
  compareSection,
  normaliseOracleInstants,
  readOracleCsv,
  readOracleExpected,
} from '../../../../test/fixtures/oracle/oracle-fixtures';

const PASSWORD = 'long-enough-password';
let t: TestApp;
let alice: TestClient;
let bob: TestClient;
let aliceId: string;
let small: AccountJson;
let edge: AccountJson;

async function signIn(email: string): Promise<{ client: TestClient; id: string }> {
  const user = await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
  const client = new TestClient(t.url(''));
  await client.login(email, PASSWORD);
  return { client, id: user.id };
}

/**
 * Stores each oracle trade as a one-lot round trip on its own symbol (buy a minute before the
 * close, sell at entry + P&L: net P&L exact, no fees), then sets its R to the data set's value.
 */
async function seedTrades(c: TestClient, params: { accountId: string; prefix: string; rows: AnalyticsTrade[] }) {
  const executions: ExecutionInput[] = params.rows.flatMap((row, i) => {
    const symbol = `${params.prefix}${i}`;
    return [
      { executedAt: new Date(row.closedAt - 60_000).toISOString(), symbol, side: 'buy', quantity: '1', price: '10000' },
      {
        executedAt: new Date(row.closedAt).toISOString(),
        symbol,
        side: 'sell',
        quantity: '1',
        price: (10_000 + row.netPnl).toFixed(2),
      },
    ];
  });
  const res = await c.post('/api/executions', { accountId: params.accountId, executions });
  expect(res.status, await res.clone().text()).toBe(200);
  for (const [i, row] of params.rows.entries()) {
    await t.database.db
      .update(trades)
      .set({ rMultiple: row.rMultiple === null ? null : String(row.rMultiple) })
      .where(and(eq(trades.accountId, params.accountId), eq(trades.symbol, `${params.prefix}${i}`)));
  }
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  const a = await signIn('analyst@example.com');
  alice = a.client;
  aliceId = a.id;
  bob = (await signIn('bob@example.com')).client;
  small = await alice.json<AccountJson>(alice.post('/api/accounts', { name: 'Main', startingBalance: '25000' }));
  edge = await alice.json<AccountJson>(alice.post('/api/accounts', { name: 'Edge', startingBalance: '50000' }));
  await seedTrades(alice, { accountId: small.id, prefix: 'SMA', rows: readOracleCsv('small50') });
  await seedTrades(alice, { accountId: edge.id, prefix: 'EDG', rows: readOracleCsv('edge') });
  // An open trade never counts.
  await alice.post('/api/executions', {
    accountId: small.id,
    executions: [{ executedAt: '2024-01-10T15:00:00Z', symbol: 'OPEN', side: 'buy', quantity: '1', price: '5' }],
  });
});
afterAll(() => t.close());

describe.each([
  ['small50', () => small],
  ['edge', () => edge],
] as const)('GET /api/analytics/summary on the oracle data set %s', (name, account) => {
  it('answers exactly the reference values, ∞ as "Infinity" and undefined as null', async () => {
    const res = await alice.get(`/api/analytics/summary?accountId=${account().id}&tz=UTC`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as AnalyticsSummaryJson;
    const expected = readOracleExpected(name);
    const tradeCheck = compareSection(body.trades, normaliseOracleInstants(expected.trades), {
      labels: (value) => (typeof value === 'string' ? value : null),
    });
    const dailyCheck = compareSection(body.daily, expected.daily, {
      labels: (value) => (typeof value === 'string' ? value : null),
    });
    expect(tradeCheck.mismatches).toEqual([]);
    expect(dailyCheck.mismatches).toEqual([]);
    expect(tradeCheck.compared).toEqual(
      expect.arrayContaining(['count', 'win_rate_ex_breakeven', 'profit_factor', 'sqn', 'kelly', 'max_drawdown_frac']),
    );
    expect(dailyCheck.compared).toEqual(
      expect.arrayContaining(['sharpe', 'sortino', 'calmar', 'var_hist_95', 'cvar_hist_99', 'var_modified_99']),
    );
    expect(body.startingEquity).toBe(name === 'small50' ? 25_000 : 50_000);
    expect(body.timeZone).toBe('UTC');
  });
});

describe('GET /api/analytics/summary', () => {
  it('serialises the edge cases as the reference does', async () => {
    const body = await alice.json<AnalyticsSummaryJson>(alice.get(`/api/analytics/summary?accountId=${edge.id}`));
    expect(body.trades).toMatchObject({
      profitFactor: 'Infinity',
      payoffRatio: 'Infinity',
      avgLoss: null,
      largestLoss: null,
    });
    expect(body.daily).toMatchObject({ sortino: 'Infinity', calmar: 'Infinity' });
  });

  it('sums the starting balances of all accounts and counts every closed trade', async () => {
    const body = await alice.json<AnalyticsSummaryJson>(alice.get('/api/analytics/summary'));
    expect(body.startingEquity).toBe(75_000);
    expect(body.trades.count).toBe(87);
    expect(body.trades.fees).toBe(0);
    expect(body.trades.grossPnl).toBeCloseTo(3518.47 + 3241.83, 6);
  });

  it('applies the trade list filters', async () => {
    const wins = await alice.json<AnalyticsSummaryJson>(
      alice.get(`/api/analytics/summary?accountId=${small.id}&outcome=win`),
    );
    expect(wins.trades).toMatchObject({ count: 25, losses: 0 });
    const one = await alice.json<AnalyticsSummaryJson>(alice.get('/api/analytics/summary?symbol=SMA3'));
    expect(one.trades.count).toBe(1);
    const range = await alice.json<AnalyticsSummaryJson>(
      alice.get(`/api/analytics/summary?accountId=${small.id}&from=2024-01-02&to=2024-01-03`),
    );
    expect(range.trades.count).toBe(6); // the oracle's first two days: 4 + 2 trades
  });

  it('counts days in the requested time zone', async () => {
    const utc = await alice.json<AnalyticsSummaryJson>(alice.get(`/api/analytics/summary?accountId=${edge.id}&tz=UTC`));
    const ny = await alice.json<AnalyticsSummaryJson>(
      alice.get(`/api/analytics/summary?accountId=${edge.id}&tz=America/New_York`),
    );
    expect(utc.daily.days).toBe(10);
    expect(ny.timeZone).toBe('America/New_York');
    expect(ny.trades.count).toBe(37);
    expect(ny.daily.days).toBeGreaterThanOrEqual(9);
    const bad = await alice.get('/api/analytics/summary?tz=Mars/Olympus');
    expect(bad.status).toBe(400);
  });

  it("shows another user nothing of Alice's, even with her account id", async () => {
    const mine = await bob.json<AnalyticsSummaryJson>(bob.get('/api/analytics/summary'));
    expect(mine.trades).toMatchObject({ count: 0, winRate: null, expectancy: null });
    expect(mine.daily).toMatchObject({ days: 0, sharpe: null });
    const hers = await bob.json<AnalyticsSummaryJson>(bob.get(`/api/analytics/summary?accountId=${small.id}`));
    expect(hers.trades.count).toBe(0);
    expect(hers.startingEquity).toBe(0);
    const anonymous = await new TestClient(t.url('')).get('/api/analytics/summary');
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /api/analytics/equity', () => {
  it('answers cumulative P&L and drawdown per trade and per day', async () => {
    const body = await alice.json<AnalyticsEquityJson>(alice.get(`/api/analytics/equity?accountId=${small.id}&tz=UTC`));
    const expected = readOracleExpected('small50');
    expect(body.perTrade.cumulativePnl).toHaveLength(50);
    expect(body.perTrade.cumulativePnl.at(-1)).toBeCloseTo(3518.47, 6);
    expect(Math.max(...body.perTrade.drawdownAbs)).toBeCloseTo(expected.trades.max_drawdown_abs as number, 6);
    expect(body.perDay.date).toEqual(expected.daily.series.map((d) => d.date));
    expect(Math.max(...body.perDay.drawdownAbs)).toBeCloseTo(expected.daily.max_drawdown_abs as number, 6);
  });
});

describe('GET /api/analytics/calendar', () => {
  it('answers the month by day with weekly totals and note marks', async () => {
    // Straight into the row: a PATCH would also recompute the trade's R from its (missing) stop.
    await t.database.db
      .update(trades)
      .set({ hasNotes: true })
      .where(and(eq(trades.userId, aliceId), eq(trades.symbol, 'SMA0')));
    const body = await alice.json<AnalyticsCalendarJson>(
      alice.get(`/api/analytics/calendar?accountId=${small.id}&month=2024-01&tz=UTC`),
    );
    const series = readOracleExpected('small50').daily.series.filter((d) => String(d.date).startsWith('2024-01'));
    expect(body.days.map((d) => d.date)).toEqual(series.map((d) => d.date));
    expect(body.days.map((d) => d.trades)).toEqual(series.map((d) => d.trades));
    expect(body.days[0]).toMatchObject({ date: '2024-01-02', hasNote: true });
    expect(body.days.filter((d) => d.hasNote)).toHaveLength(1);
    expect(body.weeks.reduce((a, w) => a + w.netPnl, 0)).toBeCloseTo(body.netPnl, 6);
    expect(body.trades).toBe(series.reduce((a, d) => a + (d.trades as number), 0));
    const bad = await alice.get('/api/analytics/calendar?month=2024-13');
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/analytics/heatmap, breakdown and distribution', () => {
  it('fills the hour × weekday grid', async () => {
    const body = await alice.json<AnalyticsHeatmapJson>(
      alice.get(`/api/analytics/heatmap?accountId=${small.id}&metric=count&tz=UTC`),
    );
    expect(body.cells).toHaveLength(168);
    expect(body.cells.reduce((a, c) => a + c.count, 0)).toBe(50);
    // The entries are a minute before the US-session closes (14:30–21:00 UTC), Monday to Friday.
    expect(body.cells.filter((c) => c.count > 0).every((c) => c.weekday <= 5 && c.hour >= 14 && c.hour <= 20)).toBe(
      true,
    );
  });

  it.each([
    ['symbol', 50],
    ['side', 1],
    ['holdingTime', 1],
    ['assetClass', 1],
    ['strategy', 1],
    ['tag', 1],
    ['month', null],
    ['weekday', null],
    ['hour', null],
    ['rBucket', null],
  ] as const)('breaks the trades down by %s', async (by, groups) => {
    const body = await alice.json<AnalyticsBreakdownJson>(
      alice.get(`/api/analytics/breakdown?accountId=${small.id}&by=${by}&tz=UTC`),
    );
    expect(body.groups.length).toBeGreaterThanOrEqual(1);
    if (groups !== null) expect(body.groups).toHaveLength(groups);
    expect(body.groups.reduce((a, g) => a + (g.count as number), 0)).toBe(50);
  });

  it('answers the R and P&L distributions', async () => {
    const r = await alice.json<AnalyticsDistributionJson>(
      alice.get(`/api/analytics/distribution?accountId=${small.id}&of=r`),
    );
    expect(r.count).toBe(50);
    expect(r.bins.every((b) => b.to - b.from === 0.5)).toBe(true);
    expect(r.mean).toBeCloseTo(readOracleExpected('small50').trades.expectancy_r as number, 9);
    const pnl = await alice.json<AnalyticsDistributionJson>(
      alice.get(`/api/analytics/distribution?accountId=${small.id}&of=pnl`),
    );
    expect(pnl.bins.reduce((a, b) => a + b.count, 0)).toBe(50);
  });
});

describe('POST /api/analytics/monte-carlo', () => {
  it('gives the same result for the same seed and echoes it', async () => {
    const request = { accountId: small.id, runs: 2_000, horizon: 100, seed: 42, method: 'bootstrap' };
    const a = await alice.post('/api/analytics/monte-carlo', request);
    expect(a.status).toBe(200);
    const first = (await a.json()) as MonteCarloResult;
    const second = await alice.json<MonteCarloResult>(alice.post('/api/analytics/monte-carlo', request));
    expect(second).toEqual(first);
    expect(first).toMatchObject({ seed: 42, runs: 2_000, horizon: 100, startingEquity: 25_000, sampleSize: 50 });
    expect(first.fan).toHaveLength(101);
    expect(first.fan[0]).toMatchObject({ step: 0, p50: 25_000 });
  });

  it('picks and answers a seed when none is given, and simulates R with fixed-fraction sizing', async () => {
    const body = await alice.json<MonteCarloResult>(
      alice.post('/api/analytics/monte-carlo', {
        accountId: small.id,
        runs: 500,
        sizing: 'fixed-fraction',
        method: 'shuffle',
      }),
    );
    expect(Number.isSafeInteger(body.seed)).toBe(true);
    expect(body).toMatchObject({ horizon: 50, sizing: 'fixed-fraction', riskFraction: 0.01 });
    expect(body.finalEquity.min).toBeCloseTo(body.finalEquity.max, 6); // a full shuffle ends where history ended
  });

  it('refuses too many runs, an empty sample and a zero balance', async () => {
    expect((await alice.post('/api/analytics/monte-carlo', { runs: 100_001 })).status).toBe(400);
    expect((await bob.post('/api/analytics/monte-carlo', {})).status).toBe(400);
  });
});
