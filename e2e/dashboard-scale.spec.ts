import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTrades } from '../scripts/bench/trades-api';
import type { AnalyticsSummaryJson } from '../src/contracts/analytics';
import { buildApp, DEFAULT_DIST_DIR } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { insertAccount } from '../src/server/modules/accounts';
import { createUser } from '../src/server/modules/users';
import { timeDashboardFirstRender, type DashboardRenderTiming } from './helpers/first-render';
import { DESKTOP, launchBrowser } from './helpers/pages';

/**
 * The dashboard with 100,000 closed trades: first render measured and reported (the issue's
 * budget is 1 s; `npm run bench` records it on a quiet machine, so this test only catches a
 * collapse), and the numbers on screen are the server's over every trade. Its own server and
 * in-memory PGlite: seeding 100,000 trades must not hold up the other browser tests' database.
 */

const TRADE_COUNT = 100_000;
const EMAIL = 'scale@example.com';
const PASSWORD = 'Str0ng!pass-scale';
/** Far above the 1 s budget: a loaded CI machine is slow, a regression to "every point" is slower still. */
const COLLAPSE_MS = 15_000;

let database: Database;
let app: FastifyInstance;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  database = await openDatabase({ dataDir: null });
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: '',
    LLM_BASE_URL: '',
    LOGIN_RATE_LIMIT: '1000',
  });
  app = await buildApp({ config, database, distDir: DEFAULT_DIST_DIR });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const user = await createUser(database.db, { email: EMAIL, password: PASSWORD, isVerified: true, now: new Date() });
  const account = await insertAccount(database.db, {
    userId: user.id,
    values: { name: 'Scale', startingBalance: '100000' },
  });
  await seedTrades(database.db, { userId: user.id, accountId: account.id, tradeCount: TRADE_COUNT });
  await database.db.execute(sql`analyze`);
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await database?.close();
});

const usd = (value: number) => {
  const cents = Math.round(value * 100);
  const abs = (Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${cents > 0 ? '+' : cents < 0 ? '-' : ''}$${abs}`;
};

describe('/dashboard at 100,000 trades', () => {
  it('renders the numbers, the equity chart and the calendar, and reports how fast', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl });
    const errors: string[] = [];
    try {
      const login = await context.request.post('/api/auth/login', {
        headers: { origin: new URL(baseUrl).origin },
        data: { email: EMAIL, password: PASSWORD },
      });
      expect(login.status()).toBe(200);
      const summary = (await (await context.request.get('/api/analytics/summary')).json()) as AnalyticsSummaryJson;
      const count = Number(summary.trades.count);
      expect(count).toBeGreaterThan(0.99 * TRADE_COUNT); // a few of the seeded trades are still open

      const timings: DashboardRenderTiming[] = [];
      for (let visit = 0; visit < 3; visit++) {
        const page = await context.newPage();
        page.on('pageerror', (err) => errors.push(err.message));
        timings.push(await timeDashboardFirstRender(page, '/dashboard'));
        if (visit === 2) {
          // All time, every trade: the headline is the server's summary to the cent.
          expect(await page.getByTestId('stat-net-pnl-value').innerText()).toBe(usd(Number(summary.trades.netPnl)));
          // The chart's accessible summary covers every trade, though the curve is drawn from a sample.
          expect(await page.getByTestId('equity-figure').getByRole('img').getAttribute('aria-label')).toContain(
            `over ${count.toLocaleString('en-US')} closed trades`,
          );
        }
        await page.close();
      }
      const [first, ...later] = timings.map((t) => t.all);
      const warm = Math.min(...later);
      console.log(
        `[dashboard at ${count.toLocaleString('en-US')} trades] first render: first visit ${first!.toFixed(0)} ms, ` +
          `later visits ${later.map((ms) => ms.toFixed(0)).join(' / ')} ms (budget 1000 ms on a quiet machine; see BENCHMARKS.md)`,
      );
      expect(warm).toBeLessThan(COLLAPSE_MS);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
