// The trade query model: the field registry, the filter expression, its URL form and JSON Schema,
// and the in-memory predicate over the analytics cache. The SQL compiler lives on the server
// (server/db/trade-filter-sql.ts), driven by the same registry.
export {
  DATE_RANGE_MEANING,
  FIELD_GROUPS,
  TRADE_FIELDS,
  TRADE_FIELDS_BY_ID,
  TRADE_FILTER_SHORTHANDS,
  type FieldDef,
  type FieldGroup,
  type FieldOperator,
  type FieldRef,
  type FieldSource,
  type FieldType,
  type TradeField,
  type TradeFieldId,
  type TradeFilterShorthand,
} from './fields';
export {
  hasDateRange,
  resolveTradeFilter,
  toDayBoundMs,
  toSymbolVariants,
  toTradeFilterJsonSchema,
  toTradeFilterWithShorthands,
  tradeFilterJsonSchema,
  tradeFilterSchema,
  type DecimalRange,
  type FilterValueOf,
  type NumberRange,
  type ResolvedTradeFilter,
  type ResolvedValueOf,
  type TradeFilter,
  type TradeFilterShorthands,
} from './filter';
export { isShowingSample, toAllAccountsScope, type ScopedAccount } from './account-scope';
export { canSelectInMemory, IN_MEMORY_FIELD_IDS, selectTradeRows, type TradeFactColumns } from './facts-predicate';
export {
  FILTER_SEARCH_KEYS,
  fromSearchValue,
  parseFilterSearch,
  toFilterSearchEntries,
  toSearchValue,
  type FilterSearchIssue,
} from './url';
export { toInstantRange, toNextDate, toWallClockText, toZonedDayStart } from './zoned-day';
export { toFilterChips, type FilterChip, type RefChoices } from './filter-chips';
