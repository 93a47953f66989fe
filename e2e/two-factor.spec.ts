import { describe, expect, it } from 'vitest';
import { totpCodeAt } from '../test/helpers/totp';
import { findSeriousViolations } from './helpers/axe';
import { DESKTOP, PHONE, visit } from './helpers/pages';
import { signInNewUser, useBrowser } from './helpers/session';

/** Settings → Two-factor sign-in: enrolment with the QR code and key, recovery codes, and signing in with a code. */

const browser = useBrowser();
const PASSWORD = 'Str0ng!pass';

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('two-factor sign-in (%s)', (name, viewport) => {
  it('turns on from Settings with a first code, shows the recovery codes once, then signs in with a code', async () => {
    const { page, errors } = await browser.open(viewport);
    const email = await signInNewUser(page, {
      label: `2fa-${name}`,
      password: PASSWORD,
      firstName: 'Ada',
      lastName: 'L',
    });
    await visit(page, '/settings');
    const card = page.locator('#security');
    await expect(card.getByTestId('two-factor-status').textContent()).resolves.toBe('Off');
    await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const qr = card.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const secret = (await card.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/two-factor-enrol-${name}.png` });
    const form = card.getByRole('form', { name: 'Confirm two-factor sign-in' });
    await form.getByLabel('Code from the app').fill('000000');
    await form.getByRole('button', { name: 'Turn on' }).click();
    await form.getByText(/That code is not right/).waitFor();
    await form.getByLabel('Code from the app').fill(await totpCodeAt(secret, new Date()));
    await form.getByRole('button', { name: 'Turn on' }).click();
    await card.getByText('Save your recovery codes now').waitFor();
    expect(await card.getByTestId('recovery-code').count()).toBe(10);
    await expect(card.getByTestId('two-factor-status').textContent()).resolves.toMatch(
      /^On since .* 10 recovery codes left$/,
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await findSeriousViolations(page)).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/two-factor-codes-${name}.png` });
    await card.getByRole('button', { name: 'I have saved them' }).click();
    expect(await card.getByTestId('recovery-code').count()).toBe(0);

    // Sign out, then in: the password, then the code step.
    await page.goto('/api/logout');
    await page.waitForURL(/\/login$/);
    await visit(page, '/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const step = page.getByRole('form', { name: 'Two-factor code' });
    await step.getByLabel('Authentication code').waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/two-factor-login-${name}.png` });
    await step.getByLabel('Authentication code').fill('000000');
    await step.getByRole('button', { name: 'Verify' }).click();
    await step.getByText(/That code is not right/).waitFor();
    // The enrolling code's step is used up: the app's next code (one step ahead is accepted).
    await step.getByLabel('Authentication code').fill(await totpCodeAt(secret, new Date(Date.now() + 30_000)));
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The wrong codes' 400 and 401 are the errors expected.
    expect(errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
  });
});
