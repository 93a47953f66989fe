import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountJson, TradeListJson } from '../../../contracts/trades';
import { parseCsvText } from '../../../core/import/table';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

const PASSWORD = 'long-enough-password';
let t: TestApp;
let c: TestClient;

/** The file's rows as arrays of cells, read by the importer's own CSV reader. */
const parseRows = (text: string): string[][] => parseCsvText(text, ',').map((row) => row.cells);

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  await createUser(t.database.db, {
    email: 'list-csv@example.com',
    password: PASSWORD,
    isVerified: true,
    now: new Date(),
  });
  c = new TestClient(t.url(''));
  await c.login('list-csv@example.com', PASSWORD);
  expect((await c.request('PATCH', '/api/auth/user', { timezone: 'America/New_York' })).status).toBe(200);
  const account = await c.json<AccountJson>(c.post('/api/accounts', { name: '=Main' }));
  const trip = (symbol: string, open: string, close: string, exit: string) => [
    { executedAt: open, symbol, side: 'buy', quantity: '10', price: '100', commission: '1' },
    { executedAt: close, symbol, side: 'sell', quantity: '10', price: exit, commission: '1' },
  ];
  const res = await c.post('/api/executions', {
    accountId: account.id,
    executions: [
      ...trip('AAPL', '2025-01-16T14:35:00Z', '2025-01-16T15:00:00Z', '99.5'),
      ...trip('MSFT', '2025-01-17T14:35:00Z', '2025-01-17T15:10:00Z', '102'),
    ],
  });
  expect(res.status).toBe(200);
  const { trades } = await c.json<TradeListJson>(c.get('/api/trades?symbol=AAPL'));
  await c.request('PATCH', `/api/trades/${trades[0]!.id}`, { notes: '=HYPERLINK("x"), chased it' });
});
afterAll(() => t.close());

describe('GET /api/trades/list.csv', () => {
  it("writes one row per trade of the list's filter, times in the trader's zone, numbers as numbers, no formulas", async () => {
    const res = await c.get('/api/trades/list.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="edgebook-trade-list-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...rows] = parseRows(await res.text());
    const col = (name: string) => header!.indexOf(name);
    expect(header).toContain('Opened (America/New_York)');
    expect(rows.map((r) => r[col('Symbol')])).toEqual(['AAPL', 'MSFT']);
    const aapl = rows[0]!;
    expect(aapl[col('Account')]).toBe("'=Main");
    expect(aapl[col('Opened (America/New_York)')]).toBe('2025-01-16 09:35:00');
    expect(aapl[col('Closed (America/New_York)')]).toBe('2025-01-16 10:00:00');
    expect(aapl[col('Net P&L')]).toBe('-7');
    expect(aapl[col('Notes')]).toBe(`'=HYPERLINK("x"), chased it`);
    expect(rows[1]![col('Net P&L')]).toBe('18');
  });

  it('counts what it will export: GET /api/trades/count', async () => {
    expect(await c.json(c.get('/api/trades/count'))).toEqual({ count: 2 });
    expect(await c.json(c.get('/api/trades/count?symbol=MSFT'))).toEqual({ count: 1 });
    expect(await c.json(c.get('/api/trades/count?symbol=NOPE'))).toEqual({ count: 0 });
  });

  it('takes the same filter as the list', async () => {
    const res = await c.get('/api/trades/list.csv?symbol=MSFT');
    const [, ...rows] = parseRows(await res.text());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('MSFT');
    expect((await c.get('/api/trades/list.csv?status=nonsense')).status).toBe(400);
    expect((await new TestClient(t.url('')).get('/api/trades/list.csv')).status).toBe(401);
  });
});
