import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { downsampleMinMax, selectEquityIndices, toDownsampledEquity } from './downsample';
import { computeEquitySeries } from './equity';
import { createZonedCalendar } from './time-zone';
import type { AnalyticsTrade } from './trade-stats';

describe('downsampleMinMax', () => {
  it('returns short series unchanged', () => {
    expect(downsampleMinMax([1, 2, 3], [[5, null, 7]], 10)).toEqual({ x: [1, 2, 3], ys: [[5, null, 7]] });
  });

  it('cuts 100,000 points to at most four per bucket and keeps both ends', () => {
    const n = 100_000;
    const x = Array.from({ length: n }, (_, i) => i * 1000);
    const y = x.map((_, i) => Math.sin(i / 50) * 100 + i / 1000);
    const out = downsampleMinMax(x, [y], 1000);
    expect(out.x.length).toBeLessThanOrEqual(4000);
    expect(out.x[0]).toBe(0);
    expect(out.x.at(-1)).toBe(x.at(-1));
    expect(out.ys[0]![0]).toBe(y[0]);
  });

  it('keeps every series extreme, in ascending x order, with no point twice', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1e6 }), fc.double({ min: -1e6, max: 1e6, noNaN: true })), {
          minLength: 3,
          maxLength: 2000,
        }),
        fc.integer({ min: 1, max: 50 }),
        (pairs, buckets) => {
          const sorted = [...pairs].sort((a, b) => a[0] - b[0]);
          const x = sorted.map((p) => p[0]);
          const y = sorted.map((p) => p[1]);
          const z = y.map((v, i) => (i % 7 === 0 ? null : -v));
          const out = downsampleMinMax(x, [y, z], buckets);
          expect(out.x.length).toBeLessThanOrEqual(Math.max(x.length, buckets * 6));
          for (let i = 1; i < out.x.length; i++) expect(out.x[i]!).toBeGreaterThanOrEqual(out.x[i - 1]!);
          expect(Math.max(...(out.ys[0] as number[]))).toBe(Math.max(...y));
          expect(Math.min(...(out.ys[0] as number[]))).toBe(Math.min(...y));
          const zs = z.filter((v): v is number => v !== null);
          const outZ = out.ys[1]!.filter((v): v is number => v !== null);
          if (zs.length > 0) expect(Math.max(...outZ)).toBe(Math.max(...zs));
          expect(out.x.at(-1)).toBe(x.at(-1));
        },
      ),
    );
  });
});

const UTC = createZonedCalendar('UTC');
const DAY = 86_400_000;

/** Trades closing in order over a few years: several a day on some days, none on others. */
const tradesArbitrary = fc
  .array(
    fc.record({
      gap: fc.oneof(fc.integer({ min: 0, max: 3_600_000 }), fc.integer({ min: 0, max: 20 * DAY })),
      netPnl: fc.oneof(
        fc.integer({ min: -50_000, max: 50_000 }).map((c) => c / 100),
        fc.constant(0),
      ),
    }),
    { minLength: 1, maxLength: 1500 },
  )
  .map((steps) => {
    let at = Date.UTC(2020, 0, 2);
    return steps.map(({ gap, netPnl }): AnalyticsTrade => {
      at += gap;
      return { closedAt: at, netPnl, rMultiple: null };
    });
  });

function maxOf(values: readonly (number | null)[]): number {
  let out = -Infinity;
  for (const v of values) if (v !== null && v > out) out = v;
  return out;
}
function minOf(values: readonly number[]): number {
  let out = Infinity;
  for (const v of values) if (v < out) out = v;
  return out;
}

describe('toDownsampledEquity', () => {
  it('keeps at most maxPoints points, the ends, the high, the low and the deepest drawdowns exactly', () => {
    fc.assert(
      fc.property(
        tradesArbitrary,
        fc.integer({ min: 2, max: 400 }),
        fc.integer({ min: -1000, max: 20_000 }),
        (trades, maxPoints, startingEquity) => {
          const full = computeEquitySeries(trades, { startingEquity, calendar: UTC });
          const out = toDownsampledEquity(full, maxPoints);
          for (const [whole, part] of [
            [full.perTrade, out.perTrade],
            [full.perDay, out.perDay],
          ] as const) {
            const n = whole.cumulativePnl.length;
            const m = part.cumulativePnl.length;
            expect(m).toBeGreaterThanOrEqual(Math.min(n, 2));
            expect(m).toBeLessThanOrEqual(Math.min(n, maxPoints));
            expect(part.cumulativePnl[0]).toBe(whole.cumulativePnl[0]);
            expect(part.cumulativePnl.at(-1)).toBe(whole.cumulativePnl.at(-1));
            expect(part.drawdownAbs.at(-1)).toBe(whole.drawdownAbs.at(-1));
            if (maxPoints >= 3) expect(maxOf(part.drawdownAbs)).toBe(maxOf(whole.drawdownAbs));
            if (maxPoints >= 6) {
              expect(maxOf(part.cumulativePnl)).toBe(maxOf(whole.cumulativePnl));
              expect(minOf(part.cumulativePnl)).toBe(minOf(whole.cumulativePnl));
              expect(maxOf(part.drawdownFrac)).toBe(maxOf(whole.drawdownFrac));
            }
          }
          // Every kept point is a point of the full series, in order, with its own values (trades
          // may share a close time and a running total, so match by scanning forward).
          let previous = -1;
          out.perTrade.closedAt.forEach((t, k) => {
            let i = previous + 1;
            while (
              i < full.perTrade.closedAt.length &&
              !(
                full.perTrade.closedAt[i] === t &&
                full.perTrade.cumulativePnl[i] === out.perTrade.cumulativePnl[k] &&
                full.perTrade.pnl[i] === out.perTrade.pnl[k] &&
                full.perTrade.drawdownAbs[i] === out.perTrade.drawdownAbs[k]
              )
            )
              i += 1;
            expect(i).toBeLessThan(full.perTrade.closedAt.length);
            previous = i;
          });
          for (let k = 1; k < out.perDay.date.length; k++)
            expect(out.perDay.date[k]! > out.perDay.date[k - 1]!).toBe(true);
        },
      ),
    );
  });

  it('answers the series itself when it is short enough', () => {
    const full = computeEquitySeries(
      [
        { closedAt: Date.UTC(2024, 0, 2), netPnl: 10, rMultiple: null },
        { closedAt: Date.UTC(2024, 0, 3), netPnl: -5, rMultiple: null },
      ],
      { startingEquity: 100, calendar: UTC },
    );
    expect(toDownsampledEquity(full, 2)).toEqual(full);
  });

  it('keeps the first, the last and the deepest drawdown when only three points are allowed', () => {
    const x = [0, 1, 2, 3, 4, 5];
    const cumulativePnl = [0, 50, -40, 10, 60, 30];
    const drawdownAbs = [0, 0, 90, 40, 0, 30];
    const keep = selectEquityIndices(x, { cumulativePnl, drawdownAbs, drawdownFrac: drawdownAbs }, 3);
    expect(keep).toEqual([0, 2, 5]);
  });
});
