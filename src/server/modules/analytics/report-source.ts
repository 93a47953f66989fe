import { and, asc, eq, sql } from 'drizzle-orm';
import type { NamedRef } from '../../../core/analytics';
import { canSelectInMemory, selectTradeRows, type ResolvedTradeFilter } from '../../../core/query';
import {
  subtractExactColumns,
  toReportColumns,
  type ExactMoneyColumn,
  type ReportColumns,
  type ReportTrade,
} from '../../../core/reports';
import type { Db } from '../../db/client';
import { tradeJournals, trades } from '../../db/schema';
import { listAccounts } from '../accounts';
import { closedTradeConditions, listStrategyRefs, listTagRefs, listTagsByOpener } from './analytics.queries';
import { toTradeDetailColumnsOf, type TradeFacts } from './trade-facts';
import type { TradeFactsCache } from './trade-facts-cache';

/** Where a report's trades came from: the analytics cache (filtered in memory) or SQL. */
export type ReportSourceKind = 'cache' | 'sql';

function gatherExact(column: ExactMoneyColumn, rows: Int32Array): ExactMoneyColumn {
  const whole = new Float64Array(rows.length);
  const frac = new Float64Array(rows.length);
  for (let k = 0; k < rows.length; k++) {
    whole[k] = column.whole[rows[k]!]!;
    frac[k] = column.frac[rows[k]!]!;
  }
  return { whole, frac };
}

/** The cache's selected rows as report columns; names (accounts, strategies, tags) as they are now. */
async function toCachedReportColumns(
  db: Db,
  params: { userId: string; facts: TradeFacts; rows: Int32Array },
): Promise<ReportColumns> {
  const { userId, facts, rows } = params;
  const [strategiesById, tagsById, accountRows] = await Promise.all([
    facts.strategyIds.length > 0 ? listStrategyRefs(db, userId) : new Map<string, NamedRef>(),
    facts.tagIds.length > 0 ? listTagRefs(db, userId) : new Map<string, NamedRef>(),
    listAccounts(db, userId),
  ]);
  const detail = toTradeDetailColumnsOf(facts, rows, { strategiesById, tagsById });
  const accountNames = new Map(accountRows.map((a) => [a.id.toLowerCase(), a.name]));
  const account = new Int32Array(rows.length);
  for (let k = 0; k < rows.length; k++) account[k] = facts.account[rows[k]!]!;
  const gross = gatherExact(facts.grossPnl, rows);
  const fees = gatherExact(facts.fees, rows);
  return {
    count: detail.count,
    closedAt: detail.closedAt,
    openedAt: detail.openedAt,
    netPnl: detail.netPnl,
    // Net P&L = gross − commission − fees, the cache's fees column holding both costs.
    net: subtractExactColumns(gross, fees),
    gross,
    fees,
    rMultiple: detail.rMultiple,
    holdingSeconds: detail.holdingSeconds,
    isShort: detail.isShort,
    isOpenTimeUnknown: detail.isOpenTimeUnknown ?? new Uint8Array(rows.length),
    symbol: detail.symbol,
    symbols: detail.symbols,
    assetClass: detail.assetClass,
    assetClasses: detail.assetClasses,
    account,
    accounts: facts.accountIds.map((id) => ({ id, name: accountNames.get(id) ?? id })),
    strategy: detail.strategy,
    strategies: detail.strategies,
    tags: { start: detail.tagStart, index: detail.tagIndex, values: detail.tags },
  };
}

/** The filter's closed trades read by SQL, with their journal when asked for. */
async function listSqlReportColumns(
  db: Db,
  params: { userId: string; filter: ResolvedTradeFilter; withJournal: boolean },
): Promise<ReportColumns> {
  const { userId, filter, withJournal } = params;
  const base = db
    .select({
      closedAt: trades.closedAt,
      openedAt: trades.openedAt,
      netPnl: trades.netPnl,
      grossPnl: trades.grossPnl,
      fees: sql<string>`(${trades.fees} + ${trades.commission})::text`,
      rMultiple: sql<string | null>`${trades.rMultiple}::text`,
      holdingSeconds: trades.holdingSeconds,
      direction: trades.direction,
      openedOn: trades.openedOn,
      symbol: trades.symbol,
      assetClass: trades.assetClass,
      accountId: trades.accountId,
      strategyId: trades.strategyId,
      openerId: trades.openingExecutionId,
      rating: tradeJournals.rating,
      mistakes: tradeJournals.mistakes,
      emotions: tradeJournals.emotions,
    })
    .from(trades);
  const joined = withJournal
    ? base.leftJoin(tradeJournals, eq(tradeJournals.openingExecutionId, trades.openingExecutionId))
    : base.leftJoin(tradeJournals, sql`false`);
  const [rows, accountRows, strategiesById, tagsByOpener] = await Promise.all([
    joined.where(and(...closedTradeConditions(userId, filter))).orderBy(asc(trades.closedAt), asc(trades.id)),
    listAccounts(db, userId),
    listStrategyRefs(db, userId),
    listTagsByOpener(db, userId),
  ]);
  const accountsById = new Map(accountRows.map((a) => [a.id, { id: a.id, name: a.name }]));
  const list: ReportTrade[] = rows.map((row) => ({
    closedAt: row.closedAt!.getTime(),
    openedAt: row.openedAt.getTime(),
    netPnl: row.netPnl,
    grossPnl: row.grossPnl,
    fees: row.fees,
    rMultiple: row.rMultiple === null ? null : Number(row.rMultiple),
    holdingSeconds: row.holdingSeconds,
    side: row.direction,
    isOpenTimeUnknown: row.openedOn !== null,
    symbol: row.symbol,
    assetClass: row.assetClass,
    account: accountsById.get(row.accountId) ?? { id: row.accountId, name: row.accountId },
    strategy:
      row.strategyId === null
        ? null
        : (strategiesById.get(row.strategyId) ?? { id: row.strategyId, name: row.strategyId }),
    tags: tagsByOpener.get(row.openerId) ?? [],
    mistakes: row.mistakes ?? [],
    emotions: row.emotions ?? [],
    rating: row.rating,
  }));
  return toReportColumns(list, { withJournal });
}

/**
 * One user's closed trades of a filter as report columns, in close order: from the analytics cache
 * when it holds the user and every field of the filter (and the grouping needs no journal field,
 * which the cache does not keep), else from SQL. Both give the same values.
 */
export async function listReportColumns(
  db: Db,
  params: { userId: string; cache: TradeFactsCache; filter: ResolvedTradeFilter; withJournal: boolean },
): Promise<{ columns: ReportColumns; source: ReportSourceKind }> {
  const { userId, filter, withJournal } = params;
  if (!withJournal && canSelectInMemory(filter)) {
    const facts = await params.cache.get(userId);
    if (facts) {
      const rows = selectTradeRows(facts, filter);
      return { columns: await toCachedReportColumns(db, { userId, facts, rows }), source: 'cache' };
    }
  }
  return { columns: await listSqlReportColumns(db, { userId, filter, withJournal }), source: 'sql' };
}
