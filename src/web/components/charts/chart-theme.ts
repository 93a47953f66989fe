import { useMemo, useSyncExternalStore } from 'react';

/** The colours a canvas chart needs, read from the page's CSS variables (app.css) so light and dark agree. */
export type ChartTheme = {
  mode: 'light' | 'dark';
  fg: string;
  muted: string;
  grid: string;
  background: string;
  accent: string;
  gain: string;
  loss: string;
  highlight: string;
  font: string;
};

const getMode = (): 'light' | 'dark' =>
  typeof document !== 'undefined' && document.documentElement.classList.contains('dark') ? 'dark' : 'light';

const FALLBACK: ChartTheme = {
  mode: 'light',
  fg: '#0b1220',
  muted: '#4a5568',
  grid: '#d9dee7',
  background: '#ffffff',
  accent: '#047857',
  gain: '#047857',
  loss: '#be123c',
  highlight: '#b45309',
  font: '12px "Inter Variable", ui-sans-serif, system-ui, sans-serif',
};

/** The chart colours of the page's current theme (server rendering gets the light defaults). */
export function readChartTheme(mode: 'light' | 'dark' = getMode()): ChartTheme {
  if (typeof document === 'undefined') return FALLBACK;
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    mode,
    fg: read('--fg', FALLBACK.fg),
    muted: read('--fg-muted', FALLBACK.muted),
    grid: read('--border', FALLBACK.grid),
    background: read('--bg-elevated', FALLBACK.background),
    accent: read('--accent', FALLBACK.accent),
    gain: read('--gain', FALLBACK.gain),
    loss: read('--loss', FALLBACK.loss),
    highlight: read('--highlight', FALLBACK.highlight),
    font: FALLBACK.font,
  };
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** The chart colours, updated when the theme toggle flips the `dark` class on <html>. */
export function useChartTheme(): ChartTheme {
  const mode = useSyncExternalStore(subscribe, getMode, () => 'light' as const);
  // The CSS variables change exactly when the mode does.
  return useMemo(() => readChartTheme(mode), [mode]);
}

/** `#rrggbb` with an alpha (0–1) as `rgba(…)`; other colour syntaxes come back unchanged. */
export function withAlpha(color: string, alpha: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(color);
  if (!match) return color;
  const n = parseInt(match[1]!, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
