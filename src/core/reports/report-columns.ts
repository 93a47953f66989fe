import type { NamedRef } from '../analytics/trade-columns';

/**
 * A money column kept exactly: each row's value is whole + frac / 1e8, both parts integers of the
 * value's sign (the analytics cache's layout of numeric(…, 8) columns). Sums of whole parts and of
 * fraction parts stay exact in doubles far past any realistic row count (2^53).
 */
export type ExactMoneyColumn = { whole: Float64Array; frac: Float64Array };

/** Several values per trade: those of trade i are `index[start[i]] … index[start[i + 1] − 1]`, into `values`. */
export type MultiColumn = { start: Int32Array; index: Int32Array; values: readonly (NamedRef | null)[] };

/**
 * The closed trades of a report, column by column, in close order (closedAt ascending; ties in the
 * order given): what `computeReport` groups. Ids and names are indexes into lists. Money columns are
 * exact (`net` = gross − fees − commission); `netPnl` is the same value as a double, for the
 * statistics (standard deviation, intervals) that are doubles anyway.
 */
export type ReportColumns = {
  count: number;
  /** Epoch ms. */
  closedAt: Float64Array;
  openedAt: Float64Array;
  netPnl: Float64Array;
  net: ExactMoneyColumn;
  gross: ExactMoneyColumn;
  /** Fees plus commission. */
  fees: ExactMoneyColumn;
  /** NaN where the trade has no R. */
  rMultiple: Float64Array;
  /** NaN where unknown. */
  holdingSeconds: Float64Array;
  /** 1 for short. */
  isShort: Uint8Array;
  /** 1 where the file gave the entry's day only: no hour (the hour grouping puts it apart). */
  isOpenTimeUnknown: Uint8Array;
  symbol: Int32Array;
  symbols: readonly string[];
  assetClass: Int32Array;
  assetClasses: readonly string[];
  account: Int32Array;
  accounts: readonly NamedRef[];
  /** −1 for none. */
  strategy: Int32Array;
  strategies: readonly NamedRef[];
  tags: MultiColumn;
  /**
   * The breakeven band of each trade (its asset class's, a non-negative amount in the report's
   * currency): net P&L above it is a win, below its negative a loss, within it a breakeven.
   * Absent: 0 for every trade (only exactly 0 is breakeven).
   */
  band?: Float64Array;
  /** Journal facts: present when the grouping needs them (mistake, emotion, rating). */
  mistakes?: MultiColumn;
  emotions?: MultiColumn;
  /** 1–5, 0 for no rating. */
  rating?: Int8Array;
};

const FRAC_UNITS = 100_000_000;
const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d{1,8}))?$/;

/**
 * Decimal texts (at most 8 places, as numeric(…, 8) prints them) as an exact column. Throws on
 * anything else: the texts come from the database, not from a user.
 */
export function toExactMoneyColumn(texts: readonly string[]): ExactMoneyColumn {
  const whole = new Float64Array(texts.length);
  const frac = new Float64Array(texts.length);
  for (let i = 0; i < texts.length; i++) {
    const match = DECIMAL_TEXT.exec(texts[i]!);
    if (!match) throw new Error(`Not a decimal with at most 8 places: ${texts[i]}`);
    const sign = match[1] === '-' ? -1 : 1;
    whole[i] = sign * Number(match[2]) || 0;
    frac[i] = sign * Number((match[3] ?? '').padEnd(8, '0')) || 0;
  }
  return { whole, frac };
}

/** a − b, row by row (net P&L from gross and costs). */
export function subtractExactColumns(a: ExactMoneyColumn, b: ExactMoneyColumn): ExactMoneyColumn {
  const n = a.whole.length;
  const whole = new Float64Array(n);
  const frac = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    whole[i] = a.whole[i]! - b.whole[i]!;
    frac[i] = a.frac[i]! - b.frac[i]!;
  }
  return { whole, frac };
}

export { FRAC_UNITS };

/** One closed trade as a list gives it (tests, the SQL path): money as decimal text. */
export type ReportTrade = {
  closedAt: number;
  openedAt: number;
  netPnl: string;
  grossPnl: string;
  /** Fees plus commission. */
  fees: string;
  rMultiple: number | null;
  holdingSeconds: number | null;
  side: 'long' | 'short';
  isOpenTimeUnknown?: boolean;
  symbol: string;
  assetClass: string;
  account: NamedRef;
  strategy: NamedRef | null;
  tags: readonly NamedRef[];
  mistakes?: readonly string[];
  emotions?: readonly string[];
  rating?: number | null;
};

/** Distinct values in order met, each value's index found by its key. */
function createList<T>(keyOf: (value: T) => string) {
  const byKey = new Map<string, number>();
  const values: T[] = [];
  return {
    values,
    indexOf(value: T): number {
      const key = keyOf(value);
      let index = byKey.get(key);
      if (index === undefined) {
        index = values.push(value) - 1;
        byKey.set(key, index);
      }
      return index;
    },
  };
}

function toMultiColumn(lists: readonly (readonly NamedRef[])[]): MultiColumn {
  const refs = createList<NamedRef>((ref) => ref.id);
  const start = new Int32Array(lists.length + 1);
  const index: number[] = [];
  lists.forEach((list, i) => {
    for (const ref of list) index.push(refs.indexOf(ref));
    start[i + 1] = index.length;
  });
  return { start, index: Int32Array.from(index), values: refs.values };
}

/**
 * Trades as report columns, in stable close order. Mistakes and emotions are free texts: each is
 * its own group, keyed and named by the text. With `withJournal`, the journal columns are filled.
 */
export function toReportColumns(input: readonly ReportTrade[], params: { withJournal: boolean }): ReportColumns {
  const trades = input
    .map((trade, position) => ({ trade, position }))
    .sort((a, b) => a.trade.closedAt - b.trade.closedAt || a.position - b.position)
    .map(({ trade }) => trade);
  const n = trades.length;
  const symbols = createList<string>((s) => s);
  const assetClasses = createList<string>((s) => s);
  const accounts = createList<NamedRef>((ref) => ref.id);
  const strategies = createList<NamedRef>((ref) => ref.id);
  const gross = toExactMoneyColumn(trades.map((t) => t.grossPnl));
  const fees = toExactMoneyColumn(trades.map((t) => t.fees));
  const columns: ReportColumns = {
    count: n,
    closedAt: Float64Array.from(trades, (t) => t.closedAt),
    openedAt: Float64Array.from(trades, (t) => t.openedAt),
    netPnl: Float64Array.from(trades, (t) => Number(t.netPnl)),
    net: toExactMoneyColumn(trades.map((t) => t.netPnl)),
    gross,
    fees,
    rMultiple: Float64Array.from(trades, (t) => t.rMultiple ?? Number.NaN),
    holdingSeconds: Float64Array.from(trades, (t) => t.holdingSeconds ?? Number.NaN),
    isShort: Uint8Array.from(trades, (t) => (t.side === 'short' ? 1 : 0)),
    isOpenTimeUnknown: Uint8Array.from(trades, (t) => (t.isOpenTimeUnknown ? 1 : 0)),
    symbol: Int32Array.from(trades, (t) => symbols.indexOf(t.symbol)),
    symbols: symbols.values,
    assetClass: Int32Array.from(trades, (t) => assetClasses.indexOf(t.assetClass)),
    assetClasses: assetClasses.values,
    account: Int32Array.from(trades, (t) => accounts.indexOf(t.account)),
    accounts: accounts.values,
    strategy: Int32Array.from(trades, (t) => (t.strategy === null ? -1 : strategies.indexOf(t.strategy))),
    strategies: strategies.values,
    tags: toMultiColumn(trades.map((t) => t.tags)),
  };
  if (!params.withJournal) return columns;
  const asRefs = (texts: readonly string[] | undefined) => (texts ?? []).map((text) => ({ id: text, name: text }));
  return {
    ...columns,
    mistakes: toMultiColumn(trades.map((t) => asRefs(t.mistakes))),
    emotions: toMultiColumn(trades.map((t) => asRefs(t.emotions))),
    rating: Int8Array.from(trades, (t) => t.rating ?? 0),
  };
}

function gatherFloat64(column: Float64Array, rows: Int32Array): Float64Array {
  const out = new Float64Array(rows.length);
  for (let k = 0; k < rows.length; k++) out[k] = column[rows[k]!]!;
  return out;
}

function gatherMulti(column: MultiColumn, rows: Int32Array): MultiColumn {
  const start = new Int32Array(rows.length + 1);
  const index: number[] = [];
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k]!;
    for (let j = column.start[i]!; j < column.start[i + 1]!; j++) index.push(column.index[j]!);
    start[k + 1] = index.length;
  }
  return { start, index: Int32Array.from(index), values: column.values };
}

/** The columns of the trades at `rows` (ascending positions, so close order is kept); lists are shared. */
export function selectReportColumns(columns: ReportColumns, rows: Int32Array): ReportColumns {
  const exact = (column: ExactMoneyColumn) => ({
    whole: gatherFloat64(column.whole, rows),
    frac: gatherFloat64(column.frac, rows),
  });
  const pick = <T extends Uint8Array | Int8Array | Int32Array>(column: T, make: (n: number) => T): T => {
    const out = make(rows.length);
    for (let k = 0; k < rows.length; k++) out[k] = column[rows[k]!]!;
    return out;
  };
  const selected: ReportColumns = {
    ...columns,
    count: rows.length,
    closedAt: gatherFloat64(columns.closedAt, rows),
    openedAt: gatherFloat64(columns.openedAt, rows),
    netPnl: gatherFloat64(columns.netPnl, rows),
    net: exact(columns.net),
    gross: exact(columns.gross),
    fees: exact(columns.fees),
    rMultiple: gatherFloat64(columns.rMultiple, rows),
    holdingSeconds: gatherFloat64(columns.holdingSeconds, rows),
    isShort: pick(columns.isShort, (n) => new Uint8Array(n)),
    isOpenTimeUnknown: pick(columns.isOpenTimeUnknown, (n) => new Uint8Array(n)),
    symbol: pick(columns.symbol, (n) => new Int32Array(n)),
    assetClass: pick(columns.assetClass, (n) => new Int32Array(n)),
    account: pick(columns.account, (n) => new Int32Array(n)),
    strategy: pick(columns.strategy, (n) => new Int32Array(n)),
    tags: gatherMulti(columns.tags, rows),
  };
  if (columns.band) selected.band = gatherFloat64(columns.band, rows);
  if (columns.mistakes) selected.mistakes = gatherMulti(columns.mistakes, rows);
  if (columns.emotions) selected.emotions = gatherMulti(columns.emotions, rows);
  if (columns.rating) selected.rating = pick(columns.rating, (n) => new Int8Array(n));
  return selected;
}
