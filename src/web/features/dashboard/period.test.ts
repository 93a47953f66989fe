import { describe, expect, it } from 'vitest';
import { addMonths, toMonthWeeks, toPeriodRange, toTodayKey } from './period';

describe('toPeriodRange', () => {
  it.each([
    ['week', '2025-03-12', { from: '2025-03-10', to: '2025-03-12' }],
    ['week', '2025-03-16', { from: '2025-03-10', to: '2025-03-16' }],
    ['week', '2025-03-10', { from: '2025-03-10', to: '2025-03-10' }],
    ['month', '2025-03-12', { from: '2025-03-01', to: '2025-03-12' }],
    ['quarter', '2025-03-12', { from: '2025-01-01', to: '2025-03-12' }],
    ['quarter', '2025-11-30', { from: '2025-10-01', to: '2025-11-30' }],
    ['year', '2025-03-12', { from: '2025-01-01', to: '2025-03-12' }],
    ['all', '2025-03-12', {}],
  ] as const)('gives %s on %s as %j', (period, today, expected) => {
    expect(toPeriodRange(period, today)).toEqual(expected);
  });

  it('takes a custom range as given, empty ends open', () => {
    expect(toPeriodRange('custom', '2025-03-12', { from: '2024-12-01', to: '' })).toEqual({ from: '2024-12-01' });
  });
});

describe('toTodayKey', () => {
  it('reads the date in the time zone', () => {
    const at = new Date('2025-06-03T01:00:00Z');
    expect(toTodayKey(at, 'America/New_York')).toBe('2025-06-02');
    expect(toTodayKey(at, 'Asia/Tokyo')).toBe('2025-06-03');
  });
});

describe('months', () => {
  it('steps across years', () => {
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(addMonths('2024-12', 1)).toBe('2025-01');
  });

  it('builds Monday-first weeks covering the month', () => {
    const weeks = toMonthWeeks('2025-06');
    expect(weeks[0]![0]).toBe('2025-05-26');
    expect(weeks.at(-1)![6]).toBe('2025-07-06');
    expect(weeks).toHaveLength(6);
    expect(toMonthWeeks('2027-02')).toHaveLength(4);
  });
});
