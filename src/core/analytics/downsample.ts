import type { EquitySeries } from './equity';
import { toDayNumber } from './time-zone';

/**
 * Min/max downsampling of long series, for drawing and for the equity endpoint. The x range is cut
 * into equal slices (buckets) and each slice keeps the points where a series is lowest and/or
 * highest, so peaks and troughs come through exactly at any width up to the number of buckets.
 */

/** Which extremes of a series each bucket keeps. */
export type ExtremeKind = 'min' | 'max' | 'both';

export type DownsampleSeries = { values: ArrayLike<number | null>; keep: ExtremeKind };

/**
 * The indices to keep, ascending and without repeats: the first and last point; in each of
 * `buckets` equal slices of x (ascending; by position when all x are equal), each series' lowest
 * and/or highest point (the first one on ties; null and NaN are never chosen) and, with
 * `hasBucketEnds`, the slice's first and last point.
 */
export function selectExtremeIndices(
  x: ArrayLike<number>,
  series: readonly DownsampleSeries[],
  params: { buckets: number; hasBucketEnds: boolean },
): number[] {
  const n = x.length;
  if (n === 0) return [];
  const buckets = Math.max(1, Math.floor(params.buckets));
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const x0 = x[0]!;
  const span = x[n - 1]! - x0;
  const bucketOf = (i: number) =>
    span > 0 ? Math.min(buckets - 1, Math.floor(((x[i]! - x0) / span) * buckets)) : Math.floor((i / n) * buckets);
  let start = 0;
  while (start < n) {
    const bucket = bucketOf(start);
    let end = start + 1;
    while (end < n && bucketOf(end) === bucket) end++;
    if (params.hasBucketEnds) {
      keep[start] = 1;
      keep[end - 1] = 1;
    }
    for (const { values, keep: kind } of series) {
      let lo = -1;
      let hi = -1;
      let loValue = Infinity;
      let hiValue = -Infinity;
      for (let i = start; i < end; i++) {
        const v = values[i];
        if (v === null || v === undefined || Number.isNaN(v)) continue;
        if (lo < 0 || v < loValue) {
          lo = i;
          loValue = v;
        }
        if (hi < 0 || v > hiValue) {
          hi = i;
          hiValue = v;
        }
      }
      if (kind !== 'max' && lo >= 0) keep[lo] = 1;
      if (kind !== 'min' && hi >= 0) keep[hi] = 1;
    }
    start = end;
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i] === 1) out.push(i);
  return out;
}

export type SeriesColumns = { x: number[]; ys: (number | null)[][] };

/** Below this many points per bucket nothing is dropped: drawing them all costs less than deciding. */
const KEEP_ALL_FACTOR = 4;

/**
 * For drawing: downsamples `x` (ascending) and the parallel `ys` to at most about `4 × buckets`
 * points (each slice's first and last point and every series' lowest and highest, in x order, no
 * point twice), so the line's shape and ends look exactly as in the full series at any width up
 * to `buckets` pixels. Series values may be null (gaps). Short inputs come back as copies.
 */
export function downsampleMinMax(x: ArrayLike<number>, ys: ArrayLike<number | null>[], buckets: number): SeriesColumns {
  const n = x.length;
  if (n <= buckets * KEEP_ALL_FACTOR || n < 3) {
    return { x: Array.from(x), ys: ys.map((y) => Array.from(y)) };
  }
  const keep = selectExtremeIndices(
    x,
    ys.map((values) => ({ values, keep: 'both' })),
    { buckets, hasBucketEnds: true },
  );
  return { x: keep.map((i) => x[i]!), ys: ys.map((y) => keep.map((i) => y[i] ?? null)) };
}

/**
 * The indices of an equity curve to keep within `maxPoints` (≥ 2): the first and last point and,
 * per slice of x, the lowest and highest equity and the deepest drawdown in money and in fraction
 * of the peak, so the curve's shape, its high, its low and its deepest drawdown (the trough, with
 * its value) come through exactly. Kept points keep their own values: nothing is averaged. Below 6
 * points not every slice fits: first and last, then the deepest $ drawdown, the high, the low and
 * the deepest % drawdown, as many as fit.
 */
export function selectEquityIndices(
  x: ArrayLike<number>,
  curve: {
    cumulativePnl: ArrayLike<number>;
    drawdownAbs: ArrayLike<number>;
    drawdownFrac: ArrayLike<number | null>;
  },
  maxPoints: number,
): number[] {
  const n = x.length;
  if (n <= maxPoints) return Array.from({ length: n }, (_, i) => i);
  const series: DownsampleSeries[] = [
    { values: curve.drawdownAbs, keep: 'max' },
    { values: curve.cumulativePnl, keep: 'max' },
    { values: curve.cumulativePnl, keep: 'min' },
    { values: curve.drawdownFrac, keep: 'max' },
  ];
  const buckets = Math.floor((maxPoints - 2) / series.length);
  if (buckets >= 1) return selectExtremeIndices(x, series, { buckets, hasBucketEnds: false });
  const picked = new Set([0, n - 1]);
  for (const one of series) {
    const index = findExtremeIndex(one);
    if (picked.size < maxPoints && index >= 0) picked.add(index);
  }
  return [...picked].sort((a, b) => a - b);
}

/** The first index of the series' highest ('max') or lowest ('min') value; -1 when all are null. */
function findExtremeIndex({ values, keep }: DownsampleSeries): number {
  let found = -1;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined || Number.isNaN(v)) continue;
    if (found < 0 || (keep === 'min' ? v < values[found]! : v > values[found]!)) found = i;
  }
  return found;
}

const pick = <T>(values: readonly T[], indices: readonly number[]): T[] => indices.map((i) => values[i]!);

/** An equity series cut to at most `maxPoints` points per series (see selectEquityIndices). */
export function toDownsampledEquity(series: EquitySeries, maxPoints: number): EquitySeries {
  const { perTrade, perDay } = series;
  const tradeKeep =
    perTrade.closedAt.length <= maxPoints ? null : selectEquityIndices(perTrade.closedAt, perTrade, maxPoints);
  const dayKeep =
    perDay.date.length <= maxPoints
      ? null
      : selectEquityIndices(
          perDay.date.map((date) => toDayNumber(date)),
          perDay,
          maxPoints,
        );
  return {
    startingEquity: series.startingEquity,
    perTrade:
      tradeKeep === null
        ? perTrade
        : {
            closedAt: pick(perTrade.closedAt, tradeKeep),
            pnl: pick(perTrade.pnl, tradeKeep),
            cumulativePnl: pick(perTrade.cumulativePnl, tradeKeep),
            drawdownAbs: pick(perTrade.drawdownAbs, tradeKeep),
            drawdownFrac: pick(perTrade.drawdownFrac, tradeKeep),
          },
    perDay:
      dayKeep === null
        ? perDay
        : {
            date: pick(perDay.date, dayKeep),
            pnl: pick(perDay.pnl, dayKeep),
            trades: pick(perDay.trades, dayKeep),
            cumulativePnl: pick(perDay.cumulativePnl, dayKeep),
            drawdownAbs: pick(perDay.drawdownAbs, dayKeep),
            drawdownFrac: pick(perDay.drawdownFrac, dayKeep),
          },
  };
}
