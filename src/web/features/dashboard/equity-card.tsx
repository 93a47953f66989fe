import { useCallback, useMemo } from 'react';
import type { AnalyticsEquityJson } from '../../../contracts/analytics';
import { ChartFigure } from '../../components/charts/chart-figure';
import { TimeSeriesChart, type TimeSeries } from '../../components/charts/time-series-chart';
import { formatDayShort, formatMoneyNumber, plural } from './dashboard-format';

const TABLE_MAX_DAYS = 500;

/**
 * The equity curve (cumulative net P&L per closed trade) with the drawdown from the high underneath.
 * Long series come downsampled (see EQUITY_CHART_MAX_POINTS): the high, the low and the deepest drawdown
 * are kept exactly, and the counts are the full series'.
 */
export function EquityCard({ equity, currency }: { equity: AnalyticsEquityJson; currency: string }) {
  const { perTrade, perDay, timeZone, tradePointCount, dayPointCount } = equity;
  const money = useCallback((v: number) => formatMoneyNumber(v, currency, { isSigned: true }), [currency]);
  const equitySeries = useMemo<TimeSeries[]>(
    () => [{ label: 'Net P&L', values: perTrade.cumulativePnl, color: 'accent', isFilled: true }],
    [perTrade],
  );
  const drawdownSeries = useMemo<TimeSeries[]>(
    () => [
      { label: 'Drawdown', values: perTrade.drawdownAbs.map((d) => (d === 0 ? 0 : -d)), color: 'loss', isFilled: true },
    ],
    [perTrade],
  );

  const points = perTrade.closedAt.length;
  const summary = useMemo(() => {
    if (points === 0) return 'No closed trades in this period.';
    const last = perTrade.cumulativePnl[points - 1] ?? 0;
    // Loops, not Math.max(...values): 100,000 arguments overflow the stack.
    let high = -Infinity;
    let low = Infinity;
    let maxDd = 0;
    for (let i = 0; i < points; i++) {
      const value = perTrade.cumulativePnl[i]!;
      if (value > high) high = value;
      if (value < low) low = value;
      if (perTrade.drawdownAbs[i]! > maxDd) maxDd = perTrade.drawdownAbs[i]!;
    }
    const first = perDay.date[0] ?? '';
    const lastDay = perDay.date[perDay.date.length - 1] ?? '';
    return (
      `Cumulative net P&L over ${plural(tradePointCount, 'closed trade')} from ${formatDayShort(first)} to ${formatDayShort(lastDay)}: ` +
      `ends at ${money(last)}, highest ${money(high)}, lowest ${money(low)}; largest drawdown ${money(-maxDd)}.`
    );
  }, [points, tradePointCount, perTrade, perDay, money]);

  const days = perDay.date.length;
  const isDaySample = days < dayPointCount;
  const rows = () => {
    const start = Math.max(0, days - TABLE_MAX_DAYS);
    const out: string[][] = [];
    for (let i = days - 1; i >= start; i--) {
      out.push([
        formatDayShort(perDay.date[i]!),
        String(perDay.trades[i] ?? 0),
        money(perDay.pnl[i] ?? 0),
        money(perDay.cumulativePnl[i] ?? 0),
        money(-(perDay.drawdownAbs[i] ?? 0)),
      ]);
    }
    return out;
  };

  return (
    <section className="rounded-2xl border border-line bg-elevated p-4 shadow-sm sm:p-5" aria-labelledby="equity-title">
      <h2 id="equity-title" className="sr-only">
        Equity curve
      </h2>
      <ChartFigure
        testId="equity-figure"
        title="Equity curve"
        summary={summary}
        columns={[
          { label: 'Day' },
          { label: 'Trades', isNumeric: true },
          { label: 'Day P&L', isNumeric: true },
          { label: 'Cumulative P&L', isNumeric: true },
          { label: 'Drawdown', isNumeric: true },
        ]}
        rows={rows}
        tableNote={
          isDaySample
            ? `${Math.min(days, TABLE_MAX_DAYS).toLocaleString('en-US')} of ${dayPointCount.toLocaleString('en-US')} trading days (the chart's sample: each stretch's high, low and deepest drawdown), newest first.`
            : days > TABLE_MAX_DAYS
              ? `The latest ${TABLE_MAX_DAYS} of ${days.toLocaleString('en-US')} trading days, newest first.`
              : 'Per trading day, newest first.'
        }
      >
        {points === 0 ? (
          <p className="flex h-56 items-center justify-center rounded-lg bg-sunken text-sm text-muted">
            No closed trades in this period.
          </p>
        ) : (
          <>
            <TimeSeriesChart
              testId="equity-chart"
              x={perTrade.closedAt}
              series={equitySeries}
              timeZone={timeZone}
              height={220}
              formatValue={money}
              syncKey="dashboard-equity"
            />
            <p className="mt-2 text-xs font-medium text-muted" aria-hidden="true">
              Drawdown from the high
            </p>
            <TimeSeriesChart
              testId="drawdown-chart"
              x={perTrade.closedAt}
              series={drawdownSeries}
              timeZone={timeZone}
              height={110}
              formatValue={money}
              syncKey="dashboard-equity"
            />
          </>
        )}
      </ChartFigure>
    </section>
  );
}
