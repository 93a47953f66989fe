import { createZonedCalendar, isValidTimeZone, type ZonedCalendar } from '../../../core/analytics';
import type { TradeFilter } from '../../../core/query';
import {
  computeReport,
  computeReportDifference,
  JOURNAL_GROUP_BYS,
  type Report,
  type ReportColumns,
  type ReportGroupBy,
} from '../../../core/reports';
import type {
  ReportJson,
  ReportRunRequest,
  SavedReportInput,
  SavedReportJson,
  SavedReportPatch,
} from '../../../contracts/reports';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  listReportColumns,
  loadCurrencyScope,
  type CurrencyScope,
  type ReportSourceKind,
  type TradeFactsCache,
  type UnconvertedTotal,
} from '../analytics';
import { isUuid } from '../ids';
import { toUserTradeFilter } from '../trades';
import {
  deleteSavedReport,
  getSavedReport,
  insertSavedReport,
  listSavedReports,
  updateSavedReport,
  type SavedReportRow,
} from './reports.queries';

/** Who asks: the user, their time zone setting, and the app's analytics cache. */
export type ReportScope = { userId: string; userTimeZone: string; cache: TradeFactsCache };

/** The request's time zone, else the user's; 400 naming `tz` for an unknown zone. */
export function resolveTimeZone(tz: string | undefined, userTimeZone: string): string {
  const timeZone = tz ?? userTimeZone;
  if (!isValidTimeZone(timeZone)) {
    throw new AppError('VALIDATION_ERROR', 'Invalid input: tz', {
      tz: 'Must be an IANA time zone such as Europe/Paris',
    });
  }
  return timeZone;
}

/**
 * The currency a report is in (as the analytics, issue 42): its accounts' when they share one, else
 * the user's base currency. A comparison's two filters share one (their accounts together), so
 * their difference is of like amounts.
 */
export function loadReportCurrency(
  db: Db,
  params: { userId: string; filters: readonly TradeFilter[] },
): Promise<CurrencyScope> {
  const lists = params.filters.map((filter) => filter.accountIds);
  const accountIds = lists.some((ids) => ids === undefined)
    ? undefined
    : [...new Set(lists.flatMap((ids) => ids ?? []))];
  return loadCurrencyScope(db, { userId: params.userId, accountIds });
}

/**
 * The filter's closed trades as report columns (cache or SQL), in the currency's figures (trades
 * with no rate into it left out and tallied), and where they came from.
 */
export async function loadReportColumns(
  db: Db,
  scope: ReportScope & { filter: TradeFilter; groupBy: ReportGroupBy; timeZone: string; currency: CurrencyScope },
): Promise<{ columns: ReportColumns; source: ReportSourceKind; unconverted: UnconvertedTotal[] }> {
  const resolved = await toUserTradeFilter(db, {
    userId: scope.userId,
    timeZone: scope.timeZone,
    query: { filter: scope.filter },
  });
  return listReportColumns(db, {
    userId: scope.userId,
    cache: scope.cache,
    filter: resolved,
    withJournal: JOURNAL_GROUP_BYS.has(scope.groupBy),
    scope: scope.currency,
  });
}

async function computeFor(
  db: Db,
  scope: ReportScope & {
    filter: TradeFilter;
    groupBy: ReportGroupBy;
    timeZone: string;
    calendar: ZonedCalendar;
    currency: CurrencyScope;
  },
): Promise<Report & { unconverted: UnconvertedTotal[] }> {
  const { columns, unconverted } = await loadReportColumns(db, scope);
  return { ...computeReport(columns, { groupBy: scope.groupBy, calendar: scope.calendar }), unconverted };
}

/**
 * `POST /api/reports/run`: the filter's closed trades grouped, each group's statistics with their
 * 95% intervals; with `compareWith`, the second filter's report on the same grouping and the
 * difference (compare − base). Another user's ids in a filter select nothing (every read is the
 * user's own trades).
 */
export async function runReport(db: Db, scope: ReportScope & { request: ReportRunRequest }): Promise<ReportJson> {
  const { filter, groupBy, compareWith, tz } = scope.request;
  const timeZone = resolveTimeZone(tz, scope.userTimeZone);
  const calendar = createZonedCalendar(timeZone);
  const currency = await loadReportCurrency(db, {
    userId: scope.userId,
    filters: compareWith === undefined ? [filter] : [filter, compareWith],
  });
  const base = await computeFor(db, { ...scope, filter, groupBy, timeZone, calendar, currency });
  const head = { groupBy, timeZone, currency: currency.currency };
  if (compareWith === undefined) return { ...head, ...base };
  const { unconverted: compareUnconverted, ...compare } = await computeFor(db, {
    ...scope,
    filter: compareWith,
    groupBy,
    timeZone,
    calendar,
    currency,
  });
  return {
    ...head,
    ...base,
    compare: { ...compare, unconverted: compareUnconverted },
    difference: computeReportDifference(base, compare),
  };
}

function toSavedReportJson(row: SavedReportRow): SavedReportJson {
  return {
    id: row.id,
    name: row.name,
    filter: row.filter,
    compareWith: row.compareWith ?? null,
    groupBy: row.groupBy,
    chart: row.chart,
    pinned: row.pinned,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('NOT_FOUND', 'Report not found');

export async function listSavedReportJson(db: Db, userId: string): Promise<{ reports: SavedReportJson[] }> {
  return { reports: (await listSavedReports(db, userId)).map(toSavedReportJson) };
}

/** The user's saved report; 404 for an id of no report of theirs (another user's included). */
export async function getSavedReportJson(db: Db, params: { userId: string; id: string }): Promise<SavedReportJson> {
  const row = isUuid(params.id) ? await getSavedReport(db, params) : undefined;
  if (!row) throw notFound();
  return toSavedReportJson(row);
}

export async function createSavedReport(
  db: Db,
  params: { userId: string; input: SavedReportInput; now: Date },
): Promise<SavedReportJson> {
  return toSavedReportJson(await insertSavedReport(db, { ...params, values: params.input }));
}

export async function patchSavedReport(
  db: Db,
  params: { userId: string; id: string; patch: SavedReportPatch; now: Date },
): Promise<SavedReportJson> {
  const row = isUuid(params.id)
    ? await updateSavedReport(db, { userId: params.userId, id: params.id, values: params.patch, now: params.now })
    : undefined;
  if (!row) throw notFound();
  return toSavedReportJson(row);
}

export async function removeSavedReport(db: Db, params: { userId: string; id: string }): Promise<void> {
  if (!isUuid(params.id) || !(await deleteSavedReport(db, params))) throw notFound();
}
