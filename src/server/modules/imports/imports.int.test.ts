import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportCommitJson, ImportJson, ImportListJson, ImportPreviewJson } from '../../../contracts/imports';
import type { AccountJson, ExecutionInput, TradeJson, TradeListJson } from '../../../contracts/trades';
import { add, D, toMoneyString } from '../../../core/money/decimal';
import { BROKER_FIXTURE_CASES } from '../../../../test/fixtures/import/brokers/expected';
import { TestClient } from '../../../../test/helpers/http-client';
import { waitForImport } from '../../../../test/helpers/imports';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { ManualClock } from '../../clock';
import { createUser, getUserById } from '../users';
import { imports } from '../../db/schema';
import { createLeases } from '../../db/leases';
import { CHECKPOINT_STAGE, REGROUP_STAGE, RESIZE_STAGE, failInterruptedImports } from './import-runner';
import { importStagesChannel, type ImportStagesMessage } from './import-stages';
import { eq, sql } from 'drizzle-orm';
import { expectedEngine } from '../../../../test/helpers/test-database';
import { waitUntil } from '../../../../test/helpers/wait-until';
import { removeFailedUploads } from './imports.service';
import { createUploadStore } from './upload-store';

const PASSWORD = 'long-enough-password';
const FIXTURES_DIR = join(import.meta.dirname, '../../../../test/fixtures/import/brokers');
const DAMAGED_XLS = join(import.meta.dirname, '../../../../test/fixtures/import/damaged/extern-sheet-count.xls');
/** Small limits, so the oversize and background paths are reachable with small files. */
const MAX_BYTES = 256 * 1024;
const SYNC_ROW_LIMIT = 40;

let t: TestApp;
let importsDir: string;
let clock: ManualClock;
let users = 0;
let shared: TestClient;

beforeAll(async () => {
  clock = new ManualClock();
  importsDir = await mkdtemp(join(tmpdir(), 'edgebook-imports-'));
  t = await startTestApp({
    clock,
    env: {
      IMPORTS_DIR: importsDir,
      IMPORT_MAX_BYTES: String(MAX_BYTES),
      IMPORT_SYNC_ROW_LIMIT: String(SYNC_ROW_LIMIT),
      // Many write batches even in a small file: trades that span batches are the hard part.
      IMPORT_BATCH_ROWS: '7',
      // PGlite checkpoints after every batch of a background import (each writes more than this).
      IMPORT_CHECKPOINT_WAL_BYTES: '1000',
      // A damaged workbook below eats memory until its reader process ends: let that come soon.
      IMPORT_SPREADSHEET_MAX_HEAP_MB: '128',
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_ACCOUNT_RATE_LIMIT: '1000',
      CONTACT_RATE_LIMIT: '1000',
    },
  });
  shared = await signIn();
});
afterAll(async () => {
  await t.close();
  await rm(importsDir, { recursive: true, force: true });
});

async function signIn(): Promise<TestClient> {
  users += 1;
  const email = `importer${users}@example.com`;
  await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: clock.now() });
  const c = new TestClient(t.url(''));
  await c.login(email, PASSWORD);
  return c;
}

async function newAccount(c: TestClient, timezone = 'America/New_York'): Promise<string> {
  const account = await c.json<AccountJson>(c.post('/api/accounts', { name: `Account ${Math.random()}`, timezone }));
  return account.id;
}

/** A multipart POST as the browser's FormData would send it, with the client's session and Origin. */
async function postForm(c: TestClient, path: string, form: FormData): Promise<Response> {
  return fetch(t.url(path), {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', ...(c.cookie ? { cookie: c.cookie } : {}) },
    body: form,
  });
}

function fileForm(name: string, content: string | Uint8Array, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([content as BlobPart]), name);
  return form;
}

async function upload(
  c: TestClient,
  name: string,
  content: string | Uint8Array,
  fields: Record<string, string> = {},
): Promise<ImportPreviewJson> {
  const res = await postForm(c, '/api/imports', fileForm(name, content, fields));
  if (res.status !== 201) throw new Error(`POST /api/imports: ${res.status} ${await res.text()}`);
  return (await res.json()) as ImportPreviewJson;
}

async function commit(c: TestClient, id: string, body: Record<string, unknown>): Promise<ImportCommitJson> {
  const res = await c.post(`/api/imports/${id}/commit`, body);
  if (res.status !== 200) throw new Error(`commit: ${res.status} ${await res.text()}`);
  return (await res.json()) as ImportCommitJson;
}

async function tradesOf(c: TestClient, accountId: string): Promise<TradeJson[]> {
  const all: TradeJson[] = [];
  let cursor: string | null = null;
  do {
    const suffix: string = cursor ? `&cursor=${cursor}` : '';
    const page: TradeListJson = await c.json<TradeListJson>(
      c.get(`/api/trades?accountId=${accountId}&limit=500&sort=openedAt&order=asc${suffix}`),
    );
    all.push(...page.trades);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/**
 * Another writer of the account's fills: takes the lock they all take (getAccountForUpdate's) in a
 * transaction of its own, holds it 300 ms, then logs 'writer done' to `events`. Answers once the
 * lock is held, with the transaction's end as `done`.
 */
async function holdAccount(accountId: string, events: string[]): Promise<{ done: Promise<void> }> {
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select id from accounts where id = ${accountId} for update`);
    locked();
    await new Promise((resolve) => setTimeout(resolve, 300));
    events.push('writer done');
  });
  await Promise.race([isLocked, holder]);
  return { done: holder }; // in an object: an async function would wait for a promise it answers
}

/** A background import's state once it has finished (polled as the progress bar does). */
const GENERIC = [
  'Trade Date,Ticker,Action,Shares,Fill Price,Commission',
  '03/03/2025 09:31:05,AAPL,Buy,100,230.10,1.00',
  '03/03/2025 09:45:10,AAPL,Sell,40,231.00,1.00',
  '03/03/2025 10:02:00,AAPL,Sell,60,232.35,1.00',
  '03/04/2025 10:00:00,TSLA,Sell Short,10,280.00,1.00',
  '03/04/2025 10:30:00,TSLA,Buy to Cover,10,275.50,1.00',
].join('\n');

describe('POST /api/imports (preview)', () => {
  it('detects a generic file and previews its executions without adding anything', async () => {
    const accountId = await newAccount(shared);
    const preview = await upload(shared, 'my-trades.csv', GENERIC, { accountId });
    expect(preview).toMatchObject({
      status: 'preview',
      fileName: 'my-trades.csv',
      rowCount: 5,
      detected: { broker: null, fileType: 'csv', delimiter: ',', headerRow: 1, missingRoles: [] },
    });
    const roles = Object.fromEntries(preview.detected.columns.map((c) => [c.header, c.role]));
    expect(roles).toMatchObject({
      'Trade Date': 'date',
      Ticker: 'symbol',
      Action: 'side',
      Shares: 'quantity',
      'Fill Price': 'price',
      Commission: 'commission',
    });
    expect(preview.preview.executions[0]).toMatchObject({
      row: 2,
      // 09:31:05 in New York on 3 March 2025 (EST, UTC−5).
      executedAt: '2025-03-03T14:31:05.000Z',
      symbol: 'AAPL',
      side: 'buy',
      quantity: '100',
      price: '230.1',
      commission: '1',
    });
    expect(await tradesOf(shared, accountId)).toEqual([]);
  });

  it('reads the file in the zone the user picks over the account’s', async () => {
    const accountId = await newAccount(shared);
    const preview = await upload(shared, 'a.csv', GENERIC, { accountId, timezone: 'Europe/Berlin' });
    expect(preview.detected.timezone).toBe('Europe/Berlin');
    expect(preview.preview.executions[0]?.executedAt).toBe('2025-03-03T08:31:05.000Z');
  });

  it('refuses what is not a table of trades, clearly, and keeps nothing', async () => {
    const before = await readdir(importsDir);
    const cases: [string, string | Uint8Array, number, RegExp][] = [
      ['empty.csv', '', 400, /empty/i],
      ['noise.csv', Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256), 400, /.+/],
      ['archive.xlsx', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...new Array<number>(200).fill(0)]), 400, /.+/],
    ];
    for (const [name, content, status, message] of cases) {
      const res = await postForm(shared, '/api/imports', fileForm(name, content));
      expect(res.status, name).toBe(status);
      const body = (await res.json()) as { error: string; message: string };
      expect(body.error, name).toBe('VALIDATION_ERROR');
      expect(body.message, name).toMatch(message);
    }
    expect(await readdir(importsDir)).toEqual(before);
  });

  it('answers a workbook that kills the process reading it as unreadable, and reads the next upload', async () => {
    const damaged = new Uint8Array(await readFile(DAMAGED_XLS));
    const res = await postForm(shared, '/api/imports', fileForm('statement.xls', damaged));
    expect(res.status).toBe(400);
    expect((await res.json()) as { error: string; message: string }).toMatchObject({
      error: 'VALIDATION_ERROR',
      message:
        'This Office file is not an Excel workbook that can be read (or it is damaged): save it as .xlsx or .csv.',
    });
    const next = await upload(shared, 'next.csv', GENERIC);
    expect(next.rowCount).toBeGreaterThan(0);
  });

  it('answers 413 for a file over the limit, and 404 for an account that is not the user’s', async () => {
    const before = await readdir(importsDir);
    const big = `Date,Symbol,Side,Qty,Price\n${'03/03/2025,AAPL,Buy,1,1.00\n'.repeat(MAX_BYTES / 20)}`;
    const tooLarge = await postForm(shared, '/api/imports', fileForm('big.csv', big));
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { message: string }).message).toMatch(/larger than/);

    const other = await signIn();
    const theirs = await newAccount(other);
    const res = await postForm(shared, '/api/imports', fileForm('a.csv', GENERIC, { accountId: theirs }));
    expect(res.status).toBe(404);
    expect(await readdir(importsDir)).toEqual(before);
  });

  it('asks for a file when none is sent', async () => {
    const form = new FormData();
    form.append('accountId', 'x');
    const res = await postForm(shared, '/api/imports', form);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Choose a file to import.');
  });

  it('reads the first sheet of an .xlsx workbook', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Date', 'Symbol', 'Side', 'Quantity', 'Price', 'Fees'],
      ['2025-03-05 10:00:00', 'MSFT', 'BUY', 5, 400.5, 0.5],
      ['2025-03-05 11:00:00', 'MSFT', 'SELL', 5, 402.25, 0.5],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Trades');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    const accountId = await newAccount(shared);
    const preview = await upload(shared, 'trades.xlsx', bytes, { accountId });
    expect(preview.detected).toMatchObject({ fileType: 'xlsx', sheetName: 'Trades' });
    const done = await commit(shared, preview.id, { accountId });
    expect(done).toMatchObject({ executionsAdded: 2, tradesCreated: 1 });
    const [trade] = await tradesOf(shared, accountId);
    // 5 × (402.25 − 400.5) − 2 × 0.5
    expect(trade?.netPnl).toBe('7.75');
  });

  it('commits the sheet the user picked, not the first one', async () => {
    const book = XLSX.utils.book_new();
    const trip = (symbol: string, exit: number) => [
      ['Date', 'Symbol', 'Side', 'Quantity', 'Price'],
      ['2025-03-05 10:00:00', symbol, 'BUY', 10, 100],
      ['2025-03-05 11:00:00', symbol, 'SELL', 10, exit],
    ];
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(trip('MSFT', 101)), 'Summary');
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(trip('NVDA', 103)), 'Trades');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    const accountId = await newAccount(shared);
    const preview = await upload(shared, 'two sheets.xlsx', bytes, { accountId });
    expect(preview.detected).toMatchObject({ sheetName: 'Summary', sheetNames: ['Summary', 'Trades'] });
    const picked = await shared.json<ImportPreviewJson>(
      shared.post(`/api/imports/${preview.id}/preview`, { sheetName: 'Trades' }),
    );
    expect(picked.preview.executions.map((execution) => execution.symbol)).toEqual(['NVDA', 'NVDA']);
    expect(await commit(shared, preview.id, { accountId })).toMatchObject({ executionsAdded: 2, tradesCreated: 1 });
    expect((await tradesOf(shared, accountId)).map((trade) => [trade.symbol, trade.netPnl])).toEqual([['NVDA', '30']]);
  });
});

describe('POST /api/imports/:id/commit', () => {
  it('adds the trades to the cent, then nothing when the same file comes again under another name', async () => {
    const accountId = await newAccount(shared);
    const first = await upload(shared, 'march.csv', GENERIC, { accountId });
    const done = await commit(shared, first.id, { accountId });
    expect(done).toMatchObject({
      status: 'done',
      executionsAdded: 5,
      duplicatesSkipped: 0,
      tradesCreated: 2,
      tradesUpdated: 0,
      errors: [],
    });
    const trades = await tradesOf(shared, accountId);
    expect(trades.map((tr) => [tr.symbol, tr.direction, tr.status, tr.netPnl])).toEqual([
      // 40 × 0.90 + 60 × 2.25 − 3 × 1.00
      ['AAPL', 'long', 'closed', '168'],
      // 10 × 4.50 − 2 × 1.00
      ['TSLA', 'short', 'closed', '43'],
    ]);

    const again = await upload(shared, 'copy of march.csv', GENERIC, { accountId });
    expect(await commit(shared, again.id, { accountId })).toMatchObject({
      executionsAdded: 0,
      duplicatesSkipped: 5,
      tradesCreated: 0,
    });
    expect(await tradesOf(shared, accountId)).toHaveLength(2);
  });

  it('adds only what is new from an overlapping export', async () => {
    const accountId = await newAccount(shared);
    const lines = GENERIC.split('\n');
    const firstPart = lines.slice(0, 4).join('\n'); // AAPL round trip
    await commit(shared, (await upload(shared, 'first.csv', firstPart, { accountId })).id, { accountId });
    const overlapping = [lines[0], ...lines.slice(3)].join('\n'); // last AAPL fill + TSLA
    const done = await commit(shared, (await upload(shared, 'second.csv', overlapping, { accountId })).id, {
      accountId,
    });
    expect(done).toMatchObject({ executionsAdded: 2, duplicatesSkipped: 1, tradesCreated: 1 });
    expect((await tradesOf(shared, accountId)).map((tr) => tr.netPnl)).toEqual(['168', '43']);
  });

  it('needs the user’s choice for a column it cannot place, and remembers it for the next file', async () => {
    const accountId = await newAccount(shared);
    const file = ['When,Instrument,B/S,Amount of shares,Avg,Kosten'].concat([
      '2025-03-06 10:00,NVDA,B,10,120.00,0.35',
      '2025-03-06 11:00,NVDA,S,10,121.50,0.35',
    ]);
    const preview = await upload(shared, 'odd.csv', file.join('\n'), { accountId });
    const columns = preview.detected.columns;
    // Whatever the detector made of it, the user states every role.
    const mapping = {
      columns: [
        { index: 0, role: 'date' },
        { index: 1, role: 'symbol' },
        { index: 2, role: 'side' },
        { index: 3, role: 'quantity' },
        { index: 4, role: 'price' },
        { index: 5, role: 'commission' },
      ],
    };
    expect(columns).toHaveLength(6);
    const remapped = await shared.json<ImportPreviewJson>(
      shared.post(`/api/imports/${preview.id}/preview`, { mapping }),
    );
    expect(remapped.detected.missingRoles).toEqual([]);
    expect(remapped.preview.executions).toHaveLength(2);

    const done = await commit(shared, preview.id, { accountId, mapping });
    expect(done).toMatchObject({ executionsAdded: 2, tradesCreated: 1 });
    expect((await tradesOf(shared, accountId))[0]?.netPnl).toBe('14.3');

    const next = await upload(shared, 'odd-april.csv', file.join('\n').replace(/2025-03-06/g, '2025-04-07'), {
      accountId,
    });
    expect(next.templateApplied).toBe(true);
    expect(next.detected.missingRoles).toEqual([]);
    expect(next.detected.columns.map((c) => c.role)).toEqual(mapping.columns.map((c) => c.role));
  });

  it('refuses to commit while a required column is unmapped', async () => {
    const accountId = await newAccount(shared);
    const preview = await upload(shared, 'x.csv', 'Foo,Bar\n1,2\n3,4\n', { accountId });
    expect(preview.detected.missingRoles.length).toBeGreaterThan(0);
    const res = await shared.post(`/api/imports/${preview.id}/commit`, { accountId });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Choose the column that holds/);
  });

  it('reports rows it cannot read, by row, and still adds the rest', async () => {
    const accountId = await newAccount(shared);
    const file = `${GENERIC}\n03/05/2025 10:00:00,AMD,Buy,5,,1.00`;
    const done = await commit(shared, (await upload(shared, 'x.csv', file, { accountId })).id, { accountId });
    expect(done.executionsAdded).toBe(5);
    expect(done.errors).toEqual([expect.objectContaining({ row: 7 })]);
  });

  it('runs a large file in the background with progress, all of it or none', async () => {
    const accountId = await newAccount(shared);
    const rows = ['Date,Symbol,Side,Quantity,Price,Commission'];
    const start = Date.UTC(2025, 0, 6, 15);
    for (let i = 0; i < 60; i += 1) {
      const at = new Date(start + i * 3_600_000).toISOString();
      rows.push(`${at},SPY,${i % 2 === 0 ? 'Buy' : 'Sell'},10,${(500 + (i % 4)).toFixed(2)},0.50`);
    }
    const preview = await upload(shared, 'big.csv', rows.join('\n'), { accountId });
    expect(preview.rowCount).toBe(60);
    const vacuumsBefore = await countTradeVacuums();
    const published: ImportStagesMessage[] = [];
    const onStages = (message: unknown) => published.push(message as ImportStagesMessage);
    importStagesChannel.subscribe(onStages);
    const res = await shared.post(`/api/imports/${preview.id}/commit`, { accountId });
    expect(res.status).toBe(202);
    expect(((await res.json()) as ImportJson).status).toMatch(/queued|running/);
    const state = await waitForImport(shared, preview.id);
    expect(state.failureMessage).toBeNull();
    expect(state).toMatchObject({ status: 'done', progress: 1, executionsAdded: 60, tradesCreated: 30 });
    importStagesChannel.unsubscribe(onStages);
    // On PGlite the write-ahead log is checkpointed as it grows (here after each batch), not only
    // at the end; PostgreSQL checkpoints on its own.
    const stages = published.find((message) => message.importId === preview.id)?.stages ?? [];
    const checkpoints = stages.find((stage) => stage.name === CHECKPOINT_STAGE)?.rows ?? 0;
    if (expectedEngine() === 'pglite') expect(checkpoints).toBeGreaterThanOrEqual(8);
    else expect(checkpoints).toBe(0);
    // On PGlite the worker is asked for batches sized to the target time (here the least, 50 rows,
    // or more, from 7: it had formed them all by then); PostgreSQL's stay as configured.
    const resizes = stages.find((stage) => stage.name === RESIZE_STAGE)?.rows ?? 0;
    if (expectedEngine() === 'pglite') expect(resizes).toBeGreaterThanOrEqual(1);
    else expect(resizes).toBe(0);
    const trades = await tradesOf(shared, accountId);
    expect(trades).toHaveLength(30);
    // Buys at 500 or 502, sells at 501 or 503: +10 per share pair, minus 1.00 commission.
    const total = trades.reduce((sum, tr) => add(sum, D(tr.netPnl)), D(0));
    expect(toMoneyString(total)).toBe('270.00');
    // On PostgreSQL the pages it wrote are vacuumed before the analytics read them (from the index).
    if (expectedEngine() === 'postgres') {
      await waitUntil(async () => (await countTradeVacuums())! > vacuumsBefore!);
      expect(await countTradeVacuums()).toBeGreaterThan(vacuumsBefore!);
    }
  });
});

/** How many times trades was vacuumed by hand (PostgreSQL's statistics); null on PGlite, which keeps none. */
async function countTradeVacuums(): Promise<number | null> {
  if (expectedEngine() !== 'postgres') return null;
  const result = await t.database.db.execute(
    sql`select vacuum_count::int as n from pg_stat_user_tables where relname = 'trades'`,
  );
  // Both drivers answer a raw statement as { rows }, here one row of this select list.
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** Fills a trader could make on three symbols: scale-ins, partial exits, flips, equal times, twins. */
function tradingDay(seed: number, count: number) {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
  let at = Date.UTC(2025, 1, 3, 15);
  const fills: (ExecutionInput & { commission: string })[] = [];
  for (let i = 0; i < count; i++) {
    at += next() < 0.2 ? 0 : Math.floor(next() * 600) * 1_000;
    const fill = {
      executedAt: new Date(at).toISOString(),
      symbol: ['AAA', 'BBB', 'CCC'][Math.floor(next() * 3)]!,
      side: next() < 0.5 ? ('buy' as const) : ('sell' as const),
      quantity: ['1', '2', '3', '5'][Math.floor(next() * 4)]!,
      price: (100 + Math.floor(next() * 500) / 100).toFixed(2),
      commission: next() < 0.5 ? '0.35' : '1.00',
    };
    fills.push(fill);
    if (next() < 0.05) fills.push({ ...fill }); // the same fill twice: two partial fills, both kept
  }
  return fills;
}

/**
 * The trades' figures, without what differs between accounts (ids), in an order that depends on
 * nothing else: two trades of a symbol can open at the same instant (one closes as the next opens).
 */
const figuresOf = (trades: TradeJson[]) =>
  trades
    .map(({ id: _id, accountId: _account, tags: _tags, ...figures }) => figures)
    .map((figures) => ({ figures, key: `${figures.openedAt} ${figures.symbol} ${JSON.stringify(figures)}` }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ figures }) => figures);

describe('a large import grouped as it is stored', () => {
  async function importInBackground(c: TestClient, accountId: string, csv: string): Promise<ImportJson> {
    const preview = await upload(c, 'day.csv', csv, { accountId });
    expect(preview.rowCount).toBeGreaterThan(SYNC_ROW_LIMIT);
    const res = await c.post(`/api/imports/${preview.id}/commit`, { accountId });
    expect(res.status).toBe(202);
    const state = await waitForImport(c, preview.id);
    expect(state.failureMessage).toBeNull();
    return state;
  }

  it.each([
    ['oldest first into a new account', 1, { isNewestFirst: false, hasEarlierFills: false }],
    ['oldest first, another day', 2, { isNewestFirst: false, hasEarlierFills: false }],
    ['newest first (replayed in reverse)', 3, { isNewestFirst: true, hasEarlierFills: false }],
    // Grouped from the database: the symbol's earlier fills are not in this file.
    ['into an account that already trades one of the symbols', 4, { isNewestFirst: false, hasEarlierFills: true }],
    // Its symbol's trades so far are rebuilt from the database once the late fill comes.
    ['with one fill listed after later ones', 5, { isNewestFirst: false, hasEarlierFills: false, isOneLate: true }],
  ])('gives exactly the trades the same fills give entered by hand: %s', async (_name, seed, shape) => {
    const c = await signIn();
    const imported = await newAccount(c, 'UTC');
    const entered = await newAccount(c, 'UTC');
    if (shape.hasEarlierFills) {
      const earlier = [
        { executedAt: '2025-01-31T15:00:00.000Z', symbol: 'BBB', side: 'buy', quantity: '4', price: '99.00' },
        { executedAt: '2025-01-31T16:00:00.000Z', symbol: 'BBB', side: 'sell', quantity: '1', price: '99.50' },
      ];
      for (const accountId of [imported, entered])
        expect((await c.post('/api/executions', { accountId, executions: earlier })).status).toBe(200);
    }
    const fills = tradingDay(seed, 150);
    const lines = fills.map((f) => `${f.executedAt},${f.symbol},${f.side},${f.quantity},${f.price},${f.commission}`);
    if (shape.isNewestFirst) lines.reverse();
    if ('isOneLate' in shape) lines.push(...lines.splice(40, 1));
    const state = await importInBackground(
      c,
      imported,
      ['Date,Symbol,Side,Quantity,Price,Commission', ...lines].join('\n'),
    );
    expect(state.executionsAdded).toBe(fills.length);
    const res = await c.post('/api/executions', { accountId: entered, executions: fills });
    expect(res.status, await res.clone().text()).toBe(200);
    const expected = await tradesOf(c, entered);
    expect(expected.some((trade) => trade.status === 'open')).toBe(true);
    expect(figuresOf(await tradesOf(c, imported))).toEqual(figuresOf(expected));
    expect(state.tradesCreated + state.tradesUpdated).toBe(expected.length);
    expect(state.tradesUpdated).toBe(shape.hasEarlierFills ? 1 : 0);
  });

  it('reports by row a fill it cannot store, and adds the rest', async () => {
    const c = await signIn();
    const accountId = await newAccount(c, 'UTC');
    const fills = tradingDay(7, 80);
    const lines = fills.map((f) => `${f.executedAt},${f.symbol},${f.side},${f.quantity},${f.price},${f.commission}`);
    // Too large for the quantity column: row 32 of the file, refused as it is read (the input policy).
    lines.splice(30, 0, `${fills[30]!.executedAt},AAPL,buy,10000000000000000000,230,0`);
    const state = await importInBackground(
      c,
      accountId,
      ['Date,Symbol,Side,Quantity,Price,Commission', ...lines].join('\n'),
    );
    expect(state).toMatchObject({ executionsAdded: fills.length, duplicatesSkipped: 0 });
    expect(state.errors).toEqual([
      {
        row: 32,
        message: 'the quantity 10000000000000000000 is too large (at most 18 digits before the decimal point).',
      },
    ]);
  });

  /** Round trips on three symbols, one fill a minute: flat in every symbol after each pair. */
  function roundTrips(count: number): (ExecutionInput & { commission: string })[] {
    const trips: (ExecutionInput & { commission: string })[] = [];
    for (let i = 0; i < count; i += 1) {
      trips.push({
        executedAt: new Date(Date.UTC(2025, 2, 3, 14) + i * 60_000).toISOString(),
        symbol: ['AAA', 'BBB', 'CCC'][Math.floor(i / 2) % 3]!,
        side: i % 2 === 0 ? 'buy' : 'sell',
        quantity: String(1 + (i % 4)),
        price: (100 + (i % 7) / 4).toFixed(2),
        commission: '0.35',
      });
    }
    // The same pair's quantities: a sell closes exactly what its buy opened.
    for (let i = 1; i < trips.length; i += 2) trips[i]!.quantity = trips[i - 1]!.quantity;
    return trips;
  }
  const csvOf = (fills: readonly (ExecutionInput & { commission: string })[]) =>
    [
      'Date,Symbol,Side,Quantity,Price,Commission',
      ...fills.map((f) => `${f.executedAt},${f.symbol},${f.side},${f.quantity},${f.price},${f.commission}`),
    ].join('\n');
  /** An import's state, and the new fills it regrouped from the database (not as they came). */
  const regroupedIn = async (run: () => Promise<ImportJson>) => {
    const published: ImportStagesMessage[] = [];
    const onStages = (message: unknown) => published.push(message as ImportStagesMessage);
    importStagesChannel.subscribe(onStages);
    try {
      const state = await run();
      const stages = published.find((message) => message.importId === state.id)?.stages ?? [];
      return { state, regrouped: stages.find((stage) => stage.name === REGROUP_STAGE)?.rows ?? 0 };
    } finally {
      importStagesChannel.unsubscribe(onStages);
    }
  };

  /** The account's trades are those the same fills give entered by hand in a new account. */
  async function expectTradesAsEntered(c: TestClient, accountId: string, fills: readonly ExecutionInput[]) {
    const entered = await newAccount(c, 'UTC');
    expect((await c.post('/api/executions', { accountId: entered, executions: fills })).status).toBe(200);
    expect(figuresOf(await tradesOf(c, accountId))).toEqual(figuresOf(await tradesOf(c, entered)));
  }

  it('groups an overlapping export as it comes after the account’s last fill, and rebuilds what a new fill before it changes', async () => {
    const c = await signIn();
    const trips = roundTrips(160);
    const accountId = await newAccount(c, 'UTC');
    await importInBackground(c, accountId, csvOf(trips.slice(0, 80)));
    // This month's export after last month's: 20 fills the account has, 80 new, all after its last.
    const overlapping = await regroupedIn(() => importInBackground(c, accountId, csvOf(trips.slice(60))));
    expect(overlapping.state).toMatchObject({
      executionsAdded: 80,
      duplicatesSkipped: 20,
      tradesCreated: 40,
      tradesUpdated: 0,
    });
    expect(overlapping.regrouped).toBe(0);
    await expectTradesAsEntered(c, accountId, trips);

    // A file with a round trip of BBB the account did not have, before its last two BBB trades
    // (16:32 and 16:38): BBB's trades from then on are rebuilt from the database (those two are
    // updated, no earlier one); the others' new fills are grouped as they come.
    const late = [
      { ...trips[2]!, executedAt: '2025-03-03T16:30:00.000Z', quantity: '7' },
      { ...trips[3]!, executedAt: '2025-03-03T16:30:30.000Z', quantity: '7', price: '103.00' },
    ];
    const more: typeof trips = [];
    for (let i = 160; i < 220; i += 1)
      more.push({ ...trips[i % 6]!, executedAt: new Date(Date.UTC(2025, 2, 3, 14) + i * 60_000).toISOString() });
    const withLate = await regroupedIn(() => importInBackground(c, accountId, csvOf([...late, ...more])));
    expect(withLate.state).toMatchObject({
      executionsAdded: 62,
      duplicatesSkipped: 0,
      tradesCreated: 31,
      tradesUpdated: 2,
    });
    expect(withLate.regrouped).toBeGreaterThan(0);
    await expectTradesAsEntered(c, accountId, [...trips, ...late, ...more]);
  });

  it('groups an older statement imported after a newer one as it comes, and rebuilds when its position carries into the account’s fills', async () => {
    const c = await signIn();
    const trips = roundTrips(160);
    const accountId = await newAccount(c, 'UTC');
    await importInBackground(c, accountId, csvOf(trips.slice(80)));
    // Last month's export after this month's: every fill before the account's first.
    const older = await regroupedIn(() => importInBackground(c, accountId, csvOf(trips.slice(0, 80))));
    expect(older.state).toMatchObject({
      executionsAdded: 80,
      duplicatesSkipped: 0,
      tradesCreated: 40,
      tradesUpdated: 0,
    });
    expect(older.regrouped).toBe(0);
    await expectTradesAsEntered(c, accountId, trips);

    // An older statement whose last AAA buy is sold only in the account's fills: AAA is rebuilt
    // from that buy on (its first trade in the account takes the buy in); BBB and CCC are not.
    const carried = await newAccount(c, 'UTC');
    const later = trips.slice(80);
    await importInBackground(c, carried, csvOf(later));
    const buy = { ...trips[0]!, executedAt: '2025-03-03T15:00:00.000Z', quantity: '3' };
    const withCarry = [...trips.slice(0, 60), buy];
    const state = await regroupedIn(() => importInBackground(c, carried, csvOf(withCarry)));
    expect(state.state).toMatchObject({ executionsAdded: 61, duplicatesSkipped: 0 });
    expect(state.regrouped).toBeGreaterThan(0);
    expect(state.regrouped).toBeLessThan(61);
    await expectTradesAsEntered(c, carried, [...withCarry, ...later]);
  });

  it('skips a broker fill listed again further down, and adds nothing when the file comes again', async () => {
    const c = await signIn();
    const accountId = await newAccount(c, 'UTC');
    const fills = tradingDay(6, 120);
    const lines = fills.map(
      (f, i) => `E${i},${f.executedAt},${f.symbol},${f.side},${f.quantity},${f.price},${f.commission}`,
    );
    // A statement that lists fills again further down: in batches other than their first listing.
    const relisted = [3, 10, 57, 58, 100].map((i) => lines[i]!);
    const csv = ['Execution ID,Date,Symbol,Side,Quantity,Price,Commission', ...lines, ...relisted].join('\n');
    const first = await importInBackground(c, accountId, csv);
    expect(first).toMatchObject({ executionsAdded: fills.length, duplicatesSkipped: 0 });
    expect(first.skipped.map((s) => s.reason)).toEqual(
      [3, 10, 57, 58, 100].map((i) => `duplicate of row ${i + 2} (same execution id)`),
    );
    const trades = await tradesOf(c, accountId);
    const entered = await newAccount(c, 'UTC');
    const res = await c.post('/api/executions', {
      accountId: entered,
      executions: fills.map((f, i) => ({ ...f, brokerExecId: `E${i}` })),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(figuresOf(trades)).toEqual(figuresOf(await tradesOf(c, entered)));

    const again = await importInBackground(c, accountId, csv);
    expect(again).toMatchObject({ executionsAdded: 0, duplicatesSkipped: fills.length, tradesCreated: 0 });
    expect(await tradesOf(c, accountId)).toEqual(trades);
  });
});

describe('history and undo', () => {
  it('lists imports newest first and undoes exactly one batch', async () => {
    const c = await signIn();
    const accountId = await newAccount(c);
    const lines = GENERIC.split('\n');
    const a = await commit(c, (await upload(c, 'a.csv', lines.slice(0, 4).join('\n'), { accountId })).id, {
      accountId,
    });
    clock.advance(60_000);
    const bFile = [lines[0], ...lines.slice(4)].join('\n');
    const b = await commit(c, (await upload(c, 'b.csv', bFile, { accountId })).id, { accountId });
    const history = await c.json<ImportListJson>(c.get('/api/imports'));
    expect(history.imports.map((i) => [i.fileName, i.status, i.executionsAdded])).toEqual([
      ['b.csv', 'done', 2],
      ['a.csv', 'done', 3],
    ]);

    const undo = await c.delete(`/api/imports/${a.id}`);
    expect(undo.status).toBe(200);
    const undone = (await undo.json()) as ImportJson & { undoToken: string };
    expect(undone.status).toBe('undone');
    expect((await tradesOf(c, accountId)).map((tr) => tr.symbol)).toEqual(['TSLA']);
    expect(b.executionsAdded).toBe(2);

    // The undone fills wait in "Recently deleted": the same file again does not bring them back as new…
    const again = await commit(c, (await upload(c, 'a.csv', lines.slice(0, 4).join('\n'), { accountId })).id, {
      accountId,
    });
    expect(again.executionsAdded).toBe(0);
    expect((await tradesOf(c, accountId)).map((tr) => tr.symbol)).toEqual(['TSLA']);
    // …and does not stand in the way of restoring them, with the import done again.
    expect((await c.post('/api/trades/restore', { undoToken: undone.undoToken })).status).toBe(200);
    expect((await tradesOf(c, accountId)).map((tr) => tr.symbol).sort()).toEqual(['AAPL', 'TSLA']);
    const after = await c.json<ImportListJson>(c.get('/api/imports'));
    expect(after.imports.find((i) => i.id === a.id)?.status).toBe('done');
  });

  it('discards a preview and its stored file', async () => {
    const preview = await upload(shared, 'discard.csv', GENERIC);
    expect(await readdir(importsDir)).toContain(`${preview.id}.upload`);
    expect((await shared.delete(`/api/imports/${preview.id}`)).status).toBe(204);
    expect(await readdir(importsDir)).not.toContain(`${preview.id}.upload`);
    expect((await shared.get(`/api/imports/${preview.id}`)).status).toBe(404);
  });

  it('answers 404 for another user’s import on every route', async () => {
    const owner = await signIn();
    const accountId = await newAccount(owner);
    const preview = await upload(owner, 'mine.csv', GENERIC, { accountId });
    const intruder = await signIn();
    const theirAccount = await newAccount(intruder);
    const attempts = [
      intruder.get(`/api/imports/${preview.id}`),
      intruder.post(`/api/imports/${preview.id}/preview`, {}),
      intruder.post(`/api/imports/${preview.id}/commit`, { accountId: theirAccount }),
      intruder.delete(`/api/imports/${preview.id}`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    expect((await intruder.json<ImportListJson>(intruder.get('/api/imports'))).imports).toEqual([]);
    // And the owner cannot commit into the intruder's account.
    expect((await owner.post(`/api/imports/${preview.id}/commit`, { accountId: theirAccount })).status).toBe(404);
  });
});

describe('every documented broker layout, end to end', () => {
  for (const expected of BROKER_FIXTURE_CASES) {
    it(`${expected.file} → ${expected.closed} closed trades, net ${JSON.stringify(expected.netPnl)}`, async () => {
      const accountId = await newAccount(shared);
      const content = await readFile(join(FIXTURES_DIR, expected.file));
      const preview = await upload(shared, expected.file, new Uint8Array(content), { accountId });
      expect(preview.detected.broker).not.toBeNull();
      expect(preview.detected.missingRoles).toEqual([]);
      const done = await commit(shared, preview.id, { accountId });
      expect(done.errors).toEqual([]);
      expect(done.executionsAdded).toBe(expected.executions);
      const trades = await tradesOf(shared, accountId);
      expect(trades.filter((tr) => tr.status === 'closed')).toHaveLength(expected.closed);
      expect(trades.filter((tr) => tr.status === 'open')).toHaveLength(expected.open ?? 0);
      const byCurrency: Record<string, string> = {};
      for (const trade of trades)
        byCurrency[trade.currency] = toMoneyString(add(D(byCurrency[trade.currency] ?? '0'), D(trade.netPnl)));
      expect(byCurrency).toEqual(expected.netPnl);
    });
  }
});

describe('an import a restart cut off', () => {
  it('is marked failed at start-up with its executions taken out again', async () => {
    const c = await signIn();
    const accountId = await newAccount(c);
    const lines = GENERIC.split('\n');
    const kept = await commit(c, (await upload(c, 'kept.csv', lines.slice(0, 4).join('\n'), { accountId })).id, {
      accountId,
    });
    const cut = await commit(
      c,
      (await upload(c, 'cut.csv', [lines[0], ...lines.slice(4)].join('\n'), { accountId })).id,
      {
        accountId,
      },
    );
    expect(cut.executionsAdded).toBe(2);
    // As if the server stopped while this one was still running.
    await t.database.db.update(imports).set({ status: 'running' }).where(eq(imports.id, cut.id));

    await failInterruptedImports(t.database.db, {
      now: clock.now(),
      loadUser: (id) => getUserById(t.database.db, id),
      leases: createLeases(t.database.db),
    });
    const state = await c.json<ImportJson>(c.get(`/api/imports/${cut.id}`));
    expect(state.status).toBe('failed');
    expect(state.failureMessage).toMatch(/restarted/);
    expect((await tradesOf(c, accountId)).map((tr) => tr.symbol)).toEqual(['AAPL']);
    expect((await c.json<ImportJson>(c.get(`/api/imports/${kept.id}`))).status).toBe('done');
  });
});

describe('a failed import', () => {
  /** Runs `body` while the database refuses every fill of the symbol FAILME, as a failing write would. */
  async function whileRefusingFailme(body: () => Promise<void>): Promise<void> {
    await t.database.db.execute(
      sql.raw(`create function refuse_failme() returns trigger language plpgsql as $$
      begin if new.symbol = 'FAILME' then raise exception 'FAILME refused'; end if; return new; end $$`),
    );
    await t.database.db.execute(
      sql.raw('create trigger refuse_failme before insert on executions for each row execute function refuse_failme()'),
    );
    try {
      await body();
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_failme on executions'));
      await t.database.db.execute(sql.raw('drop function refuse_failme()'));
    }
  }

  /** A file of `rows` fills of FAILME, one an hour. */
  const failmeFile = (rows: number) =>
    [
      'Date,Symbol,Side,Quantity,Price',
      ...Array.from(
        { length: rows },
        (_, i) =>
          `${new Date(Date.UTC(2025, 0, 6, 15) + i * 3_600_000).toISOString()},FAILME,${i % 2 ? 'Sell' : 'Buy'},1,10`,
      ),
    ].join('\n');

  /** Committing the import again is refused: it failed, and the file must be uploaded again. */
  async function expectRetryRefused(c: TestClient, id: string, accountId: string) {
    const again = await c.post(`/api/imports/${id}/commit`, { accountId });
    expect(again.status).toBe(409);
    const { message } = (await again.json()) as { message: string };
    expect(message).toMatch(/failed/);
    expect(message).toMatch(/Upload the file again/);
    expect(message).not.toMatch(/already been committed/);
  }

  it('removes its file when the commit fails, and answers a second commit that it failed and how to retry', async () => {
    const c = await signIn();
    const accountId = await newAccount(c, 'UTC');
    await whileRefusingFailme(async () => {
      const small = await upload(c, 'small.csv', failmeFile(4), { accountId });
      expect(await readdir(importsDir)).toContain(`${small.id}.upload`);
      expect((await c.post(`/api/imports/${small.id}/commit`, { accountId })).status).toBe(500);
      expect(await c.json<ImportJson>(c.get(`/api/imports/${small.id}`))).toMatchObject({ status: 'failed' });
      expect(await readdir(importsDir)).not.toContain(`${small.id}.upload`);
      await expectRetryRefused(c, small.id, accountId);

      // The same for a file committed in the background.
      const large = await upload(c, 'large.csv', failmeFile(SYNC_ROW_LIMIT + 10), { accountId });
      expect((await c.post(`/api/imports/${large.id}/commit`, { accountId })).status).toBe(202);
      expect(await waitForImport(c, large.id)).toMatchObject({ status: 'failed', executionsAdded: 0 });
      expect(await readdir(importsDir)).not.toContain(`${large.id}.upload`);
      await expectRetryRefused(c, large.id, accountId);
    });
    expect(await tradesOf(c, accountId)).toEqual([]);
  });

  it('has its file removed at start-up when a restart cut it off, while previews keep theirs', async () => {
    const c = await signIn();
    const accountId = await newAccount(c);
    const cut = await upload(c, 'cut.csv', GENERIC, { accountId });
    const kept = await upload(c, 'kept.csv', GENERIC, { accountId });
    // As if the server stopped while this one was running.
    await t.database.db.update(imports).set({ status: 'running' }).where(eq(imports.id, cut.id));
    await failInterruptedImports(t.database.db, {
      now: clock.now(),
      loadUser: (id) => getUserById(t.database.db, id),
      leases: createLeases(t.database.db),
    });
    await removeFailedUploads({ db: t.database.db, uploads: createUploadStore(importsDir) });
    const files = await readdir(importsDir);
    expect(files).not.toContain(`${cut.id}.upload`);
    expect(files).toContain(`${kept.id}.upload`);
    await expectRetryRefused(c, cut.id, accountId);
  });
});

describe('an import taken out again, against other writers (PostgreSQL)', () => {
  it.runIf(expectedEngine() === 'postgres')(
    "takes the account's lock before undoing: it waits for another writer holding the account",
    async () => {
      const c = await signIn();
      const accountId = await newAccount(c);
      const done = await commit(c, (await upload(c, 'held.csv', GENERIC, { accountId })).id, { accountId });
      const events: string[] = [];
      const holder = await holdAccount(accountId, events);
      const undo = await c.delete(`/api/imports/${done.id}`);
      events.push('undone');
      await holder.done;
      expect(undo.status).toBe(200);
      expect(events).toEqual(['writer done', 'undone']);
    },
  );

  it.runIf(expectedEngine() === 'postgres')(
    "takes the account's lock before removing an interrupted import's fills: it waits for a writer holding it",
    async () => {
      const c = await signIn();
      const accountId = await newAccount(c);
      const cut = await commit(c, (await upload(c, 'cut.csv', GENERIC, { accountId })).id, { accountId });
      await t.database.db.update(imports).set({ status: 'running' }).where(eq(imports.id, cut.id));
      const events: string[] = [];
      const holder = await holdAccount(accountId, events);
      await failInterruptedImports(t.database.db, {
        now: clock.now(),
        loadUser: (id) => getUserById(t.database.db, id),
        leases: createLeases(t.database.db),
      });
      events.push('import taken out');
      await holder.done;
      expect(events).toEqual(['writer done', 'import taken out']);
      expect(await tradesOf(c, accountId)).toEqual([]);
    },
  );

  it.runIf(expectedEngine() === 'postgres')(
    "locks the account before the import's row when undoing, in every writer's order",
    async () => {
      const c = await signIn();
      const accountId = await newAccount(c);
      const done = await commit(c, (await upload(c, 'order.csv', GENERIC, { accountId })).id, { accountId });
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      // Holds the import's row: the undo waits for it, and by then it must hold the account.
      const holder = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from imports where id = ${done.id} for update`);
        locked();
        await released;
      });
      await isLocked;
      const undo = c.delete(`/api/imports/${done.id}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const tryAccount = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from accounts where id = ${accountId} for update nowait`);
      });
      await expect(tryAccount).rejects.toMatchObject({ cause: { code: '55P03' } }); // lock_not_available
      release();
      await holder;
      expect((await undo).status).toBe(200);
    },
  );
});

describe('the Edgebook CSV export, imported back', () => {
  it('rebuilds the same trades with their journal, and adds nothing the second time', async () => {
    const author = await signIn();
    const from = await newAccount(author);
    const added = await author.json<{ trades: TradeJson[] }>(
      author.post('/api/executions', {
        accountId: from,
        executions: [
          {
            executedAt: '2025-03-10T14:31:00.000Z',
            symbol: 'AAPL',
            side: 'buy',
            quantity: '100',
            price: '230',
            commission: '1',
          },
          {
            executedAt: '2025-03-10T15:02:00.000Z',
            symbol: 'AAPL',
            side: 'sell',
            quantity: '100',
            price: '232.5',
            commission: '1',
          },
          {
            executedAt: '2025-03-11T14:40:00.000Z',
            symbol: 'ESH25',
            side: 'sell',
            quantity: '1',
            price: '5700',
            fees: '2.25',
          },
          {
            executedAt: '2025-03-11T15:10:00.000Z',
            symbol: 'ESH25',
            side: 'buy',
            quantity: '1',
            price: '5688.5',
            fees: '2.25',
          },
        ],
      }),
    );
    const aapl = added.trades.find((tr) => tr.symbol === 'AAPL')!;
    const strategy = await author.json<{ id: string }>(
      author.post('/api/strategies', { name: 'Opening Range Breakout' }),
    );
    const tag = await author.json<{ id: string }>(author.post('/api/tags', { name: 'A+ setup' }));
    const patched = await author.request('PATCH', `/api/trades/${aapl.id}`, {
      stopPrice: '228',
      targetPrice: '236',
      strategyId: strategy.id,
      tags: [tag.id],
      mistakes: ['Moved stop'],
      emotions: ['calm'],
      rating: 4,
      notes: 'Waited for the *first* pullback.\nSecond line, "quoted".',
    });
    expect(patched.status).toBe(200);
    const exported = await (await author.get('/api/trades/export.csv')).text();

    const reader = await signIn();
    const into = await newAccount(reader);
    const preview = await upload(reader, 'edgebook-export.csv', exported, { accountId: into });
    expect(preview.detected.broker).toBe('Edgebook');
    expect(await commit(reader, preview.id, { accountId: into })).toMatchObject({
      executionsAdded: 4,
      tradesCreated: 2,
      errors: [],
    });
    const original = await tradesOf(author, from);
    const copy = await tradesOf(reader, into);
    const essentials = (list: TradeJson[]) =>
      list.map((tr) => [
        tr.symbol,
        tr.direction,
        tr.netPnl,
        tr.grossPnl,
        tr.fees,
        tr.rMultiple,
        tr.openedAt,
        tr.closedAt,
      ]);
    expect(essentials(copy)).toEqual(essentials(original));

    const restored = await reader.json<TradeJson & { strategyId: string | null }>(
      reader.get(`/api/trades/${copy.find((tr) => tr.symbol === 'AAPL')!.id}`),
    );
    expect(restored).toMatchObject({
      stopPrice: '228',
      targetPrice: '236',
      mistakes: ['Moved stop'],
      emotions: ['calm'],
      rating: 4,
      notes: 'Waited for the *first* pullback.\nSecond line, "quoted".',
    });
    expect(restored.tags.map((t) => t.name)).toEqual(['A+ setup']);
    const strategies = await reader.json<{ strategies: { id: string; name: string }[] }>(reader.get('/api/strategies'));
    expect(strategies.strategies.find((st) => st.id === restored.strategyId)?.name).toBe('Opening Range Breakout');

    const again = await upload(reader, 'edgebook-export (1).csv', exported, { accountId: into });
    expect(await commit(reader, again.id, { accountId: into })).toMatchObject({
      executionsAdded: 0,
      duplicatesSkipped: 4,
    });
    // Into the account it came from: each fill is the one it was exported from.
    const back = await upload(author, 'edgebook-export (2).csv', exported, { accountId: from });
    expect(await commit(author, back.id, { accountId: from })).toMatchObject({
      executionsAdded: 0,
      duplicatesSkipped: 4,
    });
  });
  it('restores the journal of a large export, imported in the background, and adds nothing the second time', async () => {
    const author = await signIn();
    const from = await newAccount(author, 'UTC');
    // 30 round trips on one symbol: more rows than an import commits at once.
    const executions = Array.from({ length: 60 }, (_, i) => ({
      executedAt: new Date(Date.UTC(2025, 3, 1, 14) + i * 60_000).toISOString(),
      symbol: 'MSFT',
      side: i % 2 === 0 ? 'buy' : 'sell',
      quantity: '10',
      price: (400 + (i % 3)).toFixed(2),
      commission: '0.50',
      brokerExecId: `M-${i}`,
    }));
    const added = await author.json<{ trades: TradeJson[] }>(
      author.post('/api/executions', { accountId: from, executions }),
    );
    const noted = added.trades.sort((a, b) => (a.openedAt < b.openedAt ? -1 : 1))[17]!;
    const patched = await author.request('PATCH', `/api/trades/${noted.id}`, { notes: 'Sized down after two losers.' });
    expect(patched.status).toBe(200);
    const exported = await (await author.get('/api/trades/export.csv')).text();

    const reader = await signIn();
    const into = await newAccount(reader, 'UTC');
    const preview = await upload(reader, 'edgebook-export.csv', exported, { accountId: into });
    expect(preview.rowCount).toBeGreaterThan(SYNC_ROW_LIMIT);
    const res = await reader.post(`/api/imports/${preview.id}/commit`, { accountId: into });
    expect(res.status).toBe(202);
    const state = await waitForImport(reader, preview.id);
    expect(state).toMatchObject({ status: 'done', executionsAdded: 60, tradesCreated: 30 });
    const copy = await tradesOf(reader, into);
    const withNotes = copy.filter((tr) => tr.openedAt === noted.openedAt);
    expect(withNotes).toHaveLength(1);
    const restored = await reader.json<TradeJson>(reader.get(`/api/trades/${withNotes[0]!.id}`));
    expect(restored.notes).toBe('Sized down after two losers.');
    expect(figuresOf(copy).map(({ notes: _notes, ...rest }) => rest)).toEqual(
      figuresOf(await tradesOf(author, from)).map(({ notes: _notes, ...rest }) => rest),
    );

    const again = await upload(reader, 'edgebook-export (1).csv', exported, { accountId: into });
    expect((await reader.post(`/api/imports/${again.id}/commit`, { accountId: into })).status).toBe(202);
    expect(await waitForImport(reader, again.id)).toMatchObject({ executionsAdded: 0, duplicatesSkipped: 60 });
  });
});

describe('the Edgebook CSV export, with a row listed again', () => {
  /** The export of `executions` with the journaled trade's row listed again first, without its key and journal. */
  async function exportWithCopy(author: TestClient, executions: ExecutionInput[], tradeIndex: number, notes: string) {
    const from = await newAccount(author, 'UTC');
    const added = await author.json<{ trades: TradeJson[] }>(
      author.post('/api/executions', { accountId: from, executions }),
    );
    const noted = added.trades.sort((a, b) => (a.openedAt < b.openedAt ? -1 : 1))[tradeIndex]!;
    expect((await author.request('PATCH', `/api/trades/${noted.id}`, { notes })).status).toBe(200);
    const [header, ...lines] = (await (await author.get('/api/trades/export.csv')).text()).split('\r\n');
    const columns = header!.split(',');
    const journaled = lines.find((line) => line.includes(notes))!;
    const fields = journaled.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    const copy = fields.map((field, i) => (columns.indexOf('fingerprint') <= i ? '' : field)).join(',');
    return { noted, file: [header, copy, ...lines].join('\r\n') };
  }

  it('gives the fill kept the journal of its row skipped as a duplicate (same execution id)', async () => {
    const executions = Array.from({ length: 8 }, (_, i) => ({
      executedAt: new Date(Date.UTC(2025, 4, 2, 14) + i * 60_000).toISOString(),
      symbol: 'AMD',
      side: i % 2 === 0 ? ('buy' as const) : ('sell' as const),
      quantity: '10',
      price: (150 + (i % 3)).toFixed(2),
      brokerExecId: `A-${i}`,
    }));
    const { noted, file } = await exportWithCopy(await signIn(), executions, 2, 'Faded the gap.');
    const reader = await signIn();
    const into = await newAccount(reader, 'UTC');
    const preview = await upload(reader, 'edgebook-export.csv', file, { accountId: into });
    const done = await commit(reader, preview.id, { accountId: into });
    expect(done).toMatchObject({ executionsAdded: 8, tradesCreated: 4 });
    expect(done.skipped).toEqual([{ row: expect.any(Number), reason: 'duplicate of row 2 (same execution id)' }]);
    const copied = (await tradesOf(reader, into)).find((tr) => tr.openedAt === noted.openedAt)!;
    expect((await reader.json<TradeJson>(reader.get(`/api/trades/${copied.id}`))).notes).toBe('Faded the gap.');
  });

  it('restores the journal of a fill listed again without it, in an earlier batch of a large import', async () => {
    // Fills known by their content: the copy gets the key the export gave the fill.
    const executions = Array.from({ length: 60 }, (_, i) => ({
      executedAt: new Date(Date.UTC(2025, 4, 1, 14) + i * 60_000).toISOString(),
      symbol: 'NVDA',
      side: i % 2 === 0 ? ('buy' as const) : ('sell' as const),
      quantity: '5',
      price: (900 + (i % 4)).toFixed(2),
    }));
    const { noted, file } = await exportWithCopy(await signIn(), executions, 20, 'Chased the open.');

    const reader = await signIn();
    const into = await newAccount(reader, 'UTC');
    const preview = await upload(reader, 'edgebook-export.csv', file, { accountId: into });
    expect(preview.rowCount).toBeGreaterThan(SYNC_ROW_LIMIT);
    expect((await reader.post(`/api/imports/${preview.id}/commit`, { accountId: into })).status).toBe(202);
    expect(await waitForImport(reader, preview.id)).toMatchObject({
      status: 'done',
      executionsAdded: 60,
      duplicatesSkipped: 1,
      tradesCreated: 30,
    });
    const copied = (await tradesOf(reader, into)).find((tr) => tr.openedAt === noted.openedAt)!;
    expect((await reader.json<TradeJson>(reader.get(`/api/trades/${copied.id}`))).notes).toBe('Chased the open.');
  });
});

describe('GET /api/imports/template.csv', () => {
  it('downloads the Edgebook CSV template, which imports as it stands', async () => {
    const res = await shared.get('/api/imports/template.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="edgebook-import-template.csv"/);
    const text = await res.text();
    expect(text.split('\r\n')[0]).toMatch(/^trade_id,account,executed_at,symbol/);
    const accountId = await newAccount(shared);
    const done = await commit(shared, (await upload(shared, 'template.csv', text, { accountId })).id, { accountId });
    expect(done).toMatchObject({ executionsAdded: 2, tradesCreated: 1 });
  });
});

describe('POST /api/broker-format-requests', () => {
  it('keeps a visitor’s sample with their e-mail, and asks for one when missing', async () => {
    const visitor = new TestClient(t.url(''));
    const form = fileForm('sample.csv', 'A,B\n1,2\n', { brokerName: 'Tradier', notes: 'Their activity export' });
    const missing = await postForm(visitor, '/api/broker-format-requests', form);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { fields: Record<string, string> }).fields.email).toBe('Email is required');

    const ok = await postForm(
      visitor,
      '/api/broker-format-requests',
      fileForm('sample.csv', 'A,B\n1,2\n', { brokerName: 'Tradier', email: 'me@example.com' }),
    );
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { message: string }).message).toMatch(/Tradier sample/);
  });

  it('refuses a sample over 512 kB', async () => {
    const res = await postForm(
      shared,
      '/api/broker-format-requests',
      fileForm('huge.csv', 'x'.repeat(600 * 1024), { brokerName: 'Upstox' }),
    );
    expect(res.status).toBe(413);
  });
});
