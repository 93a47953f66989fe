/**
 * Calendar positions of instants in an IANA time zone (days, hours, weekdays), fast enough for
 * 100,000 trades: the zone's UTC offset is looked up once per UTC day and reused for every instant
 * of that day unless the offset changes during it (a DST switch), when each instant gets its own.
 */

const MS_PER_DAY = 86_400_000;
const MS_PER_HOUR = 3_600_000;

/** Where an instant falls in a time zone. */
export type ZonedPosition = {
  /** Days since 1970-01-01 in local time (a local calendar day's number). */
  dayNumber: number;
  /** Local hour, 0–23. */
  hour: number;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
};

export type ZonedCalendar = {
  timeZone: string;
  /** The local position of an instant (epoch milliseconds). */
  toPosition: (epochMs: number) => ZonedPosition;
  /** The local day number of an instant. */
  toDayNumber: (epochMs: number) => number;
  /** (ISO weekday − 1) × 24 + local hour: 0 (Monday 00h) … 167 (Sunday 23h), without building a position. */
  toHourOfWeek: (epochMs: number) => number;
};

/** True when Intl knows this IANA zone name ("UTC", "America/New_York", …). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** "YYYY-MM-DD" of a local day number. */
export function toDateKey(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The day number of "YYYY-MM-DD" (no validation beyond Date.UTC's). */
export function toDayNumber(dateKey: string): number {
  const [y, m, d] = dateKey.split('-').map(Number);
  return Math.floor(Date.UTC(y!, (m ?? 1) - 1, d ?? 1) / MS_PER_DAY);
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a day number (1970-01-01 was a Thursday). */
export function toWeekday(dayNumber: number): number {
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1;
}

/**
 * A calendar for one time zone. Throws a RangeError for an unknown zone name (validate user input
 * with {@link isValidTimeZone} first).
 */
export function createZonedCalendar(timeZone: string): ZonedCalendar {
  const isUtc = timeZone === 'UTC' || timeZone === 'Etc/UTC';
  const format = isUtc
    ? null
    : new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
  const offsetAt = (epochMs: number): number => {
    if (!format) return 0;
    const seconds = Math.floor(epochMs / 1000) * 1000;
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(seconds))
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    const local = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
    return local - seconds;
  };
  // Per UTC day: the offset when it is constant all day, NaN when it changes during the day.
  const byUtcDay = new Map<number, number>();
  // Instants come mostly in time order: the last day's offset answers most without the map.
  let lastUtcDay = Number.NaN;
  let lastOffset = 0;
  const toLocalMs = (epochMs: number): number => {
    if (!format) return epochMs;
    const utcDay = Math.floor(epochMs / MS_PER_DAY);
    let offset: number | undefined;
    if (utcDay === lastUtcDay) offset = lastOffset;
    else {
      offset = byUtcDay.get(utcDay);
      if (offset === undefined) {
        const start = offsetAt(utcDay * MS_PER_DAY);
        offset = start === offsetAt(utcDay * MS_PER_DAY + MS_PER_DAY - 1000) ? start : Number.NaN;
        byUtcDay.set(utcDay, offset);
      }
      lastUtcDay = utcDay;
      lastOffset = offset;
    }
    return epochMs + (Number.isNaN(offset) ? offsetAt(epochMs) : offset);
  };
  return {
    timeZone,
    toDayNumber: (epochMs) => Math.floor(toLocalMs(epochMs) / MS_PER_DAY),
    toPosition: (epochMs) => {
      const local = toLocalMs(epochMs);
      const dayNumber = Math.floor(local / MS_PER_DAY);
      return {
        dayNumber,
        hour: Math.floor((local - dayNumber * MS_PER_DAY) / MS_PER_HOUR),
        weekday: toWeekday(dayNumber),
      };
    },
    toHourOfWeek: (epochMs) => {
      const local = toLocalMs(epochMs);
      const dayNumber = Math.floor(local / MS_PER_DAY);
      return (toWeekday(dayNumber) - 1) * 24 + Math.floor((local - dayNumber * MS_PER_DAY) / MS_PER_HOUR);
    },
  };
}
