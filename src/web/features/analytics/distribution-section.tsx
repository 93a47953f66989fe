import type { AnalyticsSummaryJson } from '../../../contracts/analytics';
import { BarChart } from '../../components/charts/bar-chart';
import { useAnalytics, type AnalyticsSource } from './analytics-api';
import { formatMoneyIn, formatRValue } from './metric-format';
import { AnalyticsSection, ChartBox, QueryState, Segmented } from './section';

const OF_OPTIONS = [
  ['r', 'R-multiple'],
  ['pnl', 'Net P&L'],
] as const;

/** The R (or P&L) histogram with its key figures. */
export function DistributionSection({
  source,
  filters,
  of,
  onOfChange,
}: {
  source: AnalyticsSource;
  filters: URLSearchParams;
  of: 'r' | 'pnl';
  onOfChange: (of: 'r' | 'pnl') => void;
}) {
  const query = useAnalytics(source, 'distribution', filters, { of });
  const data = query.data;
  const currency = data?.currency ?? 'USD';
  const format = (v: number) => (of === 'r' ? formatRValue(v) : formatMoneyIn(v, currency, { isSigned: true }));
  const compact = (v: number) => formatMoneyIn(v, currency, { compactDigits: 1 });
  const binLabel = (from: number, to: number) =>
    of === 'r' ? `${formatRValue(from)} to ${formatRValue(to)}` : `${compact(from)} to ${compact(to)}`;
  const peak = data?.bins.reduce((best, b) => (b.count > best.count ? b : best), data.bins[0]!);
  const summary =
    !data || data.count === 0 || !peak
      ? 'No trades to chart.'
      : `Histogram of ${data.count} trades by ${of === 'r' ? 'R-multiple' : 'net P&L'}; the most common range is ${binLabel(peak.from, peak.to)} with ${peak.count} trades; mean ${format(data.mean ?? 0)}, median ${format(data.median ?? 0)}.`;
  return (
    <AnalyticsSection
      title={of === 'r' ? 'R-multiple distribution' : 'P&L distribution'}
      intro={
        of === 'r'
          ? 'How many trades ended in each half-R range. Trades without a stop or risk amount have no R and are left out.'
          : 'How many trades ended in each range of net P&L.'
      }
      testId="distribution"
      controls={<Segmented label="Distribution of" value={of} options={OF_OPTIONS} onChange={onOfChange} />}
    >
      <QueryState isPending={query.isPending} error={query.error} label="the distribution" />
      {data && data.count === 0 && (
        <p className="text-sm text-muted">
          {of === 'r'
            ? 'No trade has an R-multiple yet: add a stop price or a risk amount to your trades.'
            : 'No closed trades yet.'}
        </p>
      )}
      {data && data.count > 0 && (
        <div className="grid gap-4">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
            {(
              [
                ['Trades', String(data.count)],
                ['Mean', data.mean === null ? '—' : format(data.mean)],
                ['Median', data.median === null ? '—' : format(data.median)],
                [
                  'Std dev',
                  data.stdev === null
                    ? '—'
                    : of === 'r'
                      ? `${data.stdev.toFixed(2)}R`
                      : formatMoneyIn(data.stdev, currency),
                ],
                ['Range', data.min === null || data.max === null ? '—' : `${format(data.min)} … ${format(data.max)}`],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="min-w-0 rounded-lg bg-sunken px-3 py-2">
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="truncate font-semibold tabular-nums text-fg">{value}</dd>
              </div>
            ))}
          </dl>
          <ChartBox summary={summary}>
            <BarChart
              key={`${of}-${data.bins.length}`}
              labels={data.bins.map((b) => binLabel(b.from, b.to))}
              axisLabels={data.bins.map((b) => (of === 'r' ? `${Number(b.from.toFixed(2))}R` : compact(b.from)))}
              values={data.bins.map((b) => b.count)}
              height={220}
              valueLabel="Trades"
              color="accent"
              formatValue={(v) => String(v)}
              testId="distribution-chart"
            />
          </ChartBox>
        </div>
      )}
    </AnalyticsSection>
  );
}

/** Longest winning and losing runs, the current run, and how often each run length happened. */
export function StreaksSection({ summary }: { summary: AnalyticsSummaryJson | undefined }) {
  const streaks = summary?.streaks;
  const current = streaks?.current;
  const currentText =
    !current || current.kind === 'none'
      ? 'None'
      : `${current.length} ${current.kind === 'win' ? (current.length === 1 ? 'win' : 'wins') : current.length === 1 ? 'loss' : 'losses'}`;
  return (
    <AnalyticsSection
      title="Streaks"
      intro="Runs of winning and losing trades in the order they closed; a breakeven trade ends a run."
      testId="streaks"
    >
      {!streaks ? (
        <p className="text-sm text-muted">Loading streaks…</p>
      ) : (
        <div className="grid gap-4">
          <dl className="grid grid-cols-3 gap-3">
            <div className="rounded-lg bg-sunken px-3 py-2">
              <dt className="text-xs text-muted">Longest win streak</dt>
              <dd className="text-xl font-bold tabular-nums text-gain">{streaks.maxConsecutiveWins}</dd>
            </div>
            <div className="rounded-lg bg-sunken px-3 py-2">
              <dt className="text-xs text-muted">Longest loss streak</dt>
              <dd className="text-xl font-bold tabular-nums text-loss">{streaks.maxConsecutiveLosses}</dd>
            </div>
            <div className="rounded-lg bg-sunken px-3 py-2">
              <dt className="text-xs text-muted">Current</dt>
              <dd
                className={`text-xl font-bold tabular-nums ${
                  current?.kind === 'win' ? 'text-gain' : current?.kind === 'loss' ? 'text-loss' : 'text-fg'
                }`}
              >
                {currentText}
              </dd>
            </div>
          </dl>
          {streaks.lengths.length > 0 && (
            <div
              role="region"
              aria-label="Streak lengths"
              tabIndex={0}
              className="relative overflow-x-auto rounded-lg border border-line"
            >
              <table className="w-full text-sm">
                <caption className="sr-only">How many winning and losing runs had each length</caption>
                <thead className="bg-sunken text-xs text-muted">
                  <tr>
                    <th scope="col" className="px-3 py-2 text-left font-medium">
                      Run length
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Winning runs
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Losing runs
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {streaks.lengths.map((row) => (
                    <tr key={row.length} className="border-t border-line">
                      <th scope="row" className="px-3 py-1.5 text-left font-medium text-fg">
                        {row.length}
                      </th>
                      <td className="px-3 py-1.5 text-right tabular-nums text-fg">{row.wins}</td>
                      <td className="px-3 py-1.5 text-right tabular-nums text-fg">{row.losses}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </AnalyticsSection>
  );
}
