import * as XLSX from '@e965/xlsx';
import { ImportFileError, type OpenSpreadsheetOptions, type SpreadsheetSource, type TableRow } from './types';

export type SpreadsheetTable = {
  sheetNames: string[];
  sheetName: string;
  /** Every row of the sheet from row 1, blank rows included (as `cells: []`). */
  rows: Iterable<TableRow>;
};

type Cell = XLSX.CellObject & { z?: unknown };

/**
 * Hands SheetJS a native inflate (Node's zlib) for the zip entries of xlsx files. Its own pure-JS
 * inflate can loop forever on a corrupt deflate stream (a fuzzed xlsx hung the import in tests);
 * zlib fails such a stream with an error instead, which becomes an unreadable-file answer. Core
 * stays free of Node modules: the server and the tests pass `node:zlib` in, once per thread.
 */
export function useNativeInflate(zlib: unknown): void {
  (XLSX.CFB as { utils: { use_zlib: (zlib: unknown) => void } }).utils.use_zlib(zlib);
}

/** Rows handed over per batch by `openSpreadsheetHere` (the server's reader processes run it too). */
const SPREADSHEET_BATCH_ROWS = 4096;

/** readSpreadsheet as a SpreadsheetSource, in this thread. */
export async function openSpreadsheetHere(
  bytes: Uint8Array,
  options: OpenSpreadsheetOptions,
): Promise<SpreadsheetSource> {
  const sheet = readSpreadsheet(bytes, options);
  const iterator = sheet.rows[Symbol.iterator]();
  return {
    sheetNames: sheet.sheetNames,
    sheetName: sheet.sheetName,
    async next() {
      return nextBatch(iterator);
    },
    async close() {},
  };
}

/** Up to SPREADSHEET_BATCH_ROWS rows; `null` once the rows are done. */
function nextBatch(iterator: Iterator<TableRow>): TableRow[] | null {
  const batch: TableRow[] = [];
  for (let r = iterator.next(); !r.done; r = iterator.next()) {
    batch.push(r.value);
    if (batch.length === SPREADSHEET_BATCH_ROWS) return batch;
  }
  return batch.length > 0 ? batch : null;
}

// SSF is typed `any` upstream; this is the one function used.
const isDateFormat = (XLSX.SSF as { is_date: (format: string) => boolean }).is_date;

/**
 * Reads an xlsx or xls workbook with SheetJS CE (the @e965/xlsx republish of 0.20.3, which has
 * the fixes for CVE-2023-30533 prototype pollution and CVE-2024-22363 ReDoS). The bytes must
 * already have passed assertSafeXlsxZip for xlsx. Picks `sheetName`, or the first sheet with a
 * non-empty cell. Cells come out as displayed text; `raw` holds numbers as plain decimals,
 * dates as ISO-8601 without zone (the workbook's wall-clock time), booleans as TRUE/FALSE.
 */
export function readSpreadsheet(bytes: Uint8Array, options: OpenSpreadsheetOptions): SpreadsheetTable {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      cellNF: true,
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      sheetStubs: false,
      ...(options.sheetName === undefined ? {} : { sheets: options.sheetName }),
    });
  } catch (error) {
    // SheetJS signals every unreadable input by throwing; on untrusted bytes that is an
    // expected outcome, reported by what the file claimed to be.
    throw toSpreadsheetError(error, options.fileType);
  }
  const sheetNames = [...(workbook.SheetNames ?? [])];
  if (sheetNames.length === 0) {
    throw new ImportFileError('NOT_A_TABLE', 'The workbook has no sheets.');
  }
  const is1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  let chosen: string | undefined;
  if (options.sheetName !== undefined) {
    if (!sheetNames.includes(options.sheetName) || !Object.hasOwn(workbook.Sheets, options.sheetName)) {
      throw new ImportFileError(
        'SHEET_NOT_FOUND',
        `The workbook has no sheet named "${options.sheetName}"; its sheets are: ${sheetNames.join(', ')}.`,
      );
    }
    chosen = options.sheetName;
  } else {
    chosen = sheetNames.find((name) => Object.hasOwn(workbook.Sheets, name) && hasData(sheetDataOf(workbook, name)));
    if (chosen === undefined) throw new ImportFileError('EMPTY_FILE', 'Every sheet in the workbook is empty.');
  }
  const data = sheetDataOf(workbook, chosen);
  return { sheetNames, sheetName: chosen, rows: iterateRows(data, is1904) };
}

function sheetDataOf(workbook: XLSX.WorkBook, name: string): (Cell[] | undefined)[] {
  const sheet = workbook.Sheets[name];
  const data: unknown = sheet?.['!data'];
  // dense: true makes every worksheet carry '!data' (chart sheets may not).
  return Array.isArray(data) ? (data as (Cell[] | undefined)[]) : [];
}

function hasData(data: (Cell[] | undefined)[]): boolean {
  for (const row of data) {
    if (!row) continue;
    for (const cell of row) if (cell && toDisplay(cell).trim() !== '') return true;
  }
  return false;
}

function* iterateRows(data: (Cell[] | undefined)[], is1904: boolean): Iterable<TableRow> {
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) {
      yield { line: r + 1, cells: [], raw: [] };
      continue;
    }
    const cells: string[] = [];
    const raw: (string | null)[] = [];
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      cells.push(cell ? toDisplay(cell) : '');
      raw.push(cell ? toRaw(cell, is1904) : null);
    }
    yield { line: r + 1, cells, raw };
  }
}

function toDisplay(cell: Cell): string {
  if (typeof cell.w === 'string') return cell.w;
  if (cell.v === undefined || cell.v === null) return '';
  if (cell.v instanceof Date) return toIsoFromDate(cell.v);
  return String(cell.v);
}

function toRaw(cell: Cell, is1904: boolean): string | null {
  const v = cell.v;
  switch (cell.t) {
    case 'n':
      if (typeof v !== 'number') return null;
      if (typeof cell.z === 'string' && isDateFormat(cell.z)) return toIsoFromSerial(v, is1904);
      return toPlainDecimal(v);
    case 'b':
      return v ? 'TRUE' : 'FALSE';
    case 'd':
      return v instanceof Date ? toIsoFromDate(v) : null;
    default:
      return null;
  }
}

/** Shortest round-trip decimal without exponent: 1e-7 → "0.0000001". */
export function toPlainDecimal(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const s = String(n);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const [, sign = '', lead = '', frac = '', expText = '0'] = m;
  const exp = Number(expText);
  const digits = lead + frac;
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const intLength = exp + 1;
  return intLength >= digits.length
    ? `${sign}${digits}${'0'.repeat(intLength - digits.length)}`
    : `${sign}${digits.slice(0, intLength)}.${digits.slice(intLength)}`;
}

const MS_PER_DAY = 86_400_000;

/**
 * Excel serial → ISO-8601 wall-clock (no zone). 1900 system: serial 25569 is 1970-01-01 and
 * serials below 60 are shifted a day (Excel's fictitious 1900-02-29). 1904 system: serial 0 is
 * 1904-01-01. A serial below 1 is a time of day: "HH:mm:ss". Rounded to the millisecond.
 */
export function toIsoFromSerial(serial: number, is1904: boolean): string | null {
  if (!Number.isFinite(serial) || serial < 0 || serial > 2_958_466) return null;
  if (serial < 1 && !is1904) {
    const ms = Math.round(serial * MS_PER_DAY);
    return trimIso(new Date(ms).toISOString()).slice(11);
  }
  const days = is1904 ? serial - 24_107 : (serial < 60 ? serial + 1 : serial) - 25_569;
  return trimIso(new Date(Math.round(days * MS_PER_DAY)).toISOString());
}

function toIsoFromDate(date: Date): string {
  return Number.isNaN(date.getTime()) ? '' : trimIso(date.toISOString());
}

function trimIso(iso: string): string {
  const noZone = iso.replace(/Z$/, '');
  if (noZone.endsWith('T00:00:00.000')) return noZone.slice(0, 10);
  return noZone.endsWith('.000') ? noZone.slice(0, -4) : noZone;
}

function toSpreadsheetError(error: unknown, fileType: 'xlsx' | 'xls'): ImportFileError {
  const message = error instanceof Error ? error.message : String(error);
  if (/password|encrypt/i.test(message)) {
    return new ImportFileError(
      'ENCRYPTED_FILE',
      'The workbook is password-protected: remove the password and upload it again.',
    );
  }
  return toUnreadableWorkbookError(fileType);
}

/** A workbook that cannot be read (damaged, or not Excel inside), said by what the file claimed to be. */
export function toUnreadableWorkbookError(fileType: 'xlsx' | 'xls'): ImportFileError {
  if (fileType === 'xls') {
    return new ImportFileError(
      'NOT_A_SPREADSHEET',
      'This Office file is not an Excel workbook that can be read (or it is damaged): save it as .xlsx or .csv.',
    );
  }
  return new ImportFileError(
    'CORRUPT_FILE',
    'The workbook is damaged and cannot be read: save it again as .xlsx or .csv.',
  );
}
