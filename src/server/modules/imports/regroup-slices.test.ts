import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RegroupCut } from '../trades/regroup';
import { pendingByInstrument, takeSlice } from './import-runner';

const KEYS = ['AAPL', 'MSFT', 'SPY', 'ES', 'NVDA', 'TSLA'] as const;

const cut = (instrumentKey: string, minute: number): RegroupCut => ({
  accountId: 'a',
  instrumentKey,
  changedAt: new Date(Date.UTC(2025, 0, 2, 15, minute)),
});

describe('takeSlice (a large import regrouped a few instruments per transaction)', () => {
  it('keeps each instrument whole and every cut exactly once, in slices of about the fill budget', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.integer({ min: 0, max: 59 })), { maxLength: 60 }),
        fc.dictionary(fc.constantFrom(...KEYS), fc.integer({ min: 0, max: 25_000 })),
        fc.integer({ min: 100, max: 30_000 }),
        (specs, fills, budget) => {
          const cuts = specs.map(([key, minute]) => cut(key, minute));
          const fillsByInstrument = new Map(Object.entries(fills));
          const pending = pendingByInstrument(cuts, fillsByInstrument);
          const slices: RegroupCut[][] = [];
          while (pending.length > 0) {
            const slice = takeSlice(pending, budget);
            expect(slice.length).toBeGreaterThan(0);
            const total = slice.reduce((sum, item) => sum + item.newFills, 0);
            // Over budget only when one instrument alone is.
            if (slice.length > 1) expect(total).toBeLessThanOrEqual(budget);
            slices.push(slice.flatMap((item) => item.cuts));
          }
          expect(slices.flat()).toHaveLength(cuts.length);
          expect(new Set(slices.flat())).toEqual(new Set(cuts));
          const sliceOf = new Map<string, number>();
          slices.forEach((slice, index) => {
            for (const c of slice) {
              expect(sliceOf.get(c.instrumentKey) ?? index).toBe(index);
              sliceOf.set(c.instrumentKey, index);
            }
          });
        },
      ),
    );
  });
});
