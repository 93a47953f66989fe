import type { Interval } from '../../../core/playbook';
import { formatUsd } from '../analytics/metric-format';

/** Playbook figures as text: money in the trades' currency (shown with $ as the analytics do), "—" for none. */
export const formatPnl = (value: number | null) => (value === null ? '—' : formatUsd(value, { isSigned: true }));
export const formatPct = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)} %`);
export const formatAdherence = (value: number | null) => (value === null ? '—' : `${Math.round(value)} %`);
export const formatRatio = (value: number | null) => (value === null ? '—' : value.toFixed(2));
export const formatRValue = (value: number | null) =>
  value === null ? '—' : `${value >= 0 ? '+' : ''}${value.toFixed(2)}R`;
export const formatPnlInterval = (interval: Interval | null) =>
  interval === null ? '' : `95 % CI ${formatPnl(interval[0])} to ${formatPnl(interval[1])}`;
export const formatPctInterval = (interval: Interval | null) =>
  interval === null ? '' : `95 % CI ${formatPct(interval[0])}–${formatPct(interval[1])}`;
