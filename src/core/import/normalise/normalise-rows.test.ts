import { describe, expect, it } from 'vitest';
import { normaliseRows, type NormaliseParams } from './normalise-rows';

const base = {
  decimalSeparator: '.',
  timeZone: 'America/New_York',
  defaultCurrency: 'USD',
} satisfies Partial<NormaliseParams>;

describe('normaliseRows', () => {
  const headers = ['Date', 'Symbol', 'Side', 'Qty', 'Price', 'Amount', 'Id'];
  const mapping = { date: 0, symbol: 1, side: 2, quantity: 3, price: 4, amount: 5, execId: 6 };

  it('replays a date-only newest-first file in reverse file order', () => {
    const result = normaliseRows({
      ...base,
      headers,
      mapping,
      dateFormat: { order: 'MDY' },
      order: 'auto',
      rows: [
        ['01/08/2025', 'AAPL', 'Sell', '10', '190', '', ''],
        ['01/07/2025', 'AAPL', 'Sell', '10', '189', '', ''],
        ['01/07/2025', 'AAPL', 'Buy', '20', '185', '', ''],
      ],
    });
    const ordered = [...result.executions].sort((a, b) => a.sequence - b.sequence);
    expect(ordered.map((e) => `${e.side} ${e.quantity}`)).toEqual(['buy 20', 'sell 10', 'sell 10']);
  });

  it('counts the same execution id once and skips non-trade rows with a reason', () => {
    const result = normaliseRows({
      ...base,
      headers,
      mapping,
      dateFormat: { order: 'MDY' },
      rows: [
        { line: 2, cells: ['01/07/2025', 'AAPL', 'Buy', '20', '185', '-3700', 'X1'] },
        { line: 3, cells: ['01/07/2025', 'AAPL', 'Buy', '20', '185', '-3700', 'X1'] },
        { line: 4, cells: ['01/07/2025', '', 'Dividend', '', '', '12.50', ''] },
      ],
    });
    expect(result.executions).toHaveLength(1);
    expect(result.executions[0]?.brokerExecId).toBe('X1');
    expect(result.skipped).toEqual([
      { row: 3, reason: 'duplicate of row 2 (same execution id)' },
      { row: 4, reason: 'dividend: not a trade' },
    ]);
    expect(result.problems).toEqual([]);
  });

  it('keeps identical fills without an id (two real partial fills)', () => {
    const result = normaliseRows({
      ...base,
      headers,
      mapping,
      dateFormat: { order: 'MDY' },
      rows: [
        ['01/07/2025 10:00:00', 'AAPL', 'Buy', '5', '185', '', ''],
        ['01/07/2025 10:00:00', 'AAPL', 'Buy', '5', '185', '', ''],
      ],
    });
    expect(result.executions).toHaveLength(2);
  });

  it('reports a missing price naming the row', () => {
    const result = normaliseRows({
      ...base,
      headers,
      mapping,
      dateFormat: { order: 'MDY' },
      rows: [{ line: 7, cells: ['01/07/2025', 'AAPL', 'Buy', '5', '', '', ''] }],
    });
    expect(result.problems).toEqual([{ row: 7, message: 'Row 7: no price.' }]);
  });

  it('derives fees from the cash amount when the layout implies them', () => {
    const result = normaliseRows({
      ...base,
      headers,
      mapping,
      dateFormat: { order: 'MDY' },
      feesFromAmount: true,
      rows: [
        ['01/07/2025', 'AAPL', 'Buy', '10', '185.00', '($1,850.04)', ''],
        ['01/08/2025', 'AAPL', 'Sell', '10', '190.00', '$1,899.97', ''],
      ],
    });
    expect(result.executions.map((e) => e.fees)).toEqual(['0.04', '0.03']);
  });

  it('closes a short option at 0 on expiration and takes sides from signed quantities', () => {
    const result = normaliseRows({
      ...base,
      headers: ['Date', 'Underlying', 'Expiry', 'Strike', 'Right', 'Qty', 'Price', 'Action'],
      mapping: { date: 0, underlying: 1, expiry: 2, strike: 3, optionRight: 4, quantity: 5, price: 6, side: 7 },
      dateFormat: { order: 'YMD' },
      rows: [
        ['2025-01-08', 'AMD', '2025-01-17', '110', 'P', '-1', '3.20', ''],
        ['2025-01-17', 'AMD', '2025-01-17', '110', 'P', '1', '', 'Expired'],
      ],
    });
    expect(result.executions.map((e) => [e.symbol, e.side, e.price, e.event])).toEqual([
      ['AMD   250117P00110000', 'sell', '3.2', null],
      ['AMD   250117P00110000', 'buy', '0', 'expiration'],
    ]);
  });

  it('skips footer rows whose date does not read', () => {
    const result = normaliseRows({
      ...base,
      headers,
      mapping,
      dateFormat: { order: 'MDY' },
      rows: [{ line: 9, cells: ['Transactions Total', '', '', '', '', '$20,298.76', ''] }],
    });
    expect(result.skipped).toEqual([{ row: 9, reason: 'not a data row (title, total or footer)' }]);
  });
});
