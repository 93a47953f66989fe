import { z } from 'zod';
import { filterCatalogueJsonSchema } from './filter-catalogue';
import {
  analyticsBreakdownJsonSchema,
  analyticsCalendarJsonSchema,
  analyticsDistributionJsonSchema,
  analyticsEquityJsonSchema,
  analyticsFilterSchema,
  analyticsHeatmapJsonSchema,
  analyticsOutcomesJsonSchema,
  analyticsSummaryJsonSchema,
  breakdownQuerySchema,
  calendarQuerySchema,
  distributionQuerySchema,
  equityQuerySchema,
  heatmapQuerySchema,
  monteCarloJsonSchema,
  monteCarloRequestSchema,
} from './analytics';
import {
  changePasswordRequestSchema,
  checkoutUrlJsonSchema,
  currentUserJsonSchema,
  emailChangeRequestSchema,
  emailOnlyRequestSchema,
  localCheckoutJsonSchema,
  loginRequestSchema,
  okJsonSchema,
  okWithMessageJsonSchema,
  planRequestSchema,
  profilePatchSchema,
  resetPasswordRequestSchema,
  sessionJsonSchema,
  subscriptionInfoJsonSchema,
  trialSignupRequestSchema,
} from './auth';
import { contactJsonSchema, contactRequestSchema } from './contact';
import { fxRatesFetchSchema, fxRatesListJsonSchema, fxRatesSavedJsonSchema } from './fx-rates';
import {
  importQualityJsonSchema,
  importQualityListJsonSchema,
  reconciliationFillsJsonSchema,
  reconciliationFillsQuerySchema,
  reconciliationJsonSchema,
  reconciliationQuerySchema,
} from './reconciliation';
import {
  brokerFormatRequestJsonSchema,
  importCommitJsonSchema,
  importCommitSchema,
  importJsonSchema,
  importListJsonSchema,
  importPreviewJsonSchema,
  importRemapSchema,
  importUndoJsonSchema,
} from './imports';
import {
  journalDayInputSchema,
  journalDayJsonSchema,
  journalDayListJsonSchema,
  journalEntriesQuerySchema,
  journalEntryListJsonSchema,
  journalRangeQuerySchema,
} from './journal';
import {
  reportExportQuerySchema,
  reportJsonSchema,
  reportRunRequestSchema,
  savedReportInputSchema,
  savedReportJsonSchema,
  savedReportListJsonSchema,
  savedReportPatchSchema,
} from './reports';
import { loadedSampleDataJsonSchema, removedSampleDataJsonSchema, sampleDataStatusJsonSchema } from './sample-data';
import { screenshotJsonSchema, screenshotListJsonSchema } from './screenshots';
import { accountUsageJsonSchema, tagUsageJsonSchema } from './settings';
import {
  accountInputSchema,
  accountJsonSchema,
  accountListJsonSchema,
  accountPatchSchema,
  addExecutionsJsonSchema,
  addExecutionsRequestSchema,
  apiTokenCreateSchema,
  apiTokenListJsonSchema,
  bulkTradeJsonSchema,
  bulkTradeRequestSchema,
  deletedTradeListJsonSchema,
  createdApiTokenJsonSchema,
  manualTradeRequestSchema,
  restoredTradesJsonSchema,
  restoreTradesRequestSchema,
  strategyInputSchema,
  tradeDeletionJsonSchema,
  strategyJsonSchema,
  strategyListJsonSchema,
  tagInputSchema,
  tagJsonSchema,
  tagListJsonSchema,
  tagMergeSchema,
  tagPatchSchema,
  tradeCountJsonSchema,
  tradeDetailJsonSchema,
  tradeListJsonSchema,
  tradeListQuerySchema,
  tradePatchSchema,
} from './trades';

/**
 * What an answer is when it is not JSON: no body (204), a file (CSV, image; the browser downloads
 * or shows it), or a redirect (a navigation, never fetched by the web's client).
 */
export type NonJsonAnswer = 'empty' | 'file' | 'redirect';
export type RouteAnswer = z.ZodType | NonJsonAnswer;

/** One HTTP route: what it reads and, by status, what it answers on success. */
export type RouteContract = {
  /** The JSON body it reads; 'multipart' for a file upload (sent by FormData). */
  body?: z.ZodType | 'multipart';
  /** Its query parameters, as the server parses them. */
  query?: z.ZodType;
  responses: Readonly<Partial<Record<200 | 201 | 202 | 204 | 302, RouteAnswer>>>;
};

/** Every failure's body (4xx, 5xx): a code the pages look for, a message, and per-field messages. */
export const apiErrorJsonSchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorJson = z.infer<typeof apiErrorJsonSchema>;

const ok = { 200: okJsonSchema } as const;
const okWithMessage = { 200: okWithMessageJsonSchema } as const;
const noContent = { 204: 'empty' } as const;
const redirect = { 302: 'redirect' } as const;
const file = { 200: 'file' } as const;

/** The analytics demo's only parameter: the zone its days and hours are in. */
const demoQuerySchema = z.object({ tz: z.string().optional() });

/**
 * Every route the server registers, keyed "METHOD /path" (Fastify's `:param` form). The web's API
 * client (src/web/lib/api.ts) takes its request and answer types from here, and the integration
 * tests check every answer the server gives against it (test/helpers/contract-check.ts).
 * To add a route: add it here, then register it in its module's `<area>.routes.ts`.
 */
export const API_ROUTES = {
  'GET /api/health': {
    responses: { 200: z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']), version: z.string() }) },
  },

  // Auth and the current user (seed §7)
  'GET /api/login': { responses: redirect },
  'GET /api/logout': { responses: redirect },
  'GET /api/auth/user': { responses: { 200: currentUserJsonSchema } },
  'PATCH /api/auth/user': { body: profilePatchSchema, responses: { 200: currentUserJsonSchema } },
  'POST /api/auth/login': { body: loginRequestSchema, responses: { 200: currentUserJsonSchema } },
  'POST /api/subscription/trial-signup': { body: trialSignupRequestSchema, responses: { 201: checkoutUrlJsonSchema } },
  'GET /api/auth/verify-email': { responses: redirect },
  'POST /api/auth/resend-verification': { body: emailOnlyRequestSchema, responses: okWithMessage },
  'POST /api/auth/forgot-password': { body: emailOnlyRequestSchema, responses: okWithMessage },
  'POST /api/auth/reset-password': { body: resetPasswordRequestSchema, responses: ok },
  'POST /api/auth/change-password': { body: changePasswordRequestSchema, responses: ok },
  'POST /api/auth/change-email': { body: emailChangeRequestSchema, responses: okWithMessage },
  'GET /api/auth/confirm-email-change': { responses: redirect },
  'GET /api/auth/sessions': { responses: { 200: z.array(sessionJsonSchema) } },
  'DELETE /api/auth/sessions/:id': { responses: noContent },
  'POST /api/contact': { body: contactRequestSchema, responses: { 201: contactJsonSchema } },

  // Billing
  'GET /api/subscription': { responses: { 200: subscriptionInfoJsonSchema } },
  'POST /api/subscription/checkout': { body: planRequestSchema, responses: { 200: checkoutUrlJsonSchema } },
  'POST /api/subscription/change-plan': { body: planRequestSchema, responses: { 200: currentUserJsonSchema } },
  'POST /api/subscription/cancel': { responses: { 200: currentUserJsonSchema } },
  'POST /api/subscription/resume': { responses: { 200: currentUserJsonSchema } },
  'POST /api/subscription/portal': { responses: { 200: z.object({ url: z.string() }) } },
  'GET /api/billing/local/checkouts/:id': { responses: { 200: localCheckoutJsonSchema } },
  'POST /api/billing/local/checkouts/:id/complete': { responses: { 200: z.object({ redirectUrl: z.string() }) } },
  // Stripe's signed webhook: its body is Stripe's event, verified from the raw bytes.
  'POST /api/billing/webhook': { responses: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) } },

  // Accounts, tags, strategies, API tokens, sample data
  'GET /api/accounts': { responses: { 200: accountListJsonSchema } },
  'POST /api/accounts': { body: accountInputSchema, responses: { 201: accountJsonSchema } },
  'GET /api/accounts/:id': { responses: { 200: accountJsonSchema } },
  'GET /api/accounts/:id/usage': { responses: { 200: accountUsageJsonSchema } },
  'PATCH /api/accounts/:id': { body: accountPatchSchema, responses: { 200: accountJsonSchema } },
  'DELETE /api/accounts/:id': { responses: noContent },
  'GET /api/tags': { responses: { 200: tagListJsonSchema } },
  'GET /api/tags/usage': { responses: { 200: tagUsageJsonSchema } },
  'POST /api/tags': { body: tagInputSchema, responses: { 201: tagJsonSchema } },
  'PATCH /api/tags/:id': { body: tagPatchSchema, responses: { 200: tagJsonSchema } },
  'DELETE /api/tags/:id': { responses: noContent },
  'POST /api/tags/:id/merge': { body: tagMergeSchema, responses: { 200: tagJsonSchema } },
  'GET /api/strategies': { responses: { 200: strategyListJsonSchema } },
  'POST /api/strategies': { body: strategyInputSchema, responses: { 201: strategyJsonSchema } },
  'GET /api/tokens': { responses: { 200: apiTokenListJsonSchema } },
  'POST /api/tokens': { body: apiTokenCreateSchema, responses: { 201: createdApiTokenJsonSchema } },
  'DELETE /api/tokens/:id': { responses: noContent },
  'GET /api/sample-data': { responses: { 200: sampleDataStatusJsonSchema } },
  'POST /api/sample-data': { responses: { 201: loadedSampleDataJsonSchema } },
  'DELETE /api/sample-data': { responses: { 200: removedSampleDataJsonSchema } },

  // Trades and executions
  'POST /api/executions': { body: addExecutionsRequestSchema, responses: { 200: addExecutionsJsonSchema } },
  'GET /api/trades': { query: tradeListQuerySchema, responses: { 200: tradeListJsonSchema } },
  'GET /api/trades/filter-schema': { responses: { 200: z.record(z.string(), z.unknown()) } },
  'GET /api/reports/filters': { responses: { 200: filterCatalogueJsonSchema } },
  'GET /api/trades/export.csv': { query: tradeListQuerySchema, responses: file },
  'GET /api/trades/count': { query: tradeListQuerySchema, responses: { 200: tradeCountJsonSchema } },
  'GET /api/trades/list.csv': { query: tradeListQuerySchema, responses: file },
  'POST /api/trades': { body: manualTradeRequestSchema, responses: { 201: tradeDetailJsonSchema } },
  'POST /api/trades/bulk': { body: bulkTradeRequestSchema, responses: { 200: bulkTradeJsonSchema } },
  'GET /api/trades/:id': { responses: { 200: tradeDetailJsonSchema } },
  'PATCH /api/trades/:id': { body: tradePatchSchema, responses: { 200: tradeDetailJsonSchema } },
  // The trade goes to "Recently deleted" for 30 days; the undo token brings it back.
  'DELETE /api/trades/:id': { responses: { 200: tradeDeletionJsonSchema } },
  'GET /api/trades/deleted': { responses: { 200: deletedTradeListJsonSchema } },
  'POST /api/trades/restore': { body: restoreTradesRequestSchema, responses: { 200: restoredTradesJsonSchema } },

  // Screenshots
  'POST /api/trades/:id/screenshots': { body: 'multipart', responses: { 201: screenshotJsonSchema } },
  'GET /api/trades/:id/screenshots': { responses: { 200: screenshotListJsonSchema } },
  'GET /api/screenshots/:id': { responses: file },
  'GET /api/screenshots/:id/thumbnail': { responses: file },
  'DELETE /api/screenshots/:id': { responses: noContent },

  // Imports
  'POST /api/imports': { body: 'multipart', responses: { 201: importPreviewJsonSchema } },
  'GET /api/imports': { responses: { 200: importListJsonSchema } },
  'GET /api/imports/template.csv': { responses: file },
  'GET /api/imports/:id': { responses: { 200: importJsonSchema } },
  'POST /api/imports/:id/preview': { body: importRemapSchema, responses: { 200: importPreviewJsonSchema } },
  // Done at once (200), or queued as a background job whose progress the import's GET reports (202).
  'POST /api/imports/:id/commit': {
    body: importCommitSchema,
    responses: { 200: importCommitJsonSchema, 202: importJsonSchema },
  },
  // An import that added trades is undone (200, the import and the undo token of its trades); a
  // preview is discarded (204).
  'DELETE /api/imports/:id': { responses: { 200: importUndoJsonSchema, 204: 'empty' } },
  'POST /api/broker-format-requests': { body: 'multipart', responses: { 201: brokerFormatRequestJsonSchema } },

  // Reconciliation with the broker's own figures, and exchange rates (issue 42)
  'GET /api/reconciliation': { query: reconciliationQuerySchema, responses: { 200: reconciliationJsonSchema } },
  'GET /api/reconciliation/fills': {
    query: reconciliationFillsQuerySchema,
    responses: { 200: reconciliationFillsJsonSchema },
  },
  'GET /api/imports/quality': { responses: { 200: importQualityListJsonSchema } },
  'GET /api/imports/:id/quality': { responses: { 200: importQualityJsonSchema } },
  'GET /api/fx-rates': { responses: { 200: fxRatesListJsonSchema } },
  // The body is text/csv (date,from,to,rate), not JSON.
  'POST /api/fx-rates': { responses: { 201: fxRatesSavedJsonSchema } },
  'POST /api/fx-rates/fetch': { body: fxRatesFetchSchema, responses: { 201: fxRatesSavedJsonSchema } },

  // Analytics
  'GET /api/analytics/summary': { query: analyticsFilterSchema, responses: { 200: analyticsSummaryJsonSchema } },
  'GET /api/analytics/equity': { query: equityQuerySchema, responses: { 200: analyticsEquityJsonSchema } },
  'GET /api/analytics/calendar': { query: calendarQuerySchema, responses: { 200: analyticsCalendarJsonSchema } },
  'GET /api/analytics/heatmap': { query: heatmapQuerySchema, responses: { 200: analyticsHeatmapJsonSchema } },
  'GET /api/analytics/breakdown': { query: breakdownQuerySchema, responses: { 200: analyticsBreakdownJsonSchema } },
  'GET /api/analytics/distribution': {
    query: distributionQuerySchema,
    responses: { 200: analyticsDistributionJsonSchema },
  },
  'POST /api/analytics/monte-carlo': { body: monteCarloRequestSchema, responses: { 200: monteCarloJsonSchema } },
  'GET /api/analytics/outcomes': { query: analyticsFilterSchema, responses: { 200: analyticsOutcomesJsonSchema } },
  'GET /api/analytics/demo/outcomes': { query: demoQuerySchema, responses: { 200: analyticsOutcomesJsonSchema } },
  'GET /api/analytics/demo/summary': { query: demoQuerySchema, responses: { 200: analyticsSummaryJsonSchema } },
  'GET /api/analytics/demo/equity': { query: demoQuerySchema, responses: { 200: analyticsEquityJsonSchema } },
  'GET /api/analytics/demo/heatmap': {
    query: demoQuerySchema.extend(heatmapQuerySchema.pick({ metric: true }).shape),
    responses: { 200: analyticsHeatmapJsonSchema },
  },
  'GET /api/analytics/demo/breakdown': {
    query: demoQuerySchema.extend(breakdownQuerySchema.pick({ by: true }).shape),
    responses: { 200: analyticsBreakdownJsonSchema },
  },
  'GET /api/analytics/demo/distribution': {
    query: demoQuerySchema.extend(distributionQuerySchema.pick({ of: true }).shape),
    responses: { 200: analyticsDistributionJsonSchema },
  },

  // Advanced reports (issue 32)
  'POST /api/reports/run': { body: reportRunRequestSchema, responses: { 200: reportJsonSchema } },
  'GET /api/reports/saved': { responses: { 200: savedReportListJsonSchema } },
  'GET /api/reports/saved/:id': { responses: { 200: savedReportJsonSchema } },
  'POST /api/reports/saved': { body: savedReportInputSchema, responses: { 201: savedReportJsonSchema } },
  'PATCH /api/reports/saved/:id': { body: savedReportPatchSchema, responses: { 200: savedReportJsonSchema } },
  'DELETE /api/reports/saved/:id': { responses: noContent },
  'GET /api/reports/export.csv': { query: reportExportQuerySchema, responses: file },
  'GET /api/reports/export.pdf': { query: reportExportQuerySchema, responses: file },

  // Journal
  'GET /api/journal/days': { query: journalRangeQuerySchema, responses: { 200: journalDayListJsonSchema } },
  'GET /api/journal/entries': { query: journalEntriesQuerySchema, responses: { 200: journalEntryListJsonSchema } },
  'GET /api/journal/days/:date': { responses: { 200: journalDayJsonSchema } },
  'PUT /api/journal/days/:date': { body: journalDayInputSchema, responses: { 200: journalDayJsonSchema } },

  // Public site files (not under /api)
  'GET /robots.txt': { responses: file },
  'GET /sitemap.xml': { responses: file },
} as const satisfies Record<string, RouteContract>;

export type ApiRouteKey = keyof typeof API_ROUTES;
