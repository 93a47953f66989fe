import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { control, uniqueEmail } from './helpers/control';
import { baseUrl, DESKTOP, launchBrowser, openPage, PHONE } from './helpers/pages';

/**
 * /advanced-reports against the real server: a filter built from the registry's picker, grouping,
 * compare, save / reopen / rename / pin / delete, the URL restoring the report, an invalid link,
 * the exports, axe and the phone layout. REPORTS_SCREENSHOTS=<dir> saves screenshots there.
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

const TRADES = [
  ['AAPL', '2025-03-03T15:00:00Z', 100, 110],
  ['AAPL', '2025-03-04T15:00:00Z', 100, 95],
  ['MSFT', '2025-03-05T16:00:00Z', 200, 212],
  ['MSFT', '2025-03-12T16:00:00Z', 200, 196],
  ['TSLA', '2025-03-13T19:00:00Z', 300, 330],
] as const;

async function signedInUser(viewport = DESKTOP): Promise<{ page: Page; errors: string[] }> {
  const { page, context, errors } = await openPage(browser, viewport);
  contexts.push(context);
  const email = uniqueEmail('reports');
  await control.createUser({ email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
  const login = await page.request.post('/api/auth/login', {
    headers: originHeader(),
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const account = await page.request.post('/api/accounts', {
    headers: originHeader(),
    data: { name: 'Main', startingBalance: '10000' },
  });
  const { id: accountId } = (await account.json()) as { id: string };
  const executions = TRADES.flatMap(([symbol, closedAt, entry, exit]) => [
    {
      executedAt: new Date(Date.parse(closedAt) - 30 * 60_000).toISOString(),
      symbol,
      side: 'buy',
      quantity: '1',
      price: String(entry),
    },
    { executedAt: closedAt, symbol, side: 'sell', quantity: '1', price: String(exit) },
  ]);
  const res = await page.request.post('/api/executions', { headers: originHeader(), data: { accountId, executions } });
  expect(res.status(), await res.text()).toBe(200);
  return { page, errors };
}

async function screenshot(page: Page, name: string) {
  const dir = process.env.REPORTS_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const matchCount = (page: Page) => page.getByTestId('match-count');

describe('/advanced-reports', () => {
  it('builds, groups, compares, saves and reopens a report from its link', async () => {
    const { page, errors } = await signedInUser();
    await page.goto('/advanced-reports');
    await expect.poll(() => matchCount(page).textContent()).toContain('5 closed trades match');

    // A filter from the registry's picker: search it, add it, set it.
    const builder = page.getByTestId('filter-a');
    await builder.getByText('Add a filter').click();
    await builder.getByLabel('Find a filter').fill('symbol');
    await builder.getByRole('button', { name: 'Symbols', exact: true }).click();
    const symbols = builder.getByLabel('Symbols', { exact: true });
    await symbols.fill('AAPL, MSFT');
    await symbols.press('Enter');
    await expect.poll(() => matchCount(page).textContent()).toContain('4 closed trades match');
    await expect.poll(() => builder.getByRole('list', { name: 'Active filters' }).textContent()).toContain('AAPL');

    await page.getByLabel('Group by').selectOption('symbol');
    const rows = page.getByTestId('report-table-a').getByTestId('report-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByTestId('report-table-a').getByTestId('report-total').textContent()).toContain('+$13.00');
    expect(await rows.first().textContent()).toContain('Low sample');
    expect(new URL(page.url()).searchParams.get('groupBy')).toBe('symbol');

    // Compare with TSLA alone.
    await page.getByRole('button', { name: 'Compare with…' }).click();
    const other = page.getByTestId('filter-b');
    await other.getByText('Add a filter').click();
    await other.getByRole('button', { name: 'Symbols', exact: true }).click();
    await other.getByLabel('Symbols', { exact: true }).fill('TSLA');
    await other.getByLabel('Symbols', { exact: true }).press('Enter');
    await expect.poll(() => page.getByTestId('report-difference').textContent()).toContain('net P&L +$17.00');
    await screenshot(page, 'reports-desktop-compare');

    // The link restores it all.
    const link = page.url();
    await page.reload();
    await expect.poll(() => page.getByTestId('report-difference').textContent()).toContain('net P&L +$17.00');
    expect(page.url()).toBe(link);
    expect(await page.getByLabel('Group by').inputValue()).toBe('symbol');

    // Save, rename, pin, reopen from a blank builder, delete.
    await page.getByLabel('Save this report as').fill('Big tech vs TSLA');
    await page.getByRole('button', { name: 'Save report' }).click();
    const saved = page.getByTestId('saved-report');
    await expect.poll(() => saved.count()).toBe(1);
    await saved.getByRole('button', { name: 'Rename Big tech vs TSLA' }).click();
    await saved.getByLabel('New name for Big tech vs TSLA').fill('Tech against TSLA');
    await saved.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => saved.textContent()).toContain('Tech against TSLA');
    await saved.getByRole('button', { name: 'Pin Tech against TSLA' }).click();
    await expect.poll(() => saved.textContent()).toContain('Pinned');

    await page.goto('/advanced-reports');
    await expect.poll(() => matchCount(page).textContent()).toContain('5 closed trades match');
    await page.getByRole('button', { name: /^Tech against TSLA/ }).click();
    await expect.poll(() => page.getByTestId('report-difference').textContent()).toContain('net P&L +$17.00');
    expect(await page.getByLabel('Group by').inputValue()).toBe('symbol');

    page.once('dialog', (dialog) => void dialog.accept());
    await saved.getByRole('button', { name: 'Delete Tech against TSLA' }).click();
    await expect.poll(() => saved.count()).toBe(0);

    expect(
      (await findSeriousViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('exports the report as CSV and PDF with the filter of the page', async () => {
    const { page } = await signedInUser();
    await page.goto('/advanced-reports?symbols=AAPL&groupBy=day');
    await expect.poll(() => matchCount(page).textContent()).toContain('2 closed trades match');
    const csvHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    const csv = await page.request.get(csvHref!);
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text).toContain('2025-03-03');
    expect(text).toContain('"All trades",2,1,1,5,');
    const pdfHref = await page.getByRole('link', { name: 'Export PDF' }).getAttribute('href');
    const pdf = await page.request.get(pdfHref!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('opens a link that no longer validates with a clear message', async () => {
    const { page, errors } = await signedInUser();
    await page.goto('/advanced-reports?netPnl=9..1&groupBy=planet&compare=%7B%22side%22%3A%22up%22%7D');
    const alert = page.getByRole('alert').filter({ hasText: 'not valid' });
    await expect.poll(() => alert.textContent()).toContain('Group by');
    expect(await alert.textContent()).toContain('Compared filter');
    await expect.poll(() => page.getByTestId('filter-a').textContent()).toContain('Net P&L');
    await expect.poll(() => matchCount(page).textContent()).toContain('5 closed trades match');
    expect(errors).toEqual([]);
  });

  it('works at 390 px: no sideways scroll, the table scrolls in its box', async () => {
    const { page, errors } = await signedInUser(PHONE);
    await page.goto('/advanced-reports?groupBy=symbol&compare=%7B%22symbols%22%3A%5B%22TSLA%22%5D%7D');
    await expect.poll(() => page.getByTestId('report-difference').textContent()).toContain('B − A');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'reports-phone');
    expect(
      (await findSeriousViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    expect(errors).toEqual([]);
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'shows each pinned report on the dashboard with its figures and opens it (%s)',
    async (name, viewport) => {
      const { page, errors } = await signedInUser(viewport);
      const save = (data: Record<string, unknown>) =>
        page.request.post('/api/reports/saved', { headers: originHeader(), data });
      // MSFT: +12 and −4 → 2 trades, +$8.00, 50.0% won, +$4.00 a trade.
      const pinned = await save({ name: 'MSFT only', filter: { symbols: ['MSFT'] }, groupBy: 'month', pinned: true });
      expect(pinned.status()).toBe(201);
      const { id } = (await pinned.json()) as { id: string };
      expect((await save({ name: 'Not pinned', filter: { symbols: ['TSLA'] } })).status()).toBe(201);

      await page.goto('/dashboard');
      const cards = page.getByTestId('pinned-report');
      await expect.poll(() => cards.count()).toBe(1);
      const card = cards.first();
      await expect.poll(() => card.textContent()).toContain('+$8.00');
      const text = await card.textContent();
      expect(text).toContain('MSFT only');
      expect(text).toContain('50.0%');
      expect(text).toContain('+$4.00');
      expect(text).not.toContain('Not pinned');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.getByTestId('pinned-reports').scrollIntoViewIfNeeded();
      await screenshot(page, `dashboard-pinned-${name}`);
      expect(
        (await findSeriousViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);

      await card.getByRole('link', { name: 'Open the report MSFT only' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/advanced-reports');
      expect(new URL(page.url()).searchParams.get('report')).toBe(id);
      expect(new URL(page.url()).searchParams.get('groupBy')).toBe('month');
      await expect.poll(() => matchCount(page).textContent()).toContain('2 closed trades match');
      expect(errors).toEqual([]);
    },
  );
});
