import type { BrokerPreset } from './types';

/**
 * Edgebook's own CSV (the trades export and the downloadable template, documented in
 * src/server/modules/trades/csv-export.ts): UTC ISO times, plain decimals, the fill's fingerprint
 * and, on each trade's first row, its journal — which the import restores.
 */
export const EDGEBOOK_PRESET: BrokerPreset = {
  id: 'edgebook',
  broker: 'Edgebook',
  variant: 'Edgebook CSV (export or template)',
  signature: ['executed_at', 'symbol', 'side', 'quantity', 'price', 'fingerprint'],
  columns: {
    date: ['executed_at'],
    symbol: ['symbol'],
    side: ['side'],
    quantity: ['quantity'],
    price: ['price'],
    commission: ['commission'],
    fees: ['fees'],
    multiplier: ['multiplier'],
    currency: ['currency'],
    assetClass: ['asset_class'],
    execId: ['broker_exec_id'],
    account: ['account'],
  },
  conventions: {
    dateOrder: 'YMD',
    timeZone: 'UTC',
    order: 'oldestFirst',
    sides: 'words',
    feesFromAmount: false,
  },
};
