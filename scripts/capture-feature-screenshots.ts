/**
 * Captures the app screenshots shown on /features into public/features/ (committed assets).
 *
 * Usage: DIST_DIR=/tmp/dist npx tsx scripts/capture-feature-screenshots.ts [--out <dir>] [--only name,name]
 *
 * Builds nothing: run `npm run build` (with the same DIST_DIR) first. The script starts the real
 * server from that build on a fresh in-memory PGlite, creates a verified demo user, signs in through
 * the login form in Debian's Chromium, loads the built-in sample journal and photographs each screen
 * at 1280×800 (plus two 390-wide phone shots), light mode, JPEG.
 *
 * Deterministic: the server and the browser share a fixed clock (time flows from FIXED_NOW), the
 * sample journal is generated from a fixed seed relative to that clock, the Monte Carlo run uses a
 * fixed seed, and animations are off. Re-running on the same build gives the same pictures.
 *
 * A screen that does not render (a page still being built) is skipped with a warning and leaves
 * its previous file alone; run the script again once it works.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/helpers/browser';
import { buildApp, DEFAULT_DIST_DIR } from '../src/server/app';
import { ManualClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { createUser } from '../src/server/modules/users';

const root = resolve(import.meta.dirname, '..');

/** A Friday afternoon after the US close: the sample journal ends the day before. */
const FIXED_NOW = new Date('2026-03-06T21:30:00.000Z');
const TIME_ZONE = 'America/New_York';
const MONTE_CARLO_SEED = '20260306';
const JPEG_QUALITY = 80;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const DETAIL_SYMBOL = 'GOOGL';
/** Closed trades only: the sample journal's few open positions would lead the list with tiny numbers. */
const CLOSED_TRADES = '/trades?status=closed';
const DEMO = { email: 'demo@edgebook.app', password: 'Demo-journal-2026!', firstName: 'Demo', lastName: 'Trader' };

/** A generic broker export no preset knows, so the preview shows detected roles with confidence. */
const IMPORT_CSV = [
  'Trade Date,Time,Ticker,Action,Shares,Fill Price,Commission,Order Ref',
  '03/02/2026,09:31:12,NVDA,BUY,50,118.42,0.35,ORD-1001',
  '03/02/2026,10:05:48,NVDA,SELL,50,121.10,0.35,ORD-1002',
  '03/03/2026,09:44:03,AAPL,BUY,100,236.15,0.50,ORD-1003',
  '03/03/2026,11:12:37,AAPL,SELL,100,234.80,0.50,ORD-1004',
  '03/04/2026,13:02:19,MSFT,SELL,40,412.60,0.40,ORD-1005',
  '03/04/2026,14:26:55,MSFT,BUY,40,408.25,0.40,ORD-1006',
  '03/05/2026,09:35:41,AMD,BUY,120,109.30,0.60,ORD-1007',
  '03/05/2026,09:58:02,AMD,SELL,60,111.05,0.30,ORD-1008',
  '03/05/2026,10:21:30,AMD,SELL,60,112.40,0.30,ORD-1009',
].join('\n');

type Shot = {
  name: string;
  viewport: { width: number; height: number };
  /** Leaves the page showing what the picture should show; throws when the screen is not ready. */
  prepare: (page: Page) => Promise<void>;
};

async function openApp(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('main h1').first().waitFor({ timeout: 15_000 });
  await ready(page);
  await page.waitForLoadState('networkidle');
}

/** Scrolls so the element's top sits just under the sticky app header. */
async function scrollToTop(page: Page, selector: string, offset = 72) {
  await page
    .locator(selector)
    .first()
    .evaluate((el, off) => {
      window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - off, behavior: 'instant' });
    }, offset);
}

const SHOTS: Shot[] = [
  {
    name: 'dashboard',
    viewport: DESKTOP,
    prepare: (page) =>
      openApp(page, '/dashboard', async (p) => {
        await p
          .locator('main h1')
          .filter({ hasText: /dashboard/i })
          .waitFor({ timeout: 15_000 });
      }),
  },
  {
    name: 'trades',
    viewport: DESKTOP,
    prepare: (page) => openApp(page, CLOSED_TRADES, (p) => p.getByTestId('trade-row').first().waitFor()),
  },
  {
    name: 'trade-detail',
    viewport: DESKTOP,
    prepare: async (page) => {
      await openApp(page, CLOSED_TRADES, (p) => p.getByTestId('trade-row').first().waitFor());
      // The newest closed trade of the sample journal: a winner with its stop, strategy and tags.
      const row = page.getByTestId('trade-row').filter({ hasText: DETAIL_SYMBOL }).first();
      await row.getByRole('button', { name: DETAIL_SYMBOL, exact: true }).click();
      await page.getByTestId('trade-dialog').waitFor();
      await page.waitForLoadState('networkidle');
    },
  },
  {
    name: 'import',
    viewport: DESKTOP,
    prepare: async (page) => {
      await openApp(page, '/import', (p) => p.getByTestId('drop-zone').waitFor());
      await page.getByTestId('import-file-input').setInputFiles({
        name: 'march-fills.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(IMPORT_CSV),
      });
      await page.getByTestId('import-preview').waitFor();
      await page.waitForLoadState('networkidle');
      await scrollToTop(page, '[data-testid="import-preview"]', 24);
    },
  },
  {
    name: 'analytics',
    viewport: DESKTOP,
    prepare: (page) => openApp(page, '/analytics', (p) => p.getByTestId('breakdown-row').first().waitFor()),
  },
  {
    name: 'analytics-heatmap',
    viewport: DESKTOP,
    prepare: async (page) => {
      await openApp(page, '/analytics', (p) => p.getByTestId('heatmap').waitFor());
      await scrollToTop(page, '[data-testid="heatmap"]', 24);
    },
  },
  {
    name: 'analytics-risk',
    viewport: DESKTOP,
    prepare: async (page) => {
      await openApp(page, '/analytics', (p) => p.getByTestId('risk-panel').waitFor());
      await scrollToTop(page, '[data-testid="risk-panel"]', 24);
    },
  },
  {
    name: 'analytics-monte-carlo',
    viewport: DESKTOP,
    prepare: async (page) => {
      await openApp(page, '/analytics', (p) => p.getByTestId('monte-carlo').waitFor());
      const section = page.getByTestId('monte-carlo');
      await section.getByLabel('Seed', { exact: true }).fill(MONTE_CARLO_SEED);
      await section.getByRole('button', { name: 'Run simulation' }).click();
      await section.getByTestId('fan-chart').locator('canvas').first().waitFor({ timeout: 60_000 });
      await scrollToTop(page, '[data-testid="monte-carlo-results"]', 24);
    },
  },
  {
    name: 'position-size',
    viewport: DESKTOP,
    prepare: async (page) => {
      await openApp(page, '/position-size', (p) => p.getByLabel('Entry price').waitFor());
      await page.getByLabel('Entry price').fill('118.40');
      await page.getByLabel('Stop price').fill('116.90');
      await page.getByLabel('Target (optional)').fill('122.90');
      // No focus ring or caret in the picture.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur()); // null when nothing has focus
      await page.locator('main').getByText('Result').first().waitFor();
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'settings',
    viewport: DESKTOP,
    prepare: (page) => openApp(page, '/settings', async () => undefined),
  },
  {
    name: 'phone-dashboard',
    viewport: PHONE,
    prepare: (page) =>
      openApp(page, '/dashboard', (p) =>
        p
          .locator('main h1')
          .filter({ hasText: /dashboard/i })
          .waitFor(),
      ),
  },
  {
    name: 'phone-trades',
    viewport: PHONE,
    prepare: async (page) => {
      await openApp(page, CLOSED_TRADES, (p) => p.getByTestId('trade-row').first().waitFor());
      await scrollToTop(page, '[data-testid="trade-row"]', 76);
    },
  },
];

function readArgs(argv: readonly string[]) {
  const valueOf = (flag: string) => {
    const i = argv.indexOf(flag);
    return i === -1 ? undefined : argv[i + 1];
  };
  return {
    outDir: resolve(valueOf('--out') ?? join(root, 'public/features')),
    only: valueOf('--only')?.split(',') ?? null,
  };
}

const args = readArgs(process.argv.slice(2));
if (!existsSync(join(DEFAULT_DIST_DIR, 'pages'))) {
  console.error(`No build in ${DEFAULT_DIST_DIR}: run \`npm run build\` first (with the same DIST_DIR).`);
  process.exit(2);
}
mkdirSync(args.outDir, { recursive: true });

// Time flows from FIXED_NOW in the server, exactly as it does in the browser below.
const startedAt = Date.now();
const clock = new ManualClock({ now: () => new Date(FIXED_NOW.getTime() + (Date.now() - startedAt)) });
const config = loadConfig({ ...process.env, NODE_ENV: 'production', PORT: '3000', DATABASE_URL: '' });
const database = await openDatabase({ dataDir: null });
const app = await buildApp({ config, database, clock });
const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
const demo = await createUser(database.db, { ...DEMO, isVerified: true, isAdmin: false, now: clock.now() });
// The profile editor is not built yet; a US trader's journal reads in New York time (heatmap hours).
await database.db.update(users).set({ timezone: TIME_ZONE }).where(eq(users.id, demo.id));

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const written: string[] = [];
const skipped: string[] = [];
try {
  for (const viewport of [DESKTOP, PHONE]) {
    const shots = SHOTS.filter((s) => s.viewport === viewport && (!args.only || args.only.includes(s.name)));
    if (shots.length === 0) continue;
    const context = await browser.newContext({
      viewport,
      baseURL: baseUrl,
      colorScheme: 'light',
      reducedMotion: 'reduce',
      locale: 'en-US',
      timezoneId: TIME_ZONE,
      deviceScaleFactor: 1,
    });
    await context.clock.install({ time: FIXED_NOW });
    await context.clock.resume();
    const page = await context.newPage();
    page.on('pageerror', (err) => console.warn(`  page error: ${err.message}`));

    // Sign in through the form, as a person would.
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    const status = await page.request.get('/api/sample-data');
    if (!((await status.json()) as { loaded: boolean }).loaded) {
      const res = await page.request.post('/api/sample-data', { headers: { origin: new URL(baseUrl).origin } });
      if (res.status() !== 201) throw new Error(`POST /api/sample-data: ${res.status()} ${await res.text()}`);
    }

    for (const shot of shots) {
      const file = join(args.outDir, `${shot.name}.jpg`);
      try {
        await shot.prepare(page);
        await page.screenshot({ path: file, type: 'jpeg', quality: JPEG_QUALITY, animations: 'disabled' });
        written.push(file);
        console.log(`${file}  ${(statSync(file).size / 1024).toFixed(0)} kB`);
      } catch (error) {
        skipped.push(shot.name);
        console.warn(`skipped ${shot.name}: ${String(error).split('\n')[0]}`);
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await app.close();
  await database.close();
}
if (skipped.length) {
  console.warn(`Not captured: ${skipped.join(', ')}. Re-run once those screens render.`);
  process.exitCode = 1;
}
