import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { DESKTOP, PHONE } from './helpers/pages';
import { sameOrigin, signInNewUser, useBrowser } from './helpers/session';

/** Deleting trades with undo (issue 43 item 2): the toast's Undo, and Settings → Recently deleted. */

const { open } = useBrowser();
const PASSWORD = 'Str0ng!pass';
const SHOTS = '/tmp/shots-del';

type TradeJson = { id: string; symbol: string; notes: string; stopPrice: string | null };

/** A signed-in user with two closed trades; the AAPL one carries a note and a stop. */
async function seed(page: Page): Promise<{ aapl: string }> {
  await signInNewUser(page, { label: 'delete', password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
  const account = await page.request.post('/api/accounts', { headers: sameOrigin(), data: { name: 'Main' } });
  const { id: accountId } = (await account.json()) as { id: string };
  const ids: Record<string, string> = {};
  for (const [symbol, day] of [
    ['AAPL', '02'],
    ['MSFT', '03'],
  ] as const) {
    const res = await page.request.post('/api/trades', {
      headers: sameOrigin(),
      data: {
        accountId,
        symbol,
        direction: 'long',
        quantity: '10',
        entryPrice: '100',
        exitPrice: '105',
        entryAt: `2025-01-${day}T14:30:00Z`,
        exitAt: `2025-01-${day}T15:30:00Z`,
      },
    });
    expect(res.status()).toBe(201);
    ids[symbol] = ((await res.json()) as { id: string }).id;
  }
  const patched = await page.request.patch(`/api/trades/${ids.AAPL}`, {
    headers: sameOrigin(),
    data: { notes: 'Waited for the retest', stopPrice: '98' },
  });
  expect(patched.status()).toBe(200);
  return { aapl: ids.AAPL! };
}

const rows = (page: Page) => page.getByTestId('trade-row');
/** The listed trades' symbols (a phone's row starts with it, then side and time). */
const symbols = async (page: Page) =>
  (await rows(page).locator('[role="cell"]:nth-child(2)').allTextContents())
    .map((text) => /^(AAPL|MSFT)/.exec(text.trim())?.[1] ?? text)
    .sort();

async function deleteFromDialog(page: Page, tradeId: string) {
  await page.goto(`/trades?trade=${tradeId}`);
  const dialog = page.getByTestId('trade-dialog');
  await dialog.getByLabel('Notes').waitFor();
  await dialog.getByTestId('trade-delete').click();
  await dialog.waitFor({ state: 'detached' });
}

describe('deleting a trade with undo', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('undoes from the toast, and restores from Settings → Recently deleted on %s', async (name, viewport) => {
    mkdirSync(SHOTS, { recursive: true });
    const { page, errors } = await open(viewport);
    const { aapl } = await seed(page);

    await deleteFromDialog(page, aapl);
    const toast = page.getByTestId('toast').filter({ hasText: 'Deleted the AAPL trade' });
    await toast.waitFor();
    await expect.poll(() => symbols(page)).toEqual(['MSFT']);
    await page.screenshot({ path: `${SHOTS}/toast-${name}.png` });
    expect(await findSeriousViolations(page)).toEqual([]);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Restored 1 trade' }).waitFor();
    await expect.poll(() => symbols(page)).toEqual(['AAPL', 'MSFT']);
    const back = (await (await page.request.get(`/api/trades/${aapl}`)).json()) as TradeJson;
    expect(back).toMatchObject({ id: aapl, notes: 'Waited for the retest', stopPrice: '98' });

    await deleteFromDialog(page, aapl);
    await page.getByTestId('toast').filter({ hasText: 'Deleted the AAPL trade' }).waitFor();
    await page.goto('/settings');
    const card = page.getByTestId('recently-deleted');
    const item = card.getByRole('listitem').filter({ hasText: 'AAPL' });
    await item.waitFor();
    expect(await item.textContent()).toContain('+$50.00');
    expect(await item.getByTestId('days-left').textContent()).toBe('30 days left');
    await item.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/recently-deleted-${name}.png` });
    expect(await findSeriousViolations(page)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
    await item.getByRole('button', { name: /^Restore/ }).click();
    await page.getByTestId('toast').filter({ hasText: 'Restored 1 trade' }).waitFor();
    await card.getByText('Nothing deleted in the last 30 days.').waitFor();

    await page.goto('/trades');
    await rows(page).first().waitFor();
    await expect.poll(() => symbols(page)).toEqual(['AAPL', 'MSFT']);
    expect(errors).toEqual([]);
  });

  it('asks before a bulk delete without saying it cannot be undone, then offers Undo', async () => {
    const { page } = await open(DESKTOP);
    await seed(page);
    await page.goto('/trades');
    await rows(page).first().waitFor();
    await page.getByLabel('Select MSFT trade').check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByTestId('confirm-delete-dialog');
    expect(await confirm.textContent()).not.toContain('cannot be undone');
    expect(await confirm.textContent()).toContain('Recently deleted');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Deleted 1 trade' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => symbols(page)).toEqual(['AAPL', 'MSFT']);
  });
});
