import type { BulkColumn, BulkColumnType } from './bulk-insert';
import type { CopyBytes } from './copy-binary';

/**
 * Rows in PostgreSQL's text COPY format: a line per row, fields separated by tabs, `\N` for null.
 * What the app sends PostgreSQL (copyFormatOf in bulk-insert.ts says why not the binary format).
 */

/** The characters COPY's text format escapes in a value. */
const NEEDS_ESCAPE = /[\\\t\n\r]/;

function escapeText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

// The last Date written and its text: a batch's rows mostly share one (created_at, updated_at).
let lastDate: Date | null = null;
let lastTime = Number.NaN;
let lastDateText = '';

/** One value in COPY's text format (`\N` for null). */
function toCopyField(value: ReturnType<BulkColumn<unknown>['value']>, type: BulkColumnType): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Date) {
    // Compared by time too: a Date is mutable.
    if (value !== lastDate || value.getTime() !== lastTime) {
      lastDate = value;
      lastTime = value.getTime();
      lastDateText = value.toISOString();
    }
    return lastDateText;
  }
  if (type === 'jsonb') return Array.isArray(value) && value.length === 0 ? '[]' : escapeText(JSON.stringify(value));
  if (typeof value === 'number') return String(value);
  // Every string is escaped, whatever its column's type: a stray tab or line break must never
  // shift a field or start a row.
  return escapeText(value as string);
}

/**
 * The characters of a piece of COPY text at most, give or take a line. A string of 128 KB or more
 * is a large object to V8, in pages mapped for it alone and unmapped after: joining a batch's COPY
 * text into one such string and encoding it cost 2.4 ms a batch, against 0.1 ms for the same text
 * in pieces under that size (BENCHMARKS.md).
 */
export const COPY_PIECE_CHARS = 32 * 1024;

/**
 * The rows as COPY text: a line per row, fields separated by tabs, in pieces of whole lines of
 * about COPY_PIECE_CHARS each (none for no rows). Joined from parts rather than appended to: `+=`
 * builds a tree of pieces that turning the text into bytes must first flatten, which cost more
 * than the encoding itself.
 */
export function toCopyTexts<Row>(columns: readonly BulkColumn<Row>[], rows: readonly Row[]): string[] {
  const fields: string[] = new Array<string>(columns.length);
  const pieces: string[] = [];
  let lines: string[] = [];
  let chars = 0;
  for (const row of rows) {
    for (let index = 0; index < columns.length; index += 1) {
      const column = columns[index]!;
      fields[index] = toCopyField(column.value(row), column.type);
    }
    const line = fields.join('\t');
    lines.push(line);
    chars += line.length + 1;
    if (chars >= COPY_PIECE_CHARS) {
      lines.push('');
      pieces.push(lines.join('\n'));
      lines = [];
      chars = 0;
    }
  }
  if (lines.length > 0) {
    lines.push('');
    pieces.push(lines.join('\n'));
  }
  return pieces;
}

/**
 * The rows as COPY text in UTF-8 (toCopyTexts' pieces, written into one buffer): bytes go to the
 * database as they are, and from a worker thread to the server's as they are.
 */
export function toCopyTextBytes<Row>(columns: readonly BulkColumn<Row>[], rows: readonly Row[]): CopyBytes {
  const texts = toCopyTexts(columns, rows);
  let length = 0;
  for (const text of texts) length += Buffer.byteLength(text);
  // Memory of its own (Buffer.allocUnsafe may hand out a view of a shared pool), to go to another thread.
  const data = new Uint8Array(length);
  const writer = Buffer.from(data.buffer, 0, length);
  let at = 0;
  for (const text of texts) at += writer.write(text, at);
  return data;
}
