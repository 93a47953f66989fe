import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { findSeriousViolations } from './helpers/axe';
import { control, uniqueEmail } from './helpers/control';
import { baseUrl, DESKTOP, launchBrowser, openPage, PHONE } from './helpers/pages';

/**
 * Everything a signed-in user sees for accounts and billing, against the real server (local test
 * checkout, outbox mail): sign-up to dashboard, the app shell, logout, the expired-trial dialog,
 * the subscription page, settings and sessions. Each test makes its own user.
 */

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

const PASSWORD = 'Str0ng!pass';
const TRIAL_FEATURES = [
  'Unlimited trade logging and CSV imports',
  'Advanced analytics and R-Multiple analysis',
  'Monte Carlo simulations and risk metrics',
  'Strategy tracking and rule adherence',
  'Goal tracking and performance insights',
  'Broker integrations and auto-imports',
];

async function open(viewport = DESKTOP) {
  const opened = await openPage(browser, viewport);
  contexts.push(opened.context);
  return opened;
}

/** State-changing API calls from the test itself carry our Origin, as the browser's own do (CSRF check). */
const originHeader = () => ({ origin: new URL(baseUrl()).origin });

type CurrentUserJson = {
  subscriptionStatus: string;
  planId: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  trialInfo: { daysRemaining: number; endsAt: string | null };
};

async function currentUser(page: Page): Promise<CurrentUserJson> {
  const res = await page.request.get('/api/auth/user');
  expect(res.status()).toBe(200);
  return (await res.json()) as CurrentUserJson;
}

/** The path of the verification link in the newest verification e-mail (the link's host is the configured one). */
async function verificationPath(email: string): Promise<string> {
  const mail = await control.latestMail(email, 'email-verification');
  const match = /\/api\/auth\/verify-email\?token=[^\s"'<>]+/.exec(mail.text);
  if (!match) throw new Error(`no verification link in: ${mail.text}`);
  return match[0];
}

/**
 * A trial user the way the product makes one, through the API: sign-up, the local checkout completed
 * (payment method on file), the address verified. Returns the e-mail address.
 */
async function signUpThroughApi(
  page: Page,
  planId: 'premium_monthly' | 'premium_yearly' = 'premium_monthly',
): Promise<string> {
  const email = uniqueEmail('billing');
  const signup = await page.request.post('/api/subscription/trial-signup', {
    headers: originHeader(),
    data: { email, firstName: 'Grace', lastName: 'Hopper', password: PASSWORD, planId },
  });
  expect(signup.status()).toBe(201);
  const { checkoutUrl } = (await signup.json()) as { checkoutUrl: string };
  const id = checkoutUrl.split('/').pop();
  const done = await page.request.post(`/api/billing/local/checkouts/${id}/complete`, { headers: originHeader() });
  expect(done.status()).toBe(200);
  const verified = await page.request.get(await verificationPath(email));
  expect(new URL(verified.url()).search).toBe('?verified=true');
  return email;
}

/** Signs in through the API (sets the session cookie in the page's context), then opens `path`. */
async function signIn(page: Page, email: string, path = '/dashboard'): Promise<void> {
  const res = await page.request.post('/api/auth/login', {
    headers: originHeader(),
    data: { email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  await page.goto(path);
  await mainHeading(page).waitFor();
}

async function newSignedInUser(page: Page, opts: { admin?: boolean; path?: string } = {}): Promise<string> {
  const email = uniqueEmail('app');
  await control.createUser({ email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace', admin: opts.admin });
  await signIn(page, email, opts.path);
  return email;
}

const mainHeading = (page: Page) => page.locator('main h1');
const headingText = async (page: Page) => (await mainHeading(page).textContent())?.trim();
const appNav = (page: Page) => page.getByRole('navigation', { name: 'App' });
const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });
const longDate = (iso: string | null) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso ?? NaN));

async function expectVisible(locator: Locator) {
  await locator.waitFor();
  expect(await locator.isVisible()).toBe(true);
}

// ------------------------------------------------------------------------------------------------
describe('sign-up journey', () => {
  it('goes from /signup through the test checkout, onboarding and e-mail verification to the dashboard', async () => {
    const { page, errors } = await open();
    const email = uniqueEmail('journey');
    await page.goto('/signup');
    await page.locator('[data-hydrated="true"]').waitFor();
    await page.getByText('Annual', { exact: true }).click();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Confirm email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    // The local provider's hosted checkout.
    await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);
    const checkoutUrl = page.url();
    await expectVisible(page.getByText('Test checkout — no card is charged'));
    expect(await headingText(page)).toBe('Start your 14-day free trial');
    expect(await page.getByTestId('checkout-email').textContent()).toBe(email);
    expect(await page.locator('main').textContent()).toContain('$249.99');
    expect(await page.locator('main').textContent()).toContain('$0.00');
    await page.getByRole('button', { name: 'Start my free trial' }).click();

    await page.waitForURL((url) => url.pathname === '/onboarding' && url.search === '?success=true');
    await expectVisible(page.getByText('Your 14-day free trial is active.'));

    // The checkout cannot be used twice.
    await page.goto(checkoutUrl);
    await mainHeading(page).filter({ hasText: 'Checkout already completed' }).waitFor();
    expect(await page.getByRole('link', { name: 'Continue to sign in' }).getAttribute('href')).toBe('/login');

    // The verification link from the outbox, then the sign-in form.
    await page.goto(await verificationPath(email));
    await page.waitForURL((url) => url.pathname === '/login');
    await page.locator('[data-hydrated="true"]').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await mainHeading(page).filter({ hasText: 'Dashboard' }).waitFor();
    expect(await page.locator('h1').count()).toBe(1);
    await expectVisible(appNav(page));
    expect(await page.getByTestId('subscription-banner').textContent()).toBe('14 days left in your trial — Upgrade');
    expect(await appNav(page).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    const user = await currentUser(page);
    expect(user.planId).toBe('premium_yearly');
    expect(user.subscriptionStatus).toBe('trialing');
    expect(errors).toEqual([]);
  });

  it('shows a not-found state for an unknown or malformed checkout id', async () => {
    const { page } = await open(PHONE);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-checkout']) {
      await page.goto(`/checkout/${id}`);
      await mainHeading(page).filter({ hasText: 'Checkout not found' }).waitFor();
      expect(await page.getByRole('button', { name: /Start my free trial|Confirm upgrade/ }).count()).toBe(0);
    }
  });
});

// ------------------------------------------------------------------------------------------------
describe('app shell', () => {
  const SECTIONS = [
    ['Trades', '/trades'],
    ['Journal', '/journal'],
    ['Import', '/import'],
    ['Playbook', '/playbook'],
    ['Goals', '/goals'],
    ['Analytics', '/analytics'],
    ['Advanced Reports', '/advanced-reports'],
    ['Demo Advanced Analytics', '/demo-advanced-analytics'],
    ['Subscription', '/subscription'],
    ['Settings', '/settings'],
    ['Dashboard', '/dashboard'],
  ] as const;

  it('reaches every protected route from the sidebar, each page with one h1 and never blank', async () => {
    const { page, errors } = await open();
    await newSignedInUser(page);
    for (const [label, path] of SECTIONS) {
      await appNav(page).getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await mainHeading(page).filter({ hasText: label }).waitFor();
      expect(await page.locator('h1').count()).toBe(1);
      expect(await appNav(page).getByRole('link', { name: label, exact: true }).getAttribute('aria-current')).toBe(
        'page',
      );
      expect((await page.locator('main').innerText()).length).toBeGreaterThan(80);
    }
    // Admin is only offered to admins; a user who types the address gets an explanation.
    expect(await appNav(page).getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await page.goto('/admin');
    await expectVisible(page.getByText('For administrators only'));
    // A feature still being built keeps its page under its sub-paths; any other unknown app path
    // (under a page that exists too) gets an in-app not-found, never a "coming soon" for what exists.
    await page.goto('/goals/123');
    await mainHeading(page).filter({ hasText: 'Goals' }).waitFor();
    await page.goto('/trades/123');
    await mainHeading(page).filter({ hasText: 'Page not found' }).waitFor();
    await page.goto('/settings/nothing-here');
    await mainHeading(page).filter({ hasText: 'Page not found' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('offers Admin to admins', async () => {
    const { page } = await open();
    await newSignedInUser(page, { admin: true });
    await appNav(page).getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await mainHeading(page).filter({ hasText: 'Admin' }).waitFor();
    expect(await page.getByText('For administrators only').count()).toBe(0);
  });

  it('has a skip link to the main content', async () => {
    const { page } = await open();
    await newSignedInUser(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.getAttribute('href')).toBe('#main');
    expect(await page.locator('main#main').count()).toBe(1);
  });

  it('on a phone: a top bar, a bottom navigation and a "More" sheet with the other sections', async () => {
    const { page } = await open(PHONE);
    await newSignedInUser(page);
    expect(await appNav(page).isVisible()).toBe(false);
    const bottom = page.getByRole('navigation', { name: 'Main sections' });
    await expectVisible(bottom);
    for (const label of ['Dashboard', 'Trades', 'Analytics', 'Import']) {
      await expectVisible(bottom.getByRole('link', { name: label }));
    }
    await bottom.getByRole('link', { name: 'Analytics' }).click();
    await mainHeading(page).filter({ hasText: 'Analytics' }).waitFor();

    await bottom.getByRole('button', { name: 'More' }).click();
    const sheet = page.getByRole('dialog', { name: 'More' });
    await expectVisible(sheet);
    for (const label of [
      'Journal',
      'Goals',
      'Playbook',
      'Advanced Reports',
      'Demo Advanced Analytics',
      'Subscription',
      'Settings',
    ]) {
      await expectVisible(sheet.getByRole('link', { name: label }));
    }
    await expectVisible(sheet.getByRole('button', { name: 'Log Out' }));
    await sheet.getByRole('link', { name: 'Goals' }).click();
    await page.waitForURL((url) => url.pathname === '/goals');
    await mainHeading(page).filter({ hasText: 'Goals' }).waitFor();
    expect(await sheet.count()).toBe(0);

    // The page fits the phone: nothing wider than the viewport.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('the account menu links to Settings and Subscription', async () => {
    const { page } = await open();
    await newSignedInUser(page);
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('link', { name: 'Settings' }).last().click();
    await mainHeading(page).filter({ hasText: 'Settings' }).waitFor();
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: /account menu/i }).getAttribute('aria-expanded')).toBe('false');
  });
});

// ------------------------------------------------------------------------------------------------
describe('log out', () => {
  it('ends the session and goes to /login', async () => {
    const { page } = await open();
    await newSignedInUser(page);
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  it('still goes to /login when the logout call fails', async () => {
    const { page } = await open(PHONE);
    await newSignedInUser(page);
    let calls = 0;
    await page.route('**/api/logout', async (route) => {
      calls++;
      await route.abort('failed');
    });
    await page.getByRole('navigation', { name: 'Main sections' }).getByRole('button', { name: 'More' }).click();
    await page.getByRole('dialog', { name: 'More' }).getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(calls).toBe(1);
  });
});

// ------------------------------------------------------------------------------------------------
describe('expired trial', () => {
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Trial Period Expired' });

  async function expiredUser(page: Page): Promise<string> {
    const email = uniqueEmail('expired');
    await control.createUser({ email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
    await control.setTrialDaysRemaining(email, 0);
    await signIn(page, email);
    return email;
  }

  it('blocks every app page with a dialog that Escape and outside clicks cannot close', async () => {
    const { page } = await open();
    await expiredUser(page);
    for (const path of ['/dashboard', '/trades', '/settings', '/', '/analytics']) {
      await page.goto(path);
      await expectVisible(dialog(page));
      const text = await dialog(page).textContent();
      expect(text).toContain('14-day free trial has ended');
      for (const feature of TRIAL_FEATURES) expect(text).toContain(feature);
      // Only the two ways on: no close button.
      expect(await dialog(page).getByRole('button').allTextContents()).toEqual(['Upgrade Now', 'Log Out']);
    }
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await page.mouse.click(DESKTOP.width - 5, DESKTOP.height - 5);
    expect(await dialog(page).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/analytics');
    // The rest of the page is inert behind it.
    expect(await page.getByRole('link', { name: 'Trades', exact: true }).count()).toBe(0);
  });

  it('is absent on /subscription, where Upgrade Now leads', async () => {
    const { page } = await open();
    await expiredUser(page);
    await dialog(page).getByRole('button', { name: 'Upgrade Now' }).click();
    await page.waitForURL((url) => url.pathname === '/subscription');
    await mainHeading(page).filter({ hasText: 'Subscription' }).waitFor();
    expect(await dialog(page).count()).toBe(0);
    expect(await page.getByTestId('subscription-status').textContent()).toBe('Trial ended');
    await expectVisible(page.getByRole('button', { name: 'Upgrade' }));
    // Leaving /subscription brings it back.
    await appNav(page).getByRole('link', { name: 'Goals' }).click();
    await expectVisible(dialog(page));
  });

  it('logs out from the dialog', async () => {
    const { page } = await open(PHONE);
    await expiredUser(page);
    await dialog(page).getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  it('upgrading through the test checkout lifts it', async () => {
    const { page } = await open();
    await expiredUser(page);
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Upgrade' }).click();
    await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);
    expect(await headingText(page)).toBe('Upgrade to Premium');
    await page.getByRole('button', { name: 'Confirm upgrade' }).click();
    await page.waitForURL((url) => url.pathname === '/subscription' && url.search === '');
    await toast(page, 'Welcome to Premium!').waitFor();
    expect(await page.getByTestId('subscription-status').textContent()).toBe('Active');
    await page.goto('/dashboard');
    await mainHeading(page).filter({ hasText: 'Dashboard' }).waitFor();
    expect(await dialog(page).count()).toBe(0);
  });
});

// ------------------------------------------------------------------------------------------------
describe('subscription page', () => {
  it('shows the trial, and cancels at period end with the end date, then resumes', async () => {
    const { page } = await open();
    const email = await signUpThroughApi(page);
    await signIn(page, email, '/subscription');
    expect(await page.getByTestId('subscription-status').textContent()).toBe('Free trial');
    expect(await page.getByTestId('trial-days-left').textContent()).toBe('14 days left');
    expect(await page.getByTestId('provider-note').textContent()).toContain('no card is charged');
    const before = await currentUser(page);
    const endDate = longDate(before.trialInfo.endsAt);
    expect(await page.locator('main').textContent()).toContain(`ends ${endDate}`);

    // Cancel: the confirmation states when access ends; "Keep subscription" changes nothing.
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    expect(await confirm.textContent()).toContain(endDate);
    await confirm.getByRole('button', { name: 'Keep subscription' }).click();
    expect((await currentUser(page)).cancelAtPeriodEnd).toBe(false);

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
    await toast(page, 'Subscription canceled').waitFor();
    expect(await toast(page, 'Subscription canceled').textContent()).toContain(endDate);
    expect(await page.getByTestId('cancel-notice').textContent()).toContain(`ends on ${endDate}`);
    expect((await currentUser(page)).cancelAtPeriodEnd).toBe(true);

    // It survives a reload (the server holds it), and Resume undoes it.
    await page.reload();
    await page.getByTestId('cancel-notice').waitFor();
    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await toast(page, 'Subscription resumed').waitFor();
    expect(await page.getByTestId('cancel-notice').count()).toBe(0);
    await expectVisible(page.getByRole('button', { name: 'Cancel subscription' }));
    expect((await currentUser(page)).cancelAtPeriodEnd).toBe(false);
  });

  it('switches between monthly and annual billing', async () => {
    const { page } = await open(PHONE);
    const email = await signUpThroughApi(page, 'premium_monthly');
    await signIn(page, email, '/subscription');
    await page.getByRole('radio', { name: /Annual/ }).check();
    await page.getByRole('button', { name: 'Switch to Annual' }).click();
    await toast(page, 'Plan changed').waitFor();
    expect((await currentUser(page)).planId).toBe('premium_yearly');
    expect(await page.locator('main').textContent()).toContain('$249.99');
    await page.getByRole('radio', { name: /Monthly/ }).check();
    await page.getByRole('button', { name: 'Switch to Monthly' }).click();
    await toast(page, 'Plan changed').filter({ hasText: 'Monthly' }).waitFor();
    expect((await currentUser(page)).planId).toBe('premium_monthly');
  });

  it('upgrades to a paid plan, then cancelling states the end of the paid period', async () => {
    const { page } = await open();
    const email = await signUpThroughApi(page);
    await signIn(page, email, '/subscription');
    await page.getByRole('button', { name: 'Upgrade' }).click();
    await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Confirm upgrade' }).click();
    await page.waitForURL((url) => url.pathname === '/subscription' && url.search === '');
    await page.getByTestId('subscription-status').filter({ hasText: 'Active' }).waitFor();
    const user = await currentUser(page);
    expect(user.subscriptionStatus).toBe('active');
    const periodEnd = longDate(user.currentPeriodEnd);
    const details = await page.locator('main dl').first().textContent();
    expect(details).toContain('Renews on');
    expect(details).toContain(periodEnd);
    expect(await page.getByRole('button', { name: 'Upgrade' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    expect(await confirm.textContent()).toContain(`Your access ends on ${periodEnd}`);
    await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByTestId('cancel-notice').waitFor();
    expect(await page.getByTestId('cancel-notice').textContent()).toContain(`ends on ${periodEnd}`);
    expect(await page.getByTestId('subscription-status').textContent()).toBe('Active, canceling');
  });

  it("opens the provider's billing portal with Stripe, and has none with the local test checkout", async () => {
    const { page } = await open();
    const email = await signUpThroughApi(page);
    await signIn(page, email, '/subscription');
    await expectVisible(page.getByRole('button', { name: 'Cancel subscription' }));
    expect(await page.getByRole('button', { name: 'Manage billing' }).count()).toBe(0);

    // The same account as a Stripe installation would report it (the network edge only).
    await page.route('**/api/subscription', async (route) => {
      const real = (await (await route.fetch()).json()) as Record<string, unknown>;
      await route.fulfill({ json: { ...real, provider: 'stripe' } });
    });
    const portalCalls: string[] = [];
    await page.route('**/api/subscription/portal', async (route) => {
      portalCalls.push(route.request().method());
      await route.fulfill({ json: { url: '/settings' } });
    });
    await page.reload();
    await page.getByTestId('provider-note').filter({ hasText: 'Stripe' }).waitFor();
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    expect(portalCalls).toEqual(['POST']);
  });

  it('shows the server message as a destructive toast when a change fails', async () => {
    const { page } = await open();
    const email = await signUpThroughApi(page);
    await signIn(page, email, '/subscription');
    await page.route('**/api/subscription/cancel', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'CONFLICT', message: 'Billing is busy, try later' }),
      }),
    );
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel your subscription?' })
      .getByRole('button', { name: 'Cancel subscription' })
      .click();
    const failed = toast(page, "Couldn't cancel your subscription");
    await failed.waitFor();
    expect(await failed.getAttribute('data-variant')).toBe('destructive');
    expect(await failed.textContent()).toContain('Billing is busy, try later');
  });
});

// ------------------------------------------------------------------------------------------------
describe('settings', () => {
  it('lists sessions, signs out another device, then this one', async () => {
    const { page } = await open();
    const email = uniqueEmail('sessions');
    await control.createUser({ email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
    const other = await open(PHONE);
    await signIn(other.page, email);
    await signIn(page, email, '/settings');

    const sessions = page.getByTestId('session');
    await sessions.nth(1).waitFor();
    expect(await sessions.count()).toBe(2);
    const current = page.locator('[data-testid="session"][data-current="true"]');
    expect(await current.textContent()).toContain('This device');
    expect(await current.textContent()).toContain('Chrome on Linux');
    expect(await current.textContent()).toContain('127.0.0.1');

    await page
      .locator('[data-testid="session"][data-current="false"]')
      .getByRole('button', { name: /^Sign out/ })
      .click();
    await toast(page, 'Session signed out').waitFor();
    expect(await sessions.count()).toBe(1);
    expect((await other.page.request.get('/api/auth/user')).status()).toBe(401);

    await current.getByRole('button', { name: /^Sign out/ }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  it('changes the password: the checklist, the server error inline, then success', async () => {
    const { page } = await open();
    const email = await newSignedInUser(page, { path: '/settings' });
    const form = page.getByRole('form', { name: 'Change password' });
    const submit = form.getByRole('button', { name: 'Update password' });
    await form.getByLabel('Current password').fill('wrong-password');
    await form.getByLabel('New password', { exact: true }).fill('weak');
    expect(await form.locator('[data-met="true"]').count()).toBe(1);
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel('New password', { exact: true }).fill('N3w!password');
    expect(await form.locator('[data-met="false"]').count()).toBe(0);
    await form.getByLabel('Confirm new password').fill('N3w!password');
    await submit.click();
    const error = form.getByRole('alert').filter({ hasText: 'Current password is incorrect' });
    await error.waitFor();
    expect(await form.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('Current password').fill(PASSWORD);
    expect(await error.count()).toBe(0);
    await submit.click();
    await toast(page, 'Password updated').waitFor();
    const login = await page.request.post('/api/auth/login', {
      headers: originHeader(),
      data: { email, password: 'N3w!password' },
    });
    expect(login.status()).toBe(200);
  });
});

// ------------------------------------------------------------------------------------------------
describe('accessibility', () => {
  it.each([
    ['dashboard', '/dashboard', DESKTOP],
    ['subscription', '/subscription', DESKTOP],
    ['dashboard (phone)', '/dashboard', PHONE],
    ['subscription (phone)', '/subscription', PHONE],
    ['settings', '/settings', DESKTOP],
  ])('%s has no serious axe violations', async (_name, path, viewport) => {
    const { page } = await open(viewport);
    const email = await signUpThroughApi(page);
    await signIn(page, email, path);
    if (path === '/settings') await page.getByTestId('session').first().waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
    // Dark mode too; with reduced motion the colours switch at once instead of mid-transition.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.waitForTimeout(50);
    expect(await findSeriousViolations(page)).toEqual([]);
  });

  it('the trial-expired dialog and the checkout page have no serious axe violations', async () => {
    const { page } = await open();
    const email = uniqueEmail('axe');
    await control.createUser({ email, password: PASSWORD });
    await control.setTrialDaysRemaining(email, 0);
    await signIn(page, email);
    await page.getByRole('dialog', { name: 'Trial Period Expired' }).waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);

    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Upgrade' }).click();
    await page.waitForURL(/\/checkout\//);
    await page.getByRole('button', { name: 'Confirm upgrade' }).waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
  });
});
