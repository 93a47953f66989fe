import { D, divide, isNegative, multiply, toDecimal, type Decimal } from '../money/decimal';
import type { OptionRight } from './instrument';

/** An option contract as a symbol describes it. */
export type OptionSymbol = {
  /** OCC root: 1–6 letters/digits (`AAPL`, `SPXW`, `AAPL1` for an adjusted contract). */
  root: string;
  /** The underlying: the root, without a weekly/PM suffix (SPXW → SPX) or an adjustment digit. */
  underlying: string;
  /** ISO `YYYY-MM-DD`. */
  expiry: string;
  right: OptionRight;
  strike: Decimal;
  /** Deliverable size when the text states it (thinkorswim's `SPY 100 …`), else null. */
  multiplier: Decimal | null;
};

const THOUSAND = D(1000);
const MAX_OCC_STRIKE = D('99999.999');

// Roots whose options settle on an index with a different symbol.
const UNDERLYING_OF_ROOT: Readonly<Record<string, string>> = { SPXW: 'SPX', NDXP: 'NDX', RUTW: 'RUT', VIXW: 'VIX' };

const MONTHS: Readonly<Record<string, number>> = {
  JAN: 1,
  JANUARY: 1,
  FEB: 2,
  FEBRUARY: 2,
  MAR: 3,
  MARCH: 3,
  APR: 4,
  APRIL: 4,
  MAY: 5,
  JUN: 6,
  JUNE: 6,
  JUL: 7,
  JULY: 7,
  AUG: 8,
  AUGUST: 8,
  SEP: 9,
  SEPT: 9,
  SEPTEMBER: 9,
  OCT: 10,
  OCTOBER: 10,
  NOV: 11,
  NOVEMBER: 11,
  DEC: 12,
  DECEMBER: 12,
};

const RIGHTS: Readonly<Record<string, OptionRight>> = {
  C: 'call',
  CALL: 'call',
  CALLS: 'call',
  P: 'put',
  PUT: 'put',
  PUTS: 'put',
};

const ROOT = /^[A-Z][A-Z0-9./]{0,7}$/;
// Root, optional padding, YYMMDD, C/P, strike: OCC (8-digit strike in thousandths) or plain.
const COMPACT = /^[.-]?([A-Z][A-Z0-9./]{0,7}?) *(\d{6})([CP])(\d+(?:\.\d+)?)$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const IB_DATE = /^(\d{1,2})([A-Z]{3,9})(\d{2}|\d{4})$/;
const DAY = /^\d{1,2}$/;
const YEAR = /^'?(\d{2}|\d{4})$/;
const NUMBER = /^(\$?)(\d+(?:\.\d+)?)$/;

/**
 * Reads an option symbol or description, or returns null.
 *
 * Compact forms: OCC `AAPL  250117C00150000` (with or without the padding), `AAPL 250117C150`,
 * `.AAPL250117C150` (thinkorswim), `-AAPL250117C152.5` (Fidelity). An 8-digit strike without a
 * decimal point is OCC thousandths (00150000 = 150); any other is the strike itself.
 *
 * Text forms (case-insensitive; commas and `(…)` notes such as `(Weeklys)` ignored): the root
 * first, then a date, a strike and a right in any order — `AAPL 01/17/2025 150.00 C`,
 * `AAPL Jan 17 2025 150 Call`, `AAPL 17 JAN 25 150 CALL`, `AAPL 17JAN25 150 C` (IBKR),
 * `AAPL 1/17/2025 Call $150.00` (Robinhood), `AAPL Jan 17 '25 $150 Call` (E*TRADE),
 * `SPY 100 (Weeklys) 21 JUN 24 540 CALL` (thinkorswim; the number before the date is the
 * multiplier). Dates are US month/day; two-digit years are 20YY. Invalid calendar dates fail.
 */
export function parseOptionSymbol(text: string): OptionSymbol | null {
  const normalised = text.trim().toUpperCase();
  const compact = COMPACT.exec(normalised);
  if (compact) {
    const [, rawRoot = '', yymmdd = '', rightCode = '', strikeText = ''] = compact;
    const expiry = toIsoDate(Number(yymmdd.slice(0, 2)) + 2000, Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6)));
    const isOccStrike = strikeText.length === 8 && !strikeText.includes('.');
    const strike = toDecimal(strikeText);
    if (!expiry || !strike) return null;
    return toOptionSymbol(rawRoot, {
      expiry,
      right: rightCode === 'C' ? 'call' : 'put',
      strike: isOccStrike ? divide(strike, THOUSAND) : strike,
      multiplier: null,
    });
  }
  return parseOptionText(normalised);
}

function parseOptionText(normalised: string): OptionSymbol | null {
  const tokens = normalised
    .replace(/\([^)]*\)/g, ' ')
    .replace(/,/g, ' ')
    .split(/\s+/)
    .filter((token) => token !== '');
  const [first, ...rest] = tokens;
  if (first === undefined || !ROOT.test(first.replace(/^[.-]/, ''))) return null;

  let expiry: string | null = null;
  let right: OptionRight | null = null;
  const numbers: { value: Decimal; isDollar: boolean; isBeforeDate: boolean }[] = [];
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i] ?? '';
    const next = rest[i + 1];
    const afterNext = rest[i + 2];
    const tokenRight = RIGHTS[token];
    if (tokenRight && right === null) {
      right = tokenRight;
      continue;
    }
    if (expiry === null) {
      const date = readDate(token, next, afterNext);
      if (date) {
        if (!date.iso) return null;
        expiry = date.iso;
        i += date.consumed - 1;
        continue;
      }
    }
    const number = NUMBER.exec(token);
    if (number) {
      numbers.push({ value: D(number[2] ?? ''), isDollar: number[1] === '$', isBeforeDate: expiry === null });
      continue;
    }
    return null; // an unknown word: better no option than a wrong one
  }
  if (expiry === null || right === null) return null;

  // One number is the strike; with two, the one before the date is the multiplier (thinkorswim).
  let strike: Decimal | undefined;
  let multiplier: Decimal | null = null;
  if (numbers.length === 1) {
    strike = numbers[0]?.value;
  } else if (numbers.length === 2) {
    const dollar = numbers.filter((n) => n.isDollar);
    const before = numbers.filter((n) => n.isBeforeDate);
    const pick = dollar.length === 1 ? dollar : before.length === 1 ? numbers.filter((n) => !n.isBeforeDate) : [];
    strike = pick[0]?.value;
    multiplier = numbers.find((n) => n !== pick[0])?.value ?? null;
  }
  if (strike === undefined) return null;
  return toOptionSymbol(first.replace(/^[.-]/, ''), { expiry, right, strike, multiplier });
}

/** Reads a date starting at `token`: how many tokens it used and its ISO form (null if invalid). */
function readDate(
  token: string,
  next: string | undefined,
  afterNext: string | undefined,
): { consumed: number; iso: string | null } | null {
  const us = US_DATE.exec(token);
  if (us) return { consumed: 1, iso: toIsoDate(toYear(us[3]), Number(us[1]), Number(us[2])) };
  const iso = ISO_DATE.exec(token);
  if (iso) return { consumed: 1, iso: toIsoDate(Number(iso[1]), Number(iso[2]), Number(iso[3])) };
  const ib = IB_DATE.exec(token);
  if (ib && MONTHS[ib[2] ?? ''] !== undefined) {
    return { consumed: 1, iso: toIsoDate(toYear(ib[3]), MONTHS[ib[2] ?? ''] ?? 0, Number(ib[1])) };
  }
  // Jan 17 2025 / JAN 17 '25
  const month = MONTHS[token];
  if (month !== undefined && next !== undefined && DAY.test(next) && afterNext !== undefined) {
    const year = YEAR.exec(afterNext);
    if (year) return { consumed: 3, iso: toIsoDate(toYear(year[1]), month, Number(next)) };
  }
  // 17 JAN 25 / 17 Jan 2025
  const nextMonth = next === undefined ? undefined : MONTHS[next];
  if (DAY.test(token) && nextMonth !== undefined && afterNext !== undefined) {
    const year = YEAR.exec(afterNext);
    if (year) return { consumed: 3, iso: toIsoDate(toYear(year[1]), nextMonth, Number(token)) };
  }
  return null;
}

function toYear(text: string | undefined): number {
  const year = Number(text);
  return (text ?? '').length === 2 ? 2000 + year : year;
}

/** `YYYY-MM-DD` when the parts form a real calendar date, else null. */
function toIsoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return null;
  const isLeap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysInMonth = month === 2 ? (isLeap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  if (day > daysInMonth) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function toOptionSymbol(
  rawRoot: string,
  parts: { expiry: string; right: OptionRight; strike: Decimal; multiplier: Decimal | null },
): OptionSymbol | null {
  // OCC roots have no punctuation: BRK.B's options trade as BRKB.
  const root = rawRoot.replace(/[./]/g, '');
  if (root.length === 0 || root.length > 6 || isNegative(parts.strike)) return null;
  const underlying = UNDERLYING_OF_ROOT[root] ?? (/^[A-Z]+\d$/.test(root) ? root.slice(0, -1) : root);
  return { root, underlying, ...parts };
}

/**
 * The 21-character OCC symbol: root padded with spaces to 6, YYMMDD, C/P, strike in thousandths
 * padded to 8 digits (`AAPL  250117C00150000`). Null when the contract cannot be written so: a
 * root that is not 1–6 letters/digits, an expiry outside 2000–2099, or a strike that is negative,
 * above 99,999.999 or has more than 3 decimals (never rounded).
 */
export function toOccSymbol(option: Pick<OptionSymbol, 'root' | 'expiry' | 'right' | 'strike'>): string | null {
  if (!/^[A-Z0-9]{1,6}$/.test(option.root)) return null;
  const date = ISO_DATE.exec(option.expiry);
  if (!date || !date[1]?.startsWith('20')) return null;
  if (isNegative(option.strike) || option.strike.gt(MAX_OCC_STRIKE)) return null;
  const thousandths = multiply(option.strike, THOUSAND);
  if (!thousandths.eq(thousandths.round(0))) return null;
  const yymmdd = `${date[1].slice(2)}${date[2] ?? ''}${date[3] ?? ''}`;
  return `${option.root.padEnd(6, ' ')}${yymmdd}${option.right === 'call' ? 'C' : 'P'}${thousandths.toFixed(0).padStart(8, '0')}`;
}
