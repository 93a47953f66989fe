import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountJson, ExecutionInput, TradeJson, TradeListJson } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { expectedEngine } from '../../../../test/helpers/test-database';
import { executions, imports, trades } from '../../db/schema';
import { getAccountForUpdate } from '../accounts';
import { createUser, getAnalyticsVersion } from '../users';
import {
  insertExecutions,
  prepareExecutions,
  type RegroupCut,
  regroupInstruments,
  toCuts,
  toExecutionInsertRows,
} from '../trades';
import { createBatchGrouper, type BatchGrouper, type GroupedBatch } from './batch-grouping';
import { createBatchWriter, type BatchWriter } from './batch-writer';
import { insertImport, listAccountInstrumentKeys, setImportProgress } from './imports.queries';

/**
 * A large import groups its fills in its worker, assuming nothing else writes the account's
 * trades meanwhile and every fill it sends goes in; each batch's transaction checks both before
 * anything is written (batch-writer.ts). These are the cases no HTTP test can time: another write
 * between two batches (the trader adds a fill in another tab), another import into the account,
 * a fill the account already had, a fill out of order. Whatever happens, the trades end up exactly
 * what the same fills give entered by hand.
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

const newAccount = async (name: string) => (await client.json<AccountJson>(client.post('/api/accounts', { name }))).id;

async function tradesOf(accountId: string): Promise<Omit<TradeJson, 'id' | 'accountId'>[]> {
  const page = await client.json<TradeListJson>(
    client.get(`/api/trades?accountId=${accountId}&limit=500&sort=openedAt&order=asc`),
  );
  return page.trades.map(({ id: _id, accountId: _account, ...figures }) => figures);
}

/** The trades the same fills give entered by hand, in a fresh account. */
async function tradesEnteredByHand(fills: ExecutionInput[]) {
  const entered = await newAccount(`Entered ${randomUUID()}`);
  expect((await client.post('/api/executions', { accountId: entered, executions: fills })).status).toBe(200);
  return tradesOf(entered);
}

/** One import as the runner drives it: its worker's grouper and its writer, wired together. */
type Import = {
  accountId: string;
  importId: string;
  grouper: BatchGrouper;
  writer: BatchWriter;
  /** Cuts of the fills inserted checked of instruments not streamed (the runner's). */
  cuts: RegroupCut[];
};

/** Starts an import as the runner does: what the grouping takes for granted is read first. */
async function startImport(accountId: string, options: { importId?: string } = {}): Promise<Import> {
  const importId = options.importId ?? randomUUID();
  const grouper = createBatchGrouper({
    userId,
    accountId,
    importId,
    defaultRiskAmount: null,
    accountCurrency: 'USD',
    now: Date.now(),
    isStreaming: true,
    knownInstruments: await listAccountInstrumentKeys(t.database.db, accountId),
  });
  const writer = createBatchWriter({
    userId,
    accountId,
    importId,
    version: await getAnalyticsVersion(t.database.db, userId),
    onDemote: (keys) => grouper.demote(keys),
    onStopStreaming: () => grouper.stopStreaming(),
  });
  return { accountId, importId, grouper, writer, cuts: [] };
}

/** A batch's fills as the worker prepares and groups them. */
function group(imp: Import, fills: ExecutionInput[], firstSequence: number): GroupedBatch {
  const items = prepareExecutions(fills, { accountCurrency: 'USD' });
  return imp.grouper.group(toExecutionInsertRows({ items, firstSequence }));
}

/** One grouped batch's transaction, as the runner writes it. */
async function write(imp: Import, batch: GroupedBatch, endBatch?: Parameters<BatchWriter['writeBatch']>[2]) {
  const written = await t.database.db.transaction((tx) => imp.writer.writeBatch(tx, batch, endBatch));
  const checked = written.insertedChecked.filter((f) => !imp.writer.isStreamed(f.instrumentKey));
  imp.cuts.push(...toCuts(checked.map((f) => ({ ...f, accountId: imp.accountId }))));
  return written;
}

/** The end of the import: the open stretches' trades, then what could not be streamed rebuilt. */
async function finish(imp: Import) {
  await t.database.db.transaction(async (tx) => {
    await imp.writer.finish(tx, imp.grouper.finish());
    await getAccountForUpdate(tx, { userId, id: imp.accountId });
    await regroupInstruments(tx, {
      cuts: [...imp.cuts, ...imp.writer.demotedCuts()],
      defaultRiskAmount: null,
      now: new Date(),
    });
  });
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

const fillCountOf = (accountId: string) => t.database.db.$count(executions, eq(executions.accountId, accountId));

describe('a large import grouped in its worker, written batch by batch', () => {
  it('keeps grouping as it comes when nothing else wrote, and gives the trades entered by hand', async () => {
    const imp = await startImport(await newAccount('Quiet'));
    const batches = [
      [fill(0, 'buy', '10', '400'), fill(5, 'sell', '10', '401'), fill(8, 'buy', '2', '401')],
      [fill(10, 'buy', '4', '402'), fill(15, 'sell', '6', '403')],
      [fill(20, 'sell', '2', '404'), fill(25, 'buy', '1', '403')],
    ];
    for (const [index, fills] of batches.entries()) await write(imp, group(imp, fills, 1 + 3 * index));
    await finish(imp);
    expect(imp.writer.demotedKeys()).toEqual([]);
    expect(imp.cuts).toEqual([]);
    expect(imp.writer.tradeCount()).toBe(3); // two closed as they came, one still open at the end
    expect(await tradesOf(imp.accountId)).toEqual(await tradesEnteredByHand(batches.flat()));
  });

  it("keeps streaming when each batch ends with the runner's progress statement (it reads the data version)", async () => {
    const accountId = await newAccount('Progress');
    const importId = randomUUID();
    await insertImport(t.database.db, {
      id: importId,
      userId,
      values: { fileName: 'big.csv', fileSize: 1, fileSha256: 'x', accountId, status: 'running' },
    });
    const imp = await startImport(accountId, { importId });
    const batches = [
      [fill(0, 'buy', '10', '400'), fill(5, 'sell', '10', '401')],
      [fill(10, 'buy', '4', '402'), fill(15, 'sell', '4', '403')],
      [fill(20, 'sell', '2', '404'), fill(25, 'buy', '2', '403')],
    ];
    for (const [index, fills] of batches.entries()) {
      await write(imp, group(imp, fills, 1 + 2 * index), {
        endBatch: (db) => setImportProgress(db, { id: importId, userId, progress: (index + 1) / 10 }),
      });
    }
    // A wrong version after a batch would look like another writer and take the instrument out.
    expect(imp.writer.demotedKeys()).toEqual([]);
    expect(imp.writer.tradeCount()).toBe(3);
    const [row] = await t.database.db
      .select({ progress: imports.progress })
      .from(imports)
      .where(eq(imports.id, importId));
    expect(row?.progress).toBeCloseTo(0.3);
  });

  it('rebuilds an instrument from the database when something else wrote between two batches', async () => {
    const imp = await startImport(await newAccount('Imported'));
    const first = [fill(0, 'buy', '10', '400'), fill(5, 'sell', '10', '401'), fill(10, 'buy', '5', '402')];
    const second = [fill(30, 'sell', '5', '404'), fill(35, 'sell', '3', '405'), fill(40, 'buy', '3', '403')];
    // In another tab: a fill the file does not have, between the two batches' times.
    const other = [fill(20, 'buy', '2', '402.50')];

    await write(imp, group(imp, first, 1));
    expect(imp.writer.tradeCount()).toBe(1); // the first round trip closed and was written
    // The worker groups the next batch before the other write, as it runs ahead.
    const grouped = group(imp, second, 4);
    expect(grouped.parts[0]!.tradeCount).toBe(2); // without the other fill: long 5 closed, then short 3
    expect((await client.post('/api/executions', { accountId: imp.accountId, executions: other })).status).toBe(200);
    await write(imp, grouped);
    // The worker was told: what it groups next goes in checked.
    expect(group(imp, [], 7).parts).toEqual([]);
    expect(group(imp, [fill(50, 'buy', '1', '400')], 7).parts[0]!.isStreamed).toBe(false);
    await finish(imp);
    expect(imp.writer.demotedKeys()).toEqual(['stock:QQQ']);
    expect(imp.writer.tradeCount()).toBe(0);
    expect(await tradesOf(imp.accountId)).toEqual(await tradesEnteredByHand([...first, ...other, ...second]));
  });

  it('stops grouping as it comes once another import into the account is under way', async () => {
    const imp = await startImport(await newAccount('Shared'));
    const first = [fill(0, 'buy', '1', '10'), fill(1, 'sell', '1', '11')];
    const second = [fill(2, 'buy', '2', '10'), fill(3, 'sell', '2', '12')];
    await write(imp, group(imp, first, 1));
    expect(imp.writer.tradeCount()).toBe(1);
    const grouped = group(imp, second, 3); // grouped ahead, with its trade
    expect(grouped.parts[0]!.tradeCount).toBe(1);

    // Another import of the account starts and stores the next fills first.
    await storeByAnotherImport({ accountId: imp.accountId, fills: second, firstSequence: 3 });

    // The same fills in this import: skipped as already there (not a failed COPY), and the trade
    // grouped ahead is not written: it would rest on fills that did not go in.
    const written = await write(imp, grouped);
    expect(written.added).toBe(0);
    expect(imp.writer.demotedKeys()).toEqual(['stock:QQQ']);
    expect(imp.writer.tradeCount()).toBe(0);
    expect(imp.writer.demotedCuts()).toEqual([
      { accountId: imp.accountId, instrumentKey: 'stock:QQQ', changedAt: null },
    ]);
    expect(await fillCountOf(imp.accountId)).toBe(4);
    await finish(imp);
    expect(await tradesOf(imp.accountId)).toEqual(await tradesEnteredByHand([...first, ...second]));
  });

  it('groups a broker’s fills as they come when they all go in, and rebuilds when the account had one', async () => {
    const first = [fill(0, 'buy', '1', '10'), fill(1, 'sell', '1', '11')];
    // Fills with the broker's id go in keyed (by COPY, checked only when the account has one): the
    // grouping counts on them all going in.
    const second = [{ ...fill(2, 'buy', '2', '10'), brokerExecId: 'B-2' }, fill(3, 'sell', '2', '12')];
    const third = [fill(4, 'sell', '3', '13'), fill(5, 'buy', '3', '12.50')];
    const all = [...first, ...second, ...third];
    const expected = await tradesEnteredByHand(all);
    expect(expected).toHaveLength(3);

    const quiet = await startImport(await newAccount('Broker ids'));
    await write(quiet, group(quiet, first, 1));
    const grouped = group(quiet, second, 3);
    // The broker's fill, and the fill after it (it could have been the broker's again).
    expect(grouped.parts[0]).toMatchObject({ keyedFillCount: 2, checked: [] });
    expect((await write(quiet, grouped)).added).toBe(2);
    await write(quiet, group(quiet, third, 5));
    await finish(quiet);
    expect(quiet.writer.demotedKeys()).toEqual([]);
    expect(quiet.writer.tradeCount()).toBe(3);
    expect(await tradesOf(quiet.accountId)).toEqual(expected);

    // The same, into an account that already has the broker's fill B-2 (of another instrument,
    // which the import does not know): the batch's COPY is refused and its keyed fills go in
    // checked, the fill is skipped, and QQQ is rebuilt without it.
    const had = await newAccount('Had B-2');
    const elsewhere = { ...fill(2, 'buy', '2', '10'), symbol: 'SPY', brokerExecId: 'B-2' };
    expect((await client.post('/api/executions', { accountId: had, executions: [elsewhere] })).status).toBe(200);
    const imp = await startImport(had);
    await write(imp, group(imp, first, 1));
    const written = await write(imp, group(imp, second, 3));
    expect(written.added).toBe(1);
    expect(imp.writer.demotedKeys()).toEqual(['stock:QQQ']);
    await write(imp, group(imp, third, 5));
    await finish(imp);
    const withoutB2 = [...first, second[1]!, ...third];
    expect(await tradesOf(had).then((list) => list.filter((trade) => trade.symbol === 'QQQ'))).toEqual(
      await tradesEnteredByHand(withoutB2),
    );
  });

  it('skips a fill listed again without the key it came with, in one batch or the next, instead of failing', async () => {
    // An Edgebook CSV's row carries its fill's key; the same fill listed again without it (a row
    // copied by hand) gets the same key from its content.
    const bought = fill(0, 'buy', '1', '10');
    const sold = fill(1, 'sell', '1', '11');
    const [copy] = prepareExecutions([bought], { accountCurrency: 'USD' });
    const [carried] = prepareExecutions([bought], {
      accountCurrency: 'USD',
      fingerprintOf: () => `fp:${copy!.fingerprint}`,
    });
    expect(carried!.fingerprint).toBe(copy!.fingerprint);
    expect(carried!.fingerprintFromContent).toBe(false);
    const [sale] = prepareExecutions([sold], { accountCurrency: 'USD' });
    const rowsOf = (items: (typeof copy)[], firstSequence: number) =>
      toExecutionInsertRows({ items: items as NonNullable<typeof copy>[], firstSequence });
    const expected = await tradesEnteredByHand([bought, sold]);

    const together = await startImport(await newAccount('Listed again'));
    const written = await write(together, together.grouper.group(rowsOf([carried, copy, sale], 1)));
    expect(written.added).toBe(2);
    await finish(together);
    expect(await tradesOf(together.accountId)).toEqual(expected);

    // The copy first: it goes in as new, and the fill with its key is the one skipped.
    const copyFirst = await startImport(await newAccount('Listed again, copy first'));
    expect((await write(copyFirst, copyFirst.grouper.group(rowsOf([copy, carried, sale], 1)))).added).toBe(2);
    await finish(copyFirst);
    expect(await tradesOf(copyFirst.accountId)).toEqual(expected);

    const apart = await startImport(await newAccount('Listed again, later'));
    await write(apart, apart.grouper.group(rowsOf([copy], 1)));
    expect((await write(apart, apart.grouper.group(rowsOf([carried, sale], 2)))).added).toBe(1);
    await finish(apart);
    expect(await fillCountOf(apart.accountId)).toBe(2);
    expect(await tradesOf(apart.accountId)).toEqual(expected);
  });

  it('counts as there before the trades another writer gave an instrument while the import ran', async () => {
    const imp = await startImport(await newAccount('Counted'));
    const grouped = group(imp, [fill(10, 'buy', '1', '10'), fill(11, 'sell', '1', '11')], 2);
    // Before the import's first batch of QQQ, a QQQ fill entered in another tab makes a trade.
    expect(
      (await client.post('/api/executions', { accountId: imp.accountId, executions: [fill(0, 'buy', '1', '9')] }))
        .status,
    ).toBe(200);
    const [before] = await t.database.db
      .select({ id: trades.id })
      .from(trades)
      .where(eq(trades.accountId, imp.accountId));
    await write(imp, grouped);
    expect(imp.writer.demotedKeys()).toEqual(['stock:QQQ']);
    expect([...imp.writer.existingTradeIds()]).toEqual([before!.id]);
  });

  it('takes out an instrument a fill of a batch takes out of order, trades and all', async () => {
    const imp = await startImport(await newAccount('Sliced'));
    // 200 round trips, then a fill dated before all of them.
    const fills: ExecutionInput[] = [];
    for (let trip = 0; trip < 200; trip += 1)
      fills.push(fill(2 * trip, 'buy', '1', '100'), fill(2 * trip + 1, 'sell', '1', String(100 + (trip % 7))));
    fills.push(fill(-5, 'buy', '3', '99'));
    const grouped = group(imp, fills, 1);
    // Nothing of the instrument is sent as new, and no trade: none may rest on a fill that goes in checked.
    expect(grouped.demoted).toEqual(['stock:QQQ']);
    expect(grouped.parts).toEqual([
      expect.objectContaining({ isStreamed: false, newFillCount: 0, tradeCount: 0, fillCount: 401 }),
    ]);
    expect(grouped.parts[0]!.checked).toHaveLength(401);
    await write(imp, grouped);
    await finish(imp);
    expect(imp.writer.demotedKeys()).toEqual(['stock:QQQ']);
    expect(await tradesOf(imp.accountId)).toEqual(await tradesEnteredByHand(fills));
  });

  it('does not stream an instrument the account already had, and rebuilds it from the new fills on', async () => {
    const accountId = await newAccount('Had QQQ');
    const before = [fill(0, 'buy', '1', '10'), fill(1, 'sell', '1', '11')];
    expect((await client.post('/api/executions', { accountId, executions: before })).status).toBe(200);
    const imp = await startImport(accountId);
    const later = [fill(2, 'buy', '2', '10'), fill(3, 'sell', '2', '12')];
    const grouped = group(imp, later, 3);
    expect(grouped.parts[0]).toMatchObject({ isStreamed: false, wasInAccount: true, tradeCount: 0 });
    await write(imp, grouped);
    await finish(imp);
    expect(imp.cuts).toHaveLength(1);
    expect(await tradesOf(accountId)).toEqual(await tradesEnteredByHand([...before, ...later]));
  });

  it.runIf(expectedEngine() === 'postgres')(
    "takes the account's row lock: a batch waits for another transaction updating the account",
    async () => {
      const imp = await startImport(await newAccount('Locked'));
      const grouped = group(imp, [fill(0, 'buy', '1', '10')], 1);
      const events: string[] = [];
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = t.database.db.transaction(async (tx) => {
        // The lock an update of the account's name takes: it blocks a writer holding the account.
        await tx.execute(sql`select id from accounts where id = ${imp.accountId} for no key update`);
        locked();
        await new Promise((resolve) => setTimeout(resolve, 300));
        events.push('holder done');
      });
      await isLocked;
      await write(imp, grouped);
      events.push('batch written');
      await holder;
      expect(events).toEqual(['holder done', 'batch written']);
    },
  );

  it.runIf(expectedEngine() === 'postgres')(
    'sees the write it waited for: trades written while a batch waited for the account take its instruments out',
    async () => {
      const imp = await startImport(await newAccount('Raced'));
      await write(imp, group(imp, [fill(0, 'buy', '10', '400'), fill(5, 'sell', '10', '401')], 1));
      expect(imp.writer.demotedKeys()).toEqual([]);
      const grouped = group(imp, [fill(10, 'buy', '5', '402'), fill(15, 'sell', '5', '403')], 3);
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // Another writer of the account's trades (what a fill entered in another tab does, in short).
      const writer = t.database.db.transaction(async (tx) => {
        await getAccountForUpdate(tx, { userId, id: imp.accountId });
        locked();
        await tx.execute(sql`update users set analytics_version = analytics_version + 1 where id = ${userId}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      await isLocked;
      await write(imp, grouped); // waits for the writer
      await writer;
      expect(imp.writer.demotedKeys()).toEqual(['stock:QQQ']);
    },
  );
});
