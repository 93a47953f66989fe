import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from '../../lib/display-time-zone';
import { formatDateTime, formatDecimal, formatFillTime, formatMoney, formatR, toCurrencySymbol } from './format';

describe('formatMoney', () => {
  it.each([
    ['1234.5', '+$1,234.50'],
    ['-12', '-$12.00'],
    ['0', '$0.00'],
    ['-0.004', '$0.00'],
    ['0.005', '+$0.01'],
    ['-1234567.12500000', '-$1,234,567.13'],
  ])('shows %s as %s', (value, expected) => {
    expect(formatMoney(value, 'USD', { isSigned: true })).toBe(expected);
  });
});

describe('toCurrencySymbol', () => {
  it.each([
    ['USD', '$'],
    ['EUR', '€'],
    ['GBP', '£'],
    ['CHF', 'CHF '],
    ['USDT', 'USDT '],
  ])('writes %s as "%s" before an amount', (currency, symbol) => {
    expect(toCurrencySymbol(currency)).toBe(symbol);
    expect(formatMoney('-5', currency)).toBe(`-${symbol}5.00`);
  });
});

describe('formatR', () => {
  it('shows a dash for an unknown R, never 0', () => {
    expect(formatR(null)).toBe('—');
  });
  it.each([
    ['1.5', '+1.50R'],
    ['-1', '-1.00R'],
  ])('shows %s as %s', (value, expected) => {
    expect(formatR(value)).toBe(expected);
  });
});

describe('formatDecimal', () => {
  it('trims trailing zeros', () => {
    expect(formatDecimal('100.00000000')).toBe('100');
    expect(formatDecimal('1.50')).toBe('1.5');
  });
});

describe('formatDateTime', () => {
  afterEach(() => setDisplayTimeZone(undefined));

  it("shows a time in the user's zone, not the browser's", () => {
    setDisplayTimeZone('America/New_York');
    expect(formatDateTime('2025-01-16T14:35:00Z')).toBe('Jan 16, 2025, 9:35 AM');
    setDisplayTimeZone('Asia/Kolkata');
    expect(formatDateTime('2025-01-16T03:51:00Z')).toBe('Jan 16, 2025, 9:21 AM');
    expect(formatDateTime('2025-01-16T03:51:00Z', 'UTC')).toBe('Jan 16, 2025, 3:51 AM');
    expect(formatDateTime(null)).toBe('—');
  });

  it("falls back to the browser's zone for a zone it does not know", () => {
    setDisplayTimeZone('Mars/Olympus_Mons');
    expect(formatDateTime('2025-01-16T14:35:00Z')).toMatch(/^Jan 1[67], 2025, \d{1,2}:35 [AP]M$/);
  });
});

describe('formatFillTime', () => {
  afterEach(() => setDisplayTimeZone(undefined));

  it('shows a fill without a time as its file’s day, in any zone, never as a made-up time', () => {
    for (const zone of ['America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati']) {
      setDisplayTimeZone(zone);
      // Midnight in New York is the placeholder instant; the day stays the file's.
      expect(formatFillTime('2025-01-16T05:00:00.000Z', '2025-01-16')).toBe('Jan 16, 2025, time not in file');
    }
  });

  it('shows a fill with a time in the user’s zone', () => {
    setDisplayTimeZone('America/New_York');
    expect(formatFillTime('2025-01-16T14:35:00Z', null)).toBe('Jan 16, 2025, 9:35 AM');
  });
});
