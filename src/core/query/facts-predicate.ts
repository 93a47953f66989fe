import { toBandOf, toOutcome, type BreakevenBands, type Outcome } from './breakeven';
import type { FieldType, TradeField } from './fields';
import {
  toFilterContext,
  type DecimalRange,
  type FilterContext,
  type NumberRange,
  type ResolvedTradeFilter,
  type ResolvedValueOf,
} from './filter';
import { toInstrumentFacets, type InstrumentFacets } from './instrument-facets';
import {
  toDayNumber,
  toDayNumberOfDate,
  toHourOfDay,
  toIsoWeekday,
  toMinuteOfDay,
  toYearMonth,
  toZonedClock,
} from './zoned-clock';

/**
 * The closed trades the analytics cache holds, column by column, in (closedAt, id) order: the
 * columns the in-memory predicate reads. Ids (accounts, strategies, tags) are indexes into lists
 * of lower-case ids; −1 is "none" for a strategy. (The cache's reader fills the lists in place.)
 */
export type TradeFactColumns = {
  count: number;
  /** Epoch ms, ascending. */
  closedAt: Float64Array;
  openedAt: Float64Array;
  netPnl: Float64Array;
  /** R where `hasR` is 1. */
  rMultiple: Float64Array;
  hasR: Uint8Array;
  /** Seconds where `hasHolding` is 1. */
  holdingSeconds: Float64Array;
  hasHolding: Uint8Array;
  /** 1 for short. */
  isShort: Uint8Array;
  hasNote: Uint8Array;
  /** 1 where the opening fill's file gave only its day: no hour of day (left out of hour breakdowns). */
  isOpenTimeUnknown: Uint8Array;
  account: Int32Array;
  accountIds: string[];
  symbol: Int32Array;
  symbols: string[];
  assetClass: Int32Array;
  assetClasses: string[];
  strategy: Int32Array;
  strategyIds: string[];
  /** The tags of trade i are tagIndex[tagStart[i] … tagStart[i + 1] − 1], into tagIds. */
  tagStart: Int32Array;
  tagIndex: Int32Array;
  tagIds: string[];
};

/**
 * What the filter asks of the cached rows, column by column. Each condition adds to it; one loop
 * over the rows then tests them all (typed arrays and monomorphic records, no call per row), so the
 * cache stays the fast path.
 */
type FactSpec = {
  /** Rows in [start, end): the close's bounds, found by binary search. */
  start: number;
  end: number;
  isEmpty: boolean;
  /** An index column's entry marked (`want` 1) or not (0); −1 is never marked. */
  masks: { column: Int32Array; mask: Uint8Array; want: number }[];
  bytes: { column: Uint8Array; value: number }[];
  /** min ≤ value ≤ max, where `has` (when given) is 1. */
  ranges: { column: Float64Array; has: Uint8Array | null; min: number; max: number }[];
  /** Net P&L above, below or at 0 kept. */
  outcome: { isWin: boolean; isLoss: boolean; isBreakeven: boolean } | null;
  /** The trade's tags among the marked ones number `count` (more than 0 for −1). */
  tags: { mask: Uint8Array; count: number }[];
  /** Conditions on facts computed per row (calendar, instrument, the account's sequence). */
  tests: ((row: number) => boolean)[];
};

type FactCompiler<T extends FieldType> = (
  spec: FactSpec,
  facts: TradeFactColumns,
  value: ResolvedValueOf<T>,
  context: FilterContext,
) => void;
/**
 * A field the cache holds has an entry; a filter with any other field is answered by SQL (the
 * SQL-only fields are listed beside FACT_CONDITIONS and in SQL_ONLY_FIELD_IDS).
 */
type FactCompilers = { [F in TradeField as F['id']]?: FactCompiler<F['type']> };

/** 1 at the index of each wanted value found in `list`, and how many were found. */
function toMask(list: readonly string[], wanted: readonly string[]): { mask: Uint8Array; found: number } {
  const mask = new Uint8Array(list.length);
  let found = 0;
  for (const value of wanted) {
    const index = list.indexOf(value);
    if (index >= 0 && mask[index] === 0) {
      mask[index] = 1;
      found += 1;
    }
  }
  return { mask, found };
}

/** A row's index column in a list of values: any of them (`isIn`) or none of them. */
function indexIn(
  spec: FactSpec,
  column: Int32Array,
  list: { all: readonly string[]; wanted: readonly string[] },
  isIn: boolean,
): void {
  const { mask, found } = toMask(list.all, list.wanted);
  if (found === 0) spec.isEmpty ||= isIn;
  else spec.masks.push({ column, mask, want: isIn ? 1 : 0 });
}

/**
 * A decimal range on a column of doubles. Exact while the stored values and the bounds have at
 * most 15 significant digits (P&L below ten million to the 1e-8, R below 1e7): doubles keep such
 * decimals apart and in order.
 */
function inRange(
  spec: FactSpec,
  column: Float64Array,
  has: Uint8Array | null,
  range: DecimalRange | NumberRange,
): void {
  const min = range.min === undefined ? -Infinity : Number(range.min);
  const max = range.max === undefined ? Infinity : Number(range.max);
  spec.ranges.push({ column, has, min, max });
}

function withTags(spec: FactSpec, facts: TradeFactColumns, ids: readonly string[], kind: 'any' | 'all' | 'none'): void {
  const { mask, found } = toMask(facts.tagIds, ids);
  if (kind === 'any') {
    if (found === 0) spec.isEmpty = true;
    else spec.tags.push({ mask, count: -1 });
  } else if (kind === 'all') {
    // A tag no cached trade carries: no trade has them all. A trade's tags are distinct.
    if (found < ids.length) spec.isEmpty = true;
    else spec.tags.push({ mask, count: found });
  } else if (found > 0) spec.tags.push({ mask, count: 0 });
}

/** First index in [0, count) whose value is at or after `ms` (count when none). */
function lowerBound(values: Float64Array, count: number, ms: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** min ≤ value ≤ max on a computed number (null never matches). */
function isWithin(value: number | null, range: DecimalRange | NumberRange): boolean {
  if (value === null) return false;
  return (
    (range.min === undefined || value >= Number(range.min)) && (range.max === undefined || value <= Number(range.max))
  );
}

/** A calendar fact of an instant column in the zone, per row, tested against `values`. */
function zonedTest(
  spec: FactSpec,
  column: Float64Array,
  timeZone: string,
  toPart: (wallMs: number) => number,
  values: readonly number[],
  skip?: Uint8Array,
): void {
  const clock = toZonedClock(timeZone);
  const wanted = new Set(values);
  spec.tests.push((row) => (skip === undefined || skip[row] !== 1) && wanted.has(toPart(clock.toWallMs(column[row]!))));
}

/** The instrument facets of each (symbol, asset class) a row has, computed once per pair. */
function facetsOf(facts: TradeFactColumns): (row: number) => InstrumentFacets {
  const memo = new Map<number, InstrumentFacets>();
  const classes = facts.assetClasses.length;
  return (row) => {
    const key = facts.symbol[row]! * classes + facts.assetClass[row]!;
    let facets = memo.get(key);
    if (!facets) {
      facets = toInstrumentFacets(facts.assetClasses[facts.assetClass[row]!]!, facts.symbols[facts.symbol[row]!]!);
      memo.set(key, facets);
    }
    return facets;
  };
}

function instrumentTest(
  spec: FactSpec,
  facts: TradeFactColumns,
  test: (facets: InstrumentFacets, row: number) => boolean,
) {
  const facetsAt = facetsOf(facts);
  spec.tests.push((row) => test(facetsAt(row), row));
}

/**
 * Each closed trade's previous trade in its account (the last closed at or before it opened, by
 * close then id, itself left out; −1 for none) and the run of losses ending there: the twins of
 * the SQL's `previousTrade` and `lossesInARowBefore`. Rows are in (close, id) order already.
 */
type Sequence = { previous: Int32Array; lossesBefore: Int32Array };

function toSequence(facts: TradeFactColumns, bands: BreakevenBands): Sequence {
  const { count, closedAt, openedAt, account, netPnl, assetClass, assetClasses } = facts;
  const bandOfClass = assetClasses.map((name) => toBandOf(bands, name));
  const rowsOf = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const rows = rowsOf.get(account[i]!) ?? [];
    rows.push(i);
    rowsOf.set(account[i]!, rows);
  }
  const isLoss = (row: number) => netPnl[row]! < -bandOfClass[assetClass[row]!]!;
  const previous = new Int32Array(count).fill(-1);
  const lossesBefore = new Int32Array(count);
  for (const rows of rowsOf.values()) {
    for (const i of rows) {
      // The first of the account's rows closed after this one opened.
      let lo = 0;
      let hi = rows.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (closedAt[rows[mid]!]! <= openedAt[i]!) lo = mid + 1;
        else hi = mid;
      }
      let k = lo - 1;
      if (k >= 0 && rows[k] === i) k -= 1;
      if (k < 0) continue;
      previous[i] = rows[k]!;
      let losses = 0;
      for (let m = k; m >= 0; m--) {
        if (rows[m] === i) continue;
        if (!isLoss(rows[m]!)) break;
        losses += 1;
      }
      lossesBefore[i] = losses;
    }
  }
  return { previous, lossesBefore };
}

function sequenceTest(
  spec: FactSpec,
  facts: TradeFactColumns,
  bands: BreakevenBands,
  test: (sequence: Sequence, row: number) => boolean,
): void {
  let sequence: Sequence | null = null;
  spec.tests.push((row) => test((sequence ??= toSequence(facts, bands)), row));
}

const outcomeAt = (facts: TradeFactColumns, bands: BreakevenBands, row: number): Outcome =>
  toOutcome(facts.netPnl[row]!, toBandOf(bands, facts.assetClasses[facts.assetClass[row]!]!));

/** Each field the analytics cache holds, as a condition on its columns (the SQL compiler's twin). */
const FACT_CONDITIONS: FactCompilers = {
  // The cache holds closed trades only: their date is their close.
  from: (spec, facts, ms) => {
    spec.start = Math.max(spec.start, lowerBound(facts.closedAt, facts.count, ms));
  },
  to: (spec, facts, ms) => {
    spec.end = Math.min(spec.end, lowerBound(facts.closedAt, facts.count, ms));
  },
  openedFrom: (spec, facts, ms) => inRange(spec, facts.openedAt, null, { min: ms }),
  // Strictly before: times are whole milliseconds, so the one before the bound is the last kept.
  openedTo: (spec, facts, ms) => inRange(spec, facts.openedAt, null, { max: ms - 1 }),
  weekdays: (spec, facts, days, { timeZone }) => zonedTest(spec, facts.openedAt, timeZone, toIsoWeekday, days),
  // A cached trade is closed: its date is its close.
  months: (spec, facts, months, { timeZone }) =>
    zonedTest(spec, facts.closedAt, timeZone, (wall) => toYearMonth(toDayNumber(wall)).month, months),
  years: (spec, facts, years, { timeZone }) =>
    zonedTest(spec, facts.closedAt, timeZone, (wall) => toYearMonth(toDayNumber(wall)).year, years),
  entryHours: (spec, facts, hours, { timeZone }) =>
    zonedTest(spec, facts.openedAt, timeZone, toHourOfDay, hours, facts.isOpenTimeUnknown),
  session: (spec, facts, sessions) => {
    const minuteOf = (wall: number) => {
      const minute = toMinuteOfDay(wall);
      return minute < 570 ? 0 : minute < 960 ? 1 : 2;
    };
    const wanted = (['pre', 'regular', 'after'] as const).flatMap((name, index) =>
      sessions.includes(name) ? [index] : [],
    );
    zonedTest(spec, facts.openedAt, 'America/New_York', minuteOf, wanted, facts.isOpenTimeUnknown);
  },
  symbols: (spec, facts, symbols) => indexIn(spec, facts.symbol, { all: facts.symbols, wanted: symbols }, true),
  excludeSymbols: (spec, facts, symbols) => indexIn(spec, facts.symbol, { all: facts.symbols, wanted: symbols }, false),
  // Not here, answered by SQL only: `quantity` (the cache keeps no quantity) and `search` (it also
  // matches the broker's own symbol of the opening fill, which the cache does not keep).
  assetClasses: (spec, facts, classes) =>
    indexIn(spec, facts.assetClass, { all: facts.assetClasses, wanted: classes }, true),
  accountIds: (spec, facts, ids) => indexIn(spec, facts.account, { all: facts.accountIds, wanted: ids }, true),
  underlyings: (spec, facts, values) =>
    instrumentTest(spec, facts, (facets) => values.includes(facets.underlying.toLowerCase())),
  optionRight: (spec, facts, right) => instrumentTest(spec, facts, (facets) => facets.right === right),
  expiryFrom: (spec, facts, date) =>
    instrumentTest(spec, facts, (facets) => facets.expiry !== null && facets.expiry >= date),
  expiryTo: (spec, facts, date) =>
    instrumentTest(spec, facts, (facets) => facets.expiry !== null && facets.expiry <= date),
  dteAtEntry: (spec, facts, range, { timeZone }) => {
    const clock = toZonedClock(timeZone);
    instrumentTest(
      spec,
      facts,
      (facets, row) =>
        facets.expiry !== null &&
        isWithin(toDayNumberOfDate(facets.expiry) - toDayNumber(clock.toWallMs(facts.openedAt[row]!)), range),
    );
  },
  strike: (spec, facts, range) => instrumentTest(spec, facts, (facets) => isWithin(facets.strike, range)),
  futuresRoots: (spec, facts, values) =>
    instrumentTest(
      spec,
      facts,
      (facets) => facets.futuresRoot !== null && values.includes(facets.futuresRoot.toLowerCase()),
    ),
  side: (spec, facts, side) => {
    spec.bytes.push({ column: facts.isShort, value: side === 'short' ? 1 : 0 });
  },
  status: (spec, _, status) => {
    spec.isEmpty ||= status !== 'closed';
  },
  outcomes: (spec, facts, outcomes, { breakeven }) => {
    if (Object.values(breakeven).every((amount) => amount === undefined || Number(amount) === 0)) {
      spec.outcome = {
        isWin: outcomes.includes('win'),
        isLoss: outcomes.includes('loss'),
        isBreakeven: outcomes.includes('breakeven'),
      };
    } else spec.tests.push((row) => outcomes.includes(outcomeAt(facts, breakeven, row)));
  },
  netPnl: (spec, facts, range) => inRange(spec, facts.netPnl, null, range),
  rMultiple: (spec, facts, range) => inRange(spec, facts.rMultiple, facts.hasR, range),
  holdingSeconds: (spec, facts, range) => inRange(spec, facts.holdingSeconds, facts.hasHolding, range),
  intraday: (spec, facts, isIntraday, { timeZone }) => {
    const clock = toZonedClock(timeZone);
    spec.tests.push(
      (row) =>
        (toDayNumber(clock.toWallMs(facts.openedAt[row]!)) === toDayNumber(clock.toWallMs(facts.closedAt[row]!))) ===
        isIntraday,
    );
  },
  previousOutcome: (spec, facts, outcomes, { breakeven }) =>
    sequenceTest(spec, facts, breakeven, ({ previous }, row) => {
      const p = previous[row]!;
      return p >= 0 && outcomes.includes(outcomeAt(facts, breakeven, p));
    }),
  lossesInARowBefore: (spec, facts, range, { breakeven }) =>
    sequenceTest(spec, facts, breakeven, ({ lossesBefore }, row) => isWithin(lossesBefore[row]!, range)),
  minutesSincePrevious: (spec, facts, range, { breakeven }) =>
    sequenceTest(spec, facts, breakeven, ({ previous }, row) => {
      const p = previous[row]!;
      return p >= 0 && isWithin(Math.floor((facts.openedAt[row]! - facts.closedAt[p]!) / 60_000), range);
    }),
  strategyIds: (spec, facts, ids) => indexIn(spec, facts.strategy, { all: facts.strategyIds, wanted: ids }, true),
  // A trade without a strategy (−1) is in none of them.
  excludeStrategyIds: (spec, facts, ids) =>
    indexIn(spec, facts.strategy, { all: facts.strategyIds, wanted: ids }, false),
  hasStrategy: (spec, facts, hasStrategy) => {
    spec.masks.push({
      column: facts.strategy,
      mask: new Uint8Array(facts.strategyIds.length).fill(1),
      want: hasStrategy ? 1 : 0,
    });
  },
  tagsAny: (spec, facts, ids) => withTags(spec, facts, ids, 'any'),
  tagsAll: (spec, facts, ids) => withTags(spec, facts, ids, 'all'),
  tagsNone: (spec, facts, ids) => withTags(spec, facts, ids, 'none'),
  hasNotes: (spec, facts, hasNotes) => {
    spec.bytes.push({ column: facts.hasNote, value: hasNotes ? 1 : 0 });
  },
};

const entriesOf = (filter: ResolvedTradeFilter) =>
  Object.entries(filter).filter(([, value]) => value !== undefined) as [keyof FactCompilers, unknown][]; // a resolved filter's keys are field ids

/** True when the cache's columns hold every field the filter tests: else SQL answers it. */
export function canSelectInMemory(filter: ResolvedTradeFilter): boolean {
  return entriesOf(filter).every(([id]) => FACT_CONDITIONS[id] !== undefined);
}

/** The ids of the fields the in-memory predicate can test (the property test covers each). */
export const IN_MEMORY_FIELD_IDS: readonly string[] = Object.keys(FACT_CONDITIONS);

/**
 * The fields a filter with which the analytics answer from SQL, never from the cache: what they
 * test is not in its columns (open trades, quantities and prices, the journal's side tables, the
 * broker's own symbol `search` also matches).
 */
export const SQL_ONLY_FIELD_IDS = [
  'exitHours',
  'currencies',
  'brokers',
  'quantity',
  'search',
  'positionValue',
  'entryPrice',
  'exitPrice',
  'grossPnl',
  'fees',
  'feesPctOfGross',
  'returnPct',
  'mae',
  'mfe',
  'hasStop',
  'initialRisk',
  'stopDistancePct',
  'plannedRewardRisk',
  'executionCount',
  'scaledIn',
  'scaledOut',
  'nthTradeOfDay',
  'mistakes',
  'rating',
  'hasScreenshots',
  'emotions',
  'ruleAdherencePct',
  'rulesFollowed',
  'rulesBroken',
  'importIds',
  'dayHadPlan',
  'dayPlanFollowed',
] as const satisfies readonly TradeField['id'][];

const EMPTY = new Int32Array(0);

/**
 * The rows the filter keeps, ascending: exactly the closed trades the SQL compiler selects (the
 * close bounds the row range by binary search; the other conditions test each row in it). Throws
 * for a field the cache does not hold: check canSelectInMemory first.
 */
export function selectTradeRows(facts: TradeFactColumns, filter: ResolvedTradeFilter): Int32Array {
  const spec: FactSpec = {
    start: 0,
    end: facts.count,
    isEmpty: false,
    masks: [],
    bytes: [],
    ranges: [],
    outcome: null,
    tags: [],
    tests: [],
  };
  const context = toFilterContext(filter);
  for (const [id, value] of entriesOf(filter)) {
    const compile = FACT_CONDITIONS[id] as FactCompiler<FieldType> | undefined; // the entry for this id's field
    if (!compile) throw new Error(`The analytics cache does not hold the filter field ${id}`);
    compile(spec, facts, value as never, context); // the value resolved for this very field
  }
  const { start, end, masks, bytes, ranges, outcome, tags, tests } = spec;
  if (spec.isEmpty || end <= start) return EMPTY;
  const out = new Int32Array(end - start);
  if (masks.length + bytes.length + ranges.length + tags.length + tests.length === 0 && outcome === null) {
    for (let k = 0; k < out.length; k++) out[k] = start + k;
    return out;
  }
  const { netPnl, tagStart, tagIndex } = facts;
  let n = 0;
  rows: for (let i = start; i < end; i++) {
    for (let c = 0; c < masks.length; c++) {
      const { column, mask, want } = masks[c]!;
      const index = column[i]!;
      if ((index >= 0 && mask[index] === 1 ? 1 : 0) !== want) continue rows;
    }
    for (let c = 0; c < bytes.length; c++) if (bytes[c]!.column[i] !== bytes[c]!.value) continue rows;
    for (let c = 0; c < ranges.length; c++) {
      const { column, has, min, max } = ranges[c]!;
      const value = column[i]!;
      if ((has !== null && has[i] !== 1) || !(value >= min && value <= max)) continue rows;
    }
    if (outcome !== null) {
      const pnl = netPnl[i]!;
      if (!(pnl > 0 ? outcome.isWin : pnl < 0 ? outcome.isLoss : outcome.isBreakeven)) continue rows;
    }
    for (let c = 0; c < tags.length; c++) {
      const { mask, count } = tags[c]!;
      let found = 0;
      for (let t = tagStart[i]!; t < tagStart[i + 1]!; t++) found += mask[tagIndex[t]!]!;
      if (count < 0 ? found === 0 : found !== count) continue rows;
    }
    for (let c = 0; c < tests.length; c++) if (!tests[c]!(i)) continue rows;
    out[n++] = i;
  }
  return out.subarray(0, n);
}
