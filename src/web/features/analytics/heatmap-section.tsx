import { useMemo } from 'react';
import type { AnalyticsHeatmapJson } from '../../../contracts/analytics';
import type { HeatmapMetric } from '../../../core/analytics';
import { useIsPhone } from '../../lib/use-media-query';
import { useAnalytics, type AnalyticsSource } from './analytics-api';
import { formatMoneyIn, formatPercent, toHeatBackground, toHeatScale, toHeatTint } from './metric-format';
import { AnalyticsSection, QueryState, Segmented } from './section';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const METRIC_OPTIONS = [
  ['netPnl', 'Net P&L'],
  ['winRate', 'Win rate'],
  ['count', 'Trades'],
] as const;

type Cell = AnalyticsHeatmapJson['cells'][number];

/** A cell's short text (fits a narrow column, or a phone's narrower one) and its full description. */
function describeCell(
  cell: Cell | undefined,
  metric: HeatmapMetric,
  options: { isNarrow: boolean; currency: string },
): { short: string; full: string } {
  if (!cell || cell.count === 0) return { short: '', full: 'no trades' };
  const trades = `${cell.count} ${cell.count === 1 ? 'trade' : 'trades'}`;
  const full = `${trades}, net ${formatMoneyIn(cell.netPnl, options.currency, { isSigned: true })}, win rate ${
    cell.winRate === null ? '—' : formatPercent(cell.winRate, 0)
  }`;
  if (metric === 'count') return { short: String(cell.count), full };
  if (metric === 'winRate') return { short: cell.winRate === null ? '—' : formatPercent(cell.winRate, 0), full };
  // A phone's seven weekday columns leave no room for cents: whole units below a thousand (`€217`).
  const compactDigits = options.isNarrow && Math.abs(cell.netPnl) < 1000 ? 0 : 1;
  return { short: formatMoneyIn(cell.netPnl, options.currency, { isSigned: true, compactDigits }), full };
}

function HourName({ hour }: { hour: number }) {
  const text = String(hour).padStart(2, '0');
  return (
    <>
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{`${text}:00`}</span>
    </>
  );
}

function WeekdayName({ day }: { day: number }) {
  return (
    <>
      <span aria-hidden="true">{WEEKDAYS[day - 1]!.slice(0, 3)}</span>
      <span className="sr-only">{WEEKDAYS[day - 1]}</span>
    </>
  );
}

/**
 * Entry hour × weekday as an HTML table (a screen reader reads it as one), tinted by the metric:
 * net P&L and win rate diverge (gain / loss colours), the count is one colour. Only the hours that
 * hold a trade are shown. On a phone the grid is transposed (hours down, weekdays across), so
 * it fits the screen's width however many hours it spans.
 */
export function HeatmapSection({
  source,
  filters,
  metric,
  onMetricChange,
}: {
  source: AnalyticsSource;
  filters: URLSearchParams;
  metric: HeatmapMetric;
  onMetricChange: (metric: HeatmapMetric) => void;
}) {
  const query = useAnalytics(source, 'heatmap', filters, { metric });
  const isTransposed = useIsPhone();
  const view = useMemo(() => {
    const cells = query.data?.cells ?? [];
    const byKey = new Map(cells.map((c) => [`${c.weekday}-${c.hour}`, c]));
    const active = cells.filter((c) => c.count > 0);
    const hours = active.map((c) => c.hour);
    const first = hours.length ? Math.min(...hours) : 9;
    const last = hours.length ? Math.max(...hours) : 16;
    const weekdays = [1, 2, 3, 4, 5, 6, 7].filter((d) => d <= 5 || active.some((c) => c.weekday === d));
    const scale = toHeatScale(
      metric,
      active.map((c) => (metric === 'count' ? c.count : metric === 'winRate' ? c.winRate : c.netPnl)),
    );
    return {
      byKey,
      weekdays,
      hours: Array.from({ length: last - first + 1 }, (_, i) => first + i),
      scale,
      isEmpty: active.length === 0,
    };
  }, [query.data, metric]);
  const timeZone = query.data?.timeZone;
  const currency = query.data?.currency ?? 'USD';

  return (
    <AnalyticsSection
      title="Time of day × weekday"
      intro={
        <>
          When you enter trades, and how those trades end. Hours are entry hours in{' '}
          <strong className="font-semibold text-fg">{timeZone ?? 'your time zone'}</strong> (change it in Settings).
        </>
      }
      testId="heatmap"
      controls={<Segmented label="Heatmap metric" value={metric} options={METRIC_OPTIONS} onChange={onMetricChange} />}
    >
      <QueryState isPending={query.isPending} error={query.error} label="the heatmap" />
      {query.data && query.data.timeNotInFile > 0 && (
        <p className="text-sm text-muted" data-testid="heatmap-time-not-in-file">
          {query.data.timeNotInFile === 1
            ? '1 trade is left out: its file gives the day but not the time.'
            : `${query.data.timeNotInFile} trades are left out: their files give the day but not the time.`}
        </p>
      )}
      {query.data && view.isEmpty && <p className="text-sm text-muted">No closed trades to place on the grid.</p>}
      {query.data && !view.isEmpty && (
        <div
          role="region"
          aria-label="Heatmap of entry hour by weekday"
          tabIndex={0}
          className="relative overflow-x-auto rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <table className="w-full border-separate border-spacing-0.5 text-xs" data-testid="heatmap-table">
            <caption className="sr-only">
              {METRIC_OPTIONS.find(([k]) => k === metric)?.[1]} by{' '}
              {isTransposed ? 'entry hour (rows) and weekday (columns)' : 'weekday (rows) and entry hour (columns)'}, in{' '}
              {timeZone}
            </caption>
            <thead>
              <tr>
                <td />
                {(isTransposed ? view.weekdays : view.hours).map((key) => (
                  <th key={key} scope="col" className="px-1 py-1 text-center font-medium text-muted">
                    {isTransposed ? <WeekdayName day={key} /> : <HourName hour={key} />}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(isTransposed ? view.hours : view.weekdays).map((rowKey) => (
                <tr key={rowKey}>
                  <th scope="row" className="pr-2 text-left font-medium text-muted">
                    {isTransposed ? <HourName hour={rowKey} /> : <WeekdayName day={rowKey} />}
                  </th>
                  {(isTransposed ? view.weekdays : view.hours).map((columnKey) => {
                    const [d, h] = isTransposed ? [columnKey, rowKey] : [rowKey, columnKey];
                    const cell = view.byKey.get(`${d}-${h}`);
                    const { short, full } = describeCell(cell, metric, { isNarrow: isTransposed, currency });
                    const value =
                      !cell || cell.count === 0
                        ? null
                        : metric === 'count'
                          ? cell.count
                          : metric === 'winRate'
                            ? cell.winRate
                            : cell.netPnl;
                    const background = toHeatBackground(toHeatTint(value, view.scale));
                    return (
                      <td
                        key={columnKey}
                        data-testid={`heat-${d}-${h}`}
                        title={`${WEEKDAYS[d - 1]} ${String(h).padStart(2, '0')}:00 — ${full}`}
                        style={background ? { background } : undefined}
                        className={`h-9 rounded px-1 text-center tabular-nums ${isTransposed ? 'text-[11px]' : 'min-w-11'} ${
                          cell && cell.count > 0 ? 'font-medium text-fg' : 'bg-sunken text-muted'
                        }`}
                      >
                        {short}
                        {cell && cell.count > 0 && <span className="sr-only">{` (${full})`}</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AnalyticsSection>
  );
}
