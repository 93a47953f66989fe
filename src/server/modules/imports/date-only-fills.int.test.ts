import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsBreakdownJson, AnalyticsHeatmapJson } from '../../../contracts/analytics';
import type { ImportJson, ImportPreviewJson } from '../../../contracts/imports';
import type { AccountJson, DeletedTradeListJson, TradeDetailJson, TradeListJson } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { importCsv as importFileCsv, uploadImport } from '../../../../test/helpers/imports';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { ManualClock } from '../../clock';
import { createUser } from '../users';

/**
 * #43 item 1: a file that gives the day of its fills but not the time (Schwab, Robinhood). The
 * fills keep their day; nothing shows or counts a made-up time.
 */
const PASSWORD = 'long-enough-password';
let t: TestApp;
let c: TestClient;

beforeAll(async () => {
  const clock = new ManualClock();
  t = await startTestApp({ clock, env: { LOGIN_RATE_LIMIT: '1000', LOGIN_ACCOUNT_RATE_LIMIT: '1000' } });
  await createUser(t.database.db, {
    email: 'days@example.com',
    password: PASSWORD,
    isVerified: true,
    now: clock.now(),
  });
  c = new TestClient(t.url(''));
  await c.login('days@example.com', PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const importCsv = (accountId: string, name: string, content: string) =>
  importFileCsv(c, (path) => t.url(path), { accountId, name, content });

// Schwab's layout: a date, no time. AAPL round trip over two days; MSFT within one day.
const SCHWAB = [
  '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
  '"01/16/2025","Sell","AAPL","APPLE INC","10","$230.00","","$2,300.00"',
  '"01/16/2025","Sell","MSFT","MICROSOFT CORP","5","$430.00","","$2,150.00"',
  '"01/16/2025","Buy","MSFT","MICROSOFT CORP","5","$425.00","","-$2,125.00"',
  '"01/15/2025","Buy","AAPL","APPLE INC","10","$225.00","","-$2,250.00"',
].join('\n');

describe('fills whose file gives no time of day', () => {
  let accountId: string;
  beforeAll(async () => {
    const account = await c.json<AccountJson>(
      c.post('/api/accounts', { name: 'Schwab', timezone: 'America/New_York' }),
    );
    accountId = account.id;
    const done = await importCsv(accountId, 'schwab.csv', SCHWAB);
    expect(done).toMatchObject({ status: 'done', executionsAdded: 4, tradesCreated: 2, errors: [] });
  });

  it('keeps each trade’s days, and no holding time made from placeholder midnights', async () => {
    const page = await c.json<TradeListJson>(c.get(`/api/trades?accountId=${accountId}&sort=openedAt&order=asc`));
    const [aapl, msft] = page.trades;
    expect(aapl).toMatchObject({
      symbol: 'AAPL',
      openedOn: '2025-01-15',
      closedOn: '2025-01-16',
      holdingSeconds: null,
    });
    expect(msft).toMatchObject({
      symbol: 'MSFT',
      openedOn: '2025-01-16',
      closedOn: '2025-01-16',
      holdingSeconds: null,
    });
    expect(aapl?.netPnl).toBe('50');
    const detail = await c.json<TradeDetailJson>(c.get(`/api/trades/${aapl!.id}`));
    expect(detail.executions.map((e) => e.executedOn)).toEqual(['2025-01-15', '2025-01-16']);
  });

  it('puts them in a group of their own in the hour breakdown, and leaves them off the heatmap, saying how many', async () => {
    const byHour = await c.json<AnalyticsBreakdownJson>(
      c.get(`/api/analytics/breakdown?by=hour&accountId=${accountId}`),
    );
    expect(byHour.groups.map((g) => [g.key, g.label, g.count])).toEqual([['unknown', 'Time not in file', 2]]);
    const heatmap = await c.json<AnalyticsHeatmapJson>(c.get(`/api/analytics/heatmap?accountId=${accountId}`));
    expect(heatmap.timeNotInFile).toBe(2);
    expect(heatmap.cells.reduce((sum, cell) => sum + cell.count, 0)).toBe(0);
  });

  it('shows the days, not times, in the preview', async () => {
    const res = await uploadImport(c, (path) => t.url(path), { accountId, name: 'schwab-again.csv', content: SCHWAB });
    expect(res.status).toBe(201);
    const preview = (await res.json()) as ImportPreviewJson;
    expect(preview.preview.executions.map((e) => e.executedOn).sort()).toEqual([
      '2025-01-15',
      '2025-01-16',
      '2025-01-16',
      '2025-01-16',
    ]);
  });

  it('keeps the days of a deleted trade for Recently deleted, and gives them back on restore', async () => {
    const account = await c.json<AccountJson>(
      c.post('/api/accounts', { name: 'Schwab deleted', timezone: 'America/New_York' }),
    );
    await importCsv(account.id, 'schwab-deleted.csv', SCHWAB);
    const page = await c.json<TradeListJson>(c.get(`/api/trades?accountId=${account.id}&sort=openedAt&order=asc`));
    const aapl = page.trades[0]!;
    const removed = await c.delete(`/api/trades/${aapl.id}`);
    expect(removed.status).toBe(200);
    const deleted = await c.json<DeletedTradeListJson>(c.get('/api/trades/deleted'));
    const row = deleted.trades.find((trade) => trade.id === aapl.id);
    expect(row).toMatchObject({ symbol: 'AAPL', assetClass: 'stock', openedOn: '2025-01-15', closedOn: '2025-01-16' });
    // Importing the file again brings nothing back, and says where the deleted fills are.
    const again = await uploadImport(c, (path) => t.url(path), {
      accountId: account.id,
      name: 'schwab-deleted-again.csv',
      content: SCHWAB,
    });
    const preview = (await again.json()) as ImportPreviewJson;
    expect(preview.summary).toMatchObject({ executions: 0, duplicates: 4, duplicatesDeleted: 2 });
    const committed = await c.post(`/api/imports/${preview.id}/commit`, { accountId: account.id });
    expect(await committed.json()).toMatchObject({ executionsAdded: 0, duplicatesSkipped: 4, duplicatesDeleted: 2 });
    const history = await c.json<ImportJson>(c.get(`/api/imports/${preview.id}`));
    expect(history.duplicatesDeleted).toBe(2);
    const restored = await c.post('/api/trades/restore', { tradeIds: [aapl.id] });
    expect(restored.status).toBe(200);
    const back = await c.json<TradeDetailJson>(c.get(`/api/trades/${aapl.id}`));
    expect(back).toMatchObject({ openedOn: '2025-01-15', closedOn: '2025-01-16' });
  });

  it('gives a fill with its time no day of its own', async () => {
    const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Timed' }));
    await importCsv(
      account.id,
      'timed.csv',
      [
        'Date,Time,Symbol,Side,Quantity,Price',
        '2025-01-15,09:35:00,AAPL,Buy,10,225',
        '2025-01-15,10:05:00,AAPL,Sell,10,230',
      ].join('\n'),
    );
    const page = await c.json<TradeListJson>(c.get(`/api/trades?accountId=${account.id}`));
    expect(page.trades[0]).not.toHaveProperty('openedOn');
    expect(page.trades[0]).not.toHaveProperty('closedOn');
    expect(page.trades[0]?.holdingSeconds).toBe(1800);
    const heatmap = await c.json<AnalyticsHeatmapJson>(c.get(`/api/analytics/heatmap?accountId=${account.id}`));
    expect(heatmap.timeNotInFile).toBe(0);
  });
});
