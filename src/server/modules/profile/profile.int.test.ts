import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { ManualClock } from '../../clock';
import { emailOutbox } from '../../db/schema';
import { createUser } from '../users';

const PASSWORD = 'long-enough-password';
const clock = new ManualClock();
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ clock, env: { LOGIN_RATE_LIMIT: '1000', LOGIN_ACCOUNT_RATE_LIMIT: '1000' } });
});
afterAll(() => t.close());

async function signIn(email: string): Promise<TestClient> {
  await createUser(t.database.db, { email, password: PASSWORD, firstName: 'Ann', isVerified: true, now: clock.now() });
  const c = new TestClient(t.url(''));
  await c.login(email, PASSWORD);
  return c;
}

/** The link of the latest e-mail of `kind` to `to`. */
async function latestLink(to: string, kind: string): Promise<string | undefined> {
  const [row] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return row?.meta?.url;
}

async function kindsSentTo(to: string): Promise<string[]> {
  const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
  return rows.map((row) => row.kind).sort();
}

/** Opens an e-mailed link as a browser would: answers where it redirects to. */
async function open(link: string): Promise<string | null> {
  const res = await fetch(t.url(new URL(link).pathname + new URL(link).search), { redirect: 'manual' });
  return res.headers.get('location');
}

describe('the profile: PATCH /api/auth/user and GET /api/auth/user', () => {
  it('edits names, time zone, base currency and default risk, and answers them on every read', async () => {
    const c = await signIn('profile@example.com');
    const res = await c.request('PATCH', '/api/auth/user', {
      firstName: 'Ann',
      lastName: 'Lee',
      timezone: 'Asia/Kolkata',
      baseCurrency: 'eur',
      defaultRiskAmount: '125.50',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const expected = {
      firstName: 'Ann',
      lastName: 'Lee',
      timezone: 'Asia/Kolkata',
      baseCurrency: 'EUR',
      defaultRiskAmount: '125.5',
    };
    expect(await res.json()).toMatchObject(expected);
    expect(await c.json(c.get('/api/auth/user'))).toMatchObject(expected);
  });

  it('names the field of a bad currency', async () => {
    const c = await signIn('currency@example.com');
    const res = await c.request('PATCH', '/api/auth/user', { baseCurrency: 'Dollars' });
    expect(res.status).toBe(400);
    expect((await res.json()) as { fields: Record<string, string> }).toMatchObject({
      fields: { baseCurrency: 'Choose a three-letter currency code such as USD' },
    });
  });
});

describe('changing the email: POST /api/auth/change-email and its link', () => {
  it('changes it only when the link sent to the new address is opened, telling the old one both times', async () => {
    const c = await signIn('old@example.com');
    const res = await c.post('/api/auth/change-email', { newEmail: 'new@example.com', currentPassword: PASSWORD });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toContain('We sent a link to new@example.com');
    // Not yet changed: the old address still signs in.
    expect((await c.json<{ email: string }>(c.get('/api/auth/user'))).email).toBe('old@example.com');
    expect(await kindsSentTo('old@example.com')).toEqual(['email-change-requested']);

    const link = await latestLink('new@example.com', 'email-change');
    expect(link).toMatch(/\/api\/auth\/confirm-email-change\?token=/);
    expect(await open(link!)).toBe('/settings?email=changed');
    expect(await c.json(c.get('/api/auth/user'))).toMatchObject({ email: 'new@example.com', emailVerified: true });
    expect(await kindsSentTo('old@example.com')).toEqual(['email-change-requested', 'email-changed']);

    // The link works once; the new address signs in, the old one no longer does.
    expect(await open(link!)).toBe('/settings?email=invalid');
    await new TestClient(t.url('')).login('new@example.com', PASSWORD);
    expect(
      (await new TestClient(t.url('')).post('/api/auth/login', { email: 'old@example.com', password: PASSWORD }))
        .status,
    ).toBe(401);
  });

  it('refuses a wrong password or the same address, naming the field', async () => {
    const c = await signIn('careful@example.com');
    const wrong = await c.post('/api/auth/change-email', {
      newEmail: 'x@example.com',
      currentPassword: 'not-it-at-all',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ fields: { currentPassword: 'Current password is incorrect' } });
    const same = await c.post('/api/auth/change-email', { newEmail: 'Careful@Example.com', currentPassword: PASSWORD });
    expect(same.status).toBe(400);
    expect(await same.json()).toMatchObject({ fields: { newEmail: 'This is already your email' } });
    const notAnEmail = await c.post('/api/auth/change-email', { newEmail: 'nope', currentPassword: PASSWORD });
    expect(notAnEmail.status).toBe(400);
    expect(await kindsSentTo('x@example.com')).toEqual([]);
  });

  it("answers an address another account uses as any other, sends it nothing, and a link can't take it", async () => {
    await createUser(t.database.db, {
      email: 'taken@example.com',
      password: PASSWORD,
      isVerified: true,
      now: clock.now(),
    });
    const c = await signIn('wants-taken@example.com');
    const res = await c.post('/api/auth/change-email', { newEmail: 'taken@example.com', currentPassword: PASSWORD });
    expect(res.status).toBe(200);
    expect(await kindsSentTo('taken@example.com')).toEqual([]);

    // Free when asked, taken before the link is opened: the link says so and changes nothing.
    await c.post('/api/auth/change-email', { newEmail: 'race@example.com', currentPassword: PASSWORD });
    await createUser(t.database.db, {
      email: 'race@example.com',
      password: PASSWORD,
      isVerified: true,
      now: clock.now(),
    });
    expect(await open((await latestLink('race@example.com', 'email-change'))!)).toBe('/settings?email=taken');
    expect((await c.json<{ email: string }>(c.get('/api/auth/user'))).email).toBe('wants-taken@example.com');
  });

  it('lets a link expire after 24 hours, and a newer request replaces an older link', async () => {
    const c = await signIn('slow@example.com');
    await c.post('/api/auth/change-email', { newEmail: 'first@example.com', currentPassword: PASSWORD });
    const first = (await latestLink('first@example.com', 'email-change'))!;
    await c.post('/api/auth/change-email', { newEmail: 'second@example.com', currentPassword: PASSWORD });
    expect(await open(first)).toBe('/settings?email=invalid');
    const second = (await latestLink('second@example.com', 'email-change'))!;
    clock.advance(24 * 60 * 60 * 1000 + 1);
    expect(await open(second)).toBe('/settings?email=expired');
    expect((await c.json<{ email: string }>(c.get('/api/auth/user'))).email).toBe('slow@example.com');
  });

  it('needs a signed-in user', async () => {
    const res = await new TestClient(t.url('')).post('/api/auth/change-email', {
      newEmail: 'anon@example.com',
      currentPassword: PASSWORD,
    });
    expect(res.status).toBe(401);
  });
});
