import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_PUBLIC_CONFIG } from '../src/core/config/operator';
import { launchBrowser, openPage, visit } from './helpers/pages';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function fillContactForm(page: Page) {
  await page.getByLabel('Name').fill('Dana Trader');
  await page.getByLabel('Email').fill('dana@example.com');
  await page.getByLabel('Subject').fill('Import question');
  await page.getByLabel('Message').fill('Does the importer read Questrade files?');
}

describe('/contact', () => {
  it('requires all four fields, with an email-type input, and sends nothing until they are filled', async () => {
    const { page, context } = await openPage(browser);
    await visit(page, '/contact');
    let posted = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contact')) posted++;
    });
    for (const label of ['Name', 'Email', 'Subject', 'Message'])
      expect(await page.getByLabel(label).getAttribute('required'), label).not.toBeNull();
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForTimeout(200);
    expect(posted).toBe(0);
    await context.close();
  });

  it('shows Sending..., then the success toast, and clears the form', async () => {
    const { page, context } = await openPage(browser);
    await visit(page, '/contact');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await fillContactForm(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Message sent successfully!');
    expect(await toast.textContent()).toContain("We'll get back to you within 24 hours.");
    for (const label of ['Name', 'Email', 'Subject', 'Message'])
      expect(await page.getByLabel(label).inputValue(), label).toBe('');
    await context.close();
  });

  it('keeps what was typed and shows the error toast when sending fails', async () => {
    const { page, context } = await openPage(browser);
    await visit(page, '/contact');
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"INTERNAL"}' }),
    );
    await fillContactForm(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.getAttribute('data-variant')).toBe('destructive');
    expect(await toast.textContent()).toContain('Error sending message');
    expect(await toast.textContent()).toContain(
      `Please try again or email us directly at ${DEFAULT_PUBLIC_CONFIG.supportEmail}`,
    );
    expect(await page.getByLabel('Subject').inputValue()).toBe('Import question');
    await context.close();
  });

  it('shows the email support card, the response-time card and the broker CSV note', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/contact');
    for (const heading of ['Email support', 'Response time', 'Broker CSV support']) {
      expect(await page.getByRole('heading', { name: heading }).isVisible(), heading).toBe(true);
    }
    expect(
      await page.getByRole('link', { name: DEFAULT_PUBLIC_CONFIG.supportEmail }).first().getAttribute('href'),
    ).toBe(`mailto:${DEFAULT_PUBLIC_CONFIG.supportEmail}`);
    await context.close();
  });
});
