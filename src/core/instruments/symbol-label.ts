import { findFuturesContract, parseFuturesSymbol } from './futures';
import { parseOptionSymbol } from './options';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A symbol as traders read it: an option as root, expiry day, month and two-digit year, strike
 * and right (`QQQ   250117P00460000` → `QQQ 17 Jan 25 460 P`), a dated future of a known contract
 * as root, month and year (`MESH25` → `MES Mar 25`); anything else (stocks, crypto, a future of
 * an unknown root) as it is. The strike keeps its decimals as stored (`152.5`), never rounded.
 */
export function toReadableSymbol(symbol: string): string {
  const option = parseOptionSymbol(symbol);
  if (option) {
    const [year = '', month = '', day = ''] = option.expiry.split('-');
    const monthName = MONTHS[Number(month) - 1] ?? month;
    return `${option.root} ${Number(day)} ${monthName} ${year.slice(2)} ${option.strike.toString()} ${option.right === 'call' ? 'C' : 'P'}`;
  }
  const future = parseFuturesSymbol(symbol);
  if (future && future.month !== null && future.year !== null && findFuturesContract(future.root)) {
    return `${future.root} ${MONTHS[future.month - 1] ?? ''} ${String(future.year % 100).padStart(2, '0')}`;
  }
  return symbol.trim();
}

/**
 * The shortest form that still tells instruments apart on a chart's axis: an option as root,
 * strike and right (`QQQ 460P`, its expiry left to the readable form), a future as its readable
 * form (`MES Mar 25`), anything else as it is.
 */
export function toShortSymbol(symbol: string): string {
  const option = parseOptionSymbol(symbol);
  if (option) return `${option.root} ${option.strike.toString()}${option.right === 'call' ? 'C' : 'P'}`;
  return toReadableSymbol(symbol);
}
