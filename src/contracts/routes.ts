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
import {
  loginJsonSchema,
  loginTwoFactorRequestSchema,
  recoveryCodesJsonSchema,
  regenerateRecoveryCodesRequestSchema,
  revokedSessionsJsonSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorSetupJsonSchema,
  twoFactorStatusJsonSchema,
} from './security';
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
  type ApiTokenScope,
  apiTokenListJsonSchema,
  bulkTradeJsonSchema,
  bulkTradeRequestSchema,
  deletedTradeListJsonSchema,
  createdApiTokenJsonSchema,
  manualTradeRequestSchema,
  positionEventPatchSchema,
  restoredTradesJsonSchema,
  restoreTradesRequestSchema,
  strategyInputSchema,
  strategyPatchSchema,
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
  tradeEventJsonSchema,
  tradeListJsonSchema,
  tradeListQuerySchema,
  tradePatchSchema,
} from './trades';
import {
  playbookJsonSchema,
  ruleChecksRequestSchema,
  ruleEffectsJsonSchema,
  ruleInputSchema,
  ruleJsonSchema,
  ruleListJsonSchema,
  ruleOrderSchema,
  rulePatchSchema,
  strategyDeleteQuerySchema,
} from './playbook';

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
  /**
   * Set on the public API's routes only: the API-token scope a bearer request needs. Such a route
   * is also served under `/api/v1/…` and described in the OpenAPI document. A route without one is
   * never reached with a token (sign-in, billing, tokens, two-factor, settings).
   */
  scope?: ApiTokenScope;
  /** One line for the API documentation (public routes). */
  summary?: string;
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
  // With two-factor on, the answer is a challenge for the code step, and no session yet.
  'POST /api/auth/login': { body: loginRequestSchema, responses: { 200: loginJsonSchema } },
  'POST /api/auth/login/2fa': { body: loginTwoFactorRequestSchema, responses: { 200: currentUserJsonSchema } },
  'GET /api/auth/2fa': { responses: { 200: twoFactorStatusJsonSchema } },
  'POST /api/auth/2fa/setup': { responses: { 200: twoFactorSetupJsonSchema } },
  'POST /api/auth/2fa/enable': { body: twoFactorEnableRequestSchema, responses: { 200: recoveryCodesJsonSchema } },
  'POST /api/auth/2fa/recovery-codes': {
    body: regenerateRecoveryCodesRequestSchema,
    responses: { 200: recoveryCodesJsonSchema },
  },
  'POST /api/auth/2fa/disable': { body: twoFactorDisableRequestSchema, responses: ok },
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
  'POST /api/auth/sessions/revoke-others': { responses: { 200: revokedSessionsJsonSchema } },
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
  'GET /api/accounts': {
    scope: 'trades:read',
    summary: 'List your accounts',
    responses: { 200: accountListJsonSchema },
  },
  'POST /api/accounts': {
    scope: 'trades:write',
    summary: 'Create an account',
    body: accountInputSchema,
    responses: { 201: accountJsonSchema },
  },
  'GET /api/accounts/:id': { scope: 'trades:read', summary: 'Read one account', responses: { 200: accountJsonSchema } },
  'GET /api/accounts/:id/usage': { responses: { 200: accountUsageJsonSchema } },
  'PATCH /api/accounts/:id': {
    scope: 'trades:write',
    summary: 'Rename or change an account',
    body: accountPatchSchema,
    responses: { 200: accountJsonSchema },
  },
  'DELETE /api/accounts/:id': {
    scope: 'trades:write',
    summary: 'Delete an account with its trades',
    responses: noContent,
  },
  'GET /api/tags': { scope: 'trades:read', summary: 'List your tags', responses: { 200: tagListJsonSchema } },
  'GET /api/tags/usage': { responses: { 200: tagUsageJsonSchema } },
  'POST /api/tags': {
    scope: 'trades:write',
    summary: 'Create a tag',
    body: tagInputSchema,
    responses: { 201: tagJsonSchema },
  },
  'PATCH /api/tags/:id': {
    scope: 'trades:write',
    summary: 'Rename or recolour a tag',
    body: tagPatchSchema,
    responses: { 200: tagJsonSchema },
  },
  'DELETE /api/tags/:id': { scope: 'trades:write', summary: 'Delete a tag', responses: noContent },
  'POST /api/tags/:id/merge': {
    scope: 'trades:write',
    summary: 'Merge a tag into another',
    body: tagMergeSchema,
    responses: { 200: tagJsonSchema },
  },
  'GET /api/strategies': {
    scope: 'trades:read',
    summary: 'List your strategies',
    responses: { 200: strategyListJsonSchema },
  },
  'POST /api/strategies': {
    scope: 'trades:write',
    summary: 'Create a strategy',
    body: strategyInputSchema,
    responses: { 201: strategyJsonSchema },
  },
  'GET /api/strategies/:id': {
    scope: 'trades:read',
    summary: 'Read a strategy with its rules in order',
    responses: { 200: strategyJsonSchema.extend({ rules: z.array(ruleJsonSchema) }) },
  },
  'PATCH /api/strategies/:id': {
    scope: 'trades:write',
    summary: 'Change or archive a strategy',
    body: strategyPatchSchema,
    responses: { 200: strategyJsonSchema },
  },
  // A strategy with trades goes only with ?confirmTrades=<its trade count>; its trades become "no strategy".
  'DELETE /api/strategies/:id': {
    scope: 'trades:write',
    summary: 'Delete a strategy (confirmTrades must name how many trades it has)',
    query: strategyDeleteQuerySchema,
    responses: noContent,
  },
  'POST /api/strategies/:id/duplicate': {
    scope: 'trades:write',
    summary: 'Copy a strategy and its rules',
    responses: { 201: strategyJsonSchema },
  },
  'GET /api/strategies/:id/rules': {
    scope: 'trades:read',
    summary: "List a strategy's current rules in order",
    responses: { 200: ruleListJsonSchema },
  },
  'POST /api/strategies/:id/rules': {
    scope: 'trades:write',
    summary: 'Add a rule at the end of a strategy',
    body: ruleInputSchema,
    responses: { 201: ruleJsonSchema },
  },
  'PUT /api/strategies/:id/rules': {
    scope: 'trades:write',
    summary: "Reorder a strategy's rules",
    body: ruleOrderSchema,
    responses: { 200: ruleListJsonSchema },
  },
  'PATCH /api/strategies/:id/rules/:ruleId': {
    scope: 'trades:write',
    summary: 'Edit a rule (it keeps its id and checks; the old text joins its revisions)',
    body: rulePatchSchema,
    responses: { 200: ruleJsonSchema },
  },
  'DELETE /api/strategies/:id/rules/:ruleId': {
    scope: 'trades:write',
    summary: 'Remove a rule (its past checks leave adherence)',
    responses: noContent,
  },
  'GET /api/playbook': {
    scope: 'trades:read',
    summary: "Each strategy's closed trades: P&L, win rate and expectancy with 95 % intervals, adherence, equity",
    responses: { 200: playbookJsonSchema },
  },
  'GET /api/playbook/:strategyId/rules': {
    scope: 'trades:read',
    summary: "What each of a strategy's rules is worth: followed against broken, Benjamini–Hochberg corrected",
    responses: { 200: ruleEffectsJsonSchema },
  },
  'GET /api/tokens': { responses: { 200: apiTokenListJsonSchema } },
  'POST /api/tokens': { body: apiTokenCreateSchema, responses: { 201: createdApiTokenJsonSchema } },
  'DELETE /api/tokens/:id': { responses: noContent },
  'GET /api/sample-data': { responses: { 200: sampleDataStatusJsonSchema } },
  'POST /api/sample-data': { responses: { 201: loadedSampleDataJsonSchema } },
  'DELETE /api/sample-data': { responses: { 200: removedSampleDataJsonSchema } },

  // Trades and executions
  'POST /api/executions': {
    scope: 'trades:write',
    summary: 'Add executions (fills) to an account; trades are regrouped',
    body: addExecutionsRequestSchema,
    responses: { 200: addExecutionsJsonSchema },
  },
  'GET /api/trades': {
    scope: 'trades:read',
    summary: 'List trades, filtered, sorted and paged',
    query: tradeListQuerySchema,
    responses: { 200: tradeListJsonSchema },
  },
  'GET /api/trades/filter-schema': {
    scope: 'trades:read',
    summary: 'The JSON Schema of the trade filter',
    responses: { 200: z.record(z.string(), z.unknown()) },
  },
  'GET /api/reports/filters': {
    scope: 'reports:read',
    summary: 'Every condition of the trade filter: id, label, group, type and allowed values',
    responses: { 200: filterCatalogueJsonSchema },
  },
  'GET /api/trades/export.csv': {
    scope: 'reports:read',
    summary: 'Export the filtered trades as CSV (one row per fill)',
    query: tradeListQuerySchema,
    responses: file,
  },
  'GET /api/trades/count': {
    scope: 'trades:read',
    summary: 'Count the trades a filter selects',
    query: tradeListQuerySchema,
    responses: { 200: tradeCountJsonSchema },
  },
  'GET /api/trades/list.csv': {
    scope: 'reports:read',
    summary: 'The filtered trade list as CSV',
    query: tradeListQuerySchema,
    responses: file,
  },
  'POST /api/trades': {
    scope: 'trades:write',
    summary: 'Enter a trade by hand',
    body: manualTradeRequestSchema,
    responses: { 201: tradeDetailJsonSchema },
  },
  'POST /api/trades/bulk': {
    scope: 'trades:write',
    summary: 'Tag, untag or delete many trades',
    body: bulkTradeRequestSchema,
    responses: { 200: bulkTradeJsonSchema },
  },
  'GET /api/trades/:id': {
    scope: 'trades:read',
    summary: 'Read one trade with its fills and journal',
    responses: { 200: tradeDetailJsonSchema },
  },
  'PUT /api/trades/:id/rule-checks': {
    scope: 'trades:write',
    summary: "Answer the trade's strategy rules: followed, broken or na (null clears)",
    body: ruleChecksRequestSchema,
    responses: { 200: tradeDetailJsonSchema },
  },
  'PATCH /api/trades/:id': {
    scope: 'trades:write',
    summary: "Change a trade's journal: notes, tags, stop, target, rating…",
    body: tradePatchSchema,
    responses: { 200: tradeDetailJsonSchema },
  },
  'PATCH /api/position-events/:id': {
    scope: 'trades:write',
    summary: "Give a transfer in's cost basis per unit, when its file gave none",
    body: positionEventPatchSchema,
    responses: { 200: tradeEventJsonSchema },
  },
  // The trade goes to "Recently deleted" for 30 days; the undo token brings it back.
  'DELETE /api/trades/:id': {
    scope: 'trades:write',
    summary: 'Move a trade to Recently deleted',
    responses: { 200: tradeDeletionJsonSchema },
  },
  'GET /api/trades/deleted': {
    scope: 'trades:read',
    summary: 'List recently deleted trades',
    responses: { 200: deletedTradeListJsonSchema },
  },
  'POST /api/trades/restore': {
    scope: 'trades:write',
    summary: 'Restore deleted trades',
    body: restoreTradesRequestSchema,
    responses: { 200: restoredTradesJsonSchema },
  },

  // Screenshots
  'POST /api/trades/:id/screenshots': { body: 'multipart', responses: { 201: screenshotJsonSchema } },
  'GET /api/trades/:id/screenshots': { responses: { 200: screenshotListJsonSchema } },
  'GET /api/screenshots/:id': { responses: file },
  'GET /api/screenshots/:id/thumbnail': { responses: file },
  'DELETE /api/screenshots/:id': { responses: noContent },

  // Imports
  'POST /api/imports': {
    scope: 'imports:write',
    summary: 'Upload a broker file for a preview',
    body: 'multipart',
    responses: { 201: importPreviewJsonSchema },
  },
  'GET /api/imports': {
    scope: 'imports:write',
    summary: 'List your imports',
    responses: { 200: importListJsonSchema },
  },
  'GET /api/imports/template.csv': {
    scope: 'imports:write',
    summary: "The CSV template of Edgebook's own format",
    responses: file,
  },
  'GET /api/imports/:id': {
    scope: 'imports:write',
    summary: "Read an import and a background commit's progress",
    responses: { 200: importJsonSchema },
  },
  'POST /api/imports/:id/preview': {
    scope: 'imports:write',
    summary: "Change an import's column mapping and preview again",
    body: importRemapSchema,
    responses: { 200: importPreviewJsonSchema },
  },
  // Done at once (200), or queued as a background job whose progress the import's GET reports (202).
  'POST /api/imports/:id/commit': {
    scope: 'imports:write',
    summary: 'Commit a previewed import',
    body: importCommitSchema,
    responses: { 200: importCommitJsonSchema, 202: importJsonSchema },
  },
  // An import that added trades is undone (200, the import and the undo token of its trades); a
  // preview is discarded (204).
  'DELETE /api/imports/:id': {
    scope: 'imports:write',
    summary: 'Undo an import, or discard a preview',
    responses: { 200: importUndoJsonSchema, 204: 'empty' },
  },
  'POST /api/broker-format-requests': { body: 'multipart', responses: { 201: brokerFormatRequestJsonSchema } },

  // Reconciliation with the broker's own figures, and exchange rates (issue 42)
  'GET /api/reconciliation': {
    scope: 'reports:read',
    summary: "Reconcile your trades with the broker's own figures",
    query: reconciliationQuerySchema,
    responses: { 200: reconciliationJsonSchema },
  },
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
  'GET /api/analytics/summary': {
    scope: 'analytics:read',
    summary: 'Headline statistics of the filtered trades',
    query: analyticsFilterSchema,
    responses: { 200: analyticsSummaryJsonSchema },
  },
  'GET /api/analytics/equity': {
    scope: 'analytics:read',
    summary: 'The equity curve and drawdown',
    query: equityQuerySchema,
    responses: { 200: analyticsEquityJsonSchema },
  },
  'GET /api/analytics/calendar': {
    scope: 'analytics:read',
    summary: 'Profit and loss by day',
    query: calendarQuerySchema,
    responses: { 200: analyticsCalendarJsonSchema },
  },
  'GET /api/analytics/heatmap': {
    scope: 'analytics:read',
    summary: 'Results by weekday and hour',
    query: heatmapQuerySchema,
    responses: { 200: analyticsHeatmapJsonSchema },
  },
  'GET /api/analytics/breakdown': {
    scope: 'analytics:read',
    summary: 'Results by symbol, tag, strategy, side…',
    query: breakdownQuerySchema,
    responses: { 200: analyticsBreakdownJsonSchema },
  },
  'GET /api/analytics/distribution': {
    scope: 'analytics:read',
    summary: 'The distribution of P&L or R',
    query: distributionQuerySchema,
    responses: { 200: analyticsDistributionJsonSchema },
  },
  'POST /api/analytics/monte-carlo': {
    scope: 'analytics:read',
    summary: 'Simulate future equity paths from your trades',
    body: monteCarloRequestSchema,
    responses: { 200: monteCarloJsonSchema },
  },
  'GET /api/analytics/outcomes': {
    scope: 'analytics:read',
    summary: 'Wins, losses and break-evens',
    query: analyticsFilterSchema,
    responses: { 200: analyticsOutcomesJsonSchema },
  },
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
  'POST /api/reports/run': {
    scope: 'reports:read',
    summary: 'Run a report: the filtered trades grouped, each group with its figures and 95% intervals',
    body: reportRunRequestSchema,
    responses: { 200: reportJsonSchema },
  },
  'GET /api/reports/saved': {
    scope: 'reports:read',
    summary: 'List your saved reports',
    responses: { 200: savedReportListJsonSchema },
  },
  'GET /api/reports/saved/:id': {
    scope: 'reports:read',
    summary: 'Read one saved report',
    responses: { 200: savedReportJsonSchema },
  },
  'POST /api/reports/saved': { body: savedReportInputSchema, responses: { 201: savedReportJsonSchema } },
  'PATCH /api/reports/saved/:id': { body: savedReportPatchSchema, responses: { 200: savedReportJsonSchema } },
  'DELETE /api/reports/saved/:id': { responses: noContent },
  'GET /api/reports/export.csv': {
    scope: 'reports:read',
    summary: 'A report as CSV, one row per group',
    query: reportExportQuerySchema,
    responses: file,
  },
  'GET /api/reports/export.pdf': {
    scope: 'reports:read',
    summary: 'A report as PDF',
    query: reportExportQuerySchema,
    responses: file,
  },

  // Journal
  'GET /api/journal/days': {
    scope: 'journal:read',
    summary: 'Journal days in a range',
    query: journalRangeQuerySchema,
    responses: { 200: journalDayListJsonSchema },
  },
  'GET /api/journal/entries': {
    scope: 'journal:read',
    summary: 'Journal entries, newest first',
    query: journalEntriesQuerySchema,
    responses: { 200: journalEntryListJsonSchema },
  },
  'GET /api/journal/days/:date': {
    scope: 'journal:read',
    summary: "One day's plan and review",
    responses: { 200: journalDayJsonSchema },
  },
  'PUT /api/journal/days/:date': {
    scope: 'journal:write',
    summary: "Write one day's plan and review",
    body: journalDayInputSchema,
    responses: { 200: journalDayJsonSchema },
  },

  // The public API's description: OpenAPI 3.1 from this table (openapi.ts), and Swagger UI's page and files.
  'GET /api/openapi.json': { responses: { 200: z.record(z.string(), z.unknown()) } },
  'GET /api/docs': { responses: file },
  'GET /api/docs/static/index.html': { responses: file },
  'GET /api/docs/static/swagger-initializer.js': { responses: file },
  'GET /api/docs/static/*': { responses: file },
  'GET /api/docs/json': { responses: { 200: z.record(z.string(), z.unknown()) } },
  'GET /api/docs/yaml': { responses: file },

  // Public site files (not under /api)
  'GET /robots.txt': { responses: file },
  'GET /sitemap.xml': { responses: file },
} as const satisfies Record<string, RouteContract>;

export type ApiRouteKey = keyof typeof API_ROUTES;

/** The public API's versioned prefix: `/api/v1/trades` is `/api/trades`. */
export const PUBLIC_API_V1_PREFIX = '/api/v1/';

/**
 * The API_ROUTES key of a request's route (`method` and Fastify's route URL): a `/api/v1/…` alias
 * maps to its unversioned route.
 */
export function toRouteKey(method: string, url: string): string {
  const path = url.startsWith(PUBLIC_API_V1_PREFIX) ? `/api/${url.slice(PUBLIC_API_V1_PREFIX.length)}` : url;
  return `${method} ${path}`;
}

/** The route contract of a request's route, versioned alias or not; undefined when none is declared. */
export function findRouteContract(method: string, url: string): RouteContract | undefined {
  const routes: Readonly<Record<string, RouteContract>> = API_ROUTES;
  return routes[toRouteKey(method, url)];
}
