import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { control, uniqueEmail } from './helpers/control';
import { baseUrl, DESKTOP, launchBrowser, openPage, PHONE } from './helpers/pages';

/** Settings → sample data, accounts and tags, and the /trades sample-data empty state and banner. */

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

async function signedIn(viewport = DESKTOP): Promise<{ page: Page; errors: string[] }> {
  const { page, context, errors } = await openPage(browser, viewport);
  contexts.push(context);
  const email = uniqueEmail('settings-data');
  await control.createUser({ email, password: PASSWORD, firstName: 'Grace', lastName: 'Hopper' });
  const login = await page.request.post('/api/auth/login', {
    headers: originHeader(),
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  return { page, errors };
}

async function post(page: Page, path: string, data: unknown): Promise<unknown> {
  const res = await page.request.post(path, { headers: originHeader(), data });
  expect(res.ok()).toBe(true);
  return res.json();
}

const tradeRows = (page: Page) => page.getByTestId('trade-row');
const toastWith = (page: Page, text: string) => page.locator('[role="status"], li').filter({ hasText: text }).first();

describe('sample data', () => {
  it('loads from the empty /trades page in one click and removes from the banner in one click', async () => {
    const { page, errors } = await signedIn();
    await page.goto('/trades');
    const empty = page.getByTestId('trades-empty');
    await empty.waitFor();
    await empty.getByRole('button', { name: 'Load sample data' }).click();
    await tradeRows(page).first().waitFor({ timeout: 30_000 });
    await toastWith(page, 'Sample data loaded').waitFor();
    const banner = page.getByTestId('sample-data-banner');
    expect(await banner.textContent()).toContain('Showing sample data — remove it');
    expect(await tradeRows(page).count()).toBeGreaterThan(5);

    await banner.getByRole('button', { name: 'remove it' }).click();
    await page.getByTestId('trades-empty').waitFor({ timeout: 30_000 });
    await toastWith(page, 'Sample data removed').waitFor();
    expect(await banner.count()).toBe(0);
    expect(await tradeRows(page).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('loads from Settings and removes after a confirmation', async () => {
    const { page } = await signedIn();
    await page.goto('/settings');
    const card = page.getByTestId('sample-data-card');
    await card.getByRole('button', { name: 'Load sample data' }).click();
    await card.getByText('Sample data is loaded').waitFor({ timeout: 30_000 });
    await page.getByTestId('accounts-card').getByText('Sample account').waitFor();

    await card.getByRole('button', { name: 'Remove sample data' }).click();
    const dialog = page.getByTestId('remove-sample-dialog');
    await dialog.getByRole('button', { name: 'Remove sample data' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await card.getByRole('button', { name: 'Load sample data' }).waitFor();
    expect(await page.getByTestId('accounts-card').getByText('Sample account').count()).toBe(0);
  });
});

describe('Settings → Accounts', () => {
  it('creates, edits and deletes an account, stating how many trades go with it', async () => {
    const { page, errors } = await signedIn();
    await page.goto('/settings');
    const card = page.getByTestId('accounts-card');
    await card.getByText('No accounts yet').waitFor();

    await card.getByRole('button', { name: 'New account' }).click();
    let dialog = page.getByTestId('account-dialog');
    await dialog.getByLabel('Name').fill('Swing IRA');
    await dialog.getByLabel('Broker').fill('Charles Schwab');
    await dialog.getByLabel('Starting balance').fill('25000.50');
    await dialog.getByLabel('Timezone of its files').selectOption('America/Chicago');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = card.getByTestId('account-row').filter({ hasText: 'Swing IRA' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Charles Schwab');
    expect(await row.textContent()).toContain('$25,000.50');
    expect(await row.textContent()).toContain('America/Chicago');

    await row.getByRole('button', { name: 'Edit Swing IRA' }).click();
    dialog = page.getByTestId('account-dialog');
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Swing IRA');
    await dialog.getByLabel('Name').fill('Roth IRA');
    await dialog.getByLabel('Currency').fill('cad');
    await dialog.getByRole('button', { name: 'Save account' }).click();
    await dialog.waitFor({ state: 'detached' });
    const renamed = card.getByTestId('account-row').filter({ hasText: 'Roth IRA' });
    await renamed.waitFor();
    expect(await renamed.textContent()).toContain('CAD');

    // Two trades in it, so the confirmation has something to count.
    const { accounts } = (await (await page.request.get('/api/accounts')).json()) as { accounts: { id: string }[] };
    await post(page, '/api/executions', {
      accountId: accounts[0]!.id,
      executions: ['AAPL', 'MSFT'].flatMap((symbol) => [
        { executedAt: '2025-01-02T15:00:00Z', symbol, side: 'buy', quantity: '1', price: '10' },
        { executedAt: '2025-01-02T15:05:00Z', symbol, side: 'sell', quantity: '1', price: '11' },
      ]),
    });
    await renamed.getByRole('button', { name: 'Delete Roth IRA' }).click();
    const confirm = page.getByTestId('delete-account-dialog');
    await expect
      .poll(() => confirm.getByTestId('delete-account-summary').textContent())
      .toBe('This deletes the account and 2 trades with it. This cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete account' }).click();
    await confirm.waitFor({ state: 'detached' });
    await card.getByText('No accounts yet').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('Settings → Tags', () => {
  it('renames a tag and merges one into another without duplicates', async () => {
    const { page, errors } = await signedIn();
    const account = (await post(page, '/api/accounts', { name: 'Main' })) as { id: string };
    const added = (await post(page, '/api/executions', {
      accountId: account.id,
      executions: ['AAPL', 'MSFT'].flatMap((symbol) => [
        { executedAt: '2025-01-02T15:00:00Z', symbol, side: 'buy', quantity: '1', price: '10' },
        { executedAt: '2025-01-02T15:05:00Z', symbol, side: 'sell', quantity: '1', price: '11' },
      ]),
    })) as { trades: { id: string }[] };
    const fomo = (await post(page, '/api/tags', { name: 'fomo' })) as { id: string };
    const chase = (await post(page, '/api/tags', { name: 'Chased', group: 'mistake' })) as { id: string };
    const [first, second] = added.trades;
    for (const [id, tags] of [
      [first!.id, [fomo.id, chase.id]],
      [second!.id, [chase.id]],
    ] as const) {
      const res = await page.request.patch(`/api/trades/${id}`, { headers: originHeader(), data: { tags } });
      expect(res.status()).toBe(200);
    }

    await page.goto('/settings');
    const card = page.getByTestId('tags-card');
    const tagRow = (name: string) => card.getByTestId('tag-row').filter({ has: page.getByText(name, { exact: true }) });
    await tagRow('Chased').waitFor();
    expect(await tagRow('Chased').getByTestId('tag-count').textContent()).toBe('2 trades');

    await tagRow('fomo').getByRole('button', { name: 'Edit fomo' }).click();
    const edit = page.getByTestId('tag-dialog');
    await edit.getByLabel('Name').fill('FOMO');
    await edit.getByLabel('Group').fill('mistake');
    await edit.getByRole('button', { name: 'Save tag' }).click();
    await edit.waitFor({ state: 'detached' });
    await tagRow('FOMO').waitFor();
    expect(await tagRow('FOMO').textContent()).toContain('mistake');

    await tagRow('Chased').getByRole('button', { name: 'Merge Chased into another tag' }).click();
    const merge = page.getByTestId('merge-tag-dialog');
    await merge.getByLabel('Merge into').selectOption({ label: 'FOMO (mistake)' });
    await merge.getByRole('button', { name: 'Merge into FOMO' }).click();
    await merge.waitFor({ state: 'detached' });
    await expect.poll(() => card.getByTestId('tag-name').allTextContents()).toEqual(['FOMO']);
    await expect.poll(() => tagRow('FOMO').getByTestId('tag-count').textContent()).toBe('2 trades');
    const trade = (await (await page.request.get(`/api/trades/${first!.id}`)).json()) as { tags: { name: string }[] };
    expect(trade.tags.map((t) => t.name)).toEqual(['FOMO']);
    expect(errors).toEqual([]);
  });
});

describe('Settings accessibility', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('has no serious axe violations with accounts, tags and sample data loaded (%s)', async (_name, viewport) => {
    const { page, errors } = await signedIn(viewport);
    await post(page, '/api/sample-data', {});
    await page.goto('/settings');
    await page.getByTestId('tags-card').getByTestId('tag-row').first().waitFor();
    await page.getByTestId('sample-data-card').getByText('Sample data is loaded').waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.getByTestId('sample-data-card').getByRole('button', { name: 'Remove sample data' }).click();
    await page.getByTestId('remove-sample-dialog').waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
