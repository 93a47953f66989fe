import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBatchSizer } from './batch-sizer';

/** Feeds a sizer batches that take `msPerRow` each row, at the sizes it asks for; answers the sizes used. */
function run(msPerRow: (batch: number) => number, batches: number, targetMs = 25, initialRows = 300): number[] {
  const sizer = createBatchSizer({ targetMs, initialRows });
  let rows = initialRows;
  const sizes: number[] = [];
  for (let batch = 0; batch < batches; batch++) {
    sizes.push(rows);
    rows = sizer.observe(rows, rows, rows * msPerRow(batch)) ?? rows;
  }
  return sizes;
}

describe('createBatchSizer: batches of about the target time on PGlite', () => {
  it('grows the batches on a fast machine and shrinks them on a slow one, to the target', () => {
    // 0.04 ms a row: 625 rows make 25 ms; 0.2 ms a row: 125.
    expect(run(() => 0.04, 60).at(-1)).toBeCloseTo(625, -1);
    expect(run(() => 0.2, 60).at(-1)).toBeCloseTo(125, -1);
  });

  it('leaves the size alone while the time stays near the target, and for the first batches', () => {
    const sizes = run(() => 25 / 300, 40);
    expect(new Set(sizes)).toEqual(new Set([300]));
    // Cold code: the first batches are slow, and change nothing.
    const sizer = createBatchSizer({ targetMs: 25, initialRows: 300 });
    expect([sizer.observe(50, 50, 200), sizer.observe(300, 300, 300), sizer.observe(300, 300, 300)]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('follows a change of speed, smoothing a single slow batch', () => {
    const sizes = run((batch) => (batch < 30 ? 0.05 : 0.1), 80);
    expect(sizes[29]).toBeCloseTo(500, -1);
    expect(sizes.at(-1)).toBeCloseTo(250, -1);
    // One batch 5 times slower (a page split, the machine busy) moves the size by less than half.
    const spiky = run((batch) => (batch === 40 ? 0.25 : 0.05), 42);
    expect(spiky[41]).toBeGreaterThan(250);
  });

  it('counts a row as dear as a fill when few rows are fills, and as both fills when a row holds two', () => {
    // 25 ms for 500 rows of which 50 are fills: 0.5 ms a fill, so 50 rows (the least) of fills.
    const sparse = createBatchSizer({ targetMs: 25, initialRows: 300 });
    for (let i = 0; i < 3; i++) sparse.observe(500, 50, 25);
    expect(sparse.observe(500, 50, 25)).toBe(50);
    // 25 ms for 100 rows of two fills each: 0.25 ms a row, so 100 rows.
    const double = createBatchSizer({ targetMs: 25, initialRows: 300 });
    for (let i = 0; i < 3; i++) double.observe(100, 200, 25);
    expect(double.observe(100, 200, 25)).toBe(100);
  });

  it('stays within its bounds whatever the times', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1_000, noNaN: true }), { maxLength: 50 }), (times) => {
        const sizer = createBatchSizer({ targetMs: 25, initialRows: 300 });
        for (const ms of times) {
          const next = sizer.observe(300, 300, ms);
          if (next !== null) expect(next >= 50 && next <= 2_000 && Number.isInteger(next)).toBe(true);
        }
      }),
    );
  });
});
