import { describe, expect, it } from 'vitest';
import {
  FUTURES_CONTRACTS,
  findFuturesContract,
  MONTH_CODES,
  parseFuturesSymbol,
  toContractMonth,
  toFuturesSymbol,
} from './futures';
import { D } from '../money/decimal';

describe('parseFuturesSymbol', () => {
  it.each([
    ['ESZ24', 'ES', 'ESZ24', '2024-12'],
    ['ESZ2024', 'ES', 'ESZ24', '2024-12'],
    ['/ESZ24', 'ES', 'ESZ24', '2024-12'],
    ['mnqh5', 'MNQ', 'MNQH5', null],
    ['6EM25', '6E', '6EM25', '2025-06'],
    ['M2KU25', 'M2K', 'M2KU25', '2025-09'],
    ['ES 12-24', 'ES', 'ESZ24', '2024-12'],
    ['ES DEC24', 'ES', 'ESZ24', '2024-12'],
    ['ES Dec 2024', 'ES', 'ESZ24', '2024-12'],
    ['ES1!', 'ES', 'ES', null],
  ])('reads %j as root %s, %s, month %s', (text, root, symbol, month) => {
    const parts = parseFuturesSymbol(text);
    expect(parts?.root).toBe(root);
    expect(parts && toFuturesSymbol(parts)).toBe(symbol);
    expect(parts && toContractMonth(parts)).toBe(month);
  });

  it.each([
    ['ESZ4', 2024, 'ESZ24'],
    ['ESH5', 2024, 'ESH25'],
    ['ESH0', 2029, 'ESH30'],
    ['ESZ9', 2020, 'ESZ29'],
  ])('places the one-digit year of %s traded in %s: %s', (text, referenceYear, symbol) => {
    const parts = parseFuturesSymbol(text, { referenceYear });
    expect(parts && toFuturesSymbol(parts)).toBe(symbol);
  });

  it('keeps a one-digit year it cannot place', () => {
    const parts = parseFuturesSymbol('ESZ4');
    expect(parts).toEqual({ root: 'ES', month: 12, year: null, yearDigit: 4 });
    expect(parts && toFuturesSymbol(parts)).toBe('ESZ4');
  });

  it('reads a bare root only when asked', () => {
    expect(parseFuturesSymbol('ES')).toBeNull();
    expect(parseFuturesSymbol('ES', { allowBare: true })?.root).toBe('ES');
  });

  it.each(['ES 13-24', 'AAPL', 'ESZ123', 'EUR/USD', ''])('rejects %j', (text) => {
    expect(parseFuturesSymbol(text)).toBeNull();
  });
});

describe('FUTURES_CONTRACTS', () => {
  it.each([
    ['ES', '50'],
    ['MES', '5'],
    ['NQ', '20'],
    ['MNQ', '2'],
    ['YM', '5'],
    ['MYM', '0.5'],
    ['RTY', '50'],
    ['M2K', '5'],
    ['CL', '1000'],
    ['MCL', '100'],
    ['GC', '100'],
    ['MGC', '10'],
    ['SI', '5000'],
    ['ZB', '1000'],
    ['ZN', '1000'],
    ['ZF', '1000'],
    ['ZT', '2000'],
    ['NG', '10000'],
    ['HG', '25000'],
    ['6E', '125000'],
    ['6J', '12500000'],
    ['6B', '62500'],
    ['ZC', '50'],
    ['ZS', '50'],
    ['ZW', '50'],
  ])('gives %s a point value of %s', (root, pointValue) => {
    expect(findFuturesContract(root)?.pointValue).toBe(pointValue);
  });

  it('holds only positive decimal point values', () => {
    for (const contract of Object.values(FUTURES_CONTRACTS)) expect(D(contract.pointValue).gt(0)).toBe(true);
  });

  it('does not read inherited keys as roots', () => {
    expect(findFuturesContract('toString')).toBeUndefined();
  });

  it('has twelve month codes in calendar order', () => {
    expect(MONTH_CODES.join('')).toBe('FGHJKMNQUVXZ');
  });
});
