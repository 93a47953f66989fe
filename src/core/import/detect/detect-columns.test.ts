import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectColumns } from './detect-columns';
import { detectImport } from './detect-import';
import { matchBrokerPreset } from './presets';
import { normaliseHeader } from './synonyms';

const rolesOf = (headers: string[], rows: string[][]): Record<string, string> =>
  Object.fromEntries(detectColumns(headers, rows).columns.map((c) => [c.header, c.role]));

describe('normaliseHeader', () => {
  it.each([
    ['Price ($)', 'price'],
    ['Amount (GBP)', 'amount'],
    ['Date(UTC)', 'date'],
    ['TradePrice', 'trade price'],
    ['Open/CloseIndicator', 'open close indicator'],
    ['Ausführungskurs', 'ausfuhrungskurs'],
    ['Préço', 'preco'],
  ])('%s → %s', (header, expected) => expect(normaliseHeader(header)).toBe(expected));
});

describe('detectColumns', () => {
  const rows = [
    ['2025-01-13 10:02:40', 'AAPL', 'Buy', '100', '185.20', '1.00', '-18521.00', 'USD'],
    ['2025-01-13 11:15:00', 'AAPL', 'Sell', '100', '187.05', '1.00', '18704.00', 'USD'],
    ['2025-01-14 09:31:10', 'MSFT', 'Buy', '20', '420.10', '0.50', '-8402.50', 'USD'],
  ];

  it('finds the roles of an unknown English layout with high confidence', () => {
    const headers = ['Trade Time', 'Ticker', 'Action', 'Qty', 'Fill Price', 'Commission', 'Net Amount', 'Ccy'];
    const detection = detectColumns(headers, rows);
    expect(detection.columns.map((c) => c.role)).toEqual([
      'date',
      'symbol',
      'side',
      'quantity',
      'price',
      'commission',
      'amount',
      'currency',
    ]);
    expect(detection.columns.every((c) => c.confidence >= 0.6 && !c.needsUserChoice)).toBe(true);
    expect(detection.dateFormat?.order).toBe('YMD');
    expect(detection.missingRoles).toEqual([]);
  });

  it.each([
    ['German', ['Datum', 'Wertpapier', 'Kauf/Verkauf', 'Stück', 'Kurs', 'Provision', 'Betrag', 'Währung']],
    ['French', ['Date', 'Symbole', 'Sens', 'Quantité', 'Prix', 'Courtage', 'Montant', 'Devise']],
    ['Spanish', ['Fecha', 'Símbolo', 'Operación', 'Cantidad', 'Precio', 'Comisión', 'Importe', 'Divisa']],
    ['Portuguese', ['Data', 'Ativo', 'Compra/Venda', 'Quantidade', 'Preço', 'Corretagem', 'Valor Total', 'Moeda']],
  ])('reads %s headers', (_language, headers) => {
    expect(detectColumns(headers, rows).columns.map((c) => c.role)).toEqual([
      'date',
      'symbol',
      'side',
      'quantity',
      'price',
      'commission',
      'amount',
      'currency',
    ]);
  });

  it('reads separate date and time columns and comma decimals', () => {
    const detection = detectColumns(
      ['Datum', 'Uhrzeit', 'Wertpapier', 'Richtung', 'Anzahl', 'Kurs'],
      [
        ['17.01.2025', '09:30:00', 'SAP', 'Kauf', '10', '1.234,50'],
        ['18.01.2025', '15:10:00', 'SAP', 'Verkauf', '10', '1.250,00'],
      ],
    );
    expect(detection.columns.map((c) => c.role)).toEqual(['date', 'time', 'symbol', 'side', 'quantity', 'price']);
    expect(detection.decimalSeparator).toBe(',');
    expect(detection.dateFormat?.order).toBe('DMY');
  });

  it('falls back on value shapes for meaningless headers and asks about unsure columns', () => {
    const detection = detectColumns(
      ['A', 'B', 'C', 'D', 'E'],
      [
        ['01/13/2025', 'AAPL', 'BUY', '100', '185.25'],
        ['01/14/2025', 'AAPL', 'SELL', '100', '187.75'],
      ],
    );
    expect(detection.columns.map((c) => c.role)).toEqual(['date', 'symbol', 'side', 'quantity', 'price']);
    expect(detection.columns.some((c) => c.needsUserChoice)).toBe(true);
  });

  it('copes with a TradeStation-style paste (no preset)', () => {
    const headers = [
      'Account',
      'Entered',
      'Type',
      'Symbol',
      'Qty Filled',
      'Filled Price',
      'Commission',
      'Order Status',
    ];
    const roles = rolesOf(headers, [
      ['11223344', '01/13/25 9:31:02 AM', 'Buy', 'ESH25', '1', '6,010.25', '$2.50', 'Filled'],
      ['11223344', '01/13/25 10:05:41 AM', 'Sell', 'ESH25', '1', '6,020.50', '$2.50', 'Filled'],
    ]);
    expect(roles).toMatchObject({
      Account: 'account',
      Entered: 'date',
      Type: 'side',
      Symbol: 'symbol',
      'Qty Filled': 'quantity',
      'Filled Price': 'price',
      Commission: 'commission',
      'Order Status': 'status',
    });
  });

  it('does not change with the column order', () => {
    const headers = ['Trade Time', 'Ticker', 'Action', 'Qty', 'Fill Price', 'Commission', 'Net Amount', 'Ccy'];
    const expected = rolesOf(headers, rows);
    fc.assert(
      fc.property(fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6, 7], { minLength: 8, maxLength: 8 }), (order) => {
        const shuffled = rolesOf(
          order.map((i) => headers[i] ?? ''),
          rows.map((row) => order.map((i) => row[i] ?? '')),
        );
        expect(shuffled).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });
});

describe('matchBrokerPreset', () => {
  it('matches a layout by header names in any order', () => {
    const headers = [
      '"Amount"',
      'Date',
      'Action',
      'Symbol',
      'Description',
      'Price',
      'Quantity',
      'Fees & Comm',
      'Amount',
    ];
    expect(matchBrokerPreset(headers.slice(1).reverse())?.preset.id).toBe('charles-schwab');
  });

  it('tells layout variants apart', () => {
    expect(
      matchBrokerPreset([
        'Run Date',
        'Account',
        'Action',
        'Symbol',
        'Security Description',
        'Security Type',
        'Quantity',
        'Price ($)',
        'Amount ($)',
      ])?.preset.id,
    ).toBe('fidelity-all-accounts');
    expect(
      matchBrokerPreset([
        'Run Date',
        'Action',
        'Symbol',
        'Security Description',
        'Security Type',
        'Quantity',
        'Price ($)',
        'Amount ($)',
      ])?.preset.id,
    ).toBe('fidelity-classic');
  });

  it('returns null for unknown headers', () => {
    expect(matchBrokerPreset(['Foo', 'Bar'])).toBeNull();
  });
});

describe('detectImport', () => {
  it('uses the preset when the headers match and its zone for times', () => {
    const detection = detectImport({
      headers: ['Date(UTC)', 'Pair', 'Side', 'Price', 'Executed', 'Amount', 'Fee'],
      rows: [['2025-01-13 07:22:10', 'SOLUSDT', 'SELL', '195.50', '5SOL', '977.5USDT', '0.9775USDT']],
      accountTimeZone: 'America/New_York',
    });
    expect(detection.broker).toBe('Binance');
    expect(detection.timeZone).toBe('UTC');
    expect(detection.columns.find((c) => c.header === 'Executed')?.role).toBe('quantity');
    expect(detection.needsUserChoice).toBe(false);
  });

  it('falls back to generic detection and the account zone', () => {
    const detection = detectImport({
      headers: ['When', 'Ticker', 'Side', 'Shares', 'Price'],
      rows: [['2025-01-13 10:00', 'AAPL', 'Buy', '10', '185.25']],
      accountTimeZone: 'Europe/Berlin',
    });
    expect(detection.broker).toBeNull();
    expect(detection.timeZone).toBe('Europe/Berlin');
    expect(detection.mapping).toMatchObject({ date: 0, symbol: 1, side: 2, quantity: 3, price: 4 });
  });
});
