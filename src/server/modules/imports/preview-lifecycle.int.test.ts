import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportCommitJson, ImportListJson, ImportPreviewJson } from '../../../contracts/imports';
import type { AccountJson } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { HOUR_MS, ManualClock } from '../../clock';
import { createUser } from '../users';

/** The preview's executions → trades count, and abandoned previews expiring from the history. */

const PASSWORD = 'long-enough-password';
const SYNC_ROW_LIMIT = 40;

let t: TestApp;
let importsDir: string;
let clock: ManualClock;
let users = 0;

beforeAll(async () => {
  clock = new ManualClock();
  importsDir = await mkdtemp(join(tmpdir(), 'edgebook-preview-'));
  t = await startTestApp({
    clock,
    env: { IMPORTS_DIR: importsDir, IMPORT_SYNC_ROW_LIMIT: String(SYNC_ROW_LIMIT), LOGIN_RATE_LIMIT: '1000' },
  });
});
afterAll(async () => {
  await t.close();
  await rm(importsDir, { recursive: true, force: true });
});

async function signIn(): Promise<TestClient> {
  users += 1;
  const email = `previewer${users}@example.com`;
  await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: clock.now() });
  const c = new TestClient(t.url(''));
  await c.login(email, PASSWORD);
  return c;
}

async function newAccount(c: TestClient): Promise<string> {
  const account = await c.json<AccountJson>(c.post('/api/accounts', { name: `Account ${users}` }));
  return account.id;
}

async function upload(c: TestClient, name: string, content: string, accountId?: string): Promise<ImportPreviewJson> {
  const form = new FormData();
  if (accountId) form.append('accountId', accountId);
  form.append('file', new Blob([content]), name);
  const res = await fetch(t.url('/api/imports'), {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', ...(c.cookie ? { cookie: c.cookie } : {}) },
    body: form,
  });
  if (res.status !== 201) throw new Error(`POST /api/imports: ${res.status} ${await res.text()}`);
  return (await res.json()) as ImportPreviewJson;
}

async function commit(c: TestClient, id: string, accountId: string): Promise<ImportCommitJson> {
  const res = await c.post(`/api/imports/${id}/commit`, { accountId });
  if (res.status !== 200) throw new Error(`commit: ${res.status} ${await res.text()}`);
  return (await res.json()) as ImportCommitJson;
}

const HEADER = 'Date,Symbol,Side,Qty,Price,Commission';
const FIRST_FILE = [
  HEADER,
  '2025-01-06 09:31:00,AAPL,Buy,100,185.10,1.00',
  '2025-01-06 10:02:00,AAPL,Sell,100,186.25,1.00',
  '2025-01-07 09:45:00,MSFT,Buy,10,420.00,0.50',
].join('\n');
/**
 * One AAPL fill the account has, the MSFT sell that closes its open trade, a TSLA round trip of
 * three fills, a row that cannot be read and a blank line.
 */
const SECOND_FILE = [
  HEADER,
  '2025-01-06 09:31:00,AAPL,Buy,100,185.10,1.00',
  '2025-01-08 11:15:00,MSFT,Sell,10,415.50,0.50',
  '2025-01-09 09:30:00,TSLA,Buy,5,400.00,0.10',
  '2025-01-09 09:40:00,TSLA,Buy,5,401.00,0.10',
  '2025-01-09 10:00:00,TSLA,Sell,10,405.00,0.20',
  '2025-01-09 10:05:00,NVDA,Buy,1,not-a-price,0',
].join('\n');

const filesOnDisk = async () => (await readdir(importsDir).catch(() => [])).filter((n) => n.endsWith('.upload'));

describe('the import preview’s summary', () => {
  it('counts the executions the file adds and the trades they make, grouped with the account’s fills', async () => {
    const c = await signIn();
    const accountId = await newAccount(c);
    const first = await upload(c, 'first.csv', FIRST_FILE, accountId);
    expect(first.summary).toEqual({
      executions: 3,
      trades: 2,
      duplicates: 0,
      duplicatesDeleted: 0,
      errors: 0,
      skipped: 0,
      events: { count: 0, text: '', problems: [] },
    });
    await commit(c, first.id, accountId);

    const second = await upload(c, 'second.csv', SECOND_FILE, accountId);
    // The AAPL fill is a duplicate; the MSFT sell closes the trade the account has open (1 trade),
    // the three TSLA fills make one round trip; the NVDA row cannot be read.
    expect(second.summary).toEqual({
      executions: 4,
      trades: 2,
      duplicates: 1,
      duplicatesDeleted: 0,
      errors: 1,
      skipped: 0,
      events: { count: 0, text: '', problems: [] },
    });

    const result = await commit(c, second.id, accountId);
    expect(result.executionsAdded).toBe(4);
    expect(result.duplicatesSkipped).toBe(1);
    expect(result.tradesCreated + result.tradesUpdated).toBe(2);
    expect(result.errors).toHaveLength(1);
  });

  it('counts against the account chosen after the upload, and without one as all new', async () => {
    const c = await signIn();
    const accountId = await newAccount(c);
    await commit(c, (await upload(c, 'first.csv', FIRST_FILE, accountId)).id, accountId);

    const unassigned = await upload(c, 'second.csv', SECOND_FILE);
    expect(unassigned.summary).toMatchObject({ executions: 5, trades: 3, duplicates: 0 });
    const remapped = await c.json<ImportPreviewJson>(c.post(`/api/imports/${unassigned.id}/preview`, { accountId }));
    expect(remapped.summary).toMatchObject({ executions: 4, trades: 2, duplicates: 1 });
  });

  it('refuses another user’s account for the count', async () => {
    const owner = await signIn();
    const theirs = await newAccount(owner);
    const c = await signIn();
    const preview = await upload(c, 'first.csv', FIRST_FILE);
    const res = await c.post(`/api/imports/${preview.id}/preview`, { accountId: theirs });
    expect(res.status).toBe(404);
  });

  it('has no summary while a required column is missing, or for a file imported in the background', async () => {
    const c = await signIn();
    const noPrice = await upload(c, 'no-price.csv', 'Date,Symbol,Side,Qty\n2025-01-06 09:31:00,AAPL,Buy,100');
    expect(noPrice.detected.missingRoles).toContain('price');
    expect(noPrice.summary).toBeNull();

    const rows = Array.from(
      { length: SYNC_ROW_LIMIT + 1 },
      (_, i) => `2025-01-06 09:${String(i % 60).padStart(2, '0')}:00,AAPL,${i % 2 ? 'Sell' : 'Buy'},1,10,0`,
    );
    const large = await upload(c, 'large.csv', [HEADER, ...rows].join('\n'));
    expect(large.rowCount).toBe(SYNC_ROW_LIMIT + 1);
    expect(large.summary).toBeNull();
  });
});

describe('the import-preview-expire job', () => {
  it('removes previews abandoned for 24 hours and their files, and leaves committed imports and newer previews', async () => {
    await t.app.jobs.settle();
    const c = await signIn();
    const accountId = await newAccount(c);
    const abandoned = await upload(c, 'abandoned.csv', FIRST_FILE, accountId);
    const done = await upload(c, 'done.csv', SECOND_FILE, accountId);
    await commit(c, done.id, accountId);
    expect(await filesOnDisk()).toContain(`${abandoned.id}.upload`);

    clock.advance(23 * HOUR_MS);
    const recent = await upload(c, 'recent.csv', FIRST_FILE, accountId);
    clock.advance(HOUR_MS + 60_000);

    const run = async () => {
      await t.app.jobs.send('import-preview-expire', {});
      await t.app.jobs.settle();
    };
    await run();
    const history = await c.json<ImportListJson>(c.get('/api/imports'));
    const ids = history.imports.map((i) => i.id);
    expect(ids).not.toContain(abandoned.id);
    expect((await c.get(`/api/imports/${abandoned.id}`)).status).toBe(404);
    expect(await filesOnDisk()).not.toContain(`${abandoned.id}.upload`);
    // A committed import stays in the history as it was, whatever its age.
    expect(history.imports.find((i) => i.id === done.id)).toMatchObject({ status: 'done', executionsAdded: 5 });
    // A preview younger than 24 hours stays, with its file, and can still be committed.
    expect(ids).toContain(recent.id);
    expect(await filesOnDisk()).toContain(`${recent.id}.upload`);

    // Idempotent: a second run changes nothing.
    await run();
    expect((await c.json<ImportListJson>(c.get('/api/imports'))).imports.map((i) => i.id)).toEqual(ids);
    expect((await commit(c, recent.id, accountId)).executionsAdded).toBe(2);
  });
});
