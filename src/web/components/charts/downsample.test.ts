import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { downsampleMinMax } from './downsample';

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
