import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountJson, AddExecutionsJson, TradeListJson } from '../../../contracts/trades';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

const PASSWORD = 'long-enough-password';
let t: TestApp;

type Owned = { account: string; trade: string; tag: string; strategy: string; token: string };
let alice: TestClient;
let bob: TestClient;
/** Alice's ids, which Bob must never reach. */
let hers: Owned;
/** Bob's own ids, to attach Alice's to. */
let his: Owned;

async function signIn(email: string): Promise<TestClient> {
  await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
  const c = new TestClient(t.url(''));
  await c.login(email, PASSWORD);
  return c;
}

async function seed(c: TestClient, name: string): Promise<Owned> {
  const account = await c.json<AccountJson>(c.post('/api/accounts', { name }));
  const added = await c.json<AddExecutionsJson>(
    c.post('/api/executions', {
      accountId: account.id,
      executions: [
        { executedAt: '2025-02-03T15:00:00Z', symbol: 'AAPL', side: 'buy', quantity: '10', price: '100' },
        { executedAt: '2025-02-03T15:10:00Z', symbol: 'AAPL', side: 'sell', quantity: '10', price: '101' },
      ],
    }),
  );
  const tag = await c.json<{ id: string }>(c.post('/api/tags', { name: `${name} tag` }));
  const strategy = await c.json<{ id: string }>(c.post('/api/strategies', { name: `${name} strategy` }));
  const token = await c.json<{ id: string }>(c.post('/api/tokens', { name: `${name} token`, scopes: ['trades:read'] }));
  await c.request('PATCH', `/api/trades/${added.trades[0]!.id}`, { tags: [tag.id], strategyId: strategy.id });
  return { account: account.id, trade: added.trades[0]!.id, tag: tag.id, strategy: strategy.id, token: token.id };
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  alice = await signIn('alice@example.com');
  bob = await signIn('bob@example.com');
  hers = await seed(alice, 'Alice');
  his = await seed(bob, 'Bob');
});
afterAll(() => t.close());

describe('every endpoint is scoped to the signed-in user', () => {
  const fill = { executedAt: '2025-02-04T15:00:00Z', symbol: 'MSFT', side: 'buy', quantity: '1', price: '1' };
  /** [method, path, body] for every endpoint that takes an id, aimed at Alice's rows by Bob. */
  const attempts = (): [string, string, unknown?][] => [
    ['GET', `/api/accounts/${hers.account}`],
    ['PATCH', `/api/accounts/${hers.account}`, { name: 'Mine now' }],
    ['DELETE', `/api/accounts/${hers.account}`],
    ['POST', '/api/executions', { accountId: hers.account, executions: [fill] }],
    [
      'POST',
      '/api/trades',
      {
        accountId: hers.account,
        symbol: 'MSFT',
        direction: 'long',
        quantity: '1',
        entryPrice: '1',
        entryAt: fill.executedAt,
      },
    ],
    ['GET', `/api/trades/${hers.trade}`],
    ['PATCH', `/api/trades/${hers.trade}`, { notes: 'hacked' }],
    ['DELETE', `/api/trades/${hers.trade}`],
    ['POST', '/api/trades/bulk', { action: 'addTags', ids: [hers.trade], tagIds: [his.tag] }],
    ['POST', '/api/trades/bulk', { action: 'removeTags', ids: [his.trade, hers.trade], tagIds: [his.tag] }],
    ['POST', '/api/trades/bulk', { action: 'setStrategy', ids: [hers.trade], strategyId: null }],
    ['POST', '/api/trades/bulk', { action: 'delete', ids: [his.trade, hers.trade] }],
    // Bob's own trade with Alice's tag or strategy attached.
    ['PATCH', `/api/trades/${his.trade}`, { tags: [hers.tag] }],
    ['PATCH', `/api/trades/${his.trade}`, { strategyId: hers.strategy }],
    ['POST', '/api/trades/bulk', { action: 'addTags', ids: [his.trade], tagIds: [hers.tag] }],
    ['POST', '/api/trades/bulk', { action: 'setStrategy', ids: [his.trade], strategyId: hers.strategy }],
    ['PATCH', `/api/tags/${hers.tag}`, { name: 'Renamed' }],
    ['DELETE', `/api/tags/${hers.tag}`],
    ['POST', `/api/tags/${hers.tag}/merge`, { intoTagId: his.tag }],
    ['POST', `/api/tags/${his.tag}/merge`, { intoTagId: hers.tag }],
    ['DELETE', `/api/tokens/${hers.token}`],
  ];

  it('answers 404 for another user’s id on every endpoint that takes one', async () => {
    for (const [method, path, body] of attempts()) {
      const res = await bob.request(method, path, body);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
      expect(await res.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
  });

  it('lists only the user’s own rows', async () => {
    const lists = await Promise.all(
      ['/api/accounts', '/api/trades', '/api/tags', '/api/strategies', '/api/tokens'].map(async (path) =>
        JSON.stringify(await bob.json(bob.get(path))),
      ),
    );
    for (const text of lists) for (const id of Object.values(hers)) expect(text).not.toContain(id);
    expect(await bob.json(bob.get(`/api/trades?accountId=${hers.account}`))).toEqual({ trades: [], nextCursor: null });
    expect(await bob.json(bob.get(`/api/trades?tagId=${hers.tag}`))).toEqual({ trades: [], nextCursor: null });
    const csv = await (await bob.get('/api/trades/export.csv')).text();
    expect(csv).not.toContain(hers.trade);
    expect(csv).toContain(his.trade);
  });

  it('left every one of Alice’s rows as it was', async () => {
    const list = await alice.json<TradeListJson>(alice.get('/api/trades'));
    expect(list.trades).toHaveLength(1);
    expect(list.trades[0]).toMatchObject({
      id: hers.trade,
      notes: '',
      strategyId: hers.strategy,
      tags: [{ id: hers.tag, name: 'Alice tag' }],
    });
    expect(await alice.json(alice.get(`/api/accounts/${hers.account}`))).toMatchObject({ name: 'Alice' });
    expect(await alice.json(alice.get('/api/tokens'))).toMatchObject({ tokens: [{ id: hers.token }] });
    // Bob's trade survived his own refused bulk delete too: nothing is deleted unless all ids are his.
    expect((await bob.get(`/api/trades/${his.trade}`)).status).toBe(200);
  });

  it('answers 401 to anyone not signed in', async () => {
    const anonymous = new TestClient(t.url(''));
    for (const [method, path, body] of attempts()) {
      expect((await anonymous.request(method, path, body)).status).toBe(401);
    }
    for (const path of ['/api/accounts', '/api/trades', '/api/trades/export.csv', '/api/tags', '/api/strategies'])
      expect((await anonymous.get(path)).status).toBe(401);
  });
});
