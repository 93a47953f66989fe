import { describe, expect, it } from 'vitest';
import { toInstantRange, toNextDate, toZonedDayStart } from './zoned-day';

describe('toZonedDayStart', () => {
  it.each([
    ['2024-06-03', 'UTC', '2024-06-03T00:00:00.000Z'],
    ['2024-06-03', 'Asia/Tokyo', '2024-06-02T15:00:00.000Z'],
    ['2024-06-03', 'America/New_York', '2024-06-03T04:00:00.000Z'],
    ['2024-01-15', 'America/New_York', '2024-01-15T05:00:00.000Z'],
    // The days of the US spring-forward (23 h) and fall-back (25 h) changes start at local midnight.
    ['2024-03-10', 'America/New_York', '2024-03-10T05:00:00.000Z'],
    ['2024-03-11', 'America/New_York', '2024-03-11T04:00:00.000Z'],
    ['2024-11-03', 'America/New_York', '2024-11-03T04:00:00.000Z'],
    ['2024-11-04', 'America/New_York', '2024-11-04T05:00:00.000Z'],
    ['2024-03-31', 'Europe/Berlin', '2024-03-30T23:00:00.000Z'],
    ['2024-04-01', 'Europe/Berlin', '2024-03-31T22:00:00.000Z'],
    ['2024-06-03', 'Asia/Kathmandu', '2024-06-02T18:15:00.000Z'],
    // Santiago skips midnight when DST starts: the day begins at the jump (00:00 → 01:00).
    ['2024-09-08', 'America/Santiago', '2024-09-08T04:00:00.000Z'],
  ])('puts the start of %s in %s at %s', (date, zone, expected) => {
    expect(toZonedDayStart(date, zone).toISOString()).toBe(expected);
  });
});

describe('toNextDate', () => {
  it.each([
    ['2024-02-28', '2024-02-29'],
    ['2024-02-29', '2024-03-01'],
    ['2024-12-31', '2025-01-01'],
  ])('follows %s with %s', (date, expected) => {
    expect(toNextDate(date)).toBe(expected);
  });
});

describe('toInstantRange', () => {
  it('reads dates as whole days in the timezone, `to` included', () => {
    const range = toInstantRange({ from: '2024-03-10', to: '2024-03-10', timeZone: 'America/New_York' });
    expect(range.from?.toISOString()).toBe('2024-03-10T05:00:00.000Z');
    expect(range.before?.toISOString()).toBe('2024-03-11T04:00:00.000Z');
  });

  it('reads date-times as instants, `to` included', () => {
    const range = toInstantRange({
      from: '2024-03-10T12:00:00Z',
      to: '2024-03-10T13:00:00+01:00',
      timeZone: 'Asia/Tokyo',
    });
    expect(range.from?.toISOString()).toBe('2024-03-10T12:00:00.000Z');
    expect(range.before?.toISOString()).toBe('2024-03-10T12:00:00.001Z');
  });

  it('leaves missing bounds open', () => {
    expect(toInstantRange({ timeZone: 'UTC' })).toEqual({ from: undefined, before: undefined });
  });
});
