import { isValidTimeZone } from '../../../core/analytics/time-zone';

/** Current names the browser's own list spells the old way (Asia/Calcutta, Europe/Kiev…): searchable by both. */
const MODERN_SPELLINGS = [
  'Asia/Kolkata',
  'Europe/Kyiv',
  'Asia/Ho_Chi_Minh',
  'Asia/Kathmandu',
  'Asia/Yangon',
  'America/Nuuk',
];

/** The IANA zones this browser knows, with UTC and the current value always offered. */
export function listTimeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...known, ...MODERN_SPELLINGS.filter(isValidTimeZone), current])].sort((a, b) =>
    a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b),
  );
}

export const COMMON_CURRENCIES = ['USD', 'CAD', 'EUR', 'GBP', 'AUD', 'CHF', 'JPY', 'INR', 'HKD', 'SGD'] as const;

/** This browser's IANA zone, the suggestion at sign-up and in the profile; null where unknown. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
