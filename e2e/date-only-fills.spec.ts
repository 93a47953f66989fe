import { describe, expect, it } from 'vitest';
import { findSeriousViolations } from './helpers/axe';
import { DESKTOP, PHONE } from './helpers/pages';
import { sameOrigin, signInNewUser, useBrowser } from './helpers/session';

/** #43 item 1: a file with dates but no times shows its days, never a made-up time, in any zone. */

const browser = useBrowser();

const SCHWAB = [
  '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
  '"01/16/2025","Sell","AAPL","APPLE INC","10","$230.00","","$2,300.00"',
  '"01/15/2025","Buy","AAPL","APPLE INC","10","$225.00","","-$2,250.00"',
].join('\n');

describe('fills whose file gives no time of day', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`shows the file's days and "time not in file", and the heatmap says it left them out, at ${viewport.width} px`, async () => {
      const { page, errors } = await browser.open(viewport);
      await signInNewUser(page, { label: 'days', password: 'Str0ng!pass', firstName: 'Ed', lastName: 'Thorp' });
      // A trader far from New York: the placeholder midnight would read as the evening before.
      const zone = await page.request.patch('/api/auth/user', {
        headers: sameOrigin(),
        data: { timezone: 'America/Los_Angeles' },
      });
      expect(zone.status()).toBe(200);
      const account = (await (
        await page.request.post('/api/accounts', {
          headers: sameOrigin(),
          data: { name: 'Schwab', timezone: 'America/New_York' },
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

      await page.goto('/trades');
      const row = page.getByTestId('trade-row').first();
      await row.waitFor();
      expect(await row.textContent()).toContain('Jan 16, 2025, time not in file');
      expect(await row.textContent()).not.toMatch(/\d{1,2}:\d{2} [AP]M/);
      await row.getByRole('button').first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Jan 15, 2025, time not in file', { exact: false }).first().waitFor();
      expect(await dialog.textContent()).not.toMatch(/\d{1,2}:\d{2} [AP]M/);
      expect(await findSeriousViolations(page)).toEqual([]);

      await page.goto('/analytics');
      const note = page.getByTestId('heatmap-time-not-in-file');
      await note.waitFor();
      expect(await note.textContent()).toContain('1 trade is left out');

      // Deleted, it keeps its days in Settings → Recently deleted.
      const list = (await (await page.request.get('/api/trades')).json()) as { trades: { id: string }[] };
      const removed = await page.request.delete(`/api/trades/${list.trades[0]!.id}`, { headers: sameOrigin() });
      expect(removed.status()).toBe(200);
      await page.goto('/settings');
      const card = page.getByTestId('recently-deleted');
      await card.getByText('AAPL').waitFor();
      expect(await card.textContent()).toContain('Jan 15, 2025 – Jan 16, 2025, time not in file');
      expect(await card.textContent()).not.toContain('January 14');
      expect(errors).toEqual([]);
    });
  }
});
