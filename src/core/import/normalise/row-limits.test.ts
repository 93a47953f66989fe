import { describe, expect, it } from 'vitest';
import { findJournalProblem } from './journal-limits';
import type { ImportedJournal } from './edgebook-journal';
import { normaliseRows, type NormaliseParams, type RowLimits } from './normalise-rows';

// The input policy's figures (src/contracts/input-policy.ts), written out: core takes them as data.
const limits: RowLimits = {
  fillTime: { earliestMs: Date.UTC(1970, 0, 1), latestMs: Date.UTC(2026, 5, 1) },
  quantity: { integerDigits: 18, scale: 12 },
  money: { integerDigits: 16, scale: 8 },
};

const headers = ['Date', 'Symbol', 'Side', 'Qty', 'Price', 'Commission', 'Id', 'Account'];
const mapping = { date: 0, symbol: 1, side: 2, quantity: 3, price: 4, commission: 5, execId: 6, account: 7 };
const params = {
  headers,
  mapping,
  dateFormat: { order: 'YMD' },
  decimalSeparator: '.',
  timeZone: 'UTC',
  defaultCurrency: 'USD',
  limits,
} satisfies Omit<NormaliseParams, 'rows'>;

const row = (line: number, cells: Partial<Record<keyof typeof mapping, string>>) => ({
  line,
  cells: [
    cells.date ?? '2025-03-03 14:30:00',
    cells.symbol ?? 'AAPL',
    cells.side ?? 'Buy',
    cells.quantity ?? '10',
    cells.price ?? '185',
    cells.commission ?? '1',
    cells.execId ?? '',
    cells.account ?? '',
  ],
});

describe('normaliseRows with the input policy’s limits', () => {
  it.each([
    [
      'a date before 1970',
      { date: '1900-03-03 14:30:00' },
      'the date 1900-03-03 is not from 1970 to a year from today.',
    ],
    [
      'a date past the range',
      { date: '2100-01-01 00:00:00' },
      'the date 2100-01-01 is not from 1970 to a year from today.',
    ],
    ['a 19-digit quantity', { quantity: '1'.repeat(19) }, `the quantity ${'1'.repeat(19)} is too large`],
    ['a 60-digit price', { price: '9'.repeat(60) }, `the price ${'9'.repeat(60)} is too large`],
    ['a 17-digit commission', { commission: '2'.repeat(17) }, `the commission ${'2'.repeat(17)} is too large`],
    ['a NUL in the execution id', { execId: 'X\u00001' }, 'the execution id holds a control character.'],
    ['a control character in the account', { account: 'U1\u0007' }, 'the account holds a control character.'],
  ])('makes %s a problem of its row', (_what, cells, message) => {
    const result = normaliseRows({ ...params, rows: [row(2, cells), row(3, {})] });
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]?.row).toBe(2);
    expect(result.problems[0]?.message).toContain(`Row 2: ${message}`);
    expect(result.executions.map((e) => e.row)).toEqual([3]);
  });

  it('reads the range’s ends and the columns’ largest figures', () => {
    const result = normaliseRows({
      ...params,
      rows: [
        row(2, { date: '1970-01-01 00:00:00', quantity: '9'.repeat(18), price: '9'.repeat(16) }),
        row(3, { date: '2026-06-01 00:00:00', price: '0.123456789' }),
      ],
    });
    expect(result.problems).toEqual([]);
    expect(result.executions.map((e) => e.price)).toEqual(['9'.repeat(16), '0.12345679']);
  });

  it('passes a row the cell check refuses on as a problem with its message', () => {
    const result = normaliseRows({
      ...params,
      rows: [row(2, { execId: 'bad' }), row(3, {})],
      checkCells: (cells) => (cells[6] === 'bad' ? 'stop_price is too large.' : null),
    });
    expect(result.problems).toEqual([{ row: 2, message: 'Row 2: stop_price is too large.' }]);
    expect(result.executions.map((e) => e.row)).toEqual([3]);
  });

  it('reads any date and size without limits', () => {
    const { limits: _limits, ...unlimited } = params;
    const result = normaliseRows({
      ...unlimited,
      rows: [row(2, { date: '1900-03-03 14:30:00', price: '9'.repeat(60) })],
    });
    expect(result.problems).toEqual([]);
  });
});

describe('findJournalProblem', () => {
  const journal: ImportedJournal = {
    stopPrice: null,
    targetPrice: null,
    riskAmount: null,
    strategy: null,
    tags: [],
    mistakes: [],
    emotions: [],
    rating: null,
    notes: '',
  };
  const money = { integerDigits: 16, scale: 8 };

  it.each([
    [{ stopPrice: '9'.repeat(60) }, 'stop_price "9999999999999999999999999999999999999999…" is too large'],
    [{ riskAmount: '1'.repeat(17) }, 'risk_amount'],
    [{ strategy: 'Break\u0000out' }, 'strategy holds a control character.'],
    [{ tags: ['ok', 'a\u001bb'] }, 'tags holds a control character.'],
    [{ notes: 'line\u0000' }, 'notes holds a control character.'],
  ])('finds %o', (change, message) => {
    expect(findJournalProblem({ ...journal, ...change }, { money })).toContain(message);
  });

  it('accepts the largest stop, more places (rounded when stored) and notes with line breaks', () => {
    const fine = { ...journal, stopPrice: '9'.repeat(16), targetPrice: '1.123456789', notes: 'one\n\ttwo\r\n' };
    expect(findJournalProblem(fine, { money })).toBeNull();
  });
});
