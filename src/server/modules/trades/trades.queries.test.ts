import { describe, expect, it } from 'vitest';
import { byFirstFingerprint } from './trades.queries';

describe('byFirstFingerprint', () => {
  it('keeps the first of items with one fingerprint, as `on conflict do nothing` keeps the first row', () => {
    const items = [
      { fingerprint: 'a', row: 1 },
      { fingerprint: 'b', row: 2 },
      { fingerprint: 'a', row: 3 },
    ];
    const map = byFirstFingerprint(items);
    expect(map.get('a')).toBe(items[0]);
    expect(map.get('b')).toBe(items[1]);
    expect(map.size).toBe(2);
  });
});
