import { describe, expect, it } from 'vitest';
import {
  computeAdherencePct,
  computeAdherenceSplit,
  computeRuleEffects,
  computeStrategySummary,
  selectDiscoveries,
  type PlaybookTrade,
} from './playbook';

const trade = (netPnl: number, extra: Partial<PlaybookTrade> = {}): PlaybookTrade => ({
  closedAt: 0,
  netPnl,
  rMultiple: null,
  followed: 0,
  broken: 0,
  ...extra,
});

describe('computeAdherencePct', () => {
  it.each([
    [['followed', 'followed', 'broken', 'na'], (2 / 3) * 100],
    [['followed'], 100],
    [['broken', 'broken'], 0],
    [['na'], null],
    [[], null],
  ] as const)('reads %j as %s', (states, expected) => {
    const pct = computeAdherencePct(states);
    if (expected === null) expect(pct).toBeNull();
    else expect(pct).toBeCloseTo(expected, 10);
  });
});

describe('computeStrategySummary', () => {
  it('sums the trades, bounds the win rate by Wilson and averages adherence over answered trades only', () => {
    const summary = computeStrategySummary(
      [
        trade(100, { closedAt: 1, rMultiple: 2, followed: 2, broken: 0 }),
        trade(-50, { closedAt: 2, rMultiple: -1, followed: 1, broken: 1 }),
        trade(30, { closedAt: 3 }),
      ],
      { maxPoints: 100 },
    );
    expect(summary.count).toBe(3);
    expect(summary.netPnl).toBe(80);
    expect(summary.winRate).toBeCloseTo(2 / 3, 12);
    expect(summary.profitFactor).toBeCloseTo(130 / 50, 12);
    expect(summary.expectancyR).toBeCloseTo(0.5, 12);
    // (100 + 50) / 2: the third trade has no answer and is left out.
    expect(summary.adherencePct).toBeCloseTo(75, 12);
    // Wilson at 2 of 3 (R: prop.test(2, 3, correct = FALSE)$conf.int → 0.2077, 0.9385).
    expect(summary.winRateCi95![0]).toBeCloseTo(0.2077, 4);
    expect(summary.winRateCi95![1]).toBeCloseTo(0.9385, 4);
    expect(summary.equity).toEqual([
      { at: 1, value: 100 },
      { at: 2, value: 50 },
      { at: 3, value: 80 },
    ]);
  });

  it('thins a long equity curve and keeps its last point', () => {
    const trades = Array.from({ length: 1000 }, (_, i) => trade(1, { closedAt: i }));
    const { equity } = computeStrategySummary(trades, { maxPoints: 50 });
    expect(equity).toHaveLength(50);
    expect(equity.at(-1)).toEqual({ at: 999, value: 1000 });
  });
});

describe('selectDiscoveries', () => {
  it('keeps the p-values under the Benjamini–Hochberg step-up line, and every smaller one', () => {
    // m = 4, q = 0.05: lines 0.0125, 0.025, 0.0375, 0.05. The largest k under its line is 2 (0.02).
    expect(selectDiscoveries([0.02, 0.001, 0.04, 0.2], 0.05)).toEqual([true, true, false, false]);
    expect(selectDiscoveries([0.03, null, 0.9], 0.05)).toEqual([false, false, false]);
    // A p-value above its own line is still kept below a later one that passes.
    expect(selectDiscoveries([0.011, 0.012], 0.05)).toEqual([true, true]);
  });
});

describe('computeRuleEffects', () => {
  const many = (values: number[], times: number) =>
    Array.from({ length: times }, () => values)
      .flat()
      .map((v) => trade(v));

  it('finds a rule whose breaking costs money and ranks it first; calls a small chance gap not significant', () => {
    const [costly, chance] = computeRuleEffects([
      { followed: many([100, 120, 80], 10), broken: many([-60, -40, -50], 10) },
      { followed: many([10, -10], 3), broken: many([12, -8], 3) },
    ]);
    expect(costly!.difference.expectancy).toBeCloseTo(150, 10);
    expect(costly!.significant).toBe(true);
    expect(costly!.lowSample).toBe(false);
    expect(costly!.costRank).toBe(1);
    expect(costly!.difference.ci95![0]).toBeGreaterThan(0);
    expect(chance!.significant).toBe(false);
    expect(chance!.lowSample).toBe(true);
    expect(chance!.costRank).toBeNull();
  });

  it('matches Welch’s t-test (scipy ttest_ind(…, equal_var=False))', () => {
    const [effect] = computeRuleEffects([
      { followed: [1, 2, 3, 4].map((v) => trade(v)), broken: [2, 4, 6, 9].map((v) => trade(v)) },
    ]);
    expect(effect!.difference.expectancy).toBeCloseTo(-2.75, 12);
    expect(effect!.pValue).toBeCloseTo(0.164702, 5);
    expect(effect!.difference.ci95![0]).toBeCloseTo(-7.229925, 5);
    expect(effect!.difference.ci95![1]).toBeCloseTo(1.729925, 5);
  });

  it('leaves the interval and the test out below two trades a side', () => {
    const [effect] = computeRuleEffects([{ followed: [trade(5)], broken: [trade(1), trade(2)] }]);
    expect(effect!.difference).toEqual({ expectancy: 3.5, ci95: null });
    expect(effect!.pValue).toBeNull();
    expect(effect!.significant).toBe(false);
  });
});

describe('computeAdherenceSplit', () => {
  it('compares the trades with every answered rule followed against those with one broken', () => {
    const split = computeAdherenceSplit([
      trade(10, { followed: 3 }),
      trade(20, { followed: 1 }),
      trade(-5, { followed: 2, broken: 1 }),
      trade(99),
    ]);
    expect(split.full.count).toBe(2);
    expect(split.full.expectancy).toBe(15);
    expect(split.partial.count).toBe(1);
    expect(split.partial.expectancy).toBe(-5);
  });
});
