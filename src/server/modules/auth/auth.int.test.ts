import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, ManualClock } from '../../clock';
import { auditLog, emailOutbox, sessions, users } from '../../db/schema';
import { createUser, setUserDisabled } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

const HIGH_LIMITS = {
  LOGIN_RATE_LIMIT: '1000',
  LOGIN_ACCOUNT_RATE_LIMIT: '1000',
  SIGNUP_RATE_LIMIT: '1000',
  FORGOT_RATE_LIMIT: '1000',
};
const PASSWORD = 'Corr3ct-horse';
const SIGNUP = {
  email: 'new.trader@example.com',
  firstName: 'New',
  lastName: 'Trader',
  password: 'longenough',
  planId: 'premium_yearly',
};

let t: TestApp;
let clock: ManualClock;
const client = () => new TestClient(t.url(''));

async function latestMail(to: string, kind: string) {
  // Mail of a forgot-password or resend request is written by a job after the answer.
  await t.app.jobs.settle();
  const [mail] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return mail;
}
const tokenFrom = (url: string) => new URL(url).searchParams.get('token')!;

async function makeUser(email: string, options: { verified?: boolean } = {}) {
  return createUser(t.database.db, {
    email,
    password: PASSWORD,
    firstName: 'Ann',
    isVerified: options.verified ?? true,
    now: clock.now(),
  });
}

beforeAll(async () => {
  clock = new ManualClock({ now: () => new Date('2026-06-01T09:30:00Z') }); // frozen, moved by the tests
  t = await startTestApp({ env: HIGH_LIMITS, clock });
});
afterAll(() => t.close());

describe('GET /api/auth/user', () => {
  it('answers 401 when not signed in', async () => {
    const res = await client().get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'UNAUTHORIZED' });
  });
});

describe('trial sign-up → checkout → verification → sign-in', () => {
  it('validates every field of the sign-up, naming them', async () => {
    const res = await client().post('/api/subscription/trial-signup', {
      email: 'nope',
      firstName: ' ',
      lastName: '',
      password: 'short',
      planId: 'gold',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe('VALIDATION_ERROR');
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'firstName', 'lastName', 'password', 'planId']);
  });

  it('creates the unverified user, e-mails a verification link and answers the checkout URL', async () => {
    const res = await client().post('/api/subscription/trial-signup', SIGNUP);
    expect(res.status).toBe(201);
    const { checkoutUrl } = (await res.json()) as { checkoutUrl: string };
    expect(checkoutUrl).toMatch(/^\/checkout\/[0-9a-f-]{36}$/);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, SIGNUP.email));
    expect(user).toMatchObject({ emailVerifiedAt: null, planId: 'premium_yearly', subscriptionStatus: 'trialing' });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await latestMail(SIGNUP.email, 'email-verification')).toBeDefined();
  });

  it('answers 409 "already exists" for an address in use, in any case', async () => {
    const res = await client().post('/api/subscription/trial-signup', { ...SIGNUP, email: 'NEW.Trader@Example.com' });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('already exists');
  });

  it('completes the local test checkout once, restarting the 14-day trial with a payment method and a welcome e-mail', async () => {
    const c = client();
    const { checkoutUrl } = await c.json<{ checkoutUrl: string }>(
      c.post('/api/subscription/trial-signup', { ...SIGNUP, email: 'checkout@example.com' }),
    );
    const id = checkoutUrl.split('/').pop()!;
    expect(await c.json(c.get(`/api/billing/local/checkouts/${id}`))).toMatchObject({
      mode: 'trial',
      email: 'checkout@example.com',
      isCompleted: false,
    });
    const done = await c.json<{ redirectUrl: string }>(c.post(`/api/billing/local/checkouts/${id}/complete`));
    expect(done.redirectUrl).toBe('/onboarding?success=true');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'checkout@example.com'));
    expect(user?.checkoutCompletedAt).toBeInstanceOf(Date);
    expect(user?.trialEndsAt?.getTime()).toBe(clock.now().getTime() + 14 * DAY_MS);
    expect(await latestMail('checkout@example.com', 'welcome')).toBeDefined();
    expect((await c.post(`/api/billing/local/checkouts/${id}/complete`)).status).toBe(200);
    const welcomes = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, 'checkout@example.com'), eq(emailOutbox.kind, 'welcome')));
    expect(welcomes).toHaveLength(1);
    expect((await c.get('/api/billing/local/checkouts/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await c.get('/api/billing/local/checkouts/not-a-uuid')).status).toBe(404);
  });

  it('refuses sign-in until the e-mail is verified, then the link verifies once', async () => {
    const c = client();
    const refused = await c.post('/api/auth/login', { email: SIGNUP.email, password: SIGNUP.password });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('EMAIL_NOT_VERIFIED');
    const mail = await latestMail(SIGNUP.email, 'email-verification');
    const link = new URL(mail!.meta!.url!);
    const verified = await c.get(`${link.pathname}${link.search}`);
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/login?verified=true');
    const again = await c.get(`${link.pathname}${link.search}`);
    expect(again.headers.get('location')).toBe('/login?verification=invalid');
    await c.login(SIGNUP.email, SIGNUP.password);
    const me = await c.json<Record<string, unknown>>(c.get('/api/auth/user'));
    expect(me).toMatchObject({
      email: SIGNUP.email,
      subscriptionStatus: 'trialing',
      trialInfo: { daysRemaining: 14 },
      hasAccess: true,
    });
  });

  it('resends a verification link without saying whether the account exists', async () => {
    await makeUser('unverified@example.com', { verified: false });
    const a = await client().post('/api/auth/resend-verification', { email: 'unverified@example.com' });
    const b = await client().post('/api/auth/resend-verification', { email: 'nobody@example.com' });
    expect(a.status).toBe(200);
    expect(await a.text()).toBe(await b.text());
    expect(await latestMail('unverified@example.com', 'email-verification')).toBeDefined();
  });
});

describe('POST /api/auth/login', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie whose token is stored only as a hash', async () => {
    await makeUser('cookie@example.com');
    const res = await client().post('/api/auth/login', { email: 'cookie@example.com', password: PASSWORD });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^eb_session=[\w-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure'); // served over http here; Secure over https
    const token = setCookie.split(';')[0]!.split('=')[1]!;
    const stored = await t.database.db.select().from(sessions);
    expect(stored.some((s) => s.tokenHash === token)).toBe(false);
    expect(stored.some((s) => s.tokenHash === createHash('sha256').update(token).digest('hex'))).toBe(true);
  });

  it('issues a new session at every sign-in and drops the one the browser had', async () => {
    await makeUser('rotate@example.com');
    const c = client();
    await c.login('rotate@example.com', PASSWORD);
    const first = c.cookie;
    await c.login('rotate@example.com', PASSWORD);
    expect(c.cookie).not.toBe(first);
    const stale = new TestClient(t.url(''));
    stale.cookie = first;
    expect((await stale.get('/api/auth/user')).status).toBe(401);
  });

  it('answers INVALID_CREDENTIALS alike for a wrong password and an unknown e-mail', async () => {
    await makeUser('known@example.com');
    const wrong = await client().post('/api/auth/login', { email: 'known@example.com', password: 'wrong-password' });
    const unknown = await client().post('/api/auth/login', {
      email: 'unknown@example.com',
      password: 'wrong-password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('takes as long for an unknown e-mail as for a known one', async () => {
    const timeOne = async (email: string) => {
      const t0 = performance.now();
      await client().post('/api/auth/login', { email, password: 'wrong-password' });
      return performance.now() - t0;
    };
    // The two e-mails in turn, so that a machine whose speed drifts slows both alike; the median of each.
    const samples = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 11; i++) {
      samples.known.push(await timeOne('known@example.com'));
      samples.unknown.push(await timeOne('unknown@example.com'));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[5]!;
    const known = median(samples.known);
    const unknown = median(samples.unknown);
    expect(unknown / known).toBeGreaterThan(0.5);
    expect(unknown / known).toBeLessThan(2);
  });

  it('answers ACCOUNT_DISABLED for a disabled account with the right password', async () => {
    await makeUser('disabled@example.com');
    await setUserDisabled(t.database.db, { email: 'disabled@example.com', isDisabled: true, now: clock.now() });
    const res = await client().post('/api/auth/login', { email: 'disabled@example.com', password: PASSWORD });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('ACCOUNT_DISABLED');
  });

  it('ends the sessions of an account once it is disabled', async () => {
    await makeUser('later-disabled@example.com');
    const c = client();
    await c.login('later-disabled@example.com', PASSWORD);
    await setUserDisabled(t.database.db, { email: 'later-disabled@example.com', isDisabled: true, now: clock.now() });
    expect((await c.get('/api/auth/user')).status).toBe(401);
  });

  it('records sign-ins and failed sign-ins in the audit log', async () => {
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'known@example.com'));
    const events = await t.database.db.select().from(auditLog).where(eq(auditLog.userId, user!.id));
    expect(events.map((e) => e.event)).toContain('login_failed');
    const rotate = await t.database.db.select().from(users).where(eq(users.email, 'rotate@example.com'));
    const logins = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, rotate[0]!.id), eq(auditLog.event, 'login')));
    expect(logins).toHaveLength(2);
  });
});

describe('sessions', () => {
  it('slide: a session used within 30 days stays alive, one idle longer ends', async () => {
    await makeUser('sliding@example.com');
    const c = client();
    await c.login('sliding@example.com', PASSWORD);
    clock.advance(20 * DAY_MS);
    expect((await c.get('/api/auth/user')).status).toBe(200);
    clock.advance(20 * DAY_MS);
    expect((await c.get('/api/auth/user')).status).toBe(200);
    clock.advance(31 * DAY_MS);
    expect((await c.get('/api/auth/user')).status).toBe(401);
    clock.reset();
  });

  it('are listed and revocable, and another user’s session id is a 404', async () => {
    await makeUser('multi@example.com');
    const laptop = client();
    const phone = client();
    await laptop.login('multi@example.com', PASSWORD);
    await phone.login('multi@example.com', PASSWORD);
    const list = await laptop.json<{ id: string; isCurrent: boolean }[]>(laptop.get('/api/auth/sessions'));
    expect(list).toHaveLength(2);
    const other = list.find((s) => !s.isCurrent)!;
    const intruder = client();
    await makeUser('intruder@example.com');
    await intruder.login('intruder@example.com', PASSWORD);
    expect((await intruder.delete(`/api/auth/sessions/${other.id}`)).status).toBe(404);
    expect((await laptop.delete(`/api/auth/sessions/${other.id}`)).status).toBe(204);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await laptop.get('/api/auth/user')).status).toBe(200);
  });

  it('end on GET /api/logout, which redirects to /login', async () => {
    await makeUser('logout@example.com');
    const c = client();
    await c.login('logout@example.com', PASSWORD);
    const cookie = c.cookie;
    const res = await c.get('/api/logout');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login');
    const reused = client();
    reused.cookie = cookie;
    expect((await reused.get('/api/auth/user')).status).toBe(401);
  });
});

describe('cross-site request defence', () => {
  it('refuses a cookie-authenticated change from another origin, or with no origin at all', async () => {
    await makeUser('csrf@example.com');
    const c = client();
    await c.login('csrf@example.com', PASSWORD);
    const evil = await c.post('/api/subscription/cancel', {}, { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    const noOrigin = await fetch(t.url('/api/subscription/cancel'), {
      method: 'POST',
      headers: { cookie: c.cookie!, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noOrigin.status).toBe(403);
    const sameSite = await fetch(t.url('/api/auth/change-password'), {
      method: 'POST',
      headers: { cookie: c.cookie!, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ currentPassword: 'wrong', newPassword: 'N3w-password!' }),
    });
    expect(sameSite.status).toBe(400); // got past the origin check to validation
  });

  it('refuses a cross-site sign-in attempt', async () => {
    const res = await fetch(t.url('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'csrf@example.com', password: PASSWORD }),
    });
    expect(res.status).toBe(403);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for any well-formed address and VALIDATION_ERROR for a malformed one', async () => {
    await makeUser('forgetful@example.com');
    const known = await client().post('/api/auth/forgot-password', { email: 'forgetful@example.com' });
    const unknown = await client().post('/api/auth/forgot-password', { email: 'stranger@example.com' });
    expect(known.status).toBe(200);
    expect(await known.text()).toBe(await unknown.text());
    const bad = await client().post('/api/auth/forgot-password', { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('VALIDATION_ERROR');
    expect(await latestMail('forgetful@example.com', 'password-reset')).toBeDefined();
    expect(await latestMail('stranger@example.com', 'password-reset')).toBeUndefined();
  });

  it('enforces the password rule on the server', async () => {
    const mail = await latestMail('forgetful@example.com', 'password-reset');
    const res = await client().post('/api/auth/reset-password', {
      token: tokenFrom(mail!.meta!.url!),
      password: 'alllowercase1!',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('VALIDATION_ERROR');
  });

  it('resets once, ends every session, and the link cannot be used again', async () => {
    const c = client();
    await c.login('forgetful@example.com', PASSWORD);
    await client().post('/api/auth/forgot-password', { email: 'forgetful@example.com' });
    const token = tokenFrom((await latestMail('forgetful@example.com', 'password-reset'))!.meta!.url!);
    const res = await client().post('/api/auth/reset-password', { token, password: 'N3w-password!' });
    expect(res.status).toBe(200);
    expect((await c.get('/api/auth/user')).status).toBe(401);
    await client().login('forgetful@example.com', 'N3w-password!');
    expect(
      (await client().post('/api/auth/login', { email: 'forgetful@example.com', password: PASSWORD })).status,
    ).toBe(401);
    const reused = await client().post('/api/auth/reset-password', { token, password: 'An0ther-password!' });
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain('TOKEN_INVALID');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'forgetful@example.com'));
    const events = (await t.database.db.select().from(auditLog).where(eq(auditLog.userId, user!.id))).map(
      (e) => e.event,
    );
    expect(events).toEqual(expect.arrayContaining(['password_reset_requested', 'password_reset']));
  });

  it('answers TOKEN_EXPIRED after one hour, and a distinct error for an unknown token', async () => {
    await client().post('/api/auth/forgot-password', { email: 'forgetful@example.com' });
    const token = tokenFrom((await latestMail('forgetful@example.com', 'password-reset'))!.meta!.url!);
    clock.advance(61 * 60 * 1000);
    const expired = await client().post('/api/auth/reset-password', { token, password: 'N3w-password!' });
    clock.reset();
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain('TOKEN_EXPIRED');
    const unknown = await client().post('/api/auth/reset-password', {
      token: 'made-up-token',
      password: 'N3w-password!',
    });
    expect(await unknown.text()).toContain('TOKEN_INVALID');
  });

  it('lets a signed-in user change the password, ending their other sessions', async () => {
    await makeUser('changer@example.com');
    const here = client();
    const there = client();
    await here.login('changer@example.com', PASSWORD);
    await there.login('changer@example.com', PASSWORD);
    const wrong = await here.post('/api/auth/change-password', {
      currentPassword: 'nope',
      newPassword: 'N3w-password!',
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { fields: Record<string, string> }).fields).toHaveProperty('currentPassword');
    expect(
      (await here.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'N3w-password!' }))
        .status,
    ).toBe(200);
    expect((await here.get('/api/auth/user')).status).toBe(200);
    expect((await there.get('/api/auth/user')).status).toBe(401);
  });
});

describe('trial expiry', () => {
  it('reports trialing with 0 days left once the trial is over, and no longer grants access', async () => {
    await makeUser('expiring@example.com');
    const c = client();
    await c.login('expiring@example.com', PASSWORD);
    clock.advance(13 * DAY_MS + 1);
    expect(await c.json(c.get('/api/auth/user'))).toMatchObject({
      subscriptionStatus: 'trialing',
      trialInfo: { daysRemaining: 1 },
      hasAccess: true,
    });
    clock.advance(DAY_MS);
    expect(await c.json(c.get('/api/auth/user'))).toMatchObject({
      subscriptionStatus: 'trialing',
      trialInfo: { daysRemaining: 0 },
      hasAccess: false,
    });
    clock.reset();
  });
});
