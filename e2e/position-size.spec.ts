import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { control, uniqueEmail } from './helpers/control';
import { baseUrl, DESKTOP, launchBrowser, openPage, PHONE } from './helpers/pages';

/** The position sizing calculator: the /position-size page and the panel in the manual trade form. */

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

/** A new user signed in, with one account whose starting balance is 25,000 USD. */
async function signedIn(viewport = DESKTOP): Promise<{ page: Page; errors: string[] }> {
  const { page, context, errors } = await openPage(browser, viewport);
  contexts.push(context);
  const email = uniqueEmail('sizing');
  await control.createUser({ email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
  const login = await page.request.post('/api/auth/login', {
    headers: originHeader(),
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const account = await page.request.post('/api/accounts', {
    headers: originHeader(),
    data: { name: 'Main', startingBalance: '25000' },
  });
  expect(account.status(), await account.text()).toBe(201);
  return { page, errors };
}

const result = (page: Page) => page.getByTestId('sizing-result');
const text = (page: Page, testId: string) => result(page).getByTestId(testId).first().textContent();

async function openCalculator(page: Page) {
  await page.goto('/position-size');
  await page.locator('main h1').waitFor();
  // The account size arrives with GET /api/accounts.
  await expect.poll(() => page.getByLabel('Account size (USD)').inputValue()).toBe('25000');
}

describe('/position-size', () => {
  it('sizes a stock trade from the account balance with exact figures and no serious axe violations', async () => {
    const { page, errors } = await signedIn();
    await openCalculator(page);
    expect(await page.locator('main h1').textContent()).toBe('Position Size');
    expect(await page.getByRole('link', { name: 'Position Size' }).first().getAttribute('aria-current')).toBe('page');
    await page.getByLabel('Entry price').fill('50');
    await page.getByLabel('Stop price').fill('48');
    await page.getByLabel('Target (optional)').fill('56');
    await expect.poll(() => text(page, 'sizing-size')).toBe('125 shares');
    expect(await text(page, 'sizing-risk')).toBe('$250.00');
    expect(await text(page, 'sizing-reward-risk')).toBe('3.00 : 1');
    expect(await text(page, 'sizing-notional')).toBe('$6,250.00');
    expect(await findSeriousViolations(page)).toEqual([]);

    // A stop at the entry is explained next to the stop.
    await page.getByLabel('Stop price').fill('50');
    await expect.poll(() => page.getByLabel('Stop price').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('The stop equals the entry').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('sizes futures from the point value table and keeps the risk when switching to money', async () => {
    const { page } = await signedIn();
    await openCalculator(page);
    await page.getByLabel('Account size (USD)').fill('100000');
    await page.getByLabel('Asset type').selectOption('future');
    await page.getByLabel('Futures symbol').fill('ES');
    expect(await page.getByText('E-mini S&P 500 (ES)').textContent()).toContain('$50.00 per point');
    await page.getByLabel('Entry price').fill('5000');
    await page.getByLabel('Stop price').fill('4987.5');
    await expect.poll(() => text(page, 'sizing-size')).toBe('1 contract');
    expect(await text(page, 'sizing-risk')).toBe('$625.00');
    expect(await text(page, 'sizing-notional')).toBe('$250,000.00');

    await page.getByLabel('Futures symbol').fill('MES');
    await expect.poll(() => text(page, 'sizing-size')).toBe('16 contracts');
    expect(await text(page, 'sizing-risk')).toBe('$1,000.00');

    await page.getByRole('button', { name: 'Amount in USD' }).click();
    expect(await page.getByLabel('Risk (USD)').inputValue()).toBe('1000');
    await page.getByLabel('Risk (USD)').fill('100');
    await page.getByLabel('Futures symbol').fill('ES');
    await expect
      .poll(() => page.getByTestId('sizing-problems').textContent())
      .toContain('1 contract risks 625.00 USD with this stop');
  });

  it('fills the quantity of the manual trade form from the panel', async () => {
    const { page, errors } = await signedIn();
    await page.goto('/trades');
    await page.locator('main h1').waitFor();
    await page.getByRole('button', { name: 'Add trade' }).first().click();
    const dialog = page.getByTestId('manual-trade-dialog');
    await dialog.getByLabel('Account', { exact: true }).waitFor(); // the accounts have loaded
    await dialog.getByLabel('Symbol').fill('AAPL');
    await dialog.getByLabel('Entry price').fill('50');
    await dialog.getByLabel('Stop (optional)').fill('48');
    await dialog.getByLabel('Target (optional)').fill('54');
    const toggle = dialog.getByRole('button', { name: /Position size/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const panel = dialog.getByTestId('position-size-panel');
    expect(await panel.getByLabel('Account size (USD)').inputValue()).toBe('25000');
    await expect.poll(() => panel.getByTestId('sizing-size').textContent()).toBe('125 shares');
    expect(await panel.getByTestId('sizing-reward-risk').textContent()).toBe('2.00 : 1');
    await panel.getByRole('button', { name: 'Use this size' }).click();
    expect(await dialog.getByLabel('Quantity').inputValue()).toBe('125');
    expect(await findSeriousViolations(page)).toEqual([]);

    // The form's direction is checked against the stop.
    await dialog.getByLabel('Direction').selectOption('short');
    await expect.poll(() => panel.textContent()).toContain('For a short, the stop must be above the entry.');
    expect(errors).toEqual([]);
  });

  it('fits a phone without horizontal scrolling', async () => {
    const { page, errors } = await signedIn(PHONE);
    await openCalculator(page);
    await page.getByLabel('Asset type').selectOption('forex');
    await page.getByLabel('Entry price').fill('1.1');
    await page.getByLabel('Stop price').fill('1.095');
    await expect.poll(() => text(page, 'sizing-size')).toBe('50,000 EUR');
    expect(await text(page, 'sizing-lots')).toBe('0.5 standard · 5 mini · 50 micro lots');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    expect(await findSeriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
