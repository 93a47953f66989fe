import {
  toTradeColumns,
  toTradeDetailColumns,
  type TradeColumns,
  type TradeDetailColumns,
} from '../../../core/analytics';
import type { Db } from '../../db/client';
import { canSelectInMemory, selectTradeRows, type ResolvedTradeFilter } from '../../../core/query';
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
  sumFeeTotals,
  toTradeColumnsOf,
  toTradeDetailColumnsOf,
  type TradeFacts,
} from './trade-facts';
import type { TradeFactsCache } from './trade-facts-cache';

/**
 * One user's closed trades for one request, filtered: from the analytics cache when it holds the
 * user, else straight from SQL. Both answer the same values in the same (closedAt, id) order, as
 * columns (the engine's input: typed arrays, not an object per trade).
 */
export type TradeSource = {
  listTrades: (filter: ResolvedTradeFilter) => Promise<TradeColumns>;
  /** Tags (several per trade) only when asked for. */
  listTradeDetails: (filter: ResolvedTradeFilter, params: { withTags: boolean }) => Promise<TradeDetailColumns>;
  getFeeTotals: (filter: ResolvedTradeFilter) => Promise<{ grossPnl: number; fees: number }>;
  /** Close times of the trades with a journal note. */
  listNotedCloseTimes: (filter: ResolvedTradeFilter) => Promise<number[]>;
};

/** Reads the user's data version and, when it moved, their trades into the cache (see TradeFactsCache.get). */
export async function openTradeSource(
  db: Db,
  params: { userId: string; cache: TradeFactsCache },
): Promise<TradeSource> {
  const facts = await params.cache.get(params.userId);
  return facts ? createFactsSource(db, { userId: params.userId, facts }) : createSqlSource(db, params.userId);
}

/** The SQL queries, one per call. */
export function createSqlSource(db: Db, userId: string): TradeSource {
  return {
    listTrades: async (filter) => toTradeColumns(await listAnalyticsTrades(db, { userId, filter })),
    listTradeDetails: async (filter, { withTags }) =>
      toTradeDetailColumns(await listAnalyticsTradeDetails(db, { userId, filter, withTags })),
    getFeeTotals: (filter) => getFeeTotals(db, { userId, filter }),
    listNotedCloseTimes: (filter) => listNotedCloseTimes(db, { userId, filter }),
  };
}

/**
 * Cached facts, filtered in memory (the query model's predicate over the cache's columns); a filter
 * on a field the cache does not hold goes to SQL. Strategy and tag names are read now (a rename
 * needs no reload).
 */
export function createFactsSource(db: Db, params: { userId: string; facts: TradeFacts }): TradeSource {
  const { userId, facts } = params;
  const sqlSource = createSqlSource(db, userId);
  return {
    listTrades: async (filter) =>
      canSelectInMemory(filter)
        ? toTradeColumnsOf(facts, selectTradeRows(facts, filter))
        : sqlSource.listTrades(filter),
    listTradeDetails: async (filter, { withTags }) => {
      if (!canSelectInMemory(filter)) return sqlSource.listTradeDetails(filter, { withTags });
      const [strategiesById, tagsById] = await Promise.all([
        facts.strategyIds.length > 0 ? listStrategyRefs(db, userId) : new Map<string, never>(),
        withTags && facts.tagIds.length > 0 ? listTagRefs(db, userId) : new Map<string, never>(),
      ]);
      return toTradeDetailColumnsOf(facts, selectTradeRows(facts, filter), {
        strategiesById,
        tagsById: withTags ? tagsById : null,
      });
    },
    getFeeTotals: async (filter) =>
      canSelectInMemory(filter) ? sumFeeTotals(facts, selectTradeRows(facts, filter)) : sqlSource.getFeeTotals(filter),
    listNotedCloseTimes: async (filter) =>
      canSelectInMemory(filter)
        ? listNotedCloseTimesOf(facts, selectTradeRows(facts, filter))
        : sqlSource.listNotedCloseTimes(filter),
  };
}
