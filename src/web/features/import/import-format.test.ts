import { describe, expect, it } from 'vitest';
import type { ImportPreviewExecutionJson } from '../../../contracts/imports';
import { COLUMN_ROLES } from '../../../core/import/detect/roles';
import {
  ROLE_LABELS,
  formatBroker,
  formatConfidence,
  formatDelimiter,
  formatFileSize,
  toRowMessage,
  toSampleValues,
} from './import-format';

const execution = (overrides: Partial<ImportPreviewExecutionJson>): ImportPreviewExecutionJson => ({
  row: 2,
  executedAt: '2025-01-06T14:31:00.000Z',
  symbol: 'AAPL',
  side: 'buy',
  quantity: '100.00000000',
  price: '185.10000000',
  commission: '1',
  fees: '0',
  assetClass: 'stock',
  ...overrides,
});

describe('ROLE_LABELS', () => {
  it('names every column role', () => {
    for (const role of COLUMN_ROLES) expect(ROLE_LABELS[role].length).toBeGreaterThan(0);
  });
});

describe('formatDelimiter', () => {
  it.each([
    [',', 'Comma (,)'],
    [';', 'Semicolon (;)'],
    ['\t', 'Tab'],
    ['|', 'Pipe (|)'],
    [null, '—'],
  ])('shows %j as %s', (delimiter, expected) => {
    expect(formatDelimiter(delimiter)).toBe(expected);
  });
});

describe('formatConfidence', () => {
  it.each([
    [0.874, '87%'],
    [1, '100%'],
    [1.2, '100%'],
    [-0.1, '0%'],
  ])('shows %d as %s', (value, expected) => {
    expect(formatConfidence(value)).toBe(expected);
  });
});

describe('formatBroker', () => {
  it('names a matched broker with its variant, and a generic file otherwise', () => {
    expect(formatBroker('Webull', 'options')).toBe('Webull (options)');
    expect(formatBroker('Kraken', null)).toBe('Kraken');
    expect(formatBroker(null, null)).toBe('Generic file');
  });
});

describe('formatFileSize', () => {
  it.each([
    [250, '250 B'],
    [1536, '1.5 KB'],
    [512 * 1024, '512 KB'],
    [3 * 1024 * 1024, '3 MB'],
  ])('shows %d bytes as %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});

describe('toSampleValues', () => {
  const executions = [
    execution({ symbol: 'AAPL', quantity: '100' }),
    execution({ symbol: 'AAPL', side: 'sell', quantity: '100' }),
    execution({ symbol: 'MSFT', quantity: '10' }),
    execution({ symbol: 'TSLA', quantity: '3' }),
    execution({ symbol: 'NVDA', quantity: '2' }),
  ];

  it('gives up to three distinct normalised values of a role', () => {
    expect(toSampleValues('symbol', executions)).toEqual(['AAPL', 'MSFT', 'TSLA']);
    expect(toSampleValues('side', executions)).toEqual(['Buy', 'Sell']);
    expect(toSampleValues('price', executions)).toEqual(['185.1']);
  });

  it('gives nothing for roles the preview does not show', () => {
    expect(toSampleValues('orderId', executions)).toEqual([]);
    expect(toSampleValues('ignore', executions)).toEqual([]);
  });
});

describe('toRowMessage', () => {
  it('drops a leading row number the list already shows', () => {
    expect(toRowMessage(2, 'Row 2: no price.')).toBe('no price.');
    expect(toRowMessage(14, 'Price: not a number')).toBe('Price: not a number');
    expect(toRowMessage(3, 'Row 30: no price.')).toBe('Row 30: no price.');
  });
});
