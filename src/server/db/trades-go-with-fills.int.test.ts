import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountJson, TradeListJson } from '../../contracts/trades';
import { TestClient } from '../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { expectedEngine } from '../../../test/helpers/test-database';
import { createUser } from '../modules/users';
import { accounts, executions, trades, users } from './schema';

const PASSWORD = 'long-enough-password';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
});
afterAll(() => t.close());

type SignedIn = { userId: string; client: TestClient };

async function signedInUser(email: string): Promise<SignedIn> {
  const user = await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
  const client = new TestClient(t.url(''));
  await client.login(email, PASSWORD);
  return { userId: user.id, client };
}

/** A new account of the user's holding two closed AAPL round trips and one open MSFT trade. */
async function accountWithTrades({ userId, client: c }: SignedIn): Promise<SignedIn & { accountId: string }> {
  const account = await c.json<AccountJson>(c.post('/api/accounts', { name: `Main ${crypto.randomUUID()}` }));
  const fill = (executedAt: string, symbol: string, side: 'buy' | 'sell') => ({
    executedAt,
    symbol,
    side,
    quantity: '10',
    price: '100',
  });
  const res = await c.post('/api/executions', {
    accountId: account.id,
    executions: [
      fill('2025-01-02T15:00:00Z', 'AAPL', 'buy'),
      fill('2025-01-02T15:05:00Z', 'AAPL', 'sell'),
      fill('2025-01-03T15:00:00Z', 'AAPL', 'buy'),
      fill('2025-01-03T15:05:00Z', 'AAPL', 'sell'),
      fill('2025-01-03T16:00:00Z', 'MSFT', 'buy'),
    ],
  });
  expect(res.status).toBe(200);
  return { userId, accountId: account.id, client: c };
}

/** A new user with one such account. */
const userWithTrades = async (email: string) => accountWithTrades(await signedInUser(email));

const fillCountOf = (accountId: string) => t.database.db.$count(executions, eq(executions.accountId, accountId));

const tradesOf = (accountId: string) =>
  t.database.db
    .select({ openingExecutionId: trades.openingExecutionId, symbol: trades.symbol })
    .from(trades)
    .where(eq(trades.accountId, accountId));

describe('a trade goes with the fill that opened it (migration 0012)', () => {
  it('deletes the trades whose opening fill a statement deletes, and no other', async () => {
    const { accountId } = await userWithTrades('fill-goes@example.com');
    const before = await tradesOf(accountId);
    expect(before).toHaveLength(3);
    const [first, ...rest] = before.sort((a, b) => a.openingExecutionId.localeCompare(b.openingExecutionId));
    const fills = await t.database.db
      .select({ id: executions.id })
      .from(executions)
      .where(eq(executions.accountId, accountId));
    const openers = new Set(before.map((trade) => trade.openingExecutionId));
    // Fills that open no trade take none with them.
    const others = fills.map((row) => row.id).filter((id) => !openers.has(id));
    await t.database.db.delete(executions).where(inArray(executions.id, others));
    expect(await tradesOf(accountId)).toHaveLength(3);
    await t.database.db.delete(executions).where(eq(executions.id, first!.openingExecutionId));
    expect(
      (await tradesOf(accountId)).sort((a, b) => a.openingExecutionId.localeCompare(b.openingExecutionId)),
    ).toEqual(rest);
  });

  it('deletes every trade of a user deleted with their accounts and fills', async () => {
    const { userId, accountId } = await userWithTrades('user-goes@example.com');
    const kept = await userWithTrades('user-stays@example.com');
    await t.database.db.delete(users).where(eq(users.id, userId));
    expect(await fillCountOf(accountId)).toBe(0);
    expect(await t.database.db.$count(executions, eq(executions.userId, userId))).toBe(0);
    expect(await tradesOf(accountId)).toEqual([]);
    expect(await t.database.db.$count(trades, eq(trades.userId, userId))).toBe(0);
    expect(await fillCountOf(kept.accountId)).toBe(5);
    expect(await tradesOf(kept.accountId)).toHaveLength(3);
  });
});

describe('a fill goes with its account (migration 0014)', () => {
  it('deletes an account’s fills and their trades with it, and not its user’s other account’s', async () => {
    const first = await userWithTrades('account-goes@example.com');
    const second = await accountWithTrades(first);
    expect(await fillCountOf(first.accountId)).toBe(5);
    const res = await first.client.delete(`/api/accounts/${first.accountId}`);
    expect(res.status).toBe(204);
    expect(await fillCountOf(first.accountId)).toBe(0);
    expect(await tradesOf(first.accountId)).toEqual([]);
    expect(await fillCountOf(second.accountId)).toBe(5);
    expect(await tradesOf(second.accountId)).toHaveLength(3);
    const list = await first.client.json<TradeListJson>(first.client.get('/api/trades'));
    expect(list.trades.map((trade) => trade.accountId)).toEqual(Array(3).fill(second.accountId));
  });

  it('refuses to delete an account under a snapshot held for the whole transaction', async () => {
    // There a fill written meanwhile by the account's lock holder would stay behind.
    const { accountId } = await userWithTrades('account-snapshot@example.com');
    const refused = await t.database.db
      .transaction((tx) => tx.delete(accounts).where(eq(accounts.id, accountId)), {
        isolationLevel: 'repeatable read',
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(refused).toBeInstanceOf(Error);
    expect(String((refused as Error).cause)).toMatch(/READ COMMITTED/); // the database's error, under the ORM's
    expect(await fillCountOf(accountId)).toBe(5);
  });

  it.runIf(expectedEngine() === 'postgres')(
    'takes a fill written by the account’s lock holder with the account deleted meanwhile',
    async () => {
      const { userId, accountId } = await userWithTrades('account-race@example.com');
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const writer = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from accounts where id = ${accountId} for update`);
        await tx.execute(sql`insert into executions (user_id, account_id, executed_at, symbol, instrument_key,
          asset_class, side, quantity, price, fingerprint, sequence)
          values (${userId}, ${accountId}, now(), 'TSLA', 'stock:TSLA', 'stock', 'buy', 1, 1, gen_random_uuid(), 99)`);
        locked();
        await released;
      });
      await isLocked;
      let deleted = false;
      const deletion = t.database.db
        .delete(accounts)
        .where(eq(accounts.id, accountId))
        .then(() => (deleted = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(deleted).toBe(false); // waiting for the writer's lock
      release();
      await writer;
      await deletion;
      expect(await fillCountOf(accountId)).toBe(0);
    },
  );
});
