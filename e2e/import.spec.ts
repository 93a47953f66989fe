import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { control, uniqueEmail } from './helpers/control';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { baseUrl, DESKTOP, launchBrowser, openPage, PHONE, waitForHydration } from './helpers/pages';

/** The /import page against the real server: upload, detection, remap, commit, history and undo. */

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

/**
 * A generic file no broker preset knows. "Value" reads as a cash amount, so the price is missing
 * until the user says that column holds it.
 */
const GENERIC_CSV = [
  'Date,Symbol,Side,Qty,Value,Commission,Ref',
  '2025-01-06 09:31:00,AAPL,Buy,100,185.10,1.00,A1',
  '2025-01-06 10:02:00,AAPL,Sell,100,186.25,1.00,A2',
  '2025-01-07 09:45:00,MSFT,Buy,10,420.00,0.50,A3',
  '2025-01-07 11:15:00,MSFT,Sell,10,415.50,0.50,A4',
].join('\n');

/** Interactive Brokers' Flex trades report: 67 columns, of which the import reads a handful. */
const IBKR_CSV = readFileSync(join(import.meta.dirname, '../test/fixtures/import/brokers/interactive-brokers.csv'));

type SignedIn = { page: Page; errors: string[] };

/** A new user signed in; with an account unless told otherwise. */
async function signedInUser(options: { viewport?: typeof DESKTOP; withAccount?: boolean } = {}): Promise<SignedIn> {
  const { page, context, errors } = await openPage(browser, options.viewport ?? DESKTOP);
  contexts.push(context);
  const email = uniqueEmail('import');
  await control.createUser({ email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
  const login = await page.request.post('/api/auth/login', {
    headers: originHeader(),
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  if (options.withAccount !== false) {
    const account = await page.request.post('/api/accounts', { headers: originHeader(), data: { name: 'Main' } });
    expect(account.status()).toBe(201);
  }
  return { page, errors };
}

async function openImport(page: Page) {
  await page.goto('/import');
  await page.locator('main h1').waitFor();
  await page.getByTestId('drop-zone').waitFor();
}

async function chooseFile(page: Page, name: string, content: string | Buffer, mimeType = 'text/csv') {
  await page.getByTestId('import-file-input').setInputFiles({
    name,
    mimeType,
    buffer: typeof content === 'string' ? Buffer.from(content) : content,
  });
}

const fact = (page: Page, label: string) => page.locator(`[data-fact="${label}"]`).textContent();
const commitButton = (page: Page) =>
  page.getByRole('button', { name: /^Import [\d,]+ (rows?|executions? into [\d,]+ trades?)$/ });

describe('/import', () => {
  it('creates an account, previews a generic file, remaps a column, imports it and shows the trades', async () => {
    const { page, errors } = await signedInUser({ withAccount: false });
    await openImport(page);
    expect(await page.locator('main h1').textContent()).toBe('Import');

    // No account yet: the inline form asks for one.
    const accountForm = page.getByTestId('new-account-form');
    await accountForm.getByLabel('Account name').fill('Main');
    await accountForm.getByRole('button', { name: 'Create account' }).click();
    await accountForm.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId('import-upload').getByLabel('Account', { exact: true }).inputValue())
      .not.toBe('');

    await chooseFile(page, 'trades.csv', GENERIC_CSV);
    await page.getByTestId('import-preview').waitFor();
    expect(await fact(page, 'Broker')).toBe('Generic file');
    expect(await fact(page, 'File type')).toBe('CSV');
    expect(await fact(page, 'Delimiter')).toBe('Comma (,)');
    expect(await fact(page, 'Header row')).toBe('1');
    expect(await fact(page, 'Rows')).toBe('4');

    // The price is missing: commit waits until the user names its column.
    expect(await page.getByTestId('missing-roles').textContent()).toContain('Price');
    expect(await commitButton(page).isDisabled()).toBe(true);
    expect(await page.getByTestId('preview-row').count()).toBe(0);

    await page.getByLabel('What “Value” holds').selectOption('price');
    await page.getByTestId('missing-roles').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('preview-row').count()).toBe(4);
    const firstRow = page.getByTestId('preview-row').first();
    expect(await firstRow.textContent()).toContain('AAPL');
    expect(await firstRow.textContent()).toContain('185.1');
    expect(await findSeriousViolations(page)).toEqual([]);

    await expect.poll(() => commitButton(page).isEnabled()).toBe(true);
    await commitButton(page).click();
    const result = page.getByTestId('import-result');
    await result.getByText('Import finished').waitFor();
    expect(await result.locator('[data-count="Executions added"]').textContent()).toBe('4');
    expect(await result.locator('[data-count="Trades created"]').textContent()).toBe('2');
    expect(await result.locator('[data-count="Errors"]').textContent()).toBe('0');
    await page.getByTestId('import-history-row').filter({ hasText: 'trades.csv' }).getByText('Imported').waitFor();

    await result.getByRole('link', { name: 'View trades' }).click();
    await page.waitForURL(/\/trades$/);
    await page.getByTestId('trade-row').filter({ hasText: 'AAPL' }).waitFor();
    await page.getByTestId('trade-row').filter({ hasText: 'MSFT' }).waitFor();
    expect(await page.getByTestId('trade-row').count()).toBe(2);
    expect(errors).toEqual([]);
  });

  it('undoes an import from the history after confirmation', async () => {
    const { page } = await signedInUser();
    await openImport(page);
    await chooseFile(page, 'undo-me.csv', GENERIC_CSV);
    await page.getByLabel('What “Value” holds').selectOption('price');
    await expect.poll(() => commitButton(page).isEnabled()).toBe(true);
    await commitButton(page).click();
    await page.getByTestId('import-result').getByText('Import finished').waitFor();

    const row = page.getByTestId('import-history-row').filter({ hasText: 'undo-me.csv' });
    await row.getByRole('button', { name: 'Undo import of undo-me.csv' }).click();
    const dialog = page.getByTestId('confirm-undo-dialog');
    expect(await dialog.textContent()).toContain('4 executions');
    await dialog.getByRole('button', { name: 'Undo import' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Undone').waitFor();
    expect(await row.getByRole('button', { name: /Undo/ }).count()).toBe(0);

    const trades = await page.request.get('/api/trades');
    expect(((await trades.json()) as { trades: unknown[] }).trades).toEqual([]);
  });

  it('shows the progress of an import that runs in the background (202), then its counts', async () => {
    const { page, errors } = await signedInUser();
    await openImport(page);
    await chooseFile(page, 'large.csv', GENERIC_CSV);
    await page.getByLabel('What “Value” holds').selectOption('price');
    await expect.poll(() => commitButton(page).isEnabled()).toBe(true);

    // Only files above IMPORT_SYNC_ROW_LIMIT (20,000 rows) commit in the background; rather than
    // wait for one, the network answers as the server does for such a file.
    const job = (status: string, progress: number) => ({
      id: 'job',
      status,
      fileName: 'large.csv',
      fileSize: 1,
      accountId: null,
      broker: null,
      createdAt: '2025-01-08T10:00:00.000Z',
      committedAt: status === 'done' ? '2025-01-08T10:01:00.000Z' : null,
      undoneAt: null,
      rowCount: 30_000,
      progress,
      executionsAdded: status === 'done' ? 29_990 : 0,
      duplicatesSkipped: status === 'done' ? 10 : 0,
      tradesCreated: status === 'done' ? 14_995 : 0,
      tradesUpdated: 0,
      skipped: [],
      errors: [],
      failureMessage: null,
    });
    const polls = [job('running', 0.4), job('running', 0.8), job('done', 1)];
    let pollCount = 0;
    await page.route(/\/api\/imports\/[^/]+\/commit$/, (route) =>
      route.fulfill({ status: 202, json: { ...job('queued', 0), id: 'job' } }),
    );
    await page.route(/\/api\/imports\/job$/, (route) => {
      const answer = polls[Math.min(pollCount, polls.length - 1)];
      pollCount += 1;
      return route.fulfill({ status: 200, json: answer });
    });

    await commitButton(page).click();
    const result = page.getByTestId('import-result');
    const bar = result.getByRole('progressbar', { name: 'Import progress' });
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('40');
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('80');
    await result.getByText('Import finished').waitFor();
    expect(await bar.count()).toBe(0);
    expect(await result.locator('[data-count="Executions added"]').textContent()).toBe('29,990');
    expect(await result.locator('[data-count="Duplicates skipped"]').textContent()).toBe('10');
    expect(await result.locator('[data-count="Trades created"]').textContent()).toBe('14,995');
    const pollsAtFinish = pollCount;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(pollCount).toBe(pollsAtFinish); // polling stops once the import is done
    expect(errors).toEqual([]);
  });

  it('says plainly why a file cannot be imported', async () => {
    const { page } = await signedInUser();
    await openImport(page);
    const error = page.getByTestId('upload-error');

    await chooseFile(page, 'empty.csv', '');
    await error.waitFor();
    expect(await error.textContent()).toBe('The file is empty.');

    // Random bytes named .csv: the server's own explanation, never the generic one.
    const noise = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 97 + 13) % 256));
    await chooseFile(page, 'noise.csv', noise);
    await expect.poll(() => error.textContent()).not.toBe('The file is empty.');
    const message = (await error.textContent()) ?? '';
    expect(message.length).toBeGreaterThan(10);
    expect(message).not.toContain('Something went wrong');

    await chooseFile(page, 'statement.pdf', 'not a table', 'application/pdf');
    await expect.poll(() => error.textContent()).toBe('statement.pdf is not a CSV, TSV, TXT or Excel file.');
    expect(await page.getByTestId('import-preview').count()).toBe(0);
  });

  it('shows a phone user why a file was refused: the message comes into view, clear of the tab bar', async () => {
    const { page } = await signedInUser({ viewport: PHONE });
    await openImport(page);
    await chooseFile(page, 'empty.csv', '');
    const error = page.getByTestId('upload-error');
    await error.waitFor();
    // What is drawn at the message's centre is the message itself: on screen and not covered.
    await expect
      .poll(() =>
        error.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return el.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
        }),
      )
      .toBe(true);
  });

  it('fits a phone: no page-level horizontal scroll, tables scroll in their own box, no serious axe violations', async () => {
    const { page, errors } = await signedInUser({ viewport: PHONE });
    await openImport(page);
    await chooseFile(page, 'phone.csv', GENERIC_CSV);
    await page.getByTestId('import-preview').waitFor();
    await page.getByLabel('What “Value” holds').selectOption('price');
    await expect.poll(() => page.getByTestId('preview-row').count()).toBe(4);

    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      table: document.querySelector('[data-testid="preview-table"]')?.scrollWidth ?? 0,
      box: document.querySelector('[data-testid="preview-table"]')?.clientWidth ?? 0,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(widths.table).toBeGreaterThan(widths.box);
    expect(await findSeriousViolations(page)).toEqual([]);

    // Imported, its row in the history: that table too scrolls in its own box, not the page.
    await commitButton(page).click();
    await page.getByTestId('import-result').getByText('Import finished').waitFor();
    await page.getByTestId('import-history-cards').getByText('phone.csv').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(widths.viewport);
    expect(errors).toEqual([]);
  });

  it('sends a broker format request from /import', async () => {
    const { page } = await signedInUser();
    await openImport(page);
    const form = page.getByRole('form', { name: 'Request broker support' });
    await form.getByRole('button', { name: 'Send sample' }).click();
    expect(await form.getByText('Broker name is required').count()).toBe(1);
    await form.getByLabel('Broker name').fill('Tastytrade');
    await form.getByLabel('Sample file').setInputFiles({
      name: 'tasty.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(GENERIC_CSV),
    });
    expect(await form.getByLabel('Your e-mail').count()).toBe(0);
    await form.getByRole('button', { name: 'Send sample' }).click();
    await page.getByRole('status').filter({ hasText: 'Sample received' }).first().waitFor();
    expect(
      await page
        .getByText(/We received your Tastytrade sample/)
        .first()
        .textContent(),
    ).toBeTruthy();
  });

  it('loads the broker request form on /brokers on demand and asks a visitor for an e-mail', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    contexts.push(context);
    await page.goto('/brokers');
    await waitForHydration(page);
    expect(await page.getByRole('form', { name: 'Request broker support' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Send a sample file' }).click();
    const form = page.getByRole('form', { name: 'Request broker support' });
    await form.waitFor();
    await form.getByLabel('Broker name').fill('Tastytrade');
    await form.getByLabel('Sample file').setInputFiles({
      name: 'tasty.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(GENERIC_CSV),
    });
    await form.getByRole('button', { name: 'Send sample' }).click();
    expect(await form.getByText('Enter your e-mail address so we can reply').count()).toBe(1);
    await form.getByLabel('Your e-mail').fill('visitor@example.com');
    await form.getByRole('button', { name: 'Send sample' }).click();
    await page
      .getByText(/We'll e-mail visitor@example.com/)
      .first()
      .waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

/** The text a sighted user reads (screen-reader-only words left out). */
const visibleText = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement; // a clone of an element is one
    for (const hidden of copy.querySelectorAll('.sr-only')) hidden.remove();
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  });

/** Whether the element is on screen and what is drawn at its centre is itself (nothing covers it). */
const isInViewport = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const inside = box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
    return inside && el.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
  });

/** Elements wider than the viewport, or reaching past its sides (none may make the page scroll sideways). */
const overflowingElements = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.width > window.innerWidth || box.right > window.innerWidth + 1 || box.left < -1);
      })
      .filter((el) => !el.closest('.sr-only'))
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}`,
      ),
  );

describe('/import: a wide file and the history', () => {
  it.each([
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const)(
    'at %s px shows the columns that matter first, folds the rest and keeps the counted Import button in view',
    async (_, viewport) => {
      const { page, errors } = await signedInUser({ viewport });
      await openImport(page);
      await chooseFile(page, 'ibkr-flex.csv', IBKR_CSV);
      await page.getByTestId('import-preview').waitFor();
      expect(await fact(page, 'Broker')).toContain('Interactive Brokers');

      const rows = page.getByTestId('column-row');
      expect(await rows.count()).toBe(67);
      const shown = await page.locator('[data-testid="column-row"]:visible').count();
      expect(shown).toBeGreaterThanOrEqual(5);
      expect(shown).toBeLessThan(67 / 2);
      // The first rows are the ones the import reads: a date, the symbol, the side, quantity, price.
      const firstHeaders = await page.locator('[data-testid="column-row"]:visible th').allTextContents();
      for (const header of ['Date/Time', 'Symbol', 'Buy/Sell', 'Quantity', 'Price'])
        expect(firstHeaders.some((text) => text.includes(header))).toBe(true);

      const more = page.getByTestId('more-columns');
      expect(await page.getByRole('button', { name: `Show ${67 - shown} more columns` }).count()).toBe(1);
      expect(await more.getAttribute('aria-expanded')).toBe('false');

      // The button says what the import makes, as the server counted it: of 10 rows, 7 fills
      // (a cancelled fill, its cancellation and a currency conversion are not trades), 3 round trips.
      const button = page.getByTestId('import-commit');
      expect(await visibleText(button)).toBe('Import 7 executions → 3 trades');
      expect(await page.getByTestId('import-commit-note').textContent()).toBe(
        '3 rows that are not trades are skipped.',
      );
      expect(await commitButton(page).count()).toBe(1);
      await expect.poll(() => isInViewport(button)).toBe(true);

      await page.screenshot({ path: `/tmp/shots-prev/import-folded-${viewport.width}.png`, fullPage: true });

      // Opened from the keyboard, every column is there, and the button stays in view at the end of the list.
      await more.focus();
      await page.keyboard.press('Enter');
      expect(await more.getAttribute('aria-expanded')).toBe('true');
      expect(await more.textContent()).toBe(`Hide ${67 - shown} columns the import does not read`);
      expect(await page.locator('[data-testid="column-row"]:visible').count()).toBe(67);
      await rows.last().scrollIntoViewIfNeeded();
      await expect.poll(() => isInViewport(button)).toBe(true);
      await page.getByTestId('preview-table').scrollIntoViewIfNeeded();
      await expect.poll(() => isInViewport(button)).toBe(true);
      expect(await findSeriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/shots-prev/import-wide-${viewport.width}.png`, fullPage: false });

      // Imported, the history shows it with its status and Undo, on screen without sideways scrolling.
      await button.click();
      await page.getByTestId('import-result').getByText('Import finished').waitFor();
      const entry =
        viewport === PHONE
          ? page.getByTestId('import-history-card').filter({ hasText: 'ibkr-flex.csv' })
          : page.getByTestId('import-history-row').filter({ hasText: 'ibkr-flex.csv' });
      const status = entry.getByText('Imported', { exact: true });
      const undo = entry.getByRole('button', { name: 'Undo import of ibkr-flex.csv' });
      await status.scrollIntoViewIfNeeded();
      await expect.poll(() => isInViewport(status)).toBe(true);
      await undo.scrollIntoViewIfNeeded();
      await expect.poll(() => isInViewport(undo)).toBe(true);
      expect(await overflowingElements(page)).toEqual([]);
      expect(await findSeriousViolations(page)).toEqual([]);
      await entry.screenshot({ path: `/tmp/shots-prev/import-history-${viewport.width}.png` });
      expect(errors).toEqual([]);
    },
  );

  it('counts one execution as one: “Import 1 execution → 1 trade”, and names the duplicates it skips', async () => {
    const { page } = await signedInUser();
    await openImport(page);
    const single = 'Date,Symbol,Side,Qty,Price\n2025-01-06 09:31:00,AAPL,Buy,100,185.10';
    await chooseFile(page, 'one.csv', single);
    const button = page.getByTestId('import-commit');
    await expect.poll(() => visibleText(button)).toBe('Import 1 execution → 1 trade');
    await button.click();
    await page.getByTestId('import-result').getByText('Import finished').waitFor();
    await page.getByRole('button', { name: 'Import another file' }).click();

    await chooseFile(page, 'one-again.csv', `${single}\n2025-01-06 09:40:00,AAPL,Sell,100,186.00`);
    await expect.poll(() => visibleText(button)).toBe('Import 1 execution → 1 trade');
    expect(await page.getByTestId('import-commit-note').textContent()).toBe('1 duplicate is skipped.');
  });
});
