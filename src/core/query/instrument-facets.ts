/**
 * What a stored symbol says of its instrument, for the filters on it (underlying, option right,
 * expiry, strike, futures root): read from the normalised symbol and asset class the trade row
 * keeps, by the same rules as the SQL compiler's expressions (server/db/trade-filter-sql.ts), so
 * both select the same trades. Options are stored as the 21-character OCC symbol, futures as
 * root + month code + year digits (src/core/instruments/instrument.ts).
 */
export type InstrumentFacets = {
  underlying: string;
  right: 'call' | 'put' | null;
  /** YYYY-MM-DD. */
  expiry: string | null;
  strike: number | null;
  futuresRoot: string | null;
};

/** The OCC symbol: root padded to 6, YYMMDD, C or P, strike in thousandths (8 digits). */
export const OCC_PATTERN = '^.{6}[0-9]{6}[CP][0-9]{8}$';
const OCC = new RegExp(OCC_PATTERN);
/** A futures symbol's month code and year digits, after its root. */
export const FUTURES_SUFFIX_PATTERN = '[FGHJKMNQUVXZ][0-9]{1,2}$';
const FUTURES_SUFFIX = new RegExp(FUTURES_SUFFIX_PATTERN);
/** Option roots whose underlying is another symbol (weekly and PM-settled index options). */
export const UNDERLYING_OF_ROOT: Readonly<Record<string, string>> = {
  SPXW: 'SPX',
  NDXP: 'NDX',
  RUTW: 'RUT',
  VIXW: 'VIX',
};
/** An adjusted option's root: the underlying and one digit. */
export const ADJUSTED_ROOT_PATTERN = '^([A-Z]+)[0-9]$';
const ADJUSTED_ROOT = new RegExp(ADJUSTED_ROOT_PATTERN);

const NONE: Omit<InstrumentFacets, 'underlying'> = { right: null, expiry: null, strike: null, futuresRoot: null };

export function toInstrumentFacets(assetClass: string, symbol: string): InstrumentFacets {
  if (assetClass === 'option') {
    const root = symbol.slice(0, 6).trimEnd();
    const underlying = UNDERLYING_OF_ROOT[root] ?? root.replace(ADJUSTED_ROOT, '$1');
    if (!OCC.test(symbol)) return { ...NONE, underlying };
    return {
      underlying,
      right: symbol[12] === 'C' ? 'call' : 'put',
      expiry: `20${symbol.slice(6, 8)}-${symbol.slice(8, 10)}-${symbol.slice(10, 12)}`,
      strike: Number(symbol.slice(13, 21)) / 1000,
      futuresRoot: null,
    };
  }
  if (assetClass === 'future') {
    const root = symbol.replace(FUTURES_SUFFIX, '');
    return { ...NONE, underlying: root, futuresRoot: root };
  }
  if (assetClass === 'forex' || assetClass === 'crypto') return { ...NONE, underlying: symbol.split('/')[0]! };
  return { ...NONE, underlying: symbol };
}
