import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { DESKTOP, PHONE } from './helpers/pages';
import { signInNewUser, useBrowser } from './helpers/session';

/**
 * #39: Settings → API tokens. A trader makes a read-only token for one area with an expiry, copies
 * it (shown once), sees it listed, a script uses it, and revoking it shuts the script out.
 */

const { open } = useBrowser();
const SHOTS = '/tmp/shots-h43';

/** A request as a script makes it: the token only, no session cookie. Answers the status and the rate-limit header. */
function callWithToken(page: Page, path: string, token: string) {
  return page.evaluate(
    async ({ path, token }) => {
      const res = await fetch(path, { headers: { authorization: `Bearer ${token}` }, credentials: 'omit' });
      return { status: res.status, limit: res.headers.get('ratelimit-limit') };
    },
    { path, token },
  );
}

/** The day `days` from now in the user's zone, as the list writes dates ("January 2, 2027"). */
const dayIn = (days: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(new Date(Date.now() + days * 86_400_000));

describe('Settings → API tokens', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'creates a scoped token shown once, lists it, lets it read trades only, and revokes it, on %s',
    async (name, viewport) => {
      mkdirSync(SHOTS, { recursive: true });
      const { page, errors } = await open(viewport);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await signInNewUser(page, { label: 'tokens', password: 'Str0ng!pass', firstName: 'Ada', lastName: 'Lovelace' });
      const { timezone } = (await (await page.request.get('/api/auth/user')).json()) as { timezone: string };
      await page.goto('/settings');
      const form = page.getByRole('form', { name: 'Create API token' });
      await form.waitFor();
      await form.getByLabel('Token name').fill('Trades script');
      // Read-only by default; this one reads trades only.
      for (const scope of ['analytics:read', 'reports:read', 'journal:read'])
        await form.getByRole('checkbox', { name: new RegExp(`^${scope}`) }).uncheck();
      expect(await form.getByRole('checkbox', { name: /^trades:read/ }).isChecked()).toBe(true);
      await form.getByLabel('Expires after').selectOption('30');
      await form.getByRole('button', { name: 'Create token' }).click();

      const shown = page.getByTestId('new-api-token');
      await shown.waitFor();
      const token = (await shown.textContent())!.trim();
      expect(token).toMatch(/^eb_[\w-]{20,}$/);
      expect(await page.getByRole('status').filter({ hasText: 'it is not shown again' }).textContent()).toContain(
        '“Trades script” now (trades:read)',
      );
      await page.getByRole('button', { name: 'Copy token' }).click();
      await page.getByTestId('toast').filter({ hasText: 'Token copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

      const list = page.getByRole('list', { name: 'API tokens' });
      const item = list.getByRole('listitem').filter({ hasText: 'Trades script' });
      await item.waitFor();
      expect(await item.getByTestId('token-scopes').textContent()).toBe('trades:read');
      expect(await item.textContent()).toContain('Read only');
      expect(await item.textContent()).toContain(`Expires ${dayIn(30, timezone)}`);
      expect(await item.textContent()).toContain('Never used');
      await item.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/api-token-created-${name}.png` });
      expect(await findSeriousViolations(page)).toEqual([]);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);

      expect(errors).toEqual([]);
      // A script with the token: its scope's routes answer, with the token's rate limit. (The
      // browser logs each refused call below as a failed resource, and nothing else.)
      const trades = await callWithToken(page, '/api/v1/trades', token);
      expect(trades.status).toBe(200);
      expect(Number(trades.limit)).toBeGreaterThan(0);
      expect((await callWithToken(page, '/api/trades', token)).status).toBe(200);
      // Outside its scope: refused, and never the account's own routes.
      expect((await callWithToken(page, '/api/v1/analytics/summary', token)).status).toBe(403);
      expect((await callWithToken(page, '/api/auth/user', token)).status).toBe(401);
      expect((await callWithToken(page, '/api/tokens', token)).status).toBe(401);

      // Shown once: after a reload only its prefix is listed, now with its last use.
      await page.reload();
      await item.waitFor();
      expect(await shown.count()).toBe(0);
      expect(await page.content()).not.toContain(token);
      expect(await item.textContent()).toContain('Last used');
      expect(await item.textContent()).not.toContain('Never used');

      await item.getByRole('button', { name: 'Revoke Trades script' }).click();
      await page.getByTestId('toast').filter({ hasText: 'Token revoked' }).waitFor();
      await list.waitFor({ state: 'detached' });
      await page.getByText('No tokens yet.').waitFor();
      expect((await callWithToken(page, '/api/v1/trades', token)).status).toBe(401);
      expect(errors.filter((error) => !/^Failed to load resource: .* status of 40[13] /.test(error))).toEqual([]);
    },
  );
});
