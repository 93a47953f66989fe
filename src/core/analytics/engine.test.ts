import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readOracleCsv } from '../../../test/fixtures/oracle/oracle-fixtures';
import {
  computeBreakdown,
  computeCalendarMonth,
  computeDistribution,
  computeEquitySeries,
  computeHeatmap,
  computeQuantileSorted,
  computeQuantilesInPlace,
  computeStreaks,
  computeTradeStats,
  createRandom,
  createZonedCalendar,
  normalQuantile,
  toDailySeries,
  toJsonNumber,
  type AnalyticsTradeDetail,
} from '.';

const utc = createZonedCalendar('UTC');
const newYork = createZonedCalendar('America/New_York');

function detail(overrides: Partial<AnalyticsTradeDetail> & { closedAt: number; netPnl: number }): AnalyticsTradeDetail {
  return {
    rMultiple: null,
    openedAt: overrides.closedAt - 600_000,
    symbol: 'AAPL',
    side: 'long',
    assetClass: 'stock',
    strategy: null,
    tags: [],
    holdingSeconds: 600,
    ...overrides,
  };
}

describe('normalQuantile', () => {
  it.each([
    [0.05, -1.6448536269514729],
    [0.01, -2.3263478740408408],
    [0.5, 0],
    [0.975, 1.959963984540054],
    [1e-10, -6.361340902404056],
  ])('Φ⁻¹(%s) = %s', (p, z) => {
    expect(Math.abs(normalQuantile(p) - z)).toBeLessThanOrEqual(1e-14 * Math.max(1, Math.abs(z)));
  });
});

describe('quantiles', () => {
  it('selection gives the same type-7 quantiles as sorting', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 300 }), (xs) => {
        const sorted = Float64Array.from(xs).sort();
        const alphas = [0.05, 0.25, 0.5, 0.75, 0.95];
        // -0 and +0 are the same quantile; toEqual tells them apart, so both sides add +0.
        const plusZero = (v: number | null) => (v === null ? null : v + 0);
        expect(computeQuantilesInPlace(Float64Array.from(xs), alphas).map(plusZero)).toEqual(
          alphas.map((a) => plusZero(computeQuantileSorted(sorted, a))),
        );
      }),
    );
  });
});

describe('createRandom', () => {
  it('repeats a stream for a seed and differs between seeds', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const c = createRandom(43);
    const xs = Array.from({ length: 5 }, () => a.nextUint32());
    expect(Array.from({ length: 5 }, () => b.nextUint32())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.nextUint32())).not.toEqual(xs);
    const f = createRandom(1).nextFloat();
    expect(f).toBeGreaterThanOrEqual(0);
    expect(f).toBeLessThan(1);
  });
});

describe('createZonedCalendar', () => {
  it('places instants on local days and hours across a DST change', () => {
    // 2024-03-10 is the US spring-forward day: 06:59Z is 01:59 EST, 07:00Z is 03:00 EDT.
    expect(newYork.toPosition(Date.parse('2024-03-10T06:59:00Z'))).toMatchObject({ hour: 1, weekday: 7 });
    expect(newYork.toPosition(Date.parse('2024-03-10T07:00:00Z'))).toMatchObject({ hour: 3, weekday: 7 });
    expect(newYork.toPosition(Date.parse('2024-03-11T03:30:00Z'))).toMatchObject({ hour: 23, weekday: 7 });
    expect(utc.toPosition(Date.parse('2024-03-11T03:30:00Z'))).toMatchObject({ hour: 3, weekday: 1 });
  });

  /** The local position of an instant, straight from Intl. */
  const positionByIntl = (zone: string, ms: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
      })
        .formatToParts(ms)
        .map((part) => [part.type, Number(part.value)]),
    );
    const dayNumber = Date.UTC(parts.year!, parts.month! - 1, parts.day!) / 86_400_000;
    return { dayNumber, hour: parts.hour!, weekday: ((new Date(dayNumber * 86_400_000).getUTCDay() + 6) % 7) + 1 };
  };

  it('places any instants, in any order, where Intl does (the last day’s offset is remembered)', () => {
    const zones = ['America/New_York', 'America/Santiago', 'Pacific/Chatham', 'Australia/Lord_Howe', 'UTC'];
    // Around switches to and from daylight saving time, and midnight switches (Santiago).
    const anchors = ['2024-03-10T07:00:00Z', '2024-04-07T03:00:00Z', '2024-09-08T04:00:00Z', '2024-10-06T02:00:00Z'];
    const instant = fc
      .tuple(fc.constantFrom(...anchors), fc.integer({ min: -36 * 60, max: 36 * 60 }))
      .map(([anchor, minutes]) => Date.parse(anchor) + minutes * 60_000 + (minutes % 7) * 1_000);
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.array(instant, { maxLength: 40 }), (zone, instants) => {
        const calendar = createZonedCalendar(zone);
        for (const ms of instants) {
          const alone = positionByIntl(zone, ms);
          expect(calendar.toPosition(ms)).toEqual(alone);
          expect(calendar.toDayNumber(ms)).toBe(alone.dayNumber);
          expect(calendar.toHourOfWeek(ms)).toBe((alone.weekday - 1) * 24 + alone.hour);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('buckets the edge data set by New York days when asked', () => {
    const trades = readOracleCsv('edge');
    const inUtc = toDailySeries(trades, { startingEquity: 50_000, timeZone: 'UTC' });
    const inNewYork = toDailySeries(trades, { startingEquity: 50_000, timeZone: 'America/New_York' });
    // 2024-03-05T23:30-05:00 is 03-06 in UTC but 03-05 in New York; 03-07T00:15+01:00 is 03-06 in both.
    expect(inUtc.find((d) => d.date === '2024-03-05')?.trades).toBe(2);
    expect(inNewYork.find((d) => d.date === '2024-03-05')?.trades).toBe(3);
    expect(inNewYork.reduce((a, d) => a + d.trades, 0)).toBe(37);
  });
});

describe('computeTradeStats', () => {
  it('counts a trade within its breakeven band as breakeven: counts, win rate, averages and runs follow', () => {
    const columns = {
      count: 5,
      closedAt: Float64Array.from([1, 2, 3, 4, 5]),
      netPnl: Float64Array.from([3, 1, -0.5, 2, -4]),
      rMultiple: Float64Array.from([NaN, NaN, NaN, NaN, NaN]),
    };
    const plain = computeTradeStats(columns, { startingEquity: 100 });
    expect(plain).toMatchObject({ wins: 3, losses: 2, breakeven: 0, winRate: 0.6, maxConsecutiveWins: 2 });
    const banded = computeTradeStats({ ...columns, band: Float64Array.from([1, 1, 1, 1, 0]) }, { startingEquity: 100 });
    expect(banded).toMatchObject({
      wins: 2,
      losses: 1,
      breakeven: 2,
      winRate: 0.4,
      winRateExBreakeven: 2 / 3,
      grossProfit: 5,
      grossLoss: -4,
      avgWin: 2.5,
      avgLoss: -4,
      largestWin: 3,
      maxConsecutiveWins: 1,
      maxConsecutiveLosses: 1,
      netPnl: 1.5,
    });
  });

  it('answers nulls and zeros for no trades', () => {
    const stats = computeTradeStats([], { startingEquity: 1_000 });
    expect(stats).toMatchObject({ count: 0, winRate: null, expectancy: null, profitFactor: null, maxDrawdownAbs: 0 });
  });

  it('reports a profit factor of 0 with losses only and ∞ with wins only', () => {
    const losses = computeTradeStats([{ closedAt: 1, netPnl: -5, rMultiple: null }], { startingEquity: 100 });
    expect(losses.profitFactor).toBe(0);
    expect(losses.payoffRatio).toBeNull();
    const wins = computeTradeStats([{ closedAt: 1, netPnl: 5, rMultiple: null }], { startingEquity: 100 });
    expect(toJsonNumber(wins.profitFactor)).toBe('Infinity');
    expect(wins.kelly).toBe(1);
  });

  it('equals the change in equity: net P&L = ending − starting equity', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -100_000, max: 100_000 }), { maxLength: 200 }), (cents) => {
        const trades = cents.map((c, i) => ({ closedAt: i * 1_000, netPnl: c / 100, rMultiple: null }));
        const stats = computeTradeStats(trades, { startingEquity: 10_000 });
        expect(stats.netPnl).toBeCloseTo(stats.endingEquity - 10_000, 6);
        expect(stats.wins + stats.losses + stats.breakeven).toBe(cents.length);
      }),
    );
  });
});

describe('computeStreaks', () => {
  it('ends runs at a breakeven and reports the current run', () => {
    const pnl = [1, 2, 0, 3, -1, -1, -1, 4, -2];
    const streaks = computeStreaks(pnl.map((p, i) => ({ closedAt: i, netPnl: p, rMultiple: null })));
    expect(streaks).toMatchObject({
      maxConsecutiveWins: 2,
      maxConsecutiveLosses: 3,
      current: { kind: 'loss', length: 1 },
    });
    expect(streaks.lengths).toEqual([
      { length: 1, wins: 2, losses: 1 },
      { length: 2, wins: 1, losses: 0 },
      { length: 3, wins: 0, losses: 1 },
    ]);
  });
});

describe('computeEquitySeries', () => {
  it('tracks cumulative P&L and drawdown per trade and per day', () => {
    const day = 86_400_000;
    const trades = [100, -50, -100, 200].map((p, i) => ({
      closedAt: Math.floor(i / 2) * day + i,
      netPnl: p,
      rMultiple: null,
    }));
    const series = computeEquitySeries(trades, { startingEquity: 1_000, calendar: utc });
    expect(series.perTrade.cumulativePnl).toEqual([100, 50, -50, 150]);
    expect(series.perTrade.drawdownAbs).toEqual([0, 50, 150, 0]);
    expect(series.perTrade.drawdownFrac[2]).toBeCloseTo(150 / 1_100, 12);
    expect(series.perDay).toMatchObject({
      date: ['1970-01-01', '1970-01-02'],
      cumulativePnl: [50, 150],
      drawdownAbs: [0, 0],
    });
  });
});

describe('computeBreakdown', () => {
  const at = (iso: string) => Date.parse(iso);
  const trades = [
    detail({
      closedAt: at('2024-03-04T15:00:00Z'),
      netPnl: 100,
      rMultiple: 2,
      symbol: 'AAPL',
      tags: [{ id: 't1', name: 'A+' }],
    }),
    detail({
      closedAt: at('2024-03-05T15:00:00Z'),
      netPnl: -50,
      rMultiple: -1,
      symbol: 'MSFT',
      side: 'short',
      holdingSeconds: 30,
    }),
    detail({
      closedAt: at('2024-04-01T15:00:00Z'),
      netPnl: 0,
      symbol: 'AAPL',
      tags: [
        { id: 't1', name: 'A+' },
        { id: 't2', name: 'FOMO' },
      ],
      strategy: { id: 's1', name: 'Breakout' },
    }),
  ];

  it.each([
    ['symbol', ['AAPL', 'MSFT'], [2, 1]],
    ['side', ['long', 'short'], [2, 1]],
    ['month', ['2024-03', '2024-04'], [2, 1]],
    ['tag', ['t1', 't2', 'none'], [2, 1, 1]],
    ['strategy', ['s1', 'none'], [1, 2]],
    ['rBucket', ['-1..0', '2..3', 'none'], [1, 1, 1]],
    ['holdingTime', ['lt1m', '5m-15m'], [1, 2]],
    ['weekday', ['1', '2'], [2, 1]],
    ['hour', ['14'], [3]],
  ] as const)('groups by %s', (by, keys, counts) => {
    const groups = computeBreakdown(trades, { by, calendar: utc });
    expect(groups.map((g) => g.key)).toEqual(keys);
    expect(groups.map((g) => g.count)).toEqual(counts);
  });

  it('computes each group with the trade-statistics conventions', () => {
    const [aapl] = computeBreakdown(trades, { by: 'symbol', calendar: utc });
    expect(aapl).toMatchObject({
      count: 2,
      wins: 1,
      breakeven: 1,
      netPnl: 100,
      winRate: 0.5,
      profitFactor: Infinity,
      expectancyR: 2,
    });
  });
});

describe('computeHeatmap', () => {
  it('fills all 168 cells by entry hour and weekday in the zone', () => {
    const trade = detail({
      closedAt: Date.parse('2024-03-05T14:45:00Z'),
      openedAt: Date.parse('2024-03-05T14:35:00Z'),
      netPnl: 10,
    });
    const cells = computeHeatmap([trade, { ...trade, netPnl: -4 }], { metric: 'winRate', calendar: newYork });
    expect(cells).toHaveLength(168);
    const cell = cells.find((c) => c.count > 0)!;
    expect(cell).toMatchObject({ weekday: 2, hour: 9, count: 2, netPnl: 6, winRate: 0.5, value: 0.5 });
    expect(cells.filter((c) => c.count === 0).every((c) => c.value === null)).toBe(true);
  });
});

describe('computeCalendarMonth', () => {
  it('lists days with trades or notes and totals Monday–Sunday weeks', () => {
    const trades = [
      { closedAt: Date.parse('2024-03-01T15:00:00Z'), netPnl: 10, rMultiple: null },
      { closedAt: Date.parse('2024-03-04T15:00:00Z'), netPnl: -4, rMultiple: null },
      { closedAt: Date.parse('2024-03-04T16:00:00Z'), netPnl: 6, rMultiple: null },
      { closedAt: Date.parse('2024-04-01T01:00:00Z'), netPnl: 99, rMultiple: null }, // 03-31 in New York
    ];
    const month = computeCalendarMonth(trades, {
      month: '2024-03',
      calendar: newYork,
      notedDates: new Set(['2024-03-05']),
    });
    expect(month.days.map((d) => [d.date, d.trades, d.netPnl, d.hasNote])).toEqual([
      ['2024-03-01', 1, 10, false],
      ['2024-03-04', 2, 2, false],
      ['2024-03-05', 0, 0, true],
      ['2024-03-31', 1, 99, false],
    ]);
    expect(month.weeks[0]).toEqual({ weekStart: '2024-02-26', netPnl: 10, trades: 1, tradingDays: 1 });
    expect(month.weeks).toHaveLength(5);
    expect(month).toMatchObject({ netPnl: 111, trades: 4, tradingDays: 3 });
  });
});

describe('computeDistribution', () => {
  it('bins R in half-R steps and counts every value', () => {
    const dist = computeDistribution([-1, -0.75, 0, 0.4, 2.6], { binWidth: 0.5 });
    expect(dist.bins[0]).toEqual({ from: -1, to: -0.5, count: 2 });
    expect(dist.bins.reduce((a, b) => a + b.count, 0)).toBe(5);
    expect(dist).toMatchObject({ count: 5, median: 0, min: -1, max: 2.6 });
  });

  it('answers no bins for no values', () => {
    expect(computeDistribution([])).toMatchObject({ count: 0, bins: [], mean: null });
  });
});
