import { describe, expect, it } from 'vitest';
import { BROKER_COUNT } from '../config/plans';
import { ASSET_TYPE_LABELS, SUPPORTED_BROKERS } from './brokers';

/** Seed §2, /brokers: the 25 auto-import brokers, in this order and spelling. */
const SEED_BROKERS = [
  'E*TRADE',
  'Interactive Brokers',
  'Charles Schwab',
  'Fidelity',
  'Robinhood',
  'Webull',
  'TradeStation',
  'Alpaca',
  'Coinbase',
  'TD Ameritrade',
  'Vanguard US',
  'Wealthsimple',
  'Questrade',
  'Tradier',
  'Public',
  'Kraken',
  'Binance',
  'Trading 212',
  'Aj Bell',
  'BUX',
  'Chase',
  'Commsec',
  'Empower',
  'Upstox',
  'Zerodha',
];

describe('SUPPORTED_BROKERS', () => {
  it('lists exactly the seed’s 25 brokers in the seed’s order and spelling', () => {
    expect(SUPPORTED_BROKERS.map((b) => b.name)).toEqual(SEED_BROKERS);
  });

  it('has as many brokers as BROKER_COUNT, the number the marketing copy states', () => {
    expect(SUPPORTED_BROKERS).toHaveLength(BROKER_COUNT);
    expect(BROKER_COUNT).toBe(25);
  });

  it('names each broker once', () => {
    expect(new Set(SUPPORTED_BROKERS.map((b) => b.name)).size).toBe(SUPPORTED_BROKERS.length);
  });

  it('gives every broker a region and at least one known, unrepeated asset type', () => {
    for (const broker of SUPPORTED_BROKERS) {
      expect(broker.region).not.toBe('');
      expect(broker.assets.length).toBeGreaterThan(0);
      expect(new Set(broker.assets).size).toBe(broker.assets.length);
      for (const asset of broker.assets) expect(Object.keys(ASSET_TYPE_LABELS)).toContain(asset);
    }
  });
});
