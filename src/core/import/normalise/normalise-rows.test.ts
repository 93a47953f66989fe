import fc from 'fast-check';
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
      { row: 3, reason: 'duplicate of row 2 (same execution id)', duplicateOf: 2 },
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

  it("reads each row's own instrument, whatever the rows of the same symbol cell before it held", () => {
    // Rows whose symbol cell is the same (empty: the option comes from its own columns, or ES's
    // one-digit year) but whose option fields, multiplier or year differ from the row before.
    const option = fc.record({
      kind: fc.constant('option' as const),
      underlying: fc.constantFrom('AMD', 'SPY'),
      expiry: fc.constantFrom('2025-01-17', '2025-02-21'),
      strike: fc.constantFrom('110', '115.5'),
      right: fc.constantFrom('P', 'C', 'Put'),
      year: fc.constant('2025'),
    });
    const future = fc.record({ kind: fc.constant('future' as const), year: fc.constantFrom('2025', '2034') });
    fc.assert(
      fc.property(fc.array(fc.oneof(option, future), { minLength: 1, maxLength: 12 }), (specs) => {
        const result = normaliseRows({
          ...base,
          headers: ['Date', 'Symbol', 'Underlying', 'Expiry', 'Strike', 'Right', 'Qty', 'Price', 'Side'],
          mapping: {
            date: 0,
            symbol: 1,
            underlying: 2,
            expiry: 3,
            strike: 4,
            optionRight: 5,
            quantity: 6,
            price: 7,
            side: 8,
          },
          dateFormat: { order: 'YMD' },
          rows: specs.map((spec, i) =>
            spec.kind === 'option'
              ? [`${spec.year}-01-08`, '', spec.underlying, spec.expiry, spec.strike, spec.right, '1', '2', 'Buy']
              : [`${spec.year}-03-03`, 'ESZ5', '', '', '', '', '1', '2', i % 2 ? 'Buy' : 'Sell'],
          ),
        });
        const expected = specs.map((spec) => {
          if (spec.kind === 'future') return `ESZ${spec.year === '2025' ? '25' : '35'}`;
          const strike = String(Math.round(Number(spec.strike) * 1000)).padStart(8, '0');
          const expiry = spec.expiry.slice(2).replaceAll('-', '');
          return `${spec.underlying.padEnd(6)}${expiry}${spec.right[0]}${strike}`;
        });
        const byRow = [...result.executions].sort((a, b) => a.row - b.row);
        expect(byRow.map((e) => e.symbol)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it("reads a symbol's multiplier and class again when they or the file's decimal separator change", () => {
    const read = (decimalSeparator: NormaliseParams['decimalSeparator'], rows: string[][]) =>
      normaliseRows({
        ...base,
        decimalSeparator,
        headers: ['Date', 'Symbol', 'Side', 'Qty', 'Price', 'Multiplier', 'Class'],
        mapping: { date: 0, symbol: 1, side: 2, quantity: 3, price: 4, multiplier: 5, assetClass: 6 },
        dateFormat: { order: 'YMD' },
        rows,
      }).executions.map((e) => [e.multiplier, e.assetClass]);
    const row = (multiplier: string, assetClass: string) => [
      '2025-03-03',
      'XYZ',
      'Buy',
      '1',
      '5',
      multiplier,
      assetClass,
    ];
    // Each row differs from the one before in one cell only; the last is the next file's row.
    const rows = [row('1,000', 'Future'), row('1,000', 'Stock'), row('2', 'Stock'), row('1,000', 'Future')];
    expect(read('.', rows)).toEqual([
      ['1000', 'future'],
      ['1000', 'stock'],
      ['2', 'stock'],
      ['1000', 'future'],
    ]);
    // The same cells in a file whose decimal separator is the comma: 1,000 is one.
    expect(read(',', [row('1,000', 'Future')])).toEqual([['1', 'future']]);
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
