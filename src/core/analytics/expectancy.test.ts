import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeAverageR, computeExpectancyR } from './expectancy';

describe('computeExpectancyR', () => {
  it.each([
    [0.8, 0.5, 3, -0.2],
    [0.8, 0.5, 1, 0.2],
    [0.4, 3, 1, 0.6],
    [0.5, 1, 1, 0],
    [1, 2, 5, 2],
    [0, 2, 1, -1],
  ])('win rate %s at +%sR / −%sR gives %sR', (winRate, avgWinR, avgLossR, expected) => {
    expect(computeExpectancyR({ winRate, avgWinR, avgLossR })).toBe(expected);
  });

  it('equals the average R of the trades the rates describe', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        (wins, losses, win10, loss10) => {
          fc.pre(wins + losses > 0);
          const avgWinR = win10 / 10;
          const avgLossR = loss10 / 10;
          const trades = [...Array<number>(wins).fill(avgWinR), ...Array<number>(losses).fill(-avgLossR)];
          const expected = computeAverageR(trades)!;
          expect(computeExpectancyR({ winRate: wins / (wins + losses), avgWinR, avgLossR })).toBeCloseTo(expected, 9);
        },
      ),
    );
  });

  it('rejects a win rate outside [0, 1] and negative sizes', () => {
    expect(() => computeExpectancyR({ winRate: 1.2, avgWinR: 1, avgLossR: 1 })).toThrow(RangeError);
    expect(() => computeExpectancyR({ winRate: Number.NaN, avgWinR: 1, avgLossR: 1 })).toThrow(RangeError);
    expect(() => computeExpectancyR({ winRate: 0.5, avgWinR: -1, avgLossR: 1 })).toThrow(RangeError);
  });
});

describe('computeAverageR', () => {
  it('is null for no trades, never 0', () => {
    expect(computeAverageR([])).toBeNull();
  });
});
