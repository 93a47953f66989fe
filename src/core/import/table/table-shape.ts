import { ImportFileError, type SkippedRow, type TableRow } from './types';

/** How many leading rows the header may be preceded by (account titles, report names, blanks). */
export const HEADER_SEARCH_ROWS = 60;
/** Rows after a candidate header that are checked for a consistent width. */
const LOOKAHEAD_ROWS = 10;

const NUMBER_LIKE = /^[-+(]?[$€£¥]?\s*[\d.,' \u00a0]*\d[\d.,' \u00a0]*\)?%?$/;
const DATE_LIKE = /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}([ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?)?/;

function countNonEmpty(cells: readonly string[]): number {
  let n = 0;
  for (const c of cells) if (c.trim() !== '') n++;
  return n;
}

export function isBlankRow(row: TableRow): boolean {
  for (const c of row.cells) if (c.trim() !== '') return false;
  return true;
}

function isLabel(cell: string): boolean {
  const t = cell.trim();
  return t !== '' && !NUMBER_LIKE.test(t) && !DATE_LIKE.test(t);
}

/**
 * Finds the header row among the first rows: the row that reads most like labels (many
 * non-empty, distinct, non-numeric cells) and is followed by rows about as wide. Preamble rows
 * (one or two cells, or followed by rows of another width) lose. Returns its index in `rows`.
 * Throws NO_HEADER when no row has at least two label cells.
 */
export function findHeaderRow(rows: readonly TableRow[]): number {
  let bestIndex = -1;
  let bestScore = 0;
  const scores: number[] = [];
  const limit = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (let i = 0; i < limit; i++) {
    const row = rows[i];
    if (!row) continue;
    const nonEmpty = row.cells.map((c) => c.trim()).filter((c) => c !== '');
    if (nonEmpty.length < 2) {
      scores.push(0);
      continue;
    }
    const labels = nonEmpty.filter(isLabel).length;
    const labelShare = labels / nonEmpty.length;
    if (labels < 2 || labelShare < 0.5) {
      scores.push(0);
      continue;
    }
    const distinctShare = new Set(nonEmpty).size / nonEmpty.length;
    let following = 0;
    let consistent = 0;
    for (let j = i + 1; j < rows.length && following < LOOKAHEAD_ROWS; j++) {
      const next = rows[j];
      if (!next || isBlankRow(next)) continue;
      following++;
      const n = countNonEmpty(next.cells);
      if (n >= Math.max(2, Math.ceil(nonEmpty.length / 2)) && n <= row.cells.length + 1) consistent++;
    }
    const consistency = following === 0 ? 0.5 : consistent / following;
    const score = nonEmpty.length * labelShare * distinctShare * (0.25 + consistency);
    scores.push(score);
    if (score > bestScore) {
      bestScore = score;
      bestIndex = i;
    }
  }
  if (bestIndex < 0) {
    throw new ImportFileError(
      'NO_HEADER',
      'No header row found: the file needs a row of column names (such as Date, Symbol, Quantity, Price) above the data.',
    );
  }
  // A data row full of text (symbols, sides) can score like the header; the header comes first.
  const firstGood = scores.findIndex((s) => s >= bestScore * 0.9);
  return firstGood >= 0 ? firstGood : bestIndex;
}

/** Header cells trimmed; blank ones named `Column N` so every column can be mapped. */
export function toHeaders(row: TableRow): string[] {
  let width = row.cells.length;
  while (width > 1 && (row.cells[width - 1] ?? '').trim() === '') width--;
  return row.cells.slice(0, width).map((c, i) => c.trim() || `Column ${i + 1}`);
}

const SUMMARY_WORDS =
  /^(grand\s+)?(sub-?\s*)?totals?\b|^summary\b|^sum\b|^net\s+total\b|^end of (report|statement|file)\b|^(report\s+)?(generated|printed|exported|created)\s+(on|at|by)\b|^page\s+\d+(\s+of\s+\d+)?$|^\*{3}|^(total|totals)\s*:/i;

function firstNonEmpty(cells: readonly string[]): string {
  for (const c of cells) {
    const t = c.trim();
    if (t !== '') return t;
  }
  return '';
}

const MAX_HELD_ROWS = 10_000;
/** Skipped rows reported; a file of a million blank lines should not become a million objects. */
export const MAX_REPORTED_SKIPPED = 1_000;

/**
 * Separates data rows from the summary, total and footer lines after them, in one pass.
 * A row whose first non-empty cell says Total/Summary (and that leaves cells empty) is a
 * summary wherever it is. Blank rows and rows far sparser than the data are held back: if data
 * follows they were part of the data (blank rows still dropped); at the end of the file they
 * are the footer. After a blank row, rows of another width are held too (a trailing second table).
 */
export class FooterFilter {
  private held: SkippedRow[] = [];
  private hasBlankHeld = false;

  constructor(
    private readonly headerWidth: number,
    /** Typical number of non-empty cells in a data row. */
    private readonly typicalFilled: number,
    private readonly skipped: SkippedRow[],
  ) {}

  push(row: TableRow, out: TableRow[]): void {
    let filled = 0;
    for (const c of row.cells) if (c.trim() !== '') filled++;
    if (filled === 0) {
      this.hold(row, 'BLANK', out);
      this.hasBlankHeld = true;
      return;
    }
    if (filled < this.headerWidth && SUMMARY_WORDS.test(firstNonEmpty(row.cells))) {
      this.skip({ ...row, reason: 'SUMMARY' });
      return;
    }
    const isSparse = filled * 2 < this.typicalFilled || (this.typicalFilled >= 3 && filled === 1);
    if (isSparse || (this.hasBlankHeld && row.cells.length !== this.headerWidth && filled < this.typicalFilled)) {
      this.hold(row, 'FOOTER', out);
      return;
    }
    this.release(out);
    out.push(row);
  }

  /** Call at the end of the data: whatever is still held is the footer. */
  end(): void {
    for (const row of this.held) this.skip(row);
    this.skipped.sort((a, b) => a.line - b.line);
    this.held = [];
    this.hasBlankHeld = false;
  }

  private skip(row: SkippedRow): void {
    if (this.skipped.length < MAX_REPORTED_SKIPPED) this.skipped.push(row);
  }

  private hold(row: TableRow, reason: SkippedRow['reason'], out: TableRow[]): void {
    if (this.held.length >= MAX_HELD_ROWS) this.release(out);
    this.held.push({ ...row, reason });
  }

  private release(out: TableRow[]): void {
    for (const row of this.held) {
      if (row.reason === 'BLANK') this.skip(row);
      else out.push({ line: row.line, cells: row.cells, ...(row.raw ? { raw: row.raw } : {}) });
    }
    this.held = [];
    this.hasBlankHeld = false;
  }
}

/** Median non-empty cell count of sample data rows, at least 1. */
export function computeTypicalFilled(rows: readonly TableRow[], headerWidth: number): number {
  const counts = rows
    .filter((r) => !isBlankRow(r))
    .slice(0, 200)
    .map((r) => countNonEmpty(r.cells))
    .sort((a, b) => a - b);
  if (counts.length === 0) return Math.max(1, headerWidth);
  return Math.max(1, counts[Math.floor(counts.length / 2)] ?? 1);
}
