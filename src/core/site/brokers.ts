/**
 * The 25 brokers with automated import (seed §2, /brokers), in the seed's order and spelling.
 * `region` is where the broker mainly serves clients; `assets` are the asset classes a journal can
 * import from it. Import details per broker live in the importer's presets, not here.
 */
export type AssetType = 'stocks' | 'etfs' | 'options' | 'futures' | 'forex' | 'crypto' | 'cfds';

export type BrokerRegion = 'United States' | 'Canada' | 'United Kingdom' | 'Europe' | 'Australia' | 'India' | 'Global';

export type SupportedBroker = {
  readonly name: string;
  readonly region: BrokerRegion;
  readonly assets: readonly AssetType[];
  /** A fact a trader should know before importing, shown under the name. */
  readonly note?: string;
};

export const ASSET_TYPE_LABELS: Record<AssetType, string> = {
  stocks: 'Stocks',
  etfs: 'ETFs',
  options: 'Options',
  futures: 'Futures',
  forex: 'Forex',
  crypto: 'Crypto',
  cfds: 'CFDs',
};

export const SUPPORTED_BROKERS: readonly SupportedBroker[] = [
  { name: 'E*TRADE', region: 'United States', assets: ['stocks', 'etfs', 'options', 'futures'] },
  {
    name: 'Interactive Brokers',
    region: 'Global',
    assets: ['stocks', 'etfs', 'options', 'futures', 'forex', 'cfds', 'crypto'],
  },
  { name: 'Charles Schwab', region: 'United States', assets: ['stocks', 'etfs', 'options', 'futures'] },
  { name: 'Fidelity', region: 'United States', assets: ['stocks', 'etfs', 'options'] },
  { name: 'Robinhood', region: 'United States', assets: ['stocks', 'etfs', 'options', 'crypto'] },
  { name: 'Webull', region: 'United States', assets: ['stocks', 'etfs', 'options'] },
  { name: 'TradeStation', region: 'United States', assets: ['stocks', 'etfs', 'options', 'futures'] },
  { name: 'Alpaca', region: 'United States', assets: ['stocks', 'etfs', 'options', 'crypto'] },
  { name: 'Coinbase', region: 'Global', assets: ['crypto'] },
  {
    name: 'TD Ameritrade',
    region: 'United States',
    assets: ['stocks', 'etfs', 'options', 'futures'],
    note: 'Accounts moved to Schwab in 2023–24; your thinkorswim history still imports.',
  },
  { name: 'Vanguard US', region: 'United States', assets: ['stocks', 'etfs'] },
  { name: 'Wealthsimple', region: 'Canada', assets: ['stocks', 'etfs', 'options', 'crypto'] },
  { name: 'Questrade', region: 'Canada', assets: ['stocks', 'etfs', 'options'] },
  { name: 'Tradier', region: 'United States', assets: ['stocks', 'etfs', 'options'] },
  { name: 'Public', region: 'United States', assets: ['stocks', 'etfs', 'options', 'crypto'] },
  { name: 'Kraken', region: 'Global', assets: ['crypto'] },
  { name: 'Binance', region: 'Global', assets: ['crypto'] },
  { name: 'Trading 212', region: 'Europe', assets: ['stocks', 'etfs', 'cfds'] },
  { name: 'Aj Bell', region: 'United Kingdom', assets: ['stocks', 'etfs'] },
  { name: 'BUX', region: 'Europe', assets: ['stocks', 'etfs', 'crypto'] },
  { name: 'Chase', region: 'United States', assets: ['stocks', 'etfs', 'options'] },
  { name: 'Commsec', region: 'Australia', assets: ['stocks', 'etfs'] },
  { name: 'Empower', region: 'United States', assets: ['stocks', 'etfs'] },
  { name: 'Upstox', region: 'India', assets: ['stocks', 'futures', 'options'] },
  { name: 'Zerodha', region: 'India', assets: ['stocks', 'etfs', 'futures', 'options'] },
];
