/**
 * Instants as the app writes them, ISO-8601 UTC with milliseconds (`2025-01-17T14:30:05.000Z`),
 * written and read without going through a Date. A large import writes one for every fill and
 * reads each several times (its key, its grouping, its trade's R): V8's `toISOString` and
 * `Date.parse` took about 1.5–5 µs a call (docs/import-bench.md), these a tenth of that. Both
 * answer exactly what the Date methods do, and hand anything else to them.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** 0000-01-01 and 10000-01-01: outside them `toISOString` writes a signed six-digit year. */
const FIRST_FOUR_DIGIT_MS = -62_167_219_200_000;
const END_FOUR_DIGIT_MS = 253_402_300_800_000;
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

// NOTE: the last day written and the last read, kept between calls (a file's consecutive fills
// mostly share their day). They change no answer, only how fast it comes.
let lastWrittenDay = Number.NaN;
let lastWrittenDayText = '';
let lastReadDayText = '';
let lastReadDayMs = Number.NaN;

/**
 * `new Date(epochMs).toISOString()`: the instant as `YYYY-MM-DDTHH:mm:ss.sssZ` (UTC).
 *
 * @throws RangeError for a value that is not a valid time, as toISOString does.
 */
export function toIsoInstant(epochMs: number): string {
  if (!Number.isInteger(epochMs) || epochMs < FIRST_FOUR_DIGIT_MS || epochMs >= END_FOUR_DIGIT_MS)
    return new Date(epochMs).toISOString();
  const day = Math.floor(epochMs / DAY_MS);
  if (day !== lastWrittenDay) {
    lastWrittenDayText = new Date(day * DAY_MS).toISOString().slice(0, 11); // `YYYY-MM-DDT`
    lastWrittenDay = day;
  }
  let rest = epochMs - day * DAY_MS;
  const hour = Math.floor(rest / HOUR_MS);
  rest -= hour * HOUR_MS;
  const minute = Math.floor(rest / MINUTE_MS);
  rest -= minute * MINUTE_MS;
  const second = Math.floor(rest / 1000);
  return `${lastWrittenDayText}${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[second]}.${THREE_DIGITS[rest - second * 1000]}Z`;
}

/** The number of `count` digits at `at`, or -1 when one of them is not a digit. */
function readDigits(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i += 1) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

const isAt = (text: string, at: number, char: string) => text.charCodeAt(at) === char.charCodeAt(0);

/** The midnight of a text's day (its first 11 characters, `YYYY-MM-DDT`), NaN when unreadable. */
function readDayMs(text: string): number {
  if (lastReadDayText === '' || !text.startsWith(lastReadDayText)) {
    lastReadDayText = text.slice(0, 11);
    // Read as a whole instant: V8 reads a date alone by an older, laxer rule when its ISO reading
    // fails (`0001-01-00`), which it never does for a date with a time.
    lastReadDayMs = /^\d{4}-\d{2}-\d{2}T$/.test(lastReadDayText)
      ? Date.parse(`${lastReadDayText}00:00:00.000Z`)
      : Number.NaN;
  }
  return lastReadDayMs;
}

/**
 * `Date.parse(text)`: epoch milliseconds, NaN when unreadable. A text as toIsoInstant writes it
 * is read here (its day through Date.parse, once a day); any other goes to Date.parse.
 */
export function parseIsoInstant(text: string): number {
  const isShaped =
    text.length === 24 &&
    isAt(text, 10, 'T') &&
    isAt(text, 13, ':') &&
    isAt(text, 16, ':') &&
    isAt(text, 19, '.') &&
    isAt(text, 23, 'Z');
  if (!isShaped) return Date.parse(text);
  const hour = readDigits(text, 11, 2);
  const minute = readDigits(text, 14, 2);
  const second = readDigits(text, 17, 2);
  const millisecond = readDigits(text, 20, 3);
  const dayMs = readDayMs(text);
  const isReadable =
    hour >= 0 && hour < 24 && minute >= 0 && minute < 60 && second >= 0 && second < 60 && millisecond >= 0;
  if (!isReadable || Number.isNaN(dayMs)) return Date.parse(text);
  return dayMs + hour * HOUR_MS + minute * MINUTE_MS + second * 1000 + millisecond;
}
