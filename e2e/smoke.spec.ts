import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './helpers/pages';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('smoke', () => {
  it('serves the about page with its title', async () => {
    const { page, context } = await openPage(browser);
    const res = await page.goto('/about');
    expect(res?.status()).toBe(200);
    expect(await page.title()).toContain('About');
    await context.close();
  });
});
