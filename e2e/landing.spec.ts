import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, PHONE, visit } from './helpers/pages';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('landing page', () => {
  it('has the seed’s navigation, sections and footer links', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/', { waitUntil: 'networkidle' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Features', '/features'],
      ['Pricing', '/pricing'],
      ['Learning Center', '/help'],
      ['About', '/about'],
      ['Sign In', '/login'],
    ]) {
      expect(await nav.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
    }
    expect(await nav.getByRole('button', { name: 'Start Free Trial' }).isVisible()).toBe(true);
    for (const id of [
      'why-fail',
      'features',
      'goals-demo',
      'how-it-works',
      'testimonials',
      'pricing-teaser',
      'final-cta',
    ]) {
      expect(await page.locator(`#${id}`).count(), id).toBe(1);
    }
    expect(await page.getByRole('link', { name: 'Purchase Now' }).getAttribute('href')).toBe('/pricing');
    const footer = page.getByRole('contentinfo');
    for (const href of [
      '/features',
      '/pricing',
      '/brokers',
      '/education',
      '/help',
      '/about',
      '/contact',
      '/terms-of-service',
    ]) {
      expect(await footer.locator(`a[href="${href}"]`).count(), href).toBeGreaterThan(0);
    }
    // Issue 43 publishes the policy the seed left as an empty anchor.
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(await page.getByText('Illustrative', { exact: true }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('opens the signup modal from Start Free Trial and closes it with Cancel and Escape', async () => {
    const { page, context } = await openPage(browser);
    await visit(page, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Start Free Trial' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name: 'Start Your 14-Day Free Trial' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('button', { name: /Start Free Trial/ })
      .nth(1)
      .click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('enables Continue to Payment only when names, an email with @ and an 8-character password are given', async () => {
    const { page, context } = await openPage(browser);
    await visit(page, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Start Free Trial' }).click();
    const dialog = page.getByRole('dialog');
    const submit = dialog.getByRole('button', { name: 'Continue to Payment' });
    expect(await dialog.getByLabel(/email/i).getAttribute('type')).toBe('email');
    expect(await dialog.getByText("At least 8 characters - you'll use this to login").isVisible()).toBe(true);
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel(/first name/i).fill('Ann');
    await dialog.getByLabel(/last name/i).fill('Lee');
    await dialog.getByLabel(/email/i).fill('ann.example.com');
    await dialog.getByLabel('Password', { exact: true }).fill('12345678');
    expect(await submit.isDisabled(), 'email without @').toBe(true);
    await dialog.getByLabel(/email/i).fill('ann@example.com');
    await dialog.getByLabel('Password', { exact: true }).fill('1234567');
    expect(await submit.isDisabled(), '7-character password').toBe(true);
    await dialog.getByLabel('Password', { exact: true }).fill('12345678');
    expect(await submit.isDisabled()).toBe(false);
    await dialog.getByLabel(/first name/i).fill('');
    expect(await submit.isDisabled(), 'no first name').toBe(true);
    await context.close();
  });

  it('has a working mobile menu at 390 px', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await visit(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#landing-mobile-menu');
    await menu.waitFor();
    expect(await menu.getByRole('link', { name: 'Pricing' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'detached' });
    await context.close();
  });
});
