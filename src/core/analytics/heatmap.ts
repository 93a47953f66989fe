import { divideOrInfinity } from './numeric';
import type { AnalyticsTradeDetail } from './breakdown';
import type { ZonedCalendar } from './time-zone';

/**
 * Entry times and net P&L, trade by trade (TradeDetailColumns are), and which entries' files gave
 * only the day (no hour: left out).
 */
type EntryColumns = { openedAt: Float64Array; netPnl: Float64Array; isOpenTimeUnknown?: Uint8Array };

function toEntryColumns(trades: readonly Pick<AnalyticsTradeDetail, 'openedAt' | 'netPnl'>[]): EntryColumns {
  return {
    openedAt: Float64Array.from(trades, (trade) => trade.openedAt),
    netPnl: Float64Array.from(trades, (trade) => trade.netPnl),
  };
}

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
/** How many of the trades have no entry hour (their file gave the day alone): the heatmap leaves them out. */
export function countOpenTimeUnknown(trades: { isOpenTimeUnknown?: Uint8Array }): number {
  let count = 0;
  for (const flag of trades.isOpenTimeUnknown ?? []) count += flag;
  return count;
}

export function computeHeatmap(
  input: readonly Pick<AnalyticsTradeDetail, 'openedAt' | 'netPnl'>[] | EntryColumns,
  params: { metric: HeatmapMetric; calendar: ZonedCalendar },
): HeatmapCell[] {
  const trades = Array.isArray(input) ? toEntryColumns(input) : (input as EntryColumns);
  const count = new Int32Array(7 * 24);
  const wins = new Int32Array(7 * 24);
  const pnl = new Float64Array(7 * 24);
  const carry = new Float64Array(7 * 24);
  const unknown = trades.isOpenTimeUnknown;
  for (let k = 0; k < trades.openedAt.length; k++) {
    if (unknown !== undefined && unknown[k] === 1) continue;
    const i = params.calendar.toHourOfWeek(trades.openedAt[k]!);
    const x = trades.netPnl[k]!;
    count[i]! += 1;
    if (x > 0) wins[i]! += 1;
    const t = pnl[i]! + x;
    carry[i]! += Math.abs(pnl[i]!) >= Math.abs(x) ? pnl[i]! - t + x : x - t + pnl[i]!;
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
