import { createZonedCalendar, toDateKey } from '../../../core/analytics';
import { toFilterChips, type RefChoices, type TradeFilter } from '../../../core/query';
import {
  computeReport,
  REPORT_GROUP_BY_LABELS,
  type Report,
  type ReportColumns,
  type ReportGroupBy,
} from '../../../core/reports';
import type { Db } from '../../db/client';
import { listAccounts } from '../accounts';
import { listStrategies } from '../strategies';
import { listTags } from '../tags';
import type { UnconvertedTotal } from '../analytics';
import { loadReportColumns, loadReportCurrency, resolveTimeZone, type ReportScope } from './reports.service';

/** Everything an export of a report shows: the report itself, its trades and the filter in words. */
export type ReportDocument = {
  report: Report;
  columns: ReportColumns;
  groupBy: ReportGroupBy;
  groupByLabel: string;
  timeZone: string;
  /** The currency every amount is in (the accounts', else the base currency: issue 42). */
  currency: string;
  /** Trades left out because no rate converts them into `currency`, per currency. */
  unconverted: UnconvertedTotal[];
  /** `Label: value` for each condition of the filter, ids named. */
  conditions: string[];
  /** The first and last close day of the trades (in the time zone), or null for none. */
  period: { first: string; last: string } | null;
};

/** The user's accounts, strategies and tags as `[id, name]` choices (the filter's ids named). */
async function listRefChoices(db: Db, userId: string): Promise<RefChoices> {
  const [accounts, strategies, tags] = await Promise.all([
    listAccounts(db, userId),
    listStrategies(db, userId),
    listTags(db, userId),
  ]);
  return {
    accounts: accounts.map((a) => [a.id, a.name] as const),
    strategies: strategies.map((s) => [s.id, s.name] as const),
    tags: tags.map((tag) => [tag.id, tag.name] as const),
  };
}

/** The report of a filter with what an export needs around it. */
export async function buildReportDocument(
  db: Db,
  scope: ReportScope & { filter: TradeFilter; groupBy: ReportGroupBy; tz?: string },
): Promise<ReportDocument> {
  const timeZone = resolveTimeZone(scope.tz, scope.userTimeZone);
  const calendar = createZonedCalendar(timeZone);
  const currency = await loadReportCurrency(db, { userId: scope.userId, filters: [scope.filter] });
  const [{ columns, unconverted }, choices] = await Promise.all([
    loadReportColumns(db, { ...scope, timeZone, currency }),
    listRefChoices(db, scope.userId),
  ]);
  const report = computeReport(columns, { groupBy: scope.groupBy, calendar });
  const n = columns.count;
  return {
    report,
    columns,
    groupBy: scope.groupBy,
    groupByLabel: REPORT_GROUP_BY_LABELS[scope.groupBy],
    timeZone,
    currency: currency.currency,
    unconverted,
    conditions: toFilterChips(scope.filter, { choices }).map((chip) => chip.text),
    period:
      n === 0
        ? null
        : {
            first: toDateKey(calendar.toDayNumber(columns.closedAt[0]!)),
            last: toDateKey(calendar.toDayNumber(columns.closedAt[n - 1]!)),
          },
  };
}
