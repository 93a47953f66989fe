import { useCallback, useMemo } from 'react';
import type uPlot from 'uplot';
import { withAlpha, type ChartTheme } from './chart-theme';
import { downsampleMinMax } from '../../../core/analytics';
import { UPlotChart, type ChartOptionsBuilder } from './uplot-chart';

export type ChartColor = 'accent' | 'gain' | 'loss' | 'highlight' | 'muted';

export type TimeSeries = {
  label: string;
  values: ArrayLike<number | null>;
  color: ChartColor;
  /** Fills the area between the line and zero. */
  isFilled?: boolean;
};

/** At most this many x slices are drawn (each keeps ≤ 4 points): smooth at 100,000 points. */
export const MAX_BUCKETS = 2000;

const AXIS_SIZE = 64;

function axis(theme: ChartTheme, extra: uPlot.Axis = {}): uPlot.Axis {
  return {
    stroke: theme.muted,
    font: theme.font,
    grid: { stroke: withAlpha(theme.grid, 0.8), width: 1 },
    ticks: { stroke: theme.grid, width: 1, size: 4 },
    ...extra,
  };
}

/** Compact axis numbers: 950, 1.2k, 3.4M. */
export function formatCompact(value: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/**
 * A line (or area) chart over time, one or more series sharing the x axis (epoch milliseconds),
 * drawn in `timeZone`. Long series are min/max downsampled for drawing; `syncKey` links the cursor
 * of charts stacked above each other (equity and drawdown).
 */
export function TimeSeriesChart({
  x,
  series,
  timeZone,
  height,
  formatValue,
  formatAxis = formatCompact,
  syncKey,
  testId,
}: {
  x: ArrayLike<number>;
  series: TimeSeries[];
  timeZone: string;
  height: number;
  /** The readout's value text, e.g. money. */
  formatValue: (value: number) => string;
  formatAxis?: (value: number) => string;
  syncKey?: string;
  testId?: string;
}) {
  const data = useMemo(() => {
    const columns = downsampleMinMax(
      x,
      series.map((s) => s.values),
      MAX_BUCKETS,
    );
    return [columns.x, ...columns.ys] as uPlot.AlignedData;
  }, [x, series]);

  const styleKey = series.map((s) => `${s.label}|${s.color}|${s.isFilled ? 1 : 0}`).join(',');
  const makeOptions = useCallback<ChartOptionsBuilder>(
    ({ theme, uPlot: U }) => ({
      ms: 1,
      tzDate: (ts) => U.tzDate(new Date(ts), timeZone),
      padding: [12, 12, 0, 0],
      cursor: {
        points: { size: 7 },
        drag: { x: false, y: false },
        ...(syncKey ? { sync: { key: syncKey } } : {}),
      },
      scales: { x: { time: true } },
      axes: [
        axis(theme, { space: 70 }),
        axis(theme, { size: AXIS_SIZE, values: (_u, splits) => splits.map(formatAxis) }),
      ],
      series: [
        {},
        ...styleKey.split(',').map((key): uPlot.Series => {
          const [label, color, filled] = key.split('|');
          const stroke = theme[(color ?? 'accent') as ChartColor];
          return {
            label,
            stroke,
            width: 1.5,
            fill: filled === '1' ? withAlpha(stroke, 0.18) : undefined,
            points: { show: false },
          };
        }),
      ],
    }),
    [styleKey, timeZone, syncKey, formatAxis],
  );

  const readout = useCallback(
    (index: number, shown: uPlot.AlignedData) => {
      const at = shown[0][index];
      if (at === undefined) return '';
      const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at);
      const lines = series.map((s, i) => {
        const value = shown[i + 1]?.[index];
        return `${s.label}: ${value === null || value === undefined ? '—' : formatValue(value)}`;
      });
      return [when, ...lines].join('\n');
    },
    [series, timeZone, formatValue],
  );

  return <UPlotChart data={data} makeOptions={makeOptions} height={height} readout={readout} testId={testId} />;
}
