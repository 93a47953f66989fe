import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { control, uniqueEmail } from './helpers/control';
import { DESKTOP, PHONE, visit } from './helpers/pages';
import { signInNewUser, useBrowser } from './helpers/session';

/** Settings → Profile: names, time zone, base currency, default risk, and an email change by link. */

const browser = useBrowser();
const PASSWORD = 'Str0ng!pass';

async function signedIn(viewport: {
  width: number;
  height: number;
}): Promise<{ page: Page; email: string; errors: string[] }> {
  const { page, errors } = await browser.open(viewport);
  const email = await signInNewUser(page, {
    label: 'profile',
    password: PASSWORD,
    firstName: 'Grace',
    lastName: 'Hopper',
  });
  return { page, email, errors };
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('Settings → Profile (%s)', (name, viewport) => {
  it('edits the profile, keeps it across a reload, and names a wrong field', async () => {
    const { page, errors } = await signedIn(viewport);
    await visit(page, '/settings');
    const profile = page.getByRole('form', { name: 'Profile' });
    await expect(profile.getByLabel('First name').inputValue()).resolves.toBe('Grace');
    expect(await page.getByText('Editing your profile is coming soon').count()).toBe(0);

    await profile.getByLabel('Time zone').fill('Mars/Olympus');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText('Choose a time zone such as America/New_York').waitFor();

    await profile.getByLabel('First name').fill('Ada');
    await profile.getByLabel('Time zone').fill('Asia/Kolkata');
    await profile.getByLabel('Base currency').fill('EUR');
    await profile.getByLabel('Default risk per trade').fill('125.50');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved').first().waitFor();

    await page.reload({ waitUntil: 'networkidle' });
    const reloaded = page.getByRole('form', { name: 'Profile' });
    await reloaded.getByLabel('First name').waitFor();
    expect(await reloaded.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await reloaded.getByLabel('Time zone').inputValue()).toBe('Asia/Kolkata');
    expect(await reloaded.getByLabel('Base currency').inputValue()).toBe('EUR');
    expect(await reloaded.getByLabel('Default risk per trade').inputValue()).toBe('125.5');
    expect(await reloaded.getByRole('button', { name: 'Save profile' }).isDisabled()).toBe(true);

    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/settings-profile-${name}.png`, fullPage: false });
    // The wrong time zone's 400 is the one error expected.
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
  });

  it('changes the email once the link sent to the new address is opened', async () => {
    const { page, email } = await signedIn(viewport);
    await visit(page, '/settings');
    await page.getByRole('button', { name: 'Change email' }).click();
    const form = page.getByRole('form', { name: 'Change email' });
    const newEmail = uniqueEmail('profile-new');
    await form.getByLabel('New email').fill(newEmail);
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await form.getByText('Current password is incorrect').waitFor();

    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `We sent a link to ${newEmail}` })
      .waitFor();
    // Still the old address until the link is opened.
    const emailSection = page.getByRole('region', { name: 'Email' });
    await emailSection.getByText(email, { exact: true }).waitFor();

    const link = new URL((await control.latestMail(newEmail, 'email-change')).meta!.url!);
    await page.goto(`${link.pathname}${link.search}`, { waitUntil: 'networkidle' });
    expect(new URL(page.url()).pathname).toBe('/settings');
    await page.getByText('Email changed').first().waitFor();
    await page.getByRole('region', { name: 'Email' }).getByText(newEmail, { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });
});
