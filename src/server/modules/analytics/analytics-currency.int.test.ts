import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnalyticsBreakdownJson,
  AnalyticsDistributionJson,
  AnalyticsEquityJson,
  AnalyticsHeatmapJson,
  AnalyticsOutcomesJson,
  AnalyticsSummaryJson,
  MonteCarloJson,
} from '../../../contracts/analytics';
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

async function newAccount(c: TestClient, currency: string, startingBalance = '0'): Promise<string> {
  const res = await c.post('/api/accounts', { name: `${currency} broker`, currency, timezone: 'UTC', startingBalance });
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

/** 10 SAP bought at 200 and sold at 205 EUR, no costs: 50 EUR, in its account's own currency. */
async function addEurTrade(c: TestClient, accountId: string): Promise<void> {
  const fill = { symbol: 'SAP', quantity: '10', currency: 'EUR' };
  const res = await c.post('/api/executions', {
    accountId,
    executions: [
      { ...fill, side: 'buy', price: '200', executedAt: '2025-03-04T09:00:00Z' },
      { ...fill, side: 'sell', price: '205', executedAt: '2025-03-06T09:00:00Z' },
    ],
  });
  expect(res.status).toBe(200);
}

const summaryOf = (c: TestClient, query = '') => c.json<AnalyticsSummaryJson>(c.get(`/api/analytics/summary${query}`));

/** Every analytics answer that carries money, for the same selection (`query` starts with `?` or is empty). */
async function everyAnswer(c: TestClient, query = '') {
  const and = query ? `${query}&` : '?';
  const monteCarlo = await c.post('/api/analytics/monte-carlo', {
    ...Object.fromEntries(new URLSearchParams(query)),
    runs: 200,
    seed: 7,
  });
  expect(monteCarlo.status).toBe(200);
  return {
    summary: await summaryOf(c, query),
    equity: await c.json<AnalyticsEquityJson>(c.get(`/api/analytics/equity${query}`)),
    breakdown: await c.json<AnalyticsBreakdownJson>(c.get(`/api/analytics/breakdown${and}by=symbol`)),
    heatmap: await c.json<AnalyticsHeatmapJson>(c.get(`/api/analytics/heatmap${query}`)),
    distribution: await c.json<AnalyticsDistributionJson>(c.get(`/api/analytics/distribution${and}of=pnl`)),
    outcomes: await c.json<AnalyticsOutcomesJson>(c.get(`/api/analytics/outcomes${query}`)),
    monteCarlo: (await monteCarlo.json()) as MonteCarloJson,
  };
}

/** The currency, the trades left out and the balances left out of each answer, by answer. */
function toCurrencyFacts(answers: Awaited<ReturnType<typeof everyAnswer>>) {
  return Object.fromEntries(
    Object.entries(answers).map(([name, a]) => [
      name,
      { currency: a.currency, unconverted: a.unconverted, unconvertedStartingBalances: a.unconvertedStartingBalances },
    ]),
  );
}

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

  it('answers every money figure of an EUR account in EUR: breakdown, heatmap, distribution, Monte Carlo', async () => {
    const c = await signIn('every@example.com');
    const accountId = await newAccount(c, 'EUR', '1000');
    await postRates(c, USD_EUR);
    await addUsdTrade(c, accountId);

    for (const query of ['', `?accountId=${accountId}`]) {
      const answers = await everyAnswer(c, query);
      const facts = toCurrencyFacts(answers);
      for (const name of Object.keys(facts)) {
        expect(facts[name], name).toEqual({ currency: 'EUR', unconverted: [], unconvertedStartingBalances: [] });
      }
      // The USD trade's 103 USD net is 70.25 EUR in every answer, never 103.
      expect(answers.breakdown.groups).toMatchObject([{ key: 'AAPL', netPnl: 70.25 }]);
      expect(answers.heatmap.cells.filter((cell) => cell.count > 0)).toMatchObject([{ netPnl: 70.25 }]);
      expect(answers.distribution).toMatchObject({ count: 1, min: 70.25, max: 70.25 });
      expect(answers.outcomes).toMatchObject({ startingEquity: 1000, pnl: [70.25] });
      expect(answers.equity.perTrade.cumulativePnl).toEqual([70.25]);
      // One trade resampled: every path ends at 1000 + 70.25 × horizon (1).
      expect(answers.monteCarlo).toMatchObject({ startingEquity: 1000, finalEquity: { min: 1070.25, max: 1070.25 } });
    }
  });

  it('names a starting balance no rate converts in every answer, and counts it once a rate exists', async () => {
    const c = await signIn('balances@example.com');
    expect((await c.request('PATCH', '/api/auth/user', { baseCurrency: 'EUR' })).status).toBe(200);
    const eur = await newAccount(c, 'EUR', '1000');
    const gbp = await newAccount(c, 'GBP', '500');
    await addUsdTrade(c, eur);
    await addEurTrade(c, eur);
    await addGbpTrade(c, gbp);

    // No rate table: the USD and GBP trades are apart, the GBP balance is out of the starting equity.
    const apart = await everyAnswer(c);
    const leftOut = [{ accountId: gbp, accountName: 'GBP broker', currency: 'GBP', startingBalance: '500' }];
    const trades = [
      { currency: 'GBP', tradeCount: 1, netPnl: '25' },
      { currency: 'USD', tradeCount: 1, netPnl: '103' },
    ];
    for (const [name, facts] of Object.entries(toCurrencyFacts(apart))) {
      expect(facts, name).toEqual({ currency: 'EUR', unconverted: trades, unconvertedStartingBalances: leftOut });
    }
    expect(apart.summary.startingEquity).toBe(1000);
    expect(apart.monteCarlo.startingEquity).toBe(1000);
    expect(apart.breakdown.groups.map((g) => [g.key, g.netPnl])).toEqual([['SAP', 50]]);

    // A Monte Carlo run from a starting equity the trader gives rests on no account's balance.
    await postRates(c, USD_EUR);
    const given = await c.post('/api/analytics/monte-carlo', { runs: 100, seed: 1, startingEquity: 5000 });
    expect(await given.json()).toMatchObject({
      currency: 'EUR',
      startingEquity: 5000,
      unconvertedStartingBalances: [],
    });

    // EUR→GBP 0.8: 500 GBP = 625 EUR at the latest rate; 25 GBP = 31.25 EUR on the close day.
    await postRates(c, 'date,from,to,rate\n2025-03-05,EUR,GBP,0.8\n');
    const converted = await everyAnswer(c);
    for (const [name, facts] of Object.entries(toCurrencyFacts(converted))) {
      expect(facts, name).toEqual({ currency: 'EUR', unconverted: [], unconvertedStartingBalances: [] });
    }
    expect(converted.summary.startingEquity).toBe(1625);
    expect(converted.monteCarlo.startingEquity).toBe(1625);
    expect(converted.breakdown.groups.map((g) => [g.key, g.netPnl])).toEqual([
      ['AAPL', 70.25],
      ['SAP', 50],
      ['VOD', 31.25],
    ]);
    // The GBP account alone is in GBP, its balance whole.
    const own = await everyAnswer(c, `?accountId=${gbp}`);
    expect(own.summary).toMatchObject({ currency: 'GBP', startingEquity: 500, unconvertedStartingBalances: [] });
    expect(own.monteCarlo.currency).toBe('GBP');
  });

  it('shows in the trade detail the rate table’s rate where the file gave none, or that none exists', async () => {
    const c = await signIn('detail@example.com');
    const accountId = await newAccount(c, 'EUR');
    await addUsdTrade(c, accountId);
    const [trade] = (await c.json<TradeListJson>(c.get('/api/trades'))).trades;
    const detailOf = () => c.json<TradeDetailJson>(c.get(`/api/trades/${trade!.id}`));

    const none = await detailOf();
    expect(none.accountCurrency).toEqual({
      currency: 'EUR',
      gross: null,
      fees: null,
      net: null,
      rates: [
        { executionId: expect.any(String), fillDay: '2025-03-03', rate: null, source: null },
        { executionId: expect.any(String), fillDay: '2025-03-05', rate: null, source: null },
      ],
    });

    // Only an earlier day's rate for the buy: the latest on or before its day is taken.
    await postRates(c, 'date,from,to,rate\n2025-02-28,USD,EUR,0.95\n2025-03-05,USD,EUR,0.925\n');
    const rated = await detailOf();
    expect(rated.accountCurrency).toMatchObject({ currency: 'EUR', gross: '72.13', fees: '1.88', net: '70.25' });
    expect(
      rated.accountCurrency?.rates.map(({ fillDay, rate, source, rateDay }) => ({ fillDay, rate, source, rateDay })),
    ).toEqual([
      { fillDay: '2025-03-03', rate: '0.95', source: 'table', rateDay: '2025-02-28' },
      { fillDay: '2025-03-05', rate: '0.925', source: 'table', rateDay: '2025-03-05' },
    ]);
    // The dialog's figure is the one analytics sum.
    expect((await summaryOf(c)).trades).toMatchObject({ netPnl: 70.25, grossPnl: 72.13, fees: 1.88 });
  });

  it('answers another user nothing of these trades', async () => {
    const c = await signIn('stranger@example.com');
    const summary = await summaryOf(c);
    expect(summary).toMatchObject({ currency: 'USD', unconverted: [], trades: { count: 0 } });
  });
});
