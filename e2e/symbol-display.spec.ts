import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findSeriousViolations } from './helpers/axe';
import { DESKTOP, PHONE } from './helpers/pages';
import { sameOrigin, signInNewUser, useBrowser } from './helpers/session';

/** #43 item 4: options and futures read as traders read them; prices at the instrument's tick. */

const { open } = useBrowser();

/** A signed-in user with an option trade (three fills, an average of thirds) and a futures trade. */
async function seed(page: Page) {
  await signInNewUser(page, { label: 'symbols', password: 'Str0ng!pass', firstName: 'Ada', lastName: 'Lovelace' });
  const account = await page.request.post('/api/accounts', { headers: sameOrigin(), data: { name: 'Main' } });
  const { id: accountId } = (await account.json()) as { id: string };
  const fill = (symbol: string, assetClass: string, minute: number, side: string, quantity: string, price: string) => ({
    executedAt: `2025-01-10T15:${String(minute).padStart(2, '0')}:00Z`,
    symbol,
    assetClass,
    side,
    quantity,
    price,
  });
  const res = await page.request.post('/api/executions', {
    headers: sameOrigin(),
    data: {
      accountId,
      executions: [
        fill('QQQ   250117P00460000', 'option', 1, 'buy', '1', '4.05'),
        fill('QQQ   250117P00460000', 'option', 2, 'buy', '1', '4.05'),
        fill('QQQ   250117P00460000', 'option', 3, 'buy', '1', '4.10'),
        fill('QQQ   250117P00460000', 'option', 4, 'sell', '3', '5.20'),
        fill('MESH25', 'future', 5, 'buy', '2', '6010.25'),
        fill('MESH25', 'future', 6, 'sell', '2', '6012.5'),
      ],
    },
  });
  expect(res.status()).toBe(200);
}

const optionRow = (page: Page) => page.getByTestId('trade-row').filter({ hasText: 'QQQ 17 Jan 25 460 P' });

describe('symbols and prices as traders read them', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`shows the option and the future in their readable form at ${viewport.width} px`, async () => {
      const { page, errors } = await open(viewport);
      await seed(page);
      await page.goto('/trades');
      await optionRow(page).waitFor();
      // The OCC code in the tooltip, the readable form whole (never cut to look like another contract).
      const symbol = optionRow(page).getByTitle('QQQ   250117P00460000');
      expect(await symbol.textContent()).toBe('QQQ 17 Jan 25 460 P');
      const box = await symbol.boundingBox();
      const cell = await symbol.evaluate((el) => {
        const parent = el.closest('button') ?? el;
        return { scroll: parent.scrollWidth, client: parent.clientWidth };
      });
      expect(box?.width).toBeGreaterThan(0);
      expect(cell.scroll).toBeLessThanOrEqual(cell.client);
      await expect(page.getByTestId('trade-row').filter({ hasText: 'MES Mar 25' }).count()).resolves.toBe(1);

      if (viewport === DESKTOP) {
        // The average of 4.05, 4.05 and 4.10 to one place beyond the cent: 4.067, not 4.06666667.
        expect(await optionRow(page).locator('[data-column="avgEntryPrice"]').textContent()).toBe('4.067');
      }
      await optionRow(page).getByRole('button').first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('QQQ 17 Jan 25 460 P', { exact: false }).first().waitFor();
      await dialog.getByText('4.067', { exact: true }).waitFor();
      expect(await findSeriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
