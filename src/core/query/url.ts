import { TRADE_FIELDS, TRADE_FILTER_SHORTHANDS, type FieldDef } from './fields';
import { tradeFilterSchema, type DecimalRange, type NumberRange, type TradeFilter } from './filter';

/**
 * The filter's URL form, one search parameter per field, named by its id, readable in a link:
 * lists comma-separated (`symbols=AAPL,MSFT`), ranges `min..max` with either end left out
 * (`netPnl=-50..`, `holdingSeconds=..3600`), booleans `true`/`false`, days YYYY-MM-DD. A list of
 * one value goes under the field's old single-value name where it has one (`symbol`, `accountId`,
 * `outcome`, `strategyId`, `tagId`), which reads either way.
 */

/** Every search parameter the URL form reads: what "clear filters" removes. */
export const FILTER_SEARCH_KEYS: readonly string[] = [
  ...TRADE_FIELDS.map((field) => field.id),
  ...Object.keys(TRADE_FILTER_SHORTHANDS),
];

const RANGE_SEPARATOR = '..';

/** One field's value as its search parameter's text. */
export function toSearchValue(field: FieldDef, value: unknown): string {
  switch (field.type) {
    case 'symbolList':
    case 'idList':
    case 'enumList':
    case 'textList':
    case 'intList':
      return (value as (string | number)[]).join(','); // a list field's value
    case 'decimalRange':
    case 'numberRange': {
      const range = value as DecimalRange | NumberRange; // a range field's value
      return `${range.min ?? ''}${RANGE_SEPARATOR}${range.max ?? ''}`;
    }
    default:
      return String(value);
  }
}

const SHORTHAND_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(TRADE_FILTER_SHORTHANDS).map(([shorthand, field]) => [field, shorthand]),
);

/**
 * The filter as search entries, in the registry's order. A list of one value of a field with a
 * shorthand is written as the shorthand (`symbol=MSFT`, `accountId=…`): the links of old stay
 * the links of now.
 */
export function toFilterSearchEntries(filter: TradeFilter): [string, string][] {
  const values: Record<string, unknown> = filter; // keyed by field id
  return TRADE_FIELDS.flatMap((field: FieldDef): [string, string][] => {
    const value = values[field.id];
    if (value === undefined) return [];
    const shorthand = SHORTHAND_OF.get(field.id);
    const isOne = Array.isArray(value) && value.length === 1;
    return [[shorthand !== undefined && isOne ? shorthand : field.id, toSearchValue(field, value)]];
  });
}

/** A search parameter's text as the field's value, before validation; undefined for nothing. */
export function fromSearchValue(field: FieldDef, text: string): unknown {
  const raw = text.trim();
  if (raw === '') return undefined;
  switch (field.type) {
    case 'symbolList':
    case 'idList':
    case 'enumList':
    case 'textList':
    case 'intList': {
      const items = raw
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
      if (items.length === 0) return undefined;
      if (field.type === 'intList') return items.map((item) => (/^-?\d+$/.test(item) ? Number(item) : item));
      return field.type === 'symbolList' ? items.map((s) => s.toUpperCase()) : items;
    }
    case 'decimalRange':
    case 'numberRange': {
      const at = raw.indexOf(RANGE_SEPARATOR);
      const [min, max] = at < 0 ? [raw, raw] : [raw.slice(0, at).trim(), raw.slice(at + RANGE_SEPARATOR.length).trim()];
      const read = (end: string) => (end === '' ? undefined : field.type === 'numberRange' ? Number(end) : end);
      return { min: read(min), max: read(max) };
    }
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    default:
      return raw;
  }
}

export type FilterSearchIssue = { key: string; message: string };

/**
 * The filter a URL's search parameters carry. A value that does not validate is left out and
 * reported (the page says so), never thrown: an old link still opens.
 */
export function parseFilterSearch(get: (key: string) => string | null): {
  filter: TradeFilter;
  issues: FilterSearchIssue[];
} {
  const out: Record<string, unknown> = {};
  const issues: FilterSearchIssue[] = [];
  for (const field of TRADE_FIELDS as readonly FieldDef[]) {
    const shorthand = SHORTHAND_OF.get(field.id);
    const key = get(field.id) !== null || shorthand === undefined ? field.id : shorthand;
    const text = get(key);
    if (text === null) continue;
    const value = fromSearchValue(field, text);
    if (value === undefined) continue;
    const parsed = tradeFilterSchema.safeParse({ [field.id]: value });
    if (parsed.success)
      out[field.id] = (parsed.data as Record<string, unknown>)[field.id]; // parsed as this field
    else issues.push({ key, message: `${field.label}: ${parsed.error.issues[0]?.message ?? 'not valid'}` });
  }
  return { filter: out as TradeFilter, issues }; // each key a field, each value validated for it
}
