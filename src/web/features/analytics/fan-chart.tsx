import { useCallback, useMemo } from 'react';
import type uPlot from 'uplot';
import type { MonteCarloResult } from '../../../core/analytics';
import { withAlpha } from '../../components/charts/chart-theme';
import { formatCompact } from '../../components/charts/time-series-chart';
import { UPlotChart, type ChartOptionsBuilder } from '../../components/charts/uplot-chart';
import { formatMoneyIn } from './metric-format';

const BANDS = ['p5', 'p25', 'p50', 'p75', 'p95'] as const;
const LABELS = ['5th percentile', '25th percentile', 'Median', '75th percentile', '95th percentile'];

/**
 * The Monte Carlo equity fan: the 5/25/50/75/95th percentiles of equity after each trade, with the
 * 5–95 and 25–75 ranges shaded and a dashed ruin line. Built on the shared uPlot wrapper (numeric x:
 * the trade number), as the shared time-series chart draws dates only.
 */
export function FanChart({
  result,
  currency,
  height,
}: {
  result: MonteCarloResult;
  /** The currency of the outcomes it resampled. */
  currency: string;
  height: number;
}) {
  const data = useMemo(
    () =>
      [
        result.fan.map((f) => f.step),
        ...BANDS.map((key) => result.fan.map((f) => f[key])),
        result.fan.map(() => result.ruinEquity),
      ] as uPlot.AlignedData,
    [result],
  );
  const makeOptions = useCallback<ChartOptionsBuilder>(({ theme }) => {
    const axis: uPlot.Axis = {
      stroke: theme.muted,
      font: theme.font,
      grid: { stroke: withAlpha(theme.grid, 0.8), width: 1 },
      ticks: { stroke: theme.grid, width: 1, size: 4 },
    };
    const line = (label: string, width: number, alpha: number): uPlot.Series => ({
      label,
      stroke: withAlpha(theme.accent, alpha),
      width,
      points: { show: false },
    });
    return {
      padding: [12, 12, 0, 0],
      cursor: { points: { size: 6 }, drag: { x: false, y: false } },
      scales: { x: { time: false } },
      axes: [
        { ...axis, space: 50, values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')) },
        { ...axis, size: 64, values: (_u, splits) => splits.map(formatCompact) },
      ],
      series: [
        {},
        line(LABELS[0]!, 1, 0.6),
        line(LABELS[1]!, 1, 0.8),
        line(LABELS[2]!, 2.5, 1),
        line(LABELS[3]!, 1, 0.8),
        line(LABELS[4]!, 1, 0.6),
        { label: 'Ruin level', stroke: theme.loss, width: 1.5, dash: [6, 4], points: { show: false } },
      ],
      bands: [
        { series: [5, 1], fill: withAlpha(theme.accent, 0.12) },
        { series: [4, 2], fill: withAlpha(theme.accent, 0.22) },
      ],
    };
  }, []);
  const readout = useCallback(
    (index: number) => {
      const point = result.fan[index];
      if (!point) return '';
      const lines = BANDS.map((k, i) => `${LABELS[i]}: ${formatMoneyIn(point[k], currency)}`).reverse();
      return [`After ${point.step} trades`, ...lines].join('\n');
    },
    [result, currency],
  );
  return <UPlotChart data={data} makeOptions={makeOptions} height={height} readout={readout} testId="fan-chart" />;
}
