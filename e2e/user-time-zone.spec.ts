import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, visit } from './helpers/pages';
import { sameOrigin, signInNewUser, useBrowser } from './helpers/session';

/** Times on the app's pages are the trader's own (Settings → Profile), not the browser's (UTC here). */

const browser = useBrowser();

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])("times in the user's time zone (%s)", (name, viewport) => {
  it('shows a Zerodha fill at 09:21 India as 9:21 AM in the list, the dashboard and the trade', async () => {
    const { page, errors } = await browser.open(viewport);
    await signInNewUser(page, { label: 'zone', password: 'Str0ng!pass', firstName: 'Ravi', lastName: 'Iyer' });
    const patched = await page.request.patch('/api/auth/user', {
      headers: sameOrigin(),
      data: { timezone: 'Asia/Kolkata' },
    });
    expect(patched.ok()).toBe(true);
    const account = (await (
      await page.request.post('/api/accounts', { headers: sameOrigin(), data: { name: 'Zerodha' } })
    ).json()) as { id: string };
    const added = await page.request.post('/api/executions', {
      headers: sameOrigin(),
      data: {
        accountId: account.id,
        executions: [
          { executedAt: '2025-01-16T03:51:00Z', symbol: 'INFY', side: 'buy', quantity: '10', price: '1900' },
          { executedAt: '2025-01-16T09:55:00Z', symbol: 'INFY', side: 'sell', quantity: '10', price: '1910' },
        ],
      },
    });
    expect(added.ok()).toBe(true);

    await visit(page, '/trades');
    await page.getByText('Jan 16, 2025, 3:25 PM').first().waitFor(); // closed 09:55 UTC
    expect(await page.getByText('Jan 16, 2025, 9:55 AM').count()).toBe(0);

    await visit(page, '/dashboard');
    await page.getByText('Jan 16, 2025, 3:25 PM').first().waitFor();

    await visit(page, '/trades');
    await page.getByRole('button', { name: 'INFY' }).first().click();
    const dialog = page.getByTestId('trade-dialog');
    await dialog.getByText('Jan 16, 2025, 9:21 AM').first().waitFor(); // opened 03:51 UTC
    await page.screenshot({ path: `test-results/user-time-zone-${name}.png` });
    expect(errors).toEqual([]);
  }, 180_000);
});
