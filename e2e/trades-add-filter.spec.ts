import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { control, uniqueEmail } from './helpers/control';
import { baseUrl, DESKTOP, launchBrowser, openPage, PHONE } from './helpers/pages';

/** /trades: any parameter of the query model through "Add filter", its chip, and the URL (issue 32). */

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

/** A new user signed in with three closed trades: Thursday, Friday and Monday (UTC, the user's zone). */
async function seededUser(viewport: typeof DESKTOP): Promise<Page> {
  const { page, context } = await openPage(browser, viewport);
  contexts.push(context);
  const email = uniqueEmail('addfilter');
  await control.createUser({ email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
  const login = await page.request.post('/api/auth/login', {
    headers: originHeader(),
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const account = await page.request.post('/api/accounts', { headers: originHeader(), data: { name: 'Main' } });
  const { id: accountId } = (await account.json()) as { id: string };
  for (const [symbol, day] of [
    ['AAPL', '02'],
    ['MSFT', '03'],
    ['TSLA', '06'],
  ] as const) {
    const res = await page.request.post('/api/trades', {
      headers: originHeader(),
      data: {
        accountId,
        symbol,
        direction: 'long',
        quantity: '10',
        entryPrice: '100',
        exitPrice: '101',
        entryAt: `2025-01-${day}T14:30:00Z`,
        exitAt: `2025-01-${day}T15:30:00Z`,
      },
    });
    expect(res.status()).toBe(201);
  }
  return page;
}

const rows = (page: Page) => page.getByTestId('trade-row');
/** Which of the seeded symbols the list shows (the table's cell, or the phone's card). */
async function symbols(page: Page): Promise<string[]> {
  const texts = await rows(page).allTextContents();
  return ['AAPL', 'MSFT', 'TSLA'].filter((symbol) => texts.some((text) => text.includes(symbol)));
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('/trades "Add filter" (%s)', (name, viewport) => {
  it('adds a weekday filter from the searchable picker, shows it as a chip that removes it, and keeps it in the URL', async () => {
    const page = await seededUser(viewport);
    await page.goto('/trades');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: 'Add filter' }).click();
    const picker = page.getByTestId('add-filter');
    await picker.getByLabel('Search filters').fill('weekday');
    expect(await picker.getByRole('region').count()).toBe(1); // one group left: Dates
    await picker.getByRole('button', { name: 'Weekdays' }).click();
    await page.screenshot({ path: `/tmp/shots-i32f/add-filter-${name}-control.png` });
    // 2025-01-02 was a Thursday (ISO 4).
    const input = page.getByLabel('Weekdays', { exact: true });
    await input.fill('4');
    await input.press('Enter');
    await expect.poll(() => symbols(page)).toEqual(['AAPL']);
    expect(new URL(page.url()).searchParams.get('weekdays')).toBe('4');
    if (name === 'phone') await page.getByRole('button', { name: 'Done' }).click();
    const chips = page.getByRole('list', { name: 'Active filters' });
    await chips.getByText('Weekdays: Thursday').waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/shots-i32f/add-filter-${name}-chip.png`, fullPage: true });
    await page.reload();
    await expect.poll(() => symbols(page)).toEqual(['AAPL']);
    await page.getByRole('button', { name: 'Remove filter Weekdays: Thursday' }).click();
    await expect.poll(() => symbols(page)).toEqual(['AAPL', 'MSFT', 'TSLA']);
  });
});
