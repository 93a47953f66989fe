import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsSummaryJson } from '../../../contracts/analytics';
import type { AccountJson, TradeDetailJson, TradeListJson } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { importCsv } from '../../../../test/helpers/imports';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { createUser } from '../users';

/**
 * #43 item 4: every fill keeps the symbol as its broker's file wrote it, and the trade search finds
 * a trade by that spelling as well as by its own symbol's start and its underlying.
 */
const PASSWORD = 'long-enough-password';
let t: TestApp;
let c: TestClient;

// Zerodha's tradebook: a NIFTY January future, bought and sold.
const ZERODHA = [
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time,expiry_date',
  'NIFTY25JANFUT,,2025-01-15,NFO,FO,,buy,false,75,23500.00,91002345,1200000023456791,2025-01-15T10:02:11,2025-01-30',
  'NIFTY25JANFUT,,2025-01-15,NFO,FO,,sell,false,75,23550.00,91002346,1200000023456792,2025-01-15T11:00:00,2025-01-30',
].join('\n');

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  await createUser(t.database.db, {
    email: 'search@example.com',
    password: PASSWORD,
    isVerified: true,
    now: new Date(),
  });
  c = new TestClient(t.url(''));
  await c.login('search@example.com', PASSWORD);
  const ibkr = await c.json<AccountJson>(c.post('/api/accounts', { name: 'IBKR' }));
  const ibkrFile = readFileSync('test/fixtures/import/brokers/interactive-brokers.csv', 'utf8');
  const url = (path: string) => t.url(path);
  expect((await importCsv(c, url, { accountId: ibkr.id, name: 'ibkr.csv', content: ibkrFile })).status).toBe('done');
  const zerodha = await c.json<AccountJson>(
    c.post('/api/accounts', { name: 'Zerodha', currency: 'INR', timezone: 'Asia/Kolkata' }),
  );
  expect((await importCsv(c, url, { accountId: zerodha.id, name: 'tradebook.csv', content: ZERODHA })).status).toBe(
    'done',
  );
}, 240_000);
afterAll(() => t.close());

async function search(text: string): Promise<TradeListJson['trades']> {
  const query = text === '' ? '' : `&search=${encodeURIComponent(text)}`;
  const res = await c.get(`/api/trades?sort=openedAt&order=asc&limit=500${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as TradeListJson).trades;
}
const symbolsOf = async (text: string) => [...new Set((await search(text)).map((trade) => trade.symbol))];

describe('the trade search (?search=)', () => {
  it('finds a future by the contract code its broker wrote, which is not its stored symbol', async () => {
    expect(await symbolsOf('MESH5')).toEqual(['MESH25']);
    expect(await symbolsOf('meSh5')).toEqual(['MESH25']); // any case
    expect(await symbolsOf('MESH2')).toEqual(['MESH25']); // its own symbol's start
    const [zerodha] = await search('NIFTY25JANFUT');
    expect(zerodha).toBeDefined();
    expect(zerodha!.symbol).not.toBe('NIFTY25JANFUT');
    expect(await symbolsOf('nifty25jan')).toEqual([zerodha!.symbol]);
  });

  it('finds a ticker’s options by their underlying and leaves other tickers out', async () => {
    const all = (await search('')).map((trade) => trade.symbol);
    const options = all.filter((symbol) => /^AAPL\s+\d{6}[CP]/.test(symbol));
    expect(options.length).toBeGreaterThan(0);
    const found = await symbolsOf('aapl');
    expect(found).toEqual(expect.arrayContaining(['AAPL', ...options]));
    expect(found.every((symbol) => symbol.startsWith('AAPL'))).toBe(true);
    expect(await symbolsOf('ZZZ')).toEqual([]);
    expect(await symbolsOf('%')).toEqual([]); // LIKE's wildcard is a plain character
  });

  it('answers the analytics with a search from SQL: the broker’s code counts there too', async () => {
    const summary = await c.json<AnalyticsSummaryJson>(c.get('/api/analytics/summary?search=MESH5'));
    expect(Number(summary.trades.count)).toBe((await search('MESH5')).filter((tr) => tr.status === 'closed').length);
    expect(Number(summary.trades.count)).toBeGreaterThan(0);
  });

  it('keeps each fill’s symbol as written in its file, shown with the trade', async () => {
    const [mes] = await search('MESH5');
    const detail = await c.json<TradeDetailJson>(c.get(`/api/trades/${mes!.id}`));
    expect(detail.executions.map((e) => e.brokerSymbol)).toEqual(detail.executions.map(() => 'MESH5'));
  });

  it('keeps the symbol as sent for a fill entered through the API', async () => {
    const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Manual' }));
    const res = await c.post('/api/executions', {
      accountId: account.id,
      executions: [
        {
          executedAt: '2025-02-03T15:00:00Z',
          symbol: 'MNQH5',
          side: 'buy',
          quantity: '1',
          price: '21000',
          assetClass: 'future',
        },
        {
          executedAt: '2025-02-03T16:00:00Z',
          symbol: 'MNQH5',
          brokerSymbol: 'MNQ MAR25',
          side: 'sell',
          quantity: '1',
          price: '21010',
          assetClass: 'future',
        },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [mnq] = await search('mnqh5');
    expect(mnq?.symbol).toBe('MNQH25');
    const detail = await c.json<TradeDetailJson>(c.get(`/api/trades/${mnq!.id}`));
    expect(detail.executions.map((e) => e.brokerSymbol)).toEqual(['MNQH5', 'MNQ MAR25']);
    const bad = await c.post('/api/executions', {
      accountId: account.id,
      executions: [
        {
          executedAt: '2025-02-03T15:00:00Z',
          symbol: 'X',
          brokerSymbol: 'a\u0000b',
          side: 'buy',
          quantity: '1',
          price: '1',
        },
      ],
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('brokerSymbol');
  });
});
