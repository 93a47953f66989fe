import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { DESKTOP, PHONE, visit } from './helpers/pages';
import { sameOrigin, signInNewUser, useBrowser } from './helpers/session';

/**
 * Issue 42 item 2: totals across accounts in the base currency; the dashboard's note for trades no
 * rate converts, and Settings → Exchange rates, where a CSV upload converts them.
 */

const browser = useBrowser();

async function post(page: Page, path: string, data: unknown): Promise<unknown> {
  const res = await page.request.post(path, { headers: sameOrigin(), data });
  expect(res.status()).toBeLessThan(300);
  return res.json();
}

/** An EUR account with a USD trade (+103 USD) and a GBP account with a GBP trade (+25 GBP); base currency EUR. */
async function signedInWithTwoCurrencies(viewport: { width: number; height: number }) {
  const { page, errors } = await browser.open(viewport);
  await signInNewUser(page, { label: 'fx', password: 'Str0ng!pass', firstName: 'Ed', lastName: 'Thorp' });
  const patched = await page.request.fetch('/api/auth/user', {
    method: 'PATCH',
    headers: sameOrigin(),
    data: { baseCurrency: 'EUR' },
  });
  expect(patched.status()).toBe(200);
  const eur = (await post(page, '/api/accounts', { name: 'Trading 212', currency: 'EUR' })) as { id: string };
  const gbp = (await post(page, '/api/accounts', { name: 'Hargreaves', currency: 'GBP' })) as { id: string };
  const usd = { symbol: 'AAPL', quantity: '10', commission: '1', currency: 'USD' };
  await post(page, '/api/executions', {
    accountId: eur.id,
    executions: [
      { ...usd, side: 'buy', price: '100', executedAt: '2025-03-03T15:00:00Z' },
      { ...usd, side: 'sell', price: '110.50', executedAt: '2025-03-05T15:00:00Z' },
    ],
  });
  const pounds = { symbol: 'VOD', quantity: '100', currency: 'GBP' };
  await post(page, '/api/executions', {
    accountId: gbp.id,
    executions: [
      { ...pounds, side: 'buy', price: '70', executedAt: '2025-03-04T10:00:00Z' },
      { ...pounds, side: 'sell', price: '70.25', executedAt: '2025-03-05T10:00:00Z' },
    ],
  });
  return { page, errors };
}

async function hasNoSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

// USD→EUR 0.95 and 0.925 (the trade: 70.25 EUR net), EUR→GBP 0.8 (25 GBP = 31.25 EUR): 101.50 EUR.
const RATES = 'date,from,to,rate\n2025-03-03,USD,EUR,0.95\n2025-03-05,USD,EUR,0.925\n2025-03-05,EUR,GBP,0.8\n';

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('exchange rates (%s)', (name, viewport) => {
  it('notes the trades no rate converts, and converts them once rates are uploaded in Settings', async () => {
    const { page, errors } = await signedInWithTwoCurrencies(viewport);
    await visit(page, '/dashboard');
    const note = page.getByTestId('unconverted-note');
    await note.waitFor();
    const text = await note.textContent();
    expect(text).toContain('1 trade in GBP could not be converted: add a GBP→EUR rate in Settings → Exchange rates.');
    expect(text).toContain('1 trade in USD could not be converted: add a USD→EUR rate in Settings → Exchange rates.');
    expect(text).toContain('+£25.00');
    expect(text).toContain('+$103.00');
    expect(await hasNoSidewaysScroll(page)).toBe(true);
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/unconverted-note-${name}.png`, fullPage: true });

    await note.getByRole('link', { name: 'Add exchange rates' }).click();
    const card = page.getByTestId('exchange-rates');
    await card.getByRole('heading', { name: 'Exchange rates' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#exchange-rates');
    await card.getByText('No rates yet.').waitFor();
    await card.getByLabel(/Upload a CSV/).setInputFiles({
      name: 'rates.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${RATES}2025-03-06,USD,EUR,oops\n`),
    });
    await card.getByRole('row', { name: /2025-03-05 EUR→GBP 0\.8/ }).waitFor();
    expect(await card.getByRole('row').count()).toBe(4); // the header and three rates
    expect(await card.getByRole('list', { name: 'Rows left out' }).textContent()).toContain(
      'Row 5, rate: not a positive number (oops)',
    );
    expect(await hasNoSidewaysScroll(page)).toBe(true);
    expect(await findSeriousViolations(page)).toEqual([]);
    await card.screenshot({ path: `test-results/exchange-rates-${name}.png` });

    await visit(page, '/dashboard');
    await page.getByTestId('dashboard-content').waitFor();
    await page.getByText('€101.50').first().waitFor();
    expect(await page.getByTestId('unconverted-note').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

/**
 * Issue 42: the Analytics page of an EUR account shows every amount in euros, a starting balance
 * no rate converts is named beside the figures that rest on it, and the trade dialog names the
 * rate table's rate it used where the file gave none.
 */
async function signedInWithEuroAnalytics(viewport: { width: number; height: number }) {
  const { page, errors } = await browser.open(viewport);
  await signInNewUser(page, { label: 'fx-eur', password: 'Str0ng!pass', firstName: 'Ed', lastName: 'Thorp' });
  const patched = await page.request.fetch('/api/auth/user', {
    method: 'PATCH',
    headers: sameOrigin(),
    data: { baseCurrency: 'EUR' },
  });
  expect(patched.status()).toBe(200);
  const eur = (await post(page, '/api/accounts', {
    name: 'Trading 212',
    currency: 'EUR',
    startingBalance: '10000',
  })) as { id: string };
  // No trade, but a balance: with no GBP→EUR rate it cannot join the EUR starting equity.
  await post(page, '/api/accounts', { name: 'Hargreaves', currency: 'GBP', startingBalance: '5000' });
  const uploaded = await page.request.post('/api/fx-rates', {
    headers: { ...sameOrigin(), 'content-type': 'text/csv' },
    data: 'date,from,to,rate\n2025-03-03,USD,EUR,0.95\n2025-03-05,USD,EUR,0.925\n',
  });
  expect(uploaded.status()).toBe(201);
  // AAPL: 103 USD net = 70.25 EUR at the rate table's rates; SAP: +50 EUR.
  const usd = { symbol: 'AAPL', quantity: '10', commission: '1', currency: 'USD' };
  const sap = { symbol: 'SAP', quantity: '10', currency: 'EUR' };
  await post(page, '/api/executions', {
    accountId: eur.id,
    executions: [
      { ...usd, side: 'buy', price: '100', executedAt: '2025-03-03T15:00:00Z' },
      { ...usd, side: 'sell', price: '110.50', executedAt: '2025-03-05T15:00:00Z' },
      { ...sap, side: 'buy', price: '200', executedAt: '2025-03-04T09:00:00Z' },
      { ...sap, side: 'sell', price: '205', executedAt: '2025-03-06T09:00:00Z' },
    ],
  });
  return { page, errors };
}

describe.each([
  ['1280', DESKTOP],
  ['390', PHONE],
])('analytics in euros (%s px)', (width, viewport) => {
  it('shows the breakdown of an EUR account in €, names the balance left out, and the dialog’s rates', async () => {
    const { page, errors } = await signedInWithEuroAnalytics(viewport);
    await visit(page, '/analytics?by=symbol');
    const breakdown = page.getByTestId('breakdown');
    const rows = breakdown.getByTestId('breakdown-row');
    await rows.first().waitFor();
    const net = async (symbol: string) =>
      rows.filter({ hasText: symbol }).locator('[data-column="netPnl"]').first().textContent();
    expect(await net('AAPL')).toBe('+€70.25');
    expect(await net('SAP')).toBe('+€50.00');
    expect(await breakdown.textContent()).not.toContain('$');
    expect(await page.getByTestId('analytics-currency').textContent()).toBe('Amounts in EUR.');

    // The GBP balance is named beside the returns and drawdown %, never added in pounds.
    const risk = page.getByTestId('risk-panel');
    const note = risk.getByTestId('starting-balance-note');
    expect(await note.textContent()).toContain('Starting balance without Hargreaves (£5,000.00: no GBP→EUR rate)');
    expect(await risk.textContent()).toContain('as returns on a starting balance of €10,000.00');
    expect(await risk.getByTestId('risk-maxDrawdownAbs').textContent()).not.toContain('$');
    expect(await hasNoSidewaysScroll(page)).toBe(true);
    expect(await findSeriousViolations(page)).toEqual([]);
    // The Monte Carlo section's figures are in the currency of the outcomes it resamples.
    const monteCarlo = page.getByTestId('monte-carlo');
    expect(await monteCarlo.getByLabel('Starting equity (€)').inputValue()).toBe('10000');
    await monteCarlo.getByRole('button', { name: 'Run simulation' }).click();
    const results = monteCarlo.getByTestId('monte-carlo-results');
    await results.waitFor({ timeout: 20_000 });
    // The median of 10,000 paths of two trades drawn from two: one of each, 10,000 + 70.25 + 50.
    expect(await results.textContent()).toContain('Median final equity€10,120.25');
    expect(await results.textContent()).not.toContain('$');
    await results.screenshot({ path: `test-results/analytics-eur-monte-carlo-${width}.png` });
    await page.screenshot({ path: `test-results/analytics-eur-${width}.png`, fullPage: true });
    await breakdown.screenshot({ path: `test-results/analytics-eur-breakdown-${width}.png` });
    await note.screenshot({ path: `test-results/analytics-eur-balance-note-${width}.png` });

    await visit(page, '/dashboard');
    expect(await page.getByTestId('starting-balance-note').textContent()).toContain('Hargreaves (£5,000.00');

    await visit(page, '/trades');
    await page.getByTestId('trade-row').filter({ hasText: 'AAPL' }).first().getByRole('button').first().click();
    const block = page.getByTestId('trade-dialog').getByTestId('account-currency-pnl');
    await block.waitFor();
    const text = await block.textContent();
    expect(text).toContain("In the account's currency (EUR): gross +€72.13, fees €1.88, net +€70.25");
    expect(text).toContain('1 USD = 0.95 EUR from your rate table, its rate of 2025-03-03 (fill of 2025-03-03)');
    expect(text).toContain('1 USD = 0.925 EUR from your rate table, its rate of 2025-03-05 (fill of 2025-03-05)');
    expect(await findSeriousViolations(page)).toEqual([]);
    await block.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/trade-dialog-eur-${width}.png` });
    expect(errors).toEqual([]);
  });
});
