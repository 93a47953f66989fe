/**
 * Analytics latency: `npx tsx scripts/bench/analytics.ts` (PGlite; also PostgreSQL when
 * BENCH_DATABASE_URL or DATABASE_URL is set). Seeds one user's history with the trades bench's
 * seeder (100,000 trades; `--trades N` or BENCH_TRADES for another count), then times real HTTP
 * requests to /api/analytics/*:
 *
 * - after a change elsewhere: the first request after one trade's note was changed straight in SQL
 *   (as another app instance would), so this app did not refresh in the background: the cache reads
 *   the change log and re-reads only the trades closed at the logged times; median of 5;
 * - full reload: the first request after the data version moved with no log entry and no newer
 *   snapshot (as after a change too large to list made in SQL, or a cache more than 200 versions
 *   behind), so the cache reads all the user's trades again (one COPY of their stored bytes, or two
 *   at once on PostgreSQL) and decodes them; median of 5;
 * - warm: the same request again, answered from the cache (median of 10 after 2 warm-ups);
 * - the cache load alone (loadTradeFacts), which every cold time includes: in one statement, and on
 *   PostgreSQL also in two halves read at once, as a reload there does once the user was cached.
 * - after a write: a journal note saved through the API, then the summary a second later, when the
 *   cache has reloaded in the background (what a user's next click sees); median of 5;
 * - after a restart: a second app instance on the same database, which loads the recently active
 *   users at start-up; the first summary once that is done;
 * - after a restart, the user not loaded at start-up (last seen 8 days ago): the first summary,
 *   which loads the snapshot stored after a full read and the changes logged since; median of 5.
 *
 * With PostgreSQL it also runs 1,000,000 trades (`--large-trades N` or BENCH_ANALYTICS_LARGE_TRADES;
 * 0 skips it; seeding takes several minutes). Then Monte Carlo in the engine alone (10,000 and
 * 100,000 runs × 1,000 trades, one thread). Prints the section's markdown from its `## ` heading;
 * exits 1 when a warm median misses its budget.
 */
import { pathToFileURL } from 'node:url';
import { openThrowawayDatabase } from '../../test/helpers/test-database';
import { eq, sql } from 'drizzle-orm';
import { EQUITY_CHART_MAX_POINTS } from '../../src/contracts/analytics';
import { runMonteCarlo } from '../../src/core/analytics';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { users } from '../../src/server/db/schema';
import { insertAccount } from '../../src/server/modules/accounts';
import { loadTradeFacts } from '../../src/server/modules/analytics/analytics.queries';
import { createDbTradeFactsSource, toSplitPoints } from '../../src/server/modules/analytics/trade-facts-cache';
import { createUser } from '../../src/server/modules/users';
import { TestClient } from '../../test/helpers/http-client';
import { seedTrades } from './trades-api';
import { measure, median, readCount } from './timing';

export type AnalyticsBenchParams = { engine: 'pglite' | 'postgres'; databaseUrl?: string; tradeCount: number };

const WARMUPS = 2;
const RUNS = 10;
const COLD_RUNS = 5;
const DEFAULT_TRADES = 100_000;
const DEFAULT_LARGE_TRADES = 1_000_000;
/** The issue's budgets for a warm request: 100,000 trades per engine, and 1,000,000 on PostgreSQL. */
const BUDGET_MS = { postgres: 150, pglite: 400 } as const;
const LARGE_BUDGET_MS = 1_500;
const MONTE_CARLO_HTTP_BUDGET_MS = 500;
const TIME_ZONE = 'America/New_York';
/** A user's next click after saving something comes about this long after. */
const AFTER_WRITE_WAIT_MS = 1_000;

export const ANALYTICS_TABLE_HEADER = [
  '| Engine | Trades (one user) | Request | Full reload (ms) | After a change elsewhere (ms) | Warm median (ms) | Budget (ms) |',
  '| --- | ---: | --- | ---: | ---: | ---: | ---: |',
];

export type AnalyticsBenchResult = { rows: string[]; overBudget: string[]; seeded: number; seedSeconds: number };

export async function benchAnalytics(params: AnalyticsBenchParams): Promise<AnalyticsBenchResult> {
  const database = await openThrowawayDatabase({ ...params, prefix: 'edgebook_bench_analytics' });
  const config = loadConfig({ NODE_ENV: 'production', PORT: '3000', DATABASE_URL: params.databaseUrl ?? '' });
  const app = await buildApp({ config, database, distDir: null });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const rows: string[] = [];
  const overBudget: string[] = [];
  try {
    const { db } = database;
    const user = await createUser(db, {
      email: 'bench@example.com',
      password: 'bench-password',
      isVerified: true,
      now: new Date(),
    });
    await db.execute(sql`update users set timezone = ${TIME_ZONE} where id = ${user.id}`);
    const account = await insertAccount(db, { userId: user.id, values: { name: 'Bench', startingBalance: '100000' } });
    const seedStart = performance.now();
    const seeded = await seedTrades(db, { userId: user.id, accountId: account.id, tradeCount: params.tradeCount });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    // What the app does after a large import: on PostgreSQL vacuum (vacuumTradesAfterBulkWrite), so
    // the analytics read the trades' stored bytes from the index alone; statistics on both.
    await db.execute(params.engine === 'postgres' ? sql`vacuum analyze` : sql`analyze`);
    console.error(
      `[bench] ${params.engine}: ${seeded.toLocaleString('en-US')} trades seeded in ${seedSeconds.toFixed(0)} s`,
    );
    // A signed-in browser session (analytics is not on the API-token paths).
    // Its own origin: without PUBLIC_URL the server takes the Host it is reached at as its origin.
    const client = new TestClient(baseUrl, new URL(baseUrl).origin);
    await client.login('bench@example.com', 'bench-password');
    const request = async (path: string, body?: unknown) => {
      const res = await (body === undefined ? client.get(path) : client.post(path, body));
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<unknown>;
    };
    // The data version moves with no change logged: the next request reads everything again.
    const bumpVersion = () =>
      db
        .update(users)
        .set({ analyticsVersion: sql`${users.analyticsVersion} + 1` })
        .where(eq(users.id, user.id));
    // One trade's row changed in SQL, as another instance's journal edit writes it (the note lives in
    // trade_journals; the trade keeps whether it has one): the triggers log its close.
    const tradeIds = (
      (await db.execute(sql`select id from trades where user_id = ${user.id} order by id limit 1000`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows.map((row) => row.id);
    let changes = 0;
    const changeOneTrade = () =>
      db.execute(sql`update trades set has_notes = not has_notes where id = ${tradeIds[changes++ % tradeIds.length]!}`);

    const load = await measure(() => loadTradeFacts(db, { userId: user.id, maxTrades: Number.MAX_SAFE_INTEGER }), {
      warmups: 1,
      runs: 5,
    });
    const trades = params.tradeCount.toLocaleString('en-US');
    rows.push(
      `| ${params.engine} | ${trades} | cache load alone, one statement (then parsing) | ${load.toFixed(0)} | – | – | – |`,
    );
    if (params.engine === 'postgres') {
      // What a reload does on PostgreSQL: two halves (split where the cached trades split), read at once.
      const loaded = await loadTradeFacts(db, { userId: user.id, maxTrades: Number.MAX_SAFE_INTEGER });
      const splitAt = toSplitPoints(loaded.facts, 2);
      const split = await measure(
        () => loadTradeFacts(db, { userId: user.id, maxTrades: Number.MAX_SAFE_INTEGER, splitAt }),
        { warmups: 1, runs: 5 },
      );
      rows.push(
        `| ${params.engine} | ${trades} | cache load alone, two statements at once (what a reload does here) | ${split.toFixed(0)} | – | – | – |`,
      );
    }
    if (params.engine === 'postgres') {
      // What a restart or another instance does with nothing cached: the stored snapshot (saved
      // after a full read) and the changes logged since. PGlite stores no snapshots.
      const source = createDbTradeFactsSource(db, params.engine);
      const loadWithNothingCached = () => source.load(user.id, { maxTrades: Number.MAX_SAFE_INTEGER, previous: null });
      await loadWithNothingCached();
      await source.settle?.();
      await changeOneTrade();
      if ((await loadWithNothingCached()).via !== 'snapshot')
        throw new Error('no snapshot was stored after a full read');
      const fromSnapshot = await measure(loadWithNothingCached, { warmups: 1, runs: 5 });
      rows.push(
        `| ${params.engine} | ${trades} | cache load alone, from the stored snapshot and the changes since (what a restart does) | ${fromSnapshot.toFixed(0)} | – | – | – |`,
      );
    }
    const lastClose = await db.execute(sql`select max(closed_at) as last from trades where user_id = ${user.id}`);
    // Both drivers answer a raw statement as { rows }; this select list is one timestamp.
    const [last] = (lastClose as unknown as { rows: { last: string | Date | null }[] }).rows;
    const lastMonth = new Date(last?.last ?? Date.now()).toISOString().slice(0, 7);
    const paths = [
      '/api/analytics/summary',
      `/api/analytics/equity?maxPoints=${EQUITY_CHART_MAX_POINTS}`,
      '/api/analytics/equity',
      `/api/analytics/calendar?month=${lastMonth}`,
      '/api/analytics/heatmap?metric=netPnl',
      '/api/analytics/breakdown?by=symbol',
      '/api/analytics/breakdown?by=hour',
    ];
    const budget = params.tradeCount > DEFAULT_TRADES ? LARGE_BUDGET_MS : BUDGET_MS[params.engine];
    const timeFirstRequest = async (path: string, change: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < COLD_RUNS; i++) {
        await change();
        const start = performance.now();
        await request(path);
        times.push(performance.now() - start);
      }
      return median(times);
    };
    for (const path of paths) {
      const full = await timeFirstRequest(path, bumpVersion);
      const changed = await timeFirstRequest(path, changeOneTrade);
      const warm = await measure(() => request(path), { warmups: WARMUPS, runs: RUNS });
      // The full per-trade series is for API clients; the dashboard asks for maxPoints.
      const isBudgeted = path !== '/api/analytics/equity';
      const label = isBudgeted ? `\`GET ${path}\`` : `\`GET ${path}\` (full series: every trade, no budget)`;
      rows.push(
        `| ${params.engine} | ${trades} | ${label} | ${full.toFixed(0)} | ${changed.toFixed(0)} | ${warm.toFixed(1)} | ${isBudgeted ? budget : '–'} |`,
      );
      if (isBudgeted && warm > budget)
        overBudget.push(`${params.engine} ${trades} trades ${path}: warm ${warm.toFixed(0)} ms > ${budget} ms`);
      if (isBudgeted && changed > budget)
        overBudget.push(
          `${params.engine} ${trades} trades ${path}: after a change elsewhere ${changed.toFixed(0)} ms > ${budget} ms`,
        );
    }
    // A real write through the API (a journal note) refreshes the cache in the background: the
    // dashboard's request a moment later finds it warm.
    const [someTrade] = (
      (await db.execute(sql`select id from trades where user_id = ${user.id} limit 1`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    const afterWrites: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      const res = await client.request('PATCH', `/api/trades/${someTrade!.id}`, { notes: `bench note ${i}` });
      if (res.status !== 200) throw new Error(`PATCH trade: ${res.status} ${await res.text()}`);
      await new Promise((resolve) => setTimeout(resolve, AFTER_WRITE_WAIT_MS));
      const start = performance.now();
      await request('/api/analytics/summary');
      afterWrites.push(performance.now() - start);
    }
    rows.push(
      `| ${params.engine} | ${trades} | \`GET /api/analytics/summary\` ${AFTER_WRITE_WAIT_MS / 1000} s after a write through the API (cache refreshed in the background) | – | – | ${median(afterWrites).toFixed(1)} | ${budget} |`,
    );
    // A restart: a new instance on the same database loads the recently active users at start-up.
    const restarted = await buildApp({ config, database, distDir: null });
    try {
      const startedAt = performance.now();
      const restartedUrl = await restarted.listen({ port: 0, host: '127.0.0.1' });
      while (restarted.analyticsCache.stats().users < 1) await new Promise((resolve) => setTimeout(resolve, 10));
      const warmedMs = performance.now() - startedAt;
      const restartedClient = new TestClient(restartedUrl, new URL(restartedUrl).origin);
      await restartedClient.login('bench@example.com', 'bench-password');
      const start = performance.now();
      const res = await restartedClient.get('/api/analytics/summary');
      if (res.status !== 200) throw new Error(`summary after a restart: ${res.status}`);
      await res.json();
      const firstMs = performance.now() - start;
      rows.push(
        `| ${params.engine} | ${trades} | \`GET /api/analytics/summary\`, the first after a restart (the user's trades loaded at start-up, ${warmedMs.toFixed(0)} ms after it began) | – | – | ${firstMs.toFixed(1)} | ${budget} |`,
      );
    } finally {
      await restarted.close();
    }
    // A restart that does not load the user at start-up (not seen for 8 days): their first request
    // loads the stored snapshot and the changes logged since, instead of reading every trade.
    await db.execute(sql`update sessions set last_seen_at = now() - interval '8 days' where user_id = ${user.id}`);
    const coldStarts: number[] = [];
    let coldVia: string | null = null;
    for (let i = 0; i < COLD_RUNS; i++) {
      await changeOneTrade();
      const cold = await buildApp({ config, database, distDir: null });
      try {
        const coldUrl = await cold.listen({ port: 0, host: '127.0.0.1' });
        const coldClient = new TestClient(coldUrl, new URL(coldUrl).origin);
        coldClient.cookie = client.cookie;
        const start = performance.now();
        const res = await coldClient.get('/api/analytics/summary');
        if (res.status !== 200) throw new Error(`summary after a cold restart: ${res.status}`);
        await res.json();
        coldStarts.push(performance.now() - start);
        coldVia = cold.analyticsCache.stats().lastLoadVia;
      } finally {
        await cold.close();
      }
    }
    const coldMs = median(coldStarts);
    rows.push(
      `| ${params.engine} | ${trades} | \`GET /api/analytics/summary\`, the first after a restart, the user not loaded at start-up (loaded ${coldVia === 'snapshot' ? 'from the stored snapshot and the changes since' : 'by reading every trade'}) | – | – | ${coldMs.toFixed(1)} | ${budget} |`,
    );
    if (coldMs > budget)
      overBudget.push(
        `${params.engine} ${trades} trades: first summary after a cold restart ${coldMs.toFixed(0)} ms > ${budget} ms`,
      );
    if (params.tradeCount <= DEFAULT_TRADES) {
      const mc = await measure(() => request('/api/analytics/monte-carlo', { runs: 10_000, horizon: 1_000, seed: 1 }), {
        warmups: WARMUPS,
        runs: RUNS,
      });
      rows.push(
        `| ${params.engine} | ${trades} | \`POST /api/analytics/monte-carlo\` (10,000 runs × 1,000 trades) | – | – | ${mc.toFixed(1)} | ${MONTE_CARLO_HTTP_BUDGET_MS} |`,
      );
      if (mc > MONTE_CARLO_HTTP_BUDGET_MS)
        overBudget.push(`${params.engine} monte-carlo: ${mc.toFixed(0)} ms > ${MONTE_CARLO_HTTP_BUDGET_MS} ms`);
    }
    return { rows, overBudget, seeded, seedSeconds };
  } finally {
    await app.close();
    await database.close();
  }
}

/** Monte Carlo in the engine alone, single thread: the sample is 2,000 fat-tailed trade results. */
export function benchMonteCarlo(): { rows: string[]; overBudget: string[] } {
  let state = 7;
  const next = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
  const outcomes = Array.from(
    { length: 2_000 },
    () => Math.round((Math.tan(Math.PI * (next() - 0.5)) * 150 + 20) * 100) / 100,
  );
  const rows: string[] = [
    '| Monte Carlo (engine, one thread) | Median (ms) | Min (ms) | CPU median (ms) | Budget (ms) |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  const overBudget: string[] = [];
  for (const [runs, budget, reps] of [
    [10_000, 500, 5],
    [100_000, 5_000, 3],
  ] as const) {
    for (const [method, sizing] of [
      ['bootstrap', 'fixed-dollar'],
      ['shuffle', 'fixed-fraction'],
    ] as const) {
      const times: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < reps + 1; i++) {
        const start = performance.now();
        const cpuStart = process.cpuUsage();
        runMonteCarlo({
          outcomes: sizing === 'fixed-dollar' ? outcomes : outcomes.map((x) => x / 200),
          startingEquity: 100_000,
          runs,
          horizon: 1_000,
          method,
          sizing,
          riskFraction: 0.01,
          ruinDrawdownFrac: 0.5,
          seed: i,
        });
        // The first run warms the JIT up. CPU time shows the cost on a busy machine, where wall time waits.
        if (i > 0) {
          times.push(performance.now() - start);
          cpu.push(process.cpuUsage(cpuStart).user / 1000);
        }
      }
      times.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      const middle = times[Math.floor(times.length / 2)]!;
      const cpuMedian = cpu[Math.floor(cpu.length / 2)]!;
      rows.push(
        `| ${runs.toLocaleString('en-US')} runs × 1,000 trades, ${method}, ${sizing} | ${middle.toFixed(0)} | ${times[0]!.toFixed(0)} | ${cpuMedian.toFixed(0)} | ${budget} |`,
      );
      if (middle > budget)
        overBudget.push(`Monte Carlo ${runs} runs ${method}: ${middle.toFixed(0)} ms > ${budget} ms`);
    }
  }
  return { rows, overBudget };
}

/** `--flag N` from the command line, else the environment variable, else the default. */
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const tradeCount = readCount('--trades', 'BENCH_TRADES', DEFAULT_TRADES);
  const largeTradeCount = readCount('--large-trades', 'BENCH_ANALYTICS_LARGE_TRADES', DEFAULT_LARGE_TRADES);
  // `npm run bench` passes the server in BENCH_DATABASE_URL (empty: PGlite only).
  const databaseUrl = (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? '').trim() || undefined;
  const runs: AnalyticsBenchParams[] = [
    { engine: 'pglite', tradeCount },
    ...(databaseUrl ? [{ engine: 'postgres' as const, databaseUrl, tradeCount }] : []),
    ...(databaseUrl && largeTradeCount > 0
      ? [{ engine: 'postgres' as const, databaseUrl, tradeCount: largeTradeCount }]
      : []),
  ];
  const lines = [...ANALYTICS_TABLE_HEADER];
  const over: string[] = [];
  const seeding: string[] = [];
  for (const params of runs) {
    const result = await benchAnalytics(params);
    lines.push(...result.rows);
    over.push(...result.overBudget);
    seeding.push(
      `${params.engine} ${result.seeded.toLocaleString('en-US')} trades in ${result.seedSeconds.toFixed(0)} s`,
    );
  }
  const mc = benchMonteCarlo();
  over.push(...mc.overBudget);
  console.log(
    [
      '## Analytics',
      '',
      'One user, closed trades from the trades bench seeder, real HTTP with a session cookie. **After a',
      "change elsewhere** is the first request after one trade's note was changed in SQL, as another app",
      'instance would (so no background refresh here): the cache reads the change log the triggers wrote',
      'and re-reads only the trades closed at the logged times, merged into what it held (median of 5).',
      '**Full reload** is the first request after the data version moved with nothing logged and no newer',
      'snapshot stored (a change of more than 2,000 close times made outside the app, a cache more than',
      "200 versions behind; on PGlite also a restart): the cache reads all the user's trades again (on",
      'PostgreSQL in two halves read at once, split where the cached trades split; on PGlite in one',
      'statement): the bytes each closed trade stores (`analytics_row`, computed as it is written),',
      'copied out in binary from the index, then decoded (median of 5). **Warm** is the',
      'same request answered from the cache, which checks the data version (one indexed row) first',
      `(median of ${RUNS} after ${WARMUPS} warm-ups). **After a write**: a journal note saved through the API,`,
      `then the summary ${AFTER_WRITE_WAIT_MS / 1000} s later; any successful write refreshes the writer's cached trades in`,
      'the background, so this request finds them loaded, or joins the reload when it takes longer (median',
      `of ${COLD_RUNS}). The dashboard asks for the equity curve with \`maxPoints=${EQUITY_CHART_MAX_POINTS}\`; the full per-trade`,
      'series is shown for comparison. **After a restart**: a new app instance on the same database, which',
      'loads the analytics of the users seen in the last week at start-up; the first summary once it has.',
      '**A restart, the user not loaded at start-up** (last seen 8 days ago): their first summary, which on',
      'PostgreSQL loads the snapshot of their trades stored after the last full read (deflated bytes,',
      'about 2 MB per 100,000 trades) and the changes logged since (median of 5).',
      `Seeding: ${seeding.join('; ')}.`,
      '',
      ...lines,
      '',
      ...mc.rows,
      ...(over.length > 0 ? ['', 'Over budget:', ...over.map((line) => `- ${line}`)] : []),
    ].join('\n'),
  );
  if (over.length > 0) process.exitCode = 1;
}
