/**
 * Import end to end: the `import` section of `npm run bench` (also runnable alone:
 * `npx tsx scripts/bench/import.ts [rows]`, on PostgreSQL too when DATABASE_URL is set). Writes a
 * generic executions CSV of `rows` rows (1,000,000 by default, about 60 MB) to a temporary file,
 * then through the real app over real HTTP: uploads it (streamed to disk, detected, counted),
 * commits it (parse → normalise → insert → regroup in the background), polls progress until done,
 * while another client times GET /api/health every 100 ms to show the app stays responsive.
 */
import { fork, spawnSync } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { INSTRUMENTS, writeCsv, type CsvShape } from './import-csv';
import { serverNodeFlags } from '../node-flags.mjs';
import type { ImportJson, ImportPreviewJson } from '../../src/contracts/imports';
import type { AccountJson } from '../../src/contracts/trades';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { openThrowawayDatabase } from '../../test/helpers/test-database';
import { createUser } from '../../src/server/modules/users';
import {
  importStagesChannel,
  type ImportStage,
  type ImportStagesMessage,
} from '../../src/server/modules/imports/import-stages';

/**
 * What the account holds before the import: nothing; a round trip in every symbol after the file's
 * last fill (the file is an older statement, grouped as it comes); or one before its first fill and
 * one after its last (every fill of the file lies within the account's, so it goes in checked and
 * every instrument is rebuilt from the database at the end, in steps: the slowest path).
 */
export type AccountHistory = 'none' | 'later' | 'around';

const HISTORY_LABELS: Record<AccountHistory, string> = {
  none: '',
  later: ', an older statement',
  around: ', within the account’s fills',
};

export type ImportBenchParams = {
  engine: 'pglite' | 'postgres';
  databaseUrl?: string;
  rows?: number;
  shape?: CsvShape;
  /** What the account holds before the import (AccountHistory). */
  history?: AccountHistory;
};

export type ImportBenchResult = {
  engine: 'pglite' | 'postgres';
  shape: CsvShape;
  history: AccountHistory;
  rows: number;
  fileMb: number;
  uploadAndDetectMs: number;
  commitMs: number;
  executionsAdded: number;
  tradesCreated: number;
  healthP50Ms: number;
  healthMaxMs: number;
  /** RSS just before the upload (the app, its database and the runtime), then the peak during the import. */
  startRssMb: number;
  /** Where the commit's time went (published by the import runner on its diagnostics channel). */
  stages: ImportStage[];
  peakRssMb: number;
};

/**
 * GET `url` every 100 ms from a child process until stopped; answers each request's latency (ms).
 * `ready` resolves after one request not counted: the child's first connection and first fetch
 * (about 80 ms of the child's own start-up) say nothing about the app.
 */
function startHealthProbe(url: string): { ready: Promise<void>; stop: () => Promise<number[]> } {
  const script = `
    const latencies = [];
    let running = true;
    process.on('message', () => { running = false; });
    (async () => {
      await (await fetch(process.argv[1])).arrayBuffer();
      process.send('ready');
      while (running) {
        const started = performance.now();
        await (await fetch(process.argv[1])).arrayBuffer();
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      process.send(latencies, () => process.exit(0));
    })();`;
  const child = fork('-e', [script, url], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<never>((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the health probe exited (${code}) before answering`)));
  });
  const ready = Promise.race([new Promise<void>((resolve) => child.once('message', () => resolve())), exited]);
  const result = ready.then(() =>
    Promise.race([new Promise<number[]>((resolve) => child.once('message', (m) => resolve(m as number[]))), exited]),
  );
  // Awaited by stop(); a probe that dies before is reported there (or by `ready`), not left unhandled.
  result.catch(() => undefined);
  return {
    ready,
    stop: () => {
      child.send('stop');
      return result;
    },
  };
}

/**
 * A day after every fill of the file (2020–2021) that the input policy still takes (fills may be
 * at most a year ahead): the start of the current year.
 */
const LATER = Date.UTC(new Date().getUTCFullYear(), 0, 2, 15);

export async function runImportBench(params: ImportBenchParams): Promise<ImportBenchResult> {
  const rows = params.rows ?? 1_000_000;
  const shape = params.shape ?? 'order ids';
  const dir = await mkdtemp(join(tmpdir(), 'edgebook-import-bench-'));
  const csv = join(dir, 'executions.csv');
  await writeCsv(csv, rows, shape);
  const fileMb = (await stat(csv)).size / 2 ** 20;

  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: params.databaseUrl ?? '',
    IMPORTS_DIR: join(dir, 'uploads'),
    LOGIN_RATE_LIMIT: '1000',
  });
  // PGlite keeps its data on disk, as `npm start` runs it. In memory (`dataDir: null`) a table's
  // file is one growing buffer, copied whole each time it grows: at a million rows that holds the
  // event loop for hundreds of milliseconds a few times, which the app on disk never does.
  const database =
    params.engine === 'pglite'
      ? await openDatabase({ dataDir: join(dir, 'data') })
      : await openThrowawayDatabase({ ...params, prefix: 'edgebook_bench_import' });
  const app = await buildApp({ config, database, distDir: null });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  let stages: ImportStage[] = [];
  const onStages = (message: unknown) => (stages = (message as ImportStagesMessage).stages);
  importStagesChannel.subscribe(onStages);
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  try {
    const email = `bench-${Date.now()}@example.com`;
    await createUser(database.db, { email, password: 'bench-password-123', isVerified: true, now: new Date() });
    // The Origin the server takes as its own: PUBLIC_URL's, else the Host's.
    const origin = config.publicOrigin ?? base;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email, password: 'bench-password-123' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const headers = { cookie, origin };
    const account = (await (
      await fetch(`${base}/api/accounts`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench', timezone: 'UTC' }),
      })
    ).json()) as AccountJson;

    const history = params.history ?? 'none';
    if (history !== 'none') {
      const days = history === 'around' ? [Date.UTC(2019, 0, 2, 15), LATER] : [LATER];
      const executions = days.flatMap((day) =>
        INSTRUMENTS.flatMap(([symbol]) =>
          (['buy', 'sell'] as const).map((side, i) => ({
            executedAt: new Date(day + i * 60_000).toISOString(),
            symbol,
            side,
            quantity: '1',
            price: '100',
          })),
        ),
      );
      const entered = await fetch(`${base}/api/executions`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ accountId: account.id, executions }),
      });
      if (entered.status !== 200) throw new Error(`executions: ${entered.status} ${await entered.text()}`);
    }

    const t0 = performance.now();
    const form = new FormData();
    form.append('accountId', account.id);
    // openAsBlob streams the file from disk rather than reading it into memory.
    form.append('file', await openAsBlob(csv), 'executions.csv');
    const uploaded = await fetch(`${base}/api/imports`, { method: 'POST', headers, body: form });
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const preview = (await uploaded.json()) as ImportPreviewJson;
    const uploadAndDetectMs = performance.now() - t0;

    // The probe runs in another process: in this one, a stalled event loop would hold back the
    // probe's own timer and hide the stall it should measure.
    const probe = startHealthProbe(`${base}/api/health`);
    await probe.ready;

    const t1 = performance.now();
    const committed = await fetch(`${base}/api/imports/${preview.id}/commit`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ accountId: account.id }),
    });
    if (committed.status !== 202 && committed.status !== 200)
      throw new Error(`commit: ${committed.status} ${await committed.text()}`);
    let state: ImportJson;
    do {
      await new Promise((resolve) => setTimeout(resolve, 250));
      state = (await (await fetch(`${base}/api/imports/${preview.id}`, { headers })).json()) as ImportJson;
    } while (state.status === 'queued' || state.status === 'running');
    const commitMs = performance.now() - t1;
    const latencies = (await probe.stop()).sort((a, b) => a - b);
    if (state.status !== 'done') throw new Error(`import ${state.status}: ${state.failureMessage}`);
    return {
      engine: params.engine,
      shape,
      history,
      rows,
      fileMb,
      uploadAndDetectMs,
      commitMs,
      executionsAdded: state.executionsAdded,
      tradesCreated: state.tradesCreated,
      healthP50Ms: latencies[Math.floor(latencies.length / 2)] ?? 0,
      healthMaxMs: latencies.at(-1) ?? 0,
      startRssMb: startRss / 2 ** 20,
      stages,
      peakRssMb: peakRss / 2 ** 20,
    };
  } finally {
    clearInterval(rssTimer);
    importStagesChannel.unsubscribe(onStages);
    await app.close();
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** A `--history` argument, refused unless it is one of AccountHistory's. */
function historyOf(text: string | undefined): AccountHistory {
  if (text !== undefined && Object.hasOwn(HISTORY_LABELS, text)) return text as AccountHistory; // checked just now
  throw new Error(`--history: one of ${Object.keys(HISTORY_LABELS).join(', ')}, not ${String(text)}`);
}

/** A run's engine, what its file's ids are and what the account held: "PGlite, order ids, an older statement". */
const labelOf = (r: ImportBenchResult) =>
  `${r.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${r.shape}${HISTORY_LABELS[r.history]}`;

export function formatImportBench(results: readonly ImportBenchResult[]): string {
  const rows = results.map((r) => {
    const total = (r.uploadAndDetectMs + r.commitMs) / 1000;
    return `| ${labelOf(r)} | ${r.rows.toLocaleString('en-US')} (${r.fileMb.toFixed(0)} MB) | ${(r.uploadAndDetectMs / 1000).toFixed(1)} s | ${(r.commitMs / 1000).toFixed(1)} s | ${total.toFixed(1)} s | ${Math.round(r.rows / total).toLocaleString('en-US')} | ${r.healthP50Ms.toFixed(0)} / ${r.healthMaxMs.toFixed(0)} ms | ${r.startRssMb.toFixed(0)} → ${r.peakRssMb.toFixed(0)} MB |`;
  });
  const stageRows = results.flatMap((r) =>
    r.stages.map(
      (stage) =>
        `| ${labelOf(r)} | ${stage.name} | ${(stage.ms / 1000).toFixed(1)} s | ${stage.rows.toLocaleString('en-US')} | ${stage.ms > 0 ? Math.round(stage.rows / (stage.ms / 1000)).toLocaleString('en-US') : '–'} |`,
    ),
  );
  return [
    '| Engine | Rows | Upload + detect | Commit (parse, insert, regroup) | Total | Rows/s | Health p50 / max during commit | RSS before → peak |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    "Where the commit spent its time (the runner's stages on the server's thread, and the worker thread's reading, preparing and grouping, which overlap the writing of the batches before):",
    '',
    '| Engine | Stage | Time | Rows | Rows/s |',
    '| --- | --- | ---: | ---: | ---: |',
    ...stageRows,
  ].join('\n');
}

/** The budgets for the whole import (upload and commit), by engine, and for responsiveness. */
const BUDGET_SECONDS = { pglite: 60, postgres: 30 } as const;
const HEALTH_BUDGET_MS = 100;
/** Kept by hand beside BENCHMARKS.md, which `npm run bench` writes anew. */
const HISTORY = 'docs/import-bench.md';

/** One import the bench runs: its file's shape and what the account holds before. */
type BenchRun = { shape: CsvShape; history: AccountHistory };

/**
 * The bench's imports on each engine: the file with each kind of id into a new account (the
 * issue's budgets), then an older statement and a file within the account's fills (the
 * responsiveness budget only).
 */
const RUNS: readonly BenchRun[] = [
  { shape: 'order ids', history: 'none' },
  { shape: 'execution ids', history: 'none' },
  { shape: 'order ids', history: 'later' },
  { shape: 'order ids', history: 'around' },
];

/** Runs one engine's import in a child process of its own, so each peak RSS is that engine's alone. */
function runInChild(
  engine: 'pglite' | 'postgres',
  run: BenchRun,
  rows: number,
  databaseUrl: string,
): ImportBenchResult {
  // With the server's own flags, as `npm start` runs it.
  const nodeFlags = serverNodeFlags();
  const child = spawnSync(
    process.execPath,
    [
      ...nodeFlags,
      ...process.execArgv,
      process.argv[1]!,
      String(rows),
      '--engine',
      engine,
      '--shape',
      run.shape,
      '--history',
      run.history,
    ],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    },
  );
  if (child.status !== 0)
    throw new Error(`import bench (${engine}, ${run.shape}, ${run.history}) exited with ${child.status}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as ImportBenchResult;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = Number(process.argv[2] ?? 1_000_000);
  const engineIndex = process.argv.indexOf('--engine');
  const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || '';
  if (engineIndex !== -1) {
    const engine = process.argv[engineIndex + 1] === 'postgres' ? 'postgres' : 'pglite';
    const shapeIndex = process.argv.indexOf('--shape');
    const historyIndex = process.argv.indexOf('--history');
    const shape: CsvShape =
      shapeIndex !== -1 && process.argv[shapeIndex + 1] === 'execution ids' ? 'execution ids' : 'order ids';
    const result = await runImportBench({
      engine,
      shape,
      history: historyOf(historyIndex === -1 ? 'none' : process.argv[historyIndex + 1]),
      rows,
      databaseUrl: engine === 'postgres' ? databaseUrl : undefined,
    });
    console.log(JSON.stringify(result));
  } else {
    const results = RUNS.map((run) => runInChild('pglite', run, rows, ''));
    if (databaseUrl) results.push(...RUNS.map((run) => runInChild('postgres', run, rows, databaseUrl)));
    const over = results.flatMap((r) => {
      const seconds = (r.uploadAndDetectMs + r.commitMs) / 1000;
      const notes: string[] = [];
      if (r.history === 'none' && seconds > BUDGET_SECONDS[r.engine])
        notes.push(`${labelOf(r)}: ${seconds.toFixed(1)} s > ${BUDGET_SECONDS[r.engine]} s`);
      if (r.healthMaxMs > HEALTH_BUDGET_MS)
        notes.push(`${labelOf(r)}: a health request waited ${r.healthMaxMs.toFixed(0)} ms > ${HEALTH_BUDGET_MS} ms`);
      return notes;
    });
    console.log(
      [
        `## Import: ${rows.toLocaleString('en-US')} rows end to end`,
        '',
        'An executions CSV (round trips on 16 symbols, about 100 bytes a row, its last column an order id',
        "or the broker's execution id: see `writeCsv`) through the real app over real HTTP:",
        'upload (streamed to disk, detected, counted), then commit in the background (read, normalise,',
        'prepare and group the fills and encode them as binary COPY data in a worker thread → write them',
        'batch by batch, one transaction a batch), polled until done, while another process times',
        '`GET /api/health` (which queries the database) every 100 ms. Each engine runs in a process of',
        "its own with the server's flags (`scripts/node-flags.mjs`, as `npm start` runs it);",
        'PGlite keeps its data in a directory on disk, and PostgreSQL is on loopback.',
        'Each engine imports the file into a new account with order ids and with execution ids; then,',
        'with order ids, as an older statement (the account holds a round trip in every symbol after',
        "the file's last fill: grouped as it comes) and within the account's fills (a round trip before",
        'its first fill and one after its last: every fill checked, every instrument rebuilt from the',
        'database at the end, a step of about 25 ms at a time on PGlite).',
        `Budget: under ${BUDGET_SECONDS.pglite} s on PGlite and ${BUDGET_SECONDS.postgres} s on PostgreSQL into a new account,`,
        `health under ${HEALTH_BUDGET_MS} ms in every run — ${over.length === 0 ? '**met**' : '**not met**'}.`,
        '',
        formatImportBench(results),
        ...(over.length > 0 ? ['', 'Over budget:', ...over.map((line) => `- ${line}`)] : []),
        '',
        `What each change to the import did, measured session by session on each session's machine: [${HISTORY}](${HISTORY}).`,
      ].join('\n'),
    );
    if (over.length > 0) process.exitCode = 1;
  }
}
