import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportJson } from '../../../contracts/reports';
import type { AccountJson } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { ManualClock } from '../../clock';
import { createUser } from '../users';

/**
 * Issue 32: reports in the account currency, as the analytics (issue 42). The figures are those of
 * analytics-currency.int.test.ts, worked out by hand from the fills and the rates.
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

// USD→EUR 0.95 on the buy's day, 0.925 on the sell's: the USD trade is 72.13 gross, 1.88 costs,
// 70.25 net in EUR (its fills converted at their own days' rates, trades.account_*).
const USD_EUR = 'date,from,to,rate\n2025-03-03,USD,EUR,0.95\n2025-03-05,USD,EUR,0.925\n';

const runReport = async (c: TestClient, body: unknown) => {
  const res = await c.post('/api/reports/run', body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ReportJson;
};

describe.each([
  ['from the cache', {}],
  ['from SQL', { ANALYTICS_CACHE_MAX_TRADES: '0' }],
])('reports in the account currency, %s', (_, cacheEnv) => {
  beforeAll(async () => {
    t = await startTestApp({
      clock: new ManualClock(),
      env: { LOGIN_RATE_LIMIT: '1000', LOGIN_ACCOUNT_RATE_LIMIT: '1000', ...cacheEnv },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an EUR account’s USD trade in EUR, and its exports say EUR', async () => {
    const c = await signIn('eur-report@example.com');
    const accountId = await newAccount(c, 'EUR');
    await postRates(c, USD_EUR);
    await addUsdTrade(c, accountId);

    // Grouped by symbol: the group needs the journal-free path (cache when on); by mistake: SQL always.
    for (const groupBy of ['symbol', 'mistake'] as const) {
      const report = await runReport(c, { groupBy });
      expect(report.currency).toBe('EUR');
      expect(report.unconverted).toEqual([]);
      expect(report.total).toMatchObject({ count: 1, netPnl: '70.25', grossPnl: '72.13', fees: '1.88', wins: 1 });
      expect(report.groups[0]).toMatchObject({ netPnl: '70.25' });
    }

    const csv = await (await c.get('/api/reports/export.csv?groupBy=symbol')).text();
    const lines = csv.split('\r\n');
    expect(lines[0]).toContain('amounts in EUR');
    expect(lines[1]).toContain('"Net P&L (EUR)"');
    expect(lines[2]).toMatch(/^AAPL,1,1,0,70\.25,72\.13,1\.88,/);

    const pdf = Buffer.from(await (await c.get('/api/reports/export.pdf?groupBy=symbol')).arrayBuffer());
    const dir = mkdtempSync(join(tmpdir(), 'report-eur-'));
    try {
      const file = join(dir, 'report.pdf');
      writeFileSync(file, pdf);
      const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
      expect(text).toContain('Amounts in EUR');
      expect(text).toContain('70.25 EUR');
      expect(text).not.toContain('$');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves a trade without a rate out of every figure and counts it apart, in its own currency', async () => {
    const c = await signIn('eur-later@example.com');
    const accountId = await newAccount(c, 'EUR');
    await addUsdTrade(c, accountId);
    const before = await runReport(c, { groupBy: 'day' });
    expect(before).toMatchObject({ currency: 'EUR', unconverted: [{ currency: 'USD', tradeCount: 1, netPnl: '103' }] });
    expect(before.total).toMatchObject({ count: 0, netPnl: '0' });
    expect(before.groups).toEqual([]);

    await postRates(c, USD_EUR);
    const after = await runReport(c, { groupBy: 'day' });
    expect(after).toMatchObject({ currency: 'EUR', unconverted: [] });
    expect(after.total).toMatchObject({ count: 1, netPnl: '70.25' });
  });

  it('totals two accounts in the base currency, each side of a comparison in the same one', async () => {
    const c = await signIn('eur-two@example.com');
    expect((await c.request('PATCH', '/api/auth/user', { baseCurrency: 'EUR' })).status).toBe(200);
    const eur = await newAccount(c, 'EUR');
    const gbp = await newAccount(c, 'GBP');
    await postRates(c, USD_EUR);
    await addUsdTrade(c, eur);
    await addGbpTrade(c, gbp);

    const apart = await runReport(c, { groupBy: 'account' });
    expect(apart.currency).toBe('EUR');
    expect(apart.total).toMatchObject({ count: 1, netPnl: '70.25' });
    expect(apart.unconverted).toEqual([{ currency: 'GBP', tradeCount: 1, netPnl: '25' }]);
    // The GBP account alone is in GBP, whole.
    const gbpOnly = await runReport(c, { filter: { accountIds: [gbp] } });
    expect(gbpOnly).toMatchObject({ currency: 'GBP', unconverted: [], total: { count: 1, netPnl: '25' } });

    // EUR→GBP 0.8: GBP→EUR is 1.25, 25 GBP = 31.25 EUR.
    await postRates(c, 'date,from,to,rate\n2025-03-05,EUR,GBP,0.8\n');
    const converted = await runReport(c, {
      filter: { accountIds: [eur] },
      compareWith: { accountIds: [gbp] },
      groupBy: 'none',
    });
    expect(converted.currency).toBe('EUR');
    expect(converted.total).toMatchObject({ count: 1, netPnl: '70.25' });
    expect(converted.compare?.total).toMatchObject({ count: 1, netPnl: '31.25', grossPnl: '31.25' });
    expect(converted.difference?.total.netPnl).toBe('-39');
  });
});
