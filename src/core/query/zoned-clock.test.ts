import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDayNumber, toHourOfDay, toIsoWeekday, toYearMonth, toZonedClock } from './zoned-clock';
import { toWallClockText } from './zoned-day';

const ZONES = ['UTC', 'America/New_York', 'Europe/London', 'Asia/Tokyo', 'Pacific/Chatham', 'Australia/Lord_Howe'];

describe('toZonedClock', () => {
  it('reads the same wall clock, weekday, hour, month and year as Intl, across DST changes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom(...ZONES),
        (ms, zone) => {
          const wall = toZonedClock(zone).toWallMs(ms);
          const text = toWallClockText(ms, zone); // "YYYY-MM-DD HH:MM:SS"
          const date = new Date(`${text.replace(' ', 'T')}Z`);
          expect(Math.floor(wall / 1000) * 1000).toBe(date.getTime());
          expect(toIsoWeekday(wall)).toBe(((date.getUTCDay() + 6) % 7) + 1);
          expect(toHourOfDay(wall)).toBe(date.getUTCHours());
          expect(toYearMonth(toDayNumber(wall))).toEqual({
            year: date.getUTCFullYear(),
            month: date.getUTCMonth() + 1,
          });
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
