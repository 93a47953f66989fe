import { sumCompensated } from './numeric';
import { toTradeColumns, type TradeInput } from './trade-columns';
import { toDateKey, toDayNumber, toWeekday, type ZonedCalendar } from './time-zone';

export type CalendarDay = {
  date: string;
  netPnl: number;
  trades: number;
  wins: number;
  losses: number;
  hasNote: boolean;
};

export type CalendarWeek = {
  /** Monday of the week (may fall in the previous month). */
  weekStart: string;
  /** Totals over the week's days inside the month. */
  netPnl: number;
  trades: number;
  tradingDays: number;
};

export type CalendarMonth = {
  month: string;
  /** Every day of the month that has a closed trade or a note, in date order. */
  days: CalendarDay[];
  /** Monday-to-Sunday weeks that overlap the month, in order. */
  weeks: CalendarWeek[];
  netPnl: number;
  trades: number;
  tradingDays: number;
};

/** True for "YYYY-MM" with a month 01–12. */
export function isMonthKey(month: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
}

/** The first and last day numbers of a "YYYY-MM" month. */
export function toMonthRange(month: string): { first: number; last: number } {
  const [y, m] = month.split('-').map(Number);
  const first = toDayNumber(`${month}-01`);
  const next = Math.floor(Date.UTC(y!, m!, 1) / 86_400_000);
  return { first, last: next - 1 };
}

/**
 * The P&L calendar of one month: per day (by closedAt in the calendar's zone) net P&L, trade
 * count, wins and losses and whether the day has a journal note (`notedDates`, "YYYY-MM-DD");
 * weekly totals over Monday–Sunday weeks. Trades outside the month are ignored.
 */
export function computeCalendarMonth(
  trades: TradeInput,
  params: { month: string; calendar: ZonedCalendar; notedDates?: ReadonlySet<string> },
): CalendarMonth {
  const { first, last } = toMonthRange(params.month);
  const { count, closedAt, netPnl } = toTradeColumns(trades);
  const byDay = new Map<number, { pnl: number[]; wins: number; losses: number }>();
  for (let i = 0; i < count; i++) {
    const day = params.calendar.toDayNumber(closedAt[i]!);
    if (day < first || day > last) continue;
    const pnl = netPnl[i]!;
    const entry = byDay.get(day) ?? { pnl: [], wins: 0, losses: 0 };
    entry.pnl.push(pnl);
    if (pnl > 0) entry.wins += 1;
    else if (pnl < 0) entry.losses += 1;
    byDay.set(day, entry);
  }
  const noted = params.notedDates ?? new Set<string>();
  const days: CalendarDay[] = [];
  for (let day = first; day <= last; day++) {
    const entry = byDay.get(day);
    const date = toDateKey(day);
    const hasNote = noted.has(date);
    if (!entry && !hasNote) continue;
    days.push({
      date,
      netPnl: entry ? sumCompensated(entry.pnl) : 0,
      trades: entry?.pnl.length ?? 0,
      wins: entry?.wins ?? 0,
      losses: entry?.losses ?? 0,
      hasNote,
    });
  }
  const weeks: CalendarWeek[] = [];
  for (let monday = first - (toWeekday(first) - 1); monday <= last; monday += 7) {
    const inWeek = days.filter((d) => {
      const n = toDayNumber(d.date);
      return n >= monday && n < monday + 7;
    });
    weeks.push({
      weekStart: toDateKey(monday),
      netPnl: sumCompensated(inWeek.map((d) => d.netPnl)),
      trades: inWeek.reduce((a, d) => a + d.trades, 0),
      tradingDays: inWeek.filter((d) => d.trades > 0).length,
    });
  }
  return {
    month: params.month,
    days,
    weeks,
    netPnl: sumCompensated(days.map((d) => d.netPnl)),
    trades: days.reduce((a, d) => a + d.trades, 0),
    tradingDays: days.filter((d) => d.trades > 0).length,
  };
}
