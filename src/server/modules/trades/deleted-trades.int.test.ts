import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsSummaryJson } from '../../../contracts/analytics';
import type {
  AccountJson,
  AddExecutionsJson,
  DeletedTradeListJson,
  ExecutionInput,
  TradeDetailJson,
  TradeJson,
  TradeListJson,
} from '../../../contracts/trades';
import { ManualClock } from '../../clock';
import { executions } from '../../db/schema';
import { createUser, setTrialDaysRemaining } from '../users';
import { purgeDeletedTrades } from './deleted-trades.service';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

const PASSWORD = 'long-enough-password';
const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
let clock: ManualClock;
let users = 0;

beforeAll(async () => {
  clock = new ManualClock();
  t = await startTestApp({ clock, env: { LOGIN_RATE_LIMIT: '1000', LOGIN_ACCOUNT_RATE_LIMIT: '1000' } });
});
afterAll(() => t.close());

async function signIn(): Promise<{ c: TestClient; accountId: string }> {
  users += 1;
  const email = `deleter${users}@example.com`;
  await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: clock.now() });
  // The purge test moves the clock 30 days on: the trial must outlast it.
  await setTrialDaysRemaining(t.database.db, { email, daysRemaining: 90, now: clock.now() });
  const c = new TestClient(t.url(''));
  await c.login(email, PASSWORD);
  const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Main' }));
  return { c, accountId: account.id };
}

const at = (minutes: number) => new Date(Date.UTC(2025, 2, 3, 14, 30) + minutes * 60_000).toISOString();
const fill = (minutes: number, f: Omit<ExecutionInput, 'executedAt' | 'symbol'> & { symbol?: string }) => ({
  symbol: 'AAPL',
  executedAt: at(minutes),
  ...f,
});

async function addFills(c: TestClient, accountId: string, items: ExecutionInput[]): Promise<TradeJson[]> {
  return (await c.json<AddExecutionsJson>(c.post('/api/executions', { accountId, executions: items }))).trades;
}
const list = async (c: TestClient) => (await c.json<TradeListJson>(c.get('/api/trades?limit=100'))).trades;
const count = async (c: TestClient) => (await c.json<{ count: number }>(c.get('/api/trades/count'))).count;
const summary = (c: TestClient) => c.json<AnalyticsSummaryJson>(c.get('/api/analytics/summary'));
const deleted = (c: TestClient) => c.json<DeletedTradeListJson>(c.get('/api/trades/deleted'));

/** Two AAPL round trips (+10 and +10 after costs) and one MSFT (−5). */
async function seed(c: TestClient, accountId: string) {
  return addFills(c, accountId, [
    fill(0, { side: 'buy', quantity: '10', price: '10' }),
    fill(1, { side: 'sell', quantity: '10', price: '11' }),
    fill(2, { side: 'buy', quantity: '5', price: '10' }),
    fill(3, { side: 'sell', quantity: '5', price: '12' }),
    fill(4, { symbol: 'MSFT', side: 'buy', quantity: '1', price: '100' }),
    fill(5, { symbol: 'MSFT', side: 'sell', quantity: '1', price: '95' }),
  ]);
}

describe('deleting trades with undo', () => {
  it('takes a deleted trade out of the list, the count, analytics and the CSV export, and answers an undo token', async () => {
    const { c, accountId } = await signIn();
    const made = await seed(c, accountId);
    const msft = made.find((tr) => tr.symbol === 'MSFT')!;
    const res = await c.delete(`/api/trades/${msft.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ undoToken: expect.any(String), count: 1 });
    expect((await list(c)).map((tr) => tr.symbol)).toEqual(['AAPL', 'AAPL']);
    expect(await count(c)).toBe(2);
    expect((await summary(c)).trades.count).toBe(2);
    expect((await summary(c)).trades.netPnl).toBe(20);
    expect(await (await c.get('/api/trades/export.csv')).text()).not.toContain('MSFT');
    expect((await c.get(`/api/trades/${msft.id}`)).status).toBe(404);
    expect((await c.delete(`/api/trades/${msft.id}`)).status).toBe(404);
  });

  it('restores exactly what was deleted by the undo token: same id, journal, tags and P&L', async () => {
    const { c, accountId } = await signIn();
    const [first] = await seed(c, accountId);
    const tag = await c.json<{ id: string }>(c.post('/api/tags', { name: 'Breakout' }));
    const strategy = await c.json<{ id: string }>(c.post('/api/strategies', { name: 'ORB' }));
    const journal = {
      notes: 'Waited for the **retest**',
      stopPrice: '9.5',
      targetPrice: '12',
      rating: 4,
      mistakes: ['Sized up'],
      emotions: ['Calm'],
      strategyId: strategy.id,
      tags: [tag.id],
    };
    expect((await c.request('PATCH', `/api/trades/${first!.id}`, journal)).status).toBe(200);
    const before = await c.json<TradeDetailJson>(c.get(`/api/trades/${first!.id}`));

    const { undoToken } = await c.json<{ undoToken: string }>(
      c.post('/api/trades/bulk', { action: 'delete', ids: [first!.id] }),
    );
    expect((await list(c)).map((tr) => tr.symbol).sort()).toEqual(['AAPL', 'MSFT']);
    const restore = await c.post('/api/trades/restore', { undoToken });
    expect(restore.status).toBe(200);
    expect(await restore.json()).toEqual({ count: 1, tradeIds: [first!.id] });
    const after = await c.json<TradeDetailJson>(c.get(`/api/trades/${first!.id}`));
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
    expect(after).toMatchObject({ notes: journal.notes, stopPrice: '9.5', rating: 4, rMultiple: expect.any(String) });
    expect((await deleted(c)).trades).toEqual([]);
    // The token is spent.
    expect((await c.post('/api/trades/restore', { undoToken })).status).toBe(404);
  });

  it('lists deleted trades in Recently deleted with their days left, and restores them one by one', async () => {
    const { c, accountId } = await signIn();
    const made = await seed(c, accountId);
    const [a, b, m] = made;
    await c.delete(`/api/trades/${m!.id}`);
    clock.advance(2 * DAY_MS);
    await c.post('/api/trades/bulk', { action: 'delete', ids: [a!.id, b!.id] });
    const listed = (await deleted(c)).trades;
    expect(listed.map((tr) => [tr.symbol, tr.netPnl, tr.daysLeft, tr.accountName])).toEqual([
      ['AAPL', '10', 30, 'Main'],
      ['AAPL', '10', 30, 'Main'],
      ['MSFT', '-5', 28, 'Main'],
    ]);
    const res = await c.post('/api/trades/restore', { tradeIds: [m!.id] });
    expect(res.status).toBe(200);
    expect((await list(c)).map((tr) => tr.id)).toEqual([m!.id]);
    expect((await deleted(c)).trades.map((tr) => tr.id).sort()).toEqual([a!.id, b!.id].sort());
  });

  it('answers 404 to another user’s undo token or trade ids, and restores nothing', async () => {
    const alice = await signIn();
    const bob = await signIn();
    const [hers] = await seed(alice.c, alice.accountId);
    const { undoToken } = await alice.c.json<{ undoToken: string }>(alice.c.delete(`/api/trades/${hers!.id}`));
    expect((await bob.c.post('/api/trades/restore', { undoToken })).status).toBe(404);
    expect((await bob.c.post('/api/trades/restore', { tradeIds: [hers!.id] })).status).toBe(404);
    expect((await bob.c.delete(`/api/trades/${(await list(alice.c))[0]!.id}`)).status).toBe(404);
    expect((await deleted(bob.c)).trades).toEqual([]);
    expect((await deleted(alice.c)).trades.map((tr) => tr.id)).toEqual([hers!.id]);
    expect((await list(alice.c)).map((tr) => tr.id)).not.toContain(hers!.id);
  });

  it('refuses a body with neither or both of undoToken and tradeIds', async () => {
    const { c } = await signIn();
    expect((await c.post('/api/trades/restore', {})).status).toBe(400);
    expect((await c.post('/api/trades/restore', { undoToken: 'nope' })).status).toBe(400);
    expect((await c.post('/api/trades/restore', { tradeIds: [] })).status).toBe(400);
  });

  it('rebuilds the other side of a flip without the crossing fill, and gives it back on restore', async () => {
    const { c, accountId } = await signIn();
    const made = await addFills(c, accountId, [
      fill(0, { side: 'buy', quantity: '100', price: '10' }),
      fill(1, { side: 'sell', quantity: '150', price: '11' }),
      fill(2, { side: 'buy', quantity: '50', price: '10.5' }),
    ]);
    expect(made.map((tr) => tr.direction)).toEqual(['long', 'short']);
    const { undoToken } = await c.json<{ undoToken: string }>(c.delete(`/api/trades/${made[0]!.id}`));
    expect((await list(c)).map((tr) => [tr.direction, tr.status])).toEqual([['long', 'open']]);
    await c.post('/api/trades/restore', { undoToken });
    const back = await c.json<TradeListJson>(c.get('/api/trades?limit=10&sort=openedAt&order=asc'));
    // The deleted trade keeps its id; the short one is rebuilt as it was, from the same fills.
    expect(back.trades[0]!.id).toBe(made[0]!.id);
    const figures = (trades: TradeJson[]) => trades.map((tr) => [tr.direction, tr.status, tr.quantity, tr.netPnl]);
    expect(figures(back.trades)).toEqual(figures(made));
  });

  it('does not let a re-added deleted fill come back as a new trade, nor block its restore', async () => {
    const { c, accountId } = await signIn();
    const items = [
      { ...fill(0, { side: 'buy', quantity: '10', price: '10' }), brokerExecId: 'X1' },
      { ...fill(1, { side: 'sell', quantity: '10', price: '11' }), brokerExecId: 'X2' },
    ];
    const [trade] = await addFills(c, accountId, items);
    const { undoToken } = await c.json<{ undoToken: string }>(c.delete(`/api/trades/${trade!.id}`));
    const again = await c.json<AddExecutionsJson>(c.post('/api/executions', { accountId, executions: items }));
    expect(again.inserted).toBe(0);
    expect(await list(c)).toEqual([]);
    expect((await c.post('/api/trades/restore', { undoToken })).status).toBe(200);
    expect((await list(c)).map((tr) => tr.id)).toEqual([trade!.id]);
  });

  it('purges deleted trades after 30 days, once, and their undo token expires with them', async () => {
    const { c, accountId } = await signIn();
    const [first] = await seed(c, accountId);
    const { undoToken } = await c.json<{ undoToken: string }>(c.delete(`/api/trades/${first!.id}`));
    clock.advance(29 * DAY_MS);
    await purgeDeletedTrades(t.database.db, { now: clock.now() });
    expect((await deleted(c)).trades.map((tr) => [tr.id, tr.daysLeft])).toEqual([[first!.id, 1]]);
    clock.advance(DAY_MS);
    expect((await c.post('/api/trades/restore', { undoToken })).status).toBe(404);
    expect((await deleted(c)).trades).toEqual([]);
    expect(await purgeDeletedTrades(t.database.db, { now: clock.now() })).toBeGreaterThanOrEqual(1);
    expect(await purgeDeletedTrades(t.database.db, { now: clock.now() })).toBe(0);
    const left = await t.database.db.select().from(executions).where(eq(executions.accountId, accountId));
    expect(left.map((row) => row.deletedAt)).toEqual(left.map(() => null));
    expect(left).toHaveLength(4);
    expect((await list(c)).map((tr) => tr.symbol).sort()).toEqual(['AAPL', 'MSFT']);
  });
});
