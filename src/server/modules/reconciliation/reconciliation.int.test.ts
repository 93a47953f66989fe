import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ImportQualityJson,
  ImportQualityListJson,
  ReconciliationFillsJson,
  ReconciliationJson,
} from '../../../contracts/reconciliation';
import type { AccountJson, TradeDetailJson, TradeListJson } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { importCsv as importFileCsv } from '../../../../test/helpers/imports';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { ManualClock } from '../../clock';
import { createUser } from '../users';

const PASSWORD = 'long-enough-password';

let t: TestApp;
let c: TestClient;
let other: TestClient;

beforeAll(async () => {
  const clock = new ManualClock();
  t = await startTestApp({ clock, env: { LOGIN_RATE_LIMIT: '1000', LOGIN_ACCOUNT_RATE_LIMIT: '1000' } });
  for (const email of ['recon@example.com', 'other@example.com']) {
    await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: clock.now() });
  }
  c = new TestClient(t.url(''));
  await c.login('recon@example.com', PASSWORD);
  other = new TestClient(t.url(''));
  await other.login('other@example.com', PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const importCsv = (accountId: string, name: string, content: string) =>
  importFileCsv(c, (path) => t.url(path), { accountId, name, content });

async function newAccount(currency: string): Promise<string> {
  const body = { name: `Broker ${Math.random()}`, currency, timezone: 'UTC' };
  return (await c.json<AccountJson>(c.post('/api/accounts', body))).id;
}

// Trading 212 (broker-formats.md §3.11), an EUR account; worked out in core/reconciliation/reconcile.test.ts.
const TRADING_212 = [
  'Action,Time,ISIN,Ticker,Name,No. of shares,Price / share,Currency (Price / share),Exchange rate,Result,Currency (Result),Total,Currency (Total),Withholding tax,Currency (Withholding tax),Notes,ID,Currency conversion fee,Currency (Currency conversion fee)',
  'Deposit,2025-01-06 09:00:00,,,,,,,,,,5000.00,EUR,,,Bank Transfer,dep-1,,',
  'Market buy,2025-01-08 15:31:02.930,US0378331005,AAPL,Apple,3.0000000000,242.40,USD,1.03500000,,EUR,703.66,EUR,,,,EOF4100000003,1.05,EUR',
  'Limit buy,2025-01-09 09:05:00,NL0010273215,ASML,ASML Holding,4.0000000000,690.00,EUR,1.00000000,,EUR,2760.00,EUR,,,,EOF4100000004,,',
  'Limit sell,2025-01-10 14:20:33.671,NL0010273215,ASML,ASML Holding,4.0000000000,702.10,EUR,1.00000000,48.40,EUR,2808.40,EUR,,,,EOF4100000005,,',
  'Market sell,2025-01-13 16:00:00,US0378331005,AAPL,Apple,3.0000000000,250.00,USD,1.04000000,16.41,EUR,720.07,EUR,,,,EOF4100000006,1.08,EUR',
].join('\n');

// Schwab (§3.2), newest first; `Amount` is the net cash. The 01/09 sell's Amount is $0.05 short of
// 40 × 141.05 with no fee in the file's fee column: a fee Edgebook does not have.
const SCHWAB = [
  '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
  '"01/09/2025","Sell","NVDA","NVIDIA CORP","40","$141.05","","$5,641.95"',
  '"01/07/2025","Buy","NVDA","NVIDIA CORP","40","$138.00","","-$5,520.00"',
].join('\n');

describe('GET /api/reconciliation', () => {
  it('shows every Trading 212 day equal to the broker in EUR, and the file rows behind a day', async () => {
    const accountId = await newAccount('EUR');
    const done = await importCsv(accountId, 't212.csv', TRADING_212);
    expect(done).toMatchObject({ status: 'done', executionsAdded: 4 });

    const result = await c.json<ReconciliationJson>(c.get(`/api/reconciliation?accountId=${accountId}`));
    expect(result.currency).toBe('EUR');
    expect(result.days.map((d) => [d.date, d.ours.net, d.broker.net, d.difference, d.explanations])).toEqual([
      ['2025-01-08', '0', '0', '0', []],
      ['2025-01-09', '0', '0', '0', []],
      ['2025-01-10', '48.4', '48.4', '0', []],
      ['2025-01-13', '16.41', '16.41', '0', []],
    ]);
    const ranged = await c.json<ReconciliationJson>(
      c.get(`/api/reconciliation?accountId=${accountId}&from=2025-01-10&to=2025-01-12`),
    );
    expect(ranged.days.map((d) => d.date)).toEqual(['2025-01-10']);

    const fills = await c.json<ReconciliationFillsJson>(
      c.get(`/api/reconciliation/fills?accountId=${accountId}&date=2025-01-13`),
    );
    expect(fills.fills).toHaveLength(1);
    expect(fills.fills[0]).toMatchObject({
      symbol: 'AAPL',
      side: 'sell',
      currency: 'USD',
      broker: { pnl: '16.41', net: '720.07', currency: 'EUR' },
      figure: 'pnl',
      agrees: true,
      source: { importId: done.id, fileName: 't212.csv', row: 6 },
    });

    // The AAPL trade: 3 × 7.60 − 2.20995 USD; in EUR at its fills' own rates, the statement's 16.41.
    const list = await c.json<TradeListJson>(c.get(`/api/trades?accountId=${accountId}&sort=openedAt&order=asc`));
    const aapl = list.trades.find((trade) => trade.symbol === 'AAPL');
    const detail = await c.json<TradeDetailJson>(c.get(`/api/trades/${aapl?.id}`));
    expect(detail).toMatchObject({ currency: 'USD', netPnl: '20.59005' });
    expect(detail.accountCurrency).toMatchObject({ currency: 'EUR', gross: '18.54', fees: '2.13', net: '16.41' });
    expect(detail.accountCurrency?.rates.map((r) => r.rate)).toEqual(['0.966183574879', '0.961538461538']);
    const asml = list.trades.find((trade) => trade.symbol === 'ASML');
    expect((await c.json<TradeDetailJson>(c.get(`/api/trades/${asml?.id}`))).accountCurrency).toBeUndefined();

    const quality = await c.json<ImportQualityJson>(c.get(`/api/imports/${done.id}/quality`));
    expect(quality).toMatchObject({
      rowsRead: 5,
      rowsSkipped: 1,
      fillsWithBrokerFigure: 4,
      agreeing: 4,
      explained: 0,
      unexplained: 0,
      score: 100,
    });
    expect(quality.skippedReasons).toHaveLength(1);
  });

  it('explains a Schwab day whose amount carries a fee the file has no column for', async () => {
    const accountId = await newAccount('USD');
    const done = await importCsv(accountId, 'schwab.csv', SCHWAB);
    const result = await c.json<ReconciliationJson>(c.get(`/api/reconciliation?accountId=${accountId}`));
    // Ours: 40 × (141.05 − 138.00) = 122.00; Schwab's cash: 5,641.95 − 5,520.00 = 121.95.
    const day = result.days.find((d) => d.date === '2025-01-09');
    expect(day).toMatchObject({ ours: { net: '122' }, broker: { net: '121.95' }, difference: '0.05' });
    expect(day?.explanations).toEqual([{ kind: 'fee_missing', amount: '0.05', executionIds: expect.any(Array) }]);

    const list = await c.json<ImportQualityListJson>(c.get('/api/imports/quality'));
    expect(list.imports.find((q) => q.importId === done.id)).toMatchObject({
      fillsWithBrokerFigure: 2,
      agreeing: 1,
      explained: 1,
      unexplained: 0,
      score: 100,
    });
  });

  it("answers 404 for another user's account and import", async () => {
    const accountId = await newAccount('USD');
    const done = await importCsv(accountId, 'schwab.csv', SCHWAB);
    expect((await other.get(`/api/reconciliation?accountId=${accountId}`)).status).toBe(404);
    expect((await other.get(`/api/reconciliation/fills?accountId=${accountId}&date=2025-01-09`)).status).toBe(404);
    expect((await other.get(`/api/imports/${done.id}/quality`)).status).toBe(404);
    expect((await c.get('/api/reconciliation?accountId=nope')).status).toBe(400);
  });
});
