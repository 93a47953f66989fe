import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreviewJson } from '../../../contracts/imports';
import type { AccountJson, TradeJson, TradeListJson } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { waitForImport } from '../../../../test/helpers/imports';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { EDGEBOOK_CSV_COLUMNS } from '../trades';
import { createUser } from '../users';
import { WHOLE_FILE_ROWS } from './import-engine';

/**
 * An Edgebook CSV longer than one chunk (WHOLE_FILE_ROWS), with fills listed again far down the
 * file: a trader who pasted rows of last month's export, journal and all, under this month's.
 * The chunk of the copy no longer holds the row it copies, yet its journal must reach that fill.
 */
const PASSWORD = 'long-enough-password';
let t: TestApp;
let client: TestClient;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  await createUser(t.database.db, { email: 'lena@example.com', password: PASSWORD, isVerified: true, now: new Date() });
  client = new TestClient(t.url(''));
  await client.login('lena@example.com', PASSWORD);
});
afterAll(() => t.close());

type Row = Partial<Record<(typeof EDGEBOOK_CSV_COLUMNS)[number], string>>;

const toLine = (row: Row) => EDGEBOOK_CSV_COLUMNS.map((column) => row[column] ?? '').join(',');

/** Round trips of 10 shares, a minute apart: fill `i` has execution id X-i. */
function fillRow(i: number, journal: Row = {}): Row {
  return {
    executed_at: new Date(Date.UTC(2025, 0, 2, 14) + i * 60_000).toISOString(),
    symbol: 'AAA',
    side: i % 2 === 0 ? 'buy' : 'sell',
    quantity: '10',
    price: (50 + (i % 7) / 4).toFixed(2),
    commission: '0.50',
    broker_exec_id: `X-${i}`,
    ...journal,
  };
}

describe('a long Edgebook CSV with fills listed again chunks later', () => {
  it('gives a fill the journal of its copy when it has none, and keeps its own when it has one', async () => {
    const fills = WHOLE_FILE_ROWS + 200;
    const lines = [EDGEBOOK_CSV_COLUMNS.join(',')];
    // Fill 0 has no journal; fill 2 opens a trade with notes of its own.
    for (let i = 0; i < fills; i += 1) lines.push(toLine(fillRow(i, i === 2 ? { notes: 'Own notes.' } : {})));
    lines.push(toLine(fillRow(0, { notes: 'Notes from the copy.', rating: '4' })));
    lines.push(toLine(fillRow(2, { notes: 'A copy must not overwrite.' })));
    const account = await client.json<AccountJson>(client.post('/api/accounts', { name: 'Long', timezone: 'UTC' }));

    const form = new FormData();
    form.append('accountId', account.id);
    form.append('file', new Blob([lines.join('\r\n')], { type: 'text/csv' }), 'edgebook-export.csv');
    const uploaded = await fetch(t.url('/api/imports'), {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: client.cookie! },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const preview = (await uploaded.json()) as ImportPreviewJson;
    expect(preview.detected.broker).toBe('Edgebook');
    expect((await client.post(`/api/imports/${preview.id}/commit`, { accountId: account.id })).status).toBe(202);
    const done = await waitForImport(client, preview.id);
    expect(done).toMatchObject({
      status: 'done',
      executionsAdded: fills,
      duplicatesSkipped: 0,
      tradesCreated: fills / 2,
    });
    // Rows are numbered as lines: the header is line 1, fill i is line i + 2.
    expect(done.skipped).toEqual([
      { row: fills + 2, reason: 'duplicate of row 2 (same execution id)' },
      { row: fills + 3, reason: 'duplicate of row 4 (same execution id)' },
    ]);

    const page = await client.json<TradeListJson>(
      client.get(`/api/trades?accountId=${account.id}&limit=2&sort=openedAt&order=asc`),
    );
    const [first, second] = await Promise.all(
      page.trades.map((trade) => client.json<TradeJson>(client.get(`/api/trades/${trade.id}`))),
    );
    expect(first).toMatchObject({ notes: 'Notes from the copy.', rating: 4 });
    expect(second).toMatchObject({ notes: 'Own notes.' });
  });
});
