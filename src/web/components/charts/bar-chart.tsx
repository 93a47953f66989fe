import { useCallback, useMemo } from 'react';
import type uPlot from 'uplot';
import { withAlpha } from './chart-theme';
import type { ChartColor } from './time-series-chart';
import { formatCompact } from './time-series-chart';
import { UPlotChart, type ChartOptionsBuilder } from './uplot-chart';

/**
 * Bars over categories (days, histogram bins, groups). With `isSigned` the positive bars take the
 * gain colour and the negative ones the loss colour; otherwise every bar takes `color`.
 */
export function BarChart({
  labels,
  axisLabels,
  values,
  height,
  formatValue,
  formatAxis = formatCompact,
  isSigned = false,
  color = 'accent',
  valueLabel = 'Value',
  testId,
}: {
  labels: string[];
  /** Shorter texts for the axis (default: `labels`); the readout shows `labels`. */
  axisLabels?: string[];
  values: number[];
  height: number;
  formatValue: (value: number) => string;
  formatAxis?: (value: number) => string;
  isSigned?: boolean;
  color?: ChartColor;
  valueLabel?: string;
  testId?: string;
}) {
  const data = useMemo(() => {
    const x = labels.map((_, i) => i);
    if (!isSigned) return [x, values] as uPlot.AlignedData;
    return [x, values.map((v) => (v >= 0 ? v : null)), values.map((v) => (v < 0 ? v : null))] as uPlot.AlignedData;
  }, [labels, values, isSigned]);

  const count = labels.length;
  const labelKey = (axisLabels ?? labels).join('\u001f');
  // Long names get more room per tick, so they never overlap (uPlot then labels every nth bar).
  const tickSpace = Math.max(40, Math.max(0, ...(axisLabels ?? labels).map((l) => l.length)) * 7 + 12);
  const makeOptions = useCallback<ChartOptionsBuilder>(
    ({ theme, uPlot: U }) => {
      const names = labelKey.split('\u001f');
      const bars = U.paths.bars?.({ size: [0.7, 48], gap: 1 });
      const bar = (stroke: string): uPlot.Series => ({
        label: valueLabel,
        stroke,
        fill: withAlpha(stroke, 0.75),
        width: 0,
        paths: bars,
        points: { show: false },
      });
      const axisBase = {
        stroke: theme.muted,
        font: theme.font,
        grid: { stroke: withAlpha(theme.grid, 0.8), width: 1 },
        ticks: { stroke: theme.grid, width: 1, size: 4 },
      };
      return {
        padding: [12, 12, 0, 0],
        cursor: { points: { show: false }, drag: { x: false, y: false } },
        scales: { x: { time: false, range: () => [-0.5, Math.max(0.5, count - 0.5)] } },
        axes: [
          {
            ...axisBase,
            grid: { show: false },
            space: tickSpace,
            values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (names[i] ?? '') : '')),
          },
          { ...axisBase, size: 64, values: (_u, splits) => splits.map(formatAxis) },
        ],
        series: isSigned ? [{}, bar(theme.gain), bar(theme.loss)] : [{}, bar(theme[color])],
      };
    },
    [labelKey, count, isSigned, color, valueLabel, formatAxis, tickSpace],
  );

  const readout = useCallback(
    (index: number) => {
      const value = values[index];
      return value === undefined ? '' : `${labels[index] ?? ''}\n${valueLabel}: ${formatValue(value)}`;
    },
    [labels, values, valueLabel, formatValue],
  );

  return <UPlotChart data={data} makeOptions={makeOptions} height={height} readout={readout} testId={testId} />;
}
