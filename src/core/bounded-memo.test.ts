import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBoundedMemo, createPartsMemo } from './bounded-memo';

describe('createBoundedMemo', () => {
  it('answers what the function answers, computing each key once while it is remembered', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 3 }), { maxLength: 200 }),
        fc.integer({ min: 1, max: 20 }),
        (keys, size) => {
          const memo = createBoundedMemo<string>(size);
          const computed: string[] = [];
          for (const key of keys) {
            const answer = memo(key, () => {
              computed.push(key);
              return `value of ${key}`;
            });
            expect(answer).toBe(`value of ${key}`);
          }
          // Every distinct key is computed at least once, and never more often than the memo forgot.
          expect(new Set(computed)).toEqual(new Set(keys));
          expect(computed.length).toBeLessThanOrEqual(keys.length);
        },
      ),
    );
  });

  it('gives the function the key, so one function made once serves every call', () => {
    const memo = createBoundedMemo<string>(2);
    const shout = (key: string) => `${key}!`;
    expect(['a', 'b', 'a', 'c', 'a'].map((key) => memo(key, shout))).toEqual(['a!', 'b!', 'a!', 'c!', 'a!']);
  });

  it('remembers null and other falsy answers', () => {
    const memo = createBoundedMemo<number | null>(10);
    let calls = 0;
    const compute = () => {
      calls += 1;
      return null;
    };
    expect(memo('x', compute)).toBeNull();
    expect(memo('x', compute)).toBeNull();
    expect(calls).toBe(1);
  });

  it('forgets everything once full, so memory stays bounded', () => {
    const memo = createBoundedMemo<number>(2);
    let calls = 0;
    const compute = () => ++calls;
    memo('a', compute);
    memo('b', compute);
    expect(memo('a', compute)).toBe(1);
    memo('c', compute); // full: starts afresh with c
    expect(memo('a', compute)).toBe(4);
    expect(calls).toBe(4);
  });
});

describe('createPartsMemo', () => {
  it('answers what the function answers for every list of parts, however the lists follow one another', () => {
    const part = fc.constantFrom('', 'a', 'b', 'ab', ':', '1:a');
    fc.assert(
      fc.property(
        fc.array(fc.array(part, { minLength: 1, maxLength: 3 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        (lists, size) => {
          const memo = createPartsMemo<string>(size);
          for (const parts of lists) expect(memo(parts, () => JSON.stringify(parts))).toBe(JSON.stringify(parts));
        },
      ),
    );
  });

  it('computes a list the row before had once, and one that differs from it in any part again', () => {
    const memo = createPartsMemo<number>(10);
    let calls = 0;
    const compute = () => ++calls;
    expect(memo(['ES', '50', '2025'], compute)).toBe(1);
    expect(memo(['ES', '50', '2025'], compute)).toBe(1);
    expect(memo(['ES', '50', '2034'], compute)).toBe(2);
    expect(memo(['ES', '5', '2034'], compute)).toBe(3);
    expect(memo(['ES', '50', '2025'], compute)).toBe(1); // remembered by its key
    expect(calls).toBe(3);
  });
});
