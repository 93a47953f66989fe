import type { JsonNumber } from '../../../core/analytics';

/** Display helpers for the analytics answers, whose statistics are JSON numbers (see json-number.ts). */

/** A statistic as a number: "Infinity" → Infinity, null/absent/text → null. */
export function toStat(value: JsonNumber | string | undefined): number | null {
  if (value === 'Infinity') return Infinity;
  if (value === '-Infinity') return -Infinity;
  return typeof value === 'number' ? value : null;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, isSigned: boolean, isCompact: boolean): Intl.NumberFormat {
  const key = `${currency}|${isSigned}|${isCompact}`;
  let format = moneyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        signDisplay: isSigned ? 'exceptZero' : 'auto',
        ...(isCompact ? { notation: 'compact', maximumFractionDigits: 1 } : {}),
      });
    } catch {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    }
    moneyFormats.set(key, format);
  }
  return format;
}

/** 1234.5 → "+$1,234.50" (signed), "$1,234.50" otherwise; null → "—". */
export function formatMoneyNumber(
  value: number | null,
  currency: string,
  options: { isSigned?: boolean; isCompact?: boolean } = {},
): string {
  if (value === null || !Number.isFinite(value)) return '—';
  // Rounds to cents first so -0.004 shows as $0.00, not -$0.00.
  const cents = Math.round(value * 100) / 100;
  return moneyFormat(currency, options.isSigned ?? false, options.isCompact ?? false).format(cents === 0 ? 0 : cents);
}

const COMPACT_SIGNED = new Intl.NumberFormat('en-US', {
  notation: 'compact',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** For the narrowest cells: 200 → "+200", -1936.36 → "-1.9K" (no currency symbol). */
export function formatCompactSigned(value: number): string {
  return COMPACT_SIGNED.format(Math.round(value));
}

/** 0.6667 → "66.7%"; null → "—". */
export function formatPercent(fraction: number | null, digits = 1): string {
  if (fraction === null || !Number.isFinite(fraction)) return '—';
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** A ratio such as the profit factor: "2.35", "∞" with no losses, "—" when undefined. */
export function formatRatio(value: number | null): string {
  if (value === null) return '—';
  if (value === Infinity) return '∞';
  if (value === -Infinity) return '−∞';
  return value.toFixed(2);
}

/** 0.5 → "+0.50R"; null → "—". */
export function formatRNumber(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  const rounded = Math.round(value * 100) / 100;
  return `${rounded > 0 ? '+' : ''}${(rounded === 0 ? 0 : rounded).toFixed(2)}R`;
}

/** Colour class of a signed amount. */
export function toneOf(value: number | null): string {
  if (value === null || value === 0) return 'text-fg';
  return value > 0 ? 'text-gain' : 'text-loss';
}

/** "Tuesday, June 3, 2025" for a date key (no time zone shift: the key already is the day). */
export function formatDayLong(key: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${key}T00:00:00Z`));
}

/** "Jun 3, 2025" for a date key. */
export function formatDayShort(key: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${key}T00:00:00Z`),
  );
}

/** "June 2025" for a month key. */
export function formatMonth(month: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

export function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}
