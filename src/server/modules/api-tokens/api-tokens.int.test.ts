import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountJson, ApiTokenJson, CreatedApiTokenJson, TradeListJson } from '../../../contracts/trades';
import { hashToken } from '../../auth/tokens';
import { ManualClock } from '../../clock';
import { apiTokens } from '../../db/schema';
import { createUser, setUserDisabled } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

const PASSWORD = 'long-enough-password';
let t: TestApp;
let clock: ManualClock;
let c: TestClient;

beforeAll(async () => {
  const start = new Date();
  clock = new ManualClock({ now: () => start }); // frozen, moved by the tests
  t = await startTestApp({ clock, env: { LOGIN_RATE_LIMIT: '1000' } });
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

async function createToken(name: string, scopes?: string[]): Promise<CreatedApiTokenJson> {
  const res = await c.post('/api/tokens', scopes === undefined ? { name } : { name, scopes });
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
      scopes: ['read', 'write'],
      prefix: created.prefix,
      createdAt: created.createdAt,
      lastUsedAt: null,
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

  it('is accepted by the public API only: not for sign-in, billing or token management', async () => {
    const { token } = await createToken('Scoped');
    expect((await bearer(token, 'GET', '/api/auth/user')).status).toBe(401);
    expect((await bearer(token, 'GET', '/api/subscription')).status).toBe(401);
    expect((await bearer(token, 'GET', '/api/tokens')).status).toBe(401);
    expect((await bearer(token, 'POST', '/api/tokens', { name: 'Escalate' })).status).toBe(401);
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
    const { token } = await other.json<CreatedApiTokenJson>(other.post('/api/tokens', { name: 'x' }));
    expect((await bearer(token, 'GET', '/api/accounts')).status).toBe(200);
    await setUserDisabled(t.database.db, { email: 'gone@example.com', isDisabled: true, now: clock.now() });
    expect((await bearer(token, 'GET', '/api/accounts')).status).toBe(401);
  });

  it('refuses token management from another site (CSRF) and to anonymous callers', async () => {
    const res = await c.post('/api/tokens', { name: 'x' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await new TestClient(t.url('')).get('/api/tokens')).status).toBe(401);
  });

  it('refuses scopes other than read and write, and a token without read', async () => {
    for (const scopes of [['admin'], [], ['write']]) {
      const res = await c.post('/api/tokens', { name: 'x', scopes });
      expect(res.status).toBe(400);
      const { fields } = (await res.json()) as { fields: Record<string, string> };
      expect(Object.keys(fields).join()).toMatch(/^scopes/);
    }
  });
});

describe('a read-only token', () => {
  it('reads the public API', async () => {
    const { token, scopes } = await createToken('Dashboard', ['read']);
    expect(scopes).toEqual(['read']);
    expect((await bearer(token, 'GET', '/api/trades')).status).toBe(200);
    expect((await bearer(token, 'GET', '/api/accounts')).status).toBe(200);
    expect((await bearer(token, 'GET', '/api/trades/export.csv')).status).toBe(200);
  });

  it.each([
    ['POST', '/api/accounts', { name: 'Nope' }],
    ['POST', '/api/executions', { accountId: '00000000-0000-4000-8000-000000000000', executions: [] }],
    ['POST', '/api/tags', { name: 'nope' }],
    ['PATCH', '/api/trades/00000000-0000-4000-8000-000000000000', { notes: 'x' }],
    ['DELETE', '/api/trades/00000000-0000-4000-8000-000000000000', undefined],
    ['POST', '/api/trades/bulk', { action: 'delete', ids: ['00000000-0000-4000-8000-000000000000'] }],
  ])('gets 403 with a clear message for %s %s, before anything runs', async (method, path, body) => {
    const { token } = await createToken('Read only', ['read']);
    const before = await c.json<{ accounts: AccountJson[] }>(c.get('/api/accounts'));
    const res = await bearer(token, method, path, body);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: 'FORBIDDEN',
      message: expect.stringMatching(/read-only.*write scope/),
    });
    expect(await c.json<{ accounts: AccountJson[] }>(c.get('/api/accounts'))).toEqual(before);
  });

  it('leaves a read-write token free to write', async () => {
    const { token } = await createToken('Writer', ['read', 'write']);
    const res = await bearer(token, 'POST', '/api/accounts', { name: 'Written by token' });
    expect(res.status).toBe(201);
  });
});
