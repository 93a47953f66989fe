import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountJson, ApiTokenJson, CreatedApiTokenJson, TradeListJson } from '../../../contracts/trades';
import { hashToken } from '../../auth/tokens';
import { ManualClock } from '../../clock';
import { apiTokens } from '../../db/schema';
import { createUser, setUserDisabled } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { waitForMail } from '../../../../test/helpers/outbox';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

const PASSWORD = 'long-enough-password';
let t: TestApp;
let clock: ManualClock;
let c: TestClient;

beforeAll(async () => {
  const start = new Date();
  clock = new ManualClock({ now: () => start }); // frozen, moved by the tests
  t = await startTestApp({ clock, env: { LOGIN_RATE_LIMIT: '1000', API_TOKEN_RATE_LIMIT: '40' } });
  await createUser(t.database.db, { email: 'api@example.com', password: PASSWORD, isVerified: true, now: clock.now() });
  c = new TestClient(t.url(''));
  await c.login('api@example.com', PASSWORD);
});
afterAll(() => t.close());

/** A request with only the bearer token: no cookie and no Origin, as a script sends it. */
function bearer(token: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(t.url(path), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const ALL_SCOPES = [
  'trades:read',
  'trades:write',
  'imports:write',
  'analytics:read',
  'reports:read',
  'journal:read',
  'journal:write',
];

async function createToken(
  name: string,
  scopes: string[] = ALL_SCOPES,
  expiresAt?: string,
): Promise<CreatedApiTokenJson> {
  const res = await c.post('/api/tokens', { name, scopes, ...(expiresAt ? { expiresAt } : {}) });
  expect(res.status).toBe(201);
  return (await res.json()) as CreatedApiTokenJson;
}

describe('/api/tokens', () => {
  it('shows a new token once and stores only its hash', async () => {
    const created = await createToken('Import script');
    expect(created.token).toMatch(/^eb_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Import script', prefix: created.token.slice(0, 11), lastUsedAt: null });
    const { tokens } = await c.json<{ tokens: ApiTokenJson[] }>(c.get('/api/tokens'));
    const listed = tokens.find((tok) => tok.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      name: 'Import script',
      scopes: ALL_SCOPES,
      prefix: created.prefix,
      createdAt: created.createdAt,
      expiresAt: null,
      lastUsedAt: null,
    });
    expect(await waitForMail(t.database.db, { to: 'api@example.com', kind: 'api-token-created' })).toMatchObject({
      text: expect.stringContaining('"Import script"'),
    });
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
  });

  it('signs a bearer request in, without cookie or Origin, and records the use at most once a minute', async () => {
    const { token, id } = await createToken('Bot');
    const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Bot account' }));
    const res = await bearer(token, 'POST', '/api/executions', {
      accountId: account.id,
      executions: [{ executedAt: '2025-01-02T15:00:00Z', symbol: 'AAPL', side: 'buy', quantity: '1', price: '200' }],
    });
    expect(res.status).toBe(200);
    const list = (await (await bearer(token, 'GET', '/api/trades')).json()) as TradeListJson;
    expect(list.trades).toHaveLength(1);

    const lastUsed = async () =>
      (await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0]!.lastUsedAt?.getTime();
    const first = await lastUsed();
    expect(first).toBeDefined();
    clock.advance(30_000);
    await bearer(token, 'GET', '/api/tags');
    expect(await lastUsed()).toBe(first);
    clock.advance(31_000);
    await bearer(token, 'GET', '/api/tags');
    expect(await lastUsed()).toBe(clock.now().getTime());
  });

  it('refuses a revoked, unknown or malformed token with 401', async () => {
    const { token, id } = await createToken('Short-lived');
    expect((await bearer(token, 'GET', '/api/accounts')).status).toBe(200);
    expect((await c.delete(`/api/tokens/${id}`)).status).toBe(204);
    expect((await bearer(token, 'GET', '/api/accounts')).status).toBe(401);
    expect((await c.delete(`/api/tokens/${id}`)).status).toBe(404);
    const { tokens } = await c.json<{ tokens: ApiTokenJson[] }>(c.get('/api/tokens'));
    expect(tokens.map((tok) => tok.id)).not.toContain(id);
    expect((await bearer(`eb_${'x'.repeat(43)}`, 'GET', '/api/accounts')).status).toBe(401);
    const malformed = await fetch(t.url('/api/accounts'), { headers: { authorization: 'Basic abc' } });
    expect(malformed.status).toBe(401);
  });

  it.each([
    ['auth', 'GET', '/api/auth/user', undefined],
    ['auth', 'POST', '/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'N3w-password!' }],
    ['auth', 'GET', '/api/auth/sessions', undefined],
    ['billing', 'GET', '/api/subscription', undefined],
    ['billing', 'POST', '/api/subscription/cancel', {}],
    ['token', 'GET', '/api/tokens', undefined],
    ['token', 'POST', '/api/tokens', { name: 'Escalate', scopes: ALL_SCOPES }],
    ['2FA', 'GET', '/api/auth/2fa', undefined],
    ['2FA', 'POST', '/api/auth/2fa/setup', {}],
    ['2FA', 'POST', '/api/auth/2fa/disable', { password: PASSWORD, code: '123456' }],
    ['profile', 'PATCH', '/api/auth/user', { firstName: 'Mallory' }],
    ['sample data', 'POST', '/api/sample-data', {}],
  ])('never reaches a %s route (%s %s), whatever its scopes', async (_class, method, path, body) => {
    const { token } = await createToken('Everything');
    const res = await bearer(token, method, path, body);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: expect.stringMatching(/public API only/) });
  });

  it('refuses an expired token with 401, and an expiry in the past with 400', async () => {
    const expiresAt = new Date(clock.now().getTime() + 60 * 60_000).toISOString();
    const { token, expiresAt: stored } = await createToken('Hour', ['trades:read'], expiresAt);
    expect(stored).toBe(expiresAt);
    expect((await bearer(token, 'GET', '/api/trades')).status).toBe(200);
    clock.advance(60 * 60_000);
    expect((await bearer(token, 'GET', '/api/trades')).status).toBe(401);
    const past = await c.post('/api/tokens', { name: 'x', scopes: ['trades:read'], expiresAt: '2001-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({ fields: { expiresAt: expect.stringMatching(/future/) } });
  });

  it('serves the public API under /api/v1 too, with the same scopes', async () => {
    const { token } = await createToken('Versioned', ['trades:read']);
    const res = await bearer(token, 'GET', '/api/v1/trades');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ trades: expect.any(Array) });
    expect((await bearer(token, 'POST', '/api/v1/accounts', { name: 'No' })).status).toBe(403);
    expect((await bearer(token, 'GET', '/api/v1/auth/user')).status).toBe(404);
  });

  it('counts each token’s requests a minute in RateLimit headers, and answers 429 beyond', async () => {
    clock.advance(60_000); // a fresh window
    const { token } = await createToken('Busy', ['trades:read']);
    const first = await bearer(token, 'GET', '/api/tags');
    expect(first.headers.get('ratelimit-limit')).toBe('40');
    expect(first.headers.get('ratelimit-remaining')).toBe('39');
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    for (let i = 0; i < 39; i += 1) await bearer(token, 'GET', '/api/tags');
    const refused = await bearer(token, 'GET', '/api/tags');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another token has its own count; the next window starts afresh.
    const { token: other } = await createToken('Calm', ['trades:read']);
    expect((await bearer(other, 'GET', '/api/tags')).status).toBe(200);
    clock.advance(60_000);
    expect((await bearer(token, 'GET', '/api/tags')).status).toBe(200);
  });

  it('stops working for a disabled user', async () => {
    await createUser(t.database.db, {
      email: 'gone@example.com',
      password: PASSWORD,
      isVerified: true,
      now: clock.now(),
    });
    const other = new TestClient(t.url(''));
    await other.login('gone@example.com', PASSWORD);
    const { token } = await other.json<CreatedApiTokenJson>(
      other.post('/api/tokens', { name: 'x', scopes: ['trades:read'] }),
    );
    expect((await bearer(token, 'GET', '/api/accounts')).status).toBe(200);
    await setUserDisabled(t.database.db, { email: 'gone@example.com', isDisabled: true, now: clock.now() });
    expect((await bearer(token, 'GET', '/api/accounts')).status).toBe(401);
  });

  it('refuses token management from another site (CSRF) and to anonymous callers', async () => {
    const res = await c.post('/api/tokens', { name: 'x' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await new TestClient(t.url('')).get('/api/tokens')).status).toBe(401);
  });

  it('refuses unknown scopes, none, or a missing list, naming the field', async () => {
    for (const body of [
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: [] },
      { name: 'x' },
      { name: 'x', scopes: ['read'] },
    ]) {
      const res = await c.post('/api/tokens', body);
      expect(res.status).toBe(400);
      const { fields } = (await res.json()) as { fields: Record<string, string> };
      expect(Object.keys(fields).join()).toMatch(/^scopes/);
    }
  });
});

describe('scopes', () => {
  it('lets a trades:read token read trades but not analytics, reports, journal or imports', async () => {
    const { token, scopes } = await createToken('Dashboard', ['trades:read']);
    expect(scopes).toEqual(['trades:read']);
    expect((await bearer(token, 'GET', '/api/trades')).status).toBe(200);
    expect((await bearer(token, 'GET', '/api/accounts')).status).toBe(200);
    for (const [path, scope] of [
      ['/api/analytics/summary', 'analytics:read'],
      ['/api/trades/export.csv', 'reports:read'],
      ['/api/journal/days?from=2025-01-01&to=2025-01-31', 'journal:read'],
      ['/api/imports', 'imports:write'],
    ]) {
      const res = await bearer(token, 'GET', path!);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: 'FORBIDDEN', message: expect.stringContaining(scope!) });
    }
  });

  it.each([
    ['analytics:read', 'GET', '/api/analytics/summary'],
    ['reports:read', 'GET', '/api/trades/export.csv'],
    ['journal:read', 'GET', '/api/journal/days?from=2025-01-01&to=2025-01-31'],
    ['imports:write', 'GET', '/api/imports'],
  ])('lets a %s token reach %s %s', async (scope, method, path) => {
    const { token } = await createToken(scope, [scope]);
    expect((await bearer(token, method, path)).status).toBe(200);
  });

  it.each([
    ['POST', '/api/accounts', { name: 'Nope' }],
    ['POST', '/api/executions', { accountId: '00000000-0000-4000-8000-000000000000', executions: [] }],
    ['POST', '/api/tags', { name: 'nope' }],
    ['PATCH', '/api/trades/00000000-0000-4000-8000-000000000000', { notes: 'x' }],
    ['DELETE', '/api/trades/00000000-0000-4000-8000-000000000000', undefined],
    ['POST', '/api/trades/bulk', { action: 'delete', ids: ['00000000-0000-4000-8000-000000000000'] }],
    ['PUT', '/api/journal/days/2025-01-02', { plan: 'x' }],
  ])('refuses a read-only token %s %s with 403 naming the scope, before anything runs', async (method, path, body) => {
    const { token } = await createToken('Read only', ['trades:read', 'analytics:read', 'reports:read', 'journal:read']);
    const before = await c.json<{ accounts: AccountJson[] }>(c.get('/api/accounts'));
    const res = await bearer(token, method, path, body);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: 'FORBIDDEN',
      message: expect.stringMatching(/lacks the \w+:write scope/),
    });
    expect(await c.json<{ accounts: AccountJson[] }>(c.get('/api/accounts'))).toEqual(before);
  });

  it('leaves a trades:write token free to write', async () => {
    const { token } = await createToken('Writer', ['trades:read', 'trades:write']);
    const res = await bearer(token, 'POST', '/api/accounts', { name: 'Written by token' });
    expect(res.status).toBe(201);
  });
});
