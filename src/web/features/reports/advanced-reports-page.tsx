import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download, FileText, GitCompare, X } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { REPORT_CHARTS, type SavedReportJson } from '../../../contracts/reports';
import { TRADE_FIELDS, type TradeFieldId, type TradeFilter } from '../../../core/query';
import { REPORT_GROUP_BY_LABELS, REPORT_GROUP_BYS, type ReportGroupBy } from '../../../core/reports';
import { AppPage, AppPageHeader } from '../../components/layout/app-shell';
import { buttonClass, Button } from '../../components/ui/button';
import { api, apiUrl, toApiError } from '../../lib/api';
import { AnalyticsSection, QueryState, Segmented } from '../analytics/section';
import { formatPercent } from '../analytics/metric-format';
import { UnconvertedNote } from '../analytics/unconverted-note';
import { toFilterQuery } from '../filters/filter-search';
import { useFilterState, type FilterState } from '../filters/use-filter-state';
import { SELECT_CLASS } from '../trades/dialog-frame';
import { FilterBuilder } from './filter-builder';
import { readReportUrlState, toSavedReportSearch, withReportUrlState, type ReportUrlState } from './report-url';
import { CHART_LABELS, ReportChartView, ReportTable, toReportMoney } from './report-table';
import { SavedReports } from './saved-reports';

/**
 * /advanced-reports: the report builder. Its filter (and a second one to compare with) comes from
 * the query model's registry; the report is grouped, charted and shown with its 95% intervals; it
 * can be saved, reopened, pinned, renamed, deleted and exported. Every part of it is in the URL.
 */
export default function AdvancedReportsPage() {
  const ids = useId();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const main = useFilterState();
  const urlState = useMemo(() => readReportUrlState(search), [search]);
  const [loadIssues, setLoadIssues] = useState<string[]>([]);
  const setUrlState = useCallback(
    (patch: Partial<Omit<ReportUrlState, 'issues'>>) => {
      const text = withReportUrlState(search, { ...urlState, ...patch });
      navigate(text ? `${location}?${text}` : location, { replace: true });
    },
    [search, urlState, location, navigate],
  );
  const compareState: FilterState | null = useMemo(() => {
    if (urlState.compareWith === null) return null;
    const filter = urlState.compareWith;
    return {
      filter,
      issues: [],
      setField: <K extends TradeFieldId>(id: K, value: TradeFilter[K] | undefined) => {
        const next: TradeFilter = { ...filter };
        if (value === undefined) delete next[id];
        else next[id] = value;
        setUrlState({ compareWith: next });
      },
      clear: () => setUrlState({ compareWith: {} }),
    };
  }, [urlState.compareWith, setUrlState]);

  const { groupBy, chart, compareWith } = urlState;
  const run = useQuery({
    queryKey: ['reports-run', main.filter, groupBy, compareWith],
    queryFn: () =>
      api('POST /api/reports/run', {
        body: { filter: main.filter, groupBy, ...(compareWith === null ? {} : { compareWith }) },
      }),
    placeholderData: keepPreviousData,
  });
  const report = run.data;

  const exportSearch = (kind: 'csv' | 'pdf') => {
    const params = toFilterQuery(main.filter);
    params.set('groupBy', groupBy);
    return apiUrl(kind === 'csv' ? 'GET /api/reports/export.csv' : 'GET /api/reports/export.pdf', { search: params });
  };

  const openSaved = (saved: SavedReportJson) => {
    const { search: text, issues } = toSavedReportSearch(saved);
    setLoadIssues(issues);
    navigate(text ? `${location}?${text}` : location);
  };

  const issues = [...urlState.issues, ...loadIssues];
  const count = report?.total.count;
  return (
    <AppPage>
      <AppPageHeader
        title="Advanced Reports"
        intro={`Filter your closed trades by any of ${TRADE_FIELDS.length} parameters, group them, and see each group's figures with honest 95% intervals.`}
        actions={
          <>
            <a href={exportSearch('csv')} download className={buttonClass('secondary', 'md')}>
              <Download className="h-4 w-4" aria-hidden="true" />
              Export CSV
            </a>
            <a href={exportSearch('pdf')} download className={buttonClass('secondary', 'md')}>
              <FileText className="h-4 w-4" aria-hidden="true" />
              Export PDF
            </a>
          </>
        }
      />
      {issues.length > 0 && (
        <div role="alert" className="mt-4 rounded-xl border border-loss/40 bg-loss/5 p-3 text-sm text-loss">
          <p className="font-medium">Part of this report’s link is not valid, so it was left out:</p>
          <ul className="mt-1 list-disc pl-5">
            {issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-6 grid gap-6">
        <AnalyticsSection
          title="Filters"
          testId="report-builder"
          intro={
            <span aria-live="polite" data-testid="match-count">
              {count === undefined
                ? 'Counting matching trades…'
                : `${count.toLocaleString('en-US')} closed ${count === 1 ? 'trade matches' : 'trades match'}${compareWith === null ? '' : ' the first filter'}.`}
            </span>
          }
          controls={
            compareWith === null ? (
              <Button variant="secondary" onClick={() => setUrlState({ compareWith: {} })}>
                <GitCompare className="h-4 w-4" aria-hidden="true" />
                Compare with…
              </Button>
            ) : (
              <Button variant="ghost" onClick={() => setUrlState({ compareWith: null })}>
                <X className="h-4 w-4" aria-hidden="true" />
                Stop comparing
              </Button>
            )
          }
        >
          <div className={compareState ? 'grid gap-6 lg:grid-cols-2' : ''}>
            <div className="min-w-0">
              {compareState && <h3 className="mb-2 text-sm font-semibold text-fg">A: first filter</h3>}
              <FilterBuilder label={compareState ? 'First filter' : 'Report filter'} state={main} testId="filter-a" />
            </div>
            {compareState && (
              <div className="min-w-0">
                <h3 className="mb-2 text-sm font-semibold text-fg">B: compared filter</h3>
                <FilterBuilder label="Compared filter" state={compareState} testId="filter-b" />
                {report?.compare && (
                  <p className="mt-2 text-sm text-muted" data-testid="match-count-b">
                    {report.compare.total.count.toLocaleString('en-US')} closed{' '}
                    {report.compare.total.count === 1 ? 'trade matches' : 'trades match'} the compared filter.
                  </p>
                )}
              </div>
            )}
          </div>
        </AnalyticsSection>

        <AnalyticsSection
          title="Report"
          testId="report-results"
          controls={
            <>
              <div className="grid gap-1">
                <label htmlFor={`${ids}-group`} className="text-xs font-medium text-muted">
                  Group by
                </label>
                <select
                  id={`${ids}-group`}
                  className={SELECT_CLASS}
                  value={groupBy}
                  onChange={(e) => setUrlState({ groupBy: e.target.value as ReportGroupBy })} // options are REPORT_GROUP_BYS
                >
                  {REPORT_GROUP_BYS.map((value) => (
                    <option key={value} value={value}>
                      {REPORT_GROUP_BY_LABELS[value]}
                    </option>
                  ))}
                </select>
              </div>
              <Segmented
                label="Chart"
                value={chart}
                options={REPORT_CHARTS.map((value) => [value, CHART_LABELS[value]] as const)}
                onChange={(value) => setUrlState({ chart: value })}
              />
            </>
          }
        >
          <QueryState isPending={run.isPending} error={run.error} label="the report" />
          {run.error && <p className="sr-only">{toApiError(run.error).message}</p>}
          {report && (
            <div className={`grid gap-6 ${run.isFetching ? 'opacity-70' : ''}`}>
              {groupBy !== 'none' && report.groups.length > 0 && (
                <ReportChartView report={report} chart={chart} currency={report.currency} />
              )}
              {report.compare && report.difference ? (
                <>
                  <div className="grid gap-6 xl:grid-cols-2">
                    <div className="min-w-0">
                      <h3 className="mb-2 text-sm font-semibold text-fg">A: first filter</h3>
                      <ReportTable
                        report={report}
                        currency={report.currency}
                        caption="Report of the first filter"
                        testId="report-table-a"
                      />
                    </div>
                    <div className="min-w-0">
                      <h3 className="mb-2 text-sm font-semibold text-fg">B: compared filter</h3>
                      <ReportTable
                        report={report.compare}
                        currency={report.currency}
                        caption="Report of the compared filter"
                        testId="report-table-b"
                      />
                    </div>
                  </div>
                  <p className="text-sm text-fg" data-testid="report-difference">
                    B − A: {report.difference.total.count >= 0 ? '+' : ''}
                    {report.difference.total.count} trades, net P&amp;L{' '}
                    {toReportMoney(report.difference.total.netPnl, report.currency, true)}
                    {typeof report.difference.total.winRate === 'number' &&
                      `, win rate ${report.difference.total.winRate >= 0 ? '+' : ''}${formatPercent(report.difference.total.winRate, 1)}`}
                    {report.difference.total.expectancy !== null &&
                      `, expectancy ${toReportMoney(report.difference.total.expectancy, report.currency, true)}`}
                    .
                  </p>
                </>
              ) : (
                <ReportTable report={report} currency={report.currency} caption="Report" testId="report-table-a" />
              )}
              <UnconvertedNote unconverted={report.unconverted} currency={report.currency} />
              <p className="text-xs text-muted">
                Win rate with its Wilson 95% interval; expectancy and average R with their Student t 95% interval. “Low
                sample” marks a group of fewer than 30 trades. Days, weeks and months are of the close, weekday and hour
                of the entry, in {report.timeZone}. Amounts in {report.currency}.
              </p>
            </div>
          )}
        </AnalyticsSection>

        <AnalyticsSection title="Saved reports" intro="Keep this view under a name; pinned reports show first.">
          <SavedReports
            current={{ filter: main.filter, compareWith, groupBy, chart, savedId: urlState.savedId }}
            onOpen={openSaved}
            onSaved={(saved) => setUrlState({ savedId: saved.id })}
          />
        </AnalyticsSection>
      </div>
    </AppPage>
  );
}
