import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D } from '../money/decimal';
import { formatPrice, toDisplaySymbol, toTickPlaces } from './display';

describe('toDisplaySymbol', () => {
  it.each([
    ['QQQ   250117P00460000', 'option', 'QQQ 17 Jan 25 460 P'],
    ['SPY   241231C00452500', 'option', 'SPY 31 Dec 24 452.5 C'],
    ['SPXW  240621P05400000', 'option', 'SPXW 21 Jun 24 5400 P'],
    ['MESH25', 'future', 'MES Mar 25'],
    ['6EM25', 'future', '6E Jun 25'],
    ['ESZ4', 'future', 'ES Dec 4'],
    ['ES', 'future', 'ES'],
    ['AAPL', 'stock', 'AAPL'],
    ['EUR/USD', 'forex', 'EUR/USD'],
  ])('reads %s (%s) as %s, keeping the code', (symbol, assetClass, text) => {
    expect(toDisplaySymbol(symbol, assetClass)).toEqual({ text, code: symbol });
  });

  it('keeps a symbol it cannot read as it is', () => {
    expect(toDisplaySymbol('NOT AN OPTION', 'option')).toEqual({ text: 'NOT AN OPTION', code: 'NOT AN OPTION' });
  });

  it('never makes two different option contracts read alike', () => {
    const contract = fc.record({
      root: fc.constantFrom('QQQ', 'SPY', 'AAPL', 'SPXW'),
      yymmdd: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
      right: fc.constantFrom('C', 'P'),
      thousandths: fc.integer({ min: 500, max: 9_999_999 }),
    });
    const occ = (c: { root: string; yymmdd: Date; right: string; thousandths: number }) =>
      `${c.root.padEnd(6, ' ')}${c.yymmdd.toISOString().slice(2, 10).replace(/-/g, '')}${c.right}${String(c.thousandths).padStart(8, '0')}`;
    fc.assert(
      fc.property(contract, contract, (a, b) => {
        const [x, y] = [occ(a), occ(b)];
        fc.pre(x !== y);
        expect(toDisplaySymbol(x, 'option').text).not.toBe(toDisplaySymbol(y, 'option').text);
      }),
    );
  });
});

describe('formatPrice', () => {
  const stock = { assetClass: 'stock', symbol: 'AAPL' };
  it.each([
    ['403.06666667', 'average', '403.067'],
    ['403.05', 'average', '403.05'],
    ['403.1', 'average', '403.10'],
    ['403.1', 'fill', '403.10'],
    ['403.065', 'fill', '403.065'],
    ['403.06666667', 'fill', '403.0667'],
    ['12', 'fill', '12.00'],
    ['0.5123', 'fill', '0.5123'],
  ] as const)('shows the stock price %s as a %s as %s', (price, kind, shown) => {
    expect(formatPrice(price, stock, kind)).toBe(shown);
  });

  it('quotes forex to the fractional pip, yen pairs to three places', () => {
    expect(formatPrice('1.0845', { assetClass: 'forex', symbol: 'EUR/USD' })).toBe('1.08450');
    expect(formatPrice('151.2', { assetClass: 'forex', symbol: 'USD/JPY' })).toBe('151.200');
  });

  it('keeps a small coin’s significant digits', () => {
    expect(formatPrice('0.00001234', { assetClass: 'crypto', symbol: 'SHIB/USDT' })).toBe('0.00001234');
    expect(formatPrice('64250.5', { assetClass: 'crypto', symbol: 'BTC/USDT' })).toBe('64250.50');
  });

  it('returns what is not a number as given', () => {
    expect(formatPrice('n/a', stock)).toBe('n/a');
  });

  it('is never further from the price than half a unit of its last place, and keeps at least the tick', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom('stock', 'option', 'future', 'crypto', 'forex'),
        fc.constantFrom('fill' as const, 'average' as const),
        (digits, scale, assetClass, kind) => {
          const price = D(digits.toString())
            .div(10 ** scale)
            .toFixed();
          const instrument = { assetClass, symbol: 'X/USD' };
          const shown = formatPrice(price, instrument, kind);
          const places = shown.split('.')[1]?.length ?? 0;
          expect(places).toBeGreaterThanOrEqual(toTickPlaces(assetClass, 'X/USD', price));
          expect(
            D(shown)
              .minus(price)
              .abs()
              .lte(D(5).div(10 ** (places + 1))),
          ).toBe(true);
        },
      ),
    );
  });
});
