import { describe, expect, it } from 'vitest';
import { checkDecimalDigits, hasControlCharacter, isWithinRange } from './input-checks';

describe('hasControlCharacter', () => {
  it.each(['\u0000', 'a\u0007b', '\u001b[31m', '\u007f', '\u0085', 'tab\there', 'line\nbreak', 'cr\r'])(
    'finds one in %j on one line',
    (text) => {
      expect(hasControlCharacter(text, { allowLineBreaks: false })).toBe(true);
    },
  );

  it('lets a multi-line text keep tabs and line breaks, nothing else', () => {
    expect(hasControlCharacter('one\n\ttwo\r\n', { allowLineBreaks: true })).toBe(false);
    expect(hasControlCharacter('one\u0000', { allowLineBreaks: true })).toBe(true);
    expect(hasControlCharacter('\u000b', { allowLineBreaks: true })).toBe(true);
  });

  it.each(['AAPL', 'Café 🙂', 'ES 03-25', '\u00a0non-breaking'])('finds none in %j', (text) => {
    expect(hasControlCharacter(text, { allowLineBreaks: false })).toBe(false);
  });
});

describe('checkDecimalDigits', () => {
  const money = { integerDigits: 16, scale: 8 };

  it.each([
    ['9'.repeat(16), null],
    ['9'.repeat(17), 'TOO_LARGE'],
    [`000${'9'.repeat(16)}`, null],
    ['-' + '9'.repeat(17), 'TOO_LARGE'],
    ['0.12345678', null],
    ['0.123456789', 'TOO_MANY_PLACES'],
    ['1.500000000000', null],
    ['not a number', null],
  ] as const)('reads %s as %s', (text, expected) => {
    expect(checkDecimalDigits(text, money)).toBe(expected);
  });
});

describe('isWithinRange', () => {
  it('includes both ends and refuses what is not a number', () => {
    const range = { earliestMs: 0, latestMs: 10 };
    expect([0, 10, 5, -1, 11, Number.NaN].map((ms) => isWithinRange(ms, range))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
