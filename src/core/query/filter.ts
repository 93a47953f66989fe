import Big from 'big.js';
import { z } from 'zod';
import { hasControlCharacter, isWithinRange } from '../input-checks';
import { isInstrumentError, parseInstrument } from '../instruments/parse-instrument';
import {
  TRADE_FIELDS,
  TRADE_FILTER_SHORTHANDS,
  type FieldDef,
  type FieldType,
  type TradeField,
  type TradeFilterShorthand,
} from './fields';
import { toNextDate, toZonedDayStart } from './zoned-day';
import type { BreakevenBands } from './breakeven';

/** A decimal range as it is compared: exact decimal text, both ends inclusive. */
export type DecimalRange = { min?: string; max?: string };
export type NumberRange = { min?: number; max?: number };

/** A value as a filter carries it (on the wire, in the URL, in a saved report). */
export type FilterValueOf<T extends FieldType> = T extends 'dayFrom' | 'dayTo' | 'enum' | 'text' | 'date'
  ? string
  : T extends 'symbolList' | 'idList' | 'enumList' | 'textList'
    ? string[]
    : T extends 'intList'
      ? number[]
      : T extends 'decimalRange'
        ? DecimalRange
        : T extends 'numberRange'
          ? NumberRange
          : boolean;

/**
 * A value as the compilers take it: days and instants as epoch milliseconds (`dayFrom` the first
 * instant included, `dayTo` the first instant after), symbols with their stored forms added, texts
 * in upper case (stored symbols are), ids in lower case; everything else as it came.
 */
export type ResolvedValueOf<T extends FieldType> = T extends 'dayFrom' | 'dayTo' ? number : FilterValueOf<T>;

/** A trade filter: an AND of conditions, one per field present. */
export type TradeFilter = { [F in TradeField as F['id']]?: FilterValueOf<F['type']> };

/**
 * What some conditions read besides their value: the user's time zone (weekdays, hours, the
 * day's nth trade…) and breakeven band (outcomes). Kept under a symbol key, so the loops over a
 * filter's fields (Object.entries) never see it.
 */
export const FILTER_CONTEXT: unique symbol = Symbol('filterContext');
export type FilterContext = { timeZone: string; breakeven: BreakevenBands };
export const DEFAULT_FILTER_CONTEXT: FilterContext = { timeZone: 'UTC', breakeven: {} };

export type ResolvedTradeFilter = { [F in TradeField as F['id']]?: ResolvedValueOf<F['type']> } & {
  [FILTER_CONTEXT]?: FilterContext;
};

/** The context a resolved filter carries (UTC and no band when built by hand). */
export function toFilterContext(filter: ResolvedTradeFilter): FilterContext {
  return filter[FILTER_CONTEXT] ?? DEFAULT_FILTER_CONTEXT;
}

const DECIMAL = /^-?\d{1,14}(\.\d{1,12})?$/;
const MAX_LIST = 500;
const DAY_RANGE = { earliestMs: Date.UTC(1970, 0, 1), latestMs: Date.UTC(9999, 11, 31, 23, 59, 59, 999) };

const dayOrInstant = z
  .union(
    [
      z.iso.date({ error: 'Must be a date such as 2025-01-17' }),
      z.iso.datetime({ offset: true, error: 'Must be an ISO-8601 date-time such as 2025-01-17T14:30:05Z' }),
    ],
    { error: 'Must be a date such as 2025-01-17 or an ISO-8601 date-time' },
  )
  // The input policy's filter range (src/contracts/input-policy.ts): an open end such as 2100 still reads.
  .refine((text) => isWithinRange(Date.parse(text), DAY_RANGE), 'Must be from 1970 to the year 9999');
const decimalMessage = 'Must be a decimal number such as 12.5';
/** Decimal text, or a JSON number written as one (never in exponent form). */
const decimalBound = z
  .union([z.string().trim(), z.number().finite()], { error: decimalMessage })
  .transform((value) => String(value))
  .refine((text) => DECIMAL.test(text), decimalMessage);

function listOf(item: z.ZodType<string>) {
  return z.array(item).min(1, 'Give at least one value').max(MAX_LIST, `At most ${MAX_LIST} values`);
}

/** A range needs one end at least, and min ≤ max. */
function rangeOf<T extends z.ZodType<string | number>>(bound: T, compare: (a: z.output<T>, b: z.output<T>) => number) {
  return z
    .object({ min: bound.optional(), max: bound.optional() })
    .strict()
    .refine((range) => range.min !== undefined || range.max !== undefined, 'Give min, max or both')
    .refine(
      (range) => range.min === undefined || range.max === undefined || compare(range.min, range.max) <= 0,
      'min must not be above max',
    );
}

function valueSchemaOf(field: FieldDef): z.ZodType {
  switch (field.type) {
    case 'dayFrom':
    case 'dayTo':
      return dayOrInstant;
    case 'symbolList':
      return listOf(
        z
          .string()
          .trim()
          .min(1, 'Symbols cannot be empty')
          .max(64)
          .refine(
            (text) => !hasControlCharacter(text, { allowLineBreaks: false }),
            'Must not contain control characters',
          ),
      );
    case 'text':
      return z
        .string()
        .trim()
        .min(1, 'Cannot be empty')
        .max(64)
        .refine(
          (text) => !hasControlCharacter(text, { allowLineBreaks: false }),
          'Must not contain control characters',
        );
    case 'textList':
      return listOf(
        z
          .string()
          .trim()
          .min(1, 'Cannot be empty')
          .max(64)
          .refine(
            (text) => !hasControlCharacter(text, { allowLineBreaks: false }),
            'Must not contain control characters',
          ),
      );
    case 'intList': {
      const min = field.minimum ?? 0;
      const max = field.maximum ?? Number.MAX_SAFE_INTEGER;
      return z
        .array(
          z
            .number({ error: 'Must be a whole number' })
            .int('Must be a whole number')
            .min(min, `Must be from ${min} to ${max}`)
            .max(max, `Must be from ${min} to ${max}`),
        )
        .min(1, 'Give at least one value')
        .max(MAX_LIST, `At most ${MAX_LIST} values`);
    }
    case 'date':
      return z.iso.date({ error: 'Must be a date such as 2025-01-17' });
    case 'idList':
      return listOf(z.uuid('Must be an id'));
    case 'enum':
      return z.enum(toValues(field), { error: `Must be one of ${toValues(field).join(', ')}` });
    case 'enumList':
      return listOf(z.enum(toValues(field), { error: `Must be one of ${toValues(field).join(', ')}` }));
    case 'decimalRange':
      return rangeOf(decimalBound, (a, b) => new Big(a).cmp(new Big(b)));
    case 'numberRange': {
      let number = z.number({ error: 'Must be a number' }).finite();
      if (field.minimum !== undefined) number = number.min(field.minimum);
      if (field.maximum !== undefined) number = number.max(field.maximum);
      return rangeOf(number, (a, b) => a - b);
    }
    case 'boolean':
      return z.boolean({ error: 'Must be true or false' });
  }
}

function toValues(field: FieldDef): [string, ...string[]] {
  const values = (field.values ?? []).map(([value]) => value);
  if (values.length === 0) throw new Error(`Field ${field.id} has no values`);
  return values as [string, ...string[]]; // checked non-empty just above
}

const shape = Object.fromEntries(
  TRADE_FIELDS.map((field: FieldDef) => [
    field.id,
    valueSchemaOf(field)
      .optional()
      .meta({ title: field.label, description: field.description, 'x-group': field.group }),
  ]),
);

/**
 * A trade filter, validated: known fields only (an unknown one is named in the error), each value of
 * its field's type. Built from the registry, so a new field is validated the moment it is listed.
 */
export const tradeFilterSchema = z
  .object(shape)
  .strict()
  .meta({ title: 'Trade filter', description: 'Every condition present must hold (AND).' }) as unknown as z.ZodType<
  TradeFilter,
  unknown
>; // each key's schema is valueSchemaOf(its field), whose output is FilterValueOf<its type> (filter.test.ts parses each)

/** A filter as one query parameter: its URL-encoded JSON (`?filter=%7B%22symbols%22…`). */
export const tradeFilterJsonSchema = z
  .string()
  .max(50_000)
  .transform((text, ctx): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Must be a JSON object of filter conditions' });
      return z.NEVER;
    }
  })
  .pipe(tradeFilterSchema);

/**
 * The filter's JSON Schema (draft 2020-12): every field with its label (`title`), meaning
 * (`description`), group (`x-group`) and allowed values. The assistant builds filters from it.
 */
export function toTradeFilterJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(tradeFilterSchema, { io: 'input', unrepresentable: 'any' });
}

/** The values of the old single-value parameters (`symbol`, `accountId`…) and the same-named fields. */
export type TradeFilterShorthands = Partial<Record<TradeFilterShorthand, string>> &
  Pick<TradeFilter, 'from' | 'to' | 'search' | 'side' | 'status'>;

/**
 * The filter with the shorthands added as the fields they stand for (`symbol: "AAPL"` →
 * `symbols: ["AAPL"]`). A field given both ways is a conflict, named with both spellings.
 */
export function toTradeFilterWithShorthands(
  filter: TradeFilter,
  shorthands: TradeFilterShorthands,
): { filter: TradeFilter } | { conflict: { shorthand: string; field: string } } {
  const out: Record<string, unknown> = { ...filter };
  for (const [key, value] of Object.entries(shorthands)) {
    if (value === undefined) continue;
    const field: string = TRADE_FILTER_SHORTHANDS[key as TradeFilterShorthand] ?? key; // keys of TradeFilterShorthands
    if (out[field] !== undefined) return { conflict: { shorthand: key, field } };
    out[field] = field === key ? value : [value];
  }
  return { filter: out as TradeFilter }; // each key is a field and each value of its field's type
}

/** The stored symbols a typed one can mean: as typed (upper-cased), and as the instrument parser stores it. */
export function toSymbolVariants(symbol: string): string[] {
  const typed = symbol.trim().toUpperCase();
  const parsed = parseInstrument(typed);
  return isInstrumentError(parsed) || parsed.symbol === typed ? [typed] : [typed, parsed.symbol];
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day bound as an instant (epoch ms): `dayFrom` a day's first instant in `timeZone` (or the
 * instant given), `dayTo` the first instant after the day (or 1 ms after the instant given:
 * times are stored to the millisecond).
 */
export function toDayBoundMs(type: 'dayFrom' | 'dayTo', value: string, timeZone: string): number {
  if (!DATE_ONLY.test(value)) return Date.parse(value) + (type === 'dayTo' ? 1 : 0);
  return toZonedDayStart(type === 'dayTo' ? toNextDate(value) : value, timeZone).getTime();
}

/**
 * The filter as the compilers take it (see ResolvedValueOf); days in the user's `timeZone`, and
 * the context (time zone, breakeven band) some conditions read.
 */
export function resolveTradeFilter(
  filter: TradeFilter,
  params: { timeZone: string; breakeven?: BreakevenBands },
): ResolvedTradeFilter {
  const values: Record<string, unknown> = filter; // keyed by field id
  const out: Record<string, unknown> = {};
  for (const field of TRADE_FIELDS as readonly FieldDef[]) {
    const value = values[field.id];
    if (value === undefined) continue;
    switch (field.type) {
      case 'dayFrom':
      case 'dayTo':
        out[field.id] = toDayBoundMs(field.type, value as string, params.timeZone); // validated day or instant
        break;
      case 'symbolList':
        out[field.id] = [...new Set((value as string[]).flatMap(toSymbolVariants))]; // validated list
        break;
      case 'text':
        out[field.id] = (value as string).trim().toUpperCase(); // validated text
        break;
      case 'idList':
        out[field.id] = [...new Set((value as string[]).map((id) => id.toLowerCase()))]; // validated list
        break;
      case 'textList':
        out[field.id] = [...new Set((value as string[]).map((text) => text.trim().toLowerCase()))]; // validated list
        break;
      case 'intList':
        out[field.id] = [...new Set(value as number[])]; // validated list
        break;
      default:
        out[field.id] = value;
    }
  }
  const resolved = out as ResolvedTradeFilter; // each field resolved by its type just above
  resolved[FILTER_CONTEXT] = { timeZone: params.timeZone, breakeven: params.breakeven ?? {} };
  return resolved;
}

/** True when the filter has a condition on either date bound (`from`/`to`). */
export function hasDateRange(filter: ResolvedTradeFilter): boolean {
  return filter.from !== undefined || filter.to !== undefined;
}
