import type Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createZonedCalendar } from '../analytics/time-zone';
import { D } from '../money/decimal';
import { computeMeanInterval, computeWilsonInterval, studentT975 } from './confidence';
import { computeReport, computeReportDifference, MULTI_VALUED_GROUP_BYS, REPORT_GROUP_BYS } from './report';
import { toReportColumns, type ReportTrade } from './report-columns';

const UTC = createZonedCalendar('UTC');
const account = { id: 'a1', name: 'Main' };

function makeTrade(overrides: Partial<ReportTrade> = {}): ReportTrade {
  return {
    closedAt: Date.UTC(2025, 0, 6, 15),
    openedAt: Date.UTC(2025, 0, 6, 14),
    netPnl: '10',
    grossPnl: '11',
    fees: '1',
    rMultiple: null,
    holdingSeconds: 3600,
    side: 'long',
    symbol: 'AAPL',
    assetClass: 'stock',
    account,
    strategy: null,
    tags: [],
    ...overrides,
  };
}

describe('studentT975', () => {
  it.each([
    [1, 12.706204736],
    [2, 4.30265273],
    [3, 3.182446305],
    [10, 2.228138852],
    [29, 2.045229642],
    [100, 1.983971519],
  ])('matches R qt(0.975, %i) = %f', (df, expected) => {
    expect(studentT975(df)).toBeCloseTo(expected, 8);
  });
});

describe('computeWilsonInterval', () => {
  it('gives the Wilson score interval of 7 wins in 10', () => {
    const [lo, hi] = computeWilsonInterval(7, 10)!;
    expect(lo).toBeCloseTo(0.396778, 5);
    expect(hi).toBeCloseTo(0.892209, 5);
  });

  it('starts at 0 for no wins and ends at 1 for all wins', () => {
    expect(computeWilsonInterval(0, 5)![0]).toBe(0);
    expect(computeWilsonInterval(5, 5)![1]).toBe(1);
  });

  it('holds the win rate for any count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, share) => {
        const wins = Math.round(n * share);
        const [lo, hi] = computeWilsonInterval(wins, n)!;
        expect(lo).toBeGreaterThanOrEqual(0);
        expect(hi).toBeLessThanOrEqual(1);
        expect(lo).toBeLessThanOrEqual(wins / n);
        expect(hi).toBeGreaterThanOrEqual(wins / n);
      }),
    );
  });
});

describe('computeMeanInterval', () => {
  it('is mean ± t·s/√n', () => {
    // 1..5: mean 3, s = √2.5, t(4) = 2.776445105.
    const { mean, interval } = computeMeanInterval([1, 2, 3, 4, 5]);
    const half = (2.776445105 * Math.sqrt(2.5)) / Math.sqrt(5);
    expect(mean).toBe(3);
    expect(interval![0]).toBeCloseTo(3 - half, 8);
    expect(interval![1]).toBeCloseTo(3 + half, 8);
  });

  it('has no interval below two values', () => {
    expect(computeMeanInterval([4]).interval).toBeNull();
    expect(computeMeanInterval([]).mean).toBeNull();
  });
});

describe('computeReport', () => {
  it('counts a trade within its breakeven band as neither win nor loss (band 0: the sign alone)', () => {
    const trades = [
      makeTrade({ netPnl: '1.4', closedAt: 1 }),
      makeTrade({ netPnl: '-1.5', closedAt: 2 }),
      makeTrade({ netPnl: '2.6', closedAt: 3 }),
      makeTrade({ netPnl: '-4.7', closedAt: 4, assetClass: 'future', symbol: 'ESH5' }),
    ];
    const columns = toReportColumns(trades, { withJournal: false });
    expect(computeReport(columns, { groupBy: 'none', calendar: UTC }).total).toMatchObject({ wins: 2, losses: 2 });
    // 1.5 on stocks: +1.4 and −1.5 (the edge, inclusive) are breakevens; the future has no band.
    const band = Float64Array.from([1.5, 1.5, 1.5, 0]);
    const { total, groups } = computeReport({ ...columns, band }, { groupBy: 'assetClass', calendar: UTC });
    expect(total).toMatchObject({ count: 4, wins: 1, losses: 1, winRate: 0.25, avgWin: '2.6', avgLoss: '-4.7' });
    expect(total.profitFactor).toBeCloseTo(2.6 / 4.7, 8);
    expect(groups.find((row) => row.key === 'stock')).toMatchObject({ count: 3, wins: 1, losses: 0 });
  });

  it('computes the row of the issue exactly, money as decimal text', () => {
    const trades = [
      makeTrade({ netPnl: '0.1', grossPnl: '0.3', fees: '0.2', rMultiple: 0.5, closedAt: 1 }),
      makeTrade({ netPnl: '0.2', grossPnl: '0.2', fees: '0', rMultiple: 1, closedAt: 2 }),
      makeTrade({ netPnl: '-0.7', grossPnl: '-0.6', fees: '0.1', rMultiple: -1, closedAt: 3 }),
      makeTrade({ netPnl: '0', grossPnl: '0.05', fees: '0.05', closedAt: 4 }),
    ];
    const { total } = computeReport(toReportColumns(trades, { withJournal: false }), {
      groupBy: 'none',
      calendar: UTC,
    });
    expect(total).toMatchObject({
      count: 4,
      wins: 2,
      losses: 1,
      netPnl: '-0.4',
      grossPnl: '-0.05',
      fees: '0.35',
      winRate: 0.5,
      expectancy: '-0.1',
      avgWin: '0.15',
      avgLoss: '-0.7',
      maxDrawdownAbs: '0.7',
      expectancyR: 1 / 6,
      avgR: 1 / 6,
      lowSample: true,
    });
    expect(total.profitFactor).toBeCloseTo(0.3 / 0.7, 12);
    const [lo, hi] = total.expectancyCi95!;
    expect(D(lo).lte(D('-0.1'))).toBe(true);
    expect(D(hi).gte(D('-0.1'))).toBe(true);
  });

  it('answers Infinity for a profit factor without losses and null with no decided trade', () => {
    const columns = toReportColumns([makeTrade({ netPnl: '5' })], { withJournal: false });
    expect(computeReport(columns, { groupBy: 'none', calendar: UTC }).total.profitFactor).toBe('Infinity');
    const flat = toReportColumns([makeTrade({ netPnl: '0' })], { withJournal: false });
    expect(computeReport(flat, { groupBy: 'none', calendar: UTC }).total.profitFactor).toBeNull();
  });

  it('marks rows below 30 trades as low sample', () => {
    const many = Array.from({ length: 30 }, (_, i) => makeTrade({ closedAt: i, symbol: i < 29 ? 'A' : 'B' }));
    const report = computeReport(toReportColumns(many, { withJournal: false }), { groupBy: 'symbol', calendar: UTC });
    expect(report.total.lowSample).toBe(false);
    expect(report.groups.map((g) => [g.key, g.lowSample])).toEqual([
      ['A', true],
      ['B', true],
    ]);
  });

  it('puts a trade closed at 01:00 UTC on the previous day in New York', () => {
    const trade = makeTrade({ closedAt: Date.UTC(2025, 0, 7, 1), openedAt: Date.UTC(2025, 0, 7, 0, 30) });
    const columns = toReportColumns([trade], { withJournal: false });
    const ny = createZonedCalendar('America/New_York');
    expect(computeReport(columns, { groupBy: 'day', calendar: ny }).groups[0]!.key).toBe('2025-01-06');
    expect(computeReport(columns, { groupBy: 'day', calendar: UTC }).groups[0]!.key).toBe('2025-01-07');
    expect(computeReport(columns, { groupBy: 'hour', calendar: ny }).groups[0]!.key).toBe('19');
    expect(computeReport(columns, { groupBy: 'weekday', calendar: ny }).groups[0]!.label).toBe('Monday');
  });

  it('groups weeks from Monday and counts a trade in each of its tags', () => {
    const trades = [
      makeTrade({ closedAt: Date.UTC(2025, 0, 5), tags: [{ id: 't1', name: 'A+' }] }), // a Sunday
      makeTrade({
        closedAt: Date.UTC(2025, 0, 6),
        tags: [
          { id: 't1', name: 'A+' },
          { id: 't2', name: 'FOMO' },
        ],
      }),
      makeTrade({ closedAt: Date.UTC(2025, 0, 7) }),
    ];
    const columns = toReportColumns(trades, { withJournal: false });
    expect(computeReport(columns, { groupBy: 'week', calendar: UTC }).groups.map((g) => [g.key, g.count])).toEqual([
      ['2024-12-30', 1],
      ['2025-01-06', 2],
    ]);
    const byTag = computeReport(columns, { groupBy: 'tag', calendar: UTC }).groups;
    expect(byTag.map((g) => [g.key, g.label, g.count])).toEqual([
      ['t1', 'A+', 2],
      ['t2', 'FOMO', 1],
      ['none', 'Untagged', 1],
    ]);
  });

  it('groups by the journal: mistakes, emotions and rating', () => {
    const trades = [
      makeTrade({ mistakes: ['chased'], emotions: ['fear', 'greed'], rating: 4 }),
      makeTrade({ mistakes: [], emotions: ['fear'], rating: null }),
    ];
    const columns = toReportColumns(trades, { withJournal: true });
    const of = (groupBy: 'mistake' | 'emotion' | 'rating') =>
      computeReport(columns, { groupBy, calendar: UTC }).groups.map((g) => [g.key, g.count]);
    expect(of('mistake')).toEqual([
      ['chased', 1],
      ['none', 1],
    ]);
    expect(of('emotion')).toEqual([
      ['fear', 2],
      ['greed', 1],
    ]);
    expect(of('rating')).toEqual([
      ['4', 1],
      ['none', 1],
    ]);
  });

  it('gives B − A of two reports, group by group', () => {
    const a = computeReport(toReportColumns([makeTrade({ netPnl: '10' })], { withJournal: false }), {
      groupBy: 'symbol',
      calendar: UTC,
    });
    const b = computeReport(
      toReportColumns([makeTrade({ netPnl: '2.5' }), makeTrade({ netPnl: '-1', symbol: 'MSFT' })], {
        withJournal: false,
      }),
      { groupBy: 'symbol', calendar: UTC },
    );
    const difference = computeReportDifference(a, b);
    expect(difference.total).toMatchObject({ count: 1, netPnl: '-8.5' });
    expect(difference.groups.map((g) => [g.key, g.count, g.netPnl])).toEqual([
      ['AAPL', 0, '-7.5'],
      ['MSFT', 1, '-1'],
    ]);
  });
});

const cents = fc.integer({ min: -5_000_000, max: 5_000_000 }).map((c) => (c / 100).toFixed(2));
const tradeArbitrary = fc.record({
  closedAt: fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2025, 11, 31) }),
  hold: fc.integer({ min: 0, max: 10 * 86_400_000 }),
  net: cents,
  fees: fc.integer({ min: 0, max: 1000 }).map((c) => (c / 100).toFixed(2)),
  r: fc.option(fc.double({ min: -5, max: 5, noNaN: true }), { nil: null }),
  symbol: fc.constantFrom('AAPL', 'MSFT', 'ES'),
  side: fc.constantFrom('long' as const, 'short' as const),
  strategy: fc.constantFrom(null, { id: 's1', name: 'Breakout' }),
  tags: fc.subarray([
    { id: 't1', name: 'A' },
    { id: 't2', name: 'B' },
  ]),
  rating: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  mistakes: fc.subarray(['late', 'size']),
});

type Row = typeof tradeArbitrary extends fc.Arbitrary<infer T> ? T : never;

function toTrades(rows: Row[]): ReportTrade[] {
  return rows.map((row) =>
    makeTrade({
      closedAt: row.closedAt,
      openedAt: row.closedAt - row.hold,
      netPnl: row.net,
      fees: row.fees,
      grossPnl: D(row.net).plus(D(row.fees)).toString(),
      rMultiple: row.r,
      holdingSeconds: row.hold / 1000,
      symbol: row.symbol,
      side: row.side,
      strategy: row.strategy,
      tags: row.tags,
      rating: row.rating,
      mistakes: row.mistakes,
    }),
  );
}

describe('computeReport properties', () => {
  const calendar = createZonedCalendar('Europe/Berlin');

  it('conserves trades and money over single-valued groupings; every interval holds its estimate', () => {
    fc.assert(
      fc.property(
        fc.array(tradeArbitrary, { maxLength: 60 }),
        fc.constantFrom(...REPORT_GROUP_BYS),
        (rows, groupBy) => {
          const columns = toReportColumns(toTrades(rows), { withJournal: true });
          const { total, groups } = computeReport(columns, { groupBy, calendar });
          expect(total.count).toBe(rows.length);
          expect(D(total.netPnl).eq(rows.reduce<Big>((sum, row) => sum.plus(D(row.net)), D(0)))).toBe(true);
          if (!MULTI_VALUED_GROUP_BYS.has(groupBy)) {
            expect(groups.reduce((sum, g) => sum + g.count, 0)).toBe(total.count);
            expect(groups.reduce<Big>((sum, g) => sum.plus(D(g.netPnl)), D(0)).eq(D(total.netPnl))).toBe(true);
            expect(groups.reduce((sum, g) => sum + g.wins, 0)).toBe(total.wins);
          } else {
            for (const g of groups) expect(g.count).toBeLessThanOrEqual(total.count);
          }
          for (const row of [total, ...groups]) {
            expect(D(row.netPnl).eq(D(row.grossPnl).minus(D(row.fees)))).toBe(true);
            expect(D(row.maxDrawdownAbs).gte(0)).toBe(true);
            expect(row.lowSample).toBe(row.count < 30);
            if (row.winRateCi95 && typeof row.winRate === 'number') {
              expect(row.winRateCi95[0]).toBeLessThanOrEqual(row.winRate);
              expect(row.winRateCi95[1]).toBeGreaterThanOrEqual(row.winRate);
            }
            if (row.expectancyCi95 && row.expectancy !== null) {
              expect(D(row.expectancyCi95[0]).lte(D(row.expectancy))).toBe(true);
              expect(D(row.expectancyCi95[1]).gte(D(row.expectancy))).toBe(true);
            }
            if (row.expectancyRCi95 && typeof row.expectancyR === 'number') {
              expect(row.expectancyRCi95[0]).toBeLessThanOrEqual(row.expectancyR + 1e-9);
              expect(row.expectancyRCi95[1]).toBeGreaterThanOrEqual(row.expectancyR - 1e-9);
            }
          }
        },
      ),
    );
  });

  it('finds the drawdown of the cumulative net P&L, the start included', () => {
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 40 }), (nets) => {
        const trades = nets.map((net, i) => makeTrade({ closedAt: i, netPnl: net, grossPnl: net, fees: '0' }));
        const { total } = computeReport(toReportColumns(trades, { withJournal: false }), {
          groupBy: 'none',
          calendar: UTC,
        });
        let equity = D(0);
        let peak = D(0);
        let worst = D(0);
        for (const net of nets) {
          equity = equity.plus(D(net)) as typeof equity;
          if (equity.gt(peak)) peak = equity;
          if (peak.minus(equity).gt(worst)) worst = peak.minus(equity) as typeof worst;
        }
        expect(total.maxDrawdownAbs).toBe(worst.toString());
      }),
    );
  });
});
