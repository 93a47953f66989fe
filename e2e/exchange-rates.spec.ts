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
