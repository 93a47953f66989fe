import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { DESKTOP, PHONE, waitForHydration } from './helpers/pages';
import { sameOrigin, signInNewUser, useBrowser } from './helpers/session';

/**
 * #43: a trader deletes a trade, then imports the same file again. The deleted trade's fills are
 * skipped (the deletion sticks), and the import says so and leads to Settings → Recently deleted,
 * where they can be restored.
 */

const { open } = useBrowser();
const SHOTS = '/tmp/shots-h43';

const FILE = [
  'Date,Symbol,Side,Qty,Price,Commission',
  '2025-01-06 09:31:00,AAPL,Buy,100,185.10,1.00',
  '2025-01-06 10:02:00,AAPL,Sell,100,186.25,1.00',
  '2025-01-07 09:45:00,MSFT,Buy,10,420.00,0.50',
  '2025-01-07 11:15:00,MSFT,Sell,10,415.50,0.50',
].join('\n');

async function chooseFile(page: Page, name: string) {
  await page.getByTestId('import-file-input').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(FILE) });
  await page.getByTestId('import-preview').waitFor();
}

const commitButton = (page: Page) => page.getByTestId('import-commit');

/** Whether the element lies wholly within the viewport's height. */
const isInView = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.top < window.innerHeight;
  });

/** Whether the middle of the element is on screen and nothing (a tab bar, a toast) lies over it. */
const isUncovered = (page: Page, locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (y < 0 || y > window.innerHeight) return false;
    const top = document.elementFromPoint(x, y);
    return top !== null && el.contains(top);
  });

describe('importing a file again after deleting one of its trades', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('says how many fills wait in Recently deleted and leads there, on %s', async (name, viewport) => {
    mkdirSync(SHOTS, { recursive: true });
    const { page, errors } = await open(viewport);
    await signInNewUser(page, { label: 'reimport', password: 'Str0ng!pass', firstName: 'Ada', lastName: 'Lovelace' });
    const account = await page.request.post('/api/accounts', { headers: sameOrigin(), data: { name: 'Main' } });
    expect(account.status()).toBe(201);

    await page.goto('/import');
    await page.getByTestId('drop-zone').waitFor();
    await chooseFile(page, 'january.csv');
    await expect.poll(() => commitButton(page).textContent()).toMatch(/^Import 4 executions →\s*into 2 trades$/);
    await commitButton(page).click();
    await page.getByTestId('import-result').getByText('Import finished').waitFor();

    // The AAPL trade is deleted (it goes to Recently deleted).
    const list = (await (await page.request.get('/api/trades?symbol=AAPL')).json()) as { trades: { id: string }[] };
    expect(list.trades).toHaveLength(1);
    const removed = await page.request.delete(`/api/trades/${list.trades[0]!.id}`, { headers: sameOrigin() });
    expect(removed.status()).toBe(200);

    // The same file again: the preview says its two AAPL fills wait in Recently deleted.
    await page.goto('/import');
    await page.getByTestId('drop-zone').waitFor();
    await chooseFile(page, 'january-again.csv');
    const previewNote = page.getByTestId('import-preview').getByTestId('import-recently-deleted');
    await previewNote.waitFor();
    expect(await previewNote.textContent()).toBe('2 fills match trades in Recently deleted — restore them there');
    expect(await commitButton(page).textContent()).toMatch(/^Import 0 executions →\s*into 0 trades$/);
    // Read as the trader reads the preview, scrolled into it: the commit bar holding the note
    // stays in view, above a phone's tab bar.
    await page.evaluate(() => window.scrollBy(0, 400));
    await expect.poll(() => isUncovered(page, previewNote)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/reimport-preview-${name}.png` });
    expect(await findSeriousViolations(page)).toEqual([]);

    await commitButton(page).click();
    const result = page.getByTestId('import-result');
    await result.getByText('Import finished').waitFor();
    expect(await result.locator('[data-count="Executions added"]').textContent()).toBe('0');
    expect(await result.locator('[data-count="Duplicates skipped"]').textContent()).toBe('4');
    const resultNote = result.getByTestId('import-recently-deleted');
    expect(await resultNote.textContent()).toBe(
      '2 fills match trades in Recently deleted and were not imported again — restore them there',
    );
    await resultNote.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/reimport-result-${name}.png` });
    expect(await findSeriousViolations(page)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);

    // The link lands on the card, scrolled to and focused, with the deleted trade to restore.
    await resultNote.getByRole('link', { name: 'restore them there' }).click();
    await page.waitForURL(/\/settings#recently-deleted$/);
    const card = page.getByTestId('recently-deleted');
    await card.getByRole('listitem').filter({ hasText: 'AAPL' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('recently-deleted');
    await expect.poll(() => isInView(page, 'recently-deleted')).toBe(true);
    // Other cards finishing their loading above it leave it in view.
    await page.waitForLoadState('networkidle');
    expect(await isInView(page, 'recently-deleted')).toBe(true);
    await page.screenshot({ path: `${SHOTS}/recently-deleted-${name}.png` });
    expect(await findSeriousViolations(page)).toEqual([]);

    await card
      .getByRole('listitem')
      .filter({ hasText: 'AAPL' })
      .getByRole('button', { name: /^Restore/ })
      .click();
    await page.getByTestId('toast').filter({ hasText: 'Restored 1 trade' }).waitFor();
    const back = (await (await page.request.get('/api/trades?symbol=AAPL')).json()) as { trades: unknown[] };
    expect(back.trades).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('counts against the account even when the file is chosen before the accounts have loaded', async () => {
    const { page, errors } = await open(DESKTOP);
    await signInNewUser(page, {
      label: 'reimport-fast',
      password: 'Str0ng!pass',
      firstName: 'Ed',
      lastName: 'Seykota',
    });
    const account = (await (
      await page.request.post('/api/accounts', { headers: sameOrigin(), data: { name: 'Main' } })
    ).json()) as { id: string };
    const upload = await page.request.post('/api/imports', {
      headers: sameOrigin(),
      multipart: {
        accountId: account.id,
        file: { name: 'first.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE) },
      },
    });
    const { id } = (await upload.json()) as { id: string };
    const commit = await page.request.post(`/api/imports/${id}/commit`, {
      headers: sameOrigin(),
      data: { accountId: account.id },
    });
    expect(commit.status()).toBe(200);
    const list = (await (await page.request.get('/api/trades?symbol=AAPL')).json()) as { trades: { id: string }[] };
    await page.request.delete(`/api/trades/${list.trades[0]!.id}`, { headers: sameOrigin() });

    // The accounts answer late: the file is chosen first.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/accounts', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/import');
    await waitForHydration(page);
    await page.getByTestId('import-file-input').setInputFiles({
      name: 'again.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(FILE),
    });
    setTimeout(release, 500);
    await page.getByTestId('import-preview').waitFor();
    const note = page.getByTestId('import-preview').getByTestId('import-recently-deleted');
    await note.waitFor();
    expect(await note.textContent()).toContain('2 fills match trades in Recently deleted');
    expect(await commitButton(page).textContent()).toMatch(/^Import 0 executions/);
    expect(errors).toEqual([]);
  });
});
