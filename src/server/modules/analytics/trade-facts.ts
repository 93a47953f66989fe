import type { NamedRef, TradeColumns, TradeDetailColumns } from '../../../core/analytics';
import type { TradeFactColumns } from '../../../core/query';

/**
 * One user's closed trades, column by column (the query model's TradeFactColumns, which the filter
 * predicate reads, and exact P&L parts): what the analytics cache keeps in memory (about 100 bytes a trade
 * in typed arrays, against several hundred as objects). Rows are in (closedAt, id) order, as the
 * SQL queries answer them. Ids (accounts, strategies, tags) are indexes into a list of lower-case
 * ids; names are not kept, so a rename needs no reload.
 */
export type TradeFacts = TradeFactColumns & {
  /** Gross P&L and fees + commissions, exactly: whole units and 1e-8 units, each of the value's sign. */
  grossPnl: ExactColumn;
  fees: ExactColumn;
  /**
   * The same in the account's currency (trades.account_*, issue 42): the trade's own figures when
   * it is in that currency, and when it could not be converted (then `unconvertedCurrency` names its
   * currency: an index into `currencies`, else −1).
   */
  accountNetPnl: Float64Array;
  accountGrossPnl: ExactColumn;
  accountFees: ExactColumn;
  unconvertedCurrency: Int32Array;
  currencies: string[];
};

/** A numeric(…, 8) column as two exact doubles per row: value = whole + frac / 1e8, both of its sign. */
export type ExactColumn = { whole: Float64Array; frac: Float64Array };

const FRAC_UNITS = 100_000_000;

/**
 * The sum of the selected rows as the double nearest the exact decimal sum, which is what
 * `Number(sum(column)::text)` answers in SQL. Exact while the whole units stay within 2^53.
 */
export function sumExact(column: ExactColumn, rows: Int32Array): number {
  let whole = 0;
  let frac = 0; // |frac| < 1e8 per row: exact for any realistic row count
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k]!;
    whole += column.whole[i]!;
    frac += column.frac[i]!;
  }
  const carry = Math.trunc(frac / FRAC_UNITS);
  whole += carry;
  frac -= carry * FRAC_UNITS;
  if (whole > 0 && frac < 0) {
    whole -= 1;
    frac += FRAC_UNITS;
  } else if (whole < 0 && frac > 0) {
    whole += 1;
    frac -= FRAC_UNITS;
  }
  const sign = whole < 0 || frac < 0 ? '-' : '';
  return Number(`${sign}${Math.abs(whole)}.${String(Math.abs(frac)).padStart(8, '0')}`);
}

/**
 * Copies of the selected rows of columns, one function per kind of array so that each stays
 * monomorphic. Rows in one run (every trade, or a date range) are views, not copies: the engine
 * reads its columns and never writes them, and the facts themselves are never changed.
 */
function gatherFloats(from: Float64Array, rows: Int32Array): Float64Array {
  if (isOneRun(rows)) return from.subarray(rows[0], rows[0]! + rows.length);
  const out = new Float64Array(rows.length);
  for (let k = 0; k < rows.length; k++) out[k] = from[rows[k]!]!;
  return out;
}
function gatherInts(from: Int32Array, rows: Int32Array): Int32Array {
  if (isOneRun(rows)) return from.subarray(rows[0], rows[0]! + rows.length);
  const out = new Int32Array(rows.length);
  for (let k = 0; k < rows.length; k++) out[k] = from[rows[k]!]!;
  return out;
}
function gatherBytes(from: Uint8Array, rows: Int32Array): Uint8Array {
  if (isOneRun(rows)) return from.subarray(rows[0], rows[0]! + rows.length);
  const out = new Uint8Array(rows.length);
  for (let k = 0; k < rows.length; k++) out[k] = from[rows[k]!]!;
  return out;
}

/** True when the (ascending, distinct) rows are consecutive. */
function isOneRun(rows: Int32Array): boolean {
  return rows.length > 0 && rows[rows.length - 1]! - rows[0]! === rows.length - 1;
}

/** Column `from` at the selected rows, NaN where `has` is 0. */
function gatherOptional(from: Float64Array, has: Uint8Array, rows: Int32Array): Float64Array {
  const out = new Float64Array(rows.length);
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k]!;
    out[k] = has[i] === 1 ? from[i]! : Number.NaN;
  }
  return out;
}

/** The selected trades as the engine takes them (close, net P&L, R), in close order. */
export function toTradeColumnsOf(facts: TradeFacts, rows: Int32Array, netPnl?: Float64Array): TradeColumns {
  const n = rows.length;
  return {
    count: n,
    closedAt: gatherFloats(facts.closedAt, rows),
    // In the account's currency unless given (converted, one per selected row).
    netPnl: netPnl ?? gatherFloats(facts.accountNetPnl, rows),
    rMultiple: gatherOptional(facts.rMultiple, facts.hasR, rows),
  };
}

/**
 * The selected trades with what breakdowns and the heatmap group by. Names come from the user's
 * strategies and tags as they are now; a strategy not found is named by its id and a tag not
 * found is left out, as the SQL queries do. Tags only when `tagsById` is given.
 */
export function toTradeDetailColumnsOf(
  facts: TradeFacts,
  rows: Int32Array,
  names: { strategiesById: ReadonlyMap<string, NamedRef>; tagsById: ReadonlyMap<string, NamedRef> | null },
  netPnl?: Float64Array,
): TradeDetailColumns {
  const n = rows.length;
  const tagsById = names.tagsById;
  const tagStart = new Int32Array(n + 1);
  let tagIndex = new Int32Array(0);
  if (tagsById !== null) {
    let total = 0;
    for (let k = 0; k < n; k++) total += facts.tagStart[rows[k]! + 1]! - facts.tagStart[rows[k]!]!;
    tagIndex = new Int32Array(total);
    let at = 0;
    for (let k = 0; k < n; k++) {
      const i = rows[k]!;
      for (let t = facts.tagStart[i]!; t < facts.tagStart[i + 1]!; t++) tagIndex[at++] = facts.tagIndex[t]!;
      tagStart[k + 1] = at;
    }
  }
  return {
    ...toTradeColumnsOf(facts, rows, netPnl),
    openedAt: gatherFloats(facts.openedAt, rows),
    holdingSeconds: gatherOptional(facts.holdingSeconds, facts.hasHolding, rows),
    isShort: gatherBytes(facts.isShort, rows),
    isOpenTimeUnknown: gatherBytes(facts.isOpenTimeUnknown, rows),
    symbol: gatherInts(facts.symbol, rows),
    symbols: facts.symbols,
    assetClass: gatherInts(facts.assetClass, rows),
    assetClasses: facts.assetClasses,
    strategy: gatherInts(facts.strategy, rows),
    strategies: facts.strategyIds.map((id) => names.strategiesById.get(id) ?? { id, name: id }),
    tagStart,
    tagIndex,
    tags: tagsById === null ? [] : facts.tagIds.map((id) => tagsById.get(id) ?? null),
  };
}

/** Gross P&L (before fees) and fees plus commissions of the selected trades, as SQL sums them. */
export function sumFeeTotals(facts: TradeFacts, rows: Int32Array): { grossPnl: number; fees: number } {
  return { grossPnl: sumExact(facts.grossPnl, rows), fees: sumExact(facts.fees, rows) };
}

/** Close times of the selected trades that carry a journal note. */
export function listNotedCloseTimes(facts: TradeFacts, rows: Int32Array): number[] {
  const out: number[] = [];
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k]!;
    if (facts.hasNote[i] === 1) out.push(facts.closedAt[i]!);
  }
  return out;
}

/** The per-row columns of TradeFacts, by the kind of typed array. */
export const FLOAT_COLUMNS = [
  'closedAt',
  'openedAt',
  'netPnl',
  'rMultiple',
  'holdingSeconds',
  'accountNetPnl',
] as const;
export const BYTE_COLUMNS = ['hasR', 'hasHolding', 'isShort', 'hasNote', 'isOpenTimeUnknown'] as const;
export const INDEX_COLUMNS = ['account', 'symbol', 'assetClass', 'strategy', 'unconvertedCurrency'] as const;
export const EXACT_COLUMNS = ['grossPnl', 'fees', 'accountGrossPnl', 'accountFees'] as const;
/** The lists the per-row indexes point into. */
export const LIST_FIELDS = ['accountIds', 'symbols', 'assetClasses', 'strategyIds', 'tagIds', 'currencies'] as const;

/**
 * The facts after the trades closed at the given times were read again: every row of `base`
 * closed at one of `times` is dropped, and `fresh` (the trades closed at those times now, in
 * (closedAt, id) order) takes their place in close order. `fresh`'s lists (accounts, symbols,
 * strategies, tags…) must extend `base`'s, index for index: its rows and base's then share them.
 * Neither input is changed (requests may still be reading `base`).
 */
export function replaceTradesClosedAt(base: TradeFacts, times: readonly number[], fresh: TradeFacts): TradeFacts {
  const dropped = [...times].sort((a, b) => a - b);
  // Which row each output row comes from: base row i as i, fresh row j as −1 − j.
  const picks: number[] = [];
  let t = 0;
  let j = 0;
  for (let i = 0; i < base.count; i++) {
    const closedAt = base.closedAt[i]!;
    while (j < fresh.count && fresh.closedAt[j]! < closedAt) picks.push(-1 - j++);
    while (t < dropped.length && dropped[t]! < closedAt) t++;
    if (t < dropped.length && dropped[t] === closedAt) continue;
    picks.push(i);
  }
  while (j < fresh.count) picks.push(-1 - j++);

  const count = picks.length;
  const gather = <A extends Float64Array | Uint8Array | Int32Array>(from: A, other: A, out: A): A => {
    for (let k = 0; k < count; k++) {
      const pick = picks[k]!;
      out[k] = pick >= 0 ? from[pick]! : other[-1 - pick]!;
    }
    return out;
  };
  const merged = {
    ...fresh,
    count,
    tagStart: new Int32Array(count + 1),
  } as TradeFacts;
  for (const name of FLOAT_COLUMNS) merged[name] = gather(base[name], fresh[name], new Float64Array(count));
  for (const name of BYTE_COLUMNS) merged[name] = gather(base[name], fresh[name], new Uint8Array(count));
  for (const name of INDEX_COLUMNS) merged[name] = gather(base[name], fresh[name], new Int32Array(count));
  for (const name of EXACT_COLUMNS)
    merged[name] = {
      whole: gather(base[name].whole, fresh[name].whole, new Float64Array(count)),
      frac: gather(base[name].frac, fresh[name].frac, new Float64Array(count)),
    };
  const tagIndex: number[] = [];
  for (let k = 0; k < count; k++) {
    const pick = picks[k]!;
    const source = pick >= 0 ? base : fresh;
    const row = pick >= 0 ? pick : -1 - pick;
    for (let x = source.tagStart[row]!; x < source.tagStart[row + 1]!; x++) tagIndex.push(source.tagIndex[x]!);
    merged.tagStart[k + 1] = tagIndex.length;
  }
  merged.tagIndex = Int32Array.from(tagIndex);
  return merged;
}
