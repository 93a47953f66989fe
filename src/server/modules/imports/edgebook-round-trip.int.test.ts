import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreviewJson } from '../../../contracts/imports';
import type { AccountJson, TradeDetailJson, TradeListJson } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { importCsv, uploadImport } from '../../../../test/helpers/imports';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { createUser } from '../users';

/**
 * #43 items 1, 2 and 4: the Edgebook CSV carries a fill's day alone (`executed_on`, for a file
 * that gave no time) and its broker's symbol (`broker_symbol`), and importing the export into
 * another journal restores both.
 */
const PASSWORD = 'long-enough-password';
let t: TestApp;

const SCHWAB = [
  '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
  '"01/16/2025","Sell","AAPL","APPLE INC","10","$230.00","","$2,300.00"',
  '"01/15/2025","Buy","AAPL","APPLE INC","10","$225.00","","-$2,250.00"',
].join('\n');

async function signIn(email: string): Promise<TestClient> {
  await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
  const client = new TestClient(t.url(''));
  await client.login(email, PASSWORD);
  return client;
}

/** Every fill of the client's trades, as `symbol|brokerSymbol|executedOn`, sorted. */
async function fillsOf(client: TestClient): Promise<string[]> {
  const page = await client.json<TradeListJson>(client.get('/api/trades?limit=500'));
  const out: string[] = [];
  for (const trade of page.trades) {
    const detail = await client.json<TradeDetailJson>(client.get(`/api/trades/${trade.id}`));
    for (const e of detail.executions)
      out.push(`${trade.symbol}|${e.brokerSymbol ?? ''}|${e.executedOn ?? ''}|${e.executedAt}`);
  }
  return out.sort();
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
}, 240_000);
afterAll(() => t.close());

const url = (path: string) => t.url(path);

describe('the Edgebook CSV round trip', () => {
  it('writes executed_on and broker_symbol, and an import of the export restores both', async () => {
    const a = await signIn('exporter@example.com');
    const schwab = await a.json<AccountJson>(a.post('/api/accounts', { name: 'Schwab', timezone: 'America/New_York' }));
    await importCsv(a, url, { accountId: schwab.id, name: 'schwab.csv', content: SCHWAB });
    const ibkr = await a.json<AccountJson>(a.post('/api/accounts', { name: 'IBKR' }));
    const ibkrFile = readFileSync('test/fixtures/import/brokers/interactive-brokers.csv', 'utf8');
    await importCsv(a, url, { accountId: ibkr.id, name: 'ibkr.csv', content: ibkrFile });

    const res = await a.get('/api/trades/export.csv');
    expect(res.status).toBe(200);
    const csv = await res.text();
    const [header, ...lines] = csv.trim().split('\r\n');
    const columns = header!.split(',');
    expect(columns.slice(-2)).toEqual(['executed_on', 'broker_symbol']);
    const schwabLines = lines.filter((line) => line.includes(',Schwab,'));
    expect(schwabLines.map((line) => line.split(',').slice(-2))).toEqual([
      ['2025-01-15', 'AAPL'],
      ['2025-01-16', 'AAPL'],
    ]);
    expect(lines.some((line) => line.split(',').slice(-2).join(',') === ',MESH5')).toBe(true);

    // The trades list CSV gives a date-only trade its days, never a placeholder time.
    const list = await (await a.get('/api/trades/list.csv?accountId=' + schwab.id)).text();
    expect(list).toContain(',2025-01-15,2025-01-16,');

    // Another journal imports the export: the same fills, with their days alone and broker symbols.
    const b = await signIn('importer@example.com');
    const target = await b.json<AccountJson>(b.post('/api/accounts', { name: 'Everything' }));
    const upload = await uploadImport(b, url, { accountId: target.id, name: 'edgebook.csv', content: csv });
    expect(upload.status).toBe(201);
    const preview = (await upload.json()) as ImportPreviewJson;
    expect(preview.detected.broker).toBe('Edgebook');
    const previewDays = preview.preview.executions.filter((e) => e.executedOn).map((e) => e.executedOn);
    expect(previewDays.sort()).toEqual(['2025-01-15', '2025-01-16']);
    const done = await b.post(`/api/imports/${preview.id}/commit`, { accountId: target.id });
    expect(done.status, await done.clone().text()).toBe(200);

    const before = await fillsOf(a);
    expect(before.filter((f) => f.startsWith('AAPL|AAPL|2025-01-1'))).toHaveLength(2);
    expect(before.some((f) => f.startsWith('MESH25|MESH5|'))).toBe(true);
    expect(await fillsOf(b)).toEqual(before);

    // And the list shows the restored trade by its days.
    const restored = await b.json<TradeListJson>(b.get('/api/trades?search=AAPL&status=closed&limit=500'));
    expect(restored.trades.find((trade) => trade.openedOn === '2025-01-15')?.closedOn).toBe('2025-01-16');
  });

  it('reads an export written before the two columns as before, and refuses a day that is not one', async () => {
    const client = await signIn('older@example.com');
    const account = await client.json<AccountJson>(client.post('/api/accounts', { name: 'Old' }));
    const old = [
      'trade_id,account,executed_at,symbol,asset_class,side,quantity,price,commission,fees,multiplier,currency,broker_exec_id,fingerprint',
      ',Old,2025-01-15T14:30:00.000Z,AAPL,stock,buy,10,225,0,0,1,USD,,',
      ',Old,2025-01-16T14:30:00.000Z,AAPL,stock,sell,10,230,0,0,1,USD,,',
    ].join('\r\n');
    const done = await importCsv(client, url, { accountId: account.id, name: 'old.csv', content: old });
    expect(done).toMatchObject({ status: 'done', executionsAdded: 2 });
    expect(await fillsOf(client)).toEqual([
      'AAPL|AAPL||2025-01-15T14:30:00.000Z',
      'AAPL|AAPL||2025-01-16T14:30:00.000Z',
    ]);

    const bad = [
      'trade_id,account,executed_at,symbol,asset_class,side,quantity,price,commission,fees,multiplier,currency,broker_exec_id,fingerprint,executed_on,broker_symbol',
      ',Old,2025-02-03T05:00:00.000Z,MSFT,stock,buy,1,400,0,0,1,USD,,,2025-02-30,MSFT',
    ].join('\r\n');
    const upload = await uploadImport(client, url, { accountId: account.id, name: 'bad.csv', content: bad });
    const preview = (await upload.json()) as ImportPreviewJson;
    expect(preview.preview.problems).toEqual([
      { row: 2, message: 'the fill\'s day "2025-02-30" is not a date such as 2025-01-16.' },
    ]);
  });
});
