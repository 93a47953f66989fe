import { describe, expect, it } from 'vitest';
import { importTable } from '../normalise/import-table';
import { detectColumns } from './detect-columns';

describe('identifier columns (ISIN, CUSIP)', () => {
  it('reads an IBKR Flex trades file with an ISIN and no symbol by its ISINs', () => {
    const headers = [
      'ClientAccountID',
      'CurrencyPrimary',
      'AssetClass',
      'Description',
      'ISIN',
      'Date/Time',
      'Buy/Sell',
      'Quantity',
      'Price',
      'Commission',
      'TradeID',
    ];
    const rows = [
      ['U1', 'USD', 'STK', 'APPLE INC', 'US0378331005', '20250106;093512', 'BUY', '60', '185.20', '-0.60', '1'],
      ['U1', 'USD', 'STK', 'APPLE INC', 'US0378331005', '20250107;093512', 'SELL', '-60', '190.20', '-0.60', '2'],
    ];
    const result = importTable({ headers, rows, accountTimeZone: 'America/New_York', defaultCurrency: 'USD' });
    expect(result.detection.missingRoles).toEqual([]);
    expect(result.problems).toEqual([]);
    expect(result.executions.map((e) => [e.symbol, e.side, e.quantity])).toEqual([
      ['US0378331005', 'buy', '60'],
      ['US0378331005', 'sell', '60'],
    ]);
  });

  it('never takes a column of ISINs for a quantity or a price, whatever its header', () => {
    const headers = ['Trade Date', 'Instrument', 'Amount', 'Buy/Sell', 'Quantity', 'Price'];
    const rows = [
      ['2025-01-06', 'iShares Core MSCI World', 'IE00BK5BQT80', 'Buy', '10', '100.5'],
      ['2025-01-08', 'iShares Core MSCI World', 'IE00BK5BQT80', 'Sell', '10', '101.5'],
    ];
    const detected = detectColumns(headers, rows);
    expect(detected.mapping.amount).toBeUndefined();
    expect(detected.mapping.quantity).toBe(4);
    expect(detected.mapping.price).toBe(5);
  });
});
