/**
 * A filter in words: each active field as `Label: value`, with ids named (the filter bar's chips,
 * the PDF report's cover).
 */
import { TRADE_FIELDS, type FieldDef, type FieldRef, type TradeFieldId } from './fields';
import type { DecimalRange, NumberRange, TradeFilter } from './filter';

/** The names of the ids an id field refers to (accounts, strategies, tags), as `[id, name]` pairs. */
export type RefChoices = Partial<Record<FieldRef, readonly (readonly [string, string])[]>>;

/** One active filter as a removable chip: its field and what the chip says (`Side: Long`). */
export type FilterChip = { id: TradeFieldId; text: string };

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A day `YYYY-MM-DD` as the trader reads it (`Jan 2, 2025`); anything else as it is. */
function toDayText(day: string): string {
  const ms = Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(ms) ? day : DAY.format(ms);
}

function toRangeText(range: DecimalRange | NumberRange): string {
  const { min, max } = range;
  if (min !== undefined && max !== undefined) return `${min} to ${max}`;
  if (min !== undefined) return `at least ${min}`;
  return `at most ${max ?? ''}`;
}

/** What the chip of `field` says its value is, with ids and codes named as the filter bar names them. */
function toValueText(field: FieldDef, value: unknown, choices: RefChoices): string {
  const labelOf = (code: string) => field.values?.find(([v]) => v === code)?.[1] ?? code;
  switch (field.type) {
    case 'dayFrom':
    case 'dayTo':
      return toDayText(String(value));
    case 'text':
    case 'date':
      return field.type === 'date' ? toDayText(String(value)) : String(value);
    case 'textList':
      return (value as string[]).join(', '); // a list field's value
    case 'intList':
      return (value as number[]).map((n) => field.valueLabels?.[n] ?? String(n)).join(', '); // a list field's value
    case 'boolean':
      return value === true ? 'Yes' : 'No';
    case 'enum':
      return labelOf(String(value));
    case 'enumList':
    case 'symbolList':
      return (value as string[]).map(labelOf).join(', '); // a list field's value
    case 'idList': {
      const ids = value as string[]; // an id field's value
      const names = new Map(choices[field.ref!] ?? []); // an id field names what its ids refer to
      const known = ids.map((id) => names.get(id)).filter((name): name is string => name !== undefined);
      return known.length === ids.length ? known.join(', ') : `${ids.length} selected`;
    }
    case 'decimalRange':
    case 'numberRange':
      return toRangeText(value as DecimalRange | NumberRange); // a range field's value
  }
}

/**
 * The filter's fields as chips, in the registry's order, leaving out those in `keep` (chosen
 * elsewhere on the page, such as the trades page's account picker).
 */
export function toFilterChips(
  filter: TradeFilter,
  { keep = [], choices }: { keep?: readonly TradeFieldId[]; choices: RefChoices },
): FilterChip[] {
  const values: Record<string, unknown> = filter; // keyed by field id
  const kept = new Set<string>(keep);
  return TRADE_FIELDS.filter((field) => values[field.id] !== undefined && !kept.has(field.id)).map((field) => ({
    id: field.id,
    text: `${field.label}: ${toValueText(field, values[field.id], choices)}`,
  }));
}
