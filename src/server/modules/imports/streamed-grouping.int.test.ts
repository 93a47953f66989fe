import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountJson, ExecutionInput, TradeJson, TradeListJson } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { expectedEngine } from '../../../../test/helpers/test-database';
import { executions, imports } from '../../db/schema';
import { getAccountForUpdate } from '../accounts/accounts.queries';
import { prepareExecutions } from '../trades/execution-input';
import { regroupInstruments } from '../trades/regroup';
import { insertExecutions, toExecutionInsertRows } from '../trades/trades.queries';
import { createUser } from '../users/users.service';
import { insertImport, setImportProgress } from './imports.queries';
import { createStreamedGrouping, type BatchPlan, type StreamedGrouping } from './streamed-grouping';

/**
 * The part of a large import no HTTP test can time: another write to the user's trades between
 * two of the import's batches (the trader adds a fill in another tab). What was grouped as it came
 * may rest on fills it did not see, so the instrument is rebuilt from the database, and the
 * result is exactly what the same fills give entered by hand.
 */
const PASSWORD = 'long-enough-password';
let t: TestApp;
let client: TestClient;
let userId: string;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  userId = (
    await createUser(t.database.db, {
      email: 'dana@example.com',
      password: PASSWORD,
      isVerified: true,
      now: new Date(),
    })
  ).id;
  client = new TestClient(t.url(''));
  await client.login('dana@example.com', PASSWORD);
});
afterAll(() => t.close());

const fill = (minute: number, side: 'buy' | 'sell', quantity: string, price: string): ExecutionInput => ({
  executedAt: new Date(Date.UTC(2025, 2, 3, 15, minute)).toISOString(),
  symbol: 'QQQ',
  side,
  quantity,
  price,
  commission: '0.50',
});

async function tradesOf(accountId: string): Promise<Omit<TradeJson, 'id' | 'accountId'>[]> {
  const page = await client.json<TradeListJson>(
    client.get(`/api/trades?accountId=${accountId}&limit=500&sort=openedAt&order=asc`),
  );
  return page.trades.map(({ id: _id, accountId: _account, ...figures }) => figures);
}

const startGrouping = (accountId: string) =>
  createStreamedGrouping({ userId, accountId, importId: randomUUID(), defaultRiskAmount: null, now: new Date() });

/** A batch's fills as the runner numbers them, grouped ahead as far as they can be. */
function planBatch(grouping: StreamedGrouping, params: { fills: ExecutionInput[]; firstSequence: number }) {
  const items = prepareExecutions(params.fills, { accountCurrency: 'USD' });
  return grouping.planBatch(toExecutionInsertRows({ items, firstSequence: params.firstSequence }));
}

/** One planned batch's transaction, as the runner writes it: lock, then writeBatch. */
async function writePlanned(
  grouping: StreamedGrouping,
  plan: BatchPlan,
  params: { accountId: string; settled?: () => void },
) {
  await t.database.db.transaction(async (tx) => {
    await getAccountForUpdate(tx, { userId, id: params.accountId });
    await grouping.writeBatch(tx, plan, { settled: params.settled });
  });
}

/** One import batch planned and written in turn. */
async function writeBatch(
  grouping: StreamedGrouping,
  params: { accountId: string; fills: ExecutionInput[]; firstSequence: number },
) {
  await writePlanned(grouping, await planBatch(grouping, params), params);
}

/**
 * Another import of the account, under way, storing fills. It writes no trade until its end, so
 * the data version does not move; its row says it is running.
 */
async function storeByAnotherImport(params: { accountId: string; fills: ExecutionInput[]; firstSequence: number }) {
  await insertImport(t.database.db, {
    id: randomUUID(),
    userId,
    values: { fileName: 'other.csv', fileSize: 1, fileSha256: 'x', accountId: params.accountId, status: 'running' },
  });
  await t.database.db.transaction(async (tx) => {
    await getAccountForUpdate(tx, { userId, id: params.accountId });
    const items = prepareExecutions(params.fills, { accountCurrency: 'USD' });
    await insertExecutions(tx, { userId, accountId: params.accountId, items, firstSequence: params.firstSequence });
  });
}

describe('a large import grouped as it is stored', () => {
  it.runIf(expectedEngine() === 'postgres')(
    "takes the account's row lock: a batch waits for another transaction updating the account",
    async () => {
      const accountId = (await client.json<AccountJson>(client.post('/api/accounts', { name: 'Locked' }))).id;
      const grouping = startGrouping(accountId);
      const plan = await planBatch(grouping, { fills: [fill(0, 'buy', '1', '10')], firstSequence: 1 });
      const events: string[] = [];
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = t.database.db.transaction(async (tx) => {
        // The lock an update of the account's name takes: it does not block the fills' foreign-key
        // checks, only a writer holding the account (getAccountForUpdate's lock).
        await tx.execute(sql`select id from accounts where id = ${accountId} for no key update`);
        locked();
        await new Promise((resolve) => setTimeout(resolve, 300));
        events.push('holder done');
      });
      await isLocked;
      await t.database.db.transaction(async (tx) => {
        await grouping.writeBatch(tx, plan);
        events.push('batch written');
      });
      await holder;
      expect(events).toEqual(['holder done', 'batch written']);
    },
  );

  it.runIf(expectedEngine() === 'postgres')(
    'sees the write it waited for: trades written while a batch waited for the account demote its instruments',
    async () => {
      const accountId = (await client.json<AccountJson>(client.post('/api/accounts', { name: 'Raced' }))).id;
      const grouping = startGrouping(accountId);
      await writeBatch(grouping, {
        accountId,
        fills: [fill(0, 'buy', '10', '400'), fill(5, 'sell', '10', '401')],
        firstSequence: 1,
      });
      expect(grouping.fallbackKeys()).toEqual([]);
      const plan = await planBatch(grouping, {
        fills: [fill(10, 'buy', '5', '402'), fill(15, 'sell', '5', '403')],
        firstSequence: 3,
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // Another writer of the account's trades (what a fill entered in another tab does, in short).
      const writer = t.database.db.transaction(async (tx) => {
        await getAccountForUpdate(tx, { userId, id: accountId });
        locked();
        await tx.execute(sql`update users set analytics_version = analytics_version + 1 where id = ${userId}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      await isLocked;
      await t.database.db.transaction((tx) => grouping.writeBatch(tx, plan)); // waits for the writer
      await writer;
      expect(grouping.fallbackKeys()).toEqual(['stock:QQQ']);
    },
  );

  it("keeps streaming when each batch ends with the runner's progress statement (it reads the data version)", async () => {
    const accountId = (await client.json<AccountJson>(client.post('/api/accounts', { name: 'Progress' }))).id;
    const importId = randomUUID();
    await insertImport(t.database.db, {
      id: importId,
      userId,
      values: { fileName: 'big.csv', fileSize: 1, fileSha256: 'x', accountId, status: 'running' },
    });
    const grouping = createStreamedGrouping({ userId, accountId, importId, defaultRiskAmount: null, now: new Date() });
    const batches = [
      [fill(0, 'buy', '10', '400'), fill(5, 'sell', '10', '401')],
      [fill(10, 'buy', '4', '402'), fill(15, 'sell', '4', '403')],
      [fill(20, 'sell', '2', '404'), fill(25, 'buy', '2', '403')],
    ];
    for (const [index, fills] of batches.entries()) {
      const plan = await planBatch(grouping, { fills, firstSequence: 1 + 2 * index });
      await t.database.db.transaction(async (tx) => {
        await getAccountForUpdate(tx, { userId, id: accountId });
        await grouping.writeBatch(tx, plan, {
          endBatch: (db) => setImportProgress(db, { id: importId, userId, progress: (index + 1) / 10 }),
        });
      });
    }
    // A wrong version after a batch would look like another writer and demote the instrument.
    expect(grouping.fallbackKeys()).toEqual([]);
    expect(grouping.tradeCount()).toBe(3);
    const [row] = await t.database.db
      .select({ progress: imports.progress })
      .from(imports)
      .where(eq(imports.id, importId));
    expect(row?.progress).toBeCloseTo(0.3);
  });

  it('rebuilds an instrument from the database when something else wrote between two batches', async () => {
    const imported = (await client.json<AccountJson>(client.post('/api/accounts', { name: 'Imported' }))).id;
    const entered = (await client.json<AccountJson>(client.post('/api/accounts', { name: 'Entered' }))).id;
    const first = [fill(0, 'buy', '10', '400'), fill(5, 'sell', '10', '401'), fill(10, 'buy', '5', '402')];
    const second = [fill(30, 'sell', '5', '404'), fill(35, 'sell', '3', '405'), fill(40, 'buy', '3', '403')];
    // In another tab: a fill the file does not have, between the two batches' times.
    const other = [fill(20, 'buy', '2', '402.50')];

    const grouping = startGrouping(imported);
    await writeBatch(grouping, { accountId: imported, fills: first, firstSequence: 1 });
    expect(grouping.tradeCount()).toBe(1); // the first round trip closed and was written
    expect((await client.post('/api/executions', { accountId: imported, executions: other })).status).toBe(200);
    await writeBatch(grouping, { accountId: imported, fills: second, firstSequence: 4 });
    await t.database.db.transaction(async (tx) => {
      await getAccountForUpdate(tx, { userId, id: imported });
      await grouping.finish(tx);
      await regroupInstruments(tx, { cuts: grouping.demotedCuts(), defaultRiskAmount: null, now: new Date() });
    });
    expect(grouping.fallbackKeys()).toEqual(['stock:QQQ']);
    expect(grouping.tradeCount()).toBe(0);

    const all = [...first, ...other, ...second];
    expect((await client.post('/api/executions', { accountId: entered, executions: all })).status).toBe(200);
    const expected = await tradesOf(entered);
    expect(expected).toHaveLength(4); // the last flips short, then long again and stays open
    expect(await tradesOf(imported)).toEqual(expected);
  });

  it('stops grouping as it comes once another import into the account is under way', async () => {
    const imported = (await client.json<AccountJson>(client.post('/api/accounts', { name: 'Shared' }))).id;
    const grouping = startGrouping(imported);
    const first = [fill(0, 'buy', '1', '10'), fill(1, 'sell', '1', '11')];
    const second = [fill(2, 'buy', '2', '10'), fill(3, 'sell', '2', '12')];
    await writeBatch(grouping, { accountId: imported, fills: first, firstSequence: 1 });
    expect(grouping.tradeCount()).toBe(1);

    // Another import of the account starts and stores the next fills first.
    await storeByAnotherImport({ accountId: imported, fills: second, firstSequence: 3 });

    // The same fills in this import: skipped as already there, not a failed insert.
    await writeBatch(grouping, { accountId: imported, fills: second, firstSequence: 3 });
    expect(grouping.fallbackKeys()).toEqual(['stock:QQQ']);
    expect(grouping.tradeCount()).toBe(0);
    expect(grouping.demotedCuts()).toEqual([{ accountId: imported, instrumentKey: 'stock:QQQ', changedAt: null }]);
    const stored = await t.database.db.$count(executions, eq(executions.accountId, imported));
    expect(stored).toBe(4);
  });

  it('inserts checked what it grouped ahead when another import stored those fills before the batch went in', async () => {
    const imported = (await client.json<AccountJson>(client.post('/api/accounts', { name: 'Ahead' }))).id;
    const grouping = startGrouping(imported);
    const first = [fill(0, 'buy', '1', '10'), fill(1, 'sell', '1', '11')];
    const second = [fill(2, 'buy', '2', '10'), fill(3, 'sell', '2', '12')];
    await writeBatch(grouping, { accountId: imported, fills: first, firstSequence: 1 });
    // Grouped while the first batch was written, before its own transaction:
    const plan = await planBatch(grouping, { fills: second, firstSequence: 3 });
    expect(plan.ahead).toHaveLength(2);
    expect(plan.trades.trades).toHaveLength(1);

    // Meanwhile another import of the account starts and stores the same fills first.
    await storeByAnotherImport({ accountId: imported, fills: second, firstSequence: 3 });

    // Skipped as already there (not a failed COPY), and the trade grouped ahead is not written:
    // it would rest on fills that did not go in.
    await writePlanned(grouping, plan, { accountId: imported });
    expect(grouping.fallbackKeys()).toEqual(['stock:QQQ']);
    expect(grouping.tradeCount()).toBe(0);
    expect(await t.database.db.$count(executions, eq(executions.accountId, imported))).toBe(4);
  });

  it("does not group an instrument ahead past a batch still holding that instrument's fills back", async () => {
    const imported = (await client.json<AccountJson>(client.post('/api/accounts', { name: 'Held' }))).id;
    const entered = (await client.json<AccountJson>(client.post('/api/accounts', { name: 'Held, entered' }))).id;
    const first = [fill(0, 'buy', '1', '10'), fill(1, 'sell', '1', '11')];
    // A fill with the broker's id must be checked against the account before it is grouped.
    const second = [{ ...fill(2, 'buy', '2', '10'), brokerExecId: 'B-2' }, fill(3, 'sell', '2', '12')];
    const third = [fill(4, 'sell', '3', '13'), fill(5, 'buy', '3', '12.50')];
    const grouping = startGrouping(imported);
    await writeBatch(grouping, { accountId: imported, fills: first, firstSequence: 1 });

    const secondPlan = await planBatch(grouping, { fills: second, firstSequence: 3 });
    expect(secondPlan.later).toHaveLength(2);
    // The runner plans the next batch as soon as this one's grouping is decided, while it is
    // still being written.
    let thirdPlan: Promise<BatchPlan> | undefined;
    await writePlanned(grouping, secondPlan, {
      accountId: imported,
      settled: () => (thirdPlan = planBatch(grouping, { fills: third, firstSequence: 5 })),
    });
    const plan = await thirdPlan!;
    expect(plan.ahead).toEqual([]); // held back behind the second batch
    await writePlanned(grouping, plan, { accountId: imported });
    await t.database.db.transaction(async (tx) => {
      await getAccountForUpdate(tx, { userId, id: imported });
      await grouping.finish(tx);
    });
    // Still grouped as it came, in order: nothing had to be rebuilt from the database.
    expect(grouping.fallbackKeys()).toEqual([]);
    expect(grouping.tradeCount()).toBe(3);

    const all = [...first, ...second, ...third];
    expect((await client.post('/api/executions', { accountId: entered, executions: all })).status).toBe(200);
    const expected = await tradesOf(entered);
    expect(expected).toHaveLength(3);
    expect(await tradesOf(imported)).toEqual(expected);
  });

  it('drops the trades it grouped ahead for an instrument a later fill of the same batch takes out of order', async () => {
    const imported = (await client.json<AccountJson>(client.post('/api/accounts', { name: 'Sliced' }))).id;
    const entered = (await client.json<AccountJson>(client.post('/api/accounts', { name: 'Sliced, entered' }))).id;
    // 200 round trips (grouped in slices: the first trades close long before the batch's end),
    // then a fill dated before all of them.
    const fills: ExecutionInput[] = [];
    for (let trip = 0; trip < 200; trip += 1)
      fills.push(fill(2 * trip, 'buy', '1', '100'), fill(2 * trip + 1, 'sell', '1', String(100 + (trip % 7))));
    fills.push(fill(-5, 'buy', '3', '99'));
    const grouping = startGrouping(imported);
    const plan = await planBatch(grouping, { fills, firstSequence: 1 });
    // Nothing of the demoted instrument is sent unchecked: no trade may rest on a fill that goes in
    // checked (and would fail its key if it did).
    expect(plan.trades.trades).toEqual([]);
    expect(plan.ahead).toEqual([]);
    expect(plan.later).toHaveLength(401);
    await writePlanned(grouping, plan, { accountId: imported });
    await t.database.db.transaction(async (tx) => {
      await getAccountForUpdate(tx, { userId, id: imported });
      await grouping.finish(tx);
      await regroupInstruments(tx, { cuts: grouping.demotedCuts(), defaultRiskAmount: null, now: new Date() });
    });
    expect(grouping.fallbackKeys()).toEqual(['stock:QQQ']);

    expect((await client.post('/api/executions', { accountId: entered, executions: fills })).status).toBe(200);
    const expected = await tradesOf(entered);
    expect(expected.length).toBeGreaterThan(0);
    expect(await tradesOf(imported)).toEqual(expected);
  });

  it('keeps grouping as it comes when nothing else wrote', async () => {
    const imported = (await client.json<AccountJson>(client.post('/api/accounts', { name: 'Quiet' }))).id;
    const grouping = startGrouping(imported);
    await writeBatch(grouping, { accountId: imported, fills: [fill(0, 'buy', '1', '10')], firstSequence: 1 });
    await writeBatch(grouping, { accountId: imported, fills: [fill(1, 'sell', '1', '11')], firstSequence: 2 });
    expect(grouping.fallbackKeys()).toEqual([]);
    expect(grouping.tradeCount()).toBe(1);
  });
});
