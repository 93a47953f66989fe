import { createPartsMemo } from '../../bounded-memo';
import { toIsoInstant } from '../../iso-instant';
import { toUtcFromWallClock } from './time-zone';

/**
 * How a column writes dates. `order` is the order of day, month and year for numeric dates (or
 * `YMD` for ISO and compact `20250117`), or an epoch unit. `label` describes it for people
 * (`MM/DD/YYYY h:mm:ss AM`), `hasTime` says whether the values carry a time of day, and
 * `isAmbiguous` that no value told MM/DD from DD/MM (every day ≤ 12): the order is then a default.
 */
export type DateFormat = {
  order: DateOrder;
  hasTime: boolean;
  label: string;
  isAmbiguous: boolean;
};

export type DateOrder = 'MDY' | 'DMY' | 'YMD' | 'epoch-s' | 'epoch-ms';

/** Wall-clock fields read from a cell; `offsetMinutes` when the value states its zone (`Z`, `+01:00`, `EST`). */
export type DateTimeParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  hasTime: boolean;
  offsetMinutes: number | null;
  /** Set for epoch values: the instant itself. */
  epochMs: number | null;
};

const MONTHS: Readonly<Record<string, number>> = {
  JAN: 1,
  JANUARY: 1,
  JANV: 1,
  JANVIER: 1,
  JANUAR: 1,
  ENE: 1,
  ENERO: 1,
  JANEIRO: 1,
  FEB: 2,
  FEBRUARY: 2,
  FEBR: 2,
  FEBRUAR: 2,
  FEV: 2,
  FEVR: 2,
  FEVRIER: 2,
  FEBRERO: 2,
  FEVEREIRO: 2,
  MAR: 3,
  MARCH: 3,
  MAERZ: 3,
  MARZ: 3,
  MARS: 3,
  MARZO: 3,
  MARCO: 3,
  APR: 4,
  APRIL: 4,
  AVR: 4,
  AVRIL: 4,
  ABR: 4,
  ABRIL: 4,
  MAY: 5,
  MAI: 5,
  MAYO: 5,
  MAIO: 5,
  JUN: 6,
  JUNE: 6,
  JUNI: 6,
  JUIN: 6,
  JUNIO: 6,
  JUNHO: 6,
  JUL: 7,
  JULY: 7,
  JULI: 7,
  JUIL: 7,
  JUILLET: 7,
  JULIO: 7,
  JULHO: 7,
  AUG: 8,
  AUGUST: 8,
  AOUT: 8,
  AGO: 8,
  AGOSTO: 8,
  SEP: 9,
  SEPT: 9,
  SEPTEMBER: 9,
  SEPTEMBRE: 9,
  SEPTIEMBRE: 9,
  SET: 9,
  SETEMBRO: 9,
  OCT: 10,
  OCTOBER: 10,
  OKT: 10,
  OKTOBER: 10,
  OCTOBRE: 10,
  OCTUBRE: 10,
  OUT: 10,
  OUTUBRO: 10,
  NOV: 11,
  NOVEMBER: 11,
  NOVEMBRE: 11,
  NOVIEMBRE: 11,
  NOVEMBRO: 11,
  DEC: 12,
  DECEMBER: 12,
  DEZ: 12,
  DEZEMBER: 12,
  DECEMBRE: 12,
  DIC: 12,
  DICIEMBRE: 12,
  DEZEMBRO: 12,
};

// Zone abbreviations brokers print after times (Webull `EST`/`EDT`, Coinbase `UTC`).
const ZONE_ABBREVIATIONS: Readonly<Record<string, number>> = {
  UTC: 0,
  GMT: 0,
  Z: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
  CET: 60,
  CEST: 120,
  BST: 60,
  AEST: 600,
  AEDT: 660,
};

const TIME =
  /^(?:T|\s+|\s*[,;]\s*|\s*-\s*)?(\d{1,2}):?(\d{2})(?::?(\d{2})(?:[.,](\d{1,9}))?)?(?:\s*([AaPp])\.?\s*[Mm]\.?)?(?:\s*(Z|[A-Z]{3,4}(?:[+-]\d{1,2}(?::?\d{2})?)?|[+-]\d{2}(?::?\d{2})?))?$/;
const NUMERIC_DATE = /^(\d{1,4})([./-])(\d{1,2})\2(\d{1,4})(.*)$/;
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})(?=$|[T ;,])(.*)$/;
// 17 Jan 2025, 17-Jan-25, 17JAN25, 17. Januar 2025, 17 de enero de 2025
const DAY_MONTH_NAME =
  /^(\d{1,2})\.?(?:\s*-\s*|\s+de\s+|\s*)([A-Za-zÀ-ÿ]{3,10})\.?(?:\s*-\s*|\s+de\s+|\s*,?\s*)(\d{4}|\d{2})(?![\d])(.*)$/;
// Jan 17, 2025 / January 17 2025
const MONTH_NAME_DAY = /^([A-Za-zÀ-ÿ]{3,10})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4}|'?\d{2})(?![\d])(.*)$/;
const AS_OF = /\s+as of\s+.*$/i; // Schwab: `04/17/2023 as of 04/15/2023`

function toMonth(name: string): number | undefined {
  const key = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
  return MONTHS[key];
}

function toFourDigitYear(text: string): number {
  const digits = text.replace(/^'/, '');
  const year = Number(digits);
  if (digits.length !== 2) return year;
  return year < 70 ? 2000 + year : 1900 + year;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isRealDate(year: number, month: number, day: number): boolean {
  return year >= 1900 && year <= 2199 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

type TimeParts = Pick<DateTimeParts, 'hour' | 'minute' | 'second' | 'millisecond' | 'hasTime' | 'offsetMinutes'>;

/** Reads the part after the date: nothing, or a time of day with optional AM/PM and zone. */
function readTime(rest: string): TimeParts | null {
  const plain = readPlainTime(rest);
  if (plain !== undefined) return plain;
  const text = rest.replace(AS_OF, '').trim() === '' ? '' : rest.replace(AS_OF, '');
  if (text.trim() === '') return { hour: 0, minute: 0, second: 0, millisecond: 0, hasTime: false, offsetMinutes: null };
  const match = TIME.exec(text.trimEnd());
  if (!match) return null;
  const [, h = '', m = '', s, fraction, meridiem, zone] = match;
  let hour = Number(h);
  const minute = Number(m);
  const second = s === undefined ? 0 : Number(s);
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return null;
    const isPm = meridiem.toUpperCase() === 'P';
    hour = (hour % 12) + (isPm ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  const millisecond = fraction === undefined ? 0 : Math.floor(Number(`0.${fraction}`) * 1000 + 1e-9);
  const offsetMinutes = zone === undefined ? null : toOffsetMinutes(zone);
  if (zone !== undefined && offsetMinutes === null) return null;
  return { hour, minute, second, millisecond, hasTime: true, offsetMinutes };
}

/**
 * `HH:MM:SS`, alone or after a `T` or a space, read as TIME reads it but without the regular
 * expression: the commonest time by far, and a large file has one a row. Undefined when the text
 * is not of that form (TIME decides).
 */
function readPlainTime(text: string): TimeParts | null | undefined {
  const first = text.charCodeAt(0);
  const start = text.length === 9 && (first === T_CODE || first === SPACE_CODE) ? 1 : 0;
  if (
    text.length - start !== 8 ||
    text.charCodeAt(start + 2) !== COLON_CODE ||
    text.charCodeAt(start + 5) !== COLON_CODE
  )
    return undefined;
  const hour = readTwoDigits(text, start);
  const minute = readTwoDigits(text, start + 3);
  const second = readTwoDigits(text, start + 6);
  if (hour < 0 || minute < 0 || second < 0) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { hour, minute, second, millisecond: 0, hasTime: true, offsetMinutes: null };
}

/** The number the two ASCII digits at `at` write, or -1 when they are not two digits. */
function readTwoDigits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - ZERO_CODE;
  const units = text.charCodeAt(at + 1) - ZERO_CODE;
  return tens >= 0 && tens <= 9 && units >= 0 && units <= 9 ? tens * 10 + units : -1;
}

const T_CODE = 84;
const SPACE_CODE = 32;
const COLON_CODE = 58;
const ZERO_CODE = 48;

function toOffsetMinutes(zone: string): number | null {
  const named = /^([A-Z]{1,4})(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(zone);
  if (named) {
    const base = ZONE_ABBREVIATIONS[named[1] ?? ''];
    if (base === undefined) return null;
    if (named[2] === undefined) return base;
    const sign = named[2] === '-' ? -1 : 1;
    return base + sign * (Number(named[3]) * 60 + Number(named[4] ?? 0));
  }
  const numeric = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!numeric) return null;
  const sign = numeric[1] === '-' ? -1 : 1;
  return sign * (Number(numeric[2]) * 60 + Number(numeric[3] ?? 0));
}

function build(year: number, month: number, day: number, time: TimeParts): DateTimeParts | null {
  if (!isRealDate(year, month, day)) return null;
  return { year, month, day, ...time, epochMs: null };
}

/**
 * Reads one cell as a date (and time) in the given order, or null. Separators `/`, `-`, `.`;
 * 2- or 4-digit years (2-digit: 1970–2069); month names in English, German, French, Spanish and
 * Portuguese; a time after a space, `T`, `,` or `;` (`20250106;093512`), with or without seconds,
 * fractions, AM/PM and a zone (`Z`, `+01:00`, `EST`, `UTC`). Trailing `as of …` notes are ignored.
 */
export function parseDateTime(raw: string, order: DateOrder): DateTimeParts | null {
  const text = raw.trim().replace(/^="(.*)"$/, '$1');
  if (text === '') return null;
  if (order === 'epoch-s' || order === 'epoch-ms') {
    if (!/^\d{9,13}(?:\.\d+)?$/.test(text)) return null;
    const epochMs = Math.round(Number(text) * (order === 'epoch-s' ? 1000 : 1));
    const date = new Date(epochMs);
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: date.getUTCSeconds(),
      millisecond: date.getUTCMilliseconds(),
      hasTime: true,
      offsetMinutes: 0,
      epochMs,
    };
  }
  const compact = COMPACT_DATE.exec(text);
  if (compact) {
    const time = readTime(compact[4] ?? '');
    return time && build(Number(compact[1]), Number(compact[2]), Number(compact[3]), time);
  }
  const numeric = NUMERIC_DATE.exec(text);
  if (numeric) {
    const [, a = '', , b = '', c = '', rest = ''] = numeric;
    const time = readTime(rest);
    if (!time) return null;
    if (a.length === 4) return build(Number(a), Number(b), Number(c), time);
    if (c.length !== 2 && c.length !== 4) return null;
    const year = toFourDigitYear(c);
    return order === 'DMY' ? build(year, Number(b), Number(a), time) : build(year, Number(a), Number(b), time);
  }
  const dayName = DAY_MONTH_NAME.exec(text);
  if (dayName) {
    const month = toMonth(dayName[2] ?? '');
    const time = readTime(dayName[4] ?? '');
    return month !== undefined && time
      ? build(toFourDigitYear(dayName[3] ?? ''), month, Number(dayName[1]), time)
      : null;
  }
  const nameDay = MONTH_NAME_DAY.exec(text);
  if (nameDay) {
    const month = toMonth(nameDay[1] ?? '');
    const time = readTime(nameDay[4] ?? '');
    return month !== undefined && time
      ? build(toFourDigitYear(nameDay[3] ?? ''), month, Number(nameDay[2]), time)
      : null;
  }
  return null;
}

/** Reads a separate time-of-day cell (`09:35:12`, `9:35 AM`, `093512`), or null. */
export function parseTimeOfDay(raw: string): TimeParts | null {
  const text = raw.trim();
  if (text === '') return null;
  const time = readTime(text);
  return time && time.hasTime ? time : null;
}

type Shape = { kind: 'ymd' | 'numeric' | 'named' | 'epoch-s' | 'epoch-ms'; a?: number; b?: number };

function shapeOf(text: string): Shape | null {
  if (/^\d{10}(?:\.\d+)?$/.test(text)) return { kind: 'epoch-s' };
  if (/^\d{13}$/.test(text)) return { kind: 'epoch-ms' };
  if (COMPACT_DATE.test(text)) return parseDateTime(text, 'YMD') ? { kind: 'ymd' } : null;
  const numeric = NUMERIC_DATE.exec(text);
  if (numeric) {
    if ((numeric[1] ?? '').length === 4) return parseDateTime(text, 'YMD') ? { kind: 'ymd' } : null;
    return { kind: 'numeric', a: Number(numeric[1]), b: Number(numeric[3]) };
  }
  if (parseDateTime(text, 'MDY')) return { kind: 'named' };
  return null;
}

/**
 * Infers how a column writes its dates from sample values: ISO `YYYY-MM-DD` (with `T` or a space
 * and a time, with `Z` or an offset), compact `20250117`, numeric dates with `/`, `-` or `.`
 * (MM/DD vs DD/MM decided by values whose first or second part is above 12; when none is, DD/MM
 * for `.` dates and MM/DD otherwise, flagged `isAmbiguous`), month names, epoch seconds or
 * milliseconds. Returns null when fewer than half of the non-blank samples read as dates.
 */
export function inferDateFormat(samples: readonly string[], preferredOrder?: 'MDY' | 'DMY'): DateFormat | null {
  const values = samples.map((s) => s.trim().replace(/^="(.*)"$/, '$1')).filter((s) => s !== '');
  if (values.length === 0) return null;
  const counts = { ymd: 0, named: 0, 'epoch-s': 0, 'epoch-ms': 0, numeric: 0 };
  let firstAbove12 = 0;
  let secondAbove12 = 0;
  let usesDots = false;
  for (const value of values) {
    const shape = shapeOf(value);
    if (!shape) continue;
    counts[shape.kind] += 1;
    if (shape.kind === 'numeric') {
      if ((shape.a ?? 0) > 12) firstAbove12 += 1;
      if ((shape.b ?? 0) > 12) secondAbove12 += 1;
      if (/^\d{1,2}\.\d{1,2}\./.test(value)) usesDots = true;
    }
  }
  const best = (Object.keys(counts) as (keyof typeof counts)[]).reduce((x, y) => (counts[y] > counts[x] ? y : x));
  if (counts[best] * 2 < values.length) return null;

  let order: DateOrder;
  let isAmbiguous = false;
  if (best === 'epoch-s' || best === 'epoch-ms') order = best;
  else if (best === 'ymd') order = 'YMD';
  else if (best === 'named')
    order = 'DMY'; // month names make the order irrelevant
  else if (firstAbove12 > 0 && secondAbove12 === 0) order = 'DMY';
  else if (secondAbove12 > 0 && firstAbove12 === 0) order = 'MDY';
  else {
    isAmbiguous = firstAbove12 === 0 && secondAbove12 === 0;
    order = preferredOrder ?? (usesDots ? 'DMY' : 'MDY');
  }
  const parsed = values.map((v) => parseDateTime(v, order)).filter((p) => p !== null);
  if (parsed.length * 2 < values.length) return null;
  const hasTime = parsed.some((p) => p.hasTime);
  const sample = values.find((v) => parseDateTime(v, order)) ?? values[0] ?? '';
  return { order, hasTime, label: toLabel(sample, order), isAmbiguous };
}

/** A human description of a sample's shape: `MM/DD/YYYY`, `DD.MM.YY HH:mm`, `YYYY-MM-DDTHH:mm:ssZ`. */
function toLabel(sample: string, order: DateOrder): string {
  if (order === 'epoch-s') return 'Unix time (seconds)';
  if (order === 'epoch-ms') return 'Unix time (milliseconds)';
  const numeric = NUMERIC_DATE.exec(sample);
  let date: string;
  let rest: string;
  if (COMPACT_DATE.test(sample)) {
    date = 'YYYYMMDD';
    rest = sample.slice(8);
  } else if (numeric) {
    const separator = numeric[2] ?? '/';
    const yearWidth = (numeric[1] ?? '').length === 4 ? 4 : (numeric[4] ?? '').length;
    const year = yearWidth === 4 ? 'YYYY' : 'YY';
    const parts = order === 'YMD' ? [year, 'MM', 'DD'] : order === 'DMY' ? ['DD', 'MM', year] : ['MM', 'DD', year];
    date = parts.join(separator);
    rest = numeric[5] ?? '';
  } else {
    date = /^\d/.test(sample) ? 'D MMM YYYY' : 'MMM D, YYYY';
    rest = (DAY_MONTH_NAME.exec(sample)?.[4] ?? MONTH_NAME_DAY.exec(sample)?.[4] ?? '').trim();
  }
  const time = TIME.exec(rest.replace(AS_OF, '').trimEnd());
  if (!time || rest.trim() === '') return date;
  const joiner = rest.startsWith('T') ? 'T' : rest.trimStart().startsWith(';') ? ';' : ' ';
  let label = `${date}${joiner}${time[5] === undefined ? 'HH' : 'h'}:mm${time[3] === undefined ? '' : ':ss'}`;
  if (time[4] !== undefined) label += '.SSS';
  if (time[5] !== undefined) label += ' AM';
  if (time[6] !== undefined) label += time[6] === 'Z' ? 'Z' : ` ${/^[+-]/.test(time[6]) ? '±HH:mm' : 'zone'}`;
  return label;
}

const datesRead = createPartsMemo<DateTimeParts | null>(5_000);

export type ToUtcInstantParams = {
  /** The date cell (which may also hold the time). */
  date: string;
  /** A separate time-of-day cell, when the file has one. */
  time?: string;
  format: Pick<DateFormat, 'order'>;
  /** IANA zone of wall-clock values without an offset (the account's, or the file's). */
  timeZone: string;
};

/**
 * The instant a date (and time) cell denotes, as ISO-8601 UTC with milliseconds
 * (`2025-01-17T14:30:05.000Z`), or null when the cells do not read in the format. A value with
 * its own offset or zone keeps it; otherwise its wall-clock time is placed in `timeZone`
 * (DST-correct through `Intl`; see `toUtcFromWallClock` for gaps and overlaps). A date without a
 * time is that day's midnight in `timeZone`.
 */
export function toUtcInstant(params: ToUtcInstantParams): string | null {
  return readFillTime(params)?.at ?? null;
}

/**
 * What {@link toUtcInstant} reads, and `day`: the date as the file wrote it (`YYYY-MM-DD`) when
 * the cells give no time of day, else null. Such a fill's instant is that day's midnight in
 * `timeZone`, a placeholder for ordering: its time is unknown and is never shown as one.
 */
export function readFillTime(params: ToUtcInstantParams): { at: string; day: string | null } | null {
  // With the time in a column of its own, a file's date cells repeat (a day's fills share one):
  // each is read once. Dates that carry their own time are mostly unique, so they are not kept.
  const parts =
    params.time === undefined
      ? parseDateTime(params.date, params.format.order)
      : datesRead([params.date, params.format.order], () => parseDateTime(params.date, params.format.order));
  if (!parts) return null;
  let fields: TimeParts = parts;
  if (params.time !== undefined && params.time.trim() !== '') {
    if (parts.hasTime) return null; // two times for one fill: the mapping is wrong
    const time = parseTimeOfDay(params.time);
    if (!time) return null;
    fields = time;
  }
  if (parts.epochMs !== null) return { at: toIsoInstant(parts.epochMs), day: null };
  const wallClock = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    fields.hour,
    fields.minute,
    fields.second,
    fields.millisecond,
  );
  let instant: number;
  if (fields.offsetMinutes !== null) instant = wallClock - fields.offsetMinutes * 60_000;
  else {
    try {
      instant = toUtcFromWallClock(wallClock, params.timeZone);
    } catch {
      return null;
    }
  }
  const day = fields.hasTime ? null : toIsoInstant(wallClock).slice(0, 10);
  return { at: toIsoInstant(instant), day };
}
