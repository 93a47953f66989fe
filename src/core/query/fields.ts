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
  { id: 'risk', label: 'Risk' },
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
 * - `textList`: short texts (currencies, brokers, mistakes…), any of them, compared without regard to case.
 * - `intList`: whole numbers between `minimum` and `maximum` (weekdays, hours…), any of them.
 * - `date`: a calendar day (YYYY-MM-DD) compared as such (an option's expiry), both ends inclusive.
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
  | 'textList'
  | 'intList'
  | 'date'
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
export type FieldSource = 'trade' | 'tags' | 'journal' | 'sequence' | 'ruleChecks' | 'dayJournal';

/** What a field's ids refer to: the web fills its choices from the user's list of them. */
export type FieldRef = 'accounts' | 'strategies' | 'tags' | 'imports' | 'rules';

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
  /** `numberRange` and `intList`: the smallest value allowed. */
  readonly minimum?: number;
  /** `numberRange` and `intList`: the largest value allowed. */
  readonly maximum?: number;
  /**
   * A field whose data a later feature brings (rule checks, daily plans' adherence, price paths):
   * it validates and is part of the model now, and selects what this says until the data exists.
   */
  readonly untilDataExists?: 'nothing';
  /** `intList`: the labels of the values (weekdays, months), by value. */
  readonly valueLabels?: readonly string[];
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
const SESSIONS = [
  ['pre', 'Pre-market'],
  ['regular', 'Regular hours'],
  ['after', 'After hours'],
] as const;
const OPTION_RIGHTS = [
  ['call', 'Call'],
  ['put', 'Put'],
] as const;
const WEEKDAY_LABELS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTH_LABELS = [
  '',
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** What a breakeven means everywhere (the user's band, per asset class). */
export const OUTCOME_MEANING =
  'A closed trade is a win above your breakeven band (Settings), a loss below it, breakeven inside it (at 0 by default).';

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
    id: 'weekdays',
    label: 'Weekdays',
    group: 'dates',
    type: 'intList',
    operator: 'anyOf',
    source: 'trade',
    minimum: 1,
    maximum: 7,
    valueLabels: WEEKDAY_LABELS,
    description: 'The weekday it opened, in your time zone: 1 Monday … 7 Sunday.',
  },
  {
    id: 'months',
    label: 'Months',
    group: 'dates',
    type: 'intList',
    operator: 'anyOf',
    source: 'trade',
    minimum: 1,
    maximum: 12,
    valueLabels: MONTH_LABELS,
    description: `The month of its date (1–12), in your time zone. ${DATE_RANGE_MEANING}`,
  },
  {
    id: 'years',
    label: 'Years',
    group: 'dates',
    type: 'intList',
    operator: 'anyOf',
    source: 'trade',
    minimum: 1970,
    maximum: 9999,
    description: `The year of its date, in your time zone. ${DATE_RANGE_MEANING}`,
  },
  {
    id: 'entryHours',
    label: 'Hour of entry',
    group: 'dates',
    type: 'intList',
    operator: 'anyOf',
    source: 'trade',
    minimum: 0,
    maximum: 23,
    description:
      'The hour it opened (0–23), in your time zone. Trades whose file gave only the day of entry have no hour.',
  },
  {
    id: 'exitHours',
    label: 'Hour of exit',
    group: 'dates',
    type: 'intList',
    operator: 'anyOf',
    source: 'trade',
    minimum: 0,
    maximum: 23,
    description:
      'The hour it closed (0–23), in your time zone; closed trades only. Trades whose file gave only the day of exit have no hour.',
  },
  {
    id: 'session',
    label: 'Market session',
    group: 'dates',
    type: 'enumList',
    operator: 'anyOf',
    source: 'trade',
    values: SESSIONS,
    description:
      'When it opened, in US Eastern time: pre-market before 9:30, regular hours 9:30–16:00, after hours from 16:00. Trades whose file gave only the day of entry have no session.',
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
    id: 'underlyings',
    label: 'Underlying',
    group: 'instrument',
    type: 'textList',
    operator: 'anyOf',
    source: 'trade',
    description:
      "An option's underlying (SPXW → SPX), a future's root, a currency pair's or coin's base, else the symbol itself.",
  },
  {
    id: 'optionRight',
    label: 'Option right',
    group: 'instrument',
    type: 'enum',
    operator: 'is',
    source: 'trade',
    values: OPTION_RIGHTS,
    description: 'Options only: calls or puts.',
  },
  {
    id: 'expiryFrom',
    label: 'Expiry from',
    group: 'instrument',
    type: 'date',
    operator: 'onOrAfter',
    source: 'trade',
    description: 'Options expiring on or after this day.',
  },
  {
    id: 'expiryTo',
    label: 'Expiry to',
    group: 'instrument',
    type: 'date',
    operator: 'onOrBefore',
    source: 'trade',
    description: 'Options expiring on or before this day.',
  },
  {
    id: 'dteAtEntry',
    label: 'Days to expiry at entry',
    group: 'instrument',
    type: 'numberRange',
    operator: 'between',
    source: 'trade',
    minimum: -100_000,
    description: 'Options only: calendar days from the day it opened (your time zone) to the expiry; 0 is 0DTE.',
  },
  {
    id: 'strike',
    label: 'Strike',
    group: 'instrument',
    type: 'decimalRange',
    operator: 'between',
    source: 'trade',
    description: "Options only: the strike, in the underlying's price.",
  },
  {
    id: 'futuresRoots',
    label: 'Futures root',
    group: 'instrument',
    type: 'textList',
    operator: 'anyOf',
    source: 'trade',
    description: 'Futures only: the contract root (ES, MNQ, 6E).',
  },
  {
    id: 'currencies',
    label: 'Currency',
    group: 'instrument',
    type: 'textList',
    operator: 'anyOf',
    source: 'trade',
    description: 'The currency the trade is priced in (USD, EUR…).',
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
  {
    id: 'brokers',
    label: 'Broker',
    group: 'instrument',
    type: 'textList',
    operator: 'anyOf',
    source: 'trade',
    description: "The broker set on the trade's account.",
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
    description: `Closed trades only. ${OUTCOME_MEANING}`,
  },
  { id: 'quantity', label: 'Quantity', group: 'size', type: 'decimalRange', operator: 'between', source: 'trade' },
  {
    id: 'positionValue',
    label: 'Position value',
    group: 'size',
    type: 'decimalRange',
    operator: 'between',
    source: 'trade',
    description: 'Average entry price × quantity × multiplier, in the trade’s currency.',
  },
  { id: 'entryPrice', label: 'Entry price', group: 'size', type: 'decimalRange', operator: 'between', source: 'trade' },
  {
    id: 'exitPrice',
    label: 'Exit price',
    group: 'size',
    type: 'decimalRange',
    operator: 'between',
    source: 'trade',
    description: 'Closed trades only: the average exit price.',
  },
  { id: 'netPnl', label: 'Net P&L', group: 'results', type: 'decimalRange', operator: 'between', source: 'trade' },
  { id: 'grossPnl', label: 'Gross P&L', group: 'results', type: 'decimalRange', operator: 'between', source: 'trade' },
  {
    id: 'fees',
    label: 'Fees',
    group: 'results',
    type: 'decimalRange',
    operator: 'between',
    source: 'trade',
    description: 'Commissions and fees together.',
  },
  {
    id: 'feesPctOfGross',
    label: 'Fees as % of gross',
    group: 'results',
    type: 'decimalRange',
    operator: 'between',
    source: 'trade',
    description: 'Commissions and fees as a percentage of the gross P&L’s size; trades with no gross P&L have none.',
  },
  {
    id: 'rMultiple',
    label: 'R-multiple',
    group: 'results',
    type: 'decimalRange',
    operator: 'between',
    source: 'trade',
  },
  {
    id: 'returnPct',
    label: 'Return %',
    group: 'results',
    type: 'decimalRange',
    operator: 'between',
    source: 'trade',
    description: 'Net P&L as a percentage of the position value.',
  },
  {
    id: 'mae',
    label: 'MAE',
    group: 'results',
    type: 'decimalRange',
    operator: 'between',
    source: 'trade',
    untilDataExists: 'nothing',
    description:
      'Maximum adverse excursion. Needs price data during the trade, which Edgebook does not have yet: selects nothing.',
  },
  {
    id: 'mfe',
    label: 'MFE',
    group: 'results',
    type: 'decimalRange',
    operator: 'between',
    source: 'trade',
    untilDataExists: 'nothing',
    description:
      'Maximum favourable excursion. Needs price data during the trade, which Edgebook does not have yet: selects nothing.',
  },
  {
    id: 'hasStop',
    label: 'Has a stop',
    group: 'risk',
    type: 'boolean',
    operator: 'is',
    source: 'journal',
    description: 'A stop price is set in the trade’s journal.',
  },
  {
    id: 'initialRisk',
    label: 'Initial risk',
    group: 'risk',
    type: 'decimalRange',
    operator: 'between',
    source: 'trade',
    description: 'The risk R is computed from (yours, stop-based or the default), in money.',
  },
  {
    id: 'stopDistancePct',
    label: 'Stop distance %',
    group: 'risk',
    type: 'decimalRange',
    operator: 'between',
    source: 'journal',
    description: 'How far the stop is from the average entry, as a percentage of it.',
  },
  {
    id: 'plannedRewardRisk',
    label: 'Planned reward:risk',
    group: 'risk',
    type: 'decimalRange',
    operator: 'between',
    source: 'journal',
    description: 'Target distance over stop distance from the average entry; needs both.',
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
    id: 'intraday',
    label: 'Intraday',
    group: 'timing',
    type: 'boolean',
    operator: 'is',
    source: 'trade',
    description: 'Yes: opened and closed on the same day in your time zone; no: held overnight. Closed trades only.',
  },
  {
    id: 'executionCount',
    label: 'Executions',
    group: 'timing',
    type: 'numberRange',
    operator: 'between',
    source: 'trade',
    minimum: 0,
  },
  {
    id: 'scaledIn',
    label: 'Scaled in',
    group: 'timing',
    type: 'boolean',
    operator: 'is',
    source: 'trade',
    description: 'Entered in more than one fill.',
  },
  {
    id: 'scaledOut',
    label: 'Scaled out',
    group: 'timing',
    type: 'boolean',
    operator: 'is',
    source: 'trade',
    description: 'Exited in more than one fill.',
  },
  {
    id: 'nthTradeOfDay',
    label: 'Nth trade of the day',
    group: 'timing',
    type: 'numberRange',
    operator: 'between',
    source: 'sequence',
    minimum: 1,
    description: 'Its place among the day’s trades (all accounts) by open time, in your time zone: 1 is the first.',
  },
  {
    id: 'previousOutcome',
    label: 'Previous trade’s outcome',
    group: 'timing',
    type: 'enumList',
    operator: 'anyOf',
    source: 'sequence',
    values: OUTCOMES,
    description:
      'The outcome of the same account’s previous trade: the last one closed (by close time) at or before this one opened. A first trade has none.',
  },
  {
    id: 'lossesInARowBefore',
    label: 'Losses in a row before',
    group: 'timing',
    type: 'numberRange',
    operator: 'between',
    source: 'sequence',
    minimum: 0,
    description:
      'How many of the same account’s trades closed before this one opened were losses in a row, ending with the previous one.',
  },
  {
    id: 'minutesSincePrevious',
    label: 'Minutes since the previous trade',
    group: 'timing',
    type: 'numberRange',
    operator: 'between',
    source: 'sequence',
    minimum: 0,
    description:
      'Whole minutes from the close of the same account’s previous trade to this one’s open. A first trade has none.',
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
  {
    id: 'mistakes',
    label: 'Mistakes',
    group: 'journal',
    type: 'textList',
    operator: 'anyOf',
    source: 'journal',
    description: 'Any of these mistakes in the trade’s journal (any case).',
  },
  {
    id: 'rating',
    label: 'Rating',
    group: 'journal',
    type: 'numberRange',
    operator: 'between',
    source: 'journal',
    minimum: 1,
    maximum: 5,
  },
  {
    id: 'hasScreenshots',
    label: 'Has screenshots',
    group: 'journal',
    type: 'boolean',
    operator: 'is',
    source: 'journal',
  },
  {
    id: 'emotions',
    label: 'Emotions',
    group: 'journal',
    type: 'textList',
    operator: 'anyOf',
    source: 'journal',
    description: 'Any of these emotions in the trade’s journal (any case).',
  },
  {
    id: 'ruleAdherencePct',
    label: 'Rule adherence %',
    group: 'journal',
    type: 'decimalRange',
    operator: 'between',
    source: 'ruleChecks',
    description:
      'Rules followed ÷ (followed + broken) × 100, over the current rules of the trade’s strategy; a trade with no rule answered followed or broken has none.',
  },
  {
    id: 'rulesFollowed',
    label: 'Rules followed',
    group: 'journal',
    type: 'idList',
    operator: 'anyOf',
    source: 'ruleChecks',
    ref: 'rules',
    description: 'Any of these rules (of the trade’s strategy) checked as followed.',
  },
  {
    id: 'rulesBroken',
    label: 'Rules broken',
    group: 'journal',
    type: 'idList',
    operator: 'anyOf',
    source: 'ruleChecks',
    ref: 'rules',
    description: 'Any of these rules (of the trade’s strategy) checked as broken.',
  },
  {
    id: 'importIds',
    label: 'Import batch',
    group: 'journal',
    type: 'idList',
    operator: 'anyOf',
    source: 'trade',
    ref: 'imports',
    description: 'Trades whose opening fill came from one of these imports.',
  },
  {
    id: 'dayHadPlan',
    label: 'Day had a plan',
    group: 'journal',
    type: 'boolean',
    operator: 'is',
    source: 'dayJournal',
    description: 'The day it opened (your time zone) has a plan written in the daily journal.',
  },
  {
    id: 'dayPlanFollowed',
    label: 'Day’s plan followed',
    group: 'journal',
    type: 'boolean',
    operator: 'is',
    source: 'dayJournal',
    untilDataExists: 'nothing',
    description:
      'Whether the day’s plan was marked followed. The daily journal does not record it yet: selects nothing.',
  },
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
