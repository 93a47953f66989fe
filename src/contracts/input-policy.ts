import { z } from 'zod';
import {
  checkDecimalDigits,
  hasControlCharacter,
  isWithinRange,
  toDecimalDigitsMessage,
  type DigitLimits,
  type InstantRange,
} from '../core/input-checks';

/**
 * The input policy of every write and every query parameter, in one place (the import's row
 * reader applies the same figures: src/server/modules/imports passes them to core):
 *
 * - texts refuse control characters (NUL, the other C0 and C1 controls, DEL); multi-line texts
 *   (notes, plans, reviews, descriptions, messages) keep tabs and line breaks;
 * - decimals are plain digits that fit the column they are stored in (DECIMAL_COLUMNS);
 * - fill times and journal days lie from 1970-01-01 to a year after the moment of the request.
 *
 * A value outside it is a 400 VALIDATION_ERROR whose `fields` name it (src/server/validation.ts).
 */

/** What the numeric columns hold (src/server/db/schema.ts): digits before and after the point. */
export const DECIMAL_COLUMNS = {
  /** `numeric(24, 8)`: prices, stops, targets, risk, costs, multipliers, balances. */
  money: { integerDigits: 16, scale: 8 },
  /** `numeric(30, 12)`: quantities (crypto to 12 places). */
  quantity: { integerDigits: 18, scale: 12 },
  /** `numeric(20, 8)`: the profile's default risk per trade. */
  riskSetting: { integerDigits: 12, scale: 8 },
} as const satisfies Record<string, DigitLimits>;

/** The first instant a fill may have: 1970-01-01T00:00:00Z. */
export const EARLIEST_FILL_MS = Date.UTC(1970, 0, 1);
/** The first journal day. */
export const EARLIEST_JOURNAL_DAY = '1970-01-01';

/** Fills may be dated from 1970 to a year after `now` (a mistyped year, not a real trade, lies beyond). */
export function toFillTimeRange(now: Date): InstantRange {
  const latest = new Date(now.getTime());
  latest.setUTCFullYear(latest.getUTCFullYear() + 1);
  return { earliestMs: EARLIEST_FILL_MS, latestMs: latest.getTime() };
}

const FILL_RANGE_MESSAGE = 'Must be from 1970-01-01 to a year from today';
const CONTROL_MESSAGE = 'Must not contain control characters such as NUL';

/**
 * A text that refuses control characters; `multiline` keeps tabs and line breaks. Chain `.trim()`,
 * `.min()` and `.max()` after it as with `z.string()`.
 */
export function safeText(options: { multiline?: boolean; error?: string } = {}) {
  const allowLineBreaks = options.multiline === true;
  return z
    .string(options.error === undefined ? undefined : { error: options.error })
    .refine((text) => !hasControlCharacter(text, { allowLineBreaks }), CONTROL_MESSAGE);
}

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A decimal as a string of plain digits ("1234.5", "-0.25") that fits `limits` (one of
 * DECIMAL_COLUMNS); `sign` refuses zero and below (`positive`) or below zero (`nonNegative`).
 * `limits` null leaves the digits to the caller: a fill's are checked with the same figures where
 * it is prepared (src/server/modules/trades/execution-input.ts), together with its symbol, so that
 * one answer names every field of a batch that is wrong.
 */
export function decimalString(limits: DigitLimits | null, sign: 'positive' | 'nonNegative' | 'any' = 'any') {
  return z
    .string()
    .trim()
    .regex(PLAIN_DECIMAL, 'Must be a decimal number such as 12.5')
    .superRefine((text, ctx) => {
      if (!PLAIN_DECIMAL.test(text)) return; // the regex said so
      const issue = limits && checkDecimalDigits(text, limits);
      const isZero = !/[1-9]/.test(text);
      const isNegative = text.startsWith('-') && !isZero;
      if (issue) ctx.addIssue({ code: 'custom', message: toDecimalDigitsMessage(issue, limits) });
      else if (sign === 'positive' && (isZero || isNegative))
        ctx.addIssue({ code: 'custom', message: 'Must be greater than 0' });
      else if (sign === 'nonNegative' && isNegative) ctx.addIssue({ code: 'custom', message: 'Must be 0 or more' });
    });
}

/** An ISO-8601 date-time with an offset, from 1970 to a year after the moment it is parsed. */
export function fillTimestamp() {
  return z.iso
    .datetime({ offset: true, error: 'Must be an ISO-8601 date-time such as 2025-01-17T14:30:05Z' })
    .refine((text) => isWithinRange(Date.parse(text), toFillTimeRange(new Date())), FILL_RANGE_MESSAGE);
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isDateKey(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A journal day (YYYY-MM-DD), from 1970-01-01 to a year after the day it is parsed. */
export function journalDate() {
  return z
    .string()
    .refine(isDateKey, 'Must be a date such as 2025-01-31')
    .refine(
      (key) => !isDateKey(key) || isWithinRange(Date.parse(`${key}T00:00:00Z`), toFillTimeRange(new Date())),
      FILL_RANGE_MESSAGE,
    );
}

/**
 * A filter's calendar day or instant (list and analytics `from`/`to`): any from 1970 to the year
 * 9999, so that an open-ended `to` such as 2100-01-01 still reads.
 */
export const FILTER_RANGE: InstantRange = {
  earliestMs: EARLIEST_FILL_MS,
  latestMs: Date.UTC(9999, 11, 31, 23, 59, 59, 999),
};
