import type { ReportChart, ReportJson, ReportRowJson } from '../../../contracts/reports';
import type { JsonNumber } from '../../../core/analytics';
import { BarChart } from '../../components/charts/bar-chart';
import { formatMoneyIn, formatPercent, formatRValue } from '../analytics/metric-format';
import { ChartBox } from '../analytics/section';

type Row = ReportRowJson;

/** An amount of the report in its currency ("€1,234.50"), a dash for none. */
export const toReportMoney = (text: string | null, currency: string, isSigned = false) =>
  text === null ? '—' : formatMoneyIn(Number(text), currency, { isSigned });
const ratio = (value: JsonNumber) =>
  value === null ? '—' : value === 'Infinity' ? '∞' : value === '-Infinity' ? '−∞' : value.toFixed(2);
const tone = (text: string | null) =>
  text === null || Number(text) === 0 ? 'text-fg' : Number(text) > 0 ? 'text-gain' : 'text-loss';

function Interval({ children }: { children: string }) {
  return <span className="block text-xs font-normal text-muted">{children}</span>;
}

/** The grouped table: each row with its 95% intervals, a low-sample mark below 30 trades, totals last. */
export function ReportTable({
  report,
  currency,
  caption,
  testId,
}: {
  report: Pick<ReportJson, 'total' | 'groups'>;
  /** The currency of every amount (the report's). */
  currency: string;
  caption: string;
  testId?: string;
}) {
  const money = (text: string | null, isSigned = false) => toReportMoney(text, currency, isSigned);
  const rows: Row[] = report.groups.length === 1 && report.groups[0]!.key === 'all' ? [] : report.groups;
  return (
    // Focusable, so that a keyboard can scroll the table sideways on a narrow screen.
    <div
      className="-mx-4 overflow-x-auto px-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:mx-0 sm:px-0"
      data-testid={testId}
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className="w-full min-w-[640px] border-collapse text-right text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line text-xs uppercase tracking-wide text-muted">
            <th scope="col" className="py-2 pr-3 text-left font-semibold">
              Group
            </th>
            <th scope="col" className="px-2 py-2 font-semibold">
              Trades
            </th>
            <th scope="col" className="px-2 py-2 font-semibold">
              Net P&amp;L
            </th>
            <th scope="col" className="px-2 py-2 font-semibold">
              Win rate <span className="normal-case">(95% CI)</span>
            </th>
            <th scope="col" className="px-2 py-2 font-semibold">
              Expectancy <span className="normal-case">(95% CI)</span>
            </th>
            <th scope="col" className="px-2 py-2 font-semibold">
              Avg R <span className="normal-case">(95% CI)</span>
            </th>
            <th scope="col" className="px-2 py-2 font-semibold">
              Profit factor
            </th>
            <th scope="col" className="py-2 pl-2 font-semibold">
              Max drawdown
            </th>
          </tr>
        </thead>
        <tbody>
          {[...rows, report.total].map((row) => {
            const isTotal = row === report.total;
            return (
              <tr
                key={isTotal ? '__total' : row.key}
                data-testid={isTotal ? 'report-total' : 'report-row'}
                className={`border-b border-line/60 align-top ${isTotal ? 'font-semibold' : ''}`}
              >
                <th scope="row" className="py-2 pr-3 text-left font-medium text-fg">
                  {row.label}
                  {row.lowSample && (
                    <span
                      title="Fewer than 30 trades: the interval is wide and the figure may not hold."
                      className="ml-2 inline-block rounded-full border border-highlight/60 px-1.5 text-[11px] font-semibold text-highlight"
                    >
                      Low sample
                    </span>
                  )}
                </th>
                <td className="px-2 py-2">{row.count}</td>
                <td className={`px-2 py-2 ${tone(row.netPnl)}`}>{money(row.netPnl, true)}</td>
                <td className="px-2 py-2">
                  {typeof row.winRate === 'number' ? formatPercent(row.winRate, 1) : '—'}
                  {row.winRateCi95 && (
                    <Interval>{`${formatPercent(row.winRateCi95[0], 1)} – ${formatPercent(row.winRateCi95[1], 1)}`}</Interval>
                  )}
                </td>
                <td className={`px-2 py-2 ${tone(row.expectancy)}`}>
                  {money(row.expectancy, true)}
                  {row.expectancyCi95 && (
                    <Interval>{`${money(row.expectancyCi95[0])} – ${money(row.expectancyCi95[1])}`}</Interval>
                  )}
                </td>
                <td className="px-2 py-2">
                  {typeof row.expectancyR === 'number' ? formatRValue(row.expectancyR) : '—'}
                  {row.expectancyRCi95 && (
                    <Interval>{`${formatRValue(row.expectancyRCi95[0])} – ${formatRValue(row.expectancyRCi95[1])}`}</Interval>
                  )}
                </td>
                <td className="px-2 py-2">{ratio(row.profitFactor)}</td>
                <td className="py-2 pl-2">{money(row.maxDrawdownAbs)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export const CHART_LABELS: Readonly<Record<ReportChart, string>> = {
  netPnl: 'Net P&L',
  expectancy: 'Expectancy',
  winRate: 'Win rate',
  count: 'Trades',
};

function toChartValue(row: Row, chart: ReportChart): number {
  switch (chart) {
    case 'netPnl':
      return Number(row.netPnl);
    case 'expectancy':
      return row.expectancy === null ? 0 : Number(row.expectancy);
    case 'winRate':
      return typeof row.winRate === 'number' ? row.winRate : 0;
    case 'count':
      return row.count;
  }
}

/** One bar per group of the chosen figure. */
export function ReportChartView({
  report,
  chart,
  currency,
}: {
  report: Pick<ReportJson, 'groups'>;
  chart: ReportChart;
  currency: string;
}) {
  const labels = report.groups.map((row) => row.label);
  const values = report.groups.map((row) => toChartValue(row, chart));
  const format = (value: number) =>
    chart === 'winRate' ? formatPercent(value, 1) : chart === 'count' ? String(value) : formatMoneyIn(value, currency);
  return (
    <ChartBox
      summary={`${CHART_LABELS[chart]} by group: ${labels.map((l, i) => `${l} ${format(values[i]!)}`).join(', ')}`}
    >
      <BarChart
        labels={labels}
        values={values}
        height={220}
        formatValue={format}
        isSigned={chart === 'netPnl' || chart === 'expectancy'}
        valueLabel={CHART_LABELS[chart]}
        testId="report-chart"
      />
    </ChartBox>
  );
}
