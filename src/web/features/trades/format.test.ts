import { describe, expect, it } from 'vitest';
import { formatDecimal, formatMoney, formatR } from './format';

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
