/**
 * Advanced reports (issue 32): `npx tsx scripts/bench/reports.ts` (PGlite; also PostgreSQL when
 * BENCH_DATABASE_URL or DATABASE_URL is set). Seeds one user's history with the trades bench's
 * seeder (100,000 trades; `--trades N` or BENCH_TRADES for another count; with PostgreSQL also
 * 1,000,000, `--large-trades N` or BENCH_REPORTS_LARGE_TRADES, 0 skips it), then times real HTTP:
 *
 * - `POST /api/reports/run` with 10 filter conditions and a group-by (symbol, day, hour, tag),
 *   warm (the analytics cache holds the user: median of 10 after 2 warm-ups), and the same with the
 *   cache off (`ANALYTICS_CACHE_MAX_TRADES=0`: every report read by SQL) for comparison;
 * - the report engine alone (computeReport over the columns, no I/O) per grouping;
 * - `GET /api/reports/export.pdf` of a report of about 10,000 trades (median of 3);
 * - `GET /api/reports/export.csv` of every trade, streamed: the time, the bytes, and how far the
 *   process's resident memory rose above where it stood before the request (sampled every 20 ms).
 *
 * Prints the section's markdown from its `## ` heading; exits 1 when a budgeted figure misses.
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { createZonedCalendar } from '../../src/core/analytics';
import { canSelectInMemory, type TradeFilter } from '../../src/core/query';
import { computeReport, type ReportGroupBy } from '../../src/core/reports';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { insertAccount } from '../../src/server/modules/accounts';
import { loadCurrencyScope, listReportColumns } from '../../src/server/modules/analytics';
import { toUserTradeFilter } from '../../src/server/modules/trades';
import { createUser } from '../../src/server/modules/users';
import { TestClient } from '../../test/helpers/http-client';
import { openThrowawayDatabase } from '../../test/helpers/test-database';
import { seedTrades } from './trades-api';
import { measure, readCount } from './timing';

type Engine = 'pglite' | 'postgres';
export type ReportsBenchParams = { engine: Engine; databaseUrl?: string; tradeCount: number };

const WARMUPS = 2;
const RUNS = 10;
const DEFAULT_TRADES = 100_000;
const DEFAULT_LARGE_TRADES = 1_000_000;
const TIME_ZONE = 'America/New_York';
/** The budgets: a report at 100,000 trades per engine, 1,000,000 on PostgreSQL; the PDF of 10,000. */
const BUDGET_MS = { postgres: 150, pglite: 400 } as const;
const LARGE_BUDGET_MS = 1_000;
const PDF_BUDGET_MS = 5_000;
const PDF_TRADES = 10_000;
/** Resident memory may rise this much while the CSV of every trade streams (a page of rows, buffers). */
const CSV_MEMORY_BUDGET_MB = 150;
const GROUP_BYS: readonly ReportGroupBy[] = ['symbol', 'day', 'hour', 'tag'];

/**
 * Ten conditions a trader might combine, each true of most seeded trades (so the report still
 * groups nearly all of them, the costly case): every field one the analytics cache holds.
 */
function toTenFilters(first: string, last: string): TradeFilter {
  return {
    from: first,
    to: last,
    weekdays: [1, 2, 3, 4, 5],
    entryHours: [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
    assetClasses: ['stock', 'future', 'option'],
    excludeSymbols: ['NOPE'],
    netPnl: { min: '-1000000', max: '1000000' },
    holdingSeconds: { min: 0 },
    months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    status: 'closed',
  };
}

export type ReportsBenchResult = { rows: string[]; overBudget: string[]; seeded: number; seedSeconds: number };

export async function benchReports(params: ReportsBenchParams): Promise<ReportsBenchResult> {
  const database = await openThrowawayDatabase({ ...params, prefix: 'edgebook_bench_reports' });
  const env = { NODE_ENV: 'production', PORT: '3000', DATABASE_URL: params.databaseUrl ?? '' };
  const app = await buildApp({ config: loadConfig(env), database, distDir: null });
  const sqlApp = await buildApp({
    config: loadConfig({ ...env, ANALYTICS_CACHE_MAX_TRADES: '0' }),
    database,
    distDir: null,
  });
  const rows: string[] = [];
  const overBudget: string[] = [];
  const trades = params.tradeCount.toLocaleString('en-US');
  const budget = params.tradeCount > DEFAULT_TRADES ? LARGE_BUDGET_MS : BUDGET_MS[params.engine];
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
    await db.execute(params.engine === 'postgres' ? sql`vacuum analyze` : sql`analyze`);
    console.error(
      `[bench] ${params.engine}: ${seeded.toLocaleString('en-US')} trades seeded in ${seedSeconds.toFixed(0)} s`,
    );
    // Tags on a tenth of the trades, so the tag grouping has something to group.
    const tags = ['A+', 'Breakout', 'Fade'];
    const tagIds: string[] = [];
    for (const name of tags) {
      const result = (await db.execute(
        sql`insert into tags (user_id, name) values (${user.id}, ${name}) returning id`,
      )) as unknown as { rows: { id: string }[] };
      tagIds.push(result.rows[0]!.id);
    }
    for (const [k, tagId] of tagIds.entries()) {
      await db.execute(sql`insert into trade_tags (opening_execution_id, tag_id)
        select opening_execution_id, ${tagId}::uuid from trades
        where user_id = ${user.id} and status = 'closed' and abs(hashtext(id::text)) % 30 = ${k}`);
    }
    await db.execute(sql`update users set analytics_version = analytics_version + 1 where id = ${user.id}`);
    const span = (await db.execute(
      sql`select min(closed_at) as first, max(closed_at) as last from trades where user_id = ${user.id}`,
    )) as unknown as { rows: { first: string | Date; last: string | Date }[] };
    const first = new Date(span.rows[0]!.first).toISOString().slice(0, 10);
    const last = new Date(span.rows[0]!.last).toISOString().slice(0, 10);
    const filter = toTenFilters(first, last);

    const clientOf = async (url: string) => {
      const client = new TestClient(url, new URL(url).origin);
      await client.login('bench@example.com', 'bench-password');
      return client;
    };
    const client = await clientOf(await app.listen({ port: 0, host: '127.0.0.1' }));
    const sqlClient = await clientOf(await sqlApp.listen({ port: 0, host: '127.0.0.1' }));
    const runReport = async (c: TestClient, groupBy: ReportGroupBy, body: Record<string, unknown> = {}) => {
      const res = await c.post('/api/reports/run', { filter, groupBy, ...body });
      if (res.status !== 200) throw new Error(`report: ${res.status} ${await res.text()}`);
      return (await res.json()) as { total: { count: number } };
    };
    const selected = (await runReport(client, 'none')).total.count;

    // The engine alone: the same columns grouped each way.
    const resolved = await toUserTradeFilter(db, { userId: user.id, timeZone: TIME_ZONE, query: { filter } });
    // Every condition one the cache holds: the warm rows below are the cache's path, not SQL's.
    if (!canSelectInMemory(resolved)) throw new Error('the bench filter has a field the analytics cache does not hold');
    const scope = await loadCurrencyScope(db, { userId: user.id });
    const { columns } = await listReportColumns(db, {
      userId: user.id,
      cache: app.analyticsCache,
      filter: resolved,
      withJournal: false,
      scope,
    });
    const calendar = createZonedCalendar(TIME_ZONE);
    for (const groupBy of GROUP_BYS) {
      const engineMs = await measure(() => computeReport(columns, { groupBy, calendar }), { warmups: 2, runs: 7 });
      rows.push(
        `| ${params.engine} | ${trades} | report engine alone (computeReport), by ${groupBy}, ${columns.count.toLocaleString('en-US')} trades | ${engineMs.toFixed(1)} | – |`,
      );
    }

    for (const groupBy of GROUP_BYS) {
      const warm = await measure(() => runReport(client, groupBy), { warmups: WARMUPS, runs: RUNS });
      rows.push(
        `| ${params.engine} | ${trades} | \`POST /api/reports/run\`, 10 conditions (${selected.toLocaleString('en-US')} trades match), by ${groupBy}, cache warm | ${warm.toFixed(1)} | ${budget} |`,
      );
      if (warm > budget)
        overBudget.push(`${params.engine} ${trades} trades report by ${groupBy}: ${warm.toFixed(0)} ms > ${budget} ms`);
    }
    const bySql = await measure(() => runReport(sqlClient, 'symbol'), { warmups: 1, runs: 3 });
    rows.push(
      `| ${params.engine} | ${trades} | \`POST /api/reports/run\`, the same by symbol, cache off (read by SQL; no budget) | ${bySql.toFixed(1)} | – |`,
    );
    const byJournal = await measure(() => runReport(client, 'mistake'), { warmups: 1, runs: 3 });
    rows.push(
      `| ${params.engine} | ${trades} | \`POST /api/reports/run\`, the same by mistake (the journal: always SQL; no budget) | ${byJournal.toFixed(1)} | – |`,
    );

    if (params.tradeCount <= DEFAULT_TRADES) {
      // A period holding about 10,000 trades: the last tenth of the history (the seeder spreads evenly).
      const ids = (await db.execute(
        sql`select closed_at from trades where user_id = ${user.id} and status = 'closed'
            order by closed_at desc offset ${PDF_TRADES} limit 1`,
      )) as unknown as { rows: { closed_at: string | Date }[] };
      const pdfFrom = ids.rows[0] ? new Date(ids.rows[0].closed_at).toISOString() : first;
      const pdfFilter = { from: pdfFrom };
      const pdfQuery = `filter=${encodeURIComponent(JSON.stringify(pdfFilter))}&groupBy=symbol`;
      const pdfCount = (await runReport(client, 'none', { filter: pdfFilter })).total.count;
      let pdfBytes = 0;
      const pdfMs = await measure(
        async () => {
          const res = await client.get(`/api/reports/export.pdf?${pdfQuery}`);
          if (res.status !== 200) throw new Error(`pdf: ${res.status}`);
          pdfBytes = (await res.arrayBuffer()).byteLength;
        },
        { warmups: 1, runs: 3 },
      );
      rows.push(
        `| ${params.engine} | ${trades} | \`GET /api/reports/export.pdf\`, ${pdfCount.toLocaleString('en-US')} trades by symbol (${(pdfBytes / 1024).toFixed(0)} KB) | ${pdfMs.toFixed(0)} | ${PDF_BUDGET_MS} |`,
      );
      if (pdfMs > PDF_BUDGET_MS) overBudget.push(`${params.engine} PDF: ${pdfMs.toFixed(0)} ms > ${PDF_BUDGET_MS} ms`);
    }

    // The CSV of every trade, read as it streams; resident memory sampled meanwhile.
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const csvStart = performance.now();
    const res = await client.get('/api/reports/export.csv?groupBy=month');
    if (res.status !== 200 || !res.body) throw new Error(`csv: ${res.status}`);
    let bytes = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
    const csvMs = performance.now() - csvStart;
    clearInterval(sampler);
    const riseMb = (peak - before) / 1024 / 1024;
    rows.push(
      `| ${params.engine} | ${trades} | \`GET /api/reports/export.csv\`, every trade by month (${(bytes / 1024 / 1024).toFixed(0)} MB streamed), resident memory rise ${riseMb.toFixed(0)} MB (budget ${CSV_MEMORY_BUDGET_MB} MB) | ${csvMs.toFixed(0)} | – |`,
    );
    if (riseMb > CSV_MEMORY_BUDGET_MB)
      overBudget.push(
        `${params.engine} ${trades} CSV: memory rose ${riseMb.toFixed(0)} MB > ${CSV_MEMORY_BUDGET_MB} MB`,
      );
    return { rows, overBudget, seeded, seedSeconds };
  } finally {
    await sqlApp.close();
    await app.close();
    await database.close();
  }
}

/** `--flag N` from the command line, else the environment variable, else the default. */
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const tradeCount = readCount('--trades', 'BENCH_TRADES', DEFAULT_TRADES);
  const largeTradeCount = readCount('--large-trades', 'BENCH_REPORTS_LARGE_TRADES', DEFAULT_LARGE_TRADES);
  const databaseUrl = (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? '').trim() || undefined;
  const runs: ReportsBenchParams[] = [
    { engine: 'pglite', tradeCount },
    ...(databaseUrl ? [{ engine: 'postgres' as const, databaseUrl, tradeCount }] : []),
    ...(databaseUrl && largeTradeCount > 0
      ? [{ engine: 'postgres' as const, databaseUrl, tradeCount: largeTradeCount }]
      : []),
  ];
  const lines = [
    '| Engine | Trades (one user) | Measure | Median (ms) | Budget (ms) |',
    '| --- | ---: | --- | ---: | ---: |',
  ];
  const over: string[] = [];
  const seeding: string[] = [];
  for (const params of runs) {
    const result = await benchReports(params);
    lines.push(...result.rows);
    over.push(...result.overBudget);
    seeding.push(
      `${params.engine} ${result.seeded.toLocaleString('en-US')} trades in ${result.seedSeconds.toFixed(0)} s`,
    );
  }
  console.log(
    [
      '## Advanced reports',
      '',
      'One user, closed trades from the trades bench seeder (a tenth of them tagged), real HTTP with a',
      'session cookie. The report has 10 conditions (close days, weekdays, entry hours, asset classes,',
      'an excluded symbol, net P&L, holding time, months, status), each true of most trades, so nearly',
      `every trade is grouped. **Cache warm**: the analytics cache holds the user (median of ${RUNS} after`,
      `${WARMUPS} warm-ups); **cache off** reads the report by SQL. The engine alone is computeReport over`,
      'the columns already read. The PDF is of the last ~10,000 trades (median of 3). The CSV is every',
      "closed trade streamed; its memory figure is the rise of the process's resident set (the server runs",
      'in the same process) above where it was before the request.',
      `Seeding: ${seeding.join('; ')}.`,
      '',
      ...lines,
      ...(over.length > 0 ? ['', 'Over budget:', ...over.map((line) => `- ${line}`)] : []),
    ].join('\n'),
  );
  if (over.length > 0) process.exitCode = 1;
}
