import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D, divide } from '../money/decimal';
import { parseOptionSymbol, toOccSymbol } from './options';

describe('parseOptionSymbol', () => {
  it.each([
    ['AAPL  250117C00150000', 'AAPL', '2025-01-17', 'call', '150'],
    ['AAPL250117C00150000', 'AAPL', '2025-01-17', 'call', '150'],
    ['SPXW  240621P05400000', 'SPXW', '2024-06-21', 'put', '5400'],
    ['AAPL 250117C150', 'AAPL', '2025-01-17', 'call', '150'],
    ['.AAPL250117C150', 'AAPL', '2025-01-17', 'call', '150'],
    ['-AAPL250117P152.5', 'AAPL', '2025-01-17', 'put', '152.5'],
    ['aapl 250117c150', 'AAPL', '2025-01-17', 'call', '150'],
    ['F     250117C00012500', 'F', '2025-01-17', 'call', '12.5'],
    ['AAPL 01/17/2025 150.00 C', 'AAPL', '2025-01-17', 'call', '150'],
    ['AAPL 1/17/25 150 P', 'AAPL', '2025-01-17', 'put', '150'],
    ['AAPL Jan 17 2025 150 Call', 'AAPL', '2025-01-17', 'call', '150'],
    ['AAPL Jan 17, 2025 150.00 Put', 'AAPL', '2025-01-17', 'put', '150'],
    ["AAPL Jan 17 '25 $150 Call", 'AAPL', '2025-01-17', 'call', '150'],
    ['AAPL 17 JAN 25 150 CALL', 'AAPL', '2025-01-17', 'call', '150'],
    ['AAPL 17JAN25 150 C', 'AAPL', '2025-01-17', 'call', '150'],
    ['AAPL 1/17/2025 Call $150.00', 'AAPL', '2025-01-17', 'call', '150'],
    ['AAPL 2025-01-17 150 C', 'AAPL', '2025-01-17', 'call', '150'],
    ['SPY 100 (Weeklys) 21 JUN 24 540 CALL', 'SPY', '2024-06-21', 'call', '540'],
    ['C 01/17/2025 50 C', 'C', '2025-01-17', 'call', '50'],
    ['BRK.B 250117C450', 'BRKB', '2025-01-17', 'call', '450'],
    ['AAPL 2024-02-29 150 C', 'AAPL', '2024-02-29', 'call', '150'],
  ])('reads %j', (text, root, expiry, right, strike) => {
    const option = parseOptionSymbol(text);
    expect(option).toMatchObject({ root, expiry, right });
    expect(option?.strike.toString()).toBe(strike);
  });

  it('takes the multiplier a thinkorswim description states', () => {
    expect(parseOptionSymbol('SPY 100 (Weeklys) 21 JUN 24 540 CALL')?.multiplier?.toString()).toBe('100');
    expect(parseOptionSymbol('AAPL 250117C150')?.multiplier).toBeNull();
  });

  it.each([
    ['SPXW  240621P05400000', 'SPX'],
    ['NDXP  240621C18000000', 'NDX'],
    ['AAPL1 250117C00150000', 'AAPL'],
    ['TSLA  250117C00150000', 'TSLA'],
  ])('gives %j the underlying %s', (text, underlying) => {
    expect(parseOptionSymbol(text)?.underlying).toBe(underlying);
  });

  it.each([
    'AAPL',
    'AAPL 250230C150',
    'AAPL 02/30/2025 150 C',
    'AAPL 2025-02-29 150 C',
    'AAPL 01/17/2025 150',
    'AAPL 01/17/2025 C',
    'AAPL 01/17/2025 150 X',
    'AAPL 01/17/2025 150 C BOGUS',
    'TOOLONGROOT 250117C150',
    'EUR/USD',
    '',
  ])('rejects %j', (text) => {
    expect(parseOptionSymbol(text)).toBeNull();
  });
});

describe('toOccSymbol', () => {
  it('writes the 21-character OCC form', () => {
    expect(toOccSymbol({ root: 'AAPL', expiry: '2025-01-17', right: 'call', strike: D(150) })).toBe(
      'AAPL  250117C00150000',
    );
    expect(toOccSymbol({ root: 'F', expiry: '2025-01-17', right: 'put', strike: D('12.5') })).toBe(
      'F     250117P00012500',
    );
  });

  it.each([
    ['a root too long', { root: 'ABCDEFG', expiry: '2025-01-17', strike: D(1) }],
    ['a strike with 4 decimals', { root: 'AAPL', expiry: '2025-01-17', strike: D('1.0001') }],
    ['a strike above 99,999.999', { root: 'AAPL', expiry: '2025-01-17', strike: D(100000) }],
    ['an expiry outside 2000–2099', { root: 'AAPL', expiry: '2100-01-15', strike: D(1) }],
  ])('returns null for %s', (_, option) => {
    expect(toOccSymbol({ right: 'call', ...option })).toBeNull();
  });

  it('round-trips through parseOptionSymbol', () => {
    const contract = fc.record({
      root: fc.stringMatching(/^[A-Z]{1,6}$/),
      date: fc.date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2099-12-31T00:00:00Z'),
        noInvalidDate: true,
      }),
      right: fc.constantFrom('call' as const, 'put' as const),
      thousandths: fc.integer({ min: 0, max: 99_999_999 }),
    });
    fc.assert(
      fc.property(contract, ({ root, date, right, thousandths }) => {
        const option = {
          root,
          expiry: date.toISOString().slice(0, 10),
          right,
          strike: divide(D(thousandths), D(1000)),
        };
        const occ = toOccSymbol(option);
        expect(occ).toHaveLength(21);
        const parsed = parseOptionSymbol(occ ?? '');
        expect(parsed).toMatchObject({ root, expiry: option.expiry, right });
        expect(parsed?.strike.eq(option.strike)).toBe(true);
        expect(parsed && toOccSymbol(parsed)).toBe(occ);
      }),
      { numRuns: 200 },
    );
  });
});
