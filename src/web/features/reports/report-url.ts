import { REPORT_CHARTS, type ReportChart, type SavedReportJson } from '../../../contracts/reports';
import { toFilterSearchEntries, tradeFilterJsonSchema, tradeFilterSchema, type TradeFilter } from '../../../core/query';
import { REPORT_GROUP_BYS, type ReportGroupBy } from '../../../core/reports';

/**
 * The report builder's state besides its main filter (which the filter bar keeps in the URL's
 * one-parameter-per-field form): the grouping, the chart, the compared filter (as JSON, `compare`)
 * and the saved report it came from. A report is its link: reloading it restores every part.
 */
export type ReportUrlState = {
  groupBy: ReportGroupBy;
  chart: ReportChart;
  /** The second filter, when comparing (an empty filter compares with every trade). */
  compareWith: TradeFilter | null;
  savedId: string | null;
  /** What in the link did not validate (the builder says so and opens without it). */
  issues: string[];
};

export const REPORT_URL_KEYS = ['groupBy', 'chart', 'compare', 'report'] as const;

export function readReportUrlState(search: string): ReportUrlState {
  const params = new URLSearchParams(search);
  const issues: string[] = [];
  const rawGroupBy = params.get('groupBy');
  const groupBy = REPORT_GROUP_BYS.find((value) => value === rawGroupBy);
  if (rawGroupBy !== null && !groupBy) issues.push(`Group by: "${rawGroupBy}" is not a grouping`);
  const rawChart = params.get('chart');
  const chart = REPORT_CHARTS.find((value) => value === rawChart);
  if (rawChart !== null && !chart) issues.push(`Chart: "${rawChart}" is not a chart`);
  const rawCompare = params.get('compare');
  let compareWith: TradeFilter | null = null;
  if (rawCompare !== null) {
    const parsed = tradeFilterJsonSchema.safeParse(rawCompare);
    if (parsed.success) compareWith = parsed.data;
    else {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      issues.push(`Compared filter: ${where}${issue?.message ?? 'not valid'}`);
      compareWith = {};
    }
  }
  return { groupBy: groupBy ?? 'none', chart: chart ?? 'netPnl', compareWith, savedId: params.get('report'), issues };
}

/** The search string with the builder's state written in (defaults left out); the filter's own parameters kept. */
export function withReportUrlState(search: string, state: Omit<ReportUrlState, 'issues'>): string {
  const params = new URLSearchParams(search);
  for (const key of REPORT_URL_KEYS) params.delete(key);
  if (state.groupBy !== 'none') params.set('groupBy', state.groupBy);
  if (state.chart !== 'netPnl') params.set('chart', state.chart);
  if (state.compareWith !== null) params.set('compare', JSON.stringify(state.compareWith));
  if (state.savedId !== null) params.set('report', state.savedId);
  return params.toString();
}

/** A saved filter as it validates now: fields renamed or refused since are left out and named. */
export function toValidFilter(raw: Record<string, unknown>): { filter: TradeFilter; issues: string[] } {
  const whole = tradeFilterSchema.safeParse(raw);
  if (whole.success) return { filter: whole.data, issues: [] };
  const out: Record<string, unknown> = {};
  const issues: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const one = tradeFilterSchema.safeParse({ [key]: value });
    if (one.success) Object.assign(out, one.data);
    else issues.push(`${key}: ${one.error.issues[0]?.message ?? 'not valid'}`);
  }
  return { filter: out as TradeFilter, issues }; // each key validated on its own just above
}

/**
 * The builder's search string that opens a saved report (its filter, grouping, chart, compared
 * filter and id), and what of it no longer validates.
 */
export function toSavedReportSearch(saved: SavedReportJson): { search: string; issues: string[] } {
  const base = toValidFilter(saved.filter);
  const other = saved.compareWith === null ? null : toValidFilter(saved.compareWith);
  const params = new URLSearchParams(toFilterSearchEntries(base.filter));
  const search = withReportUrlState(params.toString(), {
    groupBy: REPORT_GROUP_BYS.find((value) => value === saved.groupBy) ?? 'none',
    chart: REPORT_CHARTS.find((value) => value === saved.chart) ?? 'netPnl',
    compareWith: other?.filter ?? null,
    savedId: saved.id,
  });
  return { search, issues: [...base.issues, ...(other?.issues ?? []).map((issue) => `compared filter, ${issue}`)] };
}
