import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inferDateFormat, parseDateTime, readFillTime, toUtcInstant } from './dates';
import { toUtcFromWallClock, toWallClockMs } from './time-zone';

describe('inferDateFormat', () => {
  it.each([
    [['01/13/2025', '01/07/2025'], 'MDY', false, 'MM/DD/YYYY'],
    [['13/01/2025', '07/01/2025'], 'DMY', false, 'DD/MM/YYYY'],
    [['01/02/2025', '03/04/2025'], 'MDY', false, 'MM/DD/YYYY'],
    [['17.01.2025 14:30'], 'DMY', true, 'DD.MM.YYYY HH:mm'],
    [['2025-01-17'], 'YMD', false, 'YYYY-MM-DD'],
    [['20250117'], 'YMD', false, 'YYYYMMDD'],
    [['20250106;093512'], 'YMD', true, 'YYYYMMDD;HH:mm:ss'],
    [['2023-04-20T04:05:40Z'], 'YMD', true, 'YYYY-MM-DDTHH:mm:ssZ'],
    [['2025-01-06 12:00:00 AM'], 'YMD', true, 'YYYY-MM-DD h:mm:ss AM'],
    [['1/13/25 13:45:09'], 'MDY', true, 'MM/DD/YY HH:mm:ss'],
    [['17 Jan 2025'], 'DMY', false, 'D MMM YYYY'],
    [['Jan 17, 2025 9:30 PM'], 'DMY', true, 'MMM D, YYYY h:mm AM'],
    [['1736951122'], 'epoch-s', true, 'Unix time (seconds)'],
    [['1736951122123'], 'epoch-ms', true, 'Unix time (milliseconds)'],
  ] as const)('reads %j as %s', (samples, order, hasTime, label) => {
    const format = inferDateFormat(samples);
    expect(format).toMatchObject({ order, hasTime, label });
  });

  it('flags days ≤ 12 as ambiguous and takes the preferred order', () => {
    expect(inferDateFormat(['01/02/2025'])?.isAmbiguous).toBe(true);
    expect(inferDateFormat(['01/02/2025'], 'DMY')?.order).toBe('DMY');
  });

  it('returns null for values that are not dates', () => {
    expect(inferDateFormat(['12.50', 'AAPL', 'Buy'])).toBeNull();
  });
});

describe('toUtcInstant', () => {
  it.each([
    ['01/13/2025', undefined, 'MDY', 'America/New_York', '2025-01-13T05:00:00.000Z'],
    ['2025-01-06', '09:35:12', 'YMD', 'America/New_York', '2025-01-06T14:35:12.000Z'],
    ['07/01/2025 10:00', undefined, 'DMY', 'Europe/Berlin', '2025-01-07T09:00:00.000Z'],
    ['01/13/2025 10:02:40 EST', undefined, 'MDY', 'UTC', '2025-01-13T15:02:40.000Z'],
    ['2025-01-17 16:57:02 UTC', undefined, 'YMD', 'America/New_York', '2025-01-17T16:57:02.000Z'],
    ['2025-07-01T10:00:00+02:00', undefined, 'YMD', 'UTC', '2025-07-01T08:00:00.000Z'],
    ['2025-01-15T10:02:11', undefined, 'YMD', 'Asia/Kolkata', '2025-01-15T04:32:11.000Z'],
    ['1736951122', undefined, 'epoch-s', 'America/New_York', '2025-01-15T14:25:22.000Z'],
    // Spring forward: 02:30 does not exist in New York; read with the offset before the gap.
    ['2025-03-09', '02:30:00', 'YMD', 'America/New_York', '2025-03-09T07:30:00.000Z'],
    // Fall back: 01:30 happens twice; the first (EDT) is taken.
    ['2025-11-02', '01:30:00', 'YMD', 'America/New_York', '2025-11-02T05:30:00.000Z'],
  ] as const)('reads %s %s (%s, %s)', (date, time, order, timeZone, expected) => {
    expect(toUtcInstant({ date, ...(time ? { time } : {}), format: { order }, timeZone })).toBe(expected);
  });

  it.each([
    ['01/16/2025', undefined, 'MDY', 'America/New_York', '2025-01-16'],
    ['01/16/2025 as of 01/15/2025', undefined, 'MDY', 'America/New_York', '2025-01-16'],
    ['16.01.2025', '', 'DMY', 'Asia/Kolkata', '2025-01-16'],
    ['01/16/2025', '09:35:00', 'MDY', 'America/New_York', null],
    ['2025-01-16 09:35', undefined, 'YMD', 'Asia/Kolkata', null],
    ['1736951122', undefined, 'epoch-s', 'UTC', null],
  ] as const)('says %s %s has no time of day: its day %s, whatever the zone', (date, time, order, timeZone, day) => {
    const read = readFillTime({ date, ...(time === undefined ? {} : { time }), format: { order }, timeZone });
    expect(read?.day).toBe(day);
    expect(read?.at).toBe(toUtcInstant({ date, ...(time === undefined ? {} : { time }), format: { order }, timeZone }));
  });

  it('returns null for a value that is not a date or an unknown zone', () => {
    expect(toUtcInstant({ date: 'Transactions Total', format: { order: 'MDY' }, timeZone: 'UTC' })).toBeNull();
    expect(toUtcInstant({ date: '2025-01-01', format: { order: 'YMD' }, timeZone: 'Mars/Olympus' })).toBeNull();
  });

  // Lord Howe Island moves its clocks by half an hour, at 02:00 local time.
  const zones = ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe'] as const;
  // Around the 2024–2026 DST transitions of the zones.
  const transitions = [
    '2024-03-10T07:00Z',
    '2024-11-03T06:00Z',
    '2025-03-09T07:00Z',
    '2025-11-02T06:00Z',
    '2024-03-31T01:00Z',
    '2024-10-27T01:00Z',
    '2025-03-30T01:00Z',
    '2025-10-26T01:00Z',
    '2024-04-06T15:00Z',
    '2024-10-05T15:30Z',
    '2025-04-05T15:00Z',
    '2025-10-04T15:30Z',
  ].map(Date.parse);
  const nearTransition = fc
    .tuple(fc.constantFrom(...transitions), fc.integer({ min: -3 * 3600, max: 3 * 3600 }))
    .map(([at, seconds]) => at + seconds * 1000);
  const instants = fc.oneof(
    fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2026, 11, 31) }).map((ms) => ms - (ms % 1000)),
    nearTransition,
  );

  /** The zone's wall clock at an instant read straight from Intl, as a UTC epoch value of its fields. */
  const intlWallClockMs = (instant: number, zone: string): number => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date(instant));
    const field = (type: string) => Number(parts.find((part) => part.type === type)?.value);
    return Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
  };

  it('reads each zone’s clock as Intl does on both sides of a change, whichever side is read first', () => {
    // Every five minutes from two hours before each change to two after, forwards and backwards:
    // an offset remembered for a stretch of time must not outlive the change within it.
    const steps = Array.from({ length: 49 }, (_, i) => (i - 24) * 300_000);
    for (const zone of zones)
      for (const at of transitions)
        for (const order of [steps, [...steps].reverse()])
          for (const step of order) expect(toWallClockMs(at + step, zone)).toBe(intlWallClockMs(at + step, zone));
  });

  it('round-trips wall-clock times through the zone across DST transitions', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (instant, zone) => {
        const wall = toWallClockMs(instant, zone);
        const back = toUtcFromWallClock(wall, zone);
        // The same wall-clock time; the same instant except in the repeated hour (half hour on Lord
        // Howe), where it is the earlier one.
        expect(toWallClockMs(back, zone)).toBe(wall);
        const repeat = zone === 'Australia/Lord_Howe' ? 1_800_000 : 3_600_000;
        expect(back === instant || back === instant - repeat).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips dates written in any supported format', () => {
    const pad = (n: number): string => String(n).padStart(2, '0');
    const writers: Record<string, (d: Date) => [string, 'MDY' | 'DMY' | 'YMD']> = {
      iso: (d) => [
        `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
        'YMD',
      ],
      us: (d) => {
        const h = d.getUTCHours();
        return [
          `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()} ${h % 12 === 0 ? 12 : h % 12}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`,
          'MDY',
        ];
      },
      de: (d) => [
        `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
        'DMY',
      ],
      uk: (d) => [
        `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${String(d.getUTCFullYear()).slice(2)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
        'DMY',
      ],
      compact: (d) => [
        `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())};${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`,
        'YMD',
      ],
      named: (d) => [
        `${d.getUTCDate()} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
        'DMY',
      ],
    };
    fc.assert(
      fc.property(instants, fc.constantFrom(...Object.keys(writers)), (instant, style) => {
        const [text, order] = (writers[style] ?? writers.iso!)(new Date(instant));
        expect(toUtcInstant({ date: text, format: { order }, timeZone: 'UTC' })).toBe(new Date(instant).toISOString());
      }),
      { numRuns: 1000 },
    );
  });
});

describe('parseDateTime', () => {
  it('ignores Schwab "as of" notes and rejects impossible dates', () => {
    expect(parseDateTime('04/17/2023 as of 04/15/2023', 'MDY')).toMatchObject({ year: 2023, month: 4, day: 17 });
    expect(parseDateTime('02/30/2025', 'MDY')).toBeNull();
    expect(parseDateTime('25:00', 'MDY')).toBeNull();
  });
});

describe('toUtcInstant, a time of day as HH:MM:SS', () => {
  it('reads every two-digit hour, minute and second, in a column of its own or after the date', () => {
    const two = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));
    fc.assert(
      fc.property(two, two, two, (hh, mm, ss) => {
        const time = `${hh}:${mm}:${ss}`;
        const isValid = Number(hh) <= 23 && Number(mm) <= 59 && Number(ss) <= 59;
        const expected = isValid ? `2025-03-04T${time}.000Z` : null;
        const read = (date: string, time?: string) =>
          toUtcInstant({ date, ...(time === undefined ? {} : { time }), format: { order: 'MDY' }, timeZone: 'UTC' });
        expect(read('03/04/2025', time)).toBe(expected);
        expect(read('03/04/2025', ` ${time} `)).toBe(expected);
        expect(read(`03/04/2025 ${time}`)).toBe(expected);
        expect(read(`2025-03-04T${time}`)).toBe(expected);
        expect(read(`03/04/2025 ${time}Z`)).toBe(expected);
      }),
    );
  });

  it('reads the last second of a day and refuses the hour, minute or second past it', () => {
    const read = (time: string) =>
      toUtcInstant({ date: '03/04/2025', time, format: { order: 'MDY' }, timeZone: 'UTC' });
    expect(read('00:00:00')).toBe('2025-03-04T00:00:00.000Z');
    expect(read('23:59:59')).toBe('2025-03-04T23:59:59.000Z');
    for (const time of ['24:00:00', '23:60:00', '23:59:60']) expect(read(time)).toBeNull();
  });

  it('refuses a time with a letter where a digit belongs', () => {
    for (const time of ['1a:30:00', '14:3x:00', '14:30:0O', '14-30-00:']) {
      expect(toUtcInstant({ date: '03/04/2025', time, format: { order: 'MDY' }, timeZone: 'UTC' })).toBeNull();
    }
  });
});

describe('toUtcInstant, a date with its time in a column of its own', () => {
  it('reads each row’s date in its own order, whatever the row before read', () => {
    const read = (date: string, order: 'MDY' | 'DMY') =>
      toUtcInstant({ date, time: '10:00:00', format: { order }, timeZone: 'UTC' });
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom('03/04/2025', '04/03/2025', '03/04/2025 '),
            fc.constantFrom<'MDY' | 'DMY'>('MDY', 'DMY'),
          ),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        (rows) => {
          for (const [date, order] of rows) {
            const [first, second] = date.trim().split('/');
            const [month, day] = order === 'MDY' ? [first, second] : [second, first];
            expect(read(date, order)).toBe(`2025-${month}-${day}T10:00:00.000Z`);
          }
        },
      ),
    );
  });
});
