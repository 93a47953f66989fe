import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJson, ImportPreviewJson } from '../../../contracts/imports';
import type { AccountJson, TradeListJson } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { uploadImport, waitForImport } from '../../../../test/helpers/imports';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { EDGEBOOK_CSV_COLUMNS } from '../trades';
import { createUser } from '../users';

/**
 * #43: a file too long to import in the request (over the sync row limit, here lowered) imported
 * again after the trader deleted some of its trades. The deleted trades' fills stay deleted, and
 * the import says how many of the file's fills wait in "Recently deleted", as a small import does.
 */
const PASSWORD = 'long-enough-password';
const SYNC_ROW_LIMIT = 40;
let t: TestApp;
let c: TestClient;

beforeAll(async () => {
  t = await startTestApp({
    // Small batches: the deleted fills fall in different batches of the background import.
    env: { IMPORT_SYNC_ROW_LIMIT: String(SYNC_ROW_LIMIT), IMPORT_BATCH_ROWS: '16', LOGIN_RATE_LIMIT: '1000' },
  });
  await createUser(t.database.db, { email: 'rein@example.com', password: PASSWORD, isVerified: true, now: new Date() });
  c = new TestClient(t.url(''));
  await c.login('rein@example.com', PASSWORD);
});
afterAll(() => t.close());

const HEADER = 'Date,Symbol,Side,Qty,Price,Commission';

/** Round trips of `count` fills (an even number) in AAPL and MSFT by turns, a minute apart from `startMinute`. */
function plainRows(count: number, startMinute = 0): string[] {
  return Array.from({ length: count }, (_, i) => {
    const minute = startMinute + i;
    const at = new Date(Date.UTC(2025, 0, 6, 14) + minute * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    const symbol = Math.floor(i / 2) % 2 === 0 ? 'AAPL' : 'MSFT';
    return `${at},${symbol},${i % 2 === 0 ? 'Buy' : 'Sell'},10,${(100 + (minute % 9)).toFixed(2)},0.50`;
  });
}

async function newAccount(name: string): Promise<string> {
  return (await c.json<AccountJson>(c.post('/api/accounts', { name, timezone: 'UTC' }))).id;
}

/** Uploads and commits a file the server imports in the background; answers the finished import. */
async function importLarge(accountId: string, name: string, content: string): Promise<ImportJson> {
  const res = await uploadImport(c, (path) => t.url(path), { accountId, name, content });
  expect(res.status).toBe(201);
  const preview = (await res.json()) as ImportPreviewJson;
  expect(preview.rowCount).toBeGreaterThan(SYNC_ROW_LIMIT);
  const committed = await c.post(`/api/imports/${preview.id}/commit`, { accountId });
  expect(committed.status).toBe(202);
  return waitForImport(c, preview.id);
}

/** Deletes the account's `count` earliest trades; answers how many fills they held. */
async function deleteEarliestTrades(accountId: string, count: number): Promise<number> {
  const page = await c.json<TradeListJson>(
    c.get(`/api/trades?accountId=${accountId}&sort=openedAt&order=asc&limit=${count}`),
  );
  let fills = 0;
  for (const trade of page.trades) {
    expect((await c.delete(`/api/trades/${trade.id}`)).status).toBe(200);
    fills += trade.executionCount;
  }
  return fills;
}

describe('a background import of fills whose trades were deleted', () => {
  it('skips them and counts them as waiting in Recently deleted', async () => {
    const accountId = await newAccount('Plain');
    const file = [HEADER, ...plainRows(60)].join('\n');
    expect(await importLarge(accountId, 'day.csv', file)).toMatchObject({ status: 'done', executionsAdded: 60 });
    const deletedFills = await deleteEarliestTrades(accountId, 3);
    expect(deletedFills).toBe(6);

    const again = await importLarge(accountId, 'day-again.csv', file);
    expect(again).toMatchObject({ status: 'done', executionsAdded: 0, duplicatesSkipped: 60, duplicatesDeleted: 6 });
    // The deletion sticks: the trades stay out of the list.
    const page = await c.json<TradeListJson>(c.get(`/api/trades?accountId=${accountId}&limit=100`));
    expect(page.trades).toHaveLength(27);
    // The history keeps the count, for the note beside the import.
    expect((await c.json<ImportJson>(c.get(`/api/imports/${again.id}`))).duplicatesDeleted).toBe(6);
  });

  it('counts only the deleted ones of a file that adds new fills too', async () => {
    const accountId = await newAccount('Longer');
    await importLarge(accountId, 'week.csv', [HEADER, ...plainRows(50)].join('\n'));
    expect(await deleteEarliestTrades(accountId, 2)).toBe(4);
    const longer = [HEADER, ...plainRows(50), ...plainRows(20, 200)].join('\n');
    const again = await importLarge(accountId, 'week-longer.csv', longer);
    expect(again).toMatchObject({ status: 'done', executionsAdded: 20, duplicatesSkipped: 50, duplicatesDeleted: 4 });
  });

  it('counts the fills matched by their execution id', async () => {
    const accountId = await newAccount('Keyed');
    const lines = [EDGEBOOK_CSV_COLUMNS.join(',')];
    for (let i = 0; i < 48; i += 1) {
      const row: Partial<Record<(typeof EDGEBOOK_CSV_COLUMNS)[number], string>> = {
        executed_at: new Date(Date.UTC(2025, 0, 2, 14) + i * 60_000).toISOString(),
        symbol: 'QQQ',
        side: i % 2 === 0 ? 'buy' : 'sell',
        quantity: '5',
        price: (500 + (i % 5)).toFixed(2),
        broker_exec_id: `E-${i}`,
      };
      lines.push(EDGEBOOK_CSV_COLUMNS.map((column) => row[column] ?? '').join(','));
    }
    const file = lines.join('\n');
    expect(await importLarge(accountId, 'export.csv', file)).toMatchObject({ status: 'done', executionsAdded: 48 });
    expect(await deleteEarliestTrades(accountId, 1)).toBe(2);
    const again = await importLarge(accountId, 'export-again.csv', file);
    expect(again).toMatchObject({ status: 'done', executionsAdded: 0, duplicatesSkipped: 48, duplicatesDeleted: 2 });
  });

  it('counts the fills of an import undone', async () => {
    const accountId = await newAccount('Undone');
    const file = [HEADER, ...plainRows(42)].join('\n');
    const first = await importLarge(accountId, 'undo-me.csv', file);
    expect((await c.delete(`/api/imports/${first.id}`)).status).toBe(200);
    const again = await importLarge(accountId, 'undo-me-again.csv', file);
    expect(again).toMatchObject({ status: 'done', executionsAdded: 0, duplicatesSkipped: 42, duplicatesDeleted: 42 });
  });

  it('counts none for an account with nothing deleted', async () => {
    const accountId = await newAccount('Nothing deleted');
    const file = [HEADER, ...plainRows(44)].join('\n');
    await importLarge(accountId, 'once.csv', file);
    const again = await importLarge(accountId, 'twice.csv', file);
    expect(again).toMatchObject({ status: 'done', executionsAdded: 0, duplicatesSkipped: 44, duplicatesDeleted: 0 });
  });
});
