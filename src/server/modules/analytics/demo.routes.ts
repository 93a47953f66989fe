import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  analyticsFilterSchema,
  breakdownQuerySchema,
  distributionQuerySchema,
  heatmapQuerySchema,
  type AnalyticsBreakdownJson,
  type AnalyticsDistributionJson,
  type AnalyticsEquityJson,
  type AnalyticsHeatmapJson,
  type AnalyticsSummaryJson,
  type AnalyticsOutcomesJson,
} from '../../../contracts/analytics';
import {
  computeBreakdown,
  computeDailyStats,
  computeDistribution,
  computeEquitySeries,
  computeHeatmap,
  computeStreaks,
  computeTradeStats,
  createZonedCalendar,
  isValidTimeZone,
  toDailySeries,
  toBreakdownGroupJson,
  toJsonNumbers,
  type AnalyticsTradeDetail,
  type ZonedCalendar,
} from '../../../core/analytics';
import { generateSampleData } from '../../../core/sample-data';
import { AppError } from '../../errors';
import { requireAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { SAMPLE_SEED, buildSampleRows } from '../sample-data';
import { toUserTradeFilter } from '../trades';
import { listAnalyticsTrades } from './analytics.queries';
import { loadCurrencyScope, type UnconvertedStartingBalance, type UnconvertedTotal } from './currency-scope';

/**
 * The closed trades' outcomes in close order, for simulations run in the browser (the Monte Carlo
 * Web Worker): `pnl[i]` is trade i's net P&L and `r[i]` its R-multiple (null when the risk is unknown).
 */

/** The built-in sample journal as analytics see it: its trades and what the summary adds. */
type DemoSet = { startingEquity: number; trades: AnalyticsTradeDetail[]; grossPnl: number; fees: number };

const demoQuerySchema = z.object({ tz: z.string().trim().min(1).max(64).optional() });

/**
 * The sample data set (the one `POST /api/sample-data` loads, H4's seeded generator) grouped into
 * trades exactly as loading it would store them, without touching the database. It ends the day
 * before `now`, so it is cached per UTC day; one data set is ~500 trades and takes a few ms.
 */
function createDemoCache(): (now: Date) => DemoSet {
  let cached: { day: string; set: DemoSet } | undefined;
  return (now) => {
    const day = now.toISOString().slice(0, 10);
    if (cached?.day === day) return cached.set;
    const data = generateSampleData({ seed: SAMPLE_SEED, now: `${day}T12:00:00.000Z` });
    const strategyIds = new Map(data.strategies.map((s) => [s.name.toLowerCase(), `strategy:${s.name}`]));
    const tagIds = new Map(data.tags.map((t) => [t.name.toLowerCase(), `tag:${t.name}`]));
    const rows = buildSampleRows({
      data,
      userId: 'demo',
      accountId: 'demo',
      defaultRiskAmount: null,
      tagIds,
      strategyIds,
      now,
    });
    const tagsByOpener = new Map<string, { id: string; name: string }[]>();
    for (const { openingExecutionId, tagId } of rows.tradeTags) {
      const tag = { id: tagId, name: tagId.slice('tag:'.length) };
      tagsByOpener.set(openingExecutionId, [...(tagsByOpener.get(openingExecutionId) ?? []), tag]);
    }
    let grossPnl = 0;
    let fees = 0;
    const trades: AnalyticsTradeDetail[] = [];
    for (const row of rows.trades) {
      if (row.status !== 'closed' || !row.closedAt) continue;
      grossPnl += Number(row.grossPnl);
      fees += Number(row.fees) + Number(row.commission);
      const strategyId = row.strategyId ?? null;
      trades.push({
        closedAt: Date.parse(row.closedAt),
        netPnl: Number(row.netPnl),
        rMultiple: row.rMultiple === null || row.rMultiple === undefined ? null : Number(row.rMultiple),
        openedAt: Date.parse(row.openedAt),
        symbol: row.symbol,
        side: row.direction === 'short' ? 'short' : 'long',
        assetClass: row.assetClass,
        strategy: strategyId === null ? null : { id: strategyId, name: strategyId.slice('strategy:'.length) },
        holdingSeconds: row.holdingSeconds ?? null,
        tags: tagsByOpener.get(row.openingExecutionId) ?? [],
      });
    }
    // The database answers trades in (closedAt, id) order; ids here are random, so close time alone.
    trades.sort((a, b) => a.closedAt - b.closedAt);
    const set = { startingEquity: Number(data.account.startingBalance), trades, grossPnl, fees };
    cached = { day, set };
    return set;
  };
}

function toCalendar(tz: string | undefined, userTimeZone: string): { timeZone: string; calendar: ZonedCalendar } {
  const timeZone = tz ?? userTimeZone;
  if (!isValidTimeZone(timeZone)) {
    throw new AppError('VALIDATION_ERROR', 'Invalid input: tz', {
      tz: 'Must be an IANA time zone such as Europe/Paris',
    });
  }
  return { timeZone, calendar: createZonedCalendar(timeZone) };
}

/**
 * `GET /api/analytics/outcomes` (the user's filtered closed trades, as `GET /api/analytics/*`) and
 * `GET /api/analytics/demo/{summary,equity,heatmap,breakdown,distribution,outcomes}`: the same
 * answers as the user's analytics, over the built-in sample journal (no filters but `tz`), so a
 * user with no trades can explore /demo-advanced-analytics. Every figure comes from the core.
 */
/** The demo's sample account is in dollars, and all of it is. */
const DEMO_CURRENCY = {
  currency: 'USD',
  unconverted: [] as UnconvertedTotal[],
  unconvertedStartingBalances: [] as UnconvertedStartingBalance[],
};

export const analyticsDemoRoutes: FastifyPluginAsync = async (app) => {
  const demoSet = createDemoCache();
  const scopeOf = (req: Parameters<typeof requireAccess>[1]) => {
    const user = requireAccess(app, req);
    const { tz } = parseInput(demoQuerySchema, req.query);
    return { ...toCalendar(tz, user.timezone), set: demoSet(app.clock.now()), ...DEMO_CURRENCY };
  };

  app.get('/api/analytics/outcomes', async (req): Promise<AnalyticsOutcomesJson> => {
    const user = requireAccess(app, req);
    const { tz, ...query } = parseInput(analyticsFilterSchema, req.query);
    const { timeZone } = toCalendar(tz, user.timezone);
    const filter = await toUserTradeFilter(app.db, { userId: user.id, timeZone, query });
    const scope = await loadCurrencyScope(app.db, { userId: user.id, accountIds: filter.accountIds });
    const { rows: trades, unconverted } = await listAnalyticsTrades(app.db, { userId: user.id, filter, scope });
    return {
      startingEquity: scope.startingEquity,
      timeZone,
      currency: scope.currency,
      unconverted,
      unconvertedStartingBalances: scope.unconvertedStartingBalances,
      pnl: trades.map((t) => t.netPnl),
      r: trades.map((t) => t.rMultiple),
    };
  });

  app.get('/api/analytics/demo/outcomes', async (req): Promise<AnalyticsOutcomesJson> => {
    const { timeZone, set, currency, unconverted, unconvertedStartingBalances } = scopeOf(req);
    return {
      startingEquity: set.startingEquity,
      timeZone,
      currency,
      unconverted,
      unconvertedStartingBalances,
      pnl: set.trades.map((t) => t.netPnl),
      r: set.trades.map((t) => t.rMultiple),
    };
  });

  app.get('/api/analytics/demo/summary', async (req): Promise<AnalyticsSummaryJson> => {
    const { timeZone, calendar, set, currency, unconverted, unconvertedStartingBalances } = scopeOf(req);
    const { startingEquity, trades } = set;
    const tradeStats = computeTradeStats(trades, { startingEquity });
    const daily = computeDailyStats(toDailySeries(trades, { startingEquity, calendar }), { startingEquity });
    const toIso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    return {
      startingEquity,
      timeZone,
      currency,
      unconverted,
      unconvertedStartingBalances,
      trades: {
        ...toJsonNumbers(tradeStats),
        maxDrawdownAbsTroughAt: toIso(tradeStats.maxDrawdownAbsTroughAt),
        maxDrawdownAbsPeakAt: toIso(tradeStats.maxDrawdownAbsPeakAt),
        maxDrawdownFracTroughAt: toIso(tradeStats.maxDrawdownFracTroughAt),
        grossPnl: set.grossPnl,
        fees: set.fees,
      },
      daily: toJsonNumbers(daily),
      streaks: computeStreaks(trades),
    };
  });

  app.get('/api/analytics/demo/equity', async (req): Promise<AnalyticsEquityJson> => {
    const { timeZone, calendar, set, currency, unconverted, unconvertedStartingBalances } = scopeOf(req);
    const series = computeEquitySeries(set.trades, { startingEquity: set.startingEquity, calendar });
    return {
      ...series,
      timeZone,
      currency,
      unconverted,
      unconvertedStartingBalances,
      tradePointCount: series.perTrade.closedAt.length,
      dayPointCount: series.perDay.date.length,
      isDownsampled: false,
    };
  });

  app.get('/api/analytics/demo/heatmap', async (req): Promise<AnalyticsHeatmapJson> => {
    const { timeZone, calendar, set, currency, unconverted, unconvertedStartingBalances } = scopeOf(req);
    const { metric } = parseInput(heatmapQuerySchema.pick({ metric: true }), req.query);
    const cells = computeHeatmap(set.trades, { metric, calendar });
    // The demo has times.
    return {
      startingEquity: set.startingEquity,
      timeZone,
      currency,
      unconverted,
      unconvertedStartingBalances,
      metric,
      timeNotInFile: 0,
      cells,
    };
  });

  app.get('/api/analytics/demo/breakdown', async (req): Promise<AnalyticsBreakdownJson> => {
    const { timeZone, calendar, set, currency, unconverted, unconvertedStartingBalances } = scopeOf(req);
    const { by } = parseInput(breakdownQuerySchema.pick({ by: true }), req.query);
    const groups = computeBreakdown(set.trades, { by, calendar });
    return {
      startingEquity: set.startingEquity,
      timeZone,
      currency,
      unconverted,
      unconvertedStartingBalances,
      by,
      groups: groups.map(toBreakdownGroupJson),
    };
  });

  app.get('/api/analytics/demo/distribution', async (req): Promise<AnalyticsDistributionJson> => {
    const { timeZone, set, currency, unconverted, unconvertedStartingBalances } = scopeOf(req);
    const { of } = parseInput(distributionQuerySchema.pick({ of: true }), req.query);
    const values =
      of === 'r'
        ? set.trades.flatMap((t) => (t.rMultiple === null ? [] : [t.rMultiple]))
        : set.trades.map((t) => t.netPnl);
    const distribution = computeDistribution(values, of === 'r' ? { binWidth: 0.5 } : {});
    return {
      startingEquity: set.startingEquity,
      timeZone,
      currency,
      unconverted,
      unconvertedStartingBalances,
      of,
      ...distribution,
    };
  });
};
