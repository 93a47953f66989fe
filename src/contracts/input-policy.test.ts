import { describe, expect, it } from 'vitest';
import { DECIMAL_COLUMNS, decimalString, fillTimestamp, journalDate, safeText, toFillTimeRange } from './input-policy';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('safeText', () => {
  it('refuses NUL and other control characters, and keeps line breaks only when multi-line', () => {
    expect(messageOf(safeText().safeParse('a\u0000b'))).toBe('Must not contain control characters such as NUL');
    expect(safeText().safeParse('a\nb').success).toBe(false);
    expect(safeText({ multiline: true }).safeParse('a\n\tb\r\n').success).toBe(true);
    expect(safeText({ multiline: true }).safeParse('a\u0000').success).toBe(false);
  });

  it('chains like z.string()', () => {
    expect(safeText().trim().min(1).max(3).parse('  ab ')).toBe('ab');
  });
});

describe('decimalString', () => {
  const money = decimalString(DECIMAL_COLUMNS.money, 'nonNegative');

  it.each([
    ['9'.repeat(50), 'At most 16 digits before the decimal point'],
    ['1.123456789', 'At most 8 decimal places'],
    ['-1', 'Must be 0 or more'],
    ['1e5', 'Must be a decimal number such as 12.5'],
  ])('refuses %s: %s', (text, message) => {
    expect(messageOf(money.safeParse(text))).toBe(message);
  });

  it('accepts the column’s largest value, trailing zeros and a negative zero', () => {
    expect(['9'.repeat(16) + '.99999999', '1.5000000000', '-0'].map((v) => money.safeParse(v).success)).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('refuses zero where a positive value is needed, and holds the risk setting to 12 digits', () => {
    expect(messageOf(decimalString(DECIMAL_COLUMNS.money, 'positive').safeParse('0.00'))).toBe(
      'Must be greater than 0',
    );
    expect(decimalString(DECIMAL_COLUMNS.riskSetting).safeParse('9'.repeat(13)).success).toBe(false);
  });
});

describe('fillTimestamp', () => {
  it('accepts 1970 to a year from now, judged when parsed', () => {
    const { latestMs } = toFillTimeRange(new Date());
    const schema = fillTimestamp();
    expect(schema.safeParse('1970-01-01T00:00:00Z').success).toBe(true);
    expect(schema.safeParse(new Date(latestMs - 60_000).toISOString()).success).toBe(true);
    expect(messageOf(schema.safeParse(new Date(latestMs + 60_000).toISOString()))).toBe(
      'Must be from 1970-01-01 to a year from today',
    );
    expect(schema.safeParse('1969-12-31T23:59:59Z').success).toBe(false);
    expect(schema.safeParse('0001-03-04T14:30:00Z').success).toBe(false);
  });
});

describe('journalDate', () => {
  it.each([
    ['2025-03-03', true],
    ['1970-01-01', true],
    ['0000-01-01', false],
    ['1969-12-31', false],
    ['2025-02-30', false],
    ['9999-12-31', false],
  ])('reads %s: %s', (key, ok) => {
    expect(journalDate().safeParse(key).success).toBe(ok);
  });
});

describe('toFillTimeRange', () => {
  it('ends a calendar year after now', () => {
    expect(toFillTimeRange(new Date('2025-06-02T12:00:00Z')).latestMs).toBe(Date.parse('2026-06-02T12:00:00Z'));
  });
});
