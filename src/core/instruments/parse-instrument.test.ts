import { describe, expect, it } from 'vitest';
import { D } from '../money/decimal';
import { toInstrumentKey, type Instrument } from './instrument';
import { isInstrumentError, parseInstrument, type InstrumentHint } from './parse-instrument';

function parsed(symbol: string, hint?: InstrumentHint): Instrument {
  const result = parseInstrument(symbol, hint);
  if (isInstrumentError(result)) throw new Error(`${symbol}: ${result.message}`);
  return result;
}

/** The fields worth comparing, decimals as strings. */
function summary(instrument: Instrument) {
  return {
    assetClass: instrument.assetClass,
    symbol: instrument.symbol,
    multiplier: instrument.multiplier.toString(),
    ...(instrument.strike && { strike: instrument.strike.toString() }),
    ...(instrument.pipSize && { pipSize: instrument.pipSize.toString() }),
  };
}

describe('parseInstrument', () => {
  it.each([
    ['AAPL', { assetClass: 'stock', symbol: 'AAPL', multiplier: '1' }],
    [' msft ', { assetClass: 'stock', symbol: 'MSFT', multiplier: '1' }],
    ['BRK/B', { assetClass: 'stock', symbol: 'BRK.B', multiplier: '1' }],
    ['BRK-B', { assetClass: 'stock', symbol: 'BRK.B', multiplier: '1' }],
    ['SHOP.TO', { assetClass: 'stock', symbol: 'SHOP.TO', multiplier: '1' }],
    ['NASDAQ:AAPL', { assetClass: 'stock', symbol: 'AAPL', multiplier: '1' }],
    ['ES', { assetClass: 'stock', symbol: 'ES', multiplier: '1' }],
    [
      'AAPL  250117C00150000',
      { assetClass: 'option', symbol: 'AAPL  250117C00150000', multiplier: '100', strike: '150' },
    ],
    [
      'AAPL 01/17/2025 150.00 C',
      { assetClass: 'option', symbol: 'AAPL  250117C00150000', multiplier: '100', strike: '150' },
    ],
    [
      'AAPL Jan 17 2025 150 Call',
      { assetClass: 'option', symbol: 'AAPL  250117C00150000', multiplier: '100', strike: '150' },
    ],
    ['.AAPL250117C150', { assetClass: 'option', symbol: 'AAPL  250117C00150000', multiplier: '100', strike: '150' }],
    ['ESZ24', { assetClass: 'future', symbol: 'ESZ24', multiplier: '50' }],
    ['/ESZ24', { assetClass: 'future', symbol: 'ESZ24', multiplier: '50' }],
    ['MNQH25', { assetClass: 'future', symbol: 'MNQH25', multiplier: '2' }],
    ['MYMM25', { assetClass: 'future', symbol: 'MYMM25', multiplier: '0.5' }],
    ['6JZ24', { assetClass: 'future', symbol: '6JZ24', multiplier: '12500000' }],
    ['CL 12-24', { assetClass: 'future', symbol: 'CLZ24', multiplier: '1000' }],
    ['EUR/USD', { assetClass: 'forex', symbol: 'EUR/USD', multiplier: '1', pipSize: '0.0001' }],
    ['EURUSD', { assetClass: 'forex', symbol: 'EUR/USD', multiplier: '1', pipSize: '0.0001' }],
    ['EUR.USD', { assetClass: 'forex', symbol: 'EUR/USD', multiplier: '1', pipSize: '0.0001' }],
    ['usd_jpy', { assetClass: 'forex', symbol: 'USD/JPY', multiplier: '1', pipSize: '0.01' }],
    ['GBPJPY', { assetClass: 'forex', symbol: 'GBP/JPY', multiplier: '1', pipSize: '0.01' }],
    ['BTC-USD', { assetClass: 'crypto', symbol: 'BTC/USD', multiplier: '1' }],
    ['BTC/USDT', { assetClass: 'crypto', symbol: 'BTC/USDT', multiplier: '1' }],
    ['ETHUSD', { assetClass: 'crypto', symbol: 'ETH/USD', multiplier: '1' }],
    ['BTCUSDT', { assetClass: 'crypto', symbol: 'BTC/USDT', multiplier: '1' }],
    ['XBTUSD', { assetClass: 'crypto', symbol: 'BTC/USD', multiplier: '1' }],
    ['ETHBTC', { assetClass: 'crypto', symbol: 'ETH/BTC', multiplier: '1' }],
    ['PEPE-USD', { assetClass: 'crypto', symbol: 'PEPE/USD', multiplier: '1' }],
    ['BINANCE:SOLUSDC', { assetClass: 'crypto', symbol: 'SOL/USDC', multiplier: '1' }],
  ])('reads %j', (symbol, expected) => {
    expect(summary(parsed(symbol))).toEqual(expected);
  });

  it('fills the option fields', () => {
    expect(parsed('SPXW  240621P05400000')).toMatchObject({
      underlying: 'SPX',
      expiry: '2024-06-21',
      right: 'put',
      futuresRoot: null,
      pipSize: null,
    });
  });

  it('fills the futures fields', () => {
    expect(parsed('ESZ4', { referenceDate: '2024-11-15' })).toMatchObject({
      symbol: 'ESZ24',
      futuresRoot: 'ES',
      underlying: 'ES',
      contractMonth: '2024-12',
      quoteCurrency: 'USD',
      expiry: null,
    });
    expect(parsed('FDAXZ24').quoteCurrency).toBe('EUR');
  });

  it('keeps an unplaceable one-digit futures year as written', () => {
    expect(parsed('ESZ4')).toMatchObject({ symbol: 'ESZ4', contractMonth: null });
  });

  it('fills base and quote of a pair', () => {
    expect(parsed('EURUSD')).toMatchObject({ baseCurrency: 'EUR', quoteCurrency: 'USD', underlying: 'EUR' });
    expect(parsed('BTC-USD')).toMatchObject({ baseCurrency: 'BTC', quoteCurrency: 'USD', underlying: 'BTC' });
  });

  describe('with a hint', () => {
    it('classifies an ETF only when told', () => {
      expect(parsed('SPY').assetClass).toBe('stock');
      expect(parsed('SPY', { assetClass: 'etf' }).assetClass).toBe('etf');
    });

    it('uses the hinted multiplier', () => {
      expect(parsed('AAPL 250117C150', { multiplier: D(10) }).multiplier.toString()).toBe('10');
      expect(parsed('EURUSD', { multiplier: D(100000) }).multiplier.toString()).toBe('100000');
    });

    it('reads a bare or unknown futures root as a future', () => {
      expect(parsed('ES', { assetClass: 'future' })).toMatchObject({ symbol: 'ES', contractMonth: null });
      expect(summary(parsed('XYZZ24', { assetClass: 'future', multiplier: D(25) }))).toEqual({
        assetClass: 'future',
        symbol: 'XYZZ24',
        multiplier: '25',
      });
    });

    it('makes a CFD of any reasonable symbol', () => {
      expect(summary(parsed('us500', { assetClass: 'cfd' }))).toEqual({
        assetClass: 'cfd',
        symbol: 'US500',
        multiplier: '1',
      });
    });

    it('accepts an unknown coin', () => {
      expect(parsed('FOOUSD', { assetClass: 'crypto' }).symbol).toBe('FOO/USD');
    });
  });

  it.each([
    ['', undefined, 'EMPTY'],
    ['   ', undefined, 'EMPTY'],
    ['AAPL', { multiplier: D(0) }, 'BAD_MULTIPLIER'],
    ['XYZZ24', { assetClass: 'future' }, 'UNKNOWN_FUTURES_ROOT'],
    ['AAPL', { assetClass: 'option' }, 'UNRECOGNISED'],
    ['AAPL', { assetClass: 'forex' }, 'UNRECOGNISED'],
    ['EUR/EUR', { assetClass: 'forex' }, 'UNRECOGNISED'],
    ['this is not a symbol!', undefined, 'UNRECOGNISED'],
  ] as const)('rejects %j (hint %o) with %s', (symbol, hint, code) => {
    const result = parseInstrument(symbol, hint);
    expect(isInstrumentError(result) && result.error).toBe(code);
  });
});

describe('toInstrumentKey', () => {
  it('groups a ticker whatever its equity class', () => {
    expect(toInstrumentKey(parsed('SPY', { assetClass: 'etf' }))).toBe(toInstrumentKey(parsed('SPY')));
  });

  it('keeps a CFD apart from the shares', () => {
    expect(toInstrumentKey(parsed('AAPL', { assetClass: 'cfd' }))).not.toBe(toInstrumentKey(parsed('AAPL')));
  });

  it('gives every text form of one option the same key', () => {
    const keys = [
      'AAPL  250117C00150000',
      'AAPL 01/17/2025 150.00 C',
      'AAPL Jan 17 2025 150 Call',
      'AAPL 250117C150',
    ].map((symbol) => toInstrumentKey(parsed(symbol)));
    expect(new Set(keys).size).toBe(1);
  });
});
