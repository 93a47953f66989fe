import { divideOrInfinity } from './numeric';
import type { AnalyticsTradeDetail } from './breakdown';
import type { ZonedCalendar } from './time-zone';

export const HEATMAP_METRICS = ['netPnl', 'winRate', 'count'] as const;
export type HeatmapMetric = (typeof HEATMAP_METRICS)[number];

export type HeatmapCell = {
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Local hour, 0–23. */
  hour: number;
  count: number;
  netPnl: number;
  wins: number;
  /** wins / count; null for an empty cell. */
  winRate: number | null;
  /** The requested metric's value; null for an empty cell's win rate. */
  value: number | null;
};

/**
 * Time of day × weekday: every one of the 7 × 24 cells (weekday-major), by the entry time
 * (openedAt) in the calendar's time zone.
 */
export function computeHeatmap(
  trades: readonly Pick<AnalyticsTradeDetail, 'openedAt' | 'netPnl'>[],
  params: { metric: HeatmapMetric; calendar: ZonedCalendar },
): HeatmapCell[] {
  const count = new Int32Array(7 * 24);
  const wins = new Int32Array(7 * 24);
  const pnl = new Float64Array(7 * 24);
  const carry = new Float64Array(7 * 24);
  for (const trade of trades) {
    const { weekday, hour } = params.calendar.toPosition(trade.openedAt);
    const i = (weekday - 1) * 24 + hour;
    count[i]! += 1;
    if (trade.netPnl > 0) wins[i]! += 1;
    const t = pnl[i]! + trade.netPnl;
    carry[i]! += Math.abs(pnl[i]!) >= Math.abs(trade.netPnl) ? pnl[i]! - t + trade.netPnl : trade.netPnl - t + pnl[i]!;
    pnl[i] = t;
  }
  const cells: HeatmapCell[] = [];
  for (let i = 0; i < 7 * 24; i++) {
    const netPnl = pnl[i]! + carry[i]!;
    const winRate = divideOrInfinity(wins[i]!, count[i]!);
    cells.push({
      weekday: Math.floor(i / 24) + 1,
      hour: i % 24,
      count: count[i]!,
      netPnl,
      wins: wins[i]!,
      winRate,
      value: params.metric === 'count' ? count[i]! : params.metric === 'netPnl' ? netPnl : winRate,
    });
  }
  return cells;
}
