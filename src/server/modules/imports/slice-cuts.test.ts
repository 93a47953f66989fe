import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RegroupCut } from '../trades/regroup';
import { FILLS_PER_REGROUP, sliceCuts } from './import-runner';

const cut = (instrumentKey: string, minute: number): RegroupCut => ({
  accountId: 'a',
  instrumentKey,
  changedAt: new Date(Date.UTC(2025, 0, 2, 15, minute)),
});

describe('sliceCuts (a large import regrouped a few instruments per transaction)', () => {
  it('keeps each instrument whole and every cut exactly once, in slices of about the fill budget', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom('AAPL', 'MSFT', 'SPY', 'ES', 'NVDA', 'TSLA'), fc.integer({ min: 0, max: 59 })),
          {
            maxLength: 60,
          },
        ),
        fc.dictionary(
          fc.constantFrom('AAPL', 'MSFT', 'SPY', 'ES', 'NVDA', 'TSLA'),
          fc.integer({ min: 0, max: 25_000 }),
        ),
        (specs, fills) => {
          const cuts = specs.map(([key, minute]) => cut(key, minute));
          const fillsByInstrument = new Map(Object.entries(fills));
          const slices = sliceCuts(cuts, fillsByInstrument);
          expect(slices.flat()).toHaveLength(cuts.length);
          expect(new Set(slices.flat())).toEqual(new Set(cuts));
          const sliceOf = new Map<string, number>();
          slices.forEach((slice, index) => {
            expect(slice.length).toBeGreaterThan(0);
            for (const c of slice) {
              expect(sliceOf.get(c.instrumentKey) ?? index).toBe(index);
              sliceOf.set(c.instrumentKey, index);
            }
            const keys = new Set(slice.map((c) => c.instrumentKey));
            const total = [...keys].reduce((sum, key) => sum + (fillsByInstrument.get(key) ?? 0), 0);
            // Over budget only when one instrument alone is.
            if (keys.size > 1) expect(total).toBeLessThanOrEqual(FILLS_PER_REGROUP);
          });
        },
      ),
    );
  });
});
