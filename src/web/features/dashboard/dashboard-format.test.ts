import { describe, expect, it } from 'vitest';
import { formatMoneyNumber, formatPercent, formatRatio, formatRNumber, toStat } from './dashboard-format';

describe('dashboard formats', () => {
  it.each([
    [1234.5, '+$1,234.50'],
    [-12, '-$12.00'],
    [0, '$0.00'],
    [-0.004, '$0.00'],
  ])('formats %d as %s', (value, expected) => {
    expect(formatMoneyNumber(value, 'USD', { isSigned: true })).toBe(expected);
  });

  it('reads JSON numbers and shows infinity and undefined', () => {
    expect(formatRatio(toStat('Infinity'))).toBe('∞');
    expect(formatRatio(toStat(null))).toBe('—');
    expect(formatRatio(toStat(2.345))).toBe('2.35');
    expect(formatPercent(2 / 3)).toBe('66.7%');
    expect(formatRNumber(0.5)).toBe('+0.50R');
    expect(formatRNumber(null)).toBe('—');
  });
});
