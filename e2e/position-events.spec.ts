import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findSeriousViolations } from './helpers/axe';
import { DESKTOP, PHONE } from './helpers/pages';
import { sameOrigin, signInNewUser, useBrowser } from './helpers/session';

/**
 * Issue #45 in the browser: a Schwab history with splits, a name change, dividends, a reinvestment
 * and journaled shares, imported on /import; the preview names the events, and the NVDA trade
 * lists its dividend and its split in time order with its fills. SHOTS=<dir> saves screenshots.
 */

const browser = useBrowser();
const SCHWAB = readFileSync(join(import.meta.dirname, '../test/fixtures/import/position-events/charles-schwab.csv'));

async function screenshot(page: Page, name: string) {
  const dir = process.env.SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

describe('position events from a Schwab file', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`are named in the preview and listed on the trade in time order, at ${viewport.width} px`, async () => {
      const { page, errors } = await browser.open(viewport);
      await signInNewUser(page, { label: 'events', password: 'Str0ng!pass', firstName: 'Jack', lastName: 'Bogle' });
      const account = await page.request.post('/api/accounts', {
        headers: sameOrigin(),
        data: { name: 'Schwab', timezone: 'America/New_York' },
      });
      expect(account.status()).toBe(201);

      await page.goto('/import');
      await page.getByTestId('drop-zone').waitFor();
      await page.getByTestId('import-file-input').setInputFiles({
        name: 'charles-schwab.csv',
        mimeType: 'text/csv',
        buffer: SCHWAB,
      });
      const note = page.getByTestId('import-commit-note');
      await note.getByText('Position events applied', { exact: false }).waitFor();
      expect(await note.textContent()).toContain(
        'Position events applied: 1 transfer, 2 dividends, 1 reinvestment, 2 splits, 1 symbol change.',
      );
      expect(await findSeriousViolations(page)).toEqual([]);
      await screenshot(page, `import-preview-${viewport.width}`);
      await page.getByTestId('import-commit').click();
      await page.getByTestId('import-result').getByText('Import finished').waitFor();

      await page.goto('/trades');
      const row = page.getByTestId('trade-row').filter({ hasText: 'NVDA' });
      await row.waitFor();
      await row.getByRole('button').first().click();
      const dialog = page.getByRole('dialog');
      const events = dialog.getByRole('list', { name: 'Position events (2)' });
      await events.waitFor();
      // In time order: the dividend in March, the 10-for-1 split in June, each with its file row.
      expect(await events.getByRole('listitem').allTextContents()).toEqual([
        '2024-03-15Dividend 4 USD (income, not in net P&L)(file row 13)',
        '2024-06-10Split, 10 new per old share(file row 6)',
      ]);
      // With the fills as the file gave them: 10 bought at 500 before the split, 100 sold at 120 after.
      const fills = (await dialog.getByRole('region', { name: 'Executions (2)' }).first().textContent()) ?? '';
      expect(fills).toMatch(/buy \(entry\)\D*10\D*500\.00[\s\S]*sell \(exit\)\D*100\D*120\.00/);
      expect(await dialog.textContent()).toContain('Income (dividends, rewards): +$4.00, not in net P&L');
      // Closed flat through the split: no "sold beyond the position" residual.
      expect(await dialog.textContent()).not.toContain('Residual');
      expect(await findSeriousViolations(page)).toEqual([]);
      await screenshot(page, `nvda-trade-${viewport.width}`);
      expect(errors).toEqual([]);
    });
  }

  it('asks once for the cost basis of shares transferred in without one', async () => {
    const { page, errors } = await browser.open(DESKTOP);
    await signInNewUser(page, { label: 'basis', password: 'Str0ng!pass', firstName: 'Jack', lastName: 'Bogle' });
    const account = (await (
      await page.request.post('/api/accounts', {
        headers: sameOrigin(),
        data: { name: 'Schwab', timezone: 'America/New_York' },
      })
    ).json()) as { id: string };
    const upload = await page.request.post('/api/imports', {
      headers: sameOrigin(),
      multipart: { accountId: account.id, file: { name: 'schwab.csv', mimeType: 'text/csv', buffer: SCHWAB } },
    });
    const { id } = (await upload.json()) as { id: string };
    const commit = await page.request.post(`/api/imports/${id}/commit`, {
      headers: sameOrigin(),
      data: { accountId: account.id },
    });
    expect(commit.status()).toBe(200);

    await page.goto('/trades');
    const row = page.getByTestId('trade-row').filter({ hasText: 'AAPL' });
    await row.waitFor();
    await row.getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    const input = dialog.getByLabel('Cost basis per share (USD)');
    await input.waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
    await screenshot(page, 'aapl-cost-basis-asked');
    await input.fill('170');
    await input.press('Enter');
    await dialog.getByText('Transfer in: 5 at a cost basis of 170').waitFor();
    expect(await dialog.getByLabel('Cost basis per share (USD)').count()).toBe(0);
    // Saved: the trade's average entry is the cost basis now.
    const trades = (await (await page.request.get('/api/trades?symbol=AAPL')).json()) as {
      trades: { avgEntryPrice: string }[];
    };
    expect(trades.trades[0]?.avgEntryPrice).toBe('170');
    await screenshot(page, 'aapl-cost-basis-given');
    expect(errors).toEqual([]);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`Settings says income is kept out of net P&L by default, and the switch counts it, at ${viewport.width} px`, async () => {
      const { page, errors } = await browser.open(viewport);
      await signInNewUser(page, { label: 'income', password: 'Str0ng!pass', firstName: 'Jack', lastName: 'Bogle' });
      await page.goto('/settings');
      const toggle = page.getByRole('switch', { name: 'Count income in net P&L' });
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await page.getByText('Income is not counted in net P&L.').waitFor();
      await toggle.scrollIntoViewIfNeeded();
      expect(await findSeriousViolations(page)).toEqual([]);
      await toggle.click();
      await page.getByText('Income is counted in net P&L.').waitFor();
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      const me = (await (await page.request.get('/api/auth/user')).json()) as { isIncomeInNetPnl: boolean };
      expect(me.isIncomeInNetPnl).toBe(true);
      // The card alone: the settings page is long.
      const card = page.getByRole('heading', { name: 'Dividends and rewards' }).locator('xpath=..');
      if (process.env.SHOTS)
        await card.screenshot({ path: `${process.env.SHOTS}/income-setting-${viewport.width}.png` });
      expect(errors).toEqual([]);
    });
  }
});
