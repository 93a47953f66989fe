/**
 * The dashboard's first render at 100,000 trades, in the browser: `npx tsx scripts/bench/dashboard-render.ts`
 * (after `npm run build`; DIST_DIR moves the build, TRADES=10000 a quicker run). Seeds one user's
 * history straight into the tables (the trades-api bench's generator: ~4 years, 100 trades a day),
 * serves the built app on in-memory PGlite (the embedded default: the slower engine), signs in with
 * headless Chromium and times from navigation start to the moment the headline numbers, the equity
 * chart's canvas and the P&L calendar are all on screen. Also times the API calls behind it.
 */
import { sql } from 'drizzle-orm';
import { EQUITY_CHART_MAX_POINTS } from '../../src/contracts/analytics';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/helpers/browser';
import { timeDashboardFirstRender, type DashboardRenderTiming } from '../../e2e/helpers/first-render';
import { buildApp, DEFAULT_DIST_DIR } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { insertAccount } from '../../src/server/modules/accounts';
import { createUser } from '../../src/server/modules/users';
import { seedTrades } from './trades-api';

const TRADE_COUNT = Number(process.env.TRADES ?? 100_000);
/** What the dashboard's equity card asks for. */
const EQUITY_PATH = `/api/analytics/equity?maxPoints=${EQUITY_CHART_MAX_POINTS}`;
const RUNS = 5;
const BUDGET_MS = 1000;
const PASSWORD = 'bench-password';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

type RenderTiming = DashboardRenderTiming;

async function main() {
  const database = await openDatabase({ dataDir: null });
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: '', LOGIN_RATE_LIMIT: '1000' });
  const app = await buildApp({ config, database, distDir: DEFAULT_DIST_DIR });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const { db } = database;
    const user = await createUser(db, {
      email: 'dash-bench@example.com',
      password: PASSWORD,
      isVerified: true,
      now: new Date(),
    });
    const account = await insertAccount(db, { userId: user.id, values: { name: 'Bench', startingBalance: '100000' } });
    const seedStart = performance.now();
    const count = await seedTrades(db, { userId: user.id, accountId: account.id, tradeCount: TRADE_COUNT });
    await db.execute(sql`analyze`);
    console.log(`seeded ${count} trades in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: baseUrl });
    const login = await context.request.post('/api/auth/login', {
      headers: { origin: new URL(baseUrl).origin },
      data: { email: 'dash-bench@example.com', password: PASSWORD },
    });
    if (login.status() !== 200) throw new Error(`login: ${login.status()} ${await login.text()}`);

    const api: Record<string, number[]> = {};
    let equityBytes = 0;
    for (let i = 0; i < RUNS; i++) {
      for (const path of [
        '/api/analytics/summary',
        EQUITY_PATH,
        '/api/analytics/calendar?month=2024-12',
        '/api/trades?limit=1',
      ]) {
        const start = performance.now();
        const res = await context.request.get(path);
        const body = await res.body();
        if (res.status() !== 200) throw new Error(`${path}: ${res.status()}`);
        (api[path] ??= []).push(performance.now() - start);
        if (path === EQUITY_PATH) equityBytes = body.length;
      }
    }

    const renders: RenderTiming[] = [];
    const errors: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await context.newPage();
      page.on('pageerror', (err) => errors.push(err.message));
      renders.push(await timeDashboardFirstRender(page, '/dashboard'));
      await page.close();
    }
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);

    const first = renders[0]!.all;
    const later = renders.slice(1);
    const warm = median(later.map((r) => r.all));
    const part = (key: keyof RenderTiming) => median(later.map((r) => r[key])).toFixed(0);
    console.log(`\n## Dashboard first render at ${count.toLocaleString('en-US')} trades\n`);
    console.log('| Measure | ms |');
    console.log('| --- | ---: |');
    console.log(`| First render, first visit (cold server and browser cache) | ${first.toFixed(0)} |`);
    console.log(`| First render, median of ${RUNS - 1} later visits | ${warm.toFixed(0)} |`);
    console.log(`| … of which: app shell and page heading | ${part('shell')} |`);
    console.log(`| … headline numbers | ${part('numbers')} |`);
    console.log(`| … equity chart canvas | ${part('chart')} |`);
    console.log(`| … P&L calendar | ${part('calendar')} |`);
    for (const [path, times] of Object.entries(api))
      console.log(`| \`GET ${path}\` (median of ${RUNS}) | ${median(times).toFixed(0)} |`);
    console.log(
      `\nEquity answer: ${(equityBytes / 1024).toFixed(0)} kB (uncompressed). Budget ${BUDGET_MS} ms: ${warm <= BUDGET_MS ? 'met' : 'MISSED'}.`,
    );
    process.exitCode = warm <= BUDGET_MS ? 0 : 1;
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}

await main();
