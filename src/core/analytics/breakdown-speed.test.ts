import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BREAKDOWN_DIMENSIONS,
  HOLDING_TIME_BUCKETS,
  R_BUCKETS,
  computeBreakdown,
  toBreakdownGroupJson,
  type AnalyticsTradeDetail,
  type BreakdownDimension,
  type BreakdownGroup,
  type GroupStats,
} from './breakdown';
import { toJsonNumbers } from './json-number';
import { computeMean, divideOrInfinity, sumCompensated } from './numeric';
import { createZonedCalendar, toDateKey, type ZonedCalendar } from './time-zone';
import type { AnalyticsTrade } from './trade-stats';

// The one-pass computeBreakdown against the list-per-group implementation it replaced, kept here
// as the reference: the results must match to the last bit (toEqual tells -0 from 0). A NaN R or
// holding time counts as none, as in the trade statistics.

const isMissing = (value: number | null): value is null => value === null || Number.isNaN(value);

function computeGroupStatsByLists(trades: readonly AnalyticsTrade[]): GroupStats {
  const wins: number[] = [];
  const losses: number[] = [];
  const all: number[] = [];
  const rs: number[] = [];
  for (const trade of trades) {
    all.push(trade.netPnl);
    if (trade.netPnl > 0) wins.push(trade.netPnl);
    else if (trade.netPnl < 0) losses.push(trade.netPnl);
    if (!isMissing(trade.rMultiple)) rs.push(trade.rMultiple);
  }
  const grossProfit = sumCompensated(wins);
  const grossLoss = sumCompensated(losses);
  return {
    count: all.length,
    wins: wins.length,
    losses: losses.length,
    breakeven: all.length - wins.length - losses.length,
    winRate: divideOrInfinity(wins.length, all.length),
    netPnl: sumCompensated(all),
    grossProfit,
    grossLoss,
    avgWin: computeMean(wins),
    avgLoss: computeMean(losses),
    profitFactor: divideOrInfinity(grossProfit, Math.abs(grossLoss)),
    expectancy: computeMean(all),
    expectancyR: computeMean(rs),
    rCount: rs.length,
    totalR: sumCompensated(rs),
  };
}

/** The engine's close order before it computed on columns: stable, ties keep input order. */
export function sortByClose<T extends { closedAt: number }>(trades: readonly T[]): readonly T[] {
  for (let i = 1; i < trades.length; i++) {
    if (trades[i]!.closedAt < trades[i - 1]!.closedAt) {
      return trades
        .map((trade, index) => ({ trade, index }))
        .sort((a, b) => a.trade.closedAt - b.trade.closedAt || a.index - b.index)
        .map((entry) => entry.trade);
    }
  }
  return trades;
}

const WEEKDAY_LABELS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type Keyed = { key: string; label: string; order: number };

function keysOf(trade: AnalyticsTradeDetail, by: BreakdownDimension, calendar: ZonedCalendar): Keyed[] {
  switch (by) {
    case 'symbol':
      return [{ key: trade.symbol, label: trade.symbol, order: 0 }];
    case 'strategy':
      return [
        trade.strategy
          ? { key: trade.strategy.id, label: trade.strategy.name, order: 0 }
          : { key: 'none', label: 'No strategy', order: 1 },
      ];
    case 'tag':
      return trade.tags.length === 0
        ? [{ key: 'none', label: 'Untagged', order: 1 }]
        : trade.tags.map((tag) => ({ key: tag.id, label: tag.name, order: 0 }));
    case 'side':
      return [
        { key: trade.side, label: trade.side === 'long' ? 'Long' : 'Short', order: trade.side === 'long' ? 0 : 1 },
      ];
    case 'assetClass':
      return [{ key: trade.assetClass, label: trade.assetClass, order: 0 }];
    case 'weekday': {
      const { weekday } = calendar.toPosition(trade.openedAt);
      return [{ key: String(weekday), label: WEEKDAY_LABELS[weekday - 1]!, order: weekday }];
    }
    case 'hour': {
      const { hour } = calendar.toPosition(trade.openedAt);
      return [{ key: String(hour), label: `${String(hour).padStart(2, '0')}:00`, order: hour }];
    }
    case 'month': {
      const month = toDateKey(calendar.toDayNumber(trade.closedAt)).slice(0, 7);
      return [{ key: month, label: month, order: 0 }];
    }
    case 'holdingTime': {
      if (isMissing(trade.holdingSeconds)) return [{ key: 'unknown', label: 'Unknown', order: 99 }];
      const index = HOLDING_TIME_BUCKETS.findIndex((bucket) => trade.holdingSeconds! < bucket.below);
      const bucket = HOLDING_TIME_BUCKETS[index]!;
      return [{ key: bucket.key, label: bucket.label, order: index }];
    }
    case 'rBucket': {
      if (isMissing(trade.rMultiple)) return [{ key: 'none', label: 'No R', order: 99 }];
      const index = R_BUCKETS.findIndex((bucket) => trade.rMultiple! >= bucket.from && trade.rMultiple! < bucket.to);
      const bucket = R_BUCKETS[index]!;
      return [{ key: bucket.key, label: bucket.label, order: index }];
    }
  }
}

const ORDERED: ReadonlySet<BreakdownDimension> = new Set([
  'side',
  'weekday',
  'hour',
  'month',
  'holdingTime',
  'rBucket',
]);

function computeBreakdownByLists(
  trades: readonly AnalyticsTradeDetail[],
  params: { by: BreakdownDimension; calendar: ZonedCalendar },
): BreakdownGroup[] {
  const groups = new Map<string, { keyed: Keyed; trades: AnalyticsTradeDetail[] }>();
  for (const trade of sortByClose(trades)) {
    for (const keyed of keysOf(trade, params.by, params.calendar)) {
      const group = groups.get(keyed.key);
      if (group) group.trades.push(trade);
      else groups.set(keyed.key, { keyed, trades: [trade] });
    }
  }
  const out = [...groups.values()].map(({ keyed, trades: list }) => ({
    order: keyed.order,
    group: { key: keyed.key, label: keyed.label, ...computeGroupStatsByLists(list) },
  }));
  out.sort((a, b) =>
    ORDERED.has(params.by) || a.order !== b.order
      ? a.order - b.order || (a.group.key < b.group.key ? -1 : a.group.key > b.group.key ? 1 : 0)
      : b.group.netPnl - a.group.netPnl || (a.group.key < b.group.key ? -1 : 1),
  );
  return out.map((entry) => entry.group);
}

const CALENDARS = [createZonedCalendar('UTC'), createZonedCalendar('America/New_York')];
const HOUR = 3_600_000;
// Around New York's switches to and from daylight saving time in 2024.
const ANCHORS = [Date.UTC(2024, 2, 9, 20), Date.UTC(2024, 10, 2, 20), Date.UTC(2024, 11, 31, 22)];

const pnlArbitrary = fc.oneof(
  fc.constantFrom(0, -0, 1e16, -1e16, 1, -1, 0.1, 0.2, -0.3),
  fc.integer({ min: -100_000, max: 100_000 }).map((cents) => cents / 100),
  fc.double({ min: -1e9, max: 1e9, noNaN: true }),
);

const rArbitrary = fc.oneof(
  fc.constant(null),
  fc.constantFrom(-2, -1, 0, -0, 1, 2, 3, 1e16, -1e16),
  fc.double({ min: -10, max: 10, noNaN: true }),
);

const holdingArbitrary = fc.oneof(
  fc.constant(null),
  fc.constantFrom(0, 59, 60, 299, 300, 900, 3_600, 14_400, 86_399, 86_400, 604_800),
  fc.integer({ min: 0, max: 2_000_000 }),
);

const namedArbitrary = fc.record({ id: fc.constantFrom('a', 'b', 'none'), name: fc.constantFrom('Alpha', 'Beta') });

/** Close times: a few shared instants (ties, and large buckets) and times across a DST switch. */
const closedAtArbitrary = fc.oneof(
  fc.constantFrom(...ANCHORS),
  fc
    .tuple(fc.constantFrom(...ANCHORS), fc.integer({ min: -48 * 60, max: 48 * 60 }))
    .map(([at, min]) => at + min * 60_000),
);

const tradeArbitrary = fc
  .record({
    closedAt: closedAtArbitrary,
    heldMs: fc.integer({ min: 0, max: 30 * HOUR }),
    netPnl: pnlArbitrary,
    rMultiple: rArbitrary,
    symbol: fc.constantFrom('AAPL', 'MSFT', 'none'),
    side: fc.constantFrom('long' as const, 'short' as const),
    assetClass: fc.constantFrom('stock', 'future'),
    strategy: fc.option(namedArbitrary),
    tags: fc.array(namedArbitrary, { maxLength: 3 }),
    holdingSeconds: holdingArbitrary,
  })
  .map(({ heldMs, ...trade }): AnalyticsTradeDetail => ({ ...trade, openedAt: trade.closedAt - heldMs }));

/** The result, or the kind of error thrown: both versions must fail on the same input. */
function outcomeOf<T>(compute: () => T): T | { threw: string } {
  try {
    return compute();
  } catch (error) {
    return { threw: error instanceof Error ? error.name : 'unknown' };
  }
}

function expectSameBreakdowns(trades: readonly AnalyticsTradeDetail[]): void {
  for (const calendar of CALENDARS) {
    for (const by of BREAKDOWN_DIMENSIONS) {
      const actual = outcomeOf(() => computeBreakdown(trades, { by, calendar }));
      const expected = outcomeOf(() => computeBreakdownByLists(trades, { by, calendar }));
      expect(actual).toEqual(expected);
      // The wire form, field by field, is the generic one's.
      if (Array.isArray(actual))
        expect(JSON.stringify(actual.map(toBreakdownGroupJson))).toBe(JSON.stringify(actual.map(toJsonNumbers)));
      // toEqual ignores property order; JSON responses do not.
      if (Array.isArray(actual) && Array.isArray(expected))
        expect(actual.map((group) => Object.keys(group))).toEqual(expected.map((group) => Object.keys(group)));
    }
  }
}

describe('computeBreakdown', () => {
  it('matches the list-per-group computation bit for bit, for every dimension', () => {
    fc.assert(
      fc.property(fc.array(tradeArbitrary, { maxLength: 120 }), (trades) => {
        expectSameBreakdowns(trades);
        expectSameBreakdowns(sortByClose(trades));
      }),
      { numRuns: 300 },
    );
  });

  it('matches when many trades share a close time (buckets sorted by comparing)', () => {
    fc.assert(
      fc.property(
        fc.array(tradeArbitrary, { minLength: 40, maxLength: 300 }),
        fc.integer({ min: 0, max: 10 }),
        (trades, outliers) => {
          // Most trades close at one instant, a few far later: one bucket holds all the rest.
          const clustered = trades.map((trade, i) => ({
            ...trade,
            closedAt: i < outliers ? trade.closedAt + 400 * 24 * HOUR : ANCHORS[0]! + (i % 3),
          }));
          expectSameBreakdowns(clustered.reverse());
        },
      ),
      { numRuns: 50 },
    );
  });

  it('matches on close times and P&L that are not finite (sortByClose and the final sort see NaN)', () => {
    const notFinite = fc.constantFrom(Number.NaN, Infinity, -Infinity);
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            tradeArbitrary,
            fc.oneof({ arbitrary: closedAtArbitrary, weight: 5 }, { arbitrary: notFinite, weight: 1 }),
            fc.oneof({ arbitrary: pnlArbitrary, weight: 10 }, { arbitrary: notFinite, weight: 1 }),
            fc.constantFrom('AAPL', 'MSFT', 'NVDA', 'TSLA', 'ES', 'NQ'),
          ),
          { maxLength: 60 },
        ),
        (tuples) => {
          expectSameBreakdowns(
            tuples.map(([trade, closedAt, netPnl, symbol]) => ({ ...trade, closedAt, netPnl, symbol })),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('matches with NaN R and holding times, which count as unknown', () => {
    fc.assert(
      fc.property(fc.array(tradeArbitrary, { minLength: 1, maxLength: 30 }), fc.nat(), (trades, pick) => {
        const i = pick % trades.length;
        const withNaN = trades.map((trade, j) =>
          j === i ? { ...trade, rMultiple: Number.NaN, holdingSeconds: Number.NaN } : trade,
        );
        expectSameBreakdowns(withNaN);
      }),
      { numRuns: 50 },
    );
  });
});
