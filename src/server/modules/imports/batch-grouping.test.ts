import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExecutionInput } from '../../../contracts/trades';
import { D, groupTrades, type Execution } from '../../../core/trades';
import { type ExecutionInsertRow, prepareExecutions, toExecutionInsertRows } from '../trades';
import { readCopyRows } from '../../../../test/helpers/copy-rows';
import { toUuidText } from '../../db/uuid-text';
import type { CopyRows } from '../../db/bulk-insert';
import { createBatchGrouper, type BatchGrouperParams, type GroupedBatch } from './batch-grouping';

const PARAMS: BatchGrouperParams = {
  userId: '00000000-0000-4000-8000-000000000001',
  accountId: '00000000-0000-4000-8000-000000000002',
  importId: '00000000-0000-4000-8000-000000000003',
  defaultRiskAmount: null,
  accountCurrency: 'USD',
  now: Date.UTC(2026, 0, 1),
  isStreaming: true,
  knownInstruments: [],
};

/** Fills in time order: a random walk of buys and sells per symbol, so positions cross zero too. */
const fillsArbitrary = fc
  .array(
    fc.record({
      symbol: fc.constantFrom('AAPL', 'MSFT', 'ES'),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      quantity: fc.integer({ min: 1, max: 5 }),
      price: fc.integer({ min: 90, max: 110 }),
      hasBrokerId: fc.boolean(),
    }),
    { minLength: 1, maxLength: 60 },
  )
  .map((rows) =>
    rows.map((row, i): ExecutionInput => ({
      executedAt: new Date(Date.UTC(2025, 5, 2, 14) + i * 60_000).toISOString(),
      symbol: row.symbol === 'ES' ? 'ESM5' : row.symbol,
      side: row.side,
      quantity: String(row.quantity),
      price: String(row.price),
      commission: '0.5',
      ...(row.hasBrokerId ? { brokerExecId: `X${i}` } : {}),
    })),
  );

function toRows(fills: ExecutionInput[]): ExecutionInsertRow[] {
  return toExecutionInsertRows({ items: prepareExecutions(fills, { accountCurrency: 'USD' }), firstSequence: 1 });
}

function toExecution(row: ExecutionInsertRow): Execution {
  const { item } = row;
  return {
    id: row.id,
    accountId: PARAMS.accountId,
    executedAt: item.executedAt,
    symbol: item.symbol,
    instrumentKey: item.instrumentKey,
    side: item.side,
    quantity: D(item.quantity),
    price: D(item.price),
    commission: D(item.commission),
    fees: D(item.fees),
    multiplier: D(item.multiplier),
    currency: item.currency,
    sequence: row.sequence,
  };
}

/** Splits rows into consecutive batches at the given cut points. */
function split<T>(rows: readonly T[], cuts: readonly number[]): T[][] {
  const points = [...new Set(cuts.map((cut) => cut % (rows.length + 1)))].sort((a, b) => a - b);
  const out: T[][] = [];
  let start = 0;
  for (const point of [...points, rows.length]) {
    out.push(rows.slice(start, point));
    start = point;
  }
  return out;
}

const rowCount = (copy: CopyRows) => readCopyRows(copy).length;

/** The ids of the fills in COPY data. */
function idsOf(copy: CopyRows): string[] {
  const column = copy.columnNames.indexOf('id');
  return readCopyRows(copy).map((row) => toUuidText(row[column]!));
}

describe('createBatchGrouper', () => {
  it('groups the trades groupTrades gives for all the fills, however the batches fall', () => {
    fc.assert(
      fc.property(fillsArbitrary, fc.array(fc.nat(), { maxLength: 5 }), (fills, cuts) => {
        const rows = toRows(fills);
        const grouper = createBatchGrouper(PARAMS);
        const batches: GroupedBatch[] = split(rows, cuts).map((batch) => grouper.group(batch));
        const open = grouper.finish();
        const parts = batches.flatMap((batch) => batch.parts);
        const expected = groupTrades(rows.map(toExecution));
        const counted =
          parts.reduce((sum, part) => sum + part.tradeCount, 0) + open.reduce((s, p) => s + p.tradeCount, 0);
        expect(counted).toBe(expected.length);
        // Every trade is one row of COPY data, and every fill goes in exactly once: new, keyed or checked.
        const written = [...parts, ...open].reduce((sum, part) => sum + rowCount(part.trades), 0);
        expect(written).toBe(expected.length);
        expect(parts.reduce((sum, part) => sum + part.fillCount, 0)).toBe(rows.length);
        const sent = parts.reduce(
          (sum, part) => sum + rowCount(part.newFills) + rowCount(part.keyedFills) + part.checked.length,
          0,
        );
        expect(sent).toBe(rows.length);
        // A broker's id is always keyed (it may be in the account); so is a content fingerprint
        // after a fill of its instrument that came with its own key (it could be that fill again).
        const withKeys = new Set<string>();
        const expectedKeyed = new Set<string>();
        for (const row of rows) {
          if (!row.item.fingerprintFromContent) withKeys.add(row.item.instrumentKey);
          if (withKeys.has(row.item.instrumentKey)) expectedKeyed.add(row.id);
        }
        const keyedIds = new Set(parts.flatMap((part) => idsOf(part.keyedFills)));
        expect(keyedIds).toEqual(expectedKeyed);
        for (const part of parts) {
          expect(part.isStreamed).toBe(true);
          expect(part.checked).toEqual([]);
          expect(rowCount(part.newFills)).toBe(part.newFillCount);
          expect(rowCount(part.keyedFills)).toBe(part.keyedFillCount);
        }
        expect(batches.every((batch) => batch.demoted.length === 0)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('sends everything checked and groups nothing of an instrument the account had, or once told', () => {
    const fills = toRows([
      { executedAt: '2025-06-02T14:00:00Z', symbol: 'AAPL', side: 'buy', quantity: '1', price: '10' },
      { executedAt: '2025-06-02T14:01:00Z', symbol: 'AAPL', side: 'sell', quantity: '1', price: '11' },
      { executedAt: '2025-06-02T14:02:00Z', symbol: 'MSFT', side: 'buy', quantity: '1', price: '10' },
      { executedAt: '2025-06-02T14:03:00Z', symbol: 'MSFT', side: 'sell', quantity: '1', price: '12' },
    ]);
    const grouper = createBatchGrouper({ ...PARAMS, knownInstruments: ['stock:AAPL'] });
    const [aapl, msft] = grouper.group(fills.slice(0, 2).concat(fills.slice(2))).parts;
    expect(aapl).toMatchObject({ isStreamed: false, wasInAccount: true, tradeCount: 0, newFillCount: 0 });
    expect(aapl!.checked).toHaveLength(2);
    expect(msft).toMatchObject({ isStreamed: true, wasInAccount: false, tradeCount: 1, newFillCount: 2 });

    grouper.demote(['stock:MSFT']);
    const again = toRows([
      { executedAt: '2025-06-02T14:04:00Z', symbol: 'MSFT', side: 'buy', quantity: '1', price: '10' },
      { executedAt: '2025-06-02T14:05:00Z', symbol: 'MSFT', side: 'sell', quantity: '1', price: '12' },
    ]);
    expect(grouper.group(again).parts[0]).toMatchObject({ isStreamed: false, tradeCount: 0, newFillCount: 0 });
    grouper.stopStreaming();
    const other = toRows([
      { executedAt: '2025-06-02T14:06:00Z', symbol: 'TSLA', side: 'buy', quantity: '1', price: '10' },
    ]);
    expect(grouper.group(other).parts[0]).toMatchObject({ isStreamed: false });
    expect(grouper.finish()).toEqual([]);
  });

  it('streams an instrument the account is flat in from its first fill after the account’s last', () => {
    const fills = toRows([
      { executedAt: '2025-06-02T14:00:00Z', symbol: 'AAPL', side: 'buy', quantity: '1', price: '10' },
      { executedAt: '2025-06-02T14:01:00Z', symbol: 'AAPL', side: 'sell', quantity: '1', price: '11' },
      { executedAt: '2025-06-02T14:02:00Z', symbol: 'AAPL', side: 'buy', quantity: '2', price: '10' },
      { executedAt: '2025-06-02T14:03:00Z', symbol: 'AAPL', side: 'sell', quantity: '2', price: '12' },
      { executedAt: '2025-06-02T14:00:00Z', symbol: 'MSFT', side: 'buy', quantity: '1', price: '10' },
    ]);
    const grouper = createBatchGrouper({
      ...PARAMS,
      knownInstruments: ['stock:AAPL', 'stock:MSFT'],
      // The account's AAPL fills ran from 13:00 to 14:01 and it is flat; it holds an open MSFT trade.
      flatInstruments: [['stock:AAPL', '2025-06-02T13:00:00.000Z', '2025-06-02T14:01:00.000Z']],
    });
    const [aapl, msft] = grouper.group(fills).parts;
    // At or before the account's last fill: behind, not grouped; after it: grouped from flat.
    expect(aapl).toMatchObject({ isStreamed: true, wasInAccount: true, newFillCount: 2, tradeCount: 1 });
    expect(aapl!.behind.map((row) => row.id)).toEqual([fills[0]!.id, fills[1]!.id]);
    expect(msft).toMatchObject({ isStreamed: false, tradeCount: 0, behind: [] });
    expect(msft!.checked).toHaveLength(1);

    // Once grouping began, a fill dated before the account's last one is out of order.
    const early = toRows([
      { executedAt: '2025-06-02T14:00:30Z', symbol: 'AAPL', side: 'buy', quantity: '1', price: '10' },
    ]);
    const again = grouper.group(early);
    expect(again.demoted).toEqual(['stock:AAPL']);
    expect(again.parts[0]).toMatchObject({ isStreamed: false, behind: [], newFillCount: 0 });
  });

  /** An import into an account whose AAPL fills ran from 15:00 to 16:00 and that is flat in AAPL. */
  const createGrouperWithAaplSpan = () =>
    createBatchGrouper({
      ...PARAMS,
      knownInstruments: ['stock:AAPL'],
      flatInstruments: [['stock:AAPL', '2025-06-02T15:00:00.000Z', '2025-06-02T16:00:00.000Z']],
    });

  it('streams an older statement’s fills before the account’s first, when they go back to flat before it', () => {
    const grouper = createGrouperWithAaplSpan();
    const fills = toRows([
      { executedAt: '2025-06-02T14:00:00Z', symbol: 'AAPL', side: 'buy', quantity: '1', price: '10' },
      { executedAt: '2025-06-02T14:01:00Z', symbol: 'AAPL', side: 'sell', quantity: '1', price: '11' },
      { executedAt: '2025-06-02T15:30:00Z', symbol: 'AAPL', side: 'buy', quantity: '5', price: '10' },
      { executedAt: '2025-06-02T16:30:00Z', symbol: 'AAPL', side: 'buy', quantity: '2', price: '10' },
      { executedAt: '2025-06-02T16:31:00Z', symbol: 'AAPL', side: 'sell', quantity: '2', price: '12' },
    ]);
    const [aapl] = grouper.group(fills).parts;
    // Before the account's span and after it: grouped; within it: behind.
    expect(aapl).toMatchObject({
      isStreamed: true,
      newFillCount: 4,
      tradeCount: 2,
      firstStreamedAt: '2025-06-02T14:00:00.000Z',
    });
    expect(aapl!.behind.map((row) => row.id)).toEqual([fills[2]!.id]);
  });

  it('takes an instrument out when an older statement’s position is still open at the account’s first fill', () => {
    const grouper = createGrouperWithAaplSpan();
    const bought = toRows([
      { executedAt: '2025-06-02T14:00:00Z', symbol: 'AAPL', side: 'buy', quantity: '1', price: '10' },
    ]);
    expect(grouper.group(bought).parts[0]).toMatchObject({ isStreamed: true, newFillCount: 1, tradeCount: 0 });
    // Its sale comes after the account's first fill: the trade would take in the account's fills.
    const sold = toRows([
      { executedAt: '2025-06-02T16:30:00Z', symbol: 'AAPL', side: 'sell', quantity: '1', price: '11' },
    ]);
    const batch = grouper.group(sold);
    expect(batch.demoted).toEqual(['stock:AAPL']);
    expect(batch.parts[0]).toMatchObject({ isStreamed: false, newFillCount: 0, firstStreamedAt: null });
    expect(batch.parts[0]!.checked.map((row) => row.id)).toEqual([sold[0]!.id]);
    expect(grouper.finish()).toEqual([]);
  });

  it('says so of an older statement’s position still open at the end, before the account’s first fill', () => {
    const grouper = createGrouperWithAaplSpan();
    grouper.group(
      toRows([
        { executedAt: '2025-06-02T14:00:00Z', symbol: 'AAPL', side: 'buy', quantity: '1', price: '10' },
        { executedAt: '2025-06-02T14:00:00Z', symbol: 'MSFT', side: 'buy', quantity: '1', price: '10' },
      ]),
    );
    expect(grouper.finish()).toMatchObject([
      { instrumentKey: 'stock:AAPL', tradeCount: 1, isBeforeAccount: true },
      { instrumentKey: 'stock:MSFT', tradeCount: 1, isBeforeAccount: false },
    ]);
  });

  it('sends keyed a content fingerprint after a fill of its instrument that came with its own key', () => {
    // An Edgebook CSV's row carries its key; the same fill listed again without it gets the same key.
    const [carried, again] = toRows([
      {
        executedAt: '2025-06-02T14:00:00Z',
        symbol: 'AAPL',
        side: 'buy',
        quantity: '1',
        price: '10',
        brokerExecId: 'A',
      },
      { executedAt: '2025-06-02T14:01:00Z', symbol: 'AAPL', side: 'sell', quantity: '1', price: '11' },
    ]);
    const grouper = createBatchGrouper(PARAMS);
    const [part] = grouper.group([carried!, again!]).parts;
    expect(part).toMatchObject({ isStreamed: true, newFillCount: 0, keyedFillCount: 2, tradeCount: 1, checked: [] });
    expect(idsOf(part!.keyedFills)).toEqual([carried!.id, again!.id]);
    const later = toRows([
      { executedAt: '2025-06-02T14:02:00Z', symbol: 'AAPL', side: 'buy', quantity: '1', price: '10' },
    ]);
    expect(grouper.group(later).parts[0]).toMatchObject({ newFillCount: 0, keyedFillCount: 1 });
  });
});
