import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newRowId } from './row-id';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRowId', () => {
  it('is a version 7 UUID whose first 48 bits are the time, so later ids sort after earlier ones', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 2 }), fc.integer({ min: 1, max: 10_000 }), (ms, later) => {
        const id = newRowId(ms);
        expect(id).toMatch(UUID_V7);
        expect(parseInt(id.replace('-', '').slice(0, 12), 16)).toBe(ms);
        expect(newRowId(Math.min(ms + later, 2 ** 48 - 1)) > id).toBe(true);
      }),
    );
  });

  it('differs every time within one millisecond', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newRowId(1_764_000_000_000)));
    expect(ids.size).toBe(10_000);
  });
});
