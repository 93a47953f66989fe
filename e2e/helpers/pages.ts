import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export function baseUrl(): string {
  return inject('baseUrl');
}

/** Waits until the page's app has hydrated (see HydrationMark): before that a click on it does nothing. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-app-hydrated="true"]').waitFor({ state: 'attached' });
}

/**
 * Opens `path` and waits until the app has hydrated, so it reacts to input. The network can fall
 * idle while a slow machine still runs the main bundle, before it asks for a page's own chunk
 * (a help article's) or hydrates: a click on the prerendered HTML then does nothing.
 */
export async function visit(page: Page, path: string) {
  const res = await page.goto(path, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  return res;
}

/** A fresh context (cookies, storage) and page; records requests to other hosts and console errors. */
export async function openPage(
  browser: Browser,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; outsideRequests: string[]; errors: string[] }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl() });
  const page = await context.newPage();
  const outsideRequests: string[] = [];
  const errors: string[] = [];
  const origin = new URL(baseUrl()).origin;
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) outsideRequests.push(url);
  });
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    // A visitor's auth check answers 401 by design (seed §7); Chromium logs every 4xx resource.
    const isVisitorAuthCheck = msg.location().url.endsWith('/api/auth/user') && msg.text().includes('401');
    if (msg.type() === 'error' && !isVisitorAuthCheck) errors.push(msg.text());
  });
  return { context, page, outsideRequests, errors };
}
