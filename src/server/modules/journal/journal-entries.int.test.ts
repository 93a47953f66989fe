import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntryListJson } from '../../../contracts/journal';
import type { AccountJson, TradeListJson } from '../../../contracts/trades';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

const PASSWORD = 'long-enough-password';
let t: TestApp;
let alice: TestClient;

async function signIn(email: string, timezone: string): Promise<TestClient> {
  await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
  const client = new TestClient(t.url(''));
  await client.login(email, PASSWORD);
  expect((await client.request('PATCH', '/api/auth/user', { timezone })).status).toBe(200);
  return client;
}

const put = (c: TestClient, date: string, body: unknown) => c.request('PUT', `/api/journal/days/${date}`, body);
const list = async (c: TestClient, query = '') => {
  const res = await c.get(`/api/journal/entries${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as JournalEntryListJson;
};

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  // New York: a trade closed at 02:30 UTC on the 5th belongs to the 4th.
  alice = await signIn('entries-alice@example.com', 'America/New_York');
  for (const [date, plan, review] of [
    ['2025-01-02', 'Wait for the opening range', ''],
    ['2025-01-03', '', 'Chased a breakout, again'],
    ['2025-01-07', 'Only A+ setups', 'Kept to the plan'],
  ] as const)
    expect((await put(alice, date, { plan, review, mood: 4 })).status).toBe(200);
  // A mood alone is no entry of the list: nothing to read.
  expect((await put(alice, '2025-01-08', { plan: '', review: '', mood: 2 })).status).toBe(200);

  const account = await alice.json<AccountJson>(alice.post('/api/accounts', { name: 'Main' }));
  const fills = (symbol: string, open: string, close: string) => [
    { executedAt: open, symbol, side: 'buy', quantity: '10', price: '100' },
    { executedAt: close, symbol, side: 'sell', quantity: '10', price: '101' },
  ];
  const res = await alice.post('/api/executions', {
    accountId: account.id,
    executions: [
      ...fills('AAPL', '2025-01-04T20:00:00Z', '2025-01-05T02:30:00Z'),
      ...fills('MSFT', '2025-01-07T15:00:00Z', '2025-01-07T16:00:00Z'),
      ...fills('TSLA', '2025-01-07T17:00:00Z', '2025-01-07T18:00:00Z'),
    ],
  });
  expect(res.status).toBe(200);
  const { trades } = await alice.json<TradeListJson>(alice.get('/api/trades'));
  const note = async (symbol: string, notes: string) => {
    const trade = trades.find((tr) => tr.symbol === symbol)!;
    expect((await alice.request('PATCH', `/api/trades/${trade.id}`, { notes })).status).toBe(200);
  };
  await note('AAPL', 'Late-night exit: Breakout held');
  await note('MSFT', 'Sized too big');
  await note('TSLA', 'Good patience');
});
afterAll(() => t.close());

describe('GET /api/journal/entries', () => {
  it('lists every day with a plan, a review or trade notes, newest first, trades by their close day in the user zone', async () => {
    const { entries, nextBefore } = await list(alice);
    expect(entries.map((e) => [e.date, e.notedTradeCount])).toEqual([
      ['2025-01-07', 2],
      ['2025-01-04', 1],
      ['2025-01-03', 0],
      ['2025-01-02', 0],
    ]);
    expect(entries[0]).toMatchObject({ plan: 'Only A+ setups', review: 'Kept to the plan', mood: 4 });
    expect(entries[1]).toMatchObject({ plan: '', review: '', mood: null, updatedAt: null });
    expect(nextBefore).toBeNull();
  });

  it('finds words in plans, reviews and trade notes, case-insensitively, and takes % and _ literally', async () => {
    expect((await list(alice, '?q=breakout')).entries.map((e) => e.date)).toEqual(['2025-01-04', '2025-01-03']);
    expect((await list(alice, '?q=SIZED')).entries.map((e) => [e.date, e.notedTradeCount])).toEqual([
      ['2025-01-07', 1],
    ]);
    expect((await list(alice, '?q=%25')).entries).toEqual([]);
    expect((await list(alice, '?q=_')).entries).toEqual([]);
  });

  it('pages by date', async () => {
    const first = await list(alice, '?limit=3');
    expect(first.entries.map((e) => e.date)).toEqual(['2025-01-07', '2025-01-04', '2025-01-03']);
    expect(first.nextBefore).toBe('2025-01-03');
    const second = await list(alice, `?limit=3&before=${first.nextBefore}`);
    expect(second.entries.map((e) => e.date)).toEqual(['2025-01-02']);
    expect(second.nextBefore).toBeNull();
  });

  it("shows nobody else's days and refuses a bad query with the field named", async () => {
    const bob = await signIn('entries-bob@example.com', 'UTC');
    expect((await list(bob)).entries).toEqual([]);
    const res = await alice.get('/api/journal/entries?before=soon');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { before: expect.any(String) } });
    expect((await new TestClient(t.url('')).get('/api/journal/entries')).status).toBe(401);
  });
});
