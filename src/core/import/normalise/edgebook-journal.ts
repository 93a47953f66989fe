import { toUnguardedText } from '../../csv';
import { normaliseHeader } from '../detect/synonyms';

/** A trade's journal as the Edgebook CSV carries it on the trade's first row. */
export type ImportedJournal = {
  stopPrice: string | null;
  targetPrice: string | null;
  riskAmount: string | null;
  strategy: string | null;
  tags: string[];
  mistakes: string[];
  emotions: string[];
  rating: number | null;
  notes: string;
};

const DECIMAL = /^\d+(\.\d+)?$/;

/** A JSON array of strings, or [] for anything else (a hand-edited cell must not fail the import). */
function readList(text: string): string[] {
  if (text.trim() === '') return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '').map((s) => s.trim())
      : [];
  } catch {
    return [];
  }
}

const readDecimal = (text: string) => (DECIMAL.test(text.trim()) ? text.trim() : null);

/**
 * Reads the Edgebook CSV's columns of a fill beyond the mapped roles: `broker_symbol` (the symbol
 * as the broker's file wrote it) and `executed_on` (the day alone, when that file gave no time).
 * Files exported before the columns existed read as '' for both.
 */
export function createEdgebookFillReader(headers: readonly string[]) {
  const find = (name: string) => headers.findIndex((header) => normaliseHeader(header) === normaliseHeader(name));
  const symbolAt = find('broker_symbol');
  const dayAt = find('executed_on');
  return (cells: readonly string[]): { fileSymbol: string; fileDay: string } => ({
    fileSymbol: symbolAt < 0 ? '' : toUnguardedText(cells[symbolAt] ?? '').trim(),
    fileDay: dayAt < 0 ? '' : (cells[dayAt] ?? '').trim(),
  });
}

/**
 * Reads the Edgebook CSV's fingerprint and journal columns of one row. The journal is null when
 * the row carries none (every row but a trade's first, and rows of a hand-made file).
 */
export function createEdgebookRowReader(headers: readonly string[]) {
  const index = new Map<string, number>();
  headers.forEach((header, i) => {
    const key = normaliseHeader(header);
    if (!index.has(key)) index.set(key, i);
  });
  // Text as it was before the export guarded it against spreadsheet formulas (`'=1+2` → `=1+2`).
  const cellOf = (cells: readonly string[], name: string) => {
    const i = index.get(normaliseHeader(name));
    return i === undefined ? '' : toUnguardedText(cells[i] ?? '');
  };
  return (cells: readonly string[]): { fingerprint: string | null; journal: ImportedJournal | null } => {
    const fingerprint = cellOf(cells, 'fingerprint').trim() || null;
    const rating = Number(cellOf(cells, 'rating'));
    const journal: ImportedJournal = {
      stopPrice: readDecimal(cellOf(cells, 'stop_price')),
      targetPrice: readDecimal(cellOf(cells, 'target_price')),
      riskAmount: readDecimal(cellOf(cells, 'risk_amount')),
      strategy: cellOf(cells, 'strategy').trim() || null,
      tags: readList(cellOf(cells, 'tags')),
      mistakes: readList(cellOf(cells, 'mistakes')),
      emotions: readList(cellOf(cells, 'emotions')),
      rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : null,
      notes: cellOf(cells, 'notes'),
    };
    const isEmpty =
      journal.stopPrice === null &&
      journal.targetPrice === null &&
      journal.riskAmount === null &&
      journal.strategy === null &&
      journal.tags.length + journal.mistakes.length + journal.emotions.length === 0 &&
      journal.rating === null &&
      journal.notes.trim() === '';
    return { fingerprint, journal: isEmpty ? null : journal };
  };
}
