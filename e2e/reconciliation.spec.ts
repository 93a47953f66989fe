import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { DESKTOP, PHONE, visit } from './helpers/pages';
import { sameOrigin, signInNewUser, useBrowser } from './helpers/session';

/** The account's Reconciliation view and the import's data-quality score (issue 42 item 3). */

const browser = useBrowser();

// Schwab (broker-formats.md §3.2), newest first; `Amount` is the broker's net cash. NVDA: the sell's
// amount is 0.05 short of 40 × 141.05 (a fee the file has no column for). AAPL: the broker's 150.00
// against Edgebook's 10 × (210 − 200) = 100.00, which nothing explains.
const SCHWAB = [
  '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
  '"01/13/2025","Sell","AAPL","APPLE INC","10","$210.00","","$2,150.00"',
  '"01/10/2025","Buy","AAPL","APPLE INC","10","$200.00","","-$2,000.00"',
  '"01/09/2025","Sell","NVDA","NVIDIA CORP","40","$141.05","","$5,641.95"',
  '"01/07/2025","Buy","NVDA","NVIDIA CORP","40","$138.00","","-$5,520.00"',
].join('\n');

async function signedInWithImport(viewport: { width: number; height: number }) {
  const { page, errors } = await browser.open(viewport);
  await signInNewUser(page, { label: 'recon', password: 'Str0ng!pass', firstName: 'Ed', lastName: 'Thorp' });
  const account = (await (
    await page.request.post('/api/accounts', {
      headers: sameOrigin(),
      data: { name: 'Schwab brokerage', broker: 'Charles Schwab', currency: 'USD' },
    })
  ).json()) as { id: string };
  const upload = await page.request.post('/api/imports', {
    headers: sameOrigin(),
    multipart: {
      accountId: account.id,
      file: { name: 'schwab.csv', mimeType: 'text/csv', buffer: Buffer.from(SCHWAB) },
    },
  });
  expect(upload.status()).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  const commit = await page.request.post(`/api/imports/${id}/commit`, {
    headers: sameOrigin(),
    data: { accountId: account.id },
  });
  expect(commit.status()).toBe(200);
  return { page, errors, accountId: account.id, importId: id };
}

async function hasNoSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('reconciliation with the broker (%s)', (name, viewport) => {
  it('lists the unexplained day first and opens its fills and the file rows they came from', async () => {
    const { page, errors, accountId, importId } = await signedInWithImport(viewport);
    await visit(page, `/settings/accounts/${accountId}`);
    await page.getByRole('heading', { name: 'Reconciliation' }).waitFor();
    const days = page.getByTestId('reconciliation-day');
    await days.first().waitFor();
    expect(await days.evaluateAll((items) => items.map((item) => item.getAttribute('data-status')))).toEqual([
      'unexplained',
      'explained',
      'agrees',
      'agrees',
    ]);
    const summary = await page.getByTestId('reconciliation-summary').textContent();
    expect(summary).toContain('1 day unexplained');

    const first = days.first();
    expect(await first.textContent()).toContain('2025-01-13');
    await first.getByRole('button').click();
    const fill = first.getByTestId('reconciliation-fill');
    await fill.first().waitFor();
    const text = await fill.first().textContent();
    expect(text).toContain('Sell 10 AAPL');
    expect(text).toContain("Broker's net amount: $2,150.00");
    expect(text).toContain('unexplained');
    expect(await fill.first().getByRole('link', { name: 'schwab.csv' }).getAttribute('href')).toBe(
      `/import/${importId}`,
    );
    expect(text).toContain('row 2');

    const explained = days.nth(1);
    await explained.getByRole('button').click();
    await explained.getByText('A fee one side has and the other not', { exact: true }).waitFor();

    expect(await hasNoSidewaysScroll(page)).toBe(true);
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/reconciliation-${name}.png`, fullPage: true });

    // The import's page: its data-quality score (3 of 4 fills agree or are explained).
    await fill.first().getByRole('link', { name: 'schwab.csv' }).click();
    const quality = page.getByTestId('import-quality');
    await quality.waitFor();
    expect(await quality.textContent()).toContain('75%');
    expect(await hasNoSidewaysScroll(page)).toBe(true);
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/import-quality-${name}.png`, fullPage: true });
    expect(errors).toEqual([]);
  });
});
