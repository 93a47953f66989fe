import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExecutionInput } from '../../../contracts/trades';
import { prepareExecutions } from './execution-input';

// Few distinct values, so that identical fills (twins) are common.
const fill = fc.record({
  executedAt: fc.constantFrom('2025-03-03T15:00:00.000Z', '2025-03-03T15:00:01.000Z'),
  symbol: fc.constantFrom('AAPL', 'MSFT'),
  side: fc.constantFrom('buy' as const, 'sell' as const),
  quantity: fc.constantFrom('1', '2'),
  price: fc.constantFrom('10.00', '10.5'),
  brokerExecId: fc.option(fc.constantFrom('A', 'B'), { nil: undefined }),
});

describe('prepareExecutions: where a fingerprint comes from', () => {
  it('marks content fingerprints, unique and naming the instrument across batches that share occurrences', () => {
    fc.assert(
      fc.property(fc.array(fill, { maxLength: 40 }), fc.integer({ min: 1, max: 7 }), (fills, batchSize) => {
        const occurrences = new Map<string, number>();
        const prepared = [];
        for (let start = 0; start < fills.length; start += batchSize) {
          const batch = fills.slice(start, start + batchSize) as ExecutionInput[];
          prepared.push(...prepareExecutions(batch, { accountCurrency: 'USD', occurrences }));
        }
        const fromContent = prepared.filter((item) => item.fingerprintFromContent);
        // Every fill without a broker id gets one, and no two the same, however the batches fall.
        expect(fromContent).toHaveLength(fills.filter((f) => f.brokerExecId === undefined).length);
        expect(new Set(fromContent.map((item) => item.fingerprint)).size).toBe(fromContent.length);
        for (const item of prepared) {
          expect(item.fingerprintFromContent).toBe(item.brokerExecId === null);
          if (!item.fingerprintFromContent) expect(item.fingerprint).toBe(`id:${item.brokerExecId}`);
        }
      }),
    );
  });

  it('does not mark a fingerprint the caller supplies (one an Edgebook CSV carries)', () => {
    const [item] = prepareExecutions(
      [{ executedAt: '2025-03-03T15:00:00Z', symbol: 'AAPL', side: 'buy', quantity: '1', price: '10' }],
      { accountCurrency: 'USD', fingerprintOf: () => 'v1:carried' },
    );
    expect(item).toMatchObject({ fingerprint: 'v1:carried', fingerprintFromContent: false });
  });
});
