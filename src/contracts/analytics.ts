import { z } from 'zod';
import {
  BREAKDOWN_DIMENSIONS,
  HEATMAP_METRICS,
  MONTE_CARLO_METHODS,
  MONTE_CARLO_SIZINGS,
  type JsonNumber,
} from '../core/analytics';
import { tradeListQuerySchema } from './trades';

/**
 * The analytics endpoints take the trade list's filters (closed trades only; `from`/`to` bound the
 * close), plus an optional IANA time zone for days and hours (default: the user's setting).
 */
export const analyticsFilterSchema = tradeListQuerySchema
  .omit({ sort: true, order: true, limit: true, cursor: true, status: true })
  .extend({ tz: z.string().trim().min(1).max(64).optional() });
export type AnalyticsFilter = z.infer<typeof analyticsFilterSchema>;

export const EQUITY_MAX_POINTS_LIMIT = 100_000;
/**
 * What the dashboard's equity chart asks for: the chart is at most about 1,000 pixels wide and
 * each slice keeps its high, low and deepest drawdown, so the curve looks as the full series would
 * at a fraction of the bytes (100,000 trades: about 7.6 MB in full).
 */
export const EQUITY_CHART_MAX_POINTS = 4_000;
const maxPointsMessage = `Must be a whole number from 2 to ${EQUITY_MAX_POINTS_LIMIT.toLocaleString('en-US')}`;

export const equityQuerySchema = analyticsFilterSchema.extend({
  /**
   * At most this many points per series: longer series are downsampled on the server (the ends,
   * each slice's high, low and deepest drawdown kept). Absent: every point.
   */
  maxPoints: z.coerce
    .number({ error: maxPointsMessage })
    .int(maxPointsMessage)
    .min(2, maxPointsMessage)
    .max(EQUITY_MAX_POINTS_LIMIT, maxPointsMessage)
    .optional(),
});
export type EquityQuery = z.infer<typeof equityQuerySchema>;

export const calendarQuerySchema = analyticsFilterSchema.extend({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Must be a month such as 2025-01'),
});
export const heatmapQuerySchema = analyticsFilterSchema.extend({ metric: z.enum(HEATMAP_METRICS).default('netPnl') });
export const breakdownQuerySchema = analyticsFilterSchema.extend({ by: z.enum(BREAKDOWN_DIMENSIONS) });
export const distributionQuerySchema = analyticsFilterSchema.extend({ of: z.enum(['r', 'pnl']).default('r') });

export const MONTE_CARLO_MAX_RUNS = 100_000;
export const MONTE_CARLO_MAX_HORIZON = 10_000;

export const monteCarloRequestSchema = analyticsFilterSchema.extend({
  runs: z.number().int().min(1).max(MONTE_CARLO_MAX_RUNS).default(10_000),
  /** Trades per path; default: the number of trades in the sample (at most 10,000). */
  horizon: z.number().int().min(1).max(MONTE_CARLO_MAX_HORIZON).optional(),
  /** Any safe non-negative integer; the server picks one (and answers it) when absent. */
  seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  method: z.enum(MONTE_CARLO_METHODS).default('bootstrap'),
  sizing: z.enum(MONTE_CARLO_SIZINGS).default('fixed-dollar'),
  /** Fixed-fraction sizing: the share of current equity risked per trade (0.01 = 1%). */
  riskFraction: z.number().gt(0).max(1).default(0.01),
  /** Ruin: equity at or below startingEquity × (1 − this) at any step. */
  ruinDrawdownFrac: z.number().gt(0).max(1).default(0.5),
  /** Overrides the accounts' starting balance. */
  startingEquity: z.number().gt(0).optional(),
  /** Fan points after the start: default 250 evenly spaced steps (every step up to 250 trades). */
  fanPoints: z.number().int().min(1).max(MONTE_CARLO_MAX_HORIZON).optional(),
});
export type MonteCarloRequest = z.infer<typeof monteCarloRequestSchema>;

/** A statistic on the wire: a finite number, "Infinity", "-Infinity" or null (core/analytics/json-number.ts). */
const jsonNumberSchema: z.ZodType<JsonNumber> = z.union([
  z.number(),
  z.literal('Infinity'),
  z.literal('-Infinity'),
  z.null(),
]);
/** A statistics block's value: a {@link JsonNumber}, or an ISO instant or date for its `*At` keys. */
const statValueSchema = z.union([jsonNumberSchema, z.string()]);

/** A statistics block: every number is a {@link JsonNumber} ("Infinity", "-Infinity", null). */
export type JsonStats = Record<string, JsonNumber | string>;
const jsonStatsSchema = z.record(z.string(), statValueSchema);

/** Closed trades an answer leaves out because their P&L has no rate into its currency, per currency. */
export const unconvertedTotalJsonSchema = z.object({
  currency: z.string(),
  tradeCount: z.number(),
  /** Their net P&L in `currency`, exact decimal text. */
  netPnl: z.string(),
});
export type UnconvertedTotalJson = z.infer<typeof unconvertedTotalJsonSchema>;

/** A selected account's starting balance that no rate converts into the answer's currency (issue 42). */
export const unconvertedStartingBalanceJsonSchema = z.object({
  accountId: z.string(),
  accountName: z.string(),
  currency: z.string(),
  /** In `currency`, exact decimal text. */
  startingBalance: z.string(),
});
export type UnconvertedStartingBalanceJson = z.infer<typeof unconvertedStartingBalanceJsonSchema>;

export const analyticsContextJsonSchema = z.object({
  /** The sum of the selected accounts' starting balances: the base of every return. */
  startingEquity: z.number(),
  timeZone: z.string(),
  /**
   * The currency every amount is in (issue 42): the selected accounts' when they share one, else
   * the user's base currency, each trade converted at the rate table's rate of its close day.
   */
  currency: z.string(),
  /** Trades left out of every figure because no rate converts them into `currency`, per currency. */
  unconverted: z.array(unconvertedTotalJsonSchema),
  /**
   * Selected accounts whose starting balance no rate converts into `currency`: left out of
   * `startingEquity`, so returns and drawdown % stand on the other accounts' balances only.
   */
  unconvertedStartingBalances: z.array(unconvertedStartingBalanceJsonSchema),
});
export type AnalyticsContextJson = z.infer<typeof analyticsContextJsonSchema>;

export const analyticsSummaryJsonSchema = analyticsContextJsonSchema.extend({
  /** The oracle's `trades.*` keys in camelCase; `*At` are ISO instants. */
  trades: z.object({ grossPnl: z.number(), fees: z.number() }).catchall(statValueSchema),
  /** The oracle's `daily.*` keys in camelCase; days in `timeZone`, `*At` are dates. */
  daily: jsonStatsSchema,
  streaks: z.object({
    maxConsecutiveWins: z.number(),
    maxConsecutiveLosses: z.number(),
    current: z.object({ kind: z.enum(['win', 'loss', 'none']), length: z.number() }),
    lengths: z.array(z.object({ length: z.number(), wins: z.number(), losses: z.number() })),
  }),
});
export type AnalyticsSummaryJson = z.infer<typeof analyticsSummaryJsonSchema>;

const numbers = z.array(z.number());
const fractions = z.array(z.number().nullable());

export const analyticsEquityJsonSchema = analyticsContextJsonSchema.extend({
  /** Points of the full per-trade and per-day series (the arrays hold fewer when downsampled). */
  tradePointCount: z.number(),
  dayPointCount: z.number(),
  /** True when `maxPoints` cut either series: each kept point keeps its own values. */
  isDownsampled: z.boolean(),
  /** Parallel arrays; `closedAt` in epoch milliseconds; drawdowns ≥ 0 ($, and fraction of the peak). */
  perTrade: z.object({
    closedAt: numbers,
    pnl: numbers,
    cumulativePnl: numbers,
    drawdownAbs: numbers,
    drawdownFrac: fractions,
  }),
  perDay: z.object({
    date: z.array(z.string()),
    pnl: numbers,
    trades: numbers,
    cumulativePnl: numbers,
    drawdownAbs: numbers,
    drawdownFrac: fractions,
  }),
});
export type AnalyticsEquityJson = z.infer<typeof analyticsEquityJsonSchema>;

export const analyticsCalendarJsonSchema = analyticsContextJsonSchema.extend({
  month: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      netPnl: z.number(),
      trades: z.number(),
      wins: z.number(),
      losses: z.number(),
      hasNote: z.boolean(),
    }),
  ),
  weeks: z.array(z.object({ weekStart: z.string(), netPnl: z.number(), trades: z.number(), tradingDays: z.number() })),
  netPnl: z.number(),
  trades: z.number(),
  tradingDays: z.number(),
});
export type AnalyticsCalendarJson = z.infer<typeof analyticsCalendarJsonSchema>;

export const analyticsHeatmapJsonSchema = analyticsContextJsonSchema.extend({
  metric: z.enum(HEATMAP_METRICS),
  /** Trades left out because their file gave the entry's day but no time of day. */
  timeNotInFile: z.number(),
  /** 168 cells, weekday-major (1 = Monday … 7 = Sunday) by entry hour (0–23). */
  cells: z.array(
    z.object({
      weekday: z.number(),
      hour: z.number(),
      count: z.number(),
      netPnl: z.number(),
      wins: z.number(),
      winRate: z.number().nullable(),
      value: z.number().nullable(),
    }),
  ),
});
export type AnalyticsHeatmapJson = z.infer<typeof analyticsHeatmapJsonSchema>;

export const analyticsBreakdownJsonSchema = analyticsContextJsonSchema.extend({
  by: z.enum(BREAKDOWN_DIMENSIONS),
  groups: z.array(z.object({ key: z.string(), label: z.string() }).catchall(statValueSchema)),
});
export type AnalyticsBreakdownJson = z.infer<typeof analyticsBreakdownJsonSchema>;

export const analyticsDistributionJsonSchema = analyticsContextJsonSchema.extend({
  of: z.enum(['r', 'pnl']),
  count: z.number(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  stdev: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  bins: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
});
export type AnalyticsDistributionJson = z.infer<typeof analyticsDistributionJsonSchema>;

/** `GET /api/analytics/outcomes`: each closed trade's P&L and R in close order (the Monte Carlo sample). */
export const analyticsOutcomesJsonSchema = analyticsContextJsonSchema.extend({
  pnl: numbers,
  r: fractions,
});
export type AnalyticsOutcomesJson = z.infer<typeof analyticsOutcomesJsonSchema>;

const distributionSummarySchema = z.object({
  mean: z.number(),
  stdev: z.number(),
  min: z.number(),
  max: z.number(),
  percentiles: z.array(z.object({ p: z.number(), value: z.number() })),
  histogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
});

/**
 * `POST /api/analytics/monte-carlo`: core's MonteCarloResult on the wire, its amounts (the
 * starting and ruin equity, the fan, final equity, drawdown in money) in `currency`, the currency
 * of the resampled trades' P&L (as every analytics answer; see analyticsContextJsonSchema).
 */
export const monteCarloJsonSchema = z.object({
  currency: z.string(),
  /** Trades left out of the sample because no rate converts them into `currency`, per currency. */
  unconverted: z.array(unconvertedTotalJsonSchema),
  /** Balances left out of the default starting equity (none when the request gave one). */
  unconvertedStartingBalances: z.array(unconvertedStartingBalanceJsonSchema),
  seed: z.number(),
  runs: z.number(),
  horizon: z.number(),
  method: z.enum(MONTE_CARLO_METHODS),
  sizing: z.enum(MONTE_CARLO_SIZINGS),
  riskFraction: z.number().nullable(),
  startingEquity: z.number(),
  sampleSize: z.number(),
  ruinDrawdownFrac: z.number(),
  ruinEquity: z.number(),
  fan: z.array(
    z.object({
      step: z.number(),
      mean: z.number(),
      p5: z.number(),
      p25: z.number(),
      p50: z.number(),
      p75: z.number(),
      p95: z.number(),
    }),
  ),
  finalEquity: distributionSummarySchema.extend({ probabilityBelowStart: z.number() }),
  maxDrawdownAbs: distributionSummarySchema,
  maxDrawdownFrac: distributionSummarySchema,
  longestLosingStreak: distributionSummarySchema,
  /** Share of paths whose equity touched the ruin level at any step. */
  probabilityOfRuin: z.number(),
  /** Share of paths whose maximum drawdown from peak reached ruinDrawdownFrac. */
  probabilityOfDrawdownAtLeast: z.number(),
});
export type MonteCarloJson = z.infer<typeof monteCarloJsonSchema>;
