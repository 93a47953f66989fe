/**
 * The import's byte → table layer: what a file turned out to be, and its rows as strings.
 * Column detection and value parsing (src/core/import/detect, values) consume these.
 */

export type FileType = 'csv' | 'tsv' | 'xlsx' | 'xls';
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
export type Delimiter = ',' | ';' | '\t' | '|';

export type TableLayout = {
  fileType: FileType;
  /** null for spreadsheets. */
  encoding: TextEncoding | null;
  /** null for spreadsheets. */
  delimiter: Delimiter | null;
  /** 0-based index of the header row among the file's rows (preamble rows come before it). */
  headerRowIndex: number;
  /** Header cells, trimmed; blank headers become `Column N` (1-based); duplicates stay as they are. */
  headers: string[];
  /** The sheet read, for spreadsheets; null for text files. */
  sheetName: string | null;
  /** All sheet names, in workbook order; [] for text files. */
  sheetNames: string[];
  /** Rows before the header row (account titles, report names), as found, for the preview. */
  preamble: TableRow[];
};

export type TableRow = {
  /** 1-based row number in the file (a record spanning several text lines counts from its first line). */
  line: number;
  /** Cell text as displayed (spreadsheets: the formatted text; text files: the unquoted field). */
  cells: string[];
  /**
   * Spreadsheets only: the cell's underlying value, where it differs from the display text.
   * Numbers as plain decimal strings (`"1234.5"`), dates as ISO-8601 without zone
   * (`"2024-03-05T14:30:00"`, `"2024-03-05"` for whole days), booleans as `"TRUE"`/`"FALSE"`;
   * `null` where the cell is text or empty. Absent for text files.
   */
  raw?: (string | null)[];
};

/** A row the reader set aside after the data: a total, summary or footer line. */
export type SkippedRow = TableRow & { reason: 'SUMMARY' | 'FOOTER' | 'BLANK' };

export type ImportFileErrorCode =
  | 'EMPTY_FILE'
  | 'NOT_A_TABLE'
  | 'UNSUPPORTED_FILE'
  | 'NOT_A_SPREADSHEET'
  | 'TOO_LARGE'
  | 'NO_HEADER'
  | 'SHEET_NOT_FOUND'
  | 'ENCRYPTED_FILE'
  | 'CORRUPT_FILE'
  | 'MALFORMED_CSV';

/**
 * The one error the table layer throws: an expected, user-facing failure of the file itself.
 * Anything else thrown from here is a bug.
 */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
  constructor(
    readonly code: ImportFileErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export type ReadTableOptions = {
  fileName?: string;
  /** Spreadsheets: the sheet to read; default the first sheet with data. */
  sheetName?: string;
  /** Reject files larger than this many bytes with TOO_LARGE. Default 200 MiB. */
  maxBytes?: number;
  /** Spreadsheets: reject workbooks whose uncompressed size exceeds this. Default 512 MiB. */
  maxUncompressedBytes?: number;
  /**
   * A known layout's header (a broker preset's): the first row it recognises is the header,
   * whatever the shape heuristics would pick in a sectioned statement.
   */
  recogniseHeader?: (headers: string[]) => boolean;
  /**
   * Reads a workbook's rows. Default: SheetJS in this thread. A server passes one that runs it in
   * a separate process: a damaged workbook can make SheetJS loop or abort the whole process.
   */
  openSpreadsheet?: OpenSpreadsheet;
};

/** A workbook opened for reading: the chosen sheet's rows from row 1, in batches (`null` at the end). */
export type SpreadsheetSource = {
  sheetNames: string[];
  sheetName: string;
  next(): Promise<TableRow[] | null>;
  close(): Promise<void>;
};

export type OpenSpreadsheetOptions = { fileType: 'xlsx' | 'xls'; sheetName?: string };

/** Rejects with ImportFileError for a workbook that cannot be read. */
export type OpenSpreadsheet = (bytes: Uint8Array, options: OpenSpreadsheetOptions) => Promise<SpreadsheetSource>;

export type TableReader = {
  layout: TableLayout;
  /**
   * Data rows after the header row, streamed in batches (a chunk of the file's rows each, never
   * empty); summary/footer rows are left out. Iterate once, this or `rows`: a long file's reader
   * pays an await per batch rather than per row.
   */
  batches: AsyncIterable<TableRow[]>;
  /** The same rows one by one. */
  rows: AsyncIterable<TableRow>;
  /** Rows set aside so far (summary, footer); complete once the rows are exhausted. */
  skipped: SkippedRow[];
};

export type TablePreview = {
  layout: TableLayout;
  /** The first data rows (at most the requested count), footers already removed. */
  rows: TableRow[];
  skipped: SkippedRow[];
  /** True when the file has more data rows than were returned. */
  hasMore: boolean;
};
