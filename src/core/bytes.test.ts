import { describe, expect, it } from 'vitest';
import { concatBytes } from './bytes';

describe('concatBytes', () => {
  it('joins chunks in order into an array of its own', () => {
    const first = new Uint8Array([1, 2]);
    const joined = concatBytes([first, new Uint8Array([]), new Uint8Array([3])]);
    expect([...joined]).toEqual([1, 2, 3]);
    expect(joined.buffer.byteLength).toBe(3);
    expect(joined.buffer).not.toBe(first.buffer);
  });

  it('answers a single chunk as it is', () => {
    const only = new Uint8Array([4, 5]);
    expect(concatBytes([only])).toBe(only);
    expect([...concatBytes([])]).toEqual([]);
  });
});
