import { z } from 'zod';
import type { JsonNumber } from '../core/analytics';
import { tradeFilterJsonSchema, tradeFilterSchema } from '../core/query';
import { REPORT_GROUP_BYS } from '../core/reports';
import { unconvertedTotalJsonSchema } from './analytics';
import { safeText } from './input-policy';

/** How a report's groups are drawn: a bar per group of one of its figures. */
export const REPORT_CHARTS = ['netPnl', 'expectancy', 'winRate', 'count'] as const;
export type ReportChart = (typeof REPORT_CHARTS)[number];

const groupBySchema = z.enum(REPORT_GROUP_BYS, { error: `Must be one of ${REPORT_GROUP_BYS.join(', ')}` });
const timeZoneSchema = z.string().trim().min(1).max(64);

/**
 * `POST /api/reports/run`: the closed trades of `filter` (the query model's filter, every field of
 * the registry), grouped; with `compareWith`, a second filter's report and the difference B − A.
 * Days and hours in `tz`, else the user's time zone.
 */
export const reportRunRequestSchema = z
  .object({
    filter: tradeFilterSchema.default({}),
    groupBy: groupBySchema.default('none'),
    compareWith: tradeFilterSchema.optional(),
    tz: timeZoneSchema.optional(),
  })
  .strict();
export type ReportRunRequest = z.infer<typeof reportRunRequestSchema>;

/** The exports take the same report as query parameters: `filter` as URL-encoded JSON. */
export const reportExportQuerySchema = z
  .object({
    filter: tradeFilterJsonSchema.optional(),
    groupBy: groupBySchema.default('none'),
    tz: timeZoneSchema.optional(),
  })
  .strict();
export type ReportExportQuery = z.infer<typeof reportExportQuerySchema>;

const jsonNumberSchema: z.ZodType<JsonNumber> = z.union([
  z.number(),
  z.literal('Infinity'),
  z.literal('-Infinity'),
  z.null(),
]);
const money = z.string();

/** One row: a group's statistics (core/reports ReportRow); money as exact decimal text. */
export const reportRowJsonSchema = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  netPnl: money,
  grossPnl: money,
  fees: money,
  winRate: jsonNumberSchema,
  winRateCi95: z.tuple([z.number(), z.number()]).nullable(),
  expectancy: money.nullable(),
  expectancyCi95: z.tuple([money, money]).nullable(),
  expectancyR: jsonNumberSchema,
  expectancyRCi95: z.tuple([z.number(), z.number()]).nullable(),
  profitFactor: jsonNumberSchema,
  avgWin: money.nullable(),
  avgLoss: money.nullable(),
  avgR: jsonNumberSchema,
  maxDrawdownAbs: money,
  lowSample: z.boolean(),
});
export type ReportRowJson = z.infer<typeof reportRowJsonSchema>;

export const reportRowDifferenceJsonSchema = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  netPnl: money,
  grossPnl: money,
  fees: money,
  winRate: jsonNumberSchema,
  expectancy: money.nullable(),
  expectancyR: jsonNumberSchema,
  profitFactor: jsonNumberSchema,
  avgWin: money.nullable(),
  avgLoss: money.nullable(),
  maxDrawdownAbs: money,
});

const reportSideJsonSchema = z.object({
  total: reportRowJsonSchema,
  groups: z.array(reportRowJsonSchema),
  /** Closed trades left out of every figure because no rate converts them into `currency`, per currency. */
  unconverted: z.array(unconvertedTotalJsonSchema),
});

export const reportJsonSchema = reportSideJsonSchema.extend({
  groupBy: groupBySchema,
  timeZone: z.string(),
  /**
   * The currency every amount is in (issue 42), as the analytics: the filter's accounts' when they
   * share one, else the user's base currency, each trade converted at its close day's rate.
   */
  currency: z.string(),
  /** The second filter's report, when `compareWith` was given. */
  compare: reportSideJsonSchema.optional(),
  /** compare − base, total and group by group (a group on one side only counts as no trades on the other). */
  difference: z
    .object({ total: reportRowDifferenceJsonSchema, groups: z.array(reportRowDifferenceJsonSchema) })
    .optional(),
});
export type ReportJson = z.infer<typeof reportJsonSchema>;

const nameSchema = safeText().trim().min(1, 'Name is required').max(100, 'At most 100 characters');

/** A saved report: what the builder shows, under a name; `pinned` puts it on the dashboard. */
export const savedReportInputSchema = z
  .object({
    name: nameSchema,
    filter: tradeFilterSchema.default({}),
    compareWith: tradeFilterSchema.nullable().default(null),
    groupBy: groupBySchema.default('none'),
    chart: z.enum(REPORT_CHARTS, { error: `Must be one of ${REPORT_CHARTS.join(', ')}` }).default('netPnl'),
    pinned: z.boolean({ error: 'Must be true or false' }).default(false),
  })
  .strict();
export type SavedReportInput = z.infer<typeof savedReportInputSchema>;

export const savedReportPatchSchema = z
  .object({
    name: nameSchema.optional(),
    filter: tradeFilterSchema.optional(),
    compareWith: tradeFilterSchema.nullable().optional(),
    groupBy: groupBySchema.optional(),
    chart: z.enum(REPORT_CHARTS, { error: `Must be one of ${REPORT_CHARTS.join(', ')}` }).optional(),
    pinned: z.boolean({ error: 'Must be true or false' }).optional(),
  })
  .strict();
export type SavedReportPatch = z.infer<typeof savedReportPatchSchema>;

/**
 * A saved report as stored. Its filters are answered as saved: one that no longer validates (a
 * field renamed since) is opened by the builder with a message, not refused here.
 */
export const savedReportJsonSchema = z.object({
  id: z.string(),
  name: z.string(),
  filter: z.record(z.string(), z.unknown()),
  compareWith: z.record(z.string(), z.unknown()).nullable(),
  groupBy: z.string(),
  chart: z.string(),
  pinned: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedReportJson = z.infer<typeof savedReportJsonSchema>;
export const savedReportListJsonSchema = z.object({ reports: z.array(savedReportJsonSchema) });
