import { describe, expect, it } from 'vitest';
import { toReadableSymbol, toShortSymbol } from './symbol-label';

describe('toReadableSymbol', () => {
  it.each([
    ['QQQ   250117P00460000', 'QQQ 17 Jan 25 460 P'],
    ['QQQ250117P00460000', 'QQQ 17 Jan 25 460 P'],
    ['AAPL  250321C00152500', 'AAPL 21 Mar 25 152.5 C'],
    ['SPXW  241231C05900000', 'SPXW 31 Dec 24 5900 C'],
    ['MESH25', 'MES Mar 25'],
    ['ESZ2024', 'ES Dec 24'],
    ['AAPL', 'AAPL'],
    ['BTC-USD', 'BTC-USD'],
    ['XYZH25', 'XYZH25'],
  ])('reads %s as %s', (symbol, readable) => {
    expect(toReadableSymbol(symbol)).toBe(readable);
  });
});

describe('toShortSymbol', () => {
  it.each([
    ['QQQ   250117P00460000', 'QQQ 460P'],
    ['AAPL  250321C00152500', 'AAPL 152.5C'],
    ['MESH25', 'MES Mar 25'],
    ['AAPL', 'AAPL'],
  ])('shortens %s to %s', (symbol, short) => {
    expect(toShortSymbol(symbol)).toBe(short);
  });
});
