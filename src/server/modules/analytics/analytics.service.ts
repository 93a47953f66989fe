import {
  computeBreakdown,
  computeCalendarMonth,
  computeDailyStats,
  computeDistribution,
  computeEquitySeries,
  computeHeatmap,
  countOpenTimeUnknown,
  computeStreaks,
  computeTradeStats,
  createZonedCalendar,
  isValidTimeZone,
  toDailySeries,
  toDateKey,
  toDownsampledEquity,
  toBreakdownGroupJson,
  toJsonNumbers,
  toMonthRange,
  type BreakdownDimension,
  type HeatmapMetric,
} from '../../../core/analytics';
import type {
  AnalyticsBreakdownJson,
  AnalyticsCalendarJson,
  AnalyticsDistributionJson,
  AnalyticsEquityJson,
  AnalyticsFilter,
  AnalyticsHeatmapJson,
  AnalyticsSummaryJson,
  EquityQuery,
  MonteCarloJson,
  MonteCarloRequest,
} from '../../../contracts/analytics';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { toDayBoundMs, type ResolvedTradeFilter } from '../../../core/query';
import { toUserTradeFilter } from '../trades';
import { listJournalDates } from '../journal';
import type { TradeFactsCache } from './trade-facts-cache';
import { openTradeSource, type TradeSource } from './trade-source';
import { loadCurrencyScope, type CurrencyScope } from './currency-scope';
import { runMonteCarloInWorker } from './monte-carlo-pool';

/** Who asks and what: the user, their time zone setting, the query, and the app's analytics cache. */
type Scope = { userId: string; userTimeZone: string; query: AnalyticsFilter; cache: TradeFactsCache };
type Resolved = { userId: string; filter: ResolvedTradeFilter; timeZone: string };

/** The time zone (the query's, else the user's) and the trade filter of a request. */
async function resolve(db: Db, scope: Pick<Scope, 'userId' | 'userTimeZone' | 'query'>): Promise<Resolved> {
  const { tz, ...filterQuery } = scope.query;
  const timeZone = tz ?? scope.userTimeZone;
  if (!isValidTimeZone(timeZone)) {
    throw new AppError('VALIDATION_ERROR', 'Invalid input: tz', {
      tz: 'Must be an IANA time zone such as Europe/Paris',
    });
  }
  return {
    userId: scope.userId,
    timeZone,
    filter: await toUserTradeFilter(db, { userId: scope.userId, timeZone, query: filterQuery }),
  };
}

/**
 * The request's trades and the currency its answer is in (CurrencyScope): the selected accounts',
 * else the user's base currency.
 */
async function openSource(
  db: Db,
  scope: Pick<Scope, 'cache'>,
  params: { userId: string; accountIds?: string[] },
): Promise<{ source: TradeSource; currency: CurrencyScope; startingEquity: number }> {
  const currency = await loadCurrencyScope(db, params);
  const source = await openTradeSource(db, { userId: params.userId, cache: scope.cache, scope: currency });
  return { source, currency, startingEquity: currency.startingEquity };
}

/** The values that are not NaN (a column's "none"), in order. */
const listPresent = (values: Float64Array): number[] => Array.from(values).filter((value) => !Number.isNaN(value));

const toIso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * `GET /api/analytics/summary`: every trade statistic and every daily-return statistic of
 * analytics-definitions.md over the filtered closed trades, returns on the selected accounts'
 * starting balance, days in the time zone. ±∞ are "Infinity"/"-Infinity"; undefined is null.
 */
export async function getSummary(db: Db, scope: Scope): Promise<AnalyticsSummaryJson> {
  const { userId, filter, timeZone } = await resolve(db, scope);
  const { source, currency, startingEquity } = await openSource(db, scope, { userId, accountIds: filter.accountIds });
  const [trades, fees] = await Promise.all([source.listTrades(filter), source.getFeeTotals(filter)]);
  const calendar = createZonedCalendar(timeZone);
  const tradeStats = computeTradeStats(trades, { startingEquity });
  const daily = computeDailyStats(toDailySeries(trades, { startingEquity, calendar }), { startingEquity });
  return {
    startingEquity,
    timeZone,
    currency: currency.currency,
    unconverted: trades.unconverted,
    unconvertedStartingBalances: currency.unconvertedStartingBalances,
    trades: {
      ...toJsonNumbers(tradeStats),
      maxDrawdownAbsTroughAt: toIso(tradeStats.maxDrawdownAbsTroughAt),
      maxDrawdownAbsPeakAt: toIso(tradeStats.maxDrawdownAbsPeakAt),
      maxDrawdownFracTroughAt: toIso(tradeStats.maxDrawdownFracTroughAt),
      grossPnl: fees.grossPnl,
      fees: fees.fees,
    },
    daily: toJsonNumbers(daily),
    streaks: computeStreaks(trades),
  };
}

/**
 * `GET /api/analytics/equity`: cumulative net P&L and drawdown per trade and per day; with
 * `maxPoints`, longer series are downsampled (see toDownsampledEquity) and the counts say so.
 */
export async function getEquity(
  db: Db,
  scope: Scope & { maxPoints?: EquityQuery['maxPoints'] },
): Promise<AnalyticsEquityJson> {
  const { userId, filter, timeZone } = await resolve(db, scope);
  const { source, currency, startingEquity } = await openSource(db, scope, { userId, accountIds: filter.accountIds });
  const trades = await source.listTrades(filter);
  const series = computeEquitySeries(trades, { startingEquity, calendar: createZonedCalendar(timeZone) });
  const shown = scope.maxPoints === undefined ? series : toDownsampledEquity(series, scope.maxPoints);
  const tradePointCount = series.perTrade.closedAt.length;
  const dayPointCount = series.perDay.date.length;
  return {
    ...shown,
    timeZone,
    currency: currency.currency,
    unconverted: trades.unconverted,
    unconvertedStartingBalances: currency.unconvertedStartingBalances,
    tradePointCount,
    dayPointCount,
    isDownsampled: shown.perTrade.closedAt.length < tradePointCount || shown.perDay.date.length < dayPointCount,
  };
}

/** `GET /api/analytics/calendar?month=YYYY-MM`: per day P&L, trade count and note mark; weekly totals. */
export async function getCalendar(db: Db, scope: Scope & { month: string }): Promise<AnalyticsCalendarJson> {
  const resolved = await resolve(db, scope);
  const { first, last } = toMonthRange(scope.month);
  // Only the month's trades: the filter's own range narrowed to the month's days in the zone.
  const filter: ResolvedTradeFilter = {
    ...resolved.filter,
    from: Math.max(resolved.filter.from ?? -Infinity, toDayBoundMs('dayFrom', toDateKey(first), resolved.timeZone)),
    to: Math.min(resolved.filter.to ?? Infinity, toDayBoundMs('dayTo', toDateKey(last), resolved.timeZone)),
  };
  const [{ source, currency, startingEquity }, journalDates] = await Promise.all([
    openSource(db, scope, { userId: resolved.userId, accountIds: filter.accountIds }),
    // The daily journal (plan, review, mood) marks its day too; it belongs to the user, not an account.
    listJournalDates(db, { userId: resolved.userId, from: toDateKey(first), to: toDateKey(last) }),
  ]);
  const [trades, noted] = await Promise.all([source.listTrades(filter), source.listNotedCloseTimes(filter)]);
  const calendar = createZonedCalendar(resolved.timeZone);
  const notedDates = new Set([...noted.map((ms) => toDateKey(calendar.toDayNumber(ms))), ...journalDates]);
  const month = computeCalendarMonth(trades, { month: scope.month, calendar, notedDates });
  return {
    ...month,
    startingEquity,
    timeZone: resolved.timeZone,
    currency: currency.currency,
    unconverted: trades.unconverted,
    unconvertedStartingBalances: currency.unconvertedStartingBalances,
  };
}

/** `GET /api/analytics/heatmap`: entry hour × weekday in the time zone. */
export async function getHeatmap(db: Db, scope: Scope & { metric: HeatmapMetric }): Promise<AnalyticsHeatmapJson> {
  const { userId, filter, timeZone } = await resolve(db, scope);
  const { source, currency, startingEquity } = await openSource(db, scope, { userId, accountIds: filter.accountIds });
  const trades = await source.listTradeDetails(filter, { withTags: false });
  const cells = computeHeatmap(trades, { metric: scope.metric, calendar: createZonedCalendar(timeZone) });
  return {
    startingEquity,
    timeZone,
    currency: currency.currency,
    unconverted: trades.unconverted,
    unconvertedStartingBalances: currency.unconvertedStartingBalances,
    metric: scope.metric,
    timeNotInFile: countOpenTimeUnknown(trades),
    cells,
  };
}

/** `GET /api/analytics/breakdown?by=…`: per group statistics. */
export async function getBreakdown(db: Db, scope: Scope & { by: BreakdownDimension }): Promise<AnalyticsBreakdownJson> {
  const { userId, filter, timeZone } = await resolve(db, scope);
  const { source, currency, startingEquity } = await openSource(db, scope, { userId, accountIds: filter.accountIds });
  const trades = await source.listTradeDetails(filter, { withTags: scope.by === 'tag' });
  const groups = computeBreakdown(trades, { by: scope.by, calendar: createZonedCalendar(timeZone) });
  return {
    startingEquity,
    timeZone,
    currency: currency.currency,
    unconverted: trades.unconverted,
    unconvertedStartingBalances: currency.unconvertedStartingBalances,
    by: scope.by,
    groups: groups.map(toBreakdownGroupJson),
  };
}

/** `GET /api/analytics/distribution?of=r|pnl`: a histogram of R (0.5 R bins) or of net P&L. */
export async function getDistribution(db: Db, scope: Scope & { of: 'r' | 'pnl' }): Promise<AnalyticsDistributionJson> {
  const { userId, filter, timeZone } = await resolve(db, scope);
  const { source, currency, startingEquity } = await openSource(db, scope, { userId, accountIds: filter.accountIds });
  const trades = await source.listTrades(filter);
  const values = scope.of === 'r' ? listPresent(trades.rMultiple) : Array.from(trades.netPnl);
  const distribution = computeDistribution(values, scope.of === 'r' ? { binWidth: 0.5 } : {});
  return {
    startingEquity,
    timeZone,
    currency: currency.currency,
    unconverted: trades.unconverted,
    unconvertedStartingBalances: currency.unconvertedStartingBalances,
    of: scope.of,
    ...distribution,
  };
}

/**
 * `POST /api/analytics/monte-carlo`: resamples the filtered trades (P&L in the answer's currency
 * for fixed-dollar sizing, R for fixed-fraction) from the selected accounts' starting balance (or
 * the request's), and says which currency its amounts are in. A missing
 * seed is drawn by `makeSeed` and answered, so any run can be repeated.
 */
export async function runMonteCarloFor(
  db: Db,
  params: {
    userId: string;
    userTimeZone: string;
    cache: TradeFactsCache;
    request: MonteCarloRequest;
    makeSeed: () => number;
  },
): Promise<MonteCarloJson> {
  const { runs, horizon, seed, method, sizing, riskFraction, ruinDrawdownFrac, startingEquity, fanPoints, ...query } =
    params.request;
  const { userId, filter } = await resolve(db, { userId: params.userId, userTimeZone: params.userTimeZone, query });
  const opened = await openSource(db, params, { userId, accountIds: filter.accountIds });
  const { source } = opened;
  const balance = startingEquity ?? opened.startingEquity;
  const trades = await source.listTrades(filter);
  const outcomes = sizing === 'fixed-dollar' ? Array.from(trades.netPnl) : listPresent(trades.rMultiple);
  if (outcomes.length === 0) {
    throw new AppError(
      'VALIDATION_ERROR',
      sizing === 'fixed-dollar' ? 'No closed trades to simulate' : 'No closed trades with an R-multiple to simulate',
    );
  }
  if (!(balance > 0)) {
    throw new AppError('VALIDATION_ERROR', 'Invalid input: startingEquity', {
      startingEquity: "Set the account's starting balance, or give a starting equity",
    });
  }
  const result = await runMonteCarloInWorker({
    outcomes,
    startingEquity: balance,
    runs,
    horizon: horizon ?? Math.min(outcomes.length, 10_000),
    method,
    sizing,
    riskFraction,
    ruinDrawdownFrac,
    fanPoints,
    seed: seed ?? params.makeSeed(),
  });
  return {
    currency: opened.currency.currency,
    unconverted: trades.unconverted,
    unconvertedStartingBalances: startingEquity === undefined ? opened.currency.unconvertedStartingBalances : [],
    ...result,
  };
}
