import Big from 'big.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { NamedRef } from '../../../core/analytics';
import {
  canSelectInMemory,
  selectTradeRows,
  toBandColumn,
  toFilterContext,
  type ResolvedTradeFilter,
} from '../../../core/query';
import {
  selectReportColumns,
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
import { createUnconvertedTally, type CurrencyScope, type UnconvertedTotal } from './currency-scope';
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
  // NOTE: netPnl (the doubles) comes from the account-currency column too (toTradeDetailColumnsOf).
  const [strategiesById, tagsById, accountRows] = await Promise.all([
    facts.strategyIds.length > 0 ? listStrategyRefs(db, userId) : new Map<string, NamedRef>(),
    facts.tagIds.length > 0 ? listTagRefs(db, userId) : new Map<string, NamedRef>(),
    listAccounts(db, userId),
  ]);
  const detail = toTradeDetailColumnsOf(facts, rows, { strategiesById, tagsById });
  const accountNames = new Map(accountRows.map((a) => [a.id.toLowerCase(), a.name]));
  const account = new Int32Array(rows.length);
  for (let k = 0; k < rows.length; k++) account[k] = facts.account[rows[k]!]!;
  // In the account's currency (issue 42), as the analytics read them; converted afterwards.
  const gross = gatherExact(facts.accountGrossPnl, rows);
  const fees = gatherExact(facts.accountFees, rows);
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
  params: { userId: string; filter: ResolvedTradeFilter; withJournal: boolean; scope: CurrencyScope },
): Promise<{ columns: ReportColumns; currencyOf: (i: number) => string }> {
  const { userId, filter, withJournal } = params;
  const base = db
    .select({
      closedAt: trades.closedAt,
      openedAt: trades.openedAt,
      // In the account's currency (issue 42); the trade's own when it could not be converted.
      netPnl: sql<string>`coalesce(${trades.accountNetPnl}, ${trades.netPnl})::text`,
      grossPnl: sql<string>`coalesce(${trades.accountGrossPnl}, ${trades.grossPnl})::text`,
      fees: sql<string>`coalesce(${trades.accountFees}, ${trades.fees} + ${trades.commission})::text`,
      unconvertedCurrency: sql<string>`CASE WHEN ${trades.accountNetPnl} IS NULL THEN ${trades.currency} ELSE '' END`,
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
  // The rows come in close order, which toReportColumns keeps: position i is rows[i].
  const accountCurrency = params.scope.accountCurrency;
  const currencyOf = (i: number) => {
    const row = rows[i]!;
    return row.unconvertedCurrency !== '' ? row.unconvertedCurrency : (accountCurrency.get(row.accountId) ?? '');
  };
  return { columns: toReportColumns(list, { withJournal }), currencyOf };
}

const FRAC_UNITS = 100_000_000;

const toExactBig = (column: ExactMoneyColumn, i: number): Big =>
  new Big(column.whole[i]!).plus(new Big(column.frac[i]!).div(FRAC_UNITS));

/** Writes an amount (at most 8 places) into an exact column at i: whole and fraction of its sign. */
function setExact(column: ExactMoneyColumn, i: number, amount: Big): void {
  const whole = amount.round(0, Big.roundDown);
  column.whole[i] = whole.toNumber();
  column.frac[i] = amount.minus(whole).times(FRAC_UNITS).round(0, Big.roundDown).toNumber();
}

/**
 * The columns in the scope's currency (CurrencyScope, as the analytics do it): rows already in it
 * as they are; the others' net, gross and costs converted at their close day's rate, each to the
 * cent; rows with no rate left out and tallied per currency (their net P&L in their own currency).
 */
export function convertReportColumns(
  columns: ReportColumns,
  params: { currencyOf: (i: number) => string; scope: CurrencyScope },
): { columns: ReportColumns; unconverted: UnconvertedTotal[] } {
  const { currencyOf, scope } = params;
  let first = -1;
  for (let i = 0; i < columns.count && first < 0; i++) if (currencyOf(i) !== scope.currency) first = i;
  if (first < 0) return { columns, unconverted: [] };
  const net = { whole: columns.net.whole.slice(), frac: columns.net.frac.slice() };
  const gross = { whole: columns.gross.whole.slice(), frac: columns.gross.frac.slice() };
  const fees = { whole: columns.fees.whole.slice(), frac: columns.fees.frac.slice() };
  const netPnl = columns.netPnl.slice();
  const kept: number[] = [];
  for (let i = 0; i < first; i++) kept.push(i);
  const tally = createUnconvertedTally();
  for (let i = first; i < columns.count; i++) {
    const currency = currencyOf(i);
    if (currency === scope.currency) {
      kept.push(i);
      continue;
    }
    const rate = scope.rateOf(currency, columns.closedAt[i]!);
    if (rate === null) {
      tally.add(currency, toExactBig(columns.net, i));
      continue;
    }
    const convertedNet = toExactBig(columns.net, i).times(rate).round(2);
    setExact(net, i, convertedNet);
    setExact(gross, i, toExactBig(columns.gross, i).times(rate).round(2));
    setExact(fees, i, toExactBig(columns.fees, i).times(rate).round(2));
    netPnl[i] = convertedNet.toNumber();
    kept.push(i);
  }
  const converted: ReportColumns = { ...columns, net, gross, fees, netPnl };
  return {
    columns: kept.length === columns.count ? converted : selectReportColumns(converted, Int32Array.from(kept)),
    unconverted: tally.list(),
  };
}

/** The user's breakeven band on each trade (by its asset class; issue 32), none when every band is 0. */
function withBand<T extends { columns: ReportColumns }>(converted: T, filter: ResolvedTradeFilter): T {
  const band = toBandColumn(toFilterContext(filter).breakeven, converted.columns);
  return band === undefined ? converted : { ...converted, columns: { ...converted.columns, band } };
}

/**
 * One user's closed trades of a filter as report columns, in close order: from the analytics cache
 * when it holds the user and every field of the filter (and the grouping needs no journal field,
 * which the cache does not keep), else from SQL. Both give the same values.
 */
export async function listReportColumns(
  db: Db,
  params: {
    userId: string;
    cache: TradeFactsCache;
    filter: ResolvedTradeFilter;
    withJournal: boolean;
    scope: CurrencyScope;
  },
): Promise<{ columns: ReportColumns; source: ReportSourceKind; unconverted: UnconvertedTotal[] }> {
  const { userId, filter, withJournal, scope } = params;
  if (!withJournal && canSelectInMemory(filter)) {
    const facts = await params.cache.get(userId);
    if (facts) {
      const rows = selectTradeRows(facts, filter);
      const columns = await toCachedReportColumns(db, { userId, facts, rows });
      const currencyOf = (k: number) => {
        const i = rows[k]!;
        const own = facts.unconvertedCurrency[i]!;
        return own >= 0
          ? facts.currencies[own]!
          : (scope.accountCurrency.get(facts.accountIds[facts.account[i]!]!) ?? '');
      };
      return { ...withBand(convertReportColumns(columns, { currencyOf, scope }), filter), source: 'cache' };
    }
  }
  const { columns, currencyOf } = await listSqlReportColumns(db, { userId, filter, withJournal, scope });
  return { ...withBand(convertReportColumns(columns, { currencyOf, scope }), filter), source: 'sql' };
}
