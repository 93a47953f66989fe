import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { DESKTOP, PHONE } from './helpers/pages';
import { sameOrigin, signInNewUser, useBrowser } from './helpers/session';

/**
 * /trades, the trade dialog and /analytics on a 390 px phone (nothing wider than the screen, the
 * list before the filters, executions and breakdowns as cards) and at 1280 px (the desktop table
 * and filter bar). SHOTS=<dir> saves a screenshot of each.
 */

const { open } = useBrowser();
const USER = { label: 'phone', password: 'Str0ng!pass', firstName: 'Ada', lastName: 'Lovelace' };
const OPTION = 'QQQ250117P00460000';
const FUTURE = 'MESH25';
/** What Safari leaves of a 390 × 844 iPhone's screen under its address and tool bars: the first screen. */
const FIRST_SCREEN_HEIGHT = 664;

/** Twelve round trips on three instruments (a stock, an option, a future) over twelve days, entered as fills. */
async function seed(page: Page): Promise<void> {
  await signInNewUser(page, USER);
  const account = await page.request.post('/api/accounts', { headers: sameOrigin(), data: { name: 'Main' } });
  expect(account.status()).toBe(201);
  const { id: accountId } = (await account.json()) as { id: string };
  const executions = Array.from({ length: 12 }, (_, i) => {
    const symbol = [OPTION, FUTURE, 'AAPL'][i % 3]!;
    const day = `2025-01-${String(i + 2).padStart(2, '0')}`;
    const entry = symbol === OPTION ? '4.10' : symbol === FUTURE ? '6012.25' : '231.07';
    const exit =
      symbol === OPTION ? (i % 2 ? '3.65' : '5.20') : symbol === FUTURE ? '6020.5' : i % 2 ? '229.5' : '233.125';
    return [
      {
        executedAt: `${day}T14:35:00Z`,
        symbol,
        side: 'buy',
        quantity: '2',
        price: entry,
        commission: '1.30',
        fees: '0.27',
      },
      {
        executedAt: `${day}T15:10:00Z`,
        symbol,
        side: 'sell',
        quantity: '2',
        price: exit,
        commission: '1.30',
        fees: '0.31',
      },
    ];
  }).flat();
  const res = await page.request.post('/api/executions', { headers: sameOrigin(), data: { accountId, executions } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Every visible element that reaches past the viewport's left or right edge, as `tag.class (left–right)`. */
async function findWiderThanViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || (style.position === 'absolute' && style.clip.startsWith('rect'))) continue;
      if (rect.left < -1 || rect.right > width + 1) {
        const name = `${element.tagName.toLowerCase()}.${String(element.getAttribute('class') ?? '')
          .split(' ')
          .slice(0, 3)
          .join('.')}`;
        found.push(`${name} (${Math.round(rect.left)}–${Math.round(rect.right)})`);
      }
    }
    return found;
  });
}

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

/** The analytics page is long: a picture of each of its first sections. */
async function shootAnalytics(page: Page, width: string): Promise<void> {
  const dir = process.env.SHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/analytics-${width}.png` });
  for (const section of ['breakdown', 'heatmap'])
    await page.getByTestId(section).screenshot({ path: `${dir}/analytics-${section}-${width}.png` });
}

const rows = (page: Page) => page.getByTestId('trade-row');

async function openTrades(page: Page, path = '/trades'): Promise<void> {
  await page.goto(path);
  await page.locator('main h1').waitFor();
  await rows(page).first().waitFor();
}

async function openAnalytics(page: Page): Promise<void> {
  await page.goto('/analytics');
  await page.locator('main h1').waitFor();
  await page.getByTestId('breakdown-row').first().waitFor();
  await page.getByTestId('heatmap-table').waitFor();
}

describe('the phone (390 px)', () => {
  it('shows the first trade on the first screen of /trades, with the filters behind a button and nothing wider than the screen', async () => {
    const { page, errors } = await open(PHONE);
    await seed(page);
    await openTrades(page);
    const first = await rows(page).first().boundingBox();
    expect(first).not.toBeNull();
    expect(first!.y + first!.height).toBeLessThanOrEqual(FIRST_SCREEN_HEIGHT);
    expect(await findWiderThanViewport(page)).toEqual([]);
    expect(await page.getByRole('search', { name: 'Filter trades' }).isVisible()).toBe(false);
    expect(await findSeriousViolations(page)).toEqual([]);
    await shoot(page, 'trades-390');

    // The filters open in a panel; what is chosen there shows as a chip above the list, with a count on the button.
    await page.getByRole('button', { name: /^Filters/ }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await panel.getByLabel('Side').selectOption('long');
    await panel.getByLabel('Outcome').selectOption('win');
    expect(await findWiderThanViewport(page)).toEqual([]);
    await shoot(page, 'trades-filters-390');
    await panel.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Filters 2 active' }).waitFor();
    const chips = page.getByRole('list', { name: 'Active filters' });
    expect(await chips.getByRole('listitem').allTextContents()).toEqual(['Side: Long', 'Outcome: Win']);
    await chips.getByRole('button', { name: 'Remove filter Side: Long' }).click();
    await page.waitForURL((url) => !url.searchParams.has('side'));
    expect(await chips.getByRole('listitem').allTextContents()).toEqual(['Outcome: Win']);
    await page.getByRole('button', { name: 'Filters 1 active' }).waitFor();
    expect(await findWiderThanViewport(page)).toEqual([]);
    await shoot(page, 'trades-chips-390');
    expect(errors).toEqual([]);
  });

  it('shows a trade’s executions as cards with every column, none cut or off-screen', async () => {
    const { page, errors } = await open(PHONE);
    await seed(page);
    await openTrades(page);
    await rows(page).filter({ hasText: 'QQQ' }).first().getByRole('button').first().click();
    const dialog = page.getByTestId('trade-dialog');
    const cards = dialog.getByTestId('execution-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(2);
    const text = await cards.first().innerText();
    for (const label of ['Time', 'Side', 'Quantity', 'Price', 'Commission', 'Fees']) expect(text).toContain(label);
    expect(text).toMatch(/Price\s+4\.10?\n/);
    expect(text).toContain('$1.30');
    expect(text).toContain('$0.27');
    await shoot(page, 'trade-dialog-390');
    expect(await findWiderThanViewport(page)).toEqual([]);
    expect(await findSeriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows /analytics breakdowns as cards, the heatmap fitted and chart labels in the short symbol form', async () => {
    const { page, errors } = await open(PHONE);
    await seed(page);
    await openAnalytics(page);
    const cards = page.getByTestId('breakdown-row');
    expect(await cards.count()).toBe(3);
    const option = cards.filter({ hasText: 'QQQ 17 Jan 25 460 P' });
    const optionText = await option.innerText();
    expect(optionText).toMatch(/Trades\s*4/);
    expect(optionText).toContain('Win rate');
    expect(optionText).toContain('Net P&L');
    expect(await cards.filter({ hasText: 'MES Mar 25' }).count()).toBe(1);
    // The chart names its bars as the cards do (its axis draws the short form, `QQQ 460P`, on the canvas).
    const chart = page.getByTestId('breakdown').getByRole('img', { name: /^Bar chart of net P&L/ });
    expect(await chart.getAttribute('aria-label')).toContain('Best: MES Mar 25 at +$');
    await shootAnalytics(page, '390');
    expect(await findWiderThanViewport(page)).toEqual([]);
    expect(await findSeriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('the desktop (1280 px)', () => {
  it('keeps the filter bar and the table on /trades, with chips for the active filters', async () => {
    const { page, errors } = await open(DESKTOP);
    await seed(page);
    await openTrades(page, '/trades?side=long');
    expect(await page.getByRole('search', { name: 'Filter trades' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Filters/ }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Net P&L' }).isVisible()).toBe(true);
    const chips = page.getByRole('list', { name: 'Active filters' });
    expect(await chips.getByRole('listitem').allTextContents()).toEqual(['Side: Long']);
    expect(await findSeriousViolations(page)).toEqual([]);
    await shoot(page, 'trades-1280');
    await chips.getByRole('button', { name: 'Remove filter Side: Long' }).click();
    await page.waitForURL((url) => !url.searchParams.has('side'));
    expect(await chips.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('keeps the executions table in the trade dialog', async () => {
    const { page, errors } = await open(DESKTOP);
    await seed(page);
    await openTrades(page);
    await rows(page).filter({ hasText: 'QQQ' }).first().getByRole('button').first().click();
    const dialog = page.getByTestId('trade-dialog');
    await dialog.getByRole('columnheader', { name: 'Commission' }).waitFor();
    expect(await dialog.getByTestId('execution-card').count()).toBe(0);
    expect(await findSeriousViolations(page)).toEqual([]);
    await shoot(page, 'trade-dialog-1280');
    expect(errors).toEqual([]);
  });

  it('keeps the breakdown table on /analytics', async () => {
    const { page, errors } = await open(DESKTOP);
    await seed(page);
    await openAnalytics(page);
    expect(await page.getByTestId('breakdown-table').isVisible()).toBe(true);
    expect(await page.getByTestId('breakdown-row').count()).toBe(3);
    expect(await findSeriousViolations(page)).toEqual([]);
    await shootAnalytics(page, '1280');
    expect(errors).toEqual([]);
  });
});
