/**
 * Calendar days in a user's timezone, as UTC instants: what a `from`/`to` date on the trade list
 * and the export means. Uses the runtime's IANA database (Intl), so both PGlite and PostgreSQL get
 * the same bounds whatever their own timezone data.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time in `timeZone` at `ms`, read as if it were UTC (milliseconds since the epoch). */
function toWallClockMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second) + (ms - Math.floor(ms / 1000) * 1000);
}

/** "YYYY-MM-DD HH:MM:SS" as a clock in `timeZone` read at the instant `ms`. */
export function toWallClockText(ms: number, timeZone: string): string {
  return new Date(toWallClockMs(ms, timeZone)).toISOString().slice(0, 19).replace('T', ' ');
}

/** `timeZone`'s offset from UTC at the instant `ms`, in milliseconds (+9 h for Tokyo). */
function offsetAt(ms: number, timeZone: string): number {
  return toWallClockMs(ms, timeZone) - ms;
}

/**
 * The first instant of the calendar day `date` (YYYY-MM-DD) in the IANA `timeZone`. Local
 * midnight when it exists; on a day whose midnight a DST change skips, the instant the clocks
 * jumped (the day's first existing time).
 */
export function toZonedDayStart(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const midnight = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1);
  // The offset can differ between the guess and the answer (a change near midnight): try both.
  const first = midnight - offsetAt(midnight, timeZone);
  const second = midnight - offsetAt(first, timeZone);
  const candidates = [first, second].filter((ms) => {
    const wall = toWallClockMs(ms, timeZone);
    return wall >= midnight && wall < midnight + 86_400_000;
  });
  return new Date(candidates.length > 0 ? Math.min(...candidates) : Math.max(first, second));
}

/** The day after `date` (YYYY-MM-DD), as YYYY-MM-DD. */
export function toNextDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + 1)).toISOString().slice(0, 10);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A list's date range as instants: `from` inclusive, `before` exclusive. A date (YYYY-MM-DD) is a
 * whole calendar day in `timeZone` (`to` includes all of it); an ISO date-time is that instant
 * (`to` includes it).
 */
export function toInstantRange(params: { from?: string; to?: string; timeZone: string }): {
  from?: Date;
  before?: Date;
} {
  const { from, to, timeZone } = params;
  return {
    from: from === undefined ? undefined : DATE_ONLY.test(from) ? toZonedDayStart(from, timeZone) : new Date(from),
    before:
      to === undefined
        ? undefined
        : DATE_ONLY.test(to)
          ? toZonedDayStart(toNextDate(to), timeZone)
          : new Date(Date.parse(to) + 1), // timestamps are stored to the millisecond
  };
}
