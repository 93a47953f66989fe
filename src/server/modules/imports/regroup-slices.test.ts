import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RegroupCut } from '../trades';
import { groupCutsByInstrument, MIN_SHARE_FILLS, settleStep, takeSlice, type PendingRegroup } from './import-runner';

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
        fc.integer({ min: 1, max: 30_000 }),
        // Instruments a step left over, put back in front (each for a step of its own).
        fc.array(fc.constantFrom('QQQ', 'IWM'), { maxLength: 3 }),
        (specs, fills, budget, leftOver) => {
          const cuts = specs.map(([key, minute]) => cut(key, minute));
          const begun = leftOver.map((key) => cut(key, 0));
          const fillsByInstrument = new Map(Object.entries(fills));
          const pending: PendingRegroup[] = [
            ...begun.map((c) => ({ cuts: [c], newFills: 0, done: 0, isBegun: true })),
            ...groupCutsByInstrument(cuts, fillsByInstrument),
          ];
          const slices: RegroupCut[][] = [];
          while (pending.length > 0) {
            const slice = takeSlice(pending, budget);
            expect(slice.length).toBeGreaterThan(0);
            const total = slice.reduce((sum, item) => sum + item.newFills, 0);
            // Over budget only when one instrument alone is (or was begun); never so many that a share is tiny.
            if (slice.length > 1) {
              expect(slice.some((item) => item.isBegun)).toBe(false);
              expect(total).toBeLessThanOrEqual(budget);
              expect(budget / slice.length).toBeGreaterThanOrEqual(MIN_SHARE_FILLS);
            }
            slices.push(slice.flatMap((item) => item.cuts));
          }
          // The instruments begun come first, each alone.
          expect(slices.slice(0, begun.length)).toEqual(begun.map((c) => [c]));
          const rest = slices.slice(begun.length);
          expect(rest.flat()).toHaveLength(cuts.length);
          expect(new Set(rest.flat())).toEqual(new Set(cuts));
          const sliceOf = new Map<string, number>();
          rest.forEach((slice, index) => {
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

describe('settleStep (the progress of a rebuild in steps)', () => {
  it('counts each new fill done once: never back, never past the total before the last step, all of them at the end', () => {
    fc.assert(
      fc.property(
        // Each instrument: the import's new fills in it, and the account's own fills replayed with them.
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 20_000 })), {
          minLength: 1,
          maxLength: KEYS.length,
        }),
        fc.integer({ min: 50, max: 8_000 }),
        (instruments, budget) => {
          const left = new Map<string, number>(instruments.map(([fresh, old], i) => [KEYS[i]!, fresh + old]));
          const fillsByInstrument = new Map(instruments.map(([fresh], i) => [KEYS[i]!, fresh]));
          const pending = groupCutsByInstrument(
            instruments.map((_, i) => cut(KEYS[i]!, 0)),
            fillsByInstrument,
          );
          const total = instruments.reduce((sum, [fresh]) => sum + fresh, 0);
          let done = 0;
          while (pending.length > 0) {
            const slice = takeSlice(pending, budget);
            // A step replays each instrument's share of the budget; one with more left is cut short.
            const share = Math.floor(budget / slice.length);
            let replayed = 0;
            const rest = slice.flatMap((item) => {
              const key = item.cuts[0]!.instrumentKey;
              const now = Math.min(share, left.get(key)!);
              replayed += now;
              left.set(key, left.get(key)! - now);
              return left.get(key)! > 0 ? [item.cuts[0]!] : [];
            });
            const settled = settleStep(slice, { rest, replayed });
            expect(settled.done).toBeGreaterThanOrEqual(0);
            done += settled.done;
            pending.unshift(...settled.rest);
            expect(done).toBeLessThanOrEqual(total);
            // An instrument not begun still has all its new fills to come.
            const notBegun = pending.filter((item) => !item.isBegun).reduce((sum, item) => sum + item.newFills, 0);
            expect(done).toBeLessThanOrEqual(total - notBegun);
          }
          expect(done).toBe(total);
        },
      ),
    );
  });
});
