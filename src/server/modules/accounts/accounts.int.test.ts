import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executions, trades } from '../../db/schema';
import type { AccountJson, TradeListJson } from '../../../contracts/trades';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

const PASSWORD = 'long-enough-password';
let t: TestApp;
let c: TestClient;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  await createUser(t.database.db, {
    email: 'accounts@example.com',
    password: PASSWORD,
    isVerified: true,
    now: new Date(),
  });
  c = new TestClient(t.url(''));
  await c.login('accounts@example.com', PASSWORD);
});
afterAll(() => t.close());

describe('/api/accounts', () => {
  it('creates an account with defaults and lists it', async () => {
    const res = await c.post('/api/accounts', { name: '  Swing  ' });
    expect(res.status).toBe(201);
    const account = (await res.json()) as AccountJson;
    expect(account).toEqual({
      id: expect.any(String),
      name: 'Swing',
      broker: null,
      currency: 'USD',
      startingBalance: '0',
      timezone: 'America/New_York',
      isSample: false,
      createdAt: expect.any(String),
    });
    expect(await c.json(c.get(`/api/accounts/${account.id}`))).toEqual(account);
    expect(await c.json<{ accounts: AccountJson[] }>(c.get('/api/accounts'))).toMatchObject({
      accounts: expect.arrayContaining([account]),
    });
  });

  it('stores every field and updates any subset of them', async () => {
    const account = await c.json<AccountJson>(
      c.post('/api/accounts', {
        name: 'TFSA',
        broker: 'Questrade',
        currency: 'CAD',
        startingBalance: '25000.50',
        timezone: 'America/Toronto',
      }),
    );
    expect(account).toMatchObject({ broker: 'Questrade', currency: 'CAD', startingBalance: '25000.5' });
    const res = await c.request('PATCH', `/api/accounts/${account.id}`, { name: 'TFSA (old)', broker: null });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: 'TFSA (old)',
      broker: null,
      currency: 'CAD',
      timezone: 'America/Toronto',
    });
    expect(await c.json(c.request('PATCH', `/api/accounts/${account.id}`, {}))).toMatchObject({ name: 'TFSA (old)' });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'X', currency: 'dollars' }, 'currency'],
    [{ name: 'X', startingBalance: '-5' }, 'startingBalance'],
    [{ name: 'X', timezone: 'Mars/Olympus_Mons' }, 'timezone'],
  ])('refuses %j naming %s', async (body, field) => {
    const res = await c.post('/api/accounts', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'VALIDATION_ERROR', fields: { [field]: expect.any(String) } });
  });

  it('refuses unknown fields and bad timezones on update', async () => {
    const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Patchy' }));
    expect((await c.request('PATCH', `/api/accounts/${account.id}`, { userId: 'x' })).status).toBe(400);
    expect((await c.request('PATCH', `/api/accounts/${account.id}`, { timezone: 'Nowhere' })).status).toBe(400);
  });

  it('deletes an account with its executions and trades', async () => {
    const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Doomed' }));
    const res = await c.post('/api/executions', {
      accountId: account.id,
      executions: [{ executedAt: '2025-01-02T15:00:00Z', symbol: 'AAPL', side: 'buy', quantity: '1', price: '200' }],
    });
    expect(res.status).toBe(200);
    expect((await c.json<TradeListJson>(c.get(`/api/trades?accountId=${account.id}`))).trades).toHaveLength(1);
    expect((await c.delete(`/api/accounts/${account.id}`)).status).toBe(204);
    expect((await c.get(`/api/accounts/${account.id}`)).status).toBe(404);
    expect((await c.json<TradeListJson>(c.get(`/api/trades?accountId=${account.id}`))).trades).toEqual([]);
    expect((await c.delete(`/api/accounts/${account.id}`)).status).toBe(404);
    // Gone from the database, not only from the lists: the fills with the account, the trades with
    // their opening fill (neither has a key of its own to the account or user).
    expect(await t.database.db.$count(executions, eq(executions.accountId, account.id))).toBe(0);
    expect(await t.database.db.$count(trades, eq(trades.accountId, account.id))).toBe(0);
  });

  it('tells how many trades and fills deleting an account would take, only to its owner', async () => {
    const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Counted' }));
    expect(await c.json(c.get(`/api/accounts/${account.id}/usage`))).toEqual({ tradeCount: 0, executionCount: 0 });
    await c.post('/api/executions', {
      accountId: account.id,
      executions: [
        { executedAt: '2025-01-02T15:00:00Z', symbol: 'AAPL', side: 'buy', quantity: '2', price: '200' },
        { executedAt: '2025-01-02T15:01:00Z', symbol: 'AAPL', side: 'sell', quantity: '1', price: '201' },
        { executedAt: '2025-01-02T15:02:00Z', symbol: 'AAPL', side: 'sell', quantity: '1', price: '202' },
        { executedAt: '2025-01-02T15:03:00Z', symbol: 'MSFT', side: 'buy', quantity: '1', price: '400' },
      ],
    });
    expect(await c.json(c.get(`/api/accounts/${account.id}/usage`))).toEqual({ tradeCount: 2, executionCount: 4 });

    await createUser(t.database.db, {
      email: 'accounts-other@example.com',
      password: PASSWORD,
      isVerified: true,
      now: new Date(),
    });
    const other = new TestClient(t.url(''));
    await other.login('accounts-other@example.com', PASSWORD);
    expect((await other.get(`/api/accounts/${account.id}/usage`)).status).toBe(404);
    expect((await other.request('PATCH', `/api/accounts/${account.id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await other.delete(`/api/accounts/${account.id}`)).status).toBe(404);
    expect(await c.json(c.get(`/api/accounts/${account.id}`))).toMatchObject({ name: 'Counted' });
  });

  it('answers 404 for an id that is not a UUID', async () => {
    expect((await c.get('/api/accounts/not-an-id')).status).toBe(404);
  });
});
