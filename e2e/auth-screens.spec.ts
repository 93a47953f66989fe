import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page, Request, Route } from 'playwright-core';
import { control, uniqueEmail } from './helpers/control';
import { DESKTOP, launchBrowser, openPage, PHONE } from './helpers/pages';

/**
 * The public auth screens against the seed (§2, §4, §5, §8). The auth endpoints are answered by
 * intercepting the browser's requests: only the network edge is replaced, every page is the real
 * built and prerendered one served by the real server.
 */

let browser: Browser;
/** One context per viewport for the whole file (creating one costs most of a second); a fresh page per test. */
const contexts = new Map<number, BrowserContext>();
let page: Page | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
afterEach(async () => {
  await page?.close();
  page = undefined;
  for (const context of contexts.values()) await context.clearCookies();
});

/** Opens `path` on a fresh page; by default no one is signed in (the current-user call answers 401). */
async function open(
  path: string,
  viewport = DESKTOP,
  { isSignedOut = true }: { isSignedOut?: boolean } = {},
): Promise<{ page: Page; errors: string[] }> {
  let context = contexts.get(viewport.width);
  let errors: string[];
  if (context) {
    page = await context.newPage();
    errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
  } else {
    const opened = await openPage(browser, viewport);
    context = opened.context;
    contexts.set(viewport.width, context);
    page = opened.page;
    errors = opened.errors;
  }
  if (isSignedOut) await answerAsSignedOut(page);
  await page.goto(path);
  return { page, errors };
}

/** Seed §7: the current-user call "returns null on 401", as it does for a visitor. */
async function answerAsSignedOut(page: Page): Promise<void> {
  await page.route('**/api/auth/user', (route) => route.fulfill(jsonError(401, 'UNAUTHORIZED')));
}

/** The screens mark themselves hydrated; typing before that would be typing into static HTML. */
async function waitForHydration(page: Page) {
  await page.locator('[data-hydrated="true"]').waitFor();
}

const jsonError = (status: number, error: string, message = `${error} from the server`) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ error, message }),
});
const jsonOk = (body: unknown = {}) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

type Answer = ReturnType<typeof jsonOk> | { delayMs: number; answer: ReturnType<typeof jsonOk> };

/** Answers `path` with `answer` and records every request body sent to it. */
async function answer(page: Page, path: string, reply: Answer): Promise<unknown[]> {
  const bodies: unknown[] = [];
  await page.route(`**${path}`, async (route: Route, request: Request) => {
    bodies.push(request.postDataJSON());
    if ('delayMs' in reply) {
      await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      await route.fulfill(reply.answer);
    } else {
      await route.fulfill(reply);
    }
  });
  return bodies;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
type AxeResult = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };

/** axe-core's serious and critical findings inside `selector`, as "rule: targets" lines. */
async function findSeriousViolations(page: Page, selector: string): Promise<string[]> {
  // evaluate() is not subject to the page's Content-Security-Policy, unlike an injected script tag.
  await page.evaluate(axeSource);
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResult> } }).axe;
    const result = await axe.run({ include: [include] }, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
}

const toast = (page: Page) => page.getByTestId('toast');

async function expectToast(page: Page, title: string, description: string, variant: 'default' | 'destructive') {
  const t = toast(page).filter({ hasText: title });
  await t.waitFor();
  expect(await t.textContent()).toContain(description);
  expect(await t.getAttribute('data-variant')).toBe(variant);
}

const textOf = async (locator: Locator) => (await locator.textContent())?.trim() ?? '';
const isDisabled = (locator: Locator) => locator.isDisabled();
const isValueMissing = (locator: Locator) => locator.evaluate((el) => (el as HTMLInputElement).validity.valueMissing);

// ------------------------------------------------------------------------------------------------
describe('login', () => {
  const email = (page: Page) => page.getByLabel('Email');
  const password = (page: Page) => page.getByLabel('Password', { exact: true });
  const submit = (page: Page) => page.getByRole('button', { name: 'Sign In', exact: true });

  async function fillAndSubmit(page: Page) {
    await waitForHydration(page);
    await email(page).fill('trader@example.com');
    await password(page).fill('correct horse');
    await submit(page).click();
  }

  it('requires email and password before anything is sent', async () => {
    const { page } = await open('/login');
    const bodies = await answer(page, '/api/auth/login', jsonOk());
    await waitForHydration(page);
    await submit(page).click();
    expect(await isValueMissing(email(page))).toBe(true);
    await email(page).fill('trader@example.com');
    await submit(page).click();
    expect(await isValueMissing(password(page))).toBe(true);
    expect(bodies).toEqual([]);
    expect(page.url()).toMatch(/\/login$/);
  });

  it('shows and hides the password', async () => {
    const { page } = await open('/login');
    await waitForHydration(page);
    await password(page).fill('secret');
    expect(await password(page).getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password(page).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password(page).getAttribute('type')).toBe('password');
  });

  it('links to the forgot-password and sign-up pages', async () => {
    const { page } = await open('/login');
    expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Start your free trial' }).click();
    await page.waitForURL('**/signup');
  });

  it.each([
    [
      403,
      'EMAIL_NOT_VERIFIED',
      'Please verify your email address before logging in. Check your email for the verification link.',
    ],
    [401, 'INVALID_CREDENTIALS', 'Invalid email or password. Please try again.'],
    [403, 'ACCOUNT_DISABLED', 'Your account has been disabled. Please contact support.'],
    [500, 'INTERNAL', 'Login failed. Please try again.'],
    [429, 'RATE_LIMITED', 'Login failed. Please try again.'],
  ])('answers %i %s with %j', async (status, code, message) => {
    const { page } = await open('/login');
    await answer(page, '/api/auth/login', jsonError(status, code));
    await fillAndSubmit(page);
    const alert = page.getByRole('alert').filter({ hasText: message });
    await alert.waitFor();
    expect((await textOf(alert)).startsWith(message)).toBe(true); // EMAIL_NOT_VERIFIED adds a resend button
    expect(page.url()).toMatch(/\/login$/);
    // The form is usable again, and editing clears the message.
    expect(await isDisabled(submit(page))).toBe(false);
    await password(page).fill('another try');
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('offers to resend the verification email after EMAIL_NOT_VERIFIED', async () => {
    const { page } = await open('/login');
    await answer(page, '/api/auth/login', jsonError(403, 'EMAIL_NOT_VERIFIED'));
    const bodies = await answer(page, '/api/auth/resend-verification', jsonOk({ ok: true }));
    await fillAndSubmit(page);
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expectToast(page, 'Verification email sent', 'a new link is on its way', 'default');
    expect(bodies).toEqual([{ email: 'trader@example.com' }]);
  });

  it.each([
    ['?verified=true', 'Your email address is verified. Sign in to continue.'],
    ['?verification=expired', 'This verification link has expired. Sign in to request a new one.'],
    ['?verification=invalid', 'This verification link is invalid or has already been used.'],
  ])('after the verification link (%s) says %j', async (search, text) => {
    const { page } = await open(`/login${search}`);
    await waitForHydration(page);
    await page.getByRole('status').filter({ hasText: text }).waitFor();
  });

  it('signs in: sends email and password, re-reads the current user, greets and lands on /', async () => {
    const { page } = await open('/login');
    const bodies = await answer(page, '/api/auth/login', jsonOk({ ok: true }));
    await waitForHydration(page);
    const userCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/auth/user') userCalls.push(req.method());
    });
    await fillAndSubmit(page);
    await expectToast(page, 'Welcome back!', 'You have been logged in successfully.', 'default');
    await page.waitForURL((url) => url.pathname === '/');
    expect(bodies).toEqual([{ email: 'trader@example.com', password: 'correct horse' }]);
    await expect.poll(() => userCalls.length).toBeGreaterThan(0);
    expect(userCalls.every((m) => m === 'GET')).toBe(true);
  });
});

// ------------------------------------------------------------------------------------------------
type SignupValues = {
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  password: string;
  confirmPassword: string;
};
const VALID_SIGNUP: SignupValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  confirmEmail: 'ada@example.com',
  password: 'analytical',
  confirmPassword: 'analytical',
};

describe('signup page', () => {
  const inputs = (page: Page) => ({
    firstName: page.getByLabel('First name'),
    lastName: page.getByLabel('Last name'),
    email: page.getByLabel('Email', { exact: true }),
    confirmEmail: page.getByLabel('Confirm email'),
    password: page.getByLabel('Password', { exact: true }),
    confirmPassword: page.getByLabel('Confirm password'),
  });
  const submit = (page: Page) => page.getByRole('button', { name: /Continue to Payment|Loading\.\.\./ });
  const form = (page: Page) => page.getByRole('form', { name: 'Start your free trial' });

  async function fill(page: Page, values: Partial<SignupValues>) {
    const fields = inputs(page);
    for (const [key, value] of Object.entries(values)) await fields[key as keyof SignupValues].fill(value);
  }

  it('shows the heading, both plans, the next steps, a sign-in link and the renewal notice', async () => {
    const { page } = await open('/signup');
    expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe('Start Your 14-Day Free Trial');
    const monthly = page.getByRole('radio', { name: /Monthly/ });
    const annual = page.getByRole('radio', { name: /Annual/ });
    expect(await monthly.isChecked()).toBe(true);
    expect(await annual.isChecked()).toBe(false);
    const plans = page.getByRole('group', { name: 'Choose your plan' });
    expect(await plans.textContent()).toContain('$24.99/month');
    expect(await plans.textContent()).toContain('$249.99/year');
    expect(await plans.textContent()).toContain('Save $50');
    expect(await page.getByRole('heading', { name: 'What happens next' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href')).toBe('/login');
    const notice = page.getByTestId('renewal-notice');
    expect(await notice.textContent()).toMatch(
      /renews automatically at \$24\.99\/month until you cancel\. Cancel anytime/,
    );

    await waitForHydration(page);
    await page.getByText('Annual', { exact: true }).click();
    expect(await annual.isChecked()).toBe(true);
    expect(await notice.textContent()).toContain('$249.99/year');
  });

  it('keeps Continue to Payment disabled until every field is filled and valid', async () => {
    const { page } = await open('/signup');
    await waitForHydration(page);
    const order: (keyof SignupValues)[] = [
      'firstName',
      'lastName',
      'email',
      'confirmEmail',
      'password',
      'confirmPassword',
    ];
    for (const key of order) {
      expect(await isDisabled(submit(page))).toBe(true);
      await fill(page, { [key]: VALID_SIGNUP[key] });
    }
    expect(await isDisabled(submit(page))).toBe(false);
    for (const input of Object.values(inputs(page))) expect(await input.getAttribute('required')).not.toBeNull();
  });

  it.each<[string, Partial<SignupValues>]>([
    ['an empty first name', { firstName: '' }],
    ['an empty last name', { lastName: '' }],
    ['an email without @', { email: 'ada.example.com', confirmEmail: 'ada.example.com' }],
    ['emails that differ', { confirmEmail: 'ada@example.org' }],
    ['a 7-character password', { password: 'seven77', confirmPassword: 'seven77' }],
    ['passwords that differ', { confirmPassword: 'analyticaL' }],
  ])('disables Continue to Payment for %s', async (_name, broken) => {
    const { page } = await open('/signup');
    await waitForHydration(page);
    await fill(page, VALID_SIGNUP);
    expect(await isDisabled(submit(page))).toBe(false);
    await fill(page, broken);
    expect(await isDisabled(submit(page))).toBe(true);
  });

  it('says when the emails or the passwords do not match, and editing clears the message', async () => {
    const { page } = await open('/signup');
    await waitForHydration(page);
    const fields = inputs(page);
    await fill(page, { ...VALID_SIGNUP, confirmEmail: 'ada@example.org', confirmPassword: 'analytics' });
    await fields.firstName.focus(); // leave the last field
    await page.getByText('Email addresses do not match').waitFor();
    await page.getByText('Passwords do not match').waitFor();
    expect(await fields.confirmEmail.getAttribute('aria-invalid')).toBe('true');

    await fields.confirmEmail.fill('ada@example.com');
    expect(await page.getByText('Email addresses do not match').count()).toBe(0);
    await fields.confirmPassword.fill('analytical');
    expect(await page.getByText('Passwords do not match').count()).toBe(0);
    expect(await isDisabled(submit(page))).toBe(false);
  });

  it('sends the payload with the chosen plan and leaves for the returned checkout URL', async () => {
    const { page } = await open('/signup');
    const bodies = await answer(
      page,
      '/api/subscription/trial-signup',
      jsonOk({ checkoutUrl: '/onboarding?success=true' }),
    );
    await waitForHydration(page);
    await page.getByText('Annual', { exact: true }).click();
    await fill(page, VALID_SIGNUP);
    await submit(page).click();
    await page.waitForURL((url) => url.pathname === '/onboarding' && url.search === '?success=true');
    expect(bodies).toEqual([
      {
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        password: 'analytical',
        planId: 'premium_yearly',
      },
    ]);
  });

  it("shows 'Loading...' and disables every button while the call runs", async () => {
    const { page } = await open('/signup');
    await answer(page, '/api/subscription/trial-signup', {
      delayMs: 1500,
      answer: jsonError(500, 'INTERNAL'),
    });
    await waitForHydration(page);
    await fill(page, VALID_SIGNUP);
    await submit(page).click();
    await page.getByRole('button', { name: 'Loading...' }).waitFor();
    const buttons = form(page).getByRole('button');
    expect(await buttons.count()).toBeGreaterThan(1);
    for (const button of await buttons.all()) expect(await button.isDisabled()).toBe(true);
    for (const radio of await page.getByRole('radio').all()) expect(await radio.isDisabled()).toBe(true);
    // Afterwards the form is usable again.
    await page.getByRole('button', { name: 'Continue to Payment' }).waitFor();
    expect(await isDisabled(submit(page))).toBe(false);
  });

  it("puts 'already exists' on the email field with an 'Account exists' toast", async () => {
    const { page } = await open('/signup');
    await answer(
      page,
      '/api/subscription/trial-signup',
      jsonError(409, 'CONFLICT', 'An account with this email already exists.'),
    );
    await waitForHydration(page);
    await fill(page, VALID_SIGNUP);
    await submit(page).click();
    const message = 'An account with this email already exists. Try signing in instead.';
    await page.getByText(message).waitFor();
    const describedBy = (await inputs(page).email.getAttribute('aria-describedby')) ?? '';
    expect(await textOf(page.locator(`[id="${describedBy.split(' ').at(-1)}"]`))).toBe(message);
    await expectToast(page, 'Account exists', 'Please sign in instead.', 'destructive');
    expect(await page.getByText('Failed to start trial. Please try again.').count()).toBe(0);
    // Seed §4: editing the field clears its error.
    await inputs(page).email.fill('ada2@example.com');
    expect(await page.getByText(message).count()).toBe(0);
  });

  it.each([
    ['no checkout URL', jsonOk({})],
    ['an empty checkout URL', jsonOk({ checkoutUrl: '' })],
    ['a server error', jsonError(500, 'INTERNAL')],
    ['a validation error', jsonError(400, 'VALIDATION_ERROR')],
  ])('answers %s with the general error and an Error toast', async (_name, reply) => {
    const { page } = await open('/signup');
    await answer(page, '/api/subscription/trial-signup', reply);
    await waitForHydration(page);
    await fill(page, VALID_SIGNUP);
    await submit(page).click();
    const message = 'Failed to start trial. Please try again.';
    const alert = form(page).getByRole('alert').filter({ hasText: message });
    await alert.waitFor();
    await expectToast(page, 'Error', message, 'destructive');
    expect(page.url()).toMatch(/\/signup$/);
    // Seed §4: editing any field clears the general error.
    await inputs(page).lastName.fill('Byron');
    expect(await alert.count()).toBe(0);
  });
});

// ------------------------------------------------------------------------------------------------
describe('landing signup modal', () => {
  async function openModal(page: Page): Promise<Locator> {
    const dialog = page.getByRole('dialog');
    // The landing page has no hydration marker, and the modal's code loads on the first click:
    // click, give the dialog time to appear, and click again only if it did not (not hydrated yet).
    for (let attempt = 0; attempt < 5 && (await dialog.count()) === 0; attempt++) {
      await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
      await dialog.waitFor({ timeout: 3000 }).catch(() => undefined);
    }
    expect(await dialog.count()).toBe(1);
    return dialog;
  }
  const inputs = (dialog: Locator) => ({
    firstName: dialog.getByLabel('First name'),
    lastName: dialog.getByLabel('Last name'),
    email: dialog.getByLabel('Email'),
    password: dialog.getByLabel('Password', { exact: true }),
  });
  const continueButton = (dialog: Locator) => dialog.getByRole('button', { name: /Continue to Payment|Loading\.\.\./ });
  const VALID = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: '12345678' };
  async function fill(dialog: Locator, values: Partial<typeof VALID>) {
    const fields = inputs(dialog);
    for (const [key, value] of Object.entries(values)) await fields[key as keyof typeof VALID].fill(value);
  }

  it('opens from Start Free Trial with the seed texts and closes with Cancel', async () => {
    const { page } = await open('/');
    const dialog = await openModal(page);
    expect(await textOf(dialog.getByRole('heading', { level: 2 }))).toBe('Start Your 14-Day Free Trial');
    const fields = inputs(dialog);
    expect(await fields.email.getAttribute('type')).toBe('email');
    for (const input of Object.values(fields)) expect(await input.getAttribute('required')).not.toBeNull();
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain("At least 8 characters - you'll use this to login");
    expect(text).toMatch(/redirected to our secure card payment provider\. Nothing is charged for 14 days/);
    expect(text).toContain('$24.99/month');
    expect(await dialog.getByRole('link', { name: /Terms of Service/ }).getAttribute('href')).toBe('/terms-of-service');
    expect(await findSeriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it.each<[string, Partial<typeof VALID>, boolean]>([
    ['all four fields valid', {}, true],
    ['an empty first name', { firstName: '' }, false],
    ['an empty last name', { lastName: '' }, false],
    ['an empty email', { email: '' }, false],
    ['an email without @', { email: 'ada.example.com' }, false],
    ['a 7-character password', { password: '1234567' }, false],
    ['an 8-character password', { password: 'abcdefgh' }, true],
  ])('with %s (%o) sets Continue to Payment enabled to %s', async (_name, override, isEnabled) => {
    const { page } = await open('/');
    const dialog = await openModal(page);
    expect(await isDisabled(continueButton(dialog))).toBe(true);
    await fill(dialog, { ...VALID, ...override });
    expect(await isDisabled(continueButton(dialog))).toBe(!isEnabled);
  });

  it('sends the monthly plan, shows Loading... with every button disabled, then leaves for checkout', async () => {
    const { page } = await open('/');
    const bodies = await answer(page, '/api/subscription/trial-signup', {
      delayMs: 1200,
      answer: jsonOk({ checkoutUrl: '/onboarding?success=true' }),
    });
    const dialog = await openModal(page);
    await fill(dialog, VALID);
    await continueButton(dialog).click();
    await dialog.getByRole('button', { name: 'Loading...' }).waitFor();
    for (const button of await dialog.getByRole('button').all()) expect(await button.isDisabled()).toBe(true);
    await page.waitForURL((url) => url.pathname === '/onboarding' && url.search === '?success=true');
    expect(bodies).toEqual([
      {
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        password: '12345678',
        planId: 'premium_monthly',
      },
    ]);
  });

  it("puts 'already exists' on the email field with an 'Account exists' toast", async () => {
    const { page } = await open('/');
    await answer(page, '/api/subscription/trial-signup', jsonError(409, 'CONFLICT', 'Email already exists'));
    const dialog = await openModal(page);
    await fill(dialog, VALID);
    await continueButton(dialog).click();
    await dialog.getByText('An account with this email already exists. Try signing in instead.').waitFor();
    await expectToast(page, 'Account exists', 'Please sign in instead.', 'destructive');
  });

  it('shows the general error and an Error toast for anything else', async () => {
    const { page } = await open('/');
    await answer(page, '/api/subscription/trial-signup', jsonOk({ checkoutUrl: null }));
    const dialog = await openModal(page);
    await fill(dialog, VALID);
    await continueButton(dialog).click();
    const alert = dialog.getByRole('alert').filter({ hasText: 'Failed to start trial. Please try again.' });
    await alert.waitFor();
    await expectToast(page, 'Error', 'Failed to start trial. Please try again.', 'destructive');
    await inputs(dialog).firstName.fill('Augusta');
    expect(await alert.count()).toBe(0);
  });
});

// ------------------------------------------------------------------------------------------------
describe('forgot password', () => {
  const email = (page: Page) => page.getByLabel('Email');
  const submit = (page: Page) => page.getByRole('button', { name: 'Send Reset Link' });

  it('requires an email before anything is sent', async () => {
    const { page } = await open('/forgot-password');
    const bodies = await answer(page, '/api/auth/forgot-password', jsonOk());
    await waitForHydration(page);
    await submit(page).click();
    expect(await isValueMissing(email(page))).toBe(true);
    expect(bodies).toEqual([]);
  });

  it('sends the email, toasts, shows the confirmation and can go back to the form or to login', async () => {
    const { page } = await open('/forgot-password');
    const bodies = await answer(page, '/api/auth/forgot-password', jsonOk({ ok: true }));
    await waitForHydration(page);
    await email(page).fill('trader@example.com');
    await submit(page).click();
    await expectToast(page, 'Reset link sent', '', 'default');
    expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe('Check your email');
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).toContain('The link expires in 1 hour.');
    expect(main).toMatch(/Check your spam/);
    expect(bodies).toEqual([{ email: 'trader@example.com' }]);

    await page.getByRole('button', { name: 'Try another email' }).click();
    expect(await email(page).inputValue()).toBe('');
    await email(page).fill('other@example.com');
    await submit(page).click();
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await page.waitForURL('**/login');
  });

  it.each([
    [400, 'VALIDATION_ERROR', 'Please enter a valid email address.'],
    [500, 'INTERNAL', 'Failed to send reset email. Please try again.'],
    [429, 'RATE_LIMITED', 'Failed to send reset email. Please try again.'],
  ])('answers %i %s with %j', async (status, code, message) => {
    const { page } = await open('/forgot-password');
    await answer(page, '/api/auth/forgot-password', jsonError(status, code));
    await waitForHydration(page);
    await email(page).fill('trader@example.com');
    await submit(page).click();
    const alert = page.getByRole('alert').filter({ hasText: message });
    await alert.waitFor();
    expect(await textOf(alert)).toBe(message);
  });
});

// ------------------------------------------------------------------------------------------------
describe('reset password', () => {
  const password = (page: Page) => page.getByLabel('New password', { exact: true });
  const confirm = (page: Page) => page.getByLabel('Confirm new password');
  const submit = (page: Page) => page.getByRole('button', { name: 'Reset Password' });
  const STRONG = 'Str0ng!pass';

  it('without a token shows the Invalid Reset Link view', async () => {
    const { page } = await open('/reset-password');
    await waitForHydration(page);
    expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe('Invalid Reset Link');
    await page.getByText('Invalid reset link. Please request a new password reset.').waitFor();
    await page.getByRole('link', { name: 'Request New Reset Link' }).click();
    await page.waitForURL('**/forgot-password');
  });

  it.each<[string, Record<string, boolean>]>([
    ['', { length: false, uppercase: false, lowercase: false, digit: false, special: false }],
    ['abcdefgh', { length: true, uppercase: false, lowercase: true, digit: false, special: false }],
    ['ABC', { length: false, uppercase: true, lowercase: false, digit: false, special: false }],
    ['Abcdefg1', { length: true, uppercase: true, lowercase: true, digit: true, special: false }],
    ['a!', { length: false, uppercase: false, lowercase: true, digit: false, special: true }],
    [STRONG, { length: true, uppercase: true, lowercase: true, digit: true, special: true }],
  ])('checks %j against the five requirements as you type', async (value, expected) => {
    const { page } = await open('/reset-password?token=abc');
    await waitForHydration(page);
    await password(page).fill(value);
    const items = page.getByRole('list', { name: 'Password requirements' }).getByRole('listitem');
    const seen: Record<string, boolean> = {};
    for (const item of await items.all()) {
      seen[(await item.getAttribute('data-requirement')) ?? ''] = (await item.getAttribute('data-met')) === 'true';
    }
    expect(seen).toEqual(expected);
  });

  it('explains a weak or unmatched password and enables the button only when both are right', async () => {
    const { page } = await open('/reset-password?token=abc');
    await waitForHydration(page);
    expect(await isDisabled(submit(page))).toBe(true);
    await password(page).fill('weakpass');
    await confirm(page).focus();
    await page.getByText('Password does not meet requirements').waitFor();
    expect(await isDisabled(submit(page))).toBe(true);

    await password(page).fill(STRONG);
    expect(await page.getByText('Password does not meet requirements').count()).toBe(0);
    await confirm(page).fill('Str0ng!pas');
    await password(page).focus();
    await page.getByText('Passwords do not match').waitFor();
    expect(await isDisabled(submit(page))).toBe(true);

    await confirm(page).fill(STRONG);
    expect(await page.getByText('Passwords do not match').count()).toBe(0);
    expect(await isDisabled(submit(page))).toBe(false);
  });

  it('sends token and password, toasts and shows the success view', async () => {
    const { page } = await open('/reset-password?token=abc123');
    const bodies = await answer(page, '/api/auth/reset-password', jsonOk({ ok: true }));
    await waitForHydration(page);
    await password(page).fill(STRONG);
    await confirm(page).fill(STRONG);
    await submit(page).click();
    await expectToast(page, 'Password reset successful', '', 'default');
    expect(bodies).toEqual([{ token: 'abc123', password: STRONG }]);
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.waitForURL('**/login');
  });

  it.each([
    [400, 'TOKEN_EXPIRED', 'This reset link has expired. Please request a new password reset.', true],
    [400, 'TOKEN_INVALID', 'Failed to reset password. Please try again.', true],
    [400, 'VALIDATION_ERROR', 'Please enter a valid password.', false],
    [500, 'INTERNAL', 'Failed to reset password. Please try again.', false],
  ])('answers %i %s with %j (new-link offer: %s)', async (status, code, message, isNewLinkOffered) => {
    const { page } = await open('/reset-password?token=abc');
    await answer(page, '/api/auth/reset-password', jsonError(status, code));
    await waitForHydration(page);
    await password(page).fill(STRONG);
    await confirm(page).fill(STRONG);
    await submit(page).click();
    const alert = page.getByRole('alert').filter({ hasText: message });
    await alert.waitFor();
    expect(await textOf(alert)).toContain(message);
    expect(await alert.getByRole('link', { name: 'Request a new link' }).count()).toBe(isNewLinkOffered ? 1 : 0);
  });
});

// ------------------------------------------------------------------------------------------------
describe('onboarding', () => {
  it('after checkout shows the active trial, next steps, counts down from 5 and goes to /login at 5 seconds', async () => {
    // The page's clock is paused and stepped by the test, so the count is checked second by second
    // however slow the machine is (with real time a busy machine can pass "5 seconds" unseen).
    // A clock belongs to its context, hence a context of its own.
    const { context, page: paused } = await openPage(browser, DESKTOP);
    page = paused;
    try {
      await answerAsSignedOut(page);
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 60_000);
      await page.goto('/onboarding?success=true');
      await waitForHydration(page);
      const main = (await page.locator('main').textContent()) ?? '';
      expect(main).toContain('Your 14-day free trial is active.');
      expect(main).toContain('Next steps');
      expect(await page.getByRole('link', { name: 'Continue to Sign In' }).getAttribute('href')).toBe('/login');
      const timer = page.getByRole('timer');
      await timer.filter({ hasText: "You'll be taken to the sign-in page in 5 seconds" }).waitFor();
      // Seconds left are rounded up: 3.5 s reads 4, 1.5 s reads 2.
      await page.clock.runFor(1_500);
      await timer.filter({ hasText: 'in 4 seconds' }).waitFor();
      await page.clock.runFor(2_000);
      await timer.filter({ hasText: 'in 2 seconds' }).waitFor();
      await page.clock.runFor(500);
      await timer.filter({ hasText: /in 1 second\b/ }).waitFor();
      // Still there a millisecond before 5 s; gone at 5 s.
      await page.clock.runFor(999);
      expect(new URL(page.url()).pathname).toBe('/onboarding');
      await page.clock.runFor(1);
      await page.waitForURL('**/login', { timeout: 10_000 });
    } finally {
      await context.close();
      page = undefined;
    }
  });

  it('without success=true links to sign-in and pricing and stays put', async () => {
    const { page, errors } = await open('/onboarding');
    await waitForHydration(page);
    const main = page.locator('main');
    expect(await main.getByRole('link', { name: 'Sign In', exact: true }).getAttribute('href')).toBe('/login');
    expect(await main.getByRole('link', { name: 'See Pricing' }).getAttribute('href')).toBe('/pricing');
    await page.waitForTimeout(5_500);
    expect(new URL(page.url()).pathname).toBe('/onboarding');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  });
});

// ------------------------------------------------------------------------------------------------
describe('against the real auth API', () => {
  const PASSWORD = 'Journal!2024';

  async function signIn(page: Page, email: string, password: string) {
    await waitForHydration(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  it('refuses a wrong password and signs in with the right one', async () => {
    const email = uniqueEmail('login');
    await control.createUser({ email, password: PASSWORD, verified: true });
    const { page } = await open('/login', DESKTOP, { isSignedOut: false });
    await signIn(page, email, 'not-the-password');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password. Please try again.' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, 'Welcome back!', 'You have been logged in successfully.', 'default');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('asks an unverified user to verify and sends a new link on request', async () => {
    const email = uniqueEmail('unverified');
    await control.createUser({ email, password: PASSWORD, verified: false });
    const { page } = await open('/login', DESKTOP, { isSignedOut: false });
    await signIn(page, email, PASSWORD);
    await page
      .getByRole('alert')
      .filter({
        hasText: 'Please verify your email address before logging in. Check your email for the verification link.',
      })
      .waitFor();
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expectToast(page, 'Verification email sent', '', 'default');
    await control.latestMail(email, 'email-verification');
  });

  it('resets a password from the e-mailed link, then signs in with the new one', async () => {
    const email = uniqueEmail('reset');
    await control.createUser({ email, password: PASSWORD, verified: true });
    const { page } = await open('/forgot-password', DESKTOP, { isSignedOut: false });
    await waitForHydration(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const mail = await control.latestMail(email, 'password-reset');
    const link = new URL(mail.meta?.url ?? '');
    const newPassword = 'Fresh#Start9';
    await page.goto(`/reset-password${link.search}`);
    await waitForHydration(page);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Password reset successful', '', 'default');
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.waitForURL('**/login');
    await signIn(page, email, newPassword);
    await page.waitForURL((url) => url.pathname === '/');

    // The link works once.
    await page.goto(`/reset-password${link.search}`);
    await waitForHydration(page);
    await page.getByLabel('New password', { exact: true }).fill('Another#Try1');
    await page.getByLabel('Confirm new password').fill('Another#Try1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to reset password. Please try again.' });
    await alert.waitFor();
    expect(await alert.getByRole('link', { name: 'Request a new link' }).count()).toBe(1);
  });

  it('starts a trial, leaves for checkout, and refuses the same email a second time', async () => {
    const email = uniqueEmail('signup');
    const { page } = await open('/signup', DESKTOP, { isSignedOut: false });
    await waitForHydration(page);
    const fillForm = async () => {
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Lovelace');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Confirm email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
    };
    await fillForm();
    await page.waitForURL((url) => url.pathname !== '/signup');

    await page.goto('/signup');
    await waitForHydration(page);
    await fillForm();
    await page.getByText('An account with this email already exists. Try signing in instead.').waitFor();
    await expectToast(page, 'Account exists', 'Please sign in instead.', 'destructive');
  });
});

// ------------------------------------------------------------------------------------------------
describe('auth screens at phone width', () => {
  it.each([
    '/login',
    '/signup',
    '/forgot-password',
    '/reset-password?token=abc',
    '/reset-password',
    '/onboarding?success=true',
  ])('%s fits 390 px, hydrates without errors and has no serious accessibility violations', async (path) => {
    const { page, errors } = await open(path, PHONE);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await findSeriousViolations(page, 'main')).toEqual([]);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  });
});
