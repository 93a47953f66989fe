// The trade query model: the field registry, the filter expression, its URL form and JSON Schema,
// and the in-memory predicate over the analytics cache. The SQL compiler lives on the server
// (server/db/trade-filter-sql.ts), driven by the same registry.
export {
  DATE_RANGE_MEANING,
  FIELD_GROUPS,
  OUTCOME_MEANING,
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
  DEFAULT_FILTER_CONTEXT,
  FILTER_CONTEXT,
  toFilterContext,
  type FilterContext,
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
export {
  canSelectInMemory,
  IN_MEMORY_FIELD_IDS,
  selectTradeRows,
  SQL_ONLY_FIELD_IDS,
  type TradeFactColumns,
} from './facts-predicate';
export {
  FILTER_SEARCH_KEYS,
  fromSearchValue,
  parseFilterSearch,
  toFilterSearchEntries,
  toSearchValue,
  type FilterSearchIssue,
} from './url';
export { toInstantRange, toNextDate, toWallClockText, toZonedDayStart } from './zoned-day';
export { toBandColumn, toBandOf, toOutcome, type BreakevenBands, type Outcome } from './breakeven';
export {
  ADJUSTED_ROOT_PATTERN,
  FUTURES_SUFFIX_PATTERN,
  OCC_PATTERN,
  toInstrumentFacets,
  UNDERLYING_OF_ROOT,
  type InstrumentFacets,
} from './instrument-facets';
export { toFilterCatalogue, type FilterCatalogue, type FilterCatalogueField } from './catalogue';
export { toFilterChips, type FilterChip, type RefChoices } from './filter-chips';
