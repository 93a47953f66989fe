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

/** A statistics block: every number is a {@link JsonNumber} ("Infinity", "-Infinity", null). */
export type JsonStats = Record<string, JsonNumber | string>;

export type AnalyticsContextJson = {
  /** The sum of the selected accounts' starting balances: the base of every return. */
  startingEquity: number;
  timeZone: string;
};

export type AnalyticsSummaryJson = AnalyticsContextJson & {
  /** The oracle's `trades.*` keys in camelCase; `*At` are ISO instants. */
  trades: JsonStats & { grossPnl: number; fees: number };
  /** The oracle's `daily.*` keys in camelCase; days in `timeZone`, `*At` are dates. */
  daily: JsonStats;
  streaks: {
    maxConsecutiveWins: number;
    maxConsecutiveLosses: number;
    current: { kind: 'win' | 'loss' | 'none'; length: number };
    lengths: { length: number; wins: number; losses: number }[];
  };
};

export type AnalyticsEquityJson = AnalyticsContextJson & {
  /** Points of the full per-trade and per-day series (the arrays hold fewer when downsampled). */
  tradePointCount: number;
  dayPointCount: number;
  /** True when `maxPoints` cut either series: each kept point keeps its own values. */
  isDownsampled: boolean;
  /** Parallel arrays; `closedAt` in epoch milliseconds; drawdowns ≥ 0 ($, and fraction of the peak). */
  perTrade: {
    closedAt: number[];
    pnl: number[];
    cumulativePnl: number[];
    drawdownAbs: number[];
    drawdownFrac: (number | null)[];
  };
  perDay: {
    date: string[];
    pnl: number[];
    trades: number[];
    cumulativePnl: number[];
    drawdownAbs: number[];
    drawdownFrac: (number | null)[];
  };
};

export type AnalyticsCalendarJson = AnalyticsContextJson & {
  month: string;
  days: { date: string; netPnl: number; trades: number; wins: number; losses: number; hasNote: boolean }[];
  weeks: { weekStart: string; netPnl: number; trades: number; tradingDays: number }[];
  netPnl: number;
  trades: number;
  tradingDays: number;
};

export type AnalyticsHeatmapJson = AnalyticsContextJson & {
  metric: (typeof HEATMAP_METRICS)[number];
  /** 168 cells, weekday-major (1 = Monday … 7 = Sunday) by entry hour (0–23). */
  cells: {
    weekday: number;
    hour: number;
    count: number;
    netPnl: number;
    wins: number;
    winRate: number | null;
    value: number | null;
  }[];
};

export type AnalyticsBreakdownJson = AnalyticsContextJson & {
  by: (typeof BREAKDOWN_DIMENSIONS)[number];
  groups: ({ key: string; label: string } & JsonStats)[];
};

export type AnalyticsDistributionJson = AnalyticsContextJson & {
  of: 'r' | 'pnl';
  count: number;
  mean: number | null;
  median: number | null;
  stdev: number | null;
  min: number | null;
  max: number | null;
  bins: { from: number; to: number; count: number }[];
};

/** `GET /api/analytics/outcomes`: each closed trade's P&L and R in close order (the Monte Carlo sample). */
export type AnalyticsOutcomesJson = {
  startingEquity: number;
  timeZone: string;
  pnl: number[];
  r: (number | null)[];
};
