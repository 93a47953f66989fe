import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { DESKTOP, PHONE, visit } from './helpers/pages';
import { sameOrigin, signInNewUser, useBrowser } from './helpers/session';

/** /trades → Export: the filter's trades as CSV and their executions, with the count stated. */

const browser = useBrowser();

async function signedInWithTrades(viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await browser.open(viewport);
  await signInNewUser(page, { label: 'export', password: 'Str0ng!pass', firstName: 'Ed', lastName: 'Thorp' });
  const account = (await (
    await page.request.post('/api/accounts', { headers: sameOrigin(), data: { name: 'Main' } })
  ).json()) as { id: string };
  const trip = (symbol: string, day: string) => [
    { executedAt: `${day}T14:35:00Z`, symbol, side: 'buy', quantity: '10', price: '100' },
    { executedAt: `${day}T15:35:00Z`, symbol, side: 'sell', quantity: '10', price: '101' },
  ];
  const res = await page.request.post('/api/executions', {
    headers: sameOrigin(),
    data: {
      accountId: account.id,
      executions: [...trip('AAPL', '2025-01-16'), ...trip('MSFT', '2025-01-17'), ...trip('AAPL', '2025-01-21')],
    },
  });
  expect(res.ok()).toBe(true);
  return page;
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('the Export menu on /trades (%s)', (name, viewport) => {
  it("states how many trades it exports and downloads the filter's trades and executions", async () => {
    const page = await signedInWithTrades(viewport);
    await visit(page, '/trades?symbols=AAPL');
    await page.getByText('Export', { exact: true }).click();
    const menu = page.getByRole('group', { name: 'Export' });
    await menu.getByText('Exports 2 trades of the current filter.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // The whole menu on the screen, on a phone too.
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/trades-export-${name}.png` });

    const [tradesFile] = await Promise.all([
      page.waitForEvent('download'),
      menu.getByRole('link', { name: /Trades as CSV/ }).click(),
    ]);
    const lines = readFileSync((await tradesFile.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((line) => line.includes(',AAPL,'))).toBe(true);

    const [executionsFile] = await Promise.all([
      page.waitForEvent('download'),
      menu.getByRole('link', { name: /Executions as CSV/ }).click(),
    ]);
    const fills = readFileSync((await executionsFile.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(fills).toHaveLength(5); // a header and 2 fills of each AAPL trade
  });
});
