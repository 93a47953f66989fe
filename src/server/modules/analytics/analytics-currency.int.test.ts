import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsSummaryJson } from '../../../contracts/analytics';
import type { AccountJson, TradeDetailJson, TradeListJson } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { ManualClock } from '../../clock';
import { createUser } from '../users';

/**
 * Issue 42 item 2: analytics in the account's currency, and in the base currency across accounts.
 * Every figure below is worked out by hand from the fills and the rates.
 */
const PASSWORD = 'long-enough-password';

let t: TestApp;

async function signIn(email: string): Promise<TestClient> {
  await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
  const client = new TestClient(t.url(''));
  await client.login(email, PASSWORD);
  return client;
}

async function newAccount(c: TestClient, currency: string): Promise<string> {
  const res = await c.post('/api/accounts', { name: `${currency} broker`, currency, timezone: 'UTC' });
  expect(res.status).toBe(201);
  return ((await res.json()) as AccountJson).id;
}

async function postRates(c: TestClient, csv: string): Promise<void> {
  const res = await fetch(t.url('/api/fx-rates'), {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', 'content-type': 'text/csv', ...(c.cookie ? { cookie: c.cookie } : {}) },
    body: csv,
  });
  expect(res.status).toBe(201);
}

/** 10 AAPL bought at 100 and sold at 110.50 USD, 1.00 commission each: 105 gross, 103 net in USD. */
async function addUsdTrade(c: TestClient, accountId: string): Promise<void> {
  const fill = { symbol: 'AAPL', quantity: '10', commission: '1', currency: 'USD' };
  const res = await c.post('/api/executions', {
    accountId,
    executions: [
      { ...fill, side: 'buy', price: '100', executedAt: '2025-03-03T15:00:00Z' },
      { ...fill, side: 'sell', price: '110.50', executedAt: '2025-03-05T15:00:00Z' },
    ],
  });
  expect(res.status).toBe(200);
}

/** 100 VOD bought at 70 and sold at 70.25 GBP, no costs: 25 GBP. */
async function addGbpTrade(c: TestClient, accountId: string): Promise<void> {
  const fill = { symbol: 'VOD', quantity: '100', currency: 'GBP' };
  const res = await c.post('/api/executions', {
    accountId,
    executions: [
      { ...fill, side: 'buy', price: '70', executedAt: '2025-03-04T10:00:00Z' },
      { ...fill, side: 'sell', price: '70.25', executedAt: '2025-03-05T10:00:00Z' },
    ],
  });
  expect(res.status).toBe(200);
}

const summaryOf = (c: TestClient, query = '') => c.json<AnalyticsSummaryJson>(c.get(`/api/analytics/summary${query}`));

// USD→EUR 0.95 on the buy's day, 0.925 on the sell's (none on the day between).
// Buy:  −1000.00 × 0.95 = −950.00; with its commission −1001.00 × 0.95 = −950.95.
// Sell: +1105.00 × 0.925 = 1022.125 → 1022.13; with its commission 1104.00 × 0.925 = 1021.20.
// Gross 72.13 EUR, net 70.25 EUR, fees 1.88 EUR.
const USD_EUR = 'date,from,to,rate\n2025-03-03,USD,EUR,0.95\n2025-03-05,USD,EUR,0.925\n';

// From the analytics cache, and from SQL (the cache off): both convert and total alike.
describe.each([
  ['from the cache', {}],
  ['from SQL', { ANALYTICS_CACHE_MAX_TRADES: '0' }],
])('analytics in the account currency (issue 42), %s', (_, cacheEnv) => {
  beforeAll(async () => {
    t = await startTestApp({
      clock: new ManualClock(),
      env: { LOGIN_RATE_LIMIT: '1000', LOGIN_ACCOUNT_RATE_LIMIT: '1000', ...cacheEnv },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sums a USD trade of an EUR account in EUR at its fills’ rates from the rate table, to the cent', async () => {
    const c = await signIn('eur@example.com');
    const accountId = await newAccount(c, 'EUR');
    await postRates(c, USD_EUR);
    await addUsdTrade(c, accountId);

    const summary = await summaryOf(c);
    expect(summary.currency).toBe('EUR');
    expect(summary.unconverted).toEqual([]);
    expect(summary.trades).toMatchObject({ netPnl: 70.25, grossPnl: 72.13, fees: 1.88, count: 1 });
    const single = await summaryOf(c, `?accountId=${accountId}`);
    expect(single).toMatchObject({ currency: 'EUR', trades: { netPnl: 70.25 } });
    // The trade keeps its own figures in USD.
    const list = await c.json<TradeListJson>(c.get('/api/trades'));
    expect(list.trades.map((trade) => [trade.currency, trade.netPnl])).toEqual([['USD', '103']]);
  });

  it('shows a trade without a rate apart, in its own currency, and converts it once a rate is uploaded', async () => {
    const c = await signIn('later@example.com');
    const accountId = await newAccount(c, 'EUR');
    await addUsdTrade(c, accountId);

    const before = await summaryOf(c);
    expect(before.currency).toBe('EUR');
    expect(before.unconverted).toEqual([{ currency: 'USD', tradeCount: 1, netPnl: '103' }]);
    expect(before.trades).toMatchObject({ count: 0, grossPnl: 0, fees: 0 });

    await postRates(c, USD_EUR);
    const after = await summaryOf(c);
    expect(after.unconverted).toEqual([]);
    expect(after.trades).toMatchObject({ netPnl: 70.25, grossPnl: 72.13, fees: 1.88, count: 1 });
    const [trade] = (await c.json<TradeListJson>(c.get('/api/trades'))).trades;
    const detail = await c.json<TradeDetailJson>(c.get(`/api/trades/${trade!.id}`));
    expect(detail.netPnl).toBe('103');
  });

  it('totals two accounts in the base currency with a rate, and per currency with a note without one', async () => {
    const c = await signIn('two@example.com');
    expect((await c.request('PATCH', '/api/auth/user', { baseCurrency: 'EUR' })).status).toBe(200);
    const eur = await newAccount(c, 'EUR');
    const gbp = await newAccount(c, 'GBP');
    await postRates(c, USD_EUR);
    await addUsdTrade(c, eur);
    await addGbpTrade(c, gbp);

    // No GBP→EUR rate: the GBP trade is left out and shown apart, never added to the EUR figures.
    const apart = await summaryOf(c);
    expect(apart.currency).toBe('EUR');
    expect(apart.trades).toMatchObject({ netPnl: 70.25, count: 1 });
    expect(apart.unconverted).toEqual([{ currency: 'GBP', tradeCount: 1, netPnl: '25' }]);
    // The GBP account alone is in GBP, whole.
    expect(await summaryOf(c, `?accountId=${gbp}`)).toMatchObject({
      currency: 'GBP',
      unconverted: [],
      trades: { netPnl: 25, count: 1 },
    });

    // EUR→GBP 0.8 on the close day: GBP→EUR is its inverse, 1.25; 25 GBP = 31.25 EUR.
    await postRates(c, 'date,from,to,rate\n2025-03-05,EUR,GBP,0.8\n');
    const converted = await summaryOf(c);
    expect(converted.unconverted).toEqual([]);
    expect(converted.trades).toMatchObject({ netPnl: 101.5, grossPnl: 103.38, fees: 1.88, count: 2 });
  });

  it('answers another user nothing of these trades', async () => {
    const c = await signIn('stranger@example.com');
    const summary = await summaryOf(c);
    expect(summary).toMatchObject({ currency: 'USD', unconverted: [], trades: { count: 0 } });
  });
});
