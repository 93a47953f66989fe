import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { control, uniqueEmail } from './helpers/control';
import { baseUrl, DESKTOP, launchBrowser, openPage, PHONE } from './helpers/pages';

/**
 * /analytics and /demo-advanced-analytics against the real server: breakdown totals, the heatmap,
 * the risk panel, a seeded Monte Carlo run in the Web Worker, the demo on sample data, axe and the
 * phone layout. Set ANALYTICS_SCREENSHOTS=<dir> to also save full-page screenshots there.
 */

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

const PASSWORD = 'Str0ng!pass';
const originHeader = () => ({ origin: new URL(baseUrl()).origin });

/** Round trips entered as fills: a buy and a sell (or a sell and a buy for a short) of one lot each. */
const TRADES = [
  {
    symbol: 'AAPL',
    side: 'long',
    qty: 10,
    entry: 100,
    exit: 110,
    openedAt: '2025-03-03T14:30:00Z',
    closedAt: '2025-03-03T15:00:00Z',
  },
  {
    symbol: 'AAPL',
    side: 'long',
    qty: 10,
    entry: 100,
    exit: 95,
    openedAt: '2025-03-04T14:35:00Z',
    closedAt: '2025-03-04T15:05:00Z',
  },
  {
    symbol: 'MSFT',
    side: 'long',
    qty: 5,
    entry: 200,
    exit: 212,
    openedAt: '2025-03-05T15:10:00Z',
    closedAt: '2025-03-05T16:00:00Z',
  },
  {
    symbol: 'MSFT',
    side: 'short',
    qty: 5,
    entry: 200,
    exit: 204,
    openedAt: '2025-03-06T15:10:00Z',
    closedAt: '2025-03-06T16:00:00Z',
  },
  {
    symbol: 'TSLA',
    side: 'long',
    qty: 2,
    entry: 300,
    exit: 330,
    openedAt: '2025-03-07T18:00:00Z',
    closedAt: '2025-03-07T19:00:00Z',
  },
] as const;
const pnlOf = (t: (typeof TRADES)[number]) => (t.side === 'long' ? 1 : -1) * (t.exit - t.entry) * t.qty;

type Session = { page: Page; errors: string[]; timeZone: string };

async function signedInUser(viewport = DESKTOP, withTrades = true): Promise<Session> {
  const { page, context, errors } = await openPage(browser, viewport);
  contexts.push(context);
  const email = uniqueEmail('analytics');
  await control.createUser({ email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
  const login = await page.request.post('/api/auth/login', {
    headers: originHeader(),
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const me = (await (await page.request.get('/api/auth/user')).json()) as { timezone: string };
  if (withTrades) {
    const account = await page.request.post('/api/accounts', {
      headers: originHeader(),
      data: { name: 'Main', startingBalance: '10000' },
    });
    expect(account.status()).toBe(201);
    const { id: accountId } = (await account.json()) as { id: string };
    const executions = TRADES.flatMap((t) => [
      {
        executedAt: t.openedAt,
        symbol: t.symbol,
        side: t.side === 'long' ? 'buy' : 'sell',
        quantity: String(t.qty),
        price: String(t.entry),
      },
      {
        executedAt: t.closedAt,
        symbol: t.symbol,
        side: t.side === 'long' ? 'sell' : 'buy',
        quantity: String(t.qty),
        price: String(t.exit),
      },
    ]);
    const res = await page.request.post('/api/executions', {
      headers: originHeader(),
      data: { accountId, executions },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { page, errors, timeZone: me.timezone };
}

const money = (n: number) => `${n < 0 ? '-' : n > 0 ? '+' : ''}$${Math.abs(n).toFixed(2)}`;

async function openAnalytics(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main h1').waitFor();
  await page.getByTestId('breakdown-row').first().waitFor();
}

async function hasNoHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

async function toggleDark(page: Page) {
  await page.getByRole('button', { name: 'Toggle dark mode' }).locator('visible=true').first().click();
  // Colours cross-fade (transition-colors): judge contrast on the settled theme, not mid-fade.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

/** Light and dark full-page screenshots when ANALYTICS_SCREENSHOTS names a folder. */
async function screenshot(page: Page, name: string) {
  const dir = process.env.ANALYTICS_SCREENSHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  await toggleDark(page);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/${name}-dark.png`, fullPage: true });
  await toggleDark(page);
}

/** Runs the simulation with the given seed and answers the ruin probability and the seed line. */
async function runMonteCarlo(page: Page, seed: string): Promise<{ ruin: string; seedLine: string; median: string }> {
  const section = page.getByTestId('monte-carlo');
  await section.getByLabel('Seed', { exact: true }).fill(seed);
  await section.getByRole('button', { name: 'Run simulation' }).click();
  const results = section.getByTestId('monte-carlo-results');
  await expect
    .poll(async () => section.getByTestId('monte-carlo-seed').textContent(), { timeout: 20_000 })
    .toContain(`Seed ${seed} `);
  return {
    ruin: (await results.getByTestId('ruin-probability').textContent()) ?? '',
    seedLine: (await results.getByTestId('monte-carlo-seed').textContent()) ?? '',
    median: (await results.locator('dd').first().textContent()) ?? '',
  };
}

describe('/analytics', () => {
  it('shows the breakdown with the right totals, the heatmap cell, the risk panel and no axe violations', async () => {
    const { page, errors, timeZone } = await signedInUser();
    await openAnalytics(page, '/analytics');
    expect(await page.locator('main h1').textContent()).toBe('Analytics');

    const total = TRADES.reduce((sum, t) => sum + pnlOf(t), 0);
    expect(await page.getByTestId('kpi-count').textContent()).toBe(String(TRADES.length));
    expect(await page.getByTestId('kpi-netPnl').textContent()).toBe(money(total));

    // By symbol: one row per symbol with its trade count, net P&L and win rate.
    const table = page.getByTestId('breakdown-table');
    for (const symbol of ['AAPL', 'MSFT', 'TSLA']) {
      const mine = TRADES.filter((t) => t.symbol === symbol);
      const row = table
        .getByTestId('breakdown-row')
        .filter({ has: page.getByRole('rowheader', { name: symbol, exact: true }) });
      expect(await row.locator('[data-column="count"]').textContent()).toBe(String(mine.length));
      expect(await row.locator('[data-column="netPnl"]').textContent()).toBe(
        money(mine.reduce((s, t) => s + pnlOf(t), 0)),
      );
      const winRate = (100 * mine.filter((t) => pnlOf(t) > 0).length) / mine.length;
      expect(await row.locator('[data-column="winRate"]').textContent()).toBe(`${winRate.toFixed(2)}%`);
    }
    // Sorting by net P&L puts the best group first.
    await table.getByRole('button', { name: 'Net P&L' }).click();
    expect(await table.getByRole('rowheader').first().textContent()).toBe('TSLA');

    // By side: the totals still add up to every trade.
    await page.getByLabel('Group by').selectOption('side');
    await expect.poll(() => table.getByRole('rowheader').allTextContents()).toEqual(['Long', 'Short']);
    const counts = await table.locator('[data-column="count"]').allTextContents();
    expect(counts.map(Number).reduce((a, b) => a + b, 0)).toBe(TRADES.length);
    expect(new URL(page.url()).searchParams.get('by')).toBe('side');

    // The heatmap cell of the first trade's entry hour and weekday, in the user's time zone.
    const first = TRADES[0];
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(new Date(first.openedAt));
    const weekday =
      ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.find((p) => p.type === 'weekday')!.value) + 1;
    const hour = Number(parts.find((p) => p.type === 'hour')!.value);
    const heatmap = page.getByTestId('heatmap');
    expect(await heatmap.textContent()).toContain(timeZone);
    const cell = heatmap.getByTestId(`heat-${weekday}-${hour}`);
    expect(await cell.getAttribute('title')).toContain(`1 trade, net ${money(pnlOf(first))}`);
    await heatmap.getByText('Trades', { exact: true }).click();
    await expect.poll(async () => (await cell.textContent())?.startsWith('1 (')).toBe(true);

    // The risk panel: every metric with a one-line explanation.
    const risk = page.getByTestId('risk-panel');
    const explanations = await risk.getByTestId('risk-explanation').allTextContents();
    expect(explanations).toHaveLength(15);
    for (const line of explanations) expect(line.length).toBeGreaterThan(20);
    expect(await risk.getByTestId('risk-varHist95').textContent()).toContain(
      'On a bad day (1 in 20) you lose at least',
    );

    expect(await findSeriousViolations(page)).toEqual([]);
    await toggleDark(page);
    expect(await findSeriousViolations(page)).toEqual([]);
    await toggleDark(page);
    await screenshot(page, 'analytics-1280');
    expect(errors).toEqual([]);
  });

  it('runs Monte Carlo in the worker: the same seed gives the same ruin probability', async () => {
    const { page, errors } = await signedInUser();
    await openAnalytics(page, '/analytics');
    const section = page.getByTestId('monte-carlo');
    await section.getByLabel('Runs').fill('5000');
    await section.getByLabel('Ruin at drawdown (%)').fill('1');
    const first = await runMonteCarlo(page, '12345');
    expect(first.ruin).toMatch(/^\d+(\.\d)?%$/);
    expect(first.seedLine).toContain('5,000 runs');
    const other = await runMonteCarlo(page, '777');
    expect(other.seedLine).toContain('Seed 777 ');
    const again = await runMonteCarlo(page, '12345');
    expect(again).toEqual(first);
    expect(await section.getByTestId('fan-chart').locator('canvas').count()).toBeGreaterThan(0);
    expect(await findSeriousViolations(page)).toEqual([]);
    await screenshot(page, 'analytics-monte-carlo-1280');
    expect(errors).toEqual([]);
  });

  it('fits a phone without horizontal scrolling', async () => {
    const { page, errors } = await signedInUser(PHONE);
    await openAnalytics(page, '/analytics');
    await runMonteCarlo(page, '42');
    expect(await hasNoHorizontalScroll(page)).toBe(true);
    await screenshot(page, 'analytics-390');
    expect(errors).toEqual([]);
  });

  it('points a user with no trades to the import and the demo', async () => {
    const { page } = await signedInUser(DESKTOP, false);
    await page.goto('/analytics');
    await page.getByText('No closed trades yet').waitFor();
    expect(await page.getByRole('link', { name: 'See the demo' }).getAttribute('href')).toBe(
      '/demo-advanced-analytics',
    );
  });
});

describe('/demo-advanced-analytics', () => {
  it('shows the analytics of the sample data set to a user with no trades', async () => {
    const { page, errors } = await signedInUser(DESKTOP, false);
    await openAnalytics(page, '/demo-advanced-analytics');
    expect(await page.getByTestId('demo-banner').textContent()).toContain(
      'Sample data — import your own trades to see your edge',
    );
    expect(Number(await page.getByTestId('kpi-count').textContent())).toBeGreaterThan(100);
    expect(await page.getByTestId('breakdown-row').count()).toBeGreaterThan(3);
    expect(await page.getByTestId('risk-panel').getByTestId('risk-explanation').count()).toBe(15);
    expect(await page.getByRole('search', { name: 'Filter analytics' }).count()).toBe(0);
    const ruin = await runMonteCarlo(page, '2024');
    expect(ruin.ruin).toMatch(/%$/);
    expect(await findSeriousViolations(page)).toEqual([]);
    await screenshot(page, 'demo-1280');
    expect(errors).toEqual([]);
  });

  it('fits a phone without horizontal scrolling', async () => {
    const { page } = await signedInUser(PHONE, false);
    await openAnalytics(page, '/demo-advanced-analytics');
    expect(await hasNoHorizontalScroll(page)).toBe(true);
    await screenshot(page, 'demo-390');
  });
});
