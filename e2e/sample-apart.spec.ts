import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { DESKTOP, PHONE, visit } from './helpers/pages';
import { sameOrigin, signInNewUser, useBrowser } from './helpers/session';

/** Sample data kept apart: "All accounts" is the trader's own once they have one; the sample only when picked. */

const browser = useBrowser();

async function post<T = { id: string }>(page: Page, path: string, data?: unknown): Promise<T> {
  const res = await page.request.post(path, { headers: sameOrigin(), data });
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

const banner = (page: Page) => page.getByTestId('sample-data-banner');
const closedTrades = (page: Page) => page.getByTestId('dashboard-content').getByText(/^\d[\d,]* closed trades?$/);

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('sample data kept apart (%s)', (name, viewport) => {
  it('shows the sample with a banner until the trader has an account, then only when picked', async () => {
    const { page, errors } = await browser.open(viewport);
    await signInNewUser(page, { label: 'apart', password: 'Str0ng!pass', firstName: 'Ann', lastName: 'Apart' });
    const sample = await post<{ accountId: string }>(page, '/api/sample-data');

    // Only the sample: "All accounts" shows it, and says so.
    await visit(page, '/dashboard');
    await banner(page).getByText('Showing sample data —').waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/sample-apart-only-sample-${name}.png` });

    // The trader's own account and one round trip: "All accounts" is now theirs alone.
    const own = await post(page, '/api/accounts', { name: 'Main' });
    await post(page, '/api/executions', {
      accountId: own.id,
      executions: [
        { executedAt: '2025-01-16T14:35:00Z', symbol: 'AAPL', side: 'buy', quantity: '10', price: '100' },
        { executedAt: '2025-01-16T15:35:00Z', symbol: 'AAPL', side: 'sell', quantity: '10', price: '101' },
      ],
    });
    await visit(page, '/dashboard?period=all');
    await closedTrades(page)
      .filter({ hasText: /^1 closed trade$/ })
      .waitFor();
    expect(await banner(page).count()).toBe(0);
    await visit(page, '/analytics');
    await page.getByTestId('kpi-count').filter({ hasText: /^1$/ }).waitFor();
    expect(await banner(page).count()).toBe(0);

    // Picked: the sample's trades, with the banner; "remove it" removes the sample.
    await visit(page, `/dashboard?period=all&accountId=${sample.accountId}`);
    await banner(page).waitFor();
    await closedTrades(page)
      .filter({ hasNotText: /^1 closed trade$/ })
      .waitFor();
    await page.screenshot({ path: `test-results/sample-apart-picked-${name}.png` });
    await banner(page).getByRole('button', { name: 'remove it' }).click();
    await page.getByText('Sample data removed').first().waitFor({ timeout: 30_000 });
    await visit(page, '/dashboard?period=all');
    await closedTrades(page)
      .filter({ hasText: /^1 closed trade$/ })
      .waitFor();
    expect(await banner(page).count()).toBe(0);
    expect(errors).toEqual([]);
  }, 300_000); // a long walk: loads the sample, visits five pages and removes it
});
