import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionState } from '../../core/billing/subscription';
import { startStripeStandIn, type StripeStandIn } from '../../../test/helpers/stripe-stand-in';
import { postJson, startTestApp, type TestApp } from '../../../test/helpers/test-app';
import type { StripeConfig } from '../config';
import { emailOutbox, processedWebhookEvents, users } from '../db/schema';
import { AppError } from '../errors';
import { createUser } from '../modules/users';
import type { CheckoutParams, PaymentProvider } from './provider';
import { createStripeProvider } from './stripe-provider';

const SECRET_KEY = 'sk_test_edgebook_stand_in';
const WEBHOOK_SECRET = 'whsec_edgebook_stand_in';
const PRICES = { premium_monthly: 'price_test_monthly', premium_yearly: 'price_test_yearly' };
/** The config's default baseUrl (PORT 3000): state-changing requests with a cookie must come from it. */
const APP_ORIGIN = 'http://localhost:3000';
const DAY_S = 24 * 60 * 60;

/** What the service passes as `current`; the Stripe provider reads the subscription from Stripe instead. */
const CURRENT: SubscriptionState = {
  status: 'active',
  planId: 'premium_monthly',
  trialEndsAt: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  hasPaymentMethod: true,
};

let standIn: StripeStandIn;
let stripeConfig: StripeConfig;
let provider: PaymentProvider;

beforeAll(async () => {
  standIn = await startStripeStandIn({
    secretKey: SECRET_KEY,
    prices: { [PRICES.premium_monthly]: 'month', [PRICES.premium_yearly]: 'year' },
  });
  stripeConfig = { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, prices: PRICES, apiUrl: standIn.url };
  provider = createStripeProvider(stripeConfig);
});
afterAll(() => standIn.close());

const unixToDate = (seconds: number) => new Date(seconds * 1000);

/** A Stripe-Signature header for `payload`, as Stripe computes it. */
const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });

const parse = (event: object) => {
  const payload = JSON.stringify(event);
  return provider.parseWebhook({ rawBody: Buffer.from(payload), signature: sign(payload) });
};

const checkoutParams = (overrides: Partial<CheckoutParams> = {}): CheckoutParams => ({
  userId: '9a3c1f3e-1111-4a4a-9c9c-000000000001',
  email: 'trader@example.com',
  customerId: null,
  planId: 'premium_monthly',
  mode: 'trial',
  trialDays: 14,
  successUrl: `${APP_ORIGIN}/onboarding?success=true`,
  cancelUrl: `${APP_ORIGIN}/signup`,
  ...overrides,
});

const lastRequestTo = (method: string, path: string | RegExp) => standIn.requestsTo(method, path).at(-1);

/** A stand-in subscription reached through a real checkout: trialing for 'trial', active for 'upgrade'. */
async function subscribe(overrides: Partial<CheckoutParams> = {}) {
  const { url } = await provider.createCheckout(checkoutParams(overrides));
  return standIn.completeCheckout(url.split('/').at(-1)!); // the URL ends in the session id
}

describe('createStripeProvider against the Stripe stand-in', () => {
  describe('createCheckout', () => {
    it('creates a subscription Checkout Session with a 14-day trial that requires a payment method', async () => {
      const { url } = await provider.createCheckout(checkoutParams({ planId: 'premium_yearly' }));
      const request = lastRequestTo('POST', '/v1/checkout/sessions');
      expect(request?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
      expect(request?.body).toEqual({
        mode: 'subscription',
        line_items: [{ price: PRICES.premium_yearly, quantity: '1' }],
        client_reference_id: checkoutParams().userId,
        customer_email: 'trader@example.com',
        success_url: `${APP_ORIGIN}/onboarding?success=true`,
        cancel_url: `${APP_ORIGIN}/signup`,
        payment_method_collection: 'always',
        subscription_data: { trial_period_days: '14', metadata: { userId: checkoutParams().userId } },
      });
      const session = [...standIn.sessions.values()].at(-1);
      expect(url).toBe(session?.url);
      expect(url.startsWith(`${standIn.url}/c/pay/cs_test_`)).toBe(true);
    });

    it('charges at once for an upgrade, and names a known customer instead of the e-mail', async () => {
      const { customer } = await subscribe();
      await provider.createCheckout(checkoutParams({ mode: 'upgrade', customerId: customer.id }));
      const body = lastRequestTo('POST', '/v1/checkout/sessions')?.body;
      expect(body).toMatchObject({
        customer: customer.id,
        payment_method_collection: 'always',
        line_items: [{ price: PRICES.premium_monthly, quantity: '1' }],
      });
      expect(body).not.toHaveProperty('customer_email');
      expect(body?.subscription_data).toEqual({ metadata: { userId: checkoutParams().userId } });
    });

    it('throws INTERNAL when Stripe returns a session without a URL', async () => {
      standIn.replyOnce('POST', '/v1/checkout/sessions', {
        status: 200,
        body: { id: 'cs_test_nourl', object: 'checkout.session', url: null },
      });
      await expect(provider.createCheckout(checkoutParams())).rejects.toMatchObject({
        code: 'INTERNAL',
        message: 'No checkout URL returned',
      });
    });

    it('sends the secret key: Stripe refuses another with 401', async () => {
      const wrongKey = createStripeProvider({ ...stripeConfig, secretKey: 'sk_test_wrong' });
      await expect(wrongKey.createCheckout(checkoutParams())).rejects.toBeInstanceOf(
        Stripe.errors.StripeAuthenticationError,
      );
      const request = lastRequestTo('POST', '/v1/checkout/sessions');
      expect(request?.status).toBe(401);
      expect(request?.headers.authorization).toBe('Bearer sk_test_wrong');
    });
  });

  describe('createPortal', () => {
    it('opens a billing portal session for the customer that returns to the given URL', async () => {
      const { customer } = await subscribe();
      const { url } = await provider.createPortal({ customerId: customer.id, returnUrl: `${APP_ORIGIN}/subscription` });
      expect(url.startsWith(`${standIn.url}/p/session/bps_test_`)).toBe(true);
      expect(lastRequestTo('POST', '/v1/billing_portal/sessions')?.body).toEqual({
        customer: customer.id,
        return_url: `${APP_ORIGIN}/subscription`,
      });
    });
  });

  describe('changePlan and setCancelAtPeriodEnd', () => {
    it('moves the single item to the new price with prorations and reports the new plan', async () => {
      const { subscription } = await subscribe({ mode: 'upgrade' });
      const item = subscription.items.data[0]!; // a checkout with one line item
      const changed = await provider.changePlan({
        subscriptionId: subscription.id,
        planId: 'premium_yearly',
        current: CURRENT,
      });
      expect(lastRequestTo('GET', `/v1/subscriptions/${subscription.id}`)).toBeDefined();
      expect(lastRequestTo('POST', `/v1/subscriptions/${subscription.id}`)?.body).toEqual({
        items: [{ id: item.id, price: PRICES.premium_yearly }],
        proration_behavior: 'create_prorations',
      });
      expect(changed).toMatchObject({
        subscriptionId: subscription.id,
        customerId: subscription.customer,
        planId: 'premium_yearly',
        status: 'active',
      });
    });

    it('sets and clears cancel_at_period_end', async () => {
      const { subscription } = await subscribe({ mode: 'upgrade' });
      const cancelled = await provider.setCancelAtPeriodEnd({
        subscriptionId: subscription.id,
        cancel: true,
        current: CURRENT,
      });
      expect(lastRequestTo('POST', `/v1/subscriptions/${subscription.id}`)?.body).toEqual({
        cancel_at_period_end: 'true',
      });
      expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
      const resumed = await provider.setCancelAtPeriodEnd({
        subscriptionId: subscription.id,
        cancel: false,
        current: CURRENT,
      });
      expect(lastRequestTo('POST', `/v1/subscriptions/${subscription.id}`)?.body).toEqual({
        cancel_at_period_end: 'false',
      });
      expect(resumed.cancelAtPeriodEnd).toBe(false);
    });
  });

  describe('parseWebhook', () => {
    it.each([
      ['trialing', 'trialing'],
      ['active', 'active'],
      ['past_due', 'past_due'],
      ['unpaid', 'past_due'],
      ['incomplete', 'past_due'],
      ['canceled', 'canceled'],
      ['incomplete_expired', 'canceled'],
      ['paused', 'expired'],
    ] as const)('reads Stripe status %s as %s', async (stripeStatus, status) => {
      const { subscription } = await subscribe();
      const event = await parse(
        standIn.buildEvent('customer.subscription.updated', { ...subscription, status: stripeStatus }),
      );
      expect(event).toMatchObject({ kind: 'subscription_changed', subscription: { status } });
    });

    it('maps a subscription: ids, plan from the price, trial end and period end from the item, in Dates', async () => {
      const { subscription, customer } = await subscribe({ planId: 'premium_yearly' });
      const built = standIn.buildEvent('customer.subscription.created', subscription);
      expect(await parse(built)).toEqual({
        kind: 'subscription_changed',
        eventId: built.id,
        subscription: {
          customerId: customer.id,
          subscriptionId: subscription.id,
          status: 'trialing',
          planId: 'premium_yearly',
          trialEndsAt: unixToDate(subscription.trial_end!), // a trial checkout
          currentPeriodEnd: unixToDate(subscription.items.data[0]!.current_period_end),
          cancelAtPeriodEnd: false,
        },
      });
    });

    it('reads the period end from the subscription itself in payloads of API versions before 2025-03-31', async () => {
      const { subscription } = await subscribe({ mode: 'upgrade' });
      const legacyEnd = subscription.created + 31 * DAY_S;
      const legacy = {
        ...subscription,
        current_period_end: legacyEnd,
        items: {
          ...subscription.items,
          data: subscription.items.data.map(({ id, object, price, quantity }) => ({ id, object, price, quantity })),
        },
      };
      const event = await parse(standIn.buildEvent('customer.subscription.updated', legacy));
      expect(event).toMatchObject({ subscription: { currentPeriodEnd: unixToDate(legacyEnd) } });
    });

    it('reports a deleted subscription as canceled, with access until it ended', async () => {
      const { subscription } = await subscribe({ mode: 'upgrade' });
      const ended = standIn.endSubscription(subscription.id);
      const event = await parse(standIn.buildEvent('customer.subscription.deleted', ended));
      expect(event).toMatchObject({
        kind: 'subscription_changed',
        subscription: { status: 'canceled', currentPeriodEnd: unixToDate(ended.ended_at!) },
      });
    });

    it('refuses a subscription whose price is no configured plan', async () => {
      const { subscription } = await subscribe();
      const foreign = {
        ...subscription,
        items: {
          ...subscription.items,
          data: subscription.items.data.map((i) => ({ ...i, price: { ...i.price, id: 'price_other_product' } })),
        },
      };
      const result = parse(standIn.buildEvent('customer.subscription.updated', foreign));
      await expect(result).rejects.toBeInstanceOf(AppError);
      await expect(result).rejects.toMatchObject({ code: 'INTERNAL' });
    });

    it('reads a completed checkout with the subscription retrieved from the API', async () => {
      const { session, subscription, customer } = await subscribe();
      const event = await parse(standIn.buildEvent('checkout.session.completed', session));
      expect(lastRequestTo('GET', `/v1/subscriptions/${subscription.id}`)).toBeDefined();
      expect(event).toMatchObject({
        kind: 'checkout_completed',
        userId: checkoutParams().userId,
        customerId: customer.id,
        subscription: {
          subscriptionId: subscription.id,
          status: 'trialing',
          trialEndsAt: unixToDate(subscription.trial_end!),
        },
      });
    });

    it('ignores a completed checkout that carries no user of ours', async () => {
      const { session } = await subscribe();
      const event = await parse(
        standIn.buildEvent('checkout.session.completed', { ...session, client_reference_id: null }),
      );
      expect(event).toMatchObject({ kind: 'ignored', type: 'checkout.session.completed' });
    });

    it('finds the subscription of an invoice under parent (current API) and under subscription (older API)', async () => {
      const { subscription } = await subscribe({ mode: 'upgrade' });
      const invoice = standIn.buildInvoice(subscription.id, { amountPaid: 2499 });
      const expected = { customerId: subscription.customer, subscriptionId: subscription.id };
      expect(await parse(standIn.buildEvent('invoice.paid', invoice))).toMatchObject({
        kind: 'invoice_paid',
        ...expected,
      });
      const legacy = { ...invoice, parent: null, subscription: subscription.id };
      expect(
        await parse(standIn.buildEvent('invoice.payment_failed', { ...legacy, amount_paid: 0, status: 'open' })),
      ).toMatchObject({ kind: 'invoice_failed', ...expected });
    });

    it('ignores the $0 invoice that starting a trial pays', async () => {
      const { subscription } = await subscribe();
      const invoice = {
        ...standIn.buildInvoice(subscription.id, { amountPaid: 0 }),
        billing_reason: 'subscription_create',
      };
      expect(await parse(standIn.buildEvent('invoice.paid', invoice))).toMatchObject({
        kind: 'ignored',
        type: 'invoice.paid',
      });
    });

    it('ignores event types it does not handle', async () => {
      const event = standIn.buildEvent('customer.created', { id: 'cus_test_x', object: 'customer' });
      expect(await parse(event)).toEqual({ kind: 'ignored', eventId: event.id, type: 'customer.created' });
    });

    const payload = JSON.stringify({
      id: 'evt_test_sig',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    it.each([
      ['no signature', undefined],
      ['an empty signature', ''],
      ['a signature made with another secret', sign(payload, { secret: 'whsec_other' })],
      ['a signature of another payload', sign(payload.replace('customer.created', 'invoice.paid'))],
      [
        'a signature older than the five-minute tolerance',
        sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      ],
      ['a malformed header', 'not-a-signature'],
    ])('refuses a webhook with %s as VALIDATION_ERROR', async (_name, signature) => {
      await expect(provider.parseWebhook({ rawBody: Buffer.from(payload), signature })).rejects.toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Invalid webhook signature',
      });
    });
  });
});

describe('Stripe billing through the app', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_MONTHLY: PRICES.premium_monthly,
        STRIPE_PRICE_YEARLY: PRICES.premium_yearly,
        STRIPE_API_URL: standIn.url,
        SIGNUP_RATE_LIMIT: '100',
        LOGIN_RATE_LIMIT: '100',
      },
      paymentProvider: createStripeProvider(stripeConfig),
    });
  });
  afterAll(() => t?.close());

  const getUser = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!; // ids come from rows just read
  const mailsTo = (email: string, kind: string) =>
    t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, kind)));

  async function deliver(event: { id: string }, options: { signature?: string | null } = {}) {
    const payload = JSON.stringify(event);
    const signature = options.signature === undefined ? sign(payload) : options.signature;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signature !== null) headers['stripe-signature'] = signature;
    return fetch(t.url('/api/billing/webhook'), { method: 'POST', headers, body: payload });
  }

  it('configures Stripe from the same environment the provider was built from', () => {
    expect(t.config.stripe).toEqual(stripeConfig);
  });

  describe('a trial from sign-up to cancellation, driven by webhooks', () => {
    const email = 'stripe-trial@example.com';
    let userId: string;
    let sessionId: string;
    let subscriptionId: string;

    it('answers a trial sign-up with the URL of a 14-day-trial Checkout Session for the new user', async () => {
      const res = await postJson(t.url('/api/subscription/trial-signup'), {
        email,
        firstName: 'Tess',
        lastName: 'Trader',
        password: 'correct horse 9',
        planId: 'premium_monthly',
      });
      expect(res.status).toBe(201);
      const { checkoutUrl } = (await res.json()) as { checkoutUrl: string };
      const session = [...standIn.sessions.values()].find((s) => s.url === checkoutUrl);
      expect(session).toBeDefined();
      sessionId = session!.id; // asserted just above
      const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
      userId = user!.id; // sign-up created it
      const request = standIn
        .requestsTo('POST', '/v1/checkout/sessions')
        .find((r) => r.body.client_reference_id === userId);
      expect(request?.body).toMatchObject({
        mode: 'subscription',
        line_items: [{ price: PRICES.premium_monthly, quantity: '1' }],
        customer_email: email,
        payment_method_collection: 'always',
        subscription_data: { trial_period_days: '14', metadata: { userId } },
        success_url: `${APP_ORIGIN}/onboarding?success=true`,
        cancel_url: `${APP_ORIGIN}/signup`,
      });
      expect(user).toMatchObject({
        subscriptionStatus: 'trialing',
        checkoutCompletedAt: null,
        paymentCustomerId: null,
      });
    });

    it('starts the trial on checkout.session.completed, with its end from the Stripe subscription', async () => {
      const { session, subscription, customer } = standIn.completeCheckout(sessionId);
      subscriptionId = subscription.id;
      const res = await deliver(
        standIn.buildEvent('checkout.session.completed', session, { id: 'evt_test_checkout_1' }),
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, duplicate: false });
      const user = await getUser(userId);
      expect(user).toMatchObject({
        subscriptionStatus: 'trialing',
        planId: 'premium_monthly',
        paymentProvider: 'stripe',
        paymentCustomerId: customer.id,
        paymentSubscriptionId: subscription.id,
        trialEndsAt: unixToDate(subscription.trial_end!), // a trial checkout
        cancelAtPeriodEnd: false,
      });
      expect(user.checkoutCompletedAt).toBeInstanceOf(Date);
      expect(await mailsTo(email, 'welcome')).toHaveLength(1);
    });

    it('applies the same event delivered twice only once', async () => {
      const session = standIn.sessions.get(sessionId)!; // completed above
      const before = await getUser(userId);
      const res = await deliver(
        standIn.buildEvent('checkout.session.completed', session, { id: 'evt_test_checkout_1' }),
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, duplicate: true });
      expect(await getUser(userId)).toEqual(before);
      expect(await mailsTo(email, 'welcome')).toHaveLength(1);
    });

    it('keeps the trial when Stripe reports the $0 invoice of its start as paid', async () => {
      const invoice = {
        ...standIn.buildInvoice(subscriptionId, { amountPaid: 0 }),
        billing_reason: 'subscription_create',
      };
      const res = await deliver(standIn.buildEvent('invoice.paid', invoice));
      expect(res.status).toBe(200);
      expect((await getUser(userId)).subscriptionStatus).toBe('trialing');
    });

    it('refuses a webhook with a bad or no signature and changes nothing', async () => {
      const before = await getUser(userId);
      const active = standIn.buildEvent('customer.subscription.updated', {
        ...standIn.subscriptions.get(subscriptionId),
        status: 'active',
      });
      const forged = await deliver(active, { signature: sign(JSON.stringify(active), { secret: 'whsec_attacker' }) });
      expect(forged.status).toBe(400);
      expect(await forged.json()).toEqual({ error: 'VALIDATION_ERROR', message: 'Invalid webhook signature' });
      const unsigned = await deliver(active, { signature: null });
      expect(unsigned.status).toBe(400);
      expect(await getUser(userId)).toEqual(before);
      expect(
        await t.database.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, active.id)),
      ).toEqual([]);
    });

    it('turns the subscription active when the trial converts (customer.subscription.updated)', async () => {
      const periodEnd = Math.floor(Date.now() / 1000) + 30 * DAY_S;
      const converted = standIn.updateSubscription(subscriptionId, { status: 'active', periodEnd });
      const res = await deliver(standIn.buildEvent('customer.subscription.updated', converted));
      expect(res.status).toBe(200);
      expect(await getUser(userId)).toMatchObject({
        subscriptionStatus: 'active',
        currentPeriodEnd: unixToDate(periodEnd),
      });
    });

    it('marks it past due and e-mails the user when a renewal fails (invoice.payment_failed)', async () => {
      const invoice = standIn.buildInvoice(subscriptionId, { amountPaid: 0, amountDue: 2499, status: 'open' });
      const res = await deliver(standIn.buildEvent('invoice.payment_failed', invoice));
      expect(res.status).toBe(200);
      expect((await getUser(userId)).subscriptionStatus).toBe('past_due');
      const [mail] = await mailsTo(email, 'payment-failed');
      expect(mail?.text).toContain('/subscription');
    });

    it('makes it active again when the invoice is paid', async () => {
      const res = await deliver(
        standIn.buildEvent('invoice.paid', standIn.buildInvoice(subscriptionId, { amountPaid: 2499 })),
      );
      expect(res.status).toBe(200);
      expect((await getUser(userId)).subscriptionStatus).toBe('active');
    });

    it('cancels it when Stripe deletes the subscription', async () => {
      const ended = standIn.endSubscription(subscriptionId);
      const res = await deliver(standIn.buildEvent('customer.subscription.deleted', ended));
      expect(res.status).toBe(200);
      expect(await getUser(userId)).toMatchObject({
        subscriptionStatus: 'canceled',
        currentPeriodEnd: unixToDate(ended.ended_at!),
      });
    });
  });

  describe('managing a subscription while signed in', () => {
    const email = 'stripe-member@example.com';
    const password = 'long enough password 1';
    let userId: string;
    let cookie: string;
    let subscriptionId: string;

    const post = (path: string, body: unknown = {}) => postJson(t.url(path), body, { origin: APP_ORIGIN, cookie });

    beforeAll(async () => {
      const user = await createUser(t.database.db, {
        email,
        password,
        firstName: 'Max',
        lastName: 'Member',
        isVerified: true,
        now: new Date(),
      });
      userId = user.id;
      const res = await postJson(t.url('/api/auth/login'), { email, password }, { origin: APP_ORIGIN });
      expect(res.status).toBe(200);
      const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('eb_session='));
      cookie = setCookie!.split(';')[0]!; // the login answer sets the session cookie
    });

    it('upgrades through a paid Checkout Session, and checkout.session.completed makes the user active', async () => {
      const res = await post('/api/subscription/checkout', { planId: 'premium_monthly' });
      expect(res.status).toBe(200);
      const { checkoutUrl } = (await res.json()) as { checkoutUrl: string };
      const session = [...standIn.sessions.values()].find((s) => s.url === checkoutUrl)!; // the stand-in made this URL
      expect(session).toMatchObject({
        client_reference_id: userId,
        customer_email: email,
        success_url: `${APP_ORIGIN}/subscription?upgraded=true`,
      });
      expect(session.subscription_data_requested).not.toHaveProperty('trial_period_days');
      const { subscription } = standIn.completeCheckout(session.id);
      subscriptionId = subscription.id;
      expect((await deliver(standIn.buildEvent('checkout.session.completed', session))).status).toBe(200);
      expect(await getUser(userId)).toMatchObject({
        subscriptionStatus: 'active',
        paymentSubscriptionId: subscription.id,
        planId: 'premium_monthly',
      });
    });

    it('changes the plan at Stripe and stores what Stripe answers', async () => {
      const res = await post('/api/subscription/change-plan', { planId: 'premium_yearly' });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ planId: 'premium_yearly', subscriptionStatus: 'active' });
      expect(lastRequestTo('POST', `/v1/subscriptions/${subscriptionId}`)?.body).toMatchObject({
        items: [{ price: PRICES.premium_yearly }],
        proration_behavior: 'create_prorations',
      });
      expect(standIn.subscriptions.get(subscriptionId)?.items.data[0]?.price.id).toBe(PRICES.premium_yearly);
      expect((await getUser(userId)).planId).toBe('premium_yearly');
    });

    it('cancels at period end and resumes', async () => {
      const cancelled = await post('/api/subscription/cancel');
      expect(cancelled.status).toBe(200);
      expect(await cancelled.json()).toMatchObject({ cancelAtPeriodEnd: true, subscriptionStatus: 'active' });
      expect(standIn.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
      expect((await getUser(userId)).cancelAtPeriodEnd).toBe(true);

      const resumed = await post('/api/subscription/resume');
      expect(resumed.status).toBe(200);
      expect(await resumed.json()).toMatchObject({ cancelAtPeriodEnd: false });
      expect(standIn.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(false);
      expect((await getUser(userId)).cancelAtPeriodEnd).toBe(false);
    });

    it('opens the Stripe billing portal for the customer, returning to /subscription', async () => {
      const res = await post('/api/subscription/portal');
      expect(res.status).toBe(200);
      const { url } = (await res.json()) as { url: string };
      expect(url.startsWith(`${standIn.url}/p/session/`)).toBe(true);
      const user = await getUser(userId);
      expect(lastRequestTo('POST', '/v1/billing_portal/sessions')?.body).toEqual({
        customer: user.paymentCustomerId,
        return_url: `${APP_ORIGIN}/subscription`,
      });
    });

    it('refuses a cookie-authenticated change without an Origin header, before calling Stripe', async () => {
      const calls = standIn.requests.length;
      const res = await postJson(t.url('/api/subscription/cancel'), {}, { cookie });
      expect(res.status).toBe(403);
      expect(standIn.requests).toHaveLength(calls);
    });
  });
});
