import { describe, expect, it } from 'vitest';
import { toVisibleRange } from './virtual-table';

describe('toVisibleRange', () => {
  it('renders the first screen plus overscan at the top', () => {
    expect(
      toVisibleRange({ scrollTop: 0, viewportHeight: 440, rowHeight: 44, rowCount: 100_000, overscan: 5 }),
    ).toEqual({
      start: 0,
      end: 16,
    });
  });

  it('renders only a window deep into 100,000 rows', () => {
    const range = toVisibleRange({
      scrollTop: 44 * 50_000,
      viewportHeight: 440,
      rowHeight: 44,
      rowCount: 100_000,
      overscan: 5,
    });
    expect(range).toEqual({ start: 49_995, end: 50_016 });
  });

  it('clamps at the end and for empty data', () => {
    expect(toVisibleRange({ scrollTop: 1e9, viewportHeight: 440, rowHeight: 44, rowCount: 10, overscan: 5 })).toEqual({
      start: 10,
      end: 10,
    });
    expect(toVisibleRange({ scrollTop: 0, viewportHeight: 440, rowHeight: 44, rowCount: 0, overscan: 5 })).toEqual({
      start: 0,
      end: 0,
    });
  });
});
