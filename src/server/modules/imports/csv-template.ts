import { toCsvLine } from '../../../core/csv';
import { EDGEBOOK_CSV_COLUMNS, EDGEBOOK_CSV_KINDS } from '../trades';

/**
 * The downloadable Edgebook CSV template: the export's header (csv-export.ts documents each
 * column) and two example fills making one round trip. Only executed_at, symbol, side, quantity
 * and price are required; the journal columns may stay empty.
 */
const EXAMPLE_ROWS: Record<string, string>[] = [
  {
    account: 'Main',
    executed_at: '2025-01-17T14:30:05.000Z',
    symbol: 'AAPL',
    asset_class: 'stock',
    side: 'buy',
    quantity: '100',
    price: '229.50',
    commission: '1.00',
    fees: '0.05',
    multiplier: '1',
    currency: 'USD',
    stop_price: '227.50',
    target_price: '234.00',
    strategy: 'Opening Range Breakout',
    tags: '["A+ setup"]',
    rating: '4',
    notes: 'Waited for the first pullback.',
  },
  {
    account: 'Main',
    executed_at: '2025-01-17T15:02:41.000Z',
    symbol: 'AAPL',
    asset_class: 'stock',
    side: 'sell',
    quantity: '100',
    price: '232.10',
    commission: '1.00',
    fees: '0.06',
    multiplier: '1',
    currency: 'USD',
  },
];

export const EDGEBOOK_CSV_TEMPLATE = [
  toCsvLine(EDGEBOOK_CSV_COLUMNS),
  ...EXAMPLE_ROWS.map((row) =>
    toCsvLine(
      EDGEBOOK_CSV_COLUMNS.map((column) => row[column] ?? ''),
      EDGEBOOK_CSV_KINDS,
    ),
  ),
].join('');
