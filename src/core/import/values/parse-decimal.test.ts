import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inferDecimalSeparator, parseDecimal, parseDecimalInGeneral } from './parse-decimal';

describe('parseDecimal', () => {
  it('reads plain numbers on its fast path exactly as the general path does', () => {
    const digits = (max: number) => fc.stringMatching(new RegExp(`^[0-9]{1,${max}}$`));
    const plain = fc
      .tuple(
        fc.constantFrom('', '-', '+', ' ', '$'),
        digits(25),
        fc.option(fc.tuple(fc.constantFrom('.', ','), digits(25))),
      )
      .map(([sign, integer, fraction]) => `${sign}${integer}${fraction ? fraction.join('') : ''}`);
    const zeros = fc.constantFrom('0', '-0', '000', '-0.000', '0.10', '007.500', '-0000.0001', '10', '100.00');
    fc.assert(
      fc.property(fc.oneof(plain, zeros), fc.constantFrom(undefined, '.' as const, ',' as const), (raw, separator) => {
        expect(parseDecimal(raw, separator)).toBe(parseDecimalInGeneral(raw, separator));
      }),
      { numRuns: 2_000 },
    );
  });

  it.each([
    ['1,234.56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['(12.50)', '-12.5'],
    ['-$12.50', '-12.5'],
    ['$-12.50', '-12.5'],
    ['12.50-', '-12.5'],
    ['($1,107.00)', '-1107'],
    ['"$1,234.56"'.slice(1, -1), '1234.56'],
    ['1 234,56', '1234.56'],
    ['1\u202f234,56', '1234.56'],
    ['1\u00a0234,56', '1234.56'],
    ["1'234.56", '1234.56'],
    ['1’234.56', '1234.56'],
    ['+3', '3'],
    ['−4', '-4'],
    ['€3343.11', '3343.11'],
    ['USD -12.50', '-12.5'],
    ['12.50 EUR', '12.5'],
    ['0.50000000ETH', '0.5'],
    ['1650USDT', '1650'],
    ['@142.10', '142.1'],
    ['="5401234101"', '5401234101'],
    ['1e-05', '0.00001'],
    ['0.00000001', '0.00000001'],
    ['12,5', '12.5'],
  ])('reads %s as %s', (raw, expected) => {
    expect(parseDecimal(raw)).toBe(expected);
  });

  it.each(['', '--', '-', '~', 'N/A', 'abc', '1,23,4', '1.2.3,4,5', '$'])('returns null for %j', (raw) => {
    expect(parseDecimal(raw)).toBeNull();
  });

  it('reads an ambiguous 1,234 by the column convention', () => {
    expect(parseDecimal('1,234')).toBe('1234');
    expect(parseDecimal('1,234', ',')).toBe('1.234');
    expect(parseDecimal('1.234', ',')).toBe('1234');
  });

  it('parses numbers written in any supported convention back exactly', () => {
    const formats = ['us', 'eu', 'space', 'swiss', 'plain'] as const;
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 8 }),
        fc.boolean(),
        fc.constantFrom(...formats),
        fc.constantFrom('minus', 'parens', 'trailing', 'dollarMinus'),
        (digits, places, isNegative, format, negativeStyle) => {
          const text = digits.toString().padStart(places + 1, '0');
          const integer = text.slice(0, text.length - places);
          const fraction = text.slice(text.length - places);
          const group = { us: ',', eu: '.', space: '\u202f', swiss: "'", plain: '' }[format];
          const decimal = format === 'eu' || format === 'space' ? ',' : '.';
          const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, group);
          const body = places > 0 ? `${grouped}${decimal}${fraction}` : grouped;
          const written = !isNegative
            ? body
            : { minus: `-${body}`, parens: `(${body})`, trailing: `${body}-`, dollarMinus: `-$${body}` }[negativeStyle];
          const expectedText = places > 0 ? `${integer}.${fraction}` : integer;
          const expected = Number(expectedText) === 0 ? 0 : expectedText;
          const parsed = parseDecimal(written, decimal);
          expect(parsed).not.toBeNull();
          // Compare exactly, as canonical decimals (no floats involved).
          const canonical = (s: string): string =>
            s
              .replace(/^(-?)0+(?=\d)/, '$1')
              .replace(/(\.\d*?)0+$/, '$1')
              .replace(/\.$/, '');
          const want = expected === 0 ? '0' : `${isNegative ? '-' : ''}${canonical(expectedText)}`;
          expect(parsed).toBe(want);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('inferDecimalSeparator', () => {
  it('takes the comma from values that settle it', () => {
    expect(inferDecimalSeparator(['1.234', '12,5', '1.234,56']).decimalSeparator).toBe(',');
  });
  it('takes the dot from US values', () => {
    expect(inferDecimalSeparator(['1,234', '12.50', '1,234.56'])).toEqual({ decimalSeparator: '.', confidence: 1 });
  });
  it('is unsure when every value is ambiguous', () => {
    expect(inferDecimalSeparator(['1,234', '5,678']).confidence).toBeLessThan(0.5);
  });
});
