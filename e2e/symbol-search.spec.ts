import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findSeriousViolations } from './helpers/axe';
import { DESKTOP, PHONE } from './helpers/pages';
import { sameOrigin, signInNewUser, useBrowser } from './helpers/session';

/**
 * #43 item 4: the trader finds a trade by what they call it — the broker's own contract code
 * (`MESH5` for the future shown as `MES Mar 25`) — typing into the symbol search, which follows the
 * typing without a request per keystroke; the trade says what its broker's file called it.
 */

const browser = useBrowser();

const ZERODHA = [
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time,expiry_date',
  'NIFTY25JANFUT,,2025-01-15,NFO,FO,,buy,false,75,23500.00,91002345,1200000023456791,2025-01-15T10:02:11,2025-01-30',
  'NIFTY25JANFUT,,2025-01-15,NFO,FO,,sell,false,75,23550.00,91002346,1200000023456792,2025-01-15T11:00:00,2025-01-30',
].join('\n');

async function importFile(page: Page, file: { account: string; name: string; content: string; currency?: string }) {
  const account = (await (
    await page.request.post('/api/accounts', {
      headers: sameOrigin(),
      data: { name: file.account, ...(file.currency ? { currency: file.currency } : {}) },
    })
  ).json()) as { id: string };
  const upload = await page.request.post('/api/imports', {
    headers: sameOrigin(),
    multipart: {
      accountId: account.id,
      file: { name: file.name, mimeType: 'text/csv', buffer: Buffer.from(file.content) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  const commit = await page.request.post(`/api/imports/${id}/commit`, {
    headers: sameOrigin(),
    data: { accountId: account.id },
  });
  expect(commit.status()).toBe(200);
}

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

const rowTexts = (page: Page) => page.getByTestId('trade-row').allTextContents();

describe('finding a trade by its broker’s symbol', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`searches as the trader types, by the broker's code, at ${viewport.width} px`, async () => {
      const { page, errors } = await browser.open(viewport);
      await signInNewUser(page, { label: 'symsearch', password: 'Str0ng!pass', firstName: 'Ed', lastName: 'Seykota' });
      await importFile(page, {
        account: 'IBKR',
        name: 'ibkr.csv',
        content: readFileSync('test/fixtures/import/brokers/interactive-brokers.csv', 'utf8'),
      });
      await importFile(page, { account: 'Zerodha', name: 'tradebook.csv', content: ZERODHA, currency: 'INR' });

      const searches: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        // The list sends its filter as JSON (`filter={"search":…}`).
        const filter = url.pathname === '/api/trades' ? url.searchParams.get('filter') : null;
        const search = filter ? (JSON.parse(filter) as { search?: string }).search : undefined;
        if (search !== undefined) searches.push(search);
      });
      await page.goto('/trades');
      await page.getByTestId('trade-row').first().waitFor();
      const isPhone = viewport.width === PHONE.width;
      if (isPhone) await page.getByRole('button', { name: /^Filters/ }).click();
      const scope = isPhone ? page.getByRole('dialog', { name: 'Filters' }) : page.getByRole('search');
      const input = scope.getByLabel('Symbol search');
      await input.pressSequentially('mesh5', { delay: 40 }); // no Enter: the list follows the typing
      await page.waitForURL((url) => url.searchParams.get('search') === 'mesh5');
      if (isPhone) await scope.getByRole('button', { name: 'Done' }).click();
      await expect.poll(async () => (await rowTexts(page)).length).toBeGreaterThan(0);
      await expect.poll(async () => (await rowTexts(page)).every((text) => text.includes('MES Mar 25'))).toBe(true);
      // Requests for the whole word only, none for the letters typed on the way (debounced).
      expect(searches.length).toBeGreaterThan(0);
      expect(searches.filter((text) => text !== 'mesh5')).toEqual([]);
      await shoot(page, `symbol-search-${viewport.width}`);

      await page.getByTestId('trade-row').first().getByRole('button').first().click();
      const dialog = page.getByRole('dialog');
      const note = dialog.getByTestId('trade-broker-symbol');
      await note.waitFor();
      expect(await note.textContent()).toBe('In your broker’s file: MESH5');
      expect(await findSeriousViolations(page)).toEqual([]);
      await shoot(page, `symbol-search-dialog-${viewport.width}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // NIFTY25JANFUT, as Zerodha writes it, finds the future Edgebook shows in its own form.
      if (isPhone) await page.getByRole('button', { name: /^Filters/ }).click();
      await input.fill('');
      await input.pressSequentially('NIFTY25JANFUT');
      await page.waitForURL((url) => url.searchParams.get('search') === 'NIFTY25JANFUT');
      if (isPhone) await scope.getByRole('button', { name: 'Done' }).click();
      await expect.poll(async () => (await rowTexts(page)).length).toBe(1);
      expect((await rowTexts(page))[0]).toContain('NIFTY');
      expect(errors).toEqual([]);
    });
  }
});
