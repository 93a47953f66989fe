import { computeMean, divideOrInfinity, sumCompensated } from './numeric';
import { sortByClose, type AnalyticsTrade } from './trade-stats';
import { toDateKey, type ZonedCalendar } from './time-zone';

/** A closed trade with what breakdowns, the heatmap and the calendar group by. */
export type AnalyticsTradeDetail = AnalyticsTrade & {
  /** Entry time, epoch ms. */
  openedAt: number;
  symbol: string;
  side: 'long' | 'short';
  assetClass: string;
  strategy: { id: string; name: string } | null;
  tags: readonly { id: string; name: string }[];
  holdingSeconds: number | null;
};

export const BREAKDOWN_DIMENSIONS = [
  'symbol',
  'strategy',
  'tag',
  'side',
  'assetClass',
  'weekday',
  'hour',
  'month',
  'holdingTime',
  'rBucket',
] as const;
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];

/** Statistics of one group of trades (conventions as in the trade statistics). */
export type GroupStats = {
  count: number;
  wins: number;
  losses: number;
  breakeven: number;
  winRate: number | null;
  netPnl: number;
  grossProfit: number;
  grossLoss: number;
  avgWin: number | null;
  avgLoss: number | null;
  profitFactor: number | null;
  /** Mean net P&L per trade. */
  expectancy: number | null;
  /** Mean R over the group's trades that have an R. */
  expectancyR: number | null;
  rCount: number;
  totalR: number;
};

export type BreakdownGroup = GroupStats & { key: string; label: string };

/** Computes {@link GroupStats} for a list of trades. */
export function computeGroupStats(trades: readonly AnalyticsTrade[]): GroupStats {
  const wins: number[] = [];
  const losses: number[] = [];
  const all: number[] = [];
  const rs: number[] = [];
  for (const trade of trades) {
    all.push(trade.netPnl);
    if (trade.netPnl > 0) wins.push(trade.netPnl);
    else if (trade.netPnl < 0) losses.push(trade.netPnl);
    if (trade.rMultiple !== null) rs.push(trade.rMultiple);
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

const WEEKDAY_LABELS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Holding-time buckets: upper bounds in seconds (exclusive), in order. */
export const HOLDING_TIME_BUCKETS: readonly { key: string; label: string; below: number }[] = [
  { key: 'lt1m', label: '< 1 min', below: 60 },
  { key: '1m-5m', label: '1–5 min', below: 300 },
  { key: '5m-15m', label: '5–15 min', below: 900 },
  { key: '15m-1h', label: '15–60 min', below: 3_600 },
  { key: '1h-4h', label: '1–4 h', below: 14_400 },
  { key: '4h-1d', label: '4 h – 1 day', below: 86_400 },
  { key: '1d-1w', label: '1–7 days', below: 604_800 },
  { key: 'gte1w', label: '≥ 7 days', below: Infinity },
];

/** R buckets: half-open [from, to), in order. */
export const R_BUCKETS: readonly { key: string; label: string; from: number; to: number }[] = [
  { key: 'lt-2', label: '< −2R', from: -Infinity, to: -2 },
  { key: '-2..-1', label: '−2R to −1R', from: -2, to: -1 },
  { key: '-1..0', label: '−1R to 0R', from: -1, to: 0 },
  { key: '0..1', label: '0R to 1R', from: 0, to: 1 },
  { key: '1..2', label: '1R to 2R', from: 1, to: 2 },
  { key: '2..3', label: '2R to 3R', from: 2, to: 3 },
  { key: 'gte3', label: '≥ 3R', from: 3, to: Infinity },
];

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
      if (trade.holdingSeconds === null) return [{ key: 'unknown', label: 'Unknown', order: 99 }];
      const index = HOLDING_TIME_BUCKETS.findIndex((bucket) => trade.holdingSeconds! < bucket.below);
      const bucket = HOLDING_TIME_BUCKETS[index]!;
      return [{ key: bucket.key, label: bucket.label, order: index }];
    }
    case 'rBucket': {
      if (trade.rMultiple === null) return [{ key: 'none', label: 'No R', order: 99 }];
      const index = R_BUCKETS.findIndex((bucket) => trade.rMultiple! >= bucket.from && trade.rMultiple! < bucket.to);
      const bucket = R_BUCKETS[index]!;
      return [{ key: bucket.key, label: bucket.label, order: index }];
    }
  }
}

/** Dimensions whose groups have a natural order; the others are listed by net P&L, best first. */
const ORDERED: ReadonlySet<BreakdownDimension> = new Set([
  'side',
  'weekday',
  'hour',
  'month',
  'holdingTime',
  'rBucket',
]);

/**
 * Groups trades by a dimension and computes each group's statistics. Hour and weekday are of the
 * entry (openedAt) in the calendar's time zone; month is of the exit (closedAt), as the calendar
 * and the daily returns are. A trade with several tags counts in each of its tags' groups.
 */
export function computeBreakdown(
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
    group: { key: keyed.key, label: keyed.label, ...computeGroupStats(list) },
  }));
  out.sort((a, b) =>
    ORDERED.has(params.by) || a.order !== b.order
      ? a.order - b.order || (a.group.key < b.group.key ? -1 : a.group.key > b.group.key ? 1 : 0)
      : b.group.netPnl - a.group.netPnl || (a.group.key < b.group.key ? -1 : 1),
  );
  return out.map((entry) => entry.group);
}
