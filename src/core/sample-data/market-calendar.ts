/**
 * US market calendar arithmetic on plain day numbers (days since 1970-01-01, UTC), so the sample
 * generator needs neither a clock nor a timezone database.
 */

const DAY_MS = 86_400_000;

/** A calendar day as days since 1970-01-01. */
export type DayNumber = number;

export function toDayNumber(iso: string): DayNumber {
  return Math.floor(Date.parse(iso) / DAY_MS);
}

/** `YYYY-MM-DD` of a day number. */
export function toIsoDate(day: DayNumber): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function toWeekday(day: DayNumber): number {
  return (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

function dayOf(year: number, month: number, date: number): DayNumber {
  return Math.floor(Date.UTC(year, month - 1, date) / DAY_MS);
}

/** The n-th (1-based) given weekday of a month. */
function nthWeekday(params: { year: number; month: number; weekday: number; n: number }): DayNumber {
  const first = dayOf(params.year, params.month, 1);
  const offset = (params.weekday - toWeekday(first) + 7) % 7;
  return first + offset + (params.n - 1) * 7;
}

/** True when New York observes daylight time on that day (second Sunday of March to first Sunday of November). */
export function isNewYorkDaylightTime(day: DayNumber): boolean {
  const year = new Date(day * DAY_MS).getUTCFullYear();
  const start = nthWeekday({ year, month: 3, weekday: 0, n: 2 });
  const end = nthWeekday({ year, month: 11, weekday: 0, n: 1 });
  return day >= start && day < end;
}

/**
 * The UTC instant (ms) of a New York wall-clock time. Market hours never fall in the 02:00 hour
 * of a clock change, so the day's offset applies to the whole session.
 */
export function toNewYorkInstant(day: DayNumber, secondsAfterMidnight: number): number {
  const offsetHours = isNewYorkDaylightTime(day) ? 4 : 5;
  return day * DAY_MS + (secondsAfterMidnight + offsetHours * 3600) * 1000;
}

/** Fixed-date NYSE holidays (observed on the nearest weekday) plus the Monday/Thursday ones. */
function isHoliday(day: DayNumber): boolean {
  const date = new Date(day * DAY_MS);
  const year = date.getUTCFullYear();
  const observed = (d: DayNumber) => (toWeekday(d) === 6 ? d - 1 : toWeekday(d) === 0 ? d + 1 : d);
  const holidays = [
    observed(dayOf(year, 1, 1)),
    nthWeekday({ year, month: 1, weekday: 1, n: 3 }), // Martin Luther King Jr. Day
    nthWeekday({ year, month: 2, weekday: 1, n: 3 }), // Presidents' Day
    nthWeekday({ year, month: 6, weekday: 1, n: 1 }) - 7, // Memorial Day: the last Monday of May
    observed(dayOf(year, 6, 19)),
    observed(dayOf(year, 7, 4)),
    nthWeekday({ year, month: 9, weekday: 1, n: 1 }), // Labor Day
    nthWeekday({ year, month: 11, weekday: 4, n: 4 }), // Thanksgiving
    observed(dayOf(year, 12, 25)),
  ];
  return holidays.includes(day);
}

/** Trading days (weekdays that are not NYSE holidays) in [from, to], in order. */
export function listTradingDays(from: DayNumber, to: DayNumber): DayNumber[] {
  const days: DayNumber[] = [];
  for (let day = from; day <= to; day += 1) {
    const weekday = toWeekday(day);
    if (weekday !== 0 && weekday !== 6 && !isHoliday(day)) days.push(day);
  }
  return days;
}

/** The first day on or after `day` with this weekday. */
export function toNextWeekday(day: DayNumber, weekday: number): DayNumber {
  return day + ((weekday - toWeekday(day) + 7) % 7);
}

/** The third Friday of a month (equity index futures and monthly options expire then). */
export function toThirdFriday(year: number, month: number): DayNumber {
  return nthWeekday({ year, month, weekday: 5, n: 3 });
}

/** Calendar year and month (1–12) of a day. */
export function toYearMonth(day: DayNumber): { year: number; month: number } {
  const date = new Date(day * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}
