import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, ManualClock } from '../../clock';
import { emailOutbox, users } from '../../db/schema';
import { runSubscriptionLifecycle } from './billing.service';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

let t: TestApp;
let clock: ManualClock;
const client = () => new TestClient(t.url(''));
const lifecycle = () =>
  runSubscriptionLifecycle({
    db: t.database.db,
    clock,
    mailer: t.app.mailer,
    config: t.config.publicConfig,
    provider: t.app.paymentProvider,
  });
const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!;
const mails = (to: string, kind: string) =>
  t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));

/** Signs up through the API, completes the local checkout, verifies the e-mail and signs in. */
async function signUpThroughCheckout(email: string, planId = 'premium_monthly'): Promise<TestClient> {
  const c = client();
  const { checkoutUrl } = await c.json<{ checkoutUrl: string }>(
    c.post('/api/subscription/trial-signup', { email, firstName: 'T', lastName: 'R', password: 'long-enough', planId }),
  );
  await c.post(`/api/billing/local/checkouts/${checkoutUrl.split('/').pop()}/complete`);
  await t.database.db.update(users).set({ emailVerifiedAt: clock.now() }).where(eq(users.email, email));
  await c.login(email, 'long-enough');
  return c;
}

beforeAll(async () => {
  clock = new ManualClock({ now: () => new Date('2026-02-01T12:00:00Z') });
  t = await startTestApp({ clock, env: { SIGNUP_RATE_LIMIT: '1000', LOGIN_RATE_LIMIT: '1000' } });
});
afterAll(() => t.close());

describe('/api/subscription on the local provider', () => {
  it('shows the trial with the plans and the provider', async () => {
    const c = await signUpThroughCheckout('sub-view@example.com');
    expect(await c.json(c.get('/api/subscription'))).toMatchObject({
      provider: 'local',
      subscriptionStatus: 'trialing',
      trialInfo: { daysRemaining: 14 },
      hasPaymentMethod: true,
      plans: [
        { id: 'premium_monthly', price: '24.99' },
        { id: 'premium_yearly', price: '249.99' },
      ],
    });
  });

  it('switches plan, cancels at period end and resumes', async () => {
    const c = await signUpThroughCheckout('sub-change@example.com');
    expect(await c.json(c.post('/api/subscription/change-plan', { planId: 'premium_yearly' }))).toMatchObject({
      planId: 'premium_yearly',
    });
    expect(await c.json(c.post('/api/subscription/cancel'))).toMatchObject({ cancelAtPeriodEnd: true });
    expect(await c.json(c.post('/api/subscription/resume'))).toMatchObject({ cancelAtPeriodEnd: false });
    expect((await c.post('/api/subscription/change-plan', { planId: 'platinum' })).status).toBe(400);
  });

  it('upgrades to a paid period now through the test checkout', async () => {
    const c = await signUpThroughCheckout('sub-upgrade@example.com');
    const { checkoutUrl } = await c.json<{ checkoutUrl: string }>(
      c.post('/api/subscription/checkout', { planId: 'premium_yearly' }),
    );
    const done = await c.json<{ redirectUrl: string }>(
      c.post(`/api/billing/local/checkouts/${checkoutUrl.split('/').pop()}/complete`),
    );
    expect(done.redirectUrl).toBe('/subscription?upgraded=true');
    const me = await c.json<{ subscriptionStatus: string; currentPeriodEnd: string; planId: string }>(
      c.get('/api/auth/user'),
    );
    expect(me.subscriptionStatus).toBe('active');
    expect(me.planId).toBe('premium_yearly');
    expect(new Date(me.currentPeriodEnd).getTime()).toBe(clock.now().getTime() + 365 * DAY_MS);
    expect((await c.post('/api/subscription/checkout', { planId: 'premium_yearly' })).status).toBe(409);
  });

  it('requires sign-in for every subscription call', async () => {
    for (const path of [
      '/api/subscription/checkout',
      '/api/subscription/cancel',
      '/api/subscription/resume',
      '/api/subscription/portal',
    ]) {
      expect((await client().post(path, { planId: 'premium_monthly' })).status, path).toBe(401);
    }
    expect((await client().get('/api/subscription')).status).toBe(401);
  });

  it('has no webhooks to accept', async () => {
    const res = await fetch(t.url('/api/billing/webhook'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(404);
  });
});

describe('subscription lifecycle', () => {
  it('warns 3 days before the end once, then converts a trial with a payment method to paid', async () => {
    const c = await signUpThroughCheckout('converts@example.com');
    clock.advance(11 * DAY_MS + 60_000);
    await lifecycle();
    await lifecycle();
    expect(await mails('converts@example.com', 'trial-ending')).toHaveLength(1);
    clock.advance(3 * DAY_MS);
    expect((await lifecycle()).converted).toBeGreaterThanOrEqual(1);
    expect(await c.json(c.get('/api/auth/user'))).toMatchObject({ subscriptionStatus: 'active', hasAccess: true });
    clock.reset();
  });

  it('lets a trial cancelled at period end expire, with one trial-over e-mail', async () => {
    const c = await signUpThroughCheckout('expires@example.com');
    await c.post('/api/subscription/cancel');
    clock.advance(15 * DAY_MS);
    await lifecycle();
    await lifecycle();
    expect(await mails('expires@example.com', 'trial-over')).toHaveLength(1);
    expect(await c.json(c.get('/api/auth/user'))).toMatchObject({
      subscriptionStatus: 'trialing',
      trialInfo: { daysRemaining: 0 },
      hasAccess: false,
    });
    expect((await userByEmail('expires@example.com')).subscriptionStatus).toBe('trialing');
    clock.reset();
  });

  it('closes a paid subscription cancelled at period end when the period passes', async () => {
    const c = await signUpThroughCheckout('closes@example.com');
    const { checkoutUrl } = await c.json<{ checkoutUrl: string }>(
      c.post('/api/subscription/checkout', { planId: 'premium_monthly' }),
    );
    await c.post(`/api/billing/local/checkouts/${checkoutUrl.split('/').pop()}/complete`);
    await c.post('/api/subscription/cancel');
    clock.advance(31 * DAY_MS);
    await lifecycle();
    await c.login('closes@example.com', 'long-enough'); // a month idle ended the old session
    expect(await c.json(c.get('/api/auth/user'))).toMatchObject({ subscriptionStatus: 'canceled', hasAccess: false });
    clock.reset();
  });
});
