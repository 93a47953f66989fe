import type { Decimal } from '../money/decimal';

export const ASSET_CLASSES = ['stock', 'etf', 'option', 'future', 'forex', 'crypto', 'cfd'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

export type OptionRight = 'call' | 'put';

/**
 * What a symbol trades. One flat shape for every asset class: fields that do not apply are null,
 * so filters ("strike between", "futures root in") and storage columns read the same everywhere.
 */
export type Instrument = {
  assetClass: AssetClass;
  /**
   * Normalised symbol: stocks/ETFs/CFDs upper-case (`BRK.B`); options the 21-character OCC symbol
   * (`AAPL  250117C00150000`); futures root + month code + 2-digit year (`ESZ24`); forex and crypto
   * `BASE/QUOTE` (`EUR/USD`, `BTC/USDT`).
   */
  symbol: string;
  /** Options: the underlying (SPXW → SPX); futures: the root; forex and crypto: the base; else the symbol. */
  underlying: string | null;
  /** Options: expiration date, ISO `YYYY-MM-DD`. */
  expiry: string | null;
  /** Options: strike, in the underlying's price units. */
  strike: Decimal | null;
  right: OptionRight | null;
  /** Futures: the contract root (`ES`, `MNQ`, `6E`). */
  futuresRoot: string | null;
  /**
   * Futures: the contract (delivery) month, `YYYY-MM`; null for a continuous or bare root, or a
   * one-digit year that could not be placed in a decade. Not the last trading day, which each
   * exchange defines per contract.
   */
  contractMonth: string | null;
  /**
   * Currency value of a price move of 1 per unit of quantity: 100 for equity options, the point
   * value for futures (ES 50), 1 for stocks, forex and crypto (quantity in units of the base).
   * P&L = Δprice × quantity × multiplier.
   */
  multiplier: Decimal;
  /** Forex: the price step traders call a pip (0.0001; 0.01 when the quote currency is JPY). */
  pipSize: Decimal | null;
  /** Forex and crypto: the currency or coin bought and sold. */
  baseCurrency: string | null;
  /** Forex and crypto: the currency prices are quoted in; futures: the contract's currency. */
  quoteCurrency: string | null;
};

/**
 * The grouping key of an instrument: executions with equal keys (in one account) belong to the
 * same positions. Stocks and ETFs share a namespace, so a ticker classified differently by two
 * imports still groups together; a CFD on AAPL never groups with AAPL shares.
 */
export function toInstrumentKey(instrument: Pick<Instrument, 'assetClass' | 'symbol'>): string {
  const space = instrument.assetClass === 'etf' ? 'stock' : instrument.assetClass;
  return `${space}:${instrument.symbol}`;
}
