import { describe, expect, it } from 'vitest';
import { parseFxRatesCsv } from './fx-rates-csv';

describe('parseFxRatesCsv', () => {
  it('reads date, from, to and rate by name, in any order and with semicolons', () => {
    const { rows, issues } = parseFxRatesCsv('Rate;Date;From;To\r\n0.9662;2025-01-08;usd;EUR\r\n');
    expect(issues).toEqual([]);
    expect(rows).toEqual([{ date: '2025-01-08', from: 'USD', to: 'EUR', rate: '0.9662' }]);
  });

  it('names each bad cell by row and column and leaves its row out', () => {
    const { rows, issues } = parseFxRatesCsv(
      [
        'date,from,to,rate',
        '2025-13-01,USD,EUR,0.9',
        '2025-01-09,USD,USD,1',
        '2025-01-10,GBP,EUR,-1',
        '2025-01-11,GBP,EUR,1.2',
      ].join('\n'),
    );
    expect(rows).toEqual([{ date: '2025-01-11', from: 'GBP', to: 'EUR', rate: '1.2' }]);
    expect(issues.map((i) => [i.row, i.column, i.code])).toEqual([
      [2, 'date', 'BAD_DATE'],
      [3, 'to', 'BAD_CURRENCY'],
      [4, 'rate', 'NOT_A_POSITIVE_NUMBER'],
    ]);
  });

  it('refuses a file without the four columns', () => {
    expect(parseFxRatesCsv('day,pair,price\n2025-01-08,EURUSD,1.03').issues).toEqual([
      { row: 1, column: 'header', code: 'BAD_HEADER', raw: 'day,pair,price' },
    ]);
  });
});
