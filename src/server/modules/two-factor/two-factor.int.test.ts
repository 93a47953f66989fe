import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecoveryCodesJson, TwoFactorSetupJson, TwoFactorStatusJson } from '../../../contracts/security';
import { ManualClock } from '../../clock';
import { recoveryCodes, userTwoFactor } from '../../db/schema';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { getLatestMail, waitForMail } from '../../../../test/helpers/outbox';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { totpCodeAt } from '../../../../test/helpers/totp';

const PASSWORD = 'Corr3ct-horse';

let t: TestApp;
let clock: ManualClock;
let nextIp = 1;

beforeAll(async () => {
  // Frozen on a step's first second, moved by the tests; each test signs in from its own IP.
  clock = new ManualClock({ now: () => new Date('2026-06-01T09:30:00Z') });
  t = await startTestApp({ clock, env: { LOGIN_RATE_LIMIT: '1000', TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

/** A browser at an IP of its own (the app trusts X-Forwarded-For here). */
class Browser extends TestClient {
  readonly ip = `198.51.100.${nextIp++}`;
  override request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return super.request(method, path, body, { 'x-forwarded-for': this.ip, ...headers });
  }
}

const browser = () => new Browser(t.url(''));
const code = (secret: string, offsetSteps = 0) =>
  totpCodeAt(secret, new Date(clock.now().getTime() + offsetSteps * 30_000));

async function signedInUser(email: string): Promise<Browser> {
  await createUser(t.database.db, { email, password: PASSWORD, firstName: 'Ann', isVerified: true, now: clock.now() });
  const b = browser();
  await b.login(email, PASSWORD);
  return b;
}

/** A user with two-factor on; answers their browser, secret and recovery codes. */
async function enrolledUser(email: string) {
  const b = await signedInUser(email);
  const setup = await b.json<TwoFactorSetupJson>(b.post('/api/auth/2fa/setup'));
  const enabled = await b.post('/api/auth/2fa/enable', { code: await code(setup.secret) });
  expect(enabled.status).toBe(200);
  const { recoveryCodes: codes } = (await enabled.json()) as RecoveryCodesJson;
  clock.advance(30_000); // the enrolling code's step is used up
  return { browser: b, secret: setup.secret, recoveryCodes: codes };
}

async function passwordStep(b: Browser, email: string): Promise<string> {
  const res = await b.post('/api/auth/login', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { twoFactorRequired: true; challenge: string };
  expect(body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  return body.challenge;
}

describe('enrolment', () => {
  it('gives a secret and otpauth URL, turns on with a first code, shows 10 recovery codes once and tells the owner', async () => {
    const b = await signedInUser('enrol@example.com');
    expect(await b.json<TwoFactorStatusJson>(b.get('/api/auth/2fa'))).toEqual({
      isEnabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const setup = await b.json<TwoFactorSetupJson>(b.post('/api/auth/2fa/setup'));
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(setup.secret);
    expect(decodeURIComponent(url.pathname)).toContain('enrol@example.com');

    const wrong = await b.post('/api/auth/2fa/enable', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { fields: Record<string, string> }).fields.code).toMatch(/not right/);
    const malformed = await b.post('/api/auth/2fa/enable', { code: '12ab' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { fields: Record<string, string> }).fields.code).toMatch(/6-digit/);

    const res = await b.post('/api/auth/2fa/enable', { code: await code(setup.secret) });
    expect(res.status).toBe(200);
    const { recoveryCodes: codes } = (await res.json()) as RecoveryCodesJson;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = await b.json<TwoFactorStatusJson>(b.get('/api/auth/2fa'));
    expect(status).toMatchObject({ isEnabled: true, recoveryCodesLeft: 10 });
    expect((await b.post('/api/auth/2fa/setup')).status).toBe(409);
    expect(await waitForMail(t.database.db, { to: 'enrol@example.com', kind: 'two-factor-enabled' })).toBeDefined();
  });

  it('stores the secret sealed with AES-256-GCM under a key id, and the recovery codes hashed', async () => {
    const { secret, recoveryCodes: codes, browser: b } = await enrolledUser('sealed@example.com');
    const me = await b.json<{ id: string }>(b.get('/api/auth/user'));
    const [row] = await t.database.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, me.id));
    expect(row!.secret).toMatch(/^v1\.test\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row!.secret).not.toContain(secret);
    const hashes = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, me.id));
    expect(hashes).toHaveLength(10);
    const stored = JSON.stringify(hashes);
    for (const c of codes) expect(stored).not.toContain(c.replace('-', ''));
    for (const h of hashes) expect(h.codeHash).toMatch(/^\$argon2id\$/);
  });
});

describe('signing in with two-factor', () => {
  it('asks for a code after the password, starts no session until then, and signs in with the code', async () => {
    const { secret } = await enrolledUser('login@example.com');
    const b = browser();
    const challenge = await passwordStep(b, 'login@example.com');
    expect(b.cookie).toBeNull();
    expect((await b.get('/api/auth/user')).status).toBe(401);
    const res = await b.post('/api/auth/login/2fa', { challenge, code: await code(secret) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: 'login@example.com' });
    expect((await b.get('/api/auth/user')).status).toBe(200);
    // The challenge worked once.
    expect((await browser().post('/api/auth/login/2fa', { challenge, code: await code(secret, 1) })).status).toBe(401);
  });

  it('takes a code one step either side of now, not two, and each code only once', async () => {
    const { secret } = await enrolledUser('steps@example.com');
    clock.advance(60_000); // the previous step was not the enrolling code's
    const b = browser();
    let challenge = await passwordStep(b, 'steps@example.com');
    const tooOld = await b.post('/api/auth/login/2fa', { challenge, code: await code(secret, -2) });
    expect(tooOld.status).toBe(401);
    expect(await tooOld.json()).toMatchObject({ error: 'INVALID_CODE', fields: { code: expect.any(String) } });
    const previous = await code(secret, -1);
    expect((await b.post('/api/auth/login/2fa', { challenge, code: previous })).status).toBe(200);

    const other = browser();
    challenge = await passwordStep(other, 'steps@example.com');
    // Replaying the accepted code, or an older one, fails; the next step's works.
    expect((await other.post('/api/auth/login/2fa', { challenge, code: previous })).status).toBe(401);
    expect((await other.post('/api/auth/login/2fa', { challenge, code: await code(secret, 1) })).status).toBe(200);
  });

  it('signs in with a recovery code once, and counts it used', async () => {
    const { secret, recoveryCodes: codes, browser: owner } = await enrolledUser('recover@example.com');
    const b = browser();
    let challenge = await passwordStep(b, 'recover@example.com');
    const res = await b.post('/api/auth/login/2fa', { challenge, recoveryCode: codes[3]!.toUpperCase() });
    expect(res.status).toBe(200);
    expect((await owner.json<TwoFactorStatusJson>(owner.get('/api/auth/2fa'))).recoveryCodesLeft).toBe(9);
    challenge = await passwordStep(b, 'recover@example.com');
    const again = await b.post('/api/auth/login/2fa', { challenge, recoveryCode: codes[3] });
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ error: 'INVALID_CODE', fields: { recoveryCode: expect.any(String) } });
    expect((await b.post('/api/auth/login/2fa', { challenge, code: await code(secret) })).status).toBe(200);
  });

  it('refuses a body with both or neither of code and recoveryCode, naming the field', async () => {
    const b = browser();
    for (const body of [{ challenge: 'x' }, { challenge: 'x', code: '123456', recoveryCode: 'abcde-fghij' }]) {
      const res = await b.post('/api/auth/login/2fa', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields.code).toMatch(/either/);
    }
  });

  it('ends a challenge after 5 minutes, and after 5 wrong codes', async () => {
    const { secret } = await enrolledUser('expire@example.com');
    const b = browser();
    let challenge = await passwordStep(b, 'expire@example.com');
    clock.advance(5 * 60_000 + 1000);
    const late = await b.post('/api/auth/login/2fa', { challenge, code: await code(secret) });
    expect(late.status).toBe(401);
    expect(await late.json()).toMatchObject({ error: 'CHALLENGE_INVALID' });

    const c = browser();
    challenge = await passwordStep(c, 'expire@example.com');
    for (let i = 0; i < 4; i += 1)
      expect((await c.post('/api/auth/login/2fa', { challenge, code: '000000' })).status).toBe(401);
    const fifth = await c.post('/api/auth/login/2fa', { challenge, code: '000000' });
    expect(await fifth.json()).toMatchObject({ error: 'CHALLENGE_INVALID' });
    const right = await c.post('/api/auth/login/2fa', { challenge, code: await code(secret) });
    expect(await right.json()).toMatchObject({ error: 'CHALLENGE_INVALID' });
  });

  it('rate-limits wrong codes per account and IP, then per account from anywhere', async () => {
    const { secret } = await enrolledUser('guess@example.com');
    const guesser = browser();
    for (let i = 0; i < 5; i += 1) {
      const challenge = await passwordStep(guesser, 'guess@example.com');
      expect((await guesser.post('/api/auth/login/2fa', { challenge, code: '000000' })).status).toBe(401);
    }
    const challenge = await passwordStep(guesser, 'guess@example.com');
    const refused = await guesser.post('/api/auth/login/2fa', { challenge, code: await code(secret) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // From another IP the account's wait applies: 1 s after the latest failure.
    const owner = browser();
    const ownerChallenge = await passwordStep(owner, 'guess@example.com');
    expect(
      (await owner.post('/api/auth/login/2fa', { challenge: ownerChallenge, code: await code(secret) })).status,
    ).toBe(429);
    clock.advance(2000);
    expect(
      (await owner.post('/api/auth/login/2fa', { challenge: ownerChallenge, code: await code(secret) })).status,
    ).toBe(200);
  });

  it('leaves the sign-in of a user without two-factor as it was: one step, the user answered', async () => {
    await createUser(t.database.db, {
      email: 'plain@example.com',
      password: PASSWORD,
      isVerified: true,
      now: clock.now(),
    });
    const b = browser();
    const res = await b.post('/api/auth/login', { email: 'plain@example.com', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: 'plain@example.com', hasAccess: true });
    expect((await b.get('/api/auth/user')).status).toBe(200);
    const wrong = await browser().post('/api/auth/login', { email: 'plain@example.com', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'INVALID_CREDENTIALS' });
  });
});

describe('managing two-factor', () => {
  it('regenerates recovery codes with a current code: the old ones stop working', async () => {
    const { secret, recoveryCodes: old, browser: b } = await enrolledUser('regen@example.com');
    expect((await b.post('/api/auth/2fa/recovery-codes', { code: '000000' })).status).toBe(400);
    const res = await b.post('/api/auth/2fa/recovery-codes', { code: await code(secret) });
    expect(res.status).toBe(200);
    const { recoveryCodes: fresh } = (await res.json()) as RecoveryCodesJson;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => old.includes(c))).toEqual([]);
    const other = browser();
    const challenge = await passwordStep(other, 'regen@example.com');
    expect((await other.post('/api/auth/login/2fa', { challenge, recoveryCode: old[0] })).status).toBe(401);
    expect((await other.post('/api/auth/login/2fa', { challenge, recoveryCode: fresh[0] })).status).toBe(200);
  });

  it('turns off only with the password and a code, tells the owner, and sign-in is one step again', async () => {
    const { secret, browser: b } = await enrolledUser('off@example.com');
    const wrongPassword = await b.post('/api/auth/2fa/disable', { password: 'wrong', code: await code(secret) });
    expect(wrongPassword.status).toBe(400);
    expect(((await wrongPassword.json()) as { fields: Record<string, string> }).fields.password).toBeDefined();
    const wrongCode = await b.post('/api/auth/2fa/disable', { password: PASSWORD, code: '000000' });
    expect(wrongCode.status).toBe(400);
    expect(((await wrongCode.json()) as { fields: Record<string, string> }).fields.code).toBeDefined();
    expect((await b.post('/api/auth/2fa/disable', { password: PASSWORD, code: await code(secret) })).status).toBe(200);
    expect((await b.json<TwoFactorStatusJson>(b.get('/api/auth/2fa'))).isEnabled).toBe(false);
    expect(await waitForMail(t.database.db, { to: 'off@example.com', kind: 'two-factor-disabled' })).toBeDefined();
    const res = await browser().post('/api/auth/login', { email: 'off@example.com', password: PASSWORD });
    expect(await res.json()).toMatchObject({ email: 'off@example.com' });
  });

  it('turns off with a recovery code instead of the app', async () => {
    const { recoveryCodes: codes, browser: b } = await enrolledUser('lostphone@example.com');
    expect((await b.post('/api/auth/2fa/disable', { password: PASSWORD, code: codes[9] })).status).toBe(200);
  });

  it('is refused to anonymous callers and from another site', async () => {
    expect((await browser().post('/api/auth/2fa/setup')).status).toBe(401);
    const b = await signedInUser('csrf@example.com');
    expect((await b.post('/api/auth/2fa/setup', {}, { origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe('security e-mails and sessions', () => {
  it('tells the owner of a sign-in from a new device, but not of the first sign-in or a known device', async () => {
    const email = 'device@example.com';
    await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: clock.now() });
    const first = await fetch(t.url('/api/auth/login'), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
      },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(first.status).toBe(200);
    expect(await getLatestMail(t.database.db, { to: email, kind: 'new-sign-in' })).toBeUndefined();
    const device = first.headers
      .getSetCookie()
      .find((c) => c.startsWith('eb_device='))!
      .split(';')[0]!;
    const known = await fetch(t.url('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie: device },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(known.status).toBe(200);
    expect(await getLatestMail(t.database.db, { to: email, kind: 'new-sign-in' })).toBeUndefined();
    await browser().login(email, PASSWORD);
    const mail = await waitForMail(t.database.db, { to: email, kind: 'new-sign-in' });
    expect(mail?.text).toMatch(/IP address: 198\.51\.100\.\d+/);
  });

  it('signs out every other session and keeps this one', async () => {
    const email = 'others@example.com';
    const b = await signedInUser(email);
    const second = browser();
    await second.login(email, PASSWORD);
    const third = browser();
    await third.login(email, PASSWORD);
    const res = await b.post('/api/auth/sessions/revoke-others');
    expect(await res.json()).toEqual({ revoked: 2 });
    expect((await b.get('/api/auth/user')).status).toBe(200);
    expect((await second.get('/api/auth/user')).status).toBe(401);
    expect((await third.get('/api/auth/user')).status).toBe(401);
    expect(await b.json<unknown[]>(b.get('/api/auth/sessions'))).toHaveLength(1);
  });
});
