import { computeMean, computeQuantileSorted, computeSampleStdev, toSortedArray } from './numeric';

export type HistogramBin = { from: number; to: number; count: number };

export type Distribution = {
  count: number;
  mean: number | null;
  median: number | null;
  stdev: number | null;
  min: number | null;
  max: number | null;
  /** Bins [from, to), the last one closed; counts add up to `count`. */
  bins: HistogramBin[];
};

const MAX_BINS = 60;

/** 1, 2, 2.5 or 5 × a power of ten, at least x. */
export function toNiceStep(x: number): number {
  if (!(x > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= x) return m * power;
  return 10 * power;
}

/**
 * A histogram of values with bins of `binWidth` aligned on multiples of it (R: 0.5 R bins), or a
 * "nice" width giving about 30 bins when none is given (P&L); never more than 60 bins.
 */
export function computeDistribution(values: readonly number[], params: { binWidth?: number } = {}): Distribution {
  const sorted = toSortedArray(values);
  const n = sorted.length;
  if (n === 0) return { count: 0, mean: null, median: null, stdev: null, min: null, max: null, bins: [] };
  const min = sorted[0]!;
  const max = sorted[n - 1]!;
  let width = params.binWidth ?? toNiceStep((max - min) / 30);
  while ((max - min) / width > MAX_BINS) width = toNiceStep(width * 2);
  const start = Math.floor(min / width) * width;
  const binCount = Math.max(1, Math.floor((max - start) / width) + 1);
  const counts = new Array<number>(binCount).fill(0);
  for (const x of sorted) counts[Math.min(binCount - 1, Math.floor((x - start) / width))]! += 1;
  return {
    count: n,
    mean: computeMean(sorted),
    median: computeQuantileSorted(sorted, 0.5),
    stdev: computeSampleStdev(sorted),
    min,
    max,
    bins: counts.map((count, i) => ({ from: start + i * width, to: start + (i + 1) * width, count })),
  };
}
