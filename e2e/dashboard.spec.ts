import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { control, uniqueEmail } from './helpers/control';
import { baseUrl, DESKTOP, launchBrowser, openPage, PHONE } from './helpers/pages';

/**
 * /dashboard against the real server: headline numbers worked out here from the trades the test
 * enters, the equity chart and its table, the P&L calendar, a day's trades and journal, the empty
 * state's three ways in, axe, and a phone width without sideways scrolling.
 * SCREENSHOT_DIR=/some/dir also saves screenshots (1280 and 390 px, light and dark).
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
const SHOTS = process.env.SCREENSHOT_DIR;

type TradeSpec = {
  symbol: string;
  direction: 'long' | 'short';
  quantity: number;
  entryPrice: number;
  exitPrice: number;
  stopPrice?: number;
  day: string;
};

/** Four closed trades in January 2025 (UTC, the new user's zone); two close on the 6th. */
const TRADES: TradeSpec[] = [
  { symbol: 'AAPL', direction: 'long', quantity: 100, entryPrice: 10, exitPrice: 12, stopPrice: 9, day: '2025-01-02' },
  {
    symbol: 'MSFT',
    direction: 'short',
    quantity: 10,
    entryPrice: 300,
    exitPrice: 310,
    stopPrice: 320,
    day: '2025-01-03',
  },
  { symbol: 'TSLA', direction: 'long', quantity: 3, entryPrice: 100, exitPrice: 110.25, day: '2025-01-06' },
  { symbol: 'NVDA', direction: 'long', quantity: 10, entryPrice: 50, exitPrice: 49, day: '2025-01-06' },
];

/** The headline numbers worked out from the trade specs alone (cents are exact in these data). */
function expectedHeadline(specs: TradeSpec[]) {
  const sign = (s: TradeSpec) => (s.direction === 'long' ? 1 : -1);
  const pnl = specs.map((s) => (s.exitPrice - s.entryPrice) * s.quantity * sign(s));
  const rs = specs.flatMap((s, i) =>
    s.stopPrice === undefined ? [] : [pnl[i]! / (Math.abs(s.entryPrice - s.stopPrice) * s.quantity)],
  );
  const wins = pnl.filter((p) => p > 0);
  const losses = pnl.filter((p) => p < 0);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  let equity = 0;
  let peak = 0;
  let maxDrawdown = 0;
  for (const p of pnl) {
    equity += p;
    peak = Math.max(peak, equity);
    maxDrawdown = Math.max(maxDrawdown, peak - equity);
  }
  const byDay = new Map<string, number>();
  specs.forEach((s, i) => byDay.set(s.day, (byDay.get(s.day) ?? 0) + pnl[i]!));
  return {
    net: sum(pnl),
    winRate: wins.length / pnl.length,
    profitFactor: sum(wins) / -sum(losses),
    expectancy: sum(pnl) / pnl.length,
    expectancyR: sum(rs) / rs.length,
    avgWin: sum(wins) / wins.length,
    avgLoss: sum(losses) / losses.length,
    maxDrawdown,
    byDay,
  };
}

const usd = (value: number) => {
  const cents = Math.round(value * 100);
  const abs = (Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${cents > 0 ? '+' : cents < 0 ? '-' : ''}$${abs}`;
};

async function signedInUser(viewport = DESKTOP, label = 'dash'): Promise<{ page: Page; errors: string[] }> {
  const { page, context, errors } = await openPage(browser, viewport);
  contexts.push(context);
  const email = uniqueEmail(label);
  await control.createUser({ email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
  const login = await page.request.post('/api/auth/login', {
    headers: originHeader(),
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  return { page, errors };
}

async function seededUser(viewport = DESKTOP): Promise<{ page: Page; errors: string[] }> {
  const user = await signedInUser(viewport);
  const account = await user.page.request.post('/api/accounts', {
    headers: originHeader(),
    data: { name: 'Main', startingBalance: '10000' },
  });
  expect(account.status()).toBe(201);
  const { id: accountId } = (await account.json()) as { id: string };
  for (const [i, { day, ...t }] of TRADES.entries()) {
    const res = await user.page.request.post('/api/trades', {
      headers: originHeader(),
      data: {
        accountId,
        symbol: t.symbol,
        direction: t.direction,
        quantity: String(t.quantity),
        entryPrice: String(t.entryPrice),
        exitPrice: String(t.exitPrice),
        ...(t.stopPrice === undefined ? {} : { stopPrice: String(t.stopPrice) }),
        entryAt: `${day}T14:${10 + i}:00Z`,
        exitAt: `${day}T15:${10 + i}:00Z`,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return user;
}

/**
 * The serious violations inside one element. With a modal open the page behind sits under the
 * dimming overlay, where axe measures contrast against the dimmed colours; the page itself is
 * checked with the dialog closed.
 */
async function violationsWithin(page: Page, selector: string) {
  const all = await findSeriousViolations(page);
  const inside = await page.evaluate(
    ({ targets, selector: root }) =>
      targets.map((list) => list.filter((t) => document.querySelector(t)?.closest(root) !== null).length > 0),
    { targets: all.map((v) => v.nodes.map((n) => n.target[0] ?? '')), selector },
  );
  return all.filter((_, i) => inside[i]);
}

const stat = (page: Page, id: string) => page.getByTestId(`stat-${id}-value`).innerText();

async function openDashboard(page: Page, path = '/dashboard') {
  await page.goto(path);
  await page.getByTestId('stat-net-pnl-value').waitFor();
  await page.locator('[data-testid="equity-chart"] canvas').first().waitFor();
  await page.getByTestId('calendar-total').filter({ hasNotText: 'Loading' }).waitFor();
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(SHOTS, `${name}-dark.png`), fullPage: true });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

describe('/dashboard', () => {
  it('shows the headline numbers, the equity chart with its table and the calendar totals', async () => {
    const { page, errors } = await seededUser();
    const want = expectedHeadline(TRADES);
    await openDashboard(page);
    expect(await page.locator('main h1').textContent()).toBe('Dashboard');

    expect(await stat(page, 'net-pnl')).toBe(usd(want.net));
    expect(await stat(page, 'win-rate')).toBe(`${(want.winRate * 100).toFixed(1)}%`);
    expect(await stat(page, 'profit-factor')).toBe(want.profitFactor.toFixed(2));
    expect(await stat(page, 'expectancy')).toBe(usd(want.expectancy));
    expect(await page.getByTestId('stat-expectancy').innerText()).toContain(
      `+${want.expectancyR.toFixed(2)}R per trade`,
    );
    expect(await stat(page, 'avg-win-loss')).toBe(usd(want.avgWin));
    expect(await page.getByTestId('stat-avg-win-loss').innerText()).toContain(`${usd(want.avgLoss)} avg loss`);
    expect(await stat(page, 'max-drawdown')).toBe(usd(-want.maxDrawdown));

    // The chart draws on canvases and says in words what it shows; its table has every trading day.
    expect(await page.locator('[data-testid="equity-figure"] canvas').count()).toBeGreaterThanOrEqual(2);
    const figureImage = page.getByTestId('equity-figure').getByRole('img');
    expect(await figureImage.getAttribute('aria-label')).toContain(`ends at ${usd(want.net)}`);
    await page.getByText('Show data table').click();
    const tableRows = page.getByTestId('equity-figure').locator('tbody tr');
    await tableRows.first().waitFor();
    expect(await tableRows.count()).toBe(want.byDay.size);
    expect(await tableRows.first().locator('td').nth(3).innerText()).toBe(usd(want.net));

    // The calendar opens on the month of the last trade, with each day's and week's totals.
    expect(await page.getByTestId('calendar-month').innerText()).toBe('January 2025');
    for (const [day, total] of want.byDay) {
      const cell = page.getByTestId(`calendar-day-${day}`);
      expect(await cell.getByTestId('day-pnl').innerText()).toBe(usd(total));
    }
    expect(await page.getByTestId('calendar-day-2025-01-06').getByTestId('day-trades').innerText()).toBe('2 trades');
    expect(await page.getByTestId('calendar-week-2024-12-30').innerText()).toContain(usd(200 - 100));
    expect(await page.getByTestId('calendar-week-2025-01-06').innerText()).toContain(usd(30.75 - 10));
    expect(await page.getByTestId('calendar-total').innerText()).toContain(usd(want.net));

    // Recent trades, newest first, link to the trade.
    const recent = page.getByTestId('recent-trades').getByRole('link', { name: /NVDA/ });
    expect(await recent.getAttribute('href')).toMatch(/^\/trades\?trade=/);

    expect(await findSeriousViolations(page)).toEqual([]);
    await shoot(page, 'dashboard-1280');
    expect(errors).toEqual([]);
  });

  it('opens a day with its trades, saves the journal and marks the day', async () => {
    const { page, errors } = await seededUser();
    await openDashboard(page);
    const day = page.getByTestId('calendar-day-2025-01-06');
    expect(await day.getByTestId('note-mark').count()).toBe(0);
    await day.click();
    const dialog = page.getByTestId('day-dialog');
    await dialog.getByTestId('day-trades-list').waitFor();
    expect(await dialog.getByRole('heading', { level: 2 }).innerText()).toBe('Monday, January 6, 2025');
    expect(await dialog.getByTestId('day-trades-list').locator('li').allInnerTexts()).toEqual([
      expect.stringContaining('TSLA'),
      expect.stringContaining('NVDA'),
    ]);
    await dialog.getByLabel('Plan before the session').fill('Trade the opening range only.');
    await dialog.getByText('Good', { exact: true }).click(); // the pill is the radio's label
    expect(await dialog.getByRole('radio', { name: 'Good' }).isChecked()).toBe(true);
    expect(await violationsWithin(page, '[data-testid="day-dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Save journal' }).click();
    await page.getByText('Journal saved').first().waitFor();
    await page.keyboard.press('Escape');
    await day.getByTestId('note-mark').waitFor();
    expect(await day.textContent()).toContain('journal note');

    // Saved on the server: the day reopens with the plan and the mood.
    await page.reload();
    await page.getByTestId('calendar-day-2025-01-06').getByTestId('note-mark').waitFor();
    await page.getByTestId('calendar-day-2025-01-06').click();
    const plan = page.getByTestId('day-dialog').getByLabel('Plan before the session');
    await plan.waitFor();
    expect(await plan.inputValue()).toBe('Trade the opening range only.');
    expect(await page.getByTestId('day-dialog').getByRole('radio', { name: 'Good' }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');

    // Keyboard: arrows move between days, Enter opens one.
    await page.getByTestId('calendar-day-2025-01-06').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'calendar-day-2025-01-07',
    );
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'calendar-day-2024-12-31',
    );
    expect(await page.getByTestId('calendar-month').innerText()).toBe('December 2024');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('day-dialog').getByRole('heading', { level: 2 }).innerText()).toBe(
      'Tuesday, December 31, 2024',
    );
    expect(errors).toEqual([]);
  });

  it('is readable at phone width without sideways scrolling, also at /', async () => {
    const { page, errors } = await seededUser(PHONE);
    await openDashboard(page, '/');
    expect(await page.locator('main h1').textContent()).toBe('Dashboard');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.getByTestId('calendar-day-2025-01-02').getByTestId('day-pnl').innerText()).toBe('+200');
    expect(await findSeriousViolations(page)).toEqual([]);
    await shoot(page, 'dashboard-390');
    expect(errors).toEqual([]);
  });

  it('offers import, a manual trade and sample data to a new user', async () => {
    const { page, errors } = await signedInUser(DESKTOP, 'dash-empty');
    await page.goto('/dashboard');
    const empty = page.getByTestId('dashboard-empty');
    await empty.waitFor();
    expect(await empty.getByRole('link', { name: 'Import trades' }).getAttribute('href')).toBe('/import');
    expect(await findSeriousViolations(page)).toEqual([]);
    await shoot(page, 'dashboard-empty-1280');

    await empty.getByRole('button', { name: 'Add a manual trade' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await page.getByRole('dialog').getByLabel('Symbol').count()).toBe(1);
    await page.keyboard.press('Escape');

    await empty.getByRole('button', { name: 'Load sample data' }).click();
    await page.getByTestId('stat-net-pnl-value').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('dashboard-empty').count()).toBe(0);
    expect(await page.getByTestId('stat-net-pnl').innerText()).toMatch(/closed trades/);
    await page.locator('[data-testid="equity-chart"] canvas').first().waitFor();
    await shoot(page, 'dashboard-sample-1280');
    expect(errors).toEqual([]);
  });
});
