import { toFormulaSafeText } from './formula-guard';

/** How a cell is written: text is guarded against formulas; a number is written as it is. */
export type CsvCellKind = 'text' | 'number';

const NEEDS_QUOTES = /[",\r\n ]/;
/** A number a spreadsheet reads as one (a sign, digits, a point, an exponent): never a formula. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * One CSV field (RFC 4180): quoted, with inner quotes doubled, when it holds a comma, quote, line
 * break or space. A text cell that a spreadsheet would run as a formula gets a leading `'`
 * (toFormulaSafeText); a number cell that is a plain number (`-12.5`) is written as it is, and
 * anything else in a number cell is treated as text.
 */
export function toCsvField(value: string, kind: CsvCellKind = 'text'): string {
  const safe = kind === 'number' && PLAIN_NUMBER.test(value) ? value : toFormulaSafeText(value);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * One CSV record with its CRLF line end. `kinds[i]` is the kind of `values[i]`; cells without one
 * are text. Every CSV the app writes goes through here, so no cell of any of them runs as a formula.
 */
export function toCsvLine(values: readonly string[], kinds: readonly CsvCellKind[] = []): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += ',';
    line += toCsvField(values[i] ?? '', kinds[i] ?? 'text');
  }
  return `${line}\r\n`;
}
