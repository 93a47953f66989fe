import type { AnalyticsTrade } from './trade-stats';
import type { AnalyticsTradeDetail } from './breakdown';

/**
 * Closed trades column by column, in `closedAt` order: what the engine computes on. The server's
 * cache already keeps its trades this way, so a request over a million trades builds three typed
 * arrays instead of a million objects. A list of trades becomes columns with {@link toTradeColumns}.
 */
export type TradeColumns = {
  count: number;
  /** Epoch ms, ascending (ties in any order: they keep it). */
  closedAt: Float64Array;
  netPnl: Float64Array;
  /** NaN where the trade has no R. */
  rMultiple: Float64Array;
  /**
   * The user's breakeven band for each trade (its asset class's, ≥ 0, in the answer's currency):
   * net P&L above it is a win, below its negative a loss, within it a breakeven. Absent: 0 for
   * every trade, the definitions' p > 0 / p < 0.
   */
  band?: Float64Array;
};

export type NamedRef = { readonly id: string; readonly name: string };

/** Columns with what breakdowns and the heatmap group by; text values as indexes into lists. */
export type TradeDetailColumns = TradeColumns & {
  /** Entry time, epoch ms. */
  openedAt: Float64Array;
  /** NaN where unknown. */
  holdingSeconds: Float64Array;
  /** 1 for short. */
  isShort: Uint8Array;
  /** 1 where the entry's file gave only the day: no hour (hour breakdowns and the heatmap leave it out). */
  isOpenTimeUnknown?: Uint8Array;
  symbol: Int32Array;
  symbols: readonly string[];
  assetClass: Int32Array;
  assetClasses: readonly string[];
  /** −1 for none. */
  strategy: Int32Array;
  strategies: readonly NamedRef[];
  /** The tags of trade i are tagIndex[tagStart[i] … tagStart[i + 1] − 1], into `tags`; a null tag is left out. */
  tagStart: Int32Array;
  tagIndex: Int32Array;
  tags: readonly (NamedRef | null)[];
};

/** What the engine's functions take: a list of trades (any order) or columns (in close order). */
export type TradeInput = readonly AnalyticsTrade[] | TradeColumns;
export type TradeDetailInput = readonly AnalyticsTradeDetail[] | TradeDetailColumns;

function isColumns<T extends TradeColumns>(input: readonly unknown[] | T): input is T {
  return !Array.isArray(input);
}

/**
 * Positions of `closedAt` in stable ascending order; null when already ascending. A stable sort of
 * the positions, ties by position, so that even NaN times come out in one defined order (the one
 * the list-based engine gave; breakdown-speed.test.ts keeps that as its reference).
 */
function toCloseOrder(closedAt: ArrayLike<number>): number[] | null {
  for (let i = 1; i < closedAt.length; i++) {
    if (closedAt[i]! < closedAt[i - 1]!) {
      return Array.from({ length: closedAt.length }, (_, k) => k).sort((a, b) => closedAt[a]! - closedAt[b]! || a - b);
    }
  }
  return null;
}

/** The trades of a list in the order given (null: as listed), as columns. */
function fillTradeColumns(input: readonly AnalyticsTrade[], order: readonly number[] | null): TradeColumns {
  const n = input.length;
  const closedAt = new Float64Array(n);
  const netPnl = new Float64Array(n);
  const rMultiple = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const trade = input[order === null ? k : order[k]!]!;
    closedAt[k] = trade.closedAt;
    netPnl[k] = trade.netPnl;
    rMultiple[k] = trade.rMultiple ?? Number.NaN;
  }
  return { count: n, closedAt, netPnl, rMultiple };
}

/** Columns of a list of trades in stable close order (columns are answered as they are). */
export function toTradeColumns(input: TradeInput): TradeColumns {
  if (isColumns(input)) return input;
  return fillTradeColumns(input, toCloseOrder(input.map((trade) => trade.closedAt)));
}

/** A list of distinct values, each value's index found by a key. */
function createDictionary<T>(keyOf: (value: T) => string) {
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

/**
 * Detail columns of a list of trades in stable close order (columns are answered as they are). A
 * strategy or tag id seen twice keeps the name it had first in close order.
 */
export function toTradeDetailColumns(input: TradeDetailInput): TradeDetailColumns {
  if (isColumns(input)) return input;
  const n = input.length;
  const order = toCloseOrder(input.map((trade) => trade.closedAt));
  const sorted = order === null ? input : order.map((k) => input[k]!);
  const base = fillTradeColumns(sorted, null);
  const symbols = createDictionary<string>((s) => s);
  const assetClasses = createDictionary<string>((s) => s);
  const strategies = createDictionary<NamedRef>((ref) => ref.id);
  const tags = createDictionary<NamedRef>((ref) => ref.id);
  const columns = {
    ...base,
    openedAt: new Float64Array(n),
    holdingSeconds: new Float64Array(n),
    isShort: new Uint8Array(n),
    symbol: new Int32Array(n),
    symbols: symbols.values,
    assetClass: new Int32Array(n),
    assetClasses: assetClasses.values,
    strategy: new Int32Array(n),
    strategies: strategies.values,
    tagStart: new Int32Array(n + 1),
    tagIndex: new Int32Array(sorted.reduce((total, trade) => total + trade.tags.length, 0)),
    tags: tags.values,
  };
  let tagCount = 0;
  for (let k = 0; k < n; k++) {
    const trade = sorted[k]!;
    columns.openedAt[k] = trade.openedAt;
    columns.holdingSeconds[k] = trade.holdingSeconds ?? Number.NaN;
    columns.isShort[k] = trade.side === 'short' ? 1 : 0;
    columns.symbol[k] = symbols.indexOf(trade.symbol);
    columns.assetClass[k] = assetClasses.indexOf(trade.assetClass);
    columns.strategy[k] = trade.strategy === null ? -1 : strategies.indexOf(trade.strategy);
    for (const tag of trade.tags) columns.tagIndex[tagCount++] = tags.indexOf(tag);
    columns.tagStart[k + 1] = tagCount;
  }
  return columns;
}
