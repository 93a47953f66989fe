import {
  toTradeColumns,
  toTradeDetailColumns,
  type TradeColumns,
  type TradeDetailColumns,
} from '../../../core/analytics';
import type { Db } from '../../db/client';
import {
  canSelectInMemory,
  selectTradeRows,
  toBandColumn,
  toFilterContext,
  type ResolvedTradeFilter,
} from '../../../core/query';
import {
  getFeeTotals,
  listAnalyticsTradeDetails,
  listAnalyticsTrades,
  listNotedCloseTimes,
  listStrategyRefs,
  listTagRefs,
} from './analytics.queries';
import {
  listNotedCloseTimes as listNotedCloseTimesOf,
  toTradeColumnsOf,
  toTradeDetailColumnsOf,
  type TradeFacts,
} from './trade-facts';
import type { TradeFactsCache } from './trade-facts-cache';
import type { CurrencyScope, UnconvertedTotal } from './currency-scope';
import { convertFactRows, sumConvertedFeeTotals } from './trade-facts-currency';

/** The trades that could not be put in the answer's currency, per currency (left out of the columns). */
export type Unconverted = { unconverted: UnconvertedTotal[] };

/**
 * One user's closed trades for one request, filtered: from the analytics cache when it holds the
 * user, else straight from SQL. Both answer the same values in the same (closedAt, id) order, as
 * columns (the engine's input: typed arrays, not an object per trade).
 */
export type TradeSource = {
  /** P&L in the scope's currency (CurrencyScope); trades without a rate into it left out and tallied. */
  listTrades: (filter: ResolvedTradeFilter) => Promise<TradeColumns & Unconverted>;
  /** Tags (several per trade) only when asked for. */
  listTradeDetails: (
    filter: ResolvedTradeFilter,
    params: { withTags: boolean },
  ) => Promise<TradeDetailColumns & Unconverted>;
  getFeeTotals: (filter: ResolvedTradeFilter) => Promise<{ grossPnl: number; fees: number }>;
  /** Close times of the trades with a journal note. */
  listNotedCloseTimes: (filter: ResolvedTradeFilter) => Promise<number[]>;
};

/** Reads the user's data version and, when it moved, their trades into the cache (see TradeFactsCache.get). */
export async function openTradeSource(
  db: Db,
  params: { userId: string; cache: TradeFactsCache; scope: CurrencyScope },
): Promise<TradeSource> {
  const facts = await params.cache.get(params.userId);
  return facts
    ? createFactsSource(db, { userId: params.userId, facts, scope: params.scope })
    : createSqlSource(db, { userId: params.userId, scope: params.scope });
}

/** Each trade's breakeven band (the user's, by asset class; issue 32), none when every band is 0. */
function withBand<T extends TradeColumns>(
  columns: T,
  filter: ResolvedTradeFilter,
  classes: { assetClass: Int32Array; assetClasses: readonly string[] },
): T {
  const band = toBandColumn(toFilterContext(filter).breakeven, classes);
  return band === undefined ? columns : { ...columns, band };
}

/** Asset classes of a list of trades as indexes into a list of the distinct ones. */
function toAssetClassIndex(values: readonly string[]): { assetClass: Int32Array; assetClasses: string[] } {
  const assetClasses: string[] = [];
  const byName = new Map<string, number>();
  const assetClass = Int32Array.from(values, (name) => {
    let at = byName.get(name);
    if (at === undefined) {
      at = assetClasses.push(name) - 1;
      byName.set(name, at);
    }
    return at;
  });
  return { assetClass, assetClasses };
}

/** The SQL queries, one per call. */
export function createSqlSource(db: Db, params: { userId: string; scope: CurrencyScope }): TradeSource {
  const { userId, scope } = params;
  return {
    listTrades: async (filter) => {
      const { rows, unconverted } = await listAnalyticsTrades(db, { userId, filter, scope });
      // toTradeColumns keeps the rows' (close) order: position i is rows[i].
      const columns = withBand(toTradeColumns(rows), filter, toAssetClassIndex(rows.map((row) => row.assetClass)));
      return { ...columns, unconverted };
    },
    listTradeDetails: async (filter, { withTags }) => {
      const { rows, unconverted } = await listAnalyticsTradeDetails(db, { userId, filter, withTags, scope });
      const columns = toTradeDetailColumns(rows);
      return { ...withBand(columns, filter, columns), unconverted };
    },
    getFeeTotals: (filter) => getFeeTotals(db, { userId, filter, scope }),
    listNotedCloseTimes: (filter) => listNotedCloseTimes(db, { userId, filter }),
  };
}

/**
 * Cached facts, filtered in memory (the query model's predicate over the cache's columns); a filter
 * on a field the cache does not hold goes to SQL. Strategy and tag names are read now (a rename
 * needs no reload).
 */
export function createFactsSource(
  db: Db,
  params: { userId: string; facts: TradeFacts; scope: CurrencyScope },
): TradeSource {
  const { userId, facts, scope } = params;
  const sqlSource = createSqlSource(db, { userId, scope });
  return {
    listTrades: async (filter) => {
      if (!canSelectInMemory(filter)) return sqlSource.listTrades(filter);
      const { rows, netPnl, unconverted } = convertFactRows(facts, selectTradeRows(facts, filter), scope);
      const assetClass = new Int32Array(rows.length);
      for (let k = 0; k < rows.length; k++) assetClass[k] = facts.assetClass[rows[k]!]!;
      const columns = withBand(toTradeColumnsOf(facts, rows, netPnl), filter, {
        assetClass,
        assetClasses: facts.assetClasses,
      });
      return { ...columns, unconverted };
    },
    listTradeDetails: async (filter, { withTags }) => {
      if (!canSelectInMemory(filter)) return sqlSource.listTradeDetails(filter, { withTags });
      const { rows, netPnl, unconverted } = convertFactRows(facts, selectTradeRows(facts, filter), scope);
      const [strategiesById, tagsById] = await Promise.all([
        facts.strategyIds.length > 0 ? listStrategyRefs(db, userId) : new Map<string, never>(),
        withTags && facts.tagIds.length > 0 ? listTagRefs(db, userId) : new Map<string, never>(),
      ]);
      const columns = toTradeDetailColumnsOf(
        facts,
        rows,
        { strategiesById, tagsById: withTags ? tagsById : null },
        netPnl,
      );
      return { ...withBand(columns, filter, columns), unconverted };
    },
    getFeeTotals: async (filter) =>
      canSelectInMemory(filter)
        ? sumConvertedFeeTotals(facts, selectTradeRows(facts, filter), scope)
        : sqlSource.getFeeTotals(filter),
    listNotedCloseTimes: async (filter) =>
      canSelectInMemory(filter)
        ? listNotedCloseTimesOf(facts, selectTradeRows(facts, filter))
        : sqlSource.listNotedCloseTimes(filter),
  };
}
