import { toDisplaySymbol } from './display';
import { findFuturesContract, parseFuturesSymbol } from './futures';
import { parseOptionSymbol } from './options';

/**
 * The asset class a symbol alone shows, for places that group by symbol without one (the
 * analytics breakdown): an option symbol's, a dated future of a known contract's (`MESH25`, not a
 * ticker that happens to end in a month code and digits), else a stock's.
 */
function toAssetClassOfSymbol(symbol: string): 'option' | 'future' | 'stock' {
  if (parseOptionSymbol(symbol)) return 'option';
  const future = parseFuturesSymbol(symbol);
  return future && future.month !== null && findFuturesContract(future.root) ? 'future' : 'stock';
}

/** A symbol without its asset class in the form traders read it ({@link toDisplaySymbol}): `QQQ 17 Jan 25 460 P`. */
export function toReadableSymbol(symbol: string): string {
  return toDisplaySymbol(symbol, toAssetClassOfSymbol(symbol)).text;
}

/**
 * The shortest form that still tells instruments apart on a chart's axis: an option as root,
 * strike and right (`QQQ 460P`, its expiry left to the readable form), anything else readable.
 */
export function toShortSymbol(symbol: string): string {
  const option = parseOptionSymbol(symbol);
  if (option) return `${option.root} ${option.strike.toString()}${option.right === 'call' ? 'C' : 'P'}`;
  return toReadableSymbol(symbol);
}
