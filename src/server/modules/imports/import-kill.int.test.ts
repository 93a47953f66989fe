import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountJson } from '../../../contracts/trades';
import type { AnalyticsSummaryJson } from '../../../contracts/analytics';
import type { ImportJson, ImportPreviewJson } from '../../../contracts/imports';
import { TestClient } from '../../../../test/helpers/http-client';
import { waitForImport } from '../../../../test/helpers/imports';
import {
  freePort,
  killProcess,
  serverEnvironment,
  startServerProcess,
  type NodeProcess,
} from '../../../../test/helpers/server-process';
import { expectedEngine } from '../../../../test/helpers/test-database';
import { openDatabase } from '../../db/client';
import { createUser } from '../users';
import { INTERRUPTED_IMPORT_MESSAGE } from './import-runner';

const PASSWORD = 'correct-horse-battery';
const ROWS = 200_000;
/** The import is killed once it has written this share of its rows (committed batches to take out). */
const KILL_AT_PROGRESS = 0.15;

/** 100 symbols, each bought and sold 10 at a time a second apart: 100,000 round trips of 5.00 each. */
function generateFile(): string {
  const start = Date.UTC(2025, 0, 6, 14);
  const lines = ['Date,Symbol,Side,Quantity,Price'];
  for (let i = 0; i < ROWS; i++) {
    const isBuy = Math.floor(i / 100) % 2 === 0;
    const at = new Date(start + i * 1_000).toISOString();
    lines.push(`${at},S${i % 100},${isBuy ? 'Buy' : 'Sell'},10,${isBuy ? '100.00' : '100.50'}`);
  }
  return lines.join('\n');
}

describe(`a 200,000-row import killed with its server (kill -9, ${expectedEngine()})`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'edgebook-import-kill-'));
  const databaseName = `edgebook_kill_${randomBytes(6).toString('hex')}`;
  let env: NodeJS.ProcessEnv;
  let port: number;
  let server: NodeProcess | null = null;
  const file = generateFile();

  const start = () => startServerProcess(env, port);
  const client = () => new TestClient(`http://127.0.0.1:${port}`, `http://127.0.0.1:${port}`);
  async function signIn(email: string): Promise<TestClient> {
    const c = client();
    await c.login(email, PASSWORD);
    return c;
  }
  async function startImport(c: TestClient): Promise<string> {
    const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Killed', timezone: 'UTC' }));
    const form = new FormData();
    form.append('accountId', account.id);
    form.append('file', new Blob([file]), 'long.csv');
    const uploaded = await fetch(`http://127.0.0.1:${port}/api/imports`, {
      method: 'POST',
      headers: { origin: `http://127.0.0.1:${port}`, cookie: c.cookie ?? '' },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const preview = (await uploaded.json()) as ImportPreviewJson;
    const committed = await c.post(`/api/imports/${preview.id}/commit`, { accountId: account.id });
    expect(committed.status).toBe(202);
    return preview.id;
  }

  beforeAll(async () => {
    port = await freePort();
    const admin = process.env.DATABASE_URL;
    let databaseUrl = '';
    if (admin) {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`create database ${databaseName}`);
      await client.end();
      const url = new URL(admin);
      url.pathname = `/${databaseName}`;
      databaseUrl = url.href;
    }
    env = serverEnvironment({ dataDir, port, databaseUrl });
    // The users, before the server holds the database.
    const database = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
    for (const email of ['killed@example.com', 'clean@example.com'])
      await createUser(database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
    await database.close();
  }, 300_000);

  afterAll(async () => {
    if (server) await killProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${databaseName} with (force)`);
      await client.end();
    }
  }, 120_000);

  it('is taken out again and marked failed after the restart; imported again, it totals what a clean import does', async () => {
    server = await start();
    const killed = await signIn('killed@example.com');
    const id = await startImport(killed);
    let state: ImportJson;
    do {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = await killed.json<ImportJson>(killed.get(`/api/imports/${id}`));
    } while (state.status !== 'done' && state.progress < KILL_AT_PROGRESS);
    // Cut off while its batches are being written.
    expect(state.status).toBe('running');
    await killProcess(server);

    server = await start();
    const again = await signIn('killed@example.com');
    // The start-up's import-recover job takes it out.
    const failed = await waitForImport(again, id);
    expect(failed).toMatchObject({ status: 'failed', failureMessage: INTERRUPTED_IMPORT_MESSAGE, executionsAdded: 0 });
    const empty = await again.json<AnalyticsSummaryJson>(again.get('/api/analytics/summary'));
    expect(empty.trades.count).toBe(0);

    const retried = await waitForImport(again, await startImport(again));
    const clean = await signIn('clean@example.com');
    const reference = await waitForImport(clean, await startImport(clean));
    expect(reference).toMatchObject({ status: 'done', executionsAdded: ROWS, tradesCreated: ROWS / 2 });
    const counts = ({ executionsAdded, duplicatesSkipped, tradesCreated, tradesUpdated }: ImportJson) => ({
      executionsAdded,
      duplicatesSkipped,
      tradesCreated,
      tradesUpdated,
    });
    expect(counts(retried)).toEqual(counts(reference));
    const totals = await again.json<AnalyticsSummaryJson>(again.get('/api/analytics/summary'));
    const referenceTotals = await clean.json<AnalyticsSummaryJson>(clean.get('/api/analytics/summary'));
    expect(totals.trades).toEqual(referenceTotals.trades);
    expect(totals.trades.netPnl).toBe(5 * (ROWS / 2));
  }, 1_200_000);
});
