/** Display helpers for the trades table. Decimal strings are formatted without floats. */
import { getDisplayTimeZone } from '../../lib/display-time-zone';

/**
 * What goes before an amount in `currency`: "$", "€", "£", or the code and a space where en-US
 * writes one ("CHF ", "SEK ") or Intl does not know the currency (a crypto asset: "USDT ").
 * The analytics pages' numbers (formatMoneyIn) and this file's decimal strings share it.
 */
export function toCurrencySymbol(currency: string): string {
  try {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0);
    const at = parts.findIndex((p) => p.type === 'currency');
    if (at < 0) return `${currency} `;
    return parts[at + 1]?.type === 'literal' ? `${parts[at]!.value} ` : parts[at]!.value;
  } catch {
    return `${currency} `;
  }
}

/** Rounds a decimal string half away from zero to 2 places: "-12.345" → { negative, "12", "35" }. */
function toCents(value: string): { isNegative: boolean; cents: bigint } | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return null;
  const frac = (match[3] ?? '').padEnd(3, '0');
  let cents = BigInt(`${match[2] ?? '0'}${frac.slice(0, 2)}`);
  if (frac.charAt(2) >= '5') cents += 1n;
  return { isNegative: match[1] === '-' && cents !== 0n, cents };
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "1234.5" → "+$1,234.50", "-12" → "-$12.00", "0" → "$0.00" (with `signed`); plain otherwise. */
export function formatMoney(value: string, currency: string, options: { isSigned?: boolean } = {}): string {
  const parsed = toCents(value);
  if (!parsed) return value;
  const whole = groupThousands((parsed.cents / 100n).toString());
  const cents = (parsed.cents % 100n).toString().padStart(2, '0');
  const sign = parsed.isNegative ? '-' : options.isSigned && parsed.cents !== 0n ? '+' : '';
  return `${sign}${toCurrencySymbol(currency)}${whole}.${cents}`;
}

/** The sign of a decimal string: 1, -1 or 0. */
export function toSign(value: string): 1 | -1 | 0 {
  const parsed = toCents(value);
  if (!parsed || parsed.cents === 0n) return 0;
  return parsed.isNegative ? -1 : 1;
}

/** "1.5" → "+1.50R"; null → "—" (an unknown risk is never shown as 0). */
export function formatR(value: string | null): string {
  if (value === null) return '—';
  const n = Number(value);
  if (!Number.isFinite(n)) return '—';
  return `${n > 0 ? '+' : ''}${n.toFixed(2)}R`;
}

/** Trims trailing zeros from a decimal string: "100.00000000" → "100". */
export function formatDecimal(value: string | null): string {
  if (value === null) return '—';
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

/** "2h 5m", "3d 4h", "45s". */
export function formatHolding(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ${minutes % 60}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function toDateTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = dateTimeFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }); // a zone this browser lacks
    }
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** "Jan 17, 2025, 2:30 PM" in the user's time zone (lib/display-time-zone; `timeZone` overrides it). */
export function formatDateTime(iso: string | null, timeZone = getDisplayTimeZone()): string {
  return iso ? toDateTimeFormat(timeZone).format(new Date(iso)) : '—';
}

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * A fill's or trade's time: "Jan 16, 2025, time not in file" when its file gave only the day
 * (`day`, `YYYY-MM-DD`: the file's own date, never shifted by a zone), else {@link formatDateTime}.
 */
export function formatFillTime(iso: string | null, day: string | null | undefined): string {
  if (day) return `${dayFormat.format(new Date(`${day}T00:00:00Z`))}, time not in file`;
  return formatDateTime(iso);
}
