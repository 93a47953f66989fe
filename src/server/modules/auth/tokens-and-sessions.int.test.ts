import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiTokenJson } from '../../../contracts/trades';
import { buildApp } from '../../app';
import { DAY_MS, ManualClock } from '../../clock';
import { loadConfig } from '../../config';
import { users } from '../../db/schema';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { waitForMail } from '../../../../test/helpers/outbox';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

const PASSWORD = 'Corr3ct-horse';
const NEW_PASSWORD = 'N3w-password!';

let t: TestApp;
let clock: ManualClock;
const client = () => new TestClient(t.url(''));

beforeAll(async () => {
  clock = new ManualClock({ now: () => new Date('2026-06-01T09:30:00Z') }); // frozen, moved by the tests
  t = await startTestApp({ clock, env: { LOGIN_RATE_LIMIT: '1000', FORGOT_RATE_LIMIT: '1000' } });
});
afterAll(() => t.close());

const makeUser = (email: string) =>
  createUser(t.database.db, { email, password: PASSWORD, firstName: 'Ann', isVerified: true, now: clock.now() });

async function signedIn(email: string): Promise<TestClient> {
  await makeUser(email);
  const c = client();
  await c.login(email, PASSWORD);
  return c;
}

async function createToken(c: TestClient): Promise<string> {
  const res = await c.post('/api/tokens', { name: 'script', scopes: ['trades:read'] });
  expect(res.status).toBe(201);
  return ((await res.json()) as CreatedApiTokenJson).token;
}

const readAccounts = (token: string) =>
  fetch(t.url('/api/accounts'), { headers: { authorization: `Bearer ${token}` } });

const latestMail = (to: string, kind: string) => waitForMail(t.database.db, { to, kind });

describe('a new password', () => {
  it('from a reset link revokes the API tokens with the sessions, as both e-mails say', async () => {
    const c = await signedIn('reset-tokens@example.com');
    const token = await createToken(c);
    expect((await readAccounts(token)).status).toBe(200);
    await client().post('/api/auth/forgot-password', { email: 'reset-tokens@example.com' });
    const resetMail = await latestMail('reset-tokens@example.com', 'password-reset');
    expect(resetMail!.text).toContain(
      'Setting a new password signs you out on every device and revokes your API tokens.',
    );
    const link = new URL(resetMail!.meta!.url!).searchParams.get('token')!;
    expect((await client().post('/api/auth/reset-password', { token: link, password: NEW_PASSWORD })).status).toBe(200);
    expect((await readAccounts(token)).status).toBe(401);
    expect((await c.get('/api/auth/user')).status).toBe(401);
    const notice = await latestMail('reset-tokens@example.com', 'password-changed');
    expect(notice!.subject).toBe('Your Edgebook password was changed');
    expect(notice!.text).toContain('you were signed out on every device. Your API token was revoked too');
  });

  it('from Settings revokes the API tokens and ends the other sessions, keeping this one', async () => {
    const here = await signedIn('change-tokens@example.com');
    const token = await createToken(here);
    await createToken(here);
    const res = await here.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect((await readAccounts(token)).status).toBe(401);
    expect(await here.json(here.get('/api/tokens'))).toEqual({ tokens: [] });
    const notice = await latestMail('change-tokens@example.com', 'password-changed');
    expect(notice!.text).toContain('you were signed out on your other devices. Your 2 API tokens were revoked too');
  });
});

describe('API tokens after the trial', () => {
  it('cannot be created (402), but are still listed and revocable', async () => {
    const c = await signedIn('expired-tokens@example.com');
    const token = await createToken(c);
    await t.database.db
      .update(users)
      .set({ trialEndsAt: new Date(clock.now().getTime() - DAY_MS) })
      .where(eq(users.email, 'expired-tokens@example.com'));
    const refused = await c.post('/api/tokens', { name: 'another', scopes: ['trades:read'] });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ error: 'PAYMENT_REQUIRED' });
    const { tokens } = await c.json<{ tokens: { id: string }[] }>(c.get('/api/tokens'));
    expect(tokens).toHaveLength(1);
    expect((await c.delete(`/api/tokens/${tokens[0]!.id}`)).status).toBe(204);
    expect((await readAccounts(token)).status).toBe(401);
  });
});

describe('GET /api/logout', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a foreign Referer', { referer: 'https://evil.example/page' }],
  ])('does not end the session when sent from another site (%s)', async (_name, headers) => {
    const c = await signedIn(`logout-${Object.keys(headers)[0]}@example.com`);
    const cookie = c.cookie;
    const res = await c.get('/api/logout', headers);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login');
    c.cookie = cookie;
    expect((await c.get('/api/auth/user')).status).toBe(200);
  });

  it.each([
    ['from our own page', 'own-page', { 'sec-fetch-site': 'same-origin', referer: 'http://localhost:3000/dashboard' }],
    ['typed in', 'typed', { 'sec-fetch-site': 'none' }],
  ])('ends the session when sent %s', async (_name, who, headers) => {
    const c = await signedIn(`logout-${who}@example.com`);
    const cookie = c.cookie;
    expect((await c.get('/api/logout', headers)).status).toBe(302);
    c.cookie = cookie;
    expect((await c.get('/api/auth/user')).status).toBe(401);
  });
});

describe('the Origin check', () => {
  /** A sign-in attempt with this Origin, to an app of the test's database whose PUBLIC_URL has `publicOrigin`. */
  async function signInFrom(publicOrigin: string | null, origin: string): Promise<number> {
    const app = await buildApp({ config: { ...t.config, publicOrigin }, database: t.database, distDir: null });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { host: 'app.example:8080', origin, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-guess' }),
      });
      return res.statusCode;
    } finally {
      await app.close();
    }
  }

  it('compares with PUBLIC_URL when it is set, not with the Host', async () => {
    expect(await signInFrom('https://journal.example', 'http://app.example:8080')).toBe(403);
    expect(await signInFrom('https://journal.example', 'https://journal.example')).toBe(401);
  });

  it('compares with the Host when PUBLIC_URL is not set', async () => {
    expect(await signInFrom(null, 'http://localhost:3000')).toBe(403);
    expect(await signInFrom(null, 'http://app.example:8080')).toBe(401);
  });

  it('reads PUBLIC_URL into the origin it compares with', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://journal.example/app/' }).publicOrigin).toBe('https://journal.example');
    expect(loadConfig({ PUBLIC_URL: ' ' }).publicOrigin).toBeNull();
  });
});

describe('private API answers', () => {
  it('carry Cache-Control: no-store', async () => {
    const c = await signedIn('no-store@example.com');
    const token = await createToken(c);
    const answers = [
      await c.get('/api/accounts'),
      await c.get('/api/tokens'),
      await c.get('/api/auth/sessions'),
      await c.post('/api/accounts', { name: 'Main' }),
      await readAccounts(token),
      await client().get('/api/accounts'),
    ];
    expect(answers.map((res) => res.headers.get('cache-control'))).toEqual(Array(answers.length).fill('no-store'));
  });
});
