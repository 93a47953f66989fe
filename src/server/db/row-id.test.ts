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

  it('draws every random digit afresh, the variant digit among 8, 9, a and b', () => {
    const ids = Array.from({ length: 8_000 }, () => newRowId(1_764_000_000_000));
    const randomPlaces = [15, 16, 17, 20, 21, 22, ...Array.from({ length: 12 }, (_, i) => 24 + i)];
    for (const place of randomPlaces) expect(new Set(ids.map((id) => id[place])).size, `digit ${place}`).toBe(16);
    expect(new Set(ids.map((id) => id[19]))).toEqual(new Set(['8', '9', 'a', 'b']));
    // No random bit feeds two digits: any two digits take every pair of values, as independent
    // ones do (a shared bit would leave at most half of the 256 pairs).
    for (const a of randomPlaces)
      for (const b of randomPlaces)
        if (a < b) expect(new Set(ids.map((id) => id[a]! + id[b]!)).size, `digits ${a} and ${b}`).toBe(256);
    // Nor does a random byte feed two ids in a row.
    const next = ids.slice(1);
    for (const a of randomPlaces)
      for (const b of randomPlaces)
        expect(new Set(next.map((id, i) => ids[i]![a]! + id[b]!)).size, `digits ${a}, then ${b}`).toBe(256);
  });
});
