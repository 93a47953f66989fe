import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { ReportJson, SavedReportJson } from '../../../contracts/reports';
import { api, apiQuery } from '../../lib/api';
import { formatPercent } from '../analytics/metric-format';
import { toReportMoney } from '../reports/report-table';
import { toSavedReportSearch, toValidFilter } from '../reports/report-url';

const CARD = 'rounded-2xl border border-line bg-elevated p-4 shadow-sm sm:p-5';

function Figure({ label, value, tone = 'text-fg' }: { label: string; value: string; tone?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={`truncate text-base font-semibold tabular-nums ${tone}`}>{value}</dd>
    </div>
  );
}

const toneOf = (text: string | null) =>
  text === null || Number(text) === 0 ? 'text-fg' : Number(text) > 0 ? 'text-gain' : 'text-loss';

/** One pinned report: its name, its headline figures (all its trades) and a link opening it. */
function PinnedReportCard({ saved }: { saved: SavedReportJson }) {
  const filter = toValidFilter(saved.filter).filter;
  const run = useQuery({
    queryKey: ['pinned-report', saved.id, filter],
    queryFn: () => api('POST /api/reports/run', { body: { filter, groupBy: 'none' } }),
  });
  const total: ReportJson['total'] | undefined = run.data?.total;
  const currency = run.data?.currency ?? 'USD';
  const titleId = `pinned-${saved.id}`;
  return (
    <li className={CARD} data-testid="pinned-report" aria-labelledby={titleId}>
      <div className="mb-3 flex items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 truncate text-sm font-semibold text-fg">
          {saved.name}
        </h3>
        <Link
          href={`/advanced-reports?${toSavedReportSearch(saved).search}`}
          className="shrink-0 text-sm font-medium text-accent underline-offset-2 hover:underline"
          aria-label={`Open the report ${saved.name}`}
        >
          Open
        </Link>
      </div>
      {run.isError ? (
        <p className="text-sm text-muted">This report could not be run.</p>
      ) : !total ? (
        <div className="h-12 animate-pulse rounded-lg bg-sunken" aria-hidden="true" />
      ) : (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure label="Trades" value={total.count.toLocaleString('en-US')} />
          <Figure label="Net P&L" value={toReportMoney(total.netPnl, currency, true)} tone={toneOf(total.netPnl)} />
          <Figure label="Win rate" value={typeof total.winRate === 'number' ? formatPercent(total.winRate, 1) : '—'} />
          <Figure
            label="Expectancy"
            value={toReportMoney(total.expectancy, currency, true)}
            tone={toneOf(total.expectancy)}
          />
        </dl>
      )}
    </li>
  );
}

/** The saved reports pinned to the dashboard (Advanced Reports → Saved reports → Pin), none: nothing shown. */
export function PinnedReports() {
  const list = useQuery(apiQuery('GET /api/reports/saved'));
  const pinned = (list.data?.reports ?? []).filter((report) => report.pinned);
  if (pinned.length === 0) return null;
  return (
    <section aria-labelledby="pinned-reports-title" data-testid="pinned-reports" className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="pinned-reports-title" className="text-base font-semibold text-fg">
          Pinned reports
        </h2>
        <Link href="/advanced-reports" className="text-sm font-medium text-accent underline-offset-2 hover:underline">
          All reports
        </Link>
      </div>
      <ul className="grid gap-4 md:grid-cols-2">
        {pinned.map((saved) => (
          <PinnedReportCard key={saved.id} saved={saved} />
        ))}
      </ul>
    </section>
  );
}
