/**
 * Analytics latency at 100,000 trades: `npx tsx scripts/bench/analytics.ts` (PGlite, and also
 * PostgreSQL when DATABASE_URL is set). Seeds one user's history with the trades bench's seeder,
 * then times real HTTP requests to /api/analytics/* (median of 10 after 2 warm-ups) and, for each,
 * the SQL fetch and the engine's computation separately; then Monte Carlo in the engine alone
 * (10,000 runs × 1,000 trades and 100,000 runs × 1,000 trades, single thread).
 * `benchAnalytics` answers markdown table rows for BENCHMARKS.md.
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  computeBreakdown,
  computeCalendarMonth,
  computeDailyStats,
  computeEquitySeries,
  computeHeatmap,
  computeTradeStats,
  createZonedCalendar,
  runMonteCarlo,
  toDailySeries,
} from '../../src/core/analytics';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { insertAccount } from '../../src/server/modules/accounts/accounts.queries';
import { listAnalyticsTradeDetails, listAnalyticsTrades } from '../../src/server/modules/analytics/analytics.queries';
import { createUser } from '../../src/server/modules/users/users.service';
import { TestClient } from '../../test/helpers/http-client';
import { seedTrades } from './trades-api';

export type AnalyticsBenchParams = { engine: 'pglite' | 'postgres'; databaseUrl?: string; tradeCount?: number };

const WARMUPS = 2;
const RUNS = 10;
/** The issue's budgets at 100,000 trades, per engine. */
const BUDGET_MS = { postgres: 150, pglite: 400 } as const;
const TIME_ZONE = 'America/New_York';

async function measure(run: () => Promise<unknown> | unknown): Promise<{ median: number; min: number }> {
  for (let i = 0; i < WARMUPS; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: (times[Math.floor((RUNS - 1) / 2)]! + times[Math.ceil((RUNS - 1) / 2)]!) / 2, min: times[0]! };
}

async function openBenchDatabase(params: AnalyticsBenchParams): Promise<Database> {
  if (params.engine === 'pglite') return openDatabase({ dataDir: null });
  if (!params.databaseUrl) throw new Error('benchAnalytics: the postgres engine needs databaseUrl');
  const name = `edgebook_bench_analytics_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: params.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(params.databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: null });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: params.databaseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export const ANALYTICS_TABLE_HEADER = [
  '| Engine | Request (100,000 trades, one user) | HTTP median (ms) | SQL fetch (ms) | Engine (ms) | Budget (ms) |',
  '| --- | --- | ---: | ---: | ---: | ---: |',
];

export async function benchAnalytics(params: AnalyticsBenchParams): Promise<{ rows: string[]; overBudget: string[] }> {
  const database = await openBenchDatabase(params);
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
    const count = await seedTrades(db, { userId: user.id, accountId: account.id, tradeCount: params.tradeCount });
    await db.execute(sql`analyze`);
    // A signed-in browser session (analytics is not on the API-token paths).
    const client = new TestClient(baseUrl);
    await client.login('bench@example.com', 'bench-password');
    const request = async (path: string, body?: unknown) => {
      const res = await (body === undefined ? client.get(path) : client.post(path, body));
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<unknown>;
    };

    const filter = {};
    const userId = user.id;
    const calendar = createZonedCalendar(TIME_ZONE);
    const slim = await listAnalyticsTrades(db, { userId, filter });
    const detailed = await listAnalyticsTradeDetails(db, { userId, filter, withTags: false });
    const lastMonth = new Date(slim.at(-1)?.closedAt ?? Date.now()).toISOString().slice(0, 7);
    const startingEquity = 100_000;
    const cases: { label: string; path: string; fetch: () => Promise<unknown>; compute: () => unknown }[] = [
      {
        label: '`GET /api/analytics/summary`',
        path: '/api/analytics/summary',
        fetch: () => listAnalyticsTrades(db, { userId, filter }),
        compute: () => {
          computeTradeStats(slim, { startingEquity });
          computeDailyStats(toDailySeries(slim, { startingEquity, calendar }), { startingEquity });
        },
      },
      {
        label: '`GET /api/analytics/equity`',
        path: '/api/analytics/equity',
        fetch: () => listAnalyticsTrades(db, { userId, filter }),
        compute: () => computeEquitySeries(slim, { startingEquity, calendar }),
      },
      {
        label: `\`GET /api/analytics/calendar?month=${lastMonth}\``,
        path: `/api/analytics/calendar?month=${lastMonth}`,
        fetch: () => Promise.resolve(null),
        compute: () => computeCalendarMonth(slim, { month: lastMonth, calendar }),
      },
      {
        label: '`GET /api/analytics/heatmap?metric=netPnl`',
        path: '/api/analytics/heatmap?metric=netPnl',
        fetch: () => listAnalyticsTradeDetails(db, { userId, filter, withTags: false }),
        compute: () => computeHeatmap(detailed, { metric: 'netPnl', calendar }),
      },
      {
        label: '`GET /api/analytics/breakdown?by=symbol`',
        path: '/api/analytics/breakdown?by=symbol',
        fetch: () => listAnalyticsTradeDetails(db, { userId, filter, withTags: false }),
        compute: () => computeBreakdown(detailed, { by: 'symbol', calendar }),
      },
      {
        label: '`GET /api/analytics/breakdown?by=hour`',
        path: '/api/analytics/breakdown?by=hour',
        fetch: () => listAnalyticsTradeDetails(db, { userId, filter, withTags: false }),
        compute: () => computeBreakdown(detailed, { by: 'hour', calendar }),
      },
    ];
    const budget = BUDGET_MS[params.engine];
    for (const c of cases) {
      const http = await measure(() => request(c.path));
      const fetchTime = await measure(c.fetch);
      const computeTime = await measure(c.compute);
      const isCalendar = c.path.includes('calendar');
      rows.push(
        `| ${params.engine} | ${c.label} | ${http.median.toFixed(1)} | ${isCalendar ? '–' : fetchTime.median.toFixed(1)} | ${computeTime.median.toFixed(1)} | ${budget} |`,
      );
      if (http.median > budget)
        overBudget.push(`${params.engine} ${c.path}: ${http.median.toFixed(0)} ms > ${budget} ms`);
    }
    const mc = await measure(() => request('/api/analytics/monte-carlo', { runs: 10_000, horizon: 1_000, seed: 1 }));
    rows.push(
      `| ${params.engine} | \`POST /api/analytics/monte-carlo\` (10,000 runs × 1,000 trades) | ${mc.median.toFixed(1)} | – | – | 500 |`,
    );
    console.error(`[bench] ${params.engine}: ${count} trades seeded`);
    return { rows, overBudget };
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
    '| Monte Carlo (engine, one thread) | Median (ms) | Min (ms) | Budget (ms) |',
    '| --- | ---: | ---: | ---: |',
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
      const median = times[Math.floor(times.length / 2)]!;
      const cpuMedian = cpu[Math.floor(cpu.length / 2)]!;
      rows.push(
        `| ${runs.toLocaleString('en-US')} runs × 1,000 trades, ${method}, ${sizing} | ${median.toFixed(0)} | ${times[0]!.toFixed(0)} | ${cpuMedian.toFixed(0)} | ${budget} |`,
      );
      if (median > budget)
        overBudget.push(`Monte Carlo ${runs} runs ${method}: ${median.toFixed(0)} ms > ${budget} ms`);
    }
  }
  return { rows, overBudget };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const tradeCount = process.env.BENCH_TRADES ? Number(process.env.BENCH_TRADES) : undefined;
  const lines = [...ANALYTICS_TABLE_HEADER];
  const over: string[] = [];
  for (const params of [
    { engine: 'pglite', tradeCount },
    ...(process.env.DATABASE_URL ? [{ engine: 'postgres', databaseUrl: process.env.DATABASE_URL, tradeCount }] : []),
  ] as AnalyticsBenchParams[]) {
    const result = await benchAnalytics(params);
    lines.push(...result.rows);
    over.push(...result.overBudget);
  }
  const mc = benchMonteCarlo();
  console.log([...lines, '', ...mc.rows].join('\n'));
  over.push(...mc.overBudget);
  if (over.length > 0) {
    console.log(`\nOver budget:\n${over.map((line) => `- ${line}`).join('\n')}`);
    process.exitCode = 1;
  }
}
