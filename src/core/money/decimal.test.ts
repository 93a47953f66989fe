import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add,
  compareDecimals,
  D,
  divide,
  divideScaled,
  fromScaledBigInt,
  isNegative,
  isPositive,
  isZero,
  multiply,
  negate,
  roundDecimal,
  subtract,
  sum,
  toAbsolute,
  toDecimal,
  toMoneyString,
  toScaledBigInt,
  ZERO,
} from './decimal';

describe('toDecimal', () => {
  it.each([
    ['1', '1'],
    ['  12.50 ', '12.5'],
    ['-0.25', '-0.25'],
    ['+3', '3'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['1e-8', '0.00000001'],
    ['0.00012345', '0.00012345'],
    ['-0', '0'],
    ['123456789012345678901234567890.123456789', '123456789012345678901234567890.123456789'],
  ])('reads %j as %s', (raw, expected) => {
    expect(toDecimal(raw)?.toString()).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'abc',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    '1,234.50',
    '1.2.3',
    '12a',
    '--1',
    '1e',
    'e5',
    '1e99999',
  ])('rejects %j', (raw) => {
    expect(toDecimal(raw)).toBeNull();
  });

  it.each([
    [0.1, '0.1'],
    [-12.5, '-12.5'],
    [1.5e-7, '0.00000015'],
    [-0, '0'],
    [Number.MAX_SAFE_INTEGER, '9007199254740991'],
  ])('reads the number %s as %s', (raw, expected) => {
    expect(toDecimal(raw)?.toString()).toBe(expected);
  });

  it.each([NaN, Infinity, -Infinity, 2 ** 60, 1e21])('rejects the number %s, which is not exact', (raw) => {
    expect(toDecimal(raw)).toBeNull();
  });

  it('round-trips any decimal string through toString', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 18 }),
        (units, places) => {
          const value = D(units.toString()).div(new Big(10).pow(places));
          expect(toDecimal(value.toString())?.eq(value)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('D', () => {
  it('throws on a bad literal', () => {
    expect(() => D('1,5')).toThrow(RangeError);
  });
});

describe('arithmetic', () => {
  it('adds 0.1 and 0.2 exactly', () => {
    expect(add(D('0.1'), D('0.2')).toString()).toBe('0.3');
  });

  it('divides to 20 places, ties to even', () => {
    expect(divide(D(1), D(3)).toString()).toBe('0.33333333333333333333');
    expect(divide(D(2), D(3)).toString()).toBe('0.66666666666666666667');
    // 0.000000000000000000025 is a tie at the 20th place: half-even keeps the 2.
    expect(divide(D('0.00000000000000000005'), D(2)).toString()).toBe('0.00000000000000000002');
  });

  it('throws on division by zero', () => {
    expect(() => divide(D(1), ZERO)).toThrow(RangeError);
  });

  it('does not depend on the global Big configuration', () => {
    const saved = Big.DP;
    Big.DP = 2;
    try {
      expect(divide(D(1), D(3)).toString()).toBe('0.33333333333333333333');
    } finally {
      Big.DP = saved;
    }
  });

  it('keeps the helpers consistent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -1e9, max: 1e9 }), (x, y) => {
        const a = divide(D(x), D(100));
        const b = divide(D(y), D(1000));
        expect(subtract(add(a, b), b).eq(a)).toBe(true);
        expect(sum([a, b, negate(b)]).eq(a)).toBe(true);
        expect(toAbsolute(a).gte(0)).toBe(true);
        expect(compareDecimals(a, b)).toBe(Math.sign(x * 10 - y) as -1 | 0 | 1);
        expect(isZero(a) || isPositive(a) !== isNegative(a)).toBe(true);
        if (!isZero(b)) expect(multiply(divide(a, b), b).minus(a).abs().lt('1e-9')).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('sums nothing to 0', () => {
    expect(sum([]).toString()).toBe('0');
  });
});

describe('roundDecimal', () => {
  it.each([
    ['2.345', 2, '2.35'],
    ['-2.345', 2, '-2.35'],
    ['1234.5', -2, '1200'],
    ['-0.001', 2, '0'],
  ])('rounds %s to %s places as %s', (raw, places, expected) => {
    expect(roundDecimal(D(raw), places).toString()).toBe(expected);
  });

  it('answers what big.js rounds to, never -0, whether or not there are places to round', () => {
    const decimal = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 16 }))
      .map(([negative, digits, places]) => {
        const text = digits.toString().padStart(places + 1, '0');
        const point = text.length - places;
        return `${negative ? '-' : ''}${text.slice(0, point)}${places > 0 ? `.${text.slice(point)}` : ''}`;
      });
    fc.assert(
      fc.property(decimal, fc.integer({ min: -3, max: 14 }), (raw, places) => {
        const rounded = roundDecimal(D(raw), places);
        expect(rounded.toString()).toBe(D(raw).round(places, 1).toString());
        // A zero, of either sign before rounding (-0.001 to 2 places), is the shared ZERO.
        if (isZero(rounded)) expect(rounded).toBe(ZERO);
      }),
    );
    // A zero with a sign (a product of a negative and 0) comes out as the shared ZERO.
    expect(Object.is(roundDecimal(multiply(D('-1'), ZERO), 2), ZERO)).toBe(true);
  });

  it('refuses places big.js refuses, whether or not there is anything to round', () => {
    for (const places of [2.5, Number.NaN, Number.POSITIVE_INFINITY, 1e7]) {
      expect(() => roundDecimal(D('1.5'), places)).toThrow(/Invalid decimal places/);
      expect(() => roundDecimal(ZERO, places)).toThrow(/Invalid decimal places/);
    }
  });
});

describe('toMoneyString', () => {
  it.each([
    ['0', 2, '0.00'],
    ['1234.5', 2, '1234.50'],
    ['1.005', 2, '1.01'],
    ['-1.005', 2, '-1.01'],
    ['2.675', 2, '2.68'],
    ['-0.004', 2, '0.00'],
    ['0.00012345', 8, '0.00012345'],
    ['12.3456', 0, '12'],
  ])('shows %s with %s places as %s', (raw, places, expected) => {
    expect(toMoneyString(D(raw), places)).toBe(expected);
  });

  it('defaults to cents', () => {
    expect(toMoneyString(D('-7.1'))).toBe('-7.10');
  });
});

describe('fromScaledBigInt', () => {
  it('is the decimal big.js reads from the same digits and exponent, in the same form', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }), (n, scale) => {
        const value = fromScaledBigInt(n, scale);
        const expected = new Big(`${n}e-${scale}`);
        expect(value.eq(expected)).toBe(true);
        expect(value.toString()).toBe(n === 0n ? '0' : D(expected.toString()).toString());
        // The same internal form, so every later operation behaves as on a parsed value.
        if (n !== 0n)
          expect({ s: value.s, e: value.e, c: value.c }).toEqual({ s: expected.s, e: expected.e, c: expected.c });
        expect(toScaledBigInt(value, scale)).toBe(n);
      }),
    );
  });

  it('keeps trailing zeros out of the digits and places the exponent at the first digit', () => {
    expect(fromScaledBigInt(12300n, 0).toString()).toBe('12300');
    expect(fromScaledBigInt(-12300n, 4).toString()).toBe('-1.23');
    expect(fromScaledBigInt(123n, 5).toString()).toBe('0.00123');
    expect(fromScaledBigInt(0n, 8)).toBe(ZERO);
    expect(subtract(fromScaledBigInt(150n, 2), D('0.5')).toString()).toBe('1');
  });
});

describe('divideScaled', () => {
  const scaled = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });
  const scale = fc.integer({ min: 0, max: 24 });

  it('answers what divide answers for the same decimals (20 places, half-even), ties included', () => {
    fc.assert(
      fc.property(
        scaled,
        scale,
        scaled.filter((b) => b !== 0n),
        scale,
        (a, aScale, b, bScale) => {
          const expected = divide(fromScaledBigInt(a, aScale), fromScaledBigInt(b, bScale));
          expect(divideScaled(a, aScale, b, bScale).toString()).toBe(expected.toString());
        },
      ),
    );
    // Exact ties half a unit of the 20th place: to the even neighbour, on both sides of zero.
    for (const [a, b, expected] of [
      [5n, 10n ** 21n, '0'],
      [15n, 10n ** 21n, '0.00000000000000000002'],
      [25n, 10n ** 21n, '0.00000000000000000002'],
      [-15n, 10n ** 21n, '-0.00000000000000000002'],
      [35n, -(10n ** 21n), '-0.00000000000000000004'],
      [1n, 2n * 10n ** 20n, '0'],
    ] as const) {
      expect(divideScaled(a, 0, b, 0).toString()).toBe(expected);
      expect(divide(fromScaledBigInt(a, 0), fromScaledBigInt(b, 0)).toString()).toBe(expected);
    }
  });

  it('refuses a zero divisor', () => {
    expect(() => divideScaled(1n, 0, 0n, 3)).toThrow(RangeError);
  });
});
