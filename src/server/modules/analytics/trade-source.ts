import {
  toTradeColumns,
  toTradeDetailColumns,
  type TradeColumns,
  type TradeDetailColumns,
} from '../../../core/analytics';
import type { Db } from '../../db/client';
import type { TradeFilter } from '../trades/trades.queries';
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
  selectTradeFacts,
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
  listTrades: (filter: TradeFilter) => Promise<TradeColumns>;
  /** Tags (several per trade) only when asked for. */
  listTradeDetails: (filter: TradeFilter, params: { withTags: boolean }) => Promise<TradeDetailColumns>;
  getFeeTotals: (filter: TradeFilter) => Promise<{ grossPnl: number; fees: number }>;
  /** Close times of the trades with a journal note. */
  listNotedCloseTimes: (filter: TradeFilter) => Promise<number[]>;
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

/** Cached facts, filtered in memory; strategy and tag names are read now (a rename needs no reload). */
export function createFactsSource(db: Db, params: { userId: string; facts: TradeFacts }): TradeSource {
  const { userId, facts } = params;
  return {
    listTrades: async (filter) => toTradeColumnsOf(facts, selectTradeFacts(facts, filter)),
    listTradeDetails: async (filter, { withTags }) => {
      const [strategiesById, tagsById] = await Promise.all([
        facts.strategyIds.length > 0 ? listStrategyRefs(db, userId) : new Map<string, never>(),
        withTags && facts.tagIds.length > 0 ? listTagRefs(db, userId) : new Map<string, never>(),
      ]);
      return toTradeDetailColumnsOf(facts, selectTradeFacts(facts, filter), {
        strategiesById,
        tagsById: withTags ? tagsById : null,
      });
    },
    getFeeTotals: async (filter) => sumFeeTotals(facts, selectTradeFacts(facts, filter)),
    listNotedCloseTimes: async (filter) => listNotedCloseTimesOf(facts, selectTradeFacts(facts, filter)),
  };
}
