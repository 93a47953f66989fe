import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toFingerprintKey } from '../trades';
import type { NormalisedRow } from './import-engine';
import { createBatchPreparer } from './prepare-fills';

const EXECUTED_AT = '2025-03-03T14:31:05.000Z';
const fill = (row: number, order: number, overrides: Record<string, string> = {}): NormalisedRow => ({
  kind: 'execution',
  row,
  order,
  execution: {
    executedAt: EXECUTED_AT,
    symbol: 'AAPL',
    side: 'buy',
    quantity: '100',
    price: '230.10',
    commission: '1.00',
    ...overrides,
  },
});

describe('createBatchPreparer', () => {
  it('numbers each fill by twice its place in replay order, after the account’s last fill (the odd numbers are for position events between)', () => {
    const prepare = createBatchPreparer({ accountCurrency: 'USD', firstSequence: 1000 });
    const batch = prepare([fill(2, 5), fill(3, 4, { price: '231' })]);
    expect(batch.fills.map((f) => [f.sourceRow, f.sequence, f.item.price])).toEqual([
      [2, 1010, '230.1'],
      [3, 1008, '231'],
    ]);
    expect(new Set(batch.fills.map((f) => f.id)).size).toBe(2);
    expect(batch.rowCount).toBe(2);
  });

  it('keeps two identical fills two, however the batches fall, and fingerprints them as a new import would', () => {
    const prepare = createBatchPreparer({ accountCurrency: 'USD', firstSequence: 1 });
    const first = prepare([fill(2, 0)]).fills[0]!.fingerprint;
    const second = prepare([fill(3, 1)]).fills[0]!.fingerprint;
    expect(second).not.toBe(first);
    // The same file again: the same fingerprints, so nothing is added twice.
    const again = createBatchPreparer({ accountCurrency: 'USD', firstSequence: 99 });
    expect([again([fill(2, 0)]).fills[0]!.fingerprint, again([fill(3, 1)]).fills[0]!.fingerprint]).toEqual([
      first,
      second,
    ]);
  });

  it('reports a fill the columns cannot hold as its row’s error, and passes other rows on', () => {
    const prepare = createBatchPreparer({ accountCurrency: 'USD', firstSequence: 1 });
    const batch = prepare([
      fill(2, 0),
      fill(3, 1, { quantity: '10000000000000000000' }),
      { kind: 'skipped', row: 4, reason: 'dividend' },
      { kind: 'problem', row: 5, message: 'no price' },
    ]);
    expect(batch.fills.map((f) => f.sourceRow)).toEqual([2]);
    expect(batch.errors).toEqual([{ row: 3, message: 'quantity: Too large' }]);
    expect(batch.others.map((row) => row.row)).toEqual([4, 5]);
    expect(batch.rowCount).toBe(4);
  });

  it('hands on the journals an Edgebook CSV carries, by fingerprint key', () => {
    const prepare = createBatchPreparer({ accountCurrency: 'USD', firstSequence: 1 });
    const journal = { notes: 'Waited for the open' } as never; // only carried, not read, here
    const batch = prepare([{ ...fill(2, 0), fingerprint: 'edgebook:abc', journal } as NormalisedRow, fill(3, 1)]);
    expect(batch.journals).toEqual([[toFingerprintKey('edgebook:abc', EXECUTED_AT), journal]]);
    expect(batch.fills[0]!.fingerprint).toBe(toFingerprintKey('edgebook:abc', EXECUTED_AT));
  });

  it("hands on a journal by its fill's key as stored, for a key written before migration 0016", () => {
    // 0013's key of this fill's content (the first half of its SHA-256), as an older CSV carries it.
    const hex = createHash('sha256').update(`v1|${EXECUTED_AT}|stock:AAPL|buy|100|230.1|1`).digest('hex');
    const legacy = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
    const journal = { notes: 'Waited for the open' } as never;
    const prepare = createBatchPreparer({ accountCurrency: 'USD', firstSequence: 1 });
    const batch = prepare([{ ...fill(2, 0), fingerprint: `fp:${legacy}`, journal } as NormalisedRow]);
    const key = batch.fills[0]!.fingerprint;
    expect(key).not.toBe(legacy);
    expect(key.replace('-', '').slice(0, 12)).toBe(Date.parse(EXECUTED_AT).toString(16).padStart(12, '0'));
    expect(batch.journals).toEqual([[key, journal]]);
  });
});
