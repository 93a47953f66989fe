/**
 * Min/max downsampling for drawing long series. Canvas charts stay smooth when they draw a few
 * thousand points, not 100,000: the x range is cut into `buckets` equal slices and each slice keeps
 * its first and last point and every series' lowest and highest point, so peaks, troughs and the
 * line's ends look exactly as in the full series at any width up to `buckets` pixels.
 */

export type SeriesColumns = { x: number[]; ys: (number | null)[][] };

/** Below this many points per bucket nothing is dropped: drawing them all costs less than deciding. */
const KEEP_ALL_FACTOR = 4;

/**
 * Downsamples `x` (ascending) and the parallel `ys` to at most about `4 × buckets` points (first,
 * last, min and max of each series per bucket, in x order, no point twice). Series values may be
 * null (gaps); a null is never chosen as a min or max. Short inputs come back as copies.
 */
export function downsampleMinMax(x: ArrayLike<number>, ys: ArrayLike<number | null>[], buckets: number): SeriesColumns {
  const n = x.length;
  if (n <= buckets * KEEP_ALL_FACTOR || n < 3) {
    return { x: Array.from(x), ys: ys.map((y) => Array.from(y)) };
  }
  const x0 = x[0]!;
  const span = x[n - 1]! - x0;
  const keep: number[] = [];
  let bucket = -1;
  let first = 0;
  let mins: number[] = [];
  let maxs: number[] = [];
  const flush = (last: number) => {
    const picked = [first, last, ...mins, ...maxs].filter((i) => i >= 0).sort((a, b) => a - b);
    for (let k = 0; k < picked.length; k++) if (k === 0 || picked[k] !== picked[k - 1]) keep.push(picked[k]!);
  };
  for (let i = 0; i < n; i++) {
    const b =
      span > 0 ? Math.min(buckets - 1, Math.floor(((x[i]! - x0) / span) * buckets)) : Math.floor((i / n) * buckets);
    if (b !== bucket) {
      if (bucket >= 0) flush(i - 1);
      bucket = b;
      first = i;
      mins = ys.map(() => -1);
      maxs = ys.map(() => -1);
    }
    for (let s = 0; s < ys.length; s++) {
      const v = ys[s]![i];
      if (v === null || v === undefined || Number.isNaN(v)) continue;
      const lo = mins[s]!;
      const hi = maxs[s]!;
      if (lo < 0 || v < (ys[s]![lo] as number)) mins[s] = i;
      if (hi < 0 || v > (ys[s]![hi] as number)) maxs[s] = i;
    }
  }
  flush(n - 1);
  return { x: keep.map((i) => x[i]!), ys: ys.map((y) => keep.map((i) => y[i] ?? null)) };
}
