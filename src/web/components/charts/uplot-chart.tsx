import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { useChartTheme, type ChartTheme } from './chart-theme';

type UPlotClass = typeof uPlot;

let loaded: UPlotClass | undefined;
let loading: Promise<UPlotClass> | undefined;

/**
 * uPlot (about 22 kB gzipped) and its stylesheet load on first use, so only signed-in pages that
 * draw a chart pay for them; call it early (e.g. when a page mounts) to overlap the download.
 */
export function loadUPlot(): Promise<UPlotClass> {
  loading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => {
    loaded = module.default;
    return loaded;
  });
  return loading;
}

export type ChartOptionsContext = { theme: ChartTheme; uPlot: UPlotClass; width: number; height: number };

/** Builds uPlot's options (without size) for the theme; keep it stable (module level or useCallback). */
export type ChartOptionsBuilder = (context: ChartOptionsContext) => Omit<uPlot.Options, 'width' | 'height'>;

export type UPlotChartProps = {
  data: uPlot.AlignedData;
  makeOptions: ChartOptionsBuilder;
  height: number;
  /** The cursor readout: the lines shown next to the cursor for a data index. */
  readout?: (index: number, data: uPlot.AlignedData) => string;
  className?: string;
  testId?: string;
};

/**
 * A resize-aware uPlot canvas in the page's theme, with a readout that follows the cursor. It only
 * draws: wrap it in a ChartFigure so the data also exist as text (a summary and a table).
 */
export function UPlotChart({ data, makeOptions, height, readout, className, testId }: UPlotChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const dataRef = useRef(data);
  const readoutRef = useRef(readout);
  const theme = useChartTheme();
  // A function given to useState is an initialiser: wrap the class, or React would call it.
  const [UPlot, setUPlot] = useState<UPlotClass | undefined>(() => loaded);

  useEffect(() => {
    readoutRef.current = readout;
  }, [readout]);

  useEffect(() => {
    if (UPlot) return;
    let isMounted = true;
    void loadUPlot().then((cls) => {
      if (isMounted) setUPlot(() => cls);
    });
    return () => {
      isMounted = false;
    };
  }, [UPlot]);

  useEffect(() => {
    const host = hostRef.current;
    if (!UPlot || !host) return;
    const base = makeOptions({ theme, uPlot: UPlot, width: host.clientWidth, height });
    const showTip = (u: uPlot) => {
      const tip = tipRef.current;
      if (!tip) return;
      const index = u.cursor.idx;
      const text = index === null || index === undefined ? '' : (readoutRef.current?.(index, u.data) ?? '');
      if (!text || u.cursor.left === undefined || u.cursor.left < 0) {
        tip.style.display = 'none';
        return;
      }
      tip.textContent = text;
      tip.style.display = 'block';
      const over = u.over.getBoundingClientRect();
      const hostBox = host.getBoundingClientRect();
      const left = over.left - hostBox.left + (u.cursor.left ?? 0);
      const top = over.top - hostBox.top + (u.cursor.top ?? 0);
      const flip = left + tip.offsetWidth + 16 > host.clientWidth;
      tip.style.left = `${flip ? left - tip.offsetWidth - 12 : left + 12}px`;
      tip.style.top = `${Math.max(0, Math.min(top - tip.offsetHeight - 8, height - tip.offsetHeight))}px`;
    };
    const plot = new UPlot(
      {
        ...base,
        width: Math.max(1, host.clientWidth),
        height,
        legend: { show: false, ...base.legend },
        hooks: { ...base.hooks, setCursor: [...(base.hooks?.setCursor ?? []), showTip] },
      },
      dataRef.current,
      host,
    );
    plotRef.current = plot;
    const resize = new ResizeObserver(() => {
      const width = Math.max(1, host.clientWidth);
      if (width !== plot.width) plot.setSize({ width, height });
    });
    resize.observe(host);
    return () => {
      resize.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [UPlot, theme, makeOptions, height]);

  useEffect(() => {
    if (dataRef.current === data) return;
    dataRef.current = data;
    plotRef.current?.setData(data);
  }, [data]);

  return (
    <div className={`relative ${className ?? ''}`} style={{ minHeight: height }} data-testid={testId}>
      <div ref={hostRef} className="w-full" />
      <div
        ref={tipRef}
        aria-hidden="true"
        className="pointer-events-none absolute z-10 hidden whitespace-pre rounded-lg border border-line bg-elevated px-2.5 py-1.5 text-xs tabular-nums text-fg shadow-lg"
      />
    </div>
  );
}
