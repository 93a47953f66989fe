import { ASSET_CLASSES } from '../instruments/instrument';

/**
 * The trade filter's field registry: every parameter a filter may carry, described once. The wire
 * schema, the URL form, the JSON Schema the assistant reads, the web's filter bar, the in-memory
 * predicate and (on the server) the SQL compiler are all driven by this list; adding a field here
 * and its SQL mapping is the whole change (README, "How to add a filter field").
 */

/** Groups, in the order a filter builder shows them (product.md, "Advanced report filters"). */
export const FIELD_GROUPS = [
  { id: 'dates', label: 'Dates' },
  { id: 'instrument', label: 'Instrument' },
  { id: 'outcome', label: 'Direction and outcome' },
  { id: 'size', label: 'Size and price' },
  { id: 'results', label: 'Results' },
  { id: 'timing', label: 'Timing' },
  { id: 'journal', label: 'Journal' },
] as const;
export type FieldGroup = (typeof FIELD_GROUPS)[number]['id'];

/**
 * What a field's value is, and so how it is validated, written in a URL and compared:
 * - `dayFrom` / `dayTo`: a calendar day (YYYY-MM-DD, in the user's time zone) or an exact ISO-8601
 *   instant; `dayFrom` includes the day's first instant, `dayTo` the whole day (or the instant).
 * - `symbolList`: symbols as typed; each also matches the form the instrument parser stores.
 * - `text`: a short text (a symbol's start), compared without regard to case.
 * - `idList`: ids (uuid) of the user's own accounts, strategies, tags…; others match nothing.
 * - `enum` / `enumList`: one of `values` / any of them.
 * - `decimalRange`: `{ min?, max? }`, both inclusive, exact decimals (strings or JSON numbers).
 * - `numberRange`: `{ min?, max? }`, both inclusive, plain numbers (counts, seconds).
 * - `boolean`: true or false.
 */
export type FieldType =
  | 'dayFrom'
  | 'dayTo'
  | 'symbolList'
  | 'text'
  | 'idList'
  | 'enum'
  | 'enumList'
  | 'decimalRange'
  | 'numberRange'
  | 'boolean';

/**
 * How the condition compares: the parameter's name fixes it (`tagsAny`, `tagsAll`, `tagsNone` are
 * three fields), so a filter is a plain AND of `field: value` pairs.
 */
export type FieldOperator = 'onOrAfter' | 'onOrBefore' | 'anyOf' | 'allOf' | 'noneOf' | 'is' | 'between' | 'startsWith';

/**
 * Where the value lives: on the trade row, or in a side table joined by the trade's opening
 * execution (its tags, its rule checks) or by its day (the day's journal).
 */
export type FieldSource = 'trade' | 'tags' | 'ruleChecks' | 'dayJournal';

/** What a field's ids refer to: the web fills its choices from the user's list of them. */
export type FieldRef = 'accounts' | 'strategies' | 'tags';

export type FieldDef = {
  readonly id: string;
  readonly label: string;
  readonly group: FieldGroup;
  readonly type: FieldType;
  readonly operator: FieldOperator;
  readonly source: FieldSource;
  /** `enum` and `enumList`: the allowed values and their labels. */
  readonly values?: readonly (readonly [string, string])[];
  /** `idList`: whose ids. */
  readonly ref?: FieldRef;
  /** Said in the UI and the API docs. */
  readonly description?: string;
  /** `numberRange`: the smallest value allowed. */
  readonly minimum?: number;
};

const SIDES = [
  ['long', 'Long'],
  ['short', 'Short'],
] as const;
const STATUSES = [
  ['open', 'Open'],
  ['closed', 'Closed'],
] as const;
const OUTCOMES = [
  ['win', 'Win'],
  ['loss', 'Loss'],
  ['breakeven', 'Breakeven'],
] as const;
const ASSET_CLASS_VALUES = ASSET_CLASSES.map(
  (value) =>
    [
      value,
      value === 'etf' || value === 'cfd' ? value.toUpperCase() : value[0]!.toUpperCase() + value.slice(1),
    ] as const,
);

/** The one meaning of `from`/`to` everywhere: the list, the export, every analytics figure. */
export const DATE_RANGE_MEANING =
  'Trades are selected by the day they closed in your time zone; open trades by the day they opened.';

/** The registry. Ids are the API's and the URL's parameter names. */
export const TRADE_FIELDS = [
  {
    id: 'from',
    label: 'From',
    group: 'dates',
    type: 'dayFrom',
    operator: 'onOrAfter',
    source: 'trade',
    description: `Closed on or after this day. ${DATE_RANGE_MEANING}`,
  },
  {
    id: 'to',
    label: 'To',
    group: 'dates',
    type: 'dayTo',
    operator: 'onOrBefore',
    source: 'trade',
    description: `Closed on or before this day. ${DATE_RANGE_MEANING}`,
  },
  {
    id: 'openedFrom',
    label: 'Opened from',
    group: 'dates',
    type: 'dayFrom',
    operator: 'onOrAfter',
    source: 'trade',
    description: 'Opened on or after this day, in your time zone.',
  },
  {
    id: 'openedTo',
    label: 'Opened to',
    group: 'dates',
    type: 'dayTo',
    operator: 'onOrBefore',
    source: 'trade',
    description: 'Opened on or before this day, in your time zone.',
  },
  {
    id: 'search',
    label: 'Symbol search',
    group: 'instrument',
    type: 'text',
    operator: 'startsWith',
    source: 'trade',
    description:
      "Symbols that start with this text, in any case: a ticker also finds its options and futures (AAPL finds AAPL options, MES finds MES Mar 25), and the symbol as your broker's file wrote it finds its trade (MESH5 finds MES Mar 25).",
  },
  { id: 'symbols', label: 'Symbols', group: 'instrument', type: 'symbolList', operator: 'anyOf', source: 'trade' },
  {
    id: 'excludeSymbols',
    label: 'Not these symbols',
    group: 'instrument',
    type: 'symbolList',
    operator: 'noneOf',
    source: 'trade',
  },
  {
    id: 'assetClasses',
    label: 'Asset classes',
    group: 'instrument',
    type: 'enumList',
    operator: 'anyOf',
    source: 'trade',
    values: ASSET_CLASS_VALUES,
  },
  {
    id: 'accountIds',
    label: 'Accounts',
    group: 'instrument',
    type: 'idList',
    operator: 'anyOf',
    source: 'trade',
    ref: 'accounts',
  },
  { id: 'side', label: 'Side', group: 'outcome', type: 'enum', operator: 'is', source: 'trade', values: SIDES },
  { id: 'status', label: 'Status', group: 'outcome', type: 'enum', operator: 'is', source: 'trade', values: STATUSES },
  {
    id: 'outcomes',
    label: 'Outcome',
    group: 'outcome',
    type: 'enumList',
    operator: 'anyOf',
    source: 'trade',
    values: OUTCOMES,
    description: 'Closed trades only: net P&L above, below or at zero.',
  },
  { id: 'quantity', label: 'Quantity', group: 'size', type: 'decimalRange', operator: 'between', source: 'trade' },
  { id: 'netPnl', label: 'Net P&L', group: 'results', type: 'decimalRange', operator: 'between', source: 'trade' },
  {
    id: 'rMultiple',
    label: 'R-multiple',
    group: 'results',
    type: 'decimalRange',
    operator: 'between',
    source: 'trade',
  },
  {
    id: 'holdingSeconds',
    label: 'Holding time (seconds)',
    group: 'timing',
    type: 'numberRange',
    operator: 'between',
    source: 'trade',
    minimum: 0,
  },
  {
    id: 'strategyIds',
    label: 'Strategies',
    group: 'journal',
    type: 'idList',
    operator: 'anyOf',
    source: 'trade',
    ref: 'strategies',
  },
  {
    id: 'excludeStrategyIds',
    label: 'Not these strategies',
    group: 'journal',
    type: 'idList',
    operator: 'noneOf',
    source: 'trade',
    ref: 'strategies',
  },
  { id: 'hasStrategy', label: 'Has a strategy', group: 'journal', type: 'boolean', operator: 'is', source: 'trade' },
  {
    id: 'tagsAny',
    label: 'Any of the tags',
    group: 'journal',
    type: 'idList',
    operator: 'anyOf',
    source: 'tags',
    ref: 'tags',
  },
  {
    id: 'tagsAll',
    label: 'All of the tags',
    group: 'journal',
    type: 'idList',
    operator: 'allOf',
    source: 'tags',
    ref: 'tags',
  },
  {
    id: 'tagsNone',
    label: 'None of the tags',
    group: 'journal',
    type: 'idList',
    operator: 'noneOf',
    source: 'tags',
    ref: 'tags',
  },
  { id: 'hasNotes', label: 'Has notes', group: 'journal', type: 'boolean', operator: 'is', source: 'trade' },
] as const satisfies readonly FieldDef[];

export type TradeField = (typeof TRADE_FIELDS)[number];
export type TradeFieldId = TradeField['id'];

export const TRADE_FIELDS_BY_ID: ReadonlyMap<string, FieldDef> = new Map(
  TRADE_FIELDS.map((field) => [field.id, field]),
);

/**
 * The trade list's single-value parameters of old, each a shorthand of one field: `symbol=AAPL` is
 * `symbols: ["AAPL"]`. (`from`, `to`, `side` and `status` are fields of the same name.)
 */
export const TRADE_FILTER_SHORTHANDS = {
  accountId: 'accountIds',
  symbol: 'symbols',
  outcome: 'outcomes',
  strategyId: 'strategyIds',
  tagId: 'tagsAny',
} as const satisfies Record<string, TradeFieldId>;
export type TradeFilterShorthand = keyof typeof TRADE_FILTER_SHORTHANDS;
