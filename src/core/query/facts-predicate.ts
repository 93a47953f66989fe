import type { FieldType, TradeField } from './fields';
import type { DecimalRange, NumberRange, ResolvedTradeFilter, ResolvedValueOf } from './filter';

/**
 * The closed trades the analytics cache holds, column by column, in (closedAt, id) order: the
 * columns the in-memory predicate reads. Ids (accounts, strategies, tags) are indexes into lists
 * of lower-case ids; −1 is "none" for a strategy.
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
  account: Int32Array;
  accountIds: readonly string[];
  symbol: Int32Array;
  symbols: readonly string[];
  assetClass: Int32Array;
  assetClasses: readonly string[];
  strategy: Int32Array;
  strategyIds: readonly string[];
  /** The tags of trade i are tagIndex[tagStart[i] … tagStart[i + 1] − 1], into tagIds. */
  tagStart: Int32Array;
  tagIndex: Int32Array;
  tagIds: readonly string[];
};

type RowTest = (i: number) => boolean;
/** What one condition does to the rows: keep all or none, bound the close, or test each row. */
type FactCondition =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'closedFrom'; ms: number }
  | { kind: 'closedBefore'; ms: number }
  | { kind: 'test'; test: RowTest };

type FactCompiler<T extends FieldType> = (facts: TradeFactColumns, value: ResolvedValueOf<T>) => FactCondition;
/** A field the cache holds has an entry; a filter with any other field is answered by SQL. */
type FactCompilers = { [F in TradeField as F['id']]?: FactCompiler<F['type']> };

const ALL: FactCondition = { kind: 'all' };
const NONE: FactCondition = { kind: 'none' };
const test = (fn: RowTest): FactCondition => ({ kind: 'test', test: fn });

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
function indexIn(column: Int32Array, list: readonly string[], wanted: readonly string[], isIn: boolean): FactCondition {
  const { mask, found } = toMask(list, wanted);
  if (found === 0) return isIn ? NONE : ALL;
  return isIn ? test((i) => mask[column[i]!] === 1) : test((i) => mask[column[i]!] !== 1);
}

/**
 * A decimal range on a column of doubles. Exact while the stored values and the bounds have at
 * most 15 significant digits (P&L below ten million to the 1e-8, R below 1e7): doubles keep such
 * decimals apart and in order.
 */
function inRange(column: Float64Array, has: Uint8Array | null, range: DecimalRange | NumberRange): FactCondition {
  const min = range.min === undefined ? -Infinity : Number(range.min);
  const max = range.max === undefined ? Infinity : Number(range.max);
  return has === null
    ? test((i) => column[i]! >= min && column[i]! <= max)
    : test((i) => has[i] === 1 && column[i]! >= min && column[i]! <= max);
}

function tagCount(facts: TradeFactColumns, i: number, mask: Uint8Array): number {
  let n = 0;
  for (let k = facts.tagStart[i]!; k < facts.tagStart[i + 1]!; k++) n += mask[facts.tagIndex[k]!]!;
  return n;
}

/** Each field the analytics cache holds, as a condition on its columns (the SQL compiler's twin). */
const FACT_CONDITIONS: FactCompilers = {
  // The cache holds closed trades only: their date is their close.
  from: (_, ms) => ({ kind: 'closedFrom', ms }),
  to: (_, ms) => ({ kind: 'closedBefore', ms }),
  openedFrom: (facts, ms) => test((i) => facts.openedAt[i]! >= ms),
  openedTo: (facts, ms) => test((i) => facts.openedAt[i]! < ms),
  symbols: (facts, symbols) => indexIn(facts.symbol, facts.symbols, symbols, true),
  excludeSymbols: (facts, symbols) => indexIn(facts.symbol, facts.symbols, symbols, false),
  assetClasses: (facts, classes) => indexIn(facts.assetClass, facts.assetClasses, classes, true),
  accountIds: (facts, ids) => indexIn(facts.account, facts.accountIds, ids, true),
  side: (facts, side) => {
    const isShort = side === 'short' ? 1 : 0;
    return test((i) => facts.isShort[i] === isShort);
  },
  status: (_, status) => (status === 'closed' ? ALL : NONE),
  outcomes: (facts, outcomes) => {
    const isWin = outcomes.includes('win');
    const isLoss = outcomes.includes('loss');
    const isBreakeven = outcomes.includes('breakeven');
    return test((i) => {
      const pnl = facts.netPnl[i]!;
      return pnl > 0 ? isWin : pnl < 0 ? isLoss : isBreakeven;
    });
  },
  netPnl: (facts, range) => inRange(facts.netPnl, null, range),
  rMultiple: (facts, range) => inRange(facts.rMultiple, facts.hasR, range),
  holdingSeconds: (facts, range) => inRange(facts.holdingSeconds, facts.hasHolding, range),
  strategyIds: (facts, ids) => indexIn(facts.strategy, facts.strategyIds, ids, true),
  excludeStrategyIds: (facts, ids) => {
    const { mask, found } = toMask(facts.strategyIds, ids);
    return found === 0 ? ALL : test((i) => facts.strategy[i]! < 0 || mask[facts.strategy[i]!] !== 1);
  },
  hasStrategy: (facts, hasStrategy) => test((i) => facts.strategy[i]! >= 0 === hasStrategy),
  tagsAny: (facts, ids) => {
    const { mask, found } = toMask(facts.tagIds, ids);
    return found === 0 ? NONE : test((i) => tagCount(facts, i, mask) > 0);
  },
  tagsAll: (facts, ids) => {
    const { mask, found } = toMask(facts.tagIds, ids);
    // A tag no cached trade carries: no trade has them all. A trade's tags are distinct.
    return found < ids.length ? NONE : test((i) => tagCount(facts, i, mask) === found);
  },
  tagsNone: (facts, ids) => {
    const { mask, found } = toMask(facts.tagIds, ids);
    return found === 0 ? ALL : test((i) => tagCount(facts, i, mask) === 0);
  },
  hasNotes: (facts, hasNotes) => {
    const wanted = hasNotes ? 1 : 0;
    return test((i) => facts.hasNote[i] === wanted);
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

const EMPTY = new Int32Array(0);

/**
 * The rows the filter keeps, ascending: exactly the closed trades the SQL compiler selects (the
 * close bounds the row range by binary search; the other conditions test each row in it). Throws
 * for a field the cache does not hold: check canSelectInMemory first.
 */
export function selectTradeRows(facts: TradeFactColumns, filter: ResolvedTradeFilter): Int32Array {
  let start = 0;
  let end = facts.count;
  const tests: RowTest[] = [];
  for (const [id, value] of entriesOf(filter)) {
    const compile = FACT_CONDITIONS[id] as FactCompiler<FieldType> | undefined; // the entry for this id's field
    if (!compile) throw new Error(`The analytics cache does not hold the filter field ${id}`);
    const condition = compile(facts, value as never); // the value resolved for this very field
    if (condition.kind === 'none') return EMPTY;
    if (condition.kind === 'closedFrom') start = Math.max(start, lowerBound(facts.closedAt, facts.count, condition.ms));
    else if (condition.kind === 'closedBefore')
      end = Math.min(end, lowerBound(facts.closedAt, facts.count, condition.ms));
    else if (condition.kind === 'test') tests.push(condition.test);
  }
  if (end <= start) return EMPTY;
  if (tests.length === 0) {
    const rows = new Int32Array(end - start);
    for (let k = 0; k < rows.length; k++) rows[k] = start + k;
    return rows;
  }
  const out = new Int32Array(end - start);
  let n = 0;
  rows: for (let i = start; i < end; i++) {
    for (let t = 0; t < tests.length; t++) if (!tests[t]!(i)) continue rows;
    out[n++] = i;
  }
  return out.subarray(0, n);
}
