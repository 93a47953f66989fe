import { ImportFileError, type TableRow } from './types';

const QUOTE = 34;
const LF = 10;
const CR = 13;

const enum State {
  FieldStart,
  Unquoted,
  Quoted,
  /** Just read a quote inside a quoted field: either an escaped quote or the closing one. */
  QuoteInQuoted,
}

export type CsvParserOptions = {
  /** A field longer than this many characters means an unclosed quote or no line breaks at all. */
  maxFieldChars?: number;
  maxCells?: number;
  /**
   * Notes the line of every record with a stray quote (inside an unquoted field, or text after a
   * closing quote). Delimiter sniffing uses it: a wrong delimiter cuts through quoted fields and
   * leaves quotes stranded; the right one leaves none in well-formed CSV.
   */
  isNotingStrayQuotes?: boolean;
};

const DEFAULT_MAX_FIELD_CHARS = 1 << 20;
const DEFAULT_MAX_CELLS = 16_384;

/**
 * Streaming RFC 4180 parser. Feed decoded text in chunks of any size (a CRLF may be split across
 * chunks); complete records are appended to `out`. Lenient where files in the wild are: ragged
 * rows, a quote inside an unquoted field is literal, text after a closing quote is kept.
 * Quoted fields keep their line breaks as written. Every character is visited once, so a stray
 * quote cannot make it quadratic; a quoted field that never closes fails with MALFORMED_CSV.
 */
export class CsvParser {
  private readonly delimiter: number;
  private readonly maxFieldChars: number;
  private readonly maxCells: number;
  private state = State.FieldStart;
  private field = '';
  private cells: string[] = [];
  /** Physical line the current character is on (1-based). */
  private line = 1;
  private recordLine = 1;
  /** Previous character was a CR, so an LF next is the same line break. */
  private afterCr = false;
  private fieldHasLineBreak = false;
  private readonly isNotingStrayQuotes: boolean;
  /** Lines (record starts) with a stray quote; filled only with `isNotingStrayQuotes`. */
  readonly strayQuoteLines = new Set<number>();

  constructor(delimiter: string, options: CsvParserOptions = {}) {
    this.delimiter = delimiter.charCodeAt(0);
    this.maxFieldChars = options.maxFieldChars ?? DEFAULT_MAX_FIELD_CHARS;
    this.maxCells = options.maxCells ?? DEFAULT_MAX_CELLS;
    this.isNotingStrayQuotes = options.isNotingStrayQuotes ?? false;
  }

  push(text: string, out: TableRow[]): void {
    const n = text.length;
    const d = this.delimiter;
    let i = 0;
    if (this.afterCr && n > 0 && text.charCodeAt(0) === LF) {
      // The LF of a CRLF split across chunks: the line was already counted.
      if (this.state === State.Quoted) this.field += '\n';
      i = 1;
    }
    this.afterCr = false;
    let start = i;
    while (i < n) {
      switch (this.state) {
        case State.FieldStart: {
          if (text.charCodeAt(i) === QUOTE) {
            this.state = State.Quoted;
            i++;
            start = i;
            break;
          }
          this.state = State.Unquoted;
          start = i;
          break;
        }
        case State.Unquoted: {
          let c = 0;
          while (i < n) {
            c = text.charCodeAt(i);
            if (c === d || c === LF || c === CR) break;
            i++;
          }
          if (this.isNotingStrayQuotes) this.noteStrayQuoteIn(text, start, i);
          if (i === n) {
            this.appendField(text, start, n);
            break;
          }
          this.appendField(text, start, i);
          this.endField();
          if (c === d) {
            i++;
            start = i;
            this.state = State.FieldStart;
            break;
          }
          this.endRecord(out);
          i = this.skipLineBreak(text, i, c);
          this.recordLine = this.line;
          start = i;
          this.state = State.FieldStart;
          break;
        }
        case State.Quoted: {
          while (i < n) {
            const c = text.charCodeAt(i);
            if (c === QUOTE) break;
            if (c === LF) {
              if (!this.afterCr) this.line++;
              this.afterCr = false;
              this.fieldHasLineBreak = true;
            } else if (c === CR) {
              this.line++;
              this.afterCr = true;
              this.fieldHasLineBreak = true;
            } else {
              this.afterCr = false;
            }
            i++;
          }
          this.appendField(text, start, i);
          if (i === n) break;
          this.afterCr = false;
          i++;
          start = i;
          this.state = State.QuoteInQuoted;
          break;
        }
        case State.QuoteInQuoted: {
          const c = text.charCodeAt(i);
          if (c === QUOTE) {
            this.field += '"';
            i++;
            start = i;
            this.state = State.Quoted;
          } else if (c === d) {
            this.endField();
            i++;
            start = i;
            this.state = State.FieldStart;
          } else if (c === LF || c === CR) {
            this.endField();
            this.endRecord(out);
            i = this.skipLineBreak(text, i, c);
            this.recordLine = this.line;
            start = i;
            this.state = State.FieldStart;
          } else {
            // `"abc"def`: keep the text after the closing quote as part of the field.
            if (this.isNotingStrayQuotes) this.strayQuoteLines.add(this.recordLine);
            start = i;
            this.state = State.Unquoted;
          }
          break;
        }
      }
    }
  }

  /** Flushes the last record (a file need not end with a line break). */
  end(out: TableRow[]): void {
    if (this.state === State.Quoted && this.fieldHasLineBreak) {
      throw new ImportFileError(
        'MALFORMED_CSV',
        `The quoted field that starts on line ${this.recordLine} is never closed: check for a stray quote (").`,
      );
    }
    if (this.state === State.FieldStart && this.cells.length === 0) return;
    this.endField();
    this.endRecord(out);
    this.state = State.FieldStart;
  }

  private skipLineBreak(text: string, i: number, c: number): number {
    this.line++;
    if (c === CR) {
      if (i + 1 < text.length) return text.charCodeAt(i + 1) === LF ? i + 2 : i + 1;
      this.afterCr = true;
    }
    return i + 1;
  }

  private appendField(text: string, from: number, to: number): void {
    if (to > from) this.field = this.field.length === 0 ? text.slice(from, to) : this.field + text.slice(from, to);
    if (this.field.length > this.maxFieldChars) {
      throw new ImportFileError(
        this.state === State.Quoted ? 'MALFORMED_CSV' : 'NOT_A_TABLE',
        this.state === State.Quoted
          ? `The quoted field that starts on line ${this.recordLine} is longer than ${this.maxFieldChars} characters: check for a stray quote (").`
          : `Line ${this.recordLine} is longer than ${this.maxFieldChars} characters: this does not look like a table.`,
      );
    }
  }

  private endField(): void {
    this.cells.push(this.field);
    this.field = '';
    this.fieldHasLineBreak = false;
    if (this.cells.length > this.maxCells) {
      throw new ImportFileError(
        'NOT_A_TABLE',
        `Line ${this.recordLine} has more than ${this.maxCells} columns: this does not look like a table.`,
      );
    }
  }

  private noteStrayQuoteIn(text: string, from: number, to: number): void {
    for (let k = from; k < to; k++) {
      if (text.charCodeAt(k) === QUOTE) {
        this.strayQuoteLines.add(this.recordLine);
        return;
      }
    }
  }

  private endRecord(out: TableRow[]): void {
    out.push({ line: this.recordLine, cells: this.cells });
    this.cells = [];
  }
}

/** Parses a whole string; for tests and small samples. */
export function parseCsvText(text: string, delimiter: string, options?: CsvParserOptions): TableRow[] {
  const out: TableRow[] = [];
  const parser = new CsvParser(delimiter, options);
  parser.push(text, out);
  parser.end(out);
  return out;
}
