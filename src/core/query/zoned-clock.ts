import { toWallClockText } from './zoned-day';

/**
 * Calendar facts of instants in a time zone, fast enough for every row of the analytics cache:
 * the zone's offset is looked up once per hour of UTC (Intl), then each instant is arithmetic.
 * The SQL compiler reads the same facts with `at time zone` (PostgreSQL's and PGlite's IANA data).
 */
export type ZonedClock = {
  /** The wall-clock time at `ms`, as milliseconds since the epoch read as UTC. */
  toWallMs(ms: number): number;
};

const HOUR = 3_600_000;
const DAY = 86_400_000;

function offsetByIntl(ms: number, timeZone: string): number {
  const text = toWallClockText(ms, timeZone); // "YYYY-MM-DD HH:MM:SS"
  const wall = Date.parse(`${text.replace(' ', 'T')}Z`);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

const clocks = new Map<string, ZonedClock>();

export function toZonedClock(timeZone: string): ZonedClock {
  const cached = clocks.get(timeZone);
  if (cached) return cached;
  const byHour = new Map<number, number>();
  const clock: ZonedClock = {
    toWallMs(ms) {
      const hour = Math.floor(ms / HOUR);
      let offset = byHour.get(hour);
      if (offset === undefined) {
        const start = offsetByIntl(hour * HOUR, timeZone);
        const end = offsetByIntl(hour * HOUR + HOUR - 1000, timeZone);
        // A change of offset within this hour: no one offset for it (NaN), ask Intl each time.
        offset = start === end ? start : Number.NaN;
        byHour.set(hour, offset);
      }
      return ms + (Number.isNaN(offset) ? offsetByIntl(ms, timeZone) : offset);
    },
  };
  if (clocks.size > 100) clocks.clear();
  clocks.set(timeZone, clock);
  return clock;
}

/** The day number (days since 1970-01-01) of a wall-clock time. */
export const toDayNumber = (wallMs: number): number => Math.floor(wallMs / DAY);
/** ISO weekday, 1 Monday … 7 Sunday. */
export const toIsoWeekday = (wallMs: number): number => ((((toDayNumber(wallMs) + 3) % 7) + 7) % 7) + 1;
export const toHourOfDay = (wallMs: number): number => Math.floor((wallMs - toDayNumber(wallMs) * DAY) / HOUR);
export const toMinuteOfDay = (wallMs: number): number => Math.floor((wallMs - toDayNumber(wallMs) * DAY) / 60_000);

/** Year and month (1–12) of a day number (proleptic Gregorian; H. Hinnant's civil_from_days). */
export function toYearMonth(dayNumber: number): { year: number; month: number } {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month };
}

/** The day number of a date YYYY-MM-DD. */
export const toDayNumberOfDate = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);
