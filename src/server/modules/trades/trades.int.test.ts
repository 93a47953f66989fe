import { and, asc, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountJson,
  AddExecutionsJson,
  ExecutionInput,
  TradeDetailJson,
  TradeJson,
  TradeListJson,
} from '../../../contracts/trades';
import { ManualClock } from '../../clock';
import { D, groupTrades, toMoneyText, toQuantityText, type Execution } from '../../../core/trades';
import { executions, imports, tradeParts, trades, users } from '../../db/schema';
import { toExecution } from './regroup';
import { createUser, setTrialDaysRemaining } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { PROPERTY_OVER_DATABASE_MS } from '../../../../test/helpers/timeouts';

const PASSWORD = 'long-enough-password';
let t: TestApp;
let clock: ManualClock;
let emails = 0;

let shared: TestClient;

beforeAll(async () => {
  clock = new ManualClock();
  t = await startTestApp({ clock, env: { LOGIN_RATE_LIMIT: '1000', LOGIN_ACCOUNT_RATE_LIMIT: '1000' } });
  shared = (await signIn()).c;
});
afterAll(() => t.close());

/** A verified user on a fresh trial, signed in, with one USD account. */
async function signIn(): Promise<{ c: TestClient; userId: string; accountId: string; email: string }> {
  emails += 1;
  const email = `trader${emails}@example.com`;
  const user = await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: clock.now() });
  const c = new TestClient(t.url(''));
  await c.login(email, PASSWORD);
  const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Main', broker: 'IBKR' }));
  return { c, userId: user.id, accountId: account.id, email };
}

/** A fresh account of the shared user: most tests need nothing more (and signing up costs a password hash). */
async function newAccount(): Promise<{ c: TestClient; accountId: string }> {
  const account = await shared.json<AccountJson>(shared.post('/api/accounts', { name: 'Fresh' }));
  return { c: shared, accountId: account.id };
}

/** 2025-03-03 14:30 UTC plus `minutes`. */
const at = (minutes: number) => new Date(Date.UTC(2025, 2, 3, 14, 30) + minutes * 60_000).toISOString();

type Fill = Partial<ExecutionInput> & Pick<ExecutionInput, 'side' | 'quantity' | 'price'>;
const fill = (minutes: number, f: Fill): ExecutionInput => ({ symbol: 'AAPL', executedAt: at(minutes), ...f });

async function addFills(c: TestClient, accountId: string, executions: ExecutionInput[]): Promise<AddExecutionsJson> {
  const res = await c.post('/api/executions', { accountId, executions });
  if (res.status !== 200) throw new Error(`POST /api/executions: ${res.status} ${await res.text()}`);
  return (await res.json()) as AddExecutionsJson;
}

const patch = (c: TestClient, path: string, body: unknown) => c.request('PATCH', path, body);
const detail = (c: TestClient, id: string) => c.json<TradeDetailJson>(c.get(`/api/trades/${id}`));

async function listAll(c: TestClient, query: string): Promise<TradeJson[]> {
  const all: TradeJson[] = [];
  let cursor: string | null = null;
  do {
    const suffix: string = cursor ? `&cursor=${cursor}` : '';
    const page: TradeListJson = await c.json<TradeListJson>(c.get(`/api/trades?${query}${suffix}`));
    all.push(...page.trades);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

describe('POST /api/executions', () => {
  it('groups a scale-out into one trade with exact P&L', async () => {
    const { c, accountId } = await newAccount();
    const body = await addFills(c, accountId, [
      fill(0, { side: 'buy', quantity: '100', price: '10', commission: '1' }),
      fill(5, { side: 'sell', quantity: '40', price: '11', commission: '1' }),
      fill(9, { side: 'sell', quantity: '60', price: '12', commission: '1' }),
    ]);
    expect(body).toMatchObject({ inserted: 3, skipped: 0 });
    expect(body.trades).toHaveLength(1);
    expect(body.trades[0]).toMatchObject({
      accountId,
      symbol: 'AAPL',
      assetClass: 'stock',
      direction: 'long',
      status: 'closed',
      openedAt: at(0),
      closedAt: at(9),
      quantity: '100',
      avgEntryPrice: '10',
      avgExitPrice: '11.6',
      grossPnl: '160',
      commission: '3',
      fees: '0',
      netPnl: '157',
      multiplier: '1',
      currency: 'USD',
      holdingSeconds: 540,
      executionCount: 3,
      rMultiple: null,
      initialRisk: null,
      tags: [],
      notes: '',
    });
    const trade = await detail(c, body.trades[0]!.id);
    expect(trade.executions.map((e) => [e.side, e.role, e.quantity, e.price, e.commission])).toEqual([
      ['buy', 'entry', '100', '10', '1'],
      ['sell', 'exit', '40', '11', '1'],
      ['sell', 'exit', '60', '12', '1'],
    ]);
  });

  it('values an option with its multiplier of 100 and normalises the symbol to OCC', async () => {
    const { c, accountId } = await newAccount();
    const {
      trades: [trade],
    } = await addFills(c, accountId, [
      fill(0, { symbol: 'AAPL250117C00150000', side: 'buy', quantity: '2', price: '1.5', fees: '0.13' }),
      fill(30, { symbol: 'AAPL250117C00150000', side: 'sell', quantity: '2', price: '2.25', fees: '0.13' }),
    ]);
    expect(trade).toMatchObject({
      symbol: 'AAPL  250117C00150000',
      assetClass: 'option',
      multiplier: '100',
      grossPnl: '150',
      fees: '0.26',
      netPnl: '149.74',
    });
    // The list's symbol filter reads the symbol as typed, or as the parser normalises it.
    for (const typed of ['aapl250117c00150000', 'AAPL  250117C00150000'])
      expect(
        (await listAll(c, `accountId=${accountId}&symbol=${encodeURIComponent(typed)}`)).map((tr) => tr.id),
      ).toEqual([trade!.id]);
  });

  it('values an ES future at 50 per point', async () => {
    const { c, accountId } = await newAccount();
    const {
      trades: [trade],
    } = await addFills(c, accountId, [
      fill(0, { symbol: 'ESZ24', side: 'sell', quantity: '2', price: '5010.25', commission: '2.25' }),
      fill(12, { symbol: 'ESZ24', side: 'buy', quantity: '2', price: '5000', commission: '2.25' }),
    ]);
    expect(trade).toMatchObject({
      symbol: 'ESZ24',
      assetClass: 'future',
      direction: 'short',
      multiplier: '50',
      grossPnl: '1025',
      netPnl: '1020.5',
    });
  });

  it('splits a position flip into two trades, sharing the crossing fill’s commission pro rata', async () => {
    const { c, accountId } = await newAccount();
    const body = await addFills(c, accountId, [
      fill(0, { side: 'buy', quantity: '100', price: '10' }),
      fill(1, { side: 'sell', quantity: '150', price: '11', commission: '1.5' }),
      fill(2, { side: 'buy', quantity: '50', price: '10.5' }),
    ]);
    expect(
      body.trades.map((tr) => [tr.direction, tr.status, tr.quantity, tr.grossPnl, tr.commission, tr.netPnl]),
    ).toEqual([
      ['long', 'closed', '100', '100', '1', '99'],
      ['short', 'closed', '50', '25', '0.5', '24.5'],
    ]);
    const short = await detail(c, body.trades[1]!.id);
    expect(short.executions.map((e) => [e.role, e.quantity, e.commission])).toEqual([
      ['entry', '50', '0.5'],
      ['exit', '50', '0'],
    ]);
  });

  it('keeps an unclosed position as an open trade', async () => {
    const { c, accountId } = await newAccount();
    const {
      trades: [trade],
    } = await addFills(c, accountId, [
      fill(0, { side: 'buy', quantity: '10', price: '100', commission: '1' }),
      fill(3, { side: 'buy', quantity: '10', price: '102', commission: '1' }),
    ]);
    expect(trade).toMatchObject({
      status: 'open',
      closedAt: null,
      quantity: '20',
      avgEntryPrice: '101',
      avgExitPrice: null,
      grossPnl: '0',
      netPnl: '-2',
      holdingSeconds: null,
      rMultiple: null,
    });
  });

  it('skips fills it already has, keeping identical partial fills of one request', async () => {
    const { c, accountId } = await newAccount();
    const batch = [
      fill(0, { side: 'buy', quantity: '50', price: '10' }),
      fill(0, { side: 'buy', quantity: '50', price: '10' }),
      fill(1, { side: 'sell', quantity: '100', price: '10.5', brokerExecId: 'X-1' }),
    ];
    const first = await addFills(c, accountId, batch);
    expect(first).toMatchObject({ inserted: 3, skipped: 0 });
    expect(first.trades[0]).toMatchObject({ quantity: '100', grossPnl: '50' });
    expect(await addFills(c, accountId, batch)).toEqual({ inserted: 0, skipped: 3, trades: [] });
    // The broker id wins over the content: the same id at another price is still the same fill.
    expect(
      await addFills(c, accountId, [fill(1, { side: 'sell', quantity: '100', price: '99', brokerExecId: 'X-1' })]),
    ).toMatchObject({ inserted: 0, skipped: 1 });
    const all = await listAll(c, `accountId=${accountId}&limit=50`);
    expect(all).toHaveLength(1);
  });

  it('names the row of an unreadable symbol or a too-precise number', async () => {
    const { c, accountId } = await newAccount();
    const res = await c.post('/api/executions', {
      accountId,
      executions: [
        fill(0, { side: 'buy', quantity: '1', price: '1' }),
        fill(1, { side: 'sell', quantity: '1', price: '1.123456789' }),
        fill(2, { side: 'buy', quantity: '1', price: '1' }),
        fill(3, { side: 'sell', quantity: '1', price: '1', symbol: 'ZZZ?!' }),
      ],
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe('VALIDATION_ERROR');
    expect(Object.keys(body.fields).sort()).toEqual(['executions.1.price', 'executions.3.symbol']);
    expect(await listAll(c, `accountId=${accountId}&limit=10`)).toEqual([]);
  });

  it('regroups only the changed instrument, and of it only what follows the change', async () => {
    const { c, accountId } = await newAccount();
    await addFills(c, accountId, [
      fill(0, { side: 'buy', quantity: '10', price: '10' }),
      fill(1, { side: 'sell', quantity: '10', price: '11' }),
      fill(2, { symbol: 'MSFT', side: 'buy', quantity: '5', price: '400' }),
      fill(3, { symbol: 'MSFT', side: 'sell', quantity: '5', price: '401' }),
      fill(10, { side: 'buy', quantity: '10', price: '12' }),
    ]);
    const before = await t.database.db.select().from(trades).where(eq(trades.accountId, accountId));
    clock.advance(1_000);
    const added = await addFills(c, accountId, [fill(20, { side: 'sell', quantity: '10', price: '13' })]);
    // Only the open AAPL trade was rebuilt; it kept its id and closed.
    expect(added.trades).toHaveLength(1);
    const open = before.find((row) => row.status === 'open')!;
    expect(added.trades[0]).toMatchObject({ id: open.id, status: 'closed', grossPnl: '10' });
    const after = await t.database.db.select().from(trades).where(eq(trades.accountId, accountId));
    for (const row of before.filter((r) => r.id !== open.id)) {
      expect(after.find((r) => r.id === row.id)?.updatedAt).toEqual(row.updatedAt);
    }
  });

  it('answers 404 for an account that is not the user’s and 402 once the trial is over', async () => {
    const { c, email } = await signIn();
    const other = await signIn();
    const res = await c.post('/api/executions', {
      accountId: other.accountId,
      executions: [fill(0, { side: 'buy', quantity: '1', price: '1' })],
    });
    expect(res.status).toBe(404);
    await setTrialDaysRemaining(t.database.db, { email, daysRemaining: 0, now: clock.now() });
    expect((await c.get('/api/trades')).status).toBe(402);
    expect((await c.get('/api/accounts')).status).toBe(402);
  });
});

describe('journal fields across regrouping', () => {
  it('keeps id, tags and notes when a trade gains fills, and re-derives R', async () => {
    const { c, accountId } = await newAccount();
    const {
      trades: [open],
    } = await addFills(c, accountId, [fill(0, { side: 'buy', quantity: '100', price: '10' })]);
    const tag = await c.json<{ id: string }>(c.post('/api/tags', { name: 'Breakout' }));
    const patched = await patch(c, `/api/trades/${open!.id}`, {
      stopPrice: '9.5',
      tags: [tag.id],
      notes: '# Plan\nBuy the *breakout*.',
      rating: 4,
      mistakes: ['Chased'],
      emotions: ['Calm'],
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ initialRisk: '50', rMultiple: null, stopPrice: '9.5' });

    const {
      trades: [closed],
    } = await addFills(c, accountId, [fill(30, { side: 'sell', quantity: '100', price: '11' })]);
    expect(closed).toMatchObject({
      id: open!.id,
      status: 'closed',
      netPnl: '100',
      stopPrice: '9.5',
      initialRisk: '50',
      rMultiple: '2',
      notes: '# Plan\nBuy the *breakout*.',
      rating: 4,
      mistakes: ['Chased'],
      emotions: ['Calm'],
      tags: [{ id: tag.id, name: 'Breakout', color: '#64748b' }],
    });
  });

  it('hands the journal to the trade that absorbs its opening fill', async () => {
    const { c, accountId } = await newAccount();
    const { trades: made } = await addFills(c, accountId, [
      fill(10, { side: 'buy', quantity: '10', price: '10' }),
      fill(20, { side: 'sell', quantity: '20', price: '11' }),
    ]);
    // It flipped: a closed long of 10, then an open short of 10.
    expect(made.map((tr) => [tr.direction, tr.status])).toEqual([
      ['long', 'closed'],
      ['short', 'open'],
    ]);
    const trade = made[0];
    const tag = await c.json<{ id: string }>(c.post('/api/tags', { name: 'Missed fill' }));
    await patch(c, `/api/trades/${trade!.id}`, { notes: 'keep me', tags: [tag.id] });
    // The missed first fill arrives: now one long of 20 opened at minute 5 and closed at minute 20.
    const { trades: rebuilt } = await addFills(c, accountId, [fill(5, { side: 'buy', quantity: '10', price: '9' })]);
    expect(rebuilt).toHaveLength(1);
    expect(rebuilt[0]).toMatchObject({
      id: trade!.id,
      openedAt: at(5),
      status: 'closed',
      grossPnl: '30',
      notes: 'keep me',
      tags: [{ id: tag.id, name: 'Missed fill' }],
    });
  });
});

describe('R-multiple', () => {
  it('is null without a stop or risk, from the stop, from the trader’s risk, and from the default risk', async () => {
    const { c, accountId, userId } = await signIn();
    const {
      trades: [trade],
    } = await addFills(c, accountId, [
      fill(0, { side: 'buy', quantity: '100', price: '10', commission: '1' }),
      fill(9, { side: 'sell', quantity: '100', price: '12', commission: '1' }),
    ]);
    expect(trade).toMatchObject({ netPnl: '198', rMultiple: null, initialRisk: null });
    const path = `/api/trades/${trade!.id}`;
    expect(await c.json(patch(c, path, { stopPrice: '9' }))).toMatchObject({ initialRisk: '100', rMultiple: '1.98' });
    expect(await c.json(patch(c, path, { initialRisk: '66' }))).toMatchObject({
      riskAmount: '66',
      initialRisk: '66',
      rMultiple: '3',
    });
    expect(await c.json(patch(c, path, { initialRisk: null, stopPrice: null }))).toMatchObject({
      rMultiple: null,
      initialRisk: null,
    });
    await t.database.db.update(users).set({ defaultRiskAmount: '99' }).where(eq(users.id, userId));
    expect(await c.json(patch(c, path, { notes: 'recomputed' }))).toMatchObject({ initialRisk: '99', rMultiple: '2' });
    const {
      trades: [next],
    } = await addFills(c, accountId, [
      fill(60, { side: 'sell', quantity: '10', price: '20' }),
      fill(61, { side: 'buy', quantity: '10', price: '20.5' }),
    ]);
    expect(next).toMatchObject({ netPnl: '-5', initialRisk: '99' });
    expect(Number(next!.rMultiple)).toBeCloseTo(-5 / 99, 8);
  });

  it('refuses a rating outside 1–5 and another user’s strategy', async () => {
    const { c, accountId } = await newAccount();
    const other = await signIn();
    const strategy = await other.c.json<{ id: string }>(other.c.post('/api/strategies', { name: 'ORB' }));
    const {
      trades: [trade],
    } = await addFills(c, accountId, [fill(0, { side: 'buy', quantity: '1', price: '1' })]);
    expect((await patch(c, `/api/trades/${trade!.id}`, { rating: 6 })).status).toBe(400);
    expect((await patch(c, `/api/trades/${trade!.id}`, { strategyId: strategy.id })).status).toBe(404);
    expect((await patch(c, `/api/trades/${trade!.id}`, { unknownField: 1 })).status).toBe(400);
  });
});

describe('POST /api/trades (manual entry)', () => {
  it('stores the form as two fills with the stop as journal', async () => {
    const { c, accountId } = await newAccount();
    const res = await c.post('/api/trades', {
      accountId,
      symbol: 'tsla',
      direction: 'short',
      quantity: '10',
      entryPrice: '250',
      entryAt: at(0),
      exitPrice: '240',
      exitAt: at(45),
      fees: '2',
      stopPrice: '255',
      targetPrice: '230',
    });
    expect(res.status).toBe(201);
    const trade = (await res.json()) as TradeDetailJson;
    expect(trade).toMatchObject({
      symbol: 'TSLA',
      direction: 'short',
      status: 'closed',
      grossPnl: '100',
      fees: '2',
      netPnl: '98',
      stopPrice: '255',
      targetPrice: '230',
      initialRisk: '50',
      rMultiple: '1.96',
    });
    expect(trade.executions.map((e) => [e.side, e.role])).toEqual([
      ['sell', 'entry'],
      ['buy', 'exit'],
    ]);
  });

  it('records the same manual trade twice as two trades', async () => {
    const { c, accountId } = await newAccount();
    const form = { accountId, symbol: 'NVDA', direction: 'long', quantity: '1', entryPrice: '100', entryAt: at(0) };
    expect((await c.post('/api/trades', form)).status).toBe(201);
    expect((await c.post('/api/trades', form)).status).toBe(201);
    const [trade] = await listAll(c, `accountId=${accountId}&limit=10`);
    expect(trade).toMatchObject({ status: 'open', quantity: '2', executionCount: 2 });
  });

  it('answers the trade its entry opens when the entry crosses a position already open', async () => {
    const { c, accountId } = await newAccount();
    const long = { executedAt: at(0), symbol: 'NVDA', side: 'buy', quantity: '5', price: '100' };
    expect((await c.post('/api/executions', { accountId, executions: [long] })).status).toBe(200);
    // Selling 10 closes the long 5 and opens a short with the other 5: the form's trade is the short.
    const res = await c.post('/api/trades', {
      accountId,
      symbol: 'NVDA',
      direction: 'short',
      quantity: '10',
      entryPrice: '101',
      entryAt: at(10),
    });
    expect(res.status).toBe(201);
    const trade = (await res.json()) as TradeDetailJson;
    expect(trade).toMatchObject({ direction: 'short', status: 'open', quantity: '5' });
    expect(trade.executions.map((e) => [e.side, e.role, e.quantity])).toEqual([['sell', 'entry', '5']]);
  });

  it('asks for the exit time with the exit price', async () => {
    const { c, accountId } = await newAccount();
    const res = await c.post('/api/trades', {
      accountId,
      symbol: 'NVDA',
      direction: 'long',
      quantity: '1',
      entryPrice: '100',
      entryAt: at(0),
      exitPrice: '101',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { exitAt: expect.any(String) } });
  });
});

describe('DELETE /api/trades/:id and bulk actions', () => {
  it('deletes a trade’s fills and regroups the instrument', async () => {
    const { c, accountId } = await newAccount();
    const { trades: made } = await addFills(c, accountId, [
      fill(0, { side: 'buy', quantity: '10', price: '10' }),
      fill(1, { side: 'sell', quantity: '10', price: '11' }),
      fill(2, { side: 'buy', quantity: '5', price: '10' }),
      fill(3, { side: 'sell', quantity: '5', price: '12' }),
    ]);
    expect(made).toHaveLength(2);
    expect((await c.delete(`/api/trades/${made[0]!.id}`)).status).toBe(200);
    expect((await c.get(`/api/trades/${made[0]!.id}`)).status).toBe(404);
    expect((await listAll(c, `accountId=${accountId}&limit=10`)).map((tr) => tr.id)).toEqual([made[1]!.id]);
    expect((await c.delete(`/api/trades/${made[0]!.id}`)).status).toBe(404);
  });

  it('refuses to delete trades while an import into their account is running, and deletes nothing', async () => {
    const { c, userId, accountId } = await signIn();
    const { trades: made } = await addFills(c, accountId, [
      fill(0, { side: 'buy', quantity: '10', price: '10' }),
      fill(1, { side: 'sell', quantity: '10', price: '11' }),
    ]);
    const [running] = await t.database.db
      .insert(imports)
      .values({ userId, accountId, fileName: 'big.csv', fileSize: 1, fileSha256: 'x', status: 'running' })
      .returning();
    const res = await c.delete(`/api/trades/${made[0]!.id}`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/import into this account is running/);
    expect((await c.get(`/api/trades/${made[0]!.id}`)).status).toBe(200);
    await t.database.db.update(imports).set({ status: 'done' }).where(eq(imports.id, running!.id));
    expect((await c.delete(`/api/trades/${made[0]!.id}`)).status).toBe(200);
  });

  it('numbers fills added while an import is under way after the numbers it reserved', async () => {
    const { c, userId, accountId } = await signIn();
    const [running] = await t.database.db
      .insert(imports)
      .values({
        userId,
        accountId,
        fileName: 'big.csv',
        fileSize: 1,
        fileSha256: 'x',
        status: 'running',
        reservedSequenceThrough: 10_000,
      })
      .returning();
    await addFills(c, accountId, [fill(0, { side: 'buy', quantity: '10', price: '10' })]);
    await t.database.db.update(imports).set({ status: 'done' }).where(eq(imports.id, running!.id));
    await addFills(c, accountId, [fill(0, { side: 'buy', quantity: '5', price: '10' })]);
    const stored = await t.database.db
      .select({ quantity: executions.quantity, sequence: executions.sequence })
      .from(executions)
      .where(eq(executions.accountId, accountId))
      .orderBy(asc(executions.sequence));
    // The second, added once the import was done, comes after the first, not after the reservation.
    expect(stored.map((row) => [D(row.quantity).toString(), row.sequence])).toEqual([
      ['10', 10_001],
      ['5', 10_002],
    ]);
  });

  it('deleting one side of a flip rebuilds the other without the crossing fill', async () => {
    const { c, accountId } = await newAccount();
    const { trades: made } = await addFills(c, accountId, [
      fill(0, { side: 'buy', quantity: '100', price: '10' }),
      fill(1, { side: 'sell', quantity: '150', price: '11' }),
      fill(2, { side: 'buy', quantity: '50', price: '10.5' }),
      fill(3, { side: 'buy', quantity: '10', price: '10' }),
    ]);
    expect(made.map((tr) => tr.direction)).toEqual(['long', 'short', 'long']);
    expect((await c.delete(`/api/trades/${made[1]!.id}`)).status).toBe(200);
    const left = await listAll(c, `accountId=${accountId}&limit=10&sort=openedAt&order=asc`);
    expect(left.map((tr) => [tr.direction, tr.status, tr.quantity])).toEqual([['long', 'open', '110']]);
    expect(left[0]!.id).toBe(made[0]!.id);
  });

  it('tags, untags, sets the strategy of and deletes many trades at once', async () => {
    const { c, accountId } = await newAccount();
    const { trades: made } = await addFills(
      c,
      accountId,
      [0, 1, 2].flatMap((i) => [
        fill(i * 10, { symbol: ['AAPL', 'MSFT', 'AMD'][i], side: 'buy', quantity: '1', price: '10' }),
        fill(i * 10 + 1, { symbol: ['AAPL', 'MSFT', 'AMD'][i], side: 'sell', quantity: '1', price: '11' }),
      ]),
    );
    const ids = made.map((tr) => tr.id);
    const a = await c.json<{ id: string }>(c.post('/api/tags', { name: 'A' }));
    const b = await c.json<{ id: string }>(c.post('/api/tags', { name: 'B' }));
    const orb = await c.json<{ id: string }>(c.post('/api/strategies', { name: 'ORB' }));
    const bulk = (body: object) => c.json<{ count: number }>(c.post('/api/trades/bulk', body));
    expect(await bulk({ action: 'addTags', ids, tagIds: [a.id, b.id] })).toEqual({ count: 3 });
    expect(await bulk({ action: 'removeTags', ids: ids.slice(0, 1), tagIds: [b.id] })).toEqual({ count: 1 });
    expect(await bulk({ action: 'setStrategy', ids: ids.slice(1), strategyId: orb.id })).toEqual({ count: 2 });
    const tagged = await listAll(c, `limit=10&tagId=${b.id}`);
    expect(tagged.map((tr) => tr.id).sort()).toEqual(ids.slice(1).sort());
    const withStrategy = await listAll(c, `limit=10&strategyId=${orb.id}`);
    expect(withStrategy.map((tr) => tr.tags.map((tag) => tag.name))).toEqual([
      ['A', 'B'],
      ['A', 'B'],
    ]);
    expect(await bulk({ action: 'delete', ids: ids.slice(0, 2) })).toMatchObject({
      count: 2,
      undoToken: expect.any(String),
    });
    expect((await listAll(c, `accountId=${accountId}&limit=10`)).map((tr) => tr.id)).toEqual([ids[2]]);
  });
});

/** The account's trades as a full regroup from scratch would make them, from the stored fills. */
async function expectedTrades(accountId: string) {
  const rows = await t.database.db
    .select()
    .from(executions)
    .where(and(eq(executions.accountId, accountId), isNull(executions.deletedAt)));
  const fills: Execution[] = rows.map(toExecution);
  return groupTrades(fills)
    .map((trade) => ({
      openingExecutionId: trade.openingExecutionId,
      direction: trade.direction,
      status: trade.status,
      closedAt: trade.closedAt,
      quantity: toQuantityText(trade.quantity),
      grossPnl: toMoneyText(trade.grossPnl),
      commission: toMoneyText(trade.commission),
      parts: trade.executions
        .map(
          (part) =>
            `${part.executionId}:${part.role}:${D(toQuantityText(part.quantity)).toString()}:${D(toMoneyText(part.commission)).toString()}:${part.split}`,
        )
        .sort(),
    }))
    .sort((a, b) => (a.openingExecutionId < b.openingExecutionId ? -1 : 1));
}

/** The account's trades as stored after incremental regrouping. */
async function storedTrades(accountId: string) {
  const rows = await t.database.db.select().from(trades).where(eq(trades.accountId, accountId)).orderBy(asc(trades.id));
  const parts = await t.database.db
    .select({
      tradeId: tradeParts.tradeId,
      executionId: tradeParts.executionId,
      role: tradeParts.role,
      quantity: tradeParts.quantity,
      commission: tradeParts.commission,
      split: tradeParts.split,
    })
    .from(tradeParts)
    .innerJoin(trades, eq(trades.id, tradeParts.tradeId))
    .where(eq(trades.accountId, accountId));
  return rows
    .map((row) => ({
      openingExecutionId: row.openingExecutionId,
      direction: row.direction,
      status: row.status,
      closedAt: row.closedAt?.toISOString() ?? null,
      quantity: D(row.quantity).toString(),
      grossPnl: D(row.grossPnl).toString(),
      commission: D(row.commission).toString(),
      parts: parts
        .filter((part) => part.tradeId === row.id)
        .map(
          (part) =>
            `${part.executionId}:${part.role}:${D(part.quantity).toString()}:${D(part.commission).toString()}:${part.split}`,
        )
        .sort(),
    }))
    .sort((a, b) => (a.openingExecutionId < b.openingExecutionId ? -1 : 1));
}

// Few minutes and small sizes: equal timestamps, flips and flat points are frequent.
const fillArb = fc.record({
  minute: fc.integer({ min: 0, max: 20 }),
  symbol: fc.constantFrom('AAPL', 'MSFT'),
  side: fc.constantFrom('buy' as const, 'sell' as const),
  quantity: fc.integer({ min: 1, max: 4 }),
  price: fc.integer({ min: 100, max: 110 }),
  commission: fc.constantFrom('0', '1', '0.35'),
});
type FillCase = typeof fillArb extends fc.Arbitrary<infer T> ? T : never;
const scenarioArb = fc.record({
  batches: fc.array(fc.array(fillArb, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
  deletions: fc.array(fc.nat(), { maxLength: 2 }),
});

const toInput = (f: FillCase): ExecutionInput => ({
  executedAt: new Date(Date.UTC(2025, 4, 5, 14, 0) + f.minute * 60_000).toISOString(),
  symbol: f.symbol,
  side: f.side,
  quantity: String(f.quantity),
  price: String(f.price / 10),
  commission: f.commission,
});

describe('incremental regrouping', () => {
  // Sized by its runs: each run rebuilds over the database, so a busy machine takes minutes.
  it(
    'always equals a full regroup of the stored fills, after any adds and deletes',
    { timeout: PROPERTY_OVER_DATABASE_MS },
    async () => {
      await fc.assert(
        fc.asyncProperty(scenarioArb, async ({ batches, deletions }) => {
          const account = await shared.json<AccountJson>(shared.post('/api/accounts', { name: 'Property' }));
          for (const batch of batches) {
            const res = await shared.post('/api/executions', { accountId: account.id, executions: batch.map(toInput) });
            expect(res.status).toBe(200);
            expect(await storedTrades(account.id)).toEqual(await expectedTrades(account.id));
          }
          for (const pick of deletions) {
            const { trades: list } = await shared.json<TradeListJson>(
              shared.get(`/api/trades?accountId=${account.id}&limit=500`),
            );
            if (list.length === 0) break;
            expect((await shared.delete(`/api/trades/${list[pick % list.length]!.id}`)).status).toBe(200);
            expect(await storedTrades(account.id)).toEqual(await expectedTrades(account.id));
          }
        }),
        { numRuns: 25, seed: 20250505 },
      );
    },
  );
});
