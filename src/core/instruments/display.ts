import { decimalPlaces, roundDecimal, toDecimal } from '../money/decimal';
import { parseFuturesSymbol } from './futures';
import type { AssetClass } from './instrument';
import { parseOptionSymbol } from './options';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A symbol as traders read it, and the code it stands for (shown in a tooltip when they differ). */
export type DisplaySymbol = { text: string; code: string };

/**
 * The form traders read a stored symbol in: an OCC option `QQQ   250117P00460000` reads
 * `QQQ 17 Jan 25 460 P`, a future `MESH25` reads `MES Mar 25`; everything else as stored.
 */
export function toDisplaySymbol(symbol: string, assetClass: AssetClass | string): DisplaySymbol {
  if (assetClass === 'option') {
    const option = parseOptionSymbol(symbol);
    if (!option) return { text: symbol, code: symbol };
    const [year = '', month = '', day = ''] = option.expiry.split('-');
    const monthName = MONTHS[Number(month) - 1] ?? month;
    const right = option.right === 'call' ? 'C' : 'P';
    return {
      text: `${option.root} ${Number(day)} ${monthName} ${year.slice(2)} ${option.strike.toString()} ${right}`,
      code: symbol,
    };
  }
  if (assetClass === 'future') {
    const future = parseFuturesSymbol(symbol);
    if (!future || future.month === null) return { text: symbol, code: symbol };
    const year = future.year !== null ? String(future.year % 100).padStart(2, '0') : String(future.yearDigit ?? '');
    return { text: `${future.root} ${MONTHS[future.month - 1] ?? ''} ${year}`.trimEnd(), code: symbol };
  }
  return { text: symbol, code: symbol };
}

const MAX_PLACES = 8;

/**
 * The decimals a price of this instrument is quoted to (its tick, as far as the asset class tells):
 * stocks, ETFs, CFDs and options in cents (sub-dollar stocks to 4), futures to 2, forex to the
 * fractional pip (3 for yen quotes, else 5), crypto to 2 above 1,000, 4 above 1, else enough for
 * four significant digits.
 */
export function toTickPlaces(assetClass: AssetClass | string, symbol: string, price: string): number {
  const value = toDecimal(price)?.abs();
  switch (assetClass) {
    case 'forex':
      return /JPY$/.test(symbol) ? 3 : 5;
    case 'crypto': {
      if (!value || value.gte(1000)) return 2;
      if (value.gte(1)) return 4;
      if (value.eq(0)) return 2;
      // 0.0001234 → the first significant digit is the 4th decimal: 4 + 3 more.
      const firstSignificant = -Math.floor(Math.log10(value.toNumber()));
      return Math.min(MAX_PLACES, firstSignificant + 3);
    }
    case 'future':
      return 2;
    default:
      return value && value.lt(1) && assetClass !== 'option' ? 4 : 2;
  }
}

/**
 * A price for display: a fill at its tick's places (more when the broker gave more, up to two
 * more), an average to one place beyond the tick, trailing zeros trimmed back to the tick
 * (`403.06666667` → `403.067`, `403.1` → `403.10`). Exact: rounded half up on the decimal, never a
 * float. A value that is not a number is returned as given.
 */
export function formatPrice(
  price: string,
  instrument: { assetClass: AssetClass | string; symbol: string },
  kind: 'fill' | 'average' = 'fill',
): string {
  const value = toDecimal(price);
  if (!value) return price;
  const tick = toTickPlaces(instrument.assetClass, instrument.symbol, price);
  const most = kind === 'average' ? tick + 1 : Math.min(Math.max(tick, decimalPlaces(value)), tick + 2);
  const rounded = roundDecimal(value, Math.min(most, MAX_PLACES));
  return rounded.toFixed(Math.min(Math.max(tick, decimalPlaces(rounded)), MAX_PLACES));
}
