import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { control, uniqueEmail } from './control';
import { baseUrl, launchBrowser, openPage } from './pages';

/** The Origin header a same-origin page sends with a state-changing request. */
export const sameOrigin = () => ({ origin: new URL(baseUrl()).origin });

/**
 * One browser for the spec file and a fresh context (cookies, storage) per page opened, closed after
 * each test. Call it at the top level of a spec; `open` gives the page and its console errors.
 */
export function useBrowser(): {
  open: (viewport: { width: number; height: number }) => Promise<{ page: Page; errors: string[] }>;
} {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  return {
    open: async (viewport) => {
      const { page, context, errors } = await openPage(browser, viewport);
      contexts.push(context);
      return { page, errors };
    },
  };
}

/** A new verified user, signed in on `page` through the API; answers the e-mail address. */
export async function signInNewUser(
  page: Page,
  user: { label: string; password: string; firstName: string; lastName: string },
): Promise<string> {
  const email = uniqueEmail(user.label);
  await control.createUser({ email, password: user.password, firstName: user.firstName, lastName: user.lastName });
  const login = await page.request.post('/api/auth/login', {
    headers: sameOrigin(),
    data: { email, password: user.password },
  });
  expect(login.status()).toBe(200);
  return email;
}
