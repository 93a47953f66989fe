import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseIsoInstant, toIsoInstant } from './iso-instant';

const DAY_MS = 86_400_000;
/** Every time a Date can hold, to the millisecond: ±100,000,000 days around 1970, and a time of day. */
const anyTime = fc
  .tuple(fc.integer({ min: -100_000_000, max: 99_999_999 }), fc.integer({ min: 0, max: DAY_MS - 1 }))
  .map(([day, ms]) => day * DAY_MS + ms);
/** Times of the years brokers' files hold, where consecutive values often share a day. */
const tradingTime = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) });

/** What `write` answers, or the name of the error it throws. */
function answerOrError(write: () => string): string {
  try {
    return write();
  } catch (err) {
    return (err as Error).name;
  }
}

const digits = (count: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: count, maxLength: count });

/** Texts shaped like an instant, their digits anything: days and times that do not exist included. */
const instantShaped = fc
  .tuple(digits(4), digits(2), digits(2), digits(2), digits(2), digits(2), digits(3))
  .map(
    ([y, mo, d, h, mi, s, ms]) =>
      `${y.join('')}-${mo.join('')}-${d.join('')}T${h.join('')}:${mi.join('')}:${s.join('')}.${ms.join('')}Z`,
  );

describe('toIsoInstant', () => {
  it('writes what toISOString writes, for every time a Date can hold', () => {
    fc.assert(
      fc.property(anyTime, (value) => {
        expect(toIsoInstant(value)).toBe(new Date(value).toISOString());
      }),
    );
  });

  it('writes each of a run of times right, however their days repeat or change', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(tradingTime, anyTime), { maxLength: 40 }), (values) => {
        for (const value of values) expect(toIsoInstant(value)).toBe(new Date(value).toISOString());
      }),
    );
  });

  it.each([
    ['the first four-digit year', -62_167_219_200_000],
    ['its last millisecond before', -62_167_219_200_001],
    ['the last four-digit millisecond', 253_402_300_799_999],
    ['the first five-digit year', 253_402_300_800_000],
    ['a fraction of a millisecond', 1_700_000_000_000.7],
    ['a negative fraction', -0.5],
    ['minus zero', -0],
    ['not a number', Number.NaN],
    ['beyond a Date', 8.64e15 + 1],
    ['infinity', Number.POSITIVE_INFINITY],
  ])('answers %s as toISOString does (or throws as it does)', (_name, value) => {
    expect(answerOrError(() => toIsoInstant(value))).toBe(answerOrError(() => new Date(value).toISOString()));
  });
});

describe('parseIsoInstant', () => {
  it('reads back every instant toIsoInstant writes', () => {
    fc.assert(
      fc.property(anyTime, (value) => {
        expect(parseIsoInstant(toIsoInstant(value))).toBe(value);
      }),
    );
  });

  it('answers what Date.parse answers for any text shaped like an instant, real day or not', () => {
    fc.assert(
      fc.property(fc.array(instantShaped, { minLength: 1, maxLength: 10 }), (texts) => {
        for (const text of texts) expect(parseIsoInstant(text)).toBe(Date.parse(text));
      }),
    );
  });

  it('answers what Date.parse answers for any other text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...'0123456789-T:.Z+ ') })), (text) => {
        expect(parseIsoInstant(text)).toBe(Date.parse(text));
      }),
    );
  });

  it.each([
    '2024-02-30T10:00:00.000Z', // a day February lacks: Date.parse rolls it over
    '2024-13-01T00:00:00.000Z',
    '2024-00-10T00:00:00.000Z',
    '2024-01-01T24:00:00.000Z',
    '2024-01-01T23:60:00.000Z',
    '2024-01-01T23:59:59.999',
    '2024-01-01T23:59:59.999+01:00',
    '2024-01-01',
    '0001-01-00T10:00:00.000Z', // a day V8 reads alone by a laxer rule, but not with a time
    '0005-09-00T00:00:00.000Z',
    '+010000-01-01T00:00:00.000Z',
    '',
  ])('reads %j as Date.parse does', (text) => {
    expect(parseIsoInstant(text)).toBe(Date.parse(text));
  });

  it('reads a day right after an unreadable one', () => {
    expect(parseIsoInstant('2024-13-01T00:00:00.000Z')).toBeNaN();
    expect(parseIsoInstant('2024-12-01T00:00:00.001Z')).toBe(Date.UTC(2024, 11, 1, 0, 0, 0, 1));
    expect(parseIsoInstant('2024-12-01T10:00:00.000Z')).toBe(Date.UTC(2024, 11, 1, 10));
  });
});
