import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { control, uniqueEmail } from './helpers/control';
import { baseUrl, DESKTOP, launchBrowser, openPage, PHONE } from './helpers/pages';

/** The /trades page against the real server: table, sort, filters, manual trade, edit modal, bulk delete. */

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

type Seeded = { page: Page; errors: string[]; accountId: string };

/** A new user signed in, with one account and three closed trades entered through the API. */
async function seededUser(viewport = DESKTOP): Promise<Seeded> {
  const { page, context, errors } = await openPage(browser, viewport);
  contexts.push(context);
  const email = uniqueEmail('trades');
  await control.createUser({ email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
  const login = await page.request.post('/api/auth/login', {
    headers: originHeader(),
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const account = await page.request.post('/api/accounts', { headers: originHeader(), data: { name: 'Main' } });
  expect(account.status()).toBe(201);
  const { id: accountId } = (await account.json()) as { id: string };
  const trades = [
    { symbol: 'AAPL', direction: 'long', quantity: '100', entryPrice: '10', exitPrice: '12', day: '02' },
    { symbol: 'MSFT', direction: 'short', quantity: '10', entryPrice: '300', exitPrice: '310', day: '03' },
    { symbol: 'TSLA', direction: 'long', quantity: '3', entryPrice: '100', exitPrice: '110.25', day: '06' },
  ];
  for (const { day, ...t } of trades) {
    const res = await page.request.post('/api/trades', {
      headers: originHeader(),
      data: { accountId, ...t, entryAt: `2025-01-${day}T14:30:00Z`, exitAt: `2025-01-${day}T15:30:00Z` },
    });
    expect(res.status()).toBe(201);
  }
  return { page, errors, accountId };
}

const rows = (page: Page) => page.getByTestId('trade-row');
const row = (page: Page, symbol: string) => rows(page).filter({ hasText: symbol });
const symbolsInOrder = async (page: Page) =>
  (await rows(page).locator('[role="cell"]:nth-child(2)').allTextContents()).map((s) => s.replace('Open', '').trim());
const netPnl = (page: Page, symbol: string) => row(page, symbol).locator('[data-column="netPnl"]').textContent();

async function openTrades(page: Page, path = '/trades') {
  await page.goto(path);
  await page.locator('main h1').waitFor();
  await rows(page).first().waitFor();
}

describe('/trades', () => {
  it('shows the trades with exact P&L, newest first, and no serious axe violations', async () => {
    const { page, errors } = await seededUser();
    await openTrades(page);
    expect(await page.locator('main h1').textContent()).toBe('Trades');
    expect(await symbolsInOrder(page)).toEqual(['TSLA', 'MSFT', 'AAPL']);
    expect(await netPnl(page, 'AAPL')).toBe('+$200.00');
    expect(await netPnl(page, 'MSFT')).toBe('-$100.00');
    expect(await netPnl(page, 'TSLA')).toBe('+$30.75');
    expect(await row(page, 'AAPL').locator('[data-column="rMultiple"]').textContent()).toBe('—');
    expect(await findSeriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('sorts by net P&L from the column header', async () => {
    const { page } = await seededUser();
    await openTrades(page);
    const header = page.getByRole('columnheader', { name: 'Net P&L' });
    await header.getByRole('button').click();
    await expect.poll(() => symbolsInOrder(page)).toEqual(['AAPL', 'TSLA', 'MSFT']);
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    await header.getByRole('button').click();
    await expect.poll(() => symbolsInOrder(page)).toEqual(['MSFT', 'TSLA', 'AAPL']);
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('netPnl');
  });

  it('searches symbols as you type, by prefix in any case, and keeps the search in the URL', async () => {
    const { page } = await seededUser();
    await openTrades(page);
    const search = page.getByRole('search').getByLabel('Symbol search');
    await search.pressSequentially('ms'); // no Enter: the list follows the typing
    await expect.poll(() => symbolsInOrder(page)).toEqual(['MSFT']);
    expect(new URL(page.url()).searchParams.get('search')).toBe('ms');
    await page.reload();
    await rows(page).first().waitFor();
    expect(await symbolsInOrder(page)).toEqual(['MSFT']);
    expect(await page.getByRole('search').getByLabel('Symbol search').inputValue()).toBe('ms');
  });

  it('opens a link to one symbol with that filter shown', async () => {
    const { page } = await seededUser();
    await openTrades(page, '/trades?symbol=TSLA');
    await expect.poll(() => symbolsInOrder(page)).toEqual(['TSLA']);
    expect(await page.getByRole('search').getByLabel('Symbols', { exact: true }).inputValue()).toBe('TSLA');
  });

  it('adds a manual trade through the dialog', async () => {
    const { page } = await seededUser();
    await openTrades(page);
    await page.getByRole('button', { name: 'Add trade' }).first().click();
    const dialog = page.getByTestId('manual-trade-dialog');
    await dialog.getByLabel('Symbol').fill('nvda');
    await dialog.getByLabel('Quantity').fill('2');
    await dialog.getByLabel('Entry price').fill('100');
    await dialog.getByLabel('Entry time').fill('2025-01-07T10:00:00');
    await dialog.getByLabel('Exit price (optional)').fill('105');
    await dialog.getByLabel('Exit time (optional)').fill('2025-01-07T11:00:00');
    await dialog.getByRole('button', { name: 'Add trade' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'NVDA').waitFor();
    expect(await netPnl(page, 'NVDA')).toBe('+$10.00');
  });

  it('adds a scaled trade fill by fill through the execution grid', async () => {
    const { page } = await seededUser();
    await openTrades(page);
    await page.getByRole('button', { name: 'Add trade' }).first().click();
    const dialog = page.getByTestId('manual-trade-dialog');
    await dialog.getByRole('button', { name: 'Execution grid' }).click();
    await dialog.getByLabel('Symbol').fill('amd');
    // Buy 10 at 100, add 10 at 98, sell all 20 at 103, 1.00 commission each: 20 × 103 − (1000 + 980) − 3 = 77.
    const fills = [
      ['buy', '10', '100', '2025-01-08T10:00:00'],
      ['buy', '10', '98', '2025-01-08T10:05:00'],
      ['sell', '20', '103', '2025-01-08T10:30:00'],
    ];
    await dialog.getByRole('button', { name: 'Add fill', exact: true }).click();
    for (const [index, [side, quantity, price, at]] of fills.entries()) {
      const n = index + 1;
      await dialog.getByLabel(`Side, fill ${n}`).selectOption(side!);
      await dialog.getByLabel(`Quantity, fill ${n}`).fill(quantity!);
      await dialog.getByLabel(`Price, fill ${n}`).fill(price!);
      await dialog.getByLabel(`Time, fill ${n}`).fill(at!);
      await dialog.getByLabel(`Commission, fill ${n}`).fill('1');
    }
    expect(await findSeriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add fills' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'AMD').waitFor();
    expect(await netPnl(page, 'AMD')).toBe('+$77.00');
  });

  it('marks the grid cell the server refused', async () => {
    const { page } = await seededUser();
    await openTrades(page);
    await page.getByRole('button', { name: 'Add trade' }).first().click();
    const dialog = page.getByTestId('manual-trade-dialog');
    await dialog.getByRole('button', { name: 'Execution grid' }).click();
    await dialog.getByLabel('Symbol').fill('AMD');
    for (const n of [1, 2]) {
      await dialog.getByLabel(`Quantity, fill ${n}`).fill('1');
      await dialog.getByLabel(`Time, fill ${n}`).fill('2025-01-08T10:00:00');
    }
    await dialog.getByLabel('Price, fill 1').fill('100');
    await dialog.getByLabel('Price, fill 2').fill('abc');
    await dialog.getByRole('button', { name: 'Add fills' }).click();
    await dialog.locator('[aria-invalid="true"]').first().waitFor();
    expect(await dialog.getByLabel('Price, fill 2').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel('Price, fill 1').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the server field errors in the manual trade dialog', async () => {
    const { page } = await seededUser();
    await openTrades(page);
    await page.getByRole('button', { name: 'Add trade' }).first().click();
    const dialog = page.getByTestId('manual-trade-dialog');
    await dialog.getByLabel('Symbol').fill('NVDA');
    await dialog.getByLabel('Quantity').fill('abc');
    await dialog.getByRole('button', { name: 'Add trade' }).click();
    await dialog.locator('[aria-invalid="true"]').first().waitFor();
    expect(await dialog.getByLabel('Quantity').getAttribute('aria-invalid')).toBe('true');
  });

  it('edits notes, rating and tags in the trade modal, and they persist after a reload', async () => {
    const { page } = await seededUser();
    await openTrades(page);
    await row(page, 'AAPL').getByRole('button', { name: 'AAPL' }).click();
    const dialog = page.getByTestId('trade-dialog');
    await dialog.getByLabel('Notes').waitFor();
    expect(new URL(page.url()).searchParams.get('trade')).toMatch(/^[0-9a-f-]{36}$/);
    await dialog.getByLabel('Notes').fill('Clean **breakout** <script>alert(1)</script>');
    await dialog.getByText('4', { exact: true }).click();
    await dialog.getByLabel('New tag').fill('breakout');
    await dialog.getByRole('button', { name: 'Add tag' }).click();
    await dialog.getByRole('button', { name: 'breakout', pressed: true }).waitFor();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    expect(await dialog.getByTestId('notes-preview').innerHTML()).toContain('<strong>breakout</strong> &lt;script&gt;');
    expect(await findSeriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Trade saved' }).waitFor();

    await page.reload();
    const reopened = page.getByTestId('trade-dialog');
    await reopened.getByLabel('Notes').waitFor();
    expect(await reopened.getByLabel('Notes').inputValue()).toBe('Clean **breakout** <script>alert(1)</script>');
    expect(await reopened.getByRole('radio', { name: '4 of 5' }).isChecked()).toBe(true);
    expect(await reopened.getByRole('button', { name: 'breakout', pressed: true }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await reopened.waitFor({ state: 'detached' });
    expect(await row(page, 'AAPL').locator('[data-column="tags"]').textContent()).toBe('breakout');
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('keeps the “Trade saved” toast off the dialog’s Close buttons on %s', async (_name, viewport) => {
    const { page } = await seededUser(viewport);
    const list = (await (await page.request.get('/api/trades')).json()) as { trades: { id: string }[] };
    await openTrades(page, `/trades?trade=${list.trades[0]!.id}`);
    const dialog = page.getByTestId('trade-dialog');
    await dialog.getByLabel('Notes').fill('Held to target');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Trade saved' });
    await toast.waitFor();
    // Measured once, at once: the toast is fixed to the viewport (scrolling the dialog does not move
    // it) and leaves after its duration, which a slow machine's scrolling could outlast.
    const toastBox = (await toast.boundingBox())!;
    const closes = await dialog.getByRole('button', { name: 'Close', exact: true }).all();
    expect(closes).toHaveLength(2); // the corner's X and the footer's Close
    for (const close of closes) {
      await close.scrollIntoViewIfNeeded(); // the dialog scrolls: each in view, as a trader reaching for it sees it
      const box = (await close.boundingBox())!;
      const overlaps =
        box.x < toastBox.x + toastBox.width &&
        toastBox.x < box.x + box.width &&
        box.y < toastBox.y + toastBox.height &&
        toastBox.y < box.y + box.height;
      expect(overlaps, JSON.stringify({ box, toastBox })).toBe(false);
    }
    await closes[1]!.click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('deletes selected trades after a confirmation', async () => {
    const { page } = await seededUser();
    await openTrades(page);
    await page.getByLabel('Select MSFT trade').check();
    await page.getByLabel('Select TSLA trade').check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    expect(await bar.getByTestId('selection-count').textContent()).toBe('2 selected');
    await bar.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByTestId('confirm-delete-dialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => symbolsInOrder(page)).toEqual(['AAPL']);
    const res = await page.request.get('/api/trades');
    expect(((await res.json()) as { trades: unknown[] }).trades).toHaveLength(1);
  });

  it('shows a compact list on a phone', async () => {
    const { page, errors } = await seededUser(PHONE);
    await openTrades(page);
    expect(await rows(page).count()).toBe(3);
    expect(await row(page, 'AAPL').textContent()).toContain('+$200.00');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(await findSeriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
