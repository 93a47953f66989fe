import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdenticalFills } from './identical-fills';

const toTime = (second: number) => new Date(Date.UTC(2025, 0, 2, 14, 30, second)).toISOString();

describe('IdenticalFills', () => {
  it('counts as a map of every fill does, in time order or not', () => {
    // Fills at a few times with a few contents, so that identical ones are common; the times in
    // order, out of order, or in order with a stray earlier one.
    const fill = fc.record({
      second: fc.integer({ min: 0, max: 8 }),
      content: fc.constantFrom('AAPL|buy|1', 'AAPL|sell|1', 'MSFT|buy|2'),
    });
    const fills = fc.oneof(
      fc.array(fill, { maxLength: 60 }),
      fc.array(fill, { maxLength: 60 }).map((list) => [...list].sort((a, b) => a.second - b.second)),
      fc.tuple(fc.array(fill, { maxLength: 60 }), fill, fc.nat()).map(([list, stray, at]) => {
        const sorted = [...list].sort((a, b) => a.second - b.second);
        sorted.splice(at % (sorted.length + 1), 0, stray);
        return sorted;
      }),
    );
    fc.assert(
      fc.property(fills, (list) => {
        const counter = new IdenticalFills();
        const reference = new Map<string, number>();
        for (const { second, content } of list) {
          const executedAt = toTime(second);
          const identity = `${executedAt}|${content}`;
          const expected = reference.get(identity) ?? 0;
          reference.set(identity, expected + 1);
          expect(counter.count(executedAt, identity)).toBe(expected);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('numbers identical fills 0, 1, 2 in a time-ordered file, and again after it goes back in time', () => {
    const counter = new IdenticalFills();
    const at = (second: number, content = 'AAPL|buy|1') =>
      counter.count(toTime(second), `${toTime(second)}|${content}`);
    expect([at(1), at(1), at(2), at(2), at(2), at(3)]).toEqual([0, 1, 0, 1, 2, 0]);
    expect([at(1), at(2), at(3), at(1, 'MSFT|buy|2')]).toEqual([2, 3, 1, 0]);
  });
});
