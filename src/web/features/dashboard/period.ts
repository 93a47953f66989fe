/** The dashboard's period choices and their date ranges, as calendar days in the user's time zone. */

export const PERIODS = [
  { id: 'week', label: 'This week' },
  { id: 'month', label: 'This month' },
  { id: 'quarter', label: 'This quarter' },
  { id: 'year', label: 'This year' },
  { id: 'all', label: 'All time' },
  { id: 'custom', label: 'Custom' },
] as const;

export type PeriodId = (typeof PERIODS)[number]['id'];

/** A range of calendar days (YYYY-MM-DD, both included); open ends are absent. */
export type DayRange = { from?: string; to?: string };

export function isPeriodId(value: string | null): value is PeriodId {
  return PERIODS.some((p) => p.id === value);
}

/** Today's date (YYYY-MM-DD) in the time zone; the browser's zone when the name is unknown. */
export function toTodayKey(now: Date, timeZone: string): string {
  const format = (zone?: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return format(timeZone);
  } catch {
    return format();
  }
}

const toDay = (key: string) => Math.floor(Date.parse(`${key}T00:00:00Z`) / 86_400_000);
const toKey = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** Moves a date key by whole days. */
export function addDays(key: string, days: number): string {
  return toKey(toDay(key) + days);
}

/** 1 = Monday … 7 = Sunday. */
export function toIsoWeekday(key: string): number {
  const weekday = new Date(`${key}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/**
 * The days a period covers, up to today: this week starts on Monday, quarters on January, April,
 * July and October. "all" is unbounded; "custom" takes the given range as it is.
 */
export function toPeriodRange(period: PeriodId, today: string, custom: DayRange = {}): DayRange {
  const [year, month] = today.split('-');
  switch (period) {
    case 'week':
      return { from: addDays(today, 1 - toIsoWeekday(today)), to: today };
    case 'month':
      return { from: `${year}-${month}-01`, to: today };
    case 'quarter': {
      const first = Math.floor((Number(month) - 1) / 3) * 3 + 1;
      return { from: `${year}-${String(first).padStart(2, '0')}-01`, to: today };
    }
    case 'year':
      return { from: `${year}-01-01`, to: today };
    case 'all':
      return {};
    case 'custom':
      return { from: custom.from || undefined, to: custom.to || undefined };
  }
}

/** "YYYY-MM" of a date key, and the month before or after. */
export function toMonthKey(key: string): string {
  return key.slice(0, 7);
}

export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y! * 12 + (m! - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The month grid: Monday-first weeks covering the month, each a list of seven date keys (days of
 * the neighbouring months included, for the grid's blanks).
 */
export function toMonthWeeks(month: string): string[][] {
  const first = `${month}-01`;
  const last = addDays(`${addMonths(month, 1)}-01`, -1);
  const weeks: string[][] = [];
  for (let monday = addDays(first, 1 - toIsoWeekday(first)); monday <= last; monday = addDays(monday, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(monday, i)));
  }
  return weeks;
}
