import { UnconvertedNote } from './unconverted-note';
import { BarChart3, FlaskConical, Upload } from 'lucide-react';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  BREAKDOWN_DIMENSIONS,
  HEATMAP_METRICS,
  type BreakdownDimension,
  type HeatmapMetric,
} from '../../../core/analytics';
import { AppPage, AppPageHeader } from '../../components/layout/app-shell';
import { ButtonLink } from '../../components/ui/button';
import type { TradeFieldId } from '../../../core/query';
import { FilterBar } from '../filters/filter-bar';
import { SampleDataBanner } from '../settings/sample-data-card';
import { toFilterQuery } from '../filters/filter-search';
import { useFilterState } from '../filters/use-filter-state';
import { useAnalytics, type AnalyticsSource } from './analytics-api';
import { BreakdownSection } from './breakdown-section';
import { DistributionSection, StreaksSection } from './distribution-section';
import { HeatmapSection } from './heatmap-section';
import { formatStat, toStatSign, type StatKind } from './metric-format';
import { MonteCarloSection } from './monte-carlo-section';
import { RiskPanel } from './risk-panel';
import { QueryState } from './section';

const KPIS: readonly { key: string; label: string; kind: StatKind; isColored?: boolean }[] = [
  { key: 'count', label: 'Closed trades', kind: 'count' },
  { key: 'netPnl', label: 'Net P&L', kind: 'signedMoney', isColored: true },
  { key: 'winRate', label: 'Win rate', kind: 'percent' },
  { key: 'profitFactor', label: 'Profit factor', kind: 'ratio' },
  { key: 'expectancy', label: 'Expectancy / trade', kind: 'signedMoney', isColored: true },
  { key: 'avgR', label: 'Average R', kind: 'r', isColored: true },
];

/** The analytics filters, generated from the query model's registry; /trades?… opens the same trades. */
const ANALYTICS_FILTER_FIELDS = [
  'from',
  'to',
  'accountIds',
  'symbols',
  'side',
  'strategyIds',
  'tagsAny',
  'outcomes',
] as const satisfies readonly TradeFieldId[];

function pick<T extends string>(value: string | null, options: readonly T[], fallback: T): T {
  return options.find((o) => o === value) ?? fallback;
}

/**
 * The analytics page body for a source: the user's own trades (with the URL filters) or the
 * built-in sample journal (/demo-advanced-analytics, no filters). Section choices (`by`, `heat`,
 * `dist`) live in the URL next to the filters, so a view is a link.
 */
export function AnalyticsView({
  source,
  title,
  intro,
  banner,
}: {
  source: AnalyticsSource;
  title: string;
  intro: string;
  banner?: ReactNode;
}) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const searchParams = useMemo(() => new URLSearchParams(search), [search]);
  const filterState = useFilterState();
  const filters = useMemo(() => toFilterQuery(filterState.filter), [filterState.filter]);
  const setParams = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      const text = next.toString();
      navigate(text ? `${location}?${text}` : location, { replace: true });
    },
    [search, navigate, location],
  );
  const by = pick<BreakdownDimension>(searchParams.get('by'), BREAKDOWN_DIMENSIONS, 'symbol');
  const metric = pick<HeatmapMetric>(searchParams.get('heat'), HEATMAP_METRICS, 'netPnl');
  const of = pick<'r' | 'pnl'>(searchParams.get('dist'), ['r', 'pnl'], 'r');

  const summary = useAnalytics(source, 'summary', filters);
  const count = summary.data ? Number(summary.data.trades.count) : null;
  const hasFilters = !source.isDemo && filters.has('filter');

  return (
    <AppPage className="grid gap-6">
      <AppPageHeader title={title} intro={intro} />
      {banner}
      {!source.isDemo && <FilterBar label="Filter analytics" fields={ANALYTICS_FILTER_FIELDS} state={filterState} />}
      {!source.isDemo && <SampleDataBanner selectedAccountIds={filterState.filter.accountIds} />}
      <QueryState isPending={summary.isPending} error={summary.error} label="your statistics" />
      {count === 0 ? (
        <EmptyState hasFilters={hasFilters} />
      ) : (
        summary.data && (
          <>
            <p className="-mt-3 text-sm text-muted" data-testid="analytics-currency">
              Amounts in {summary.data.currency}
              {summary.data.unconverted.length > 0 ? ', except the trades below' : ''}.
            </p>
            <UnconvertedNote unconverted={summary.data.unconverted} currency={summary.data.currency} />
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="analytics-kpis">
              {KPIS.map((k) => {
                const { text, note } = formatStat(summary.data.trades[k.key], k.kind, summary.data.currency);
                const sign = k.isColored ? toStatSign(summary.data.trades[k.key]) : 0;
                return (
                  <div
                    key={k.key}
                    className="min-w-0 rounded-xl border border-line bg-elevated px-4 py-3"
                    title={note ?? undefined}
                  >
                    <dt className="text-xs font-medium text-muted">{k.label}</dt>
                    <dd
                      className={`mt-0.5 truncate text-lg font-bold tabular-nums ${sign > 0 ? 'text-gain' : sign < 0 ? 'text-loss' : 'text-fg'}`}
                      data-testid={`kpi-${k.key}`}
                    >
                      {text}
                    </dd>
                  </div>
                );
              })}
            </dl>
            <BreakdownSection source={source} filters={filters} by={by} onByChange={(v) => setParams({ by: v })} />
            <HeatmapSection
              source={source}
              filters={filters}
              metric={metric}
              onMetricChange={(v) => setParams({ heat: v })}
            />
            <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <DistributionSection
                source={source}
                filters={filters}
                of={of}
                onOfChange={(v) => setParams({ dist: v })}
              />
              <StreaksSection summary={summary.data} />
            </div>
            <RiskPanel summary={summary.data} />
            <MonteCarloSection source={source} filters={filters} />
          </>
        )
      )}
    </AppPage>
  );
}

function EmptyState({ hasFilters }: { hasFilters: boolean }) {
  return (
    <div className="rounded-2xl border border-dashed border-line bg-elevated px-6 py-12 text-center">
      <BarChart3 className="mx-auto h-8 w-8 text-muted" aria-hidden="true" />
      {hasFilters ? (
        <>
          <p className="mt-3 text-lg font-semibold text-fg">No closed trades match these filters</p>
          <p className="mt-1 text-sm text-muted">Try a wider date range or clear the filters.</p>
        </>
      ) : (
        <>
          <p className="mt-3 text-lg font-semibold text-fg">No closed trades yet</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-muted">
            Import a broker file or add trades to see your breakdowns, risk and Monte Carlo. Or explore every chart on
            sample data first.
          </p>
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            <ButtonLink href="/import">
              <Upload className="h-4 w-4" aria-hidden="true" />
              Import trades
            </ButtonLink>
            <ButtonLink href="/demo-advanced-analytics" variant="secondary">
              <FlaskConical className="h-4 w-4" aria-hidden="true" />
              See the demo
            </ButtonLink>
          </div>
        </>
      )}
    </div>
  );
}
