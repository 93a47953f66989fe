import { D, isPositive, ONE, type Decimal } from '../money/decimal';
import { findFuturesContract, parseFuturesSymbol, toContractMonth, toFuturesSymbol } from './futures';
import type { AssetClass, Instrument } from './instrument';
import { parseOptionSymbol, toOccSymbol } from './options';

export type InstrumentHint = {
  /** The asset class when the source states it (a broker's "Asset Category" column). */
  assetClass?: AssetClass;
  /** Overrides the default multiplier (options 100, futures from the table, else 1). Must be > 0. */
  multiplier?: Decimal;
  /** ISO date (or date-time) of the execution: places one-digit futures years (`ESZ4`) in a decade. */
  referenceDate?: string;
};

export type InstrumentErrorCode = 'EMPTY' | 'UNRECOGNISED' | 'BAD_MULTIPLIER' | 'UNKNOWN_FUTURES_ROOT';
export type InstrumentError = { error: InstrumentErrorCode; message: string };

/** Narrows a {@link parseInstrument} result. */
export function isInstrumentError(result: Instrument | InstrumentError): result is InstrumentError {
  return 'error' in result;
}

const OPTION_MULTIPLIER = D(100);
const PIP = D('0.0001');
const JPY_PIP = D('0.01');

const FIAT = new Set(
  'USD EUR JPY GBP CHF CAD AUD NZD SEK NOK DKK PLN HUF CZK TRY ZAR MXN SGD HKD CNH CNY ILS RUB INR KRW THB BRL'.split(
    ' ',
  ),
);
const COINS = new Set(
  'BTC ETH SOL XRP ADA DOGE DOT LTC BCH LINK AVAX MATIC POL UNI ATOM XLM TRX SHIB ETC FIL NEAR APT ARB OP SUI PEPE BNB TON XMR AAVE USDT USDC DAI BUSD'.split(
    ' ',
  ),
);
// Quote currencies of crypto pairs, longest first so that BTCUSDT splits as BTC/USDT, not BTCU/SDT.
const CRYPTO_QUOTES = ['USDT', 'USDC', 'BUSD', 'DAI', 'USD', 'EUR', 'GBP', 'BTC', 'ETH'];
const COIN_ALIASES: Readonly<Record<string, string>> = { XBT: 'BTC' }; // Kraken, BitMEX

const EXCHANGE_PREFIX = /^[A-Z0-9_]+:(?=\S)/; // TradingView: NASDAQ:AAPL, BINANCE:BTCUSDT
const SEPARATED_PAIR = /^([A-Z0-9]{2,10})[/\-_.]([A-Z0-9]{2,10})$/;
const SHARE_CLASS = /^([A-Z]{1,5})[/\- ]([A-Z])$/;
const TICKER = /^[A-Z0-9][A-Z0-9.-]{0,14}$/;
const CFD_SYMBOL = /^[A-Z0-9][A-Z0-9 ./_-]{0,31}$/;

/**
 * Reads a symbol as a broker file writes it.
 *
 * With `hint.assetClass`, only that class is tried. Without it, in order: an option (OCC or a
 * text form, see `parseOptionSymbol`), a future whose root is in `FUTURES_CONTRACTS` with a
 * contract month (`ESZ4`, `/ESZ24`, `MNQH5`, `ES 12-24`; a bare `ES` stays a stock — it is
 * Eversource), a forex pair of two fiat currencies (`EUR/USD`, `EURUSD`, `EUR.USD`, `EUR_USD`),
 * a crypto pair (`BTC-USD`, `BTC/USDT`, `ETHUSD`, `XBTUSD`), then a stock ticker. ETFs and CFDs are
 * never guessed from the symbol: only the hint makes them.
 *
 * Multipliers: the hint's, else options 100 (or the size a thinkorswim description states),
 * futures the table's point value, everything else 1. An unknown futures root needs the hint's
 * multiplier. Prices are per unit; forex and crypto quantities are units of the base currency.
 */
export function parseInstrument(symbol: string, hint: InstrumentHint = {}): Instrument | InstrumentError {
  const text = symbol.trim().toUpperCase().replace(/\s+/g, ' ').replace(EXCHANGE_PREFIX, '');
  if (text === '') return fail('EMPTY', 'The symbol is empty.');
  if (hint.multiplier !== undefined && !isPositive(hint.multiplier)) {
    return fail('BAD_MULTIPLIER', `The multiplier must be greater than 0, got ${hint.multiplier.toString()}.`);
  }
  const referenceYear = toReferenceYear(hint.referenceDate);
  switch (hint.assetClass) {
    case 'option':
      return toOption(text, hint) ?? unrecognised(symbol, 'option');
    case 'future':
      return toFuture(text, hint, referenceYear, true) ?? unrecognised(symbol, 'future');
    case 'forex':
      return toForex(text, hint) ?? unrecognised(symbol, 'forex pair');
    case 'crypto':
      return toCrypto(text, hint, true) ?? unrecognised(symbol, 'crypto pair');
    case 'stock':
    case 'etf':
      return toEquity(text, hint.assetClass, hint) ?? unrecognised(symbol, 'ticker');
    case 'cfd':
      return CFD_SYMBOL.test(text) ? base('cfd', text, text, hint.multiplier ?? ONE) : unrecognised(symbol, 'CFD');
    case undefined:
      return (
        toOption(text, hint) ??
        toFuture(text, hint, referenceYear, false) ??
        toForex(text, hint) ??
        toCrypto(text, hint, false) ??
        toEquity(text, 'stock', hint) ??
        unrecognised(symbol, 'symbol')
      );
  }
}

function fail(error: InstrumentErrorCode, message: string): InstrumentError {
  return { error, message };
}

function unrecognised(symbol: string, what: string): InstrumentError {
  return fail('UNRECOGNISED', `"${symbol.trim()}" is not a recognised ${what}.`);
}

function toReferenceYear(referenceDate: string | undefined): number | undefined {
  const year = /^(\d{4})-/.exec(referenceDate ?? '')?.[1];
  return year === undefined ? undefined : Number(year);
}

function base(assetClass: AssetClass, symbol: string, underlying: string | null, multiplier: Decimal): Instrument {
  return {
    assetClass,
    symbol,
    underlying,
    expiry: null,
    strike: null,
    right: null,
    futuresRoot: null,
    contractMonth: null,
    multiplier,
    pipSize: null,
    baseCurrency: null,
    quoteCurrency: null,
  };
}

function toOption(text: string, hint: InstrumentHint): Instrument | null {
  const option = parseOptionSymbol(text);
  if (!option) return null;
  const right = option.right === 'call' ? 'C' : 'P';
  // Strikes OCC cannot write (4+ decimals) keep a readable, still unique, compact form.
  const symbol =
    toOccSymbol(option) ??
    `${option.root} ${option.expiry.slice(2).replace(/-/g, '')}${right}${option.strike.toString()}`;
  return {
    ...base('option', symbol, option.underlying, hint.multiplier ?? option.multiplier ?? OPTION_MULTIPLIER),
    expiry: option.expiry,
    strike: option.strike,
    right: option.right,
  };
}

function toFuture(
  text: string,
  hint: InstrumentHint,
  referenceYear: number | undefined,
  isHinted: boolean,
): Instrument | InstrumentError | null {
  const parts = parseFuturesSymbol(text, {
    allowBare: isHinted,
    ...(referenceYear === undefined ? {} : { referenceYear }),
  });
  if (!parts) return null;
  const contract = findFuturesContract(parts.root);
  if (!contract && !isHinted) return null;
  const multiplier = hint.multiplier ?? (contract ? D(contract.pointValue) : undefined);
  if (multiplier === undefined) {
    return fail(
      'UNKNOWN_FUTURES_ROOT',
      `No point value is known for the futures root ${parts.root}; give a multiplier.`,
    );
  }
  return {
    ...base('future', toFuturesSymbol(parts), parts.root, multiplier),
    futuresRoot: parts.root,
    contractMonth: toContractMonth(parts),
    quoteCurrency: contract?.currency ?? null,
  };
}

function splitPair(text: string): { base: string; quote: string } | null {
  const separated = SEPARATED_PAIR.exec(text);
  if (separated) return { base: separated[1] ?? '', quote: separated[2] ?? '' };
  return null;
}

function toForex(text: string, hint: InstrumentHint): Instrument | null {
  const pair = splitPair(text) ?? (/^[A-Z]{6}$/.test(text) ? { base: text.slice(0, 3), quote: text.slice(3) } : null);
  if (!pair || !FIAT.has(pair.base) || !FIAT.has(pair.quote) || pair.base === pair.quote) return null;
  return {
    ...base('forex', `${pair.base}/${pair.quote}`, pair.base, hint.multiplier ?? ONE),
    pipSize: pair.quote === 'JPY' ? JPY_PIP : PIP,
    baseCurrency: pair.base,
    quoteCurrency: pair.quote,
  };
}

function toCrypto(text: string, hint: InstrumentHint, isHinted: boolean): Instrument | null {
  let pair = text.includes('.') ? null : splitPair(text);
  if (pair) {
    const coin = COIN_ALIASES[pair.base] ?? pair.base;
    const isCryptoPair = COINS.has(coin) || (CRYPTO_QUOTES.includes(pair.quote) && !FIAT.has(coin));
    if (!isCryptoPair && !isHinted) return null;
    pair = { base: coin, quote: COIN_ALIASES[pair.quote] ?? pair.quote };
  } else {
    const quote = CRYPTO_QUOTES.find((q) => text.endsWith(q) && text.length > q.length + 1);
    if (quote === undefined) return null;
    const rawCoin = text.slice(0, -quote.length);
    const coin = COIN_ALIASES[rawCoin] ?? rawCoin;
    if (!/^[A-Z0-9]{2,10}$/.test(coin) || (!COINS.has(coin) && !isHinted)) return null;
    pair = { base: coin, quote };
  }
  return {
    ...base('crypto', `${pair.base}/${pair.quote}`, pair.base, hint.multiplier ?? ONE),
    baseCurrency: pair.base,
    quoteCurrency: pair.quote,
  };
}

function toEquity(text: string, assetClass: 'stock' | 'etf', hint: InstrumentHint): Instrument | null {
  const ticker = text.replace(SHARE_CLASS, '$1.$2'); // BRK/B, BRK-B, BRK B → BRK.B
  if (!TICKER.test(ticker)) return null;
  return base(assetClass, ticker, ticker, hint.multiplier ?? ONE);
}
