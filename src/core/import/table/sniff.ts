import { CsvParser } from './csv-parser';
import { decodeSample, isValidUtf8Prefix } from './text-decoding';
import { type Delimiter, type FileType, ImportFileError, type TableRow, type TextEncoding } from './types';

export type FileSniff = {
  fileType: FileType;
  /** null for spreadsheets. */
  encoding: TextEncoding | null;
  /** The head was plain ASCII, so UTF-8 is a guess the stream decoder may revise. */
  isEncodingTentative: boolean;
  /** null for spreadsheets. */
  delimiter: Delimiter | null;
};

/** How many bytes of the file's start sniffing wants to see. */
export const SNIFF_BYTES = 64 * 1024;

const DELIMITERS: readonly Delimiter[] = [',', ';', '\t', '|'];

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06];
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const KNOWN_BINARIES: readonly { magic: readonly number[]; what: string }[] = [
  { magic: [0x25, 0x50, 0x44, 0x46], what: 'a PDF document' },
  { magic: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { magic: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { magic: [0x47, 0x49, 0x46, 0x38], what: 'a GIF image' },
  { magic: [0x1f, 0x8b], what: 'a gzip-compressed file (unpack it first)' },
  { magic: [0x52, 0x61, 0x72, 0x21], what: 'a RAR archive (unpack it first)' },
  { magic: [0x37, 0x7a, 0xbc, 0xaf], what: 'a 7-Zip archive (unpack it first)' },
  { magic: [0x42, 0x5a, 0x68], what: 'a bzip2-compressed file (unpack it first)' },
  { magic: [0x09, 0x08, 0x10, 0x00], what: 'an Excel 2-4 worksheet, too old to read (save it as .xlsx)' },
];

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  if (bytes.length < at + magic.length) return false;
  return magic.every((b, i) => bytes[at + i] === b);
}

/**
 * Decides what a file is from its first bytes (pass up to SNIFF_BYTES; pass the whole file when
 * it is shorter): spreadsheet or text, and for text the encoding and delimiter.
 * `isComplete` says `head` is the entire file, which lets a zip be judged by its directory.
 * Throws ImportFileError for empty files, binaries and archives that are not spreadsheets.
 */
export function sniffFile(head: Uint8Array, fileName?: string, isComplete = false): FileSniff {
  if (head.length === 0) throw new ImportFileError('EMPTY_FILE', 'The file is empty.');
  if (startsWith(head, ZIP_MAGIC) || startsWith(head, EMPTY_ZIP_MAGIC)) {
    classifyZipHead(head, isComplete);
    return { fileType: 'xlsx', encoding: null, isEncodingTentative: false, delimiter: null };
  }
  if (startsWith(head, CFB_MAGIC)) {
    return { fileType: 'xls', encoding: null, isEncodingTentative: false, delimiter: null };
  }
  for (const { magic, what } of KNOWN_BINARIES) {
    if (startsWith(head, magic)) {
      throw new ImportFileError('NOT_A_TABLE', `This is ${what}, not a CSV or spreadsheet file.`);
    }
  }
  const { encoding, isTentative } = detectEncoding(head);
  const text = decodeSample(head, encoding);
  assertTextLike(text);
  if (text.trim().length === 0) {
    throw new ImportFileError('EMPTY_FILE', 'The file contains only blank lines.');
  }
  const isTsvName = /\.(tsv|tab)$/i.test(fileName ?? '');
  const delimiter = detectDelimiter(text, { preferTab: isTsvName, isComplete });
  return {
    fileType: delimiter === '\t' ? 'tsv' : 'csv',
    encoding,
    isEncodingTentative: isTentative,
    delimiter,
  };
}

/**
 * BOM first; then UTF-16 without BOM by where the NUL bytes fall (ASCII text in UTF-16 has a
 * zero in every other byte); then UTF-8 if the bytes are valid UTF-8, else windows-1252.
 */
export function detectEncoding(head: Uint8Array): { encoding: TextEncoding; isTentative: boolean } {
  if (startsWith(head, [0xef, 0xbb, 0xbf])) return { encoding: 'utf-8', isTentative: false };
  if (startsWith(head, [0xff, 0xfe])) return { encoding: 'utf-16le', isTentative: false };
  if (startsWith(head, [0xfe, 0xff])) return { encoding: 'utf-16be', isTentative: false };
  const sample = Math.min(head.length, 4096) & ~1;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample; i += 2) {
    if (head[i] === 0) evenZeros++;
    if (head[i + 1] === 0) oddZeros++;
  }
  const pairs = sample / 2;
  if (pairs > 0) {
    if (oddZeros / pairs > 0.3 && evenZeros / pairs < 0.05) return { encoding: 'utf-16le', isTentative: false };
    if (evenZeros / pairs > 0.3 && oddZeros / pairs < 0.05) return { encoding: 'utf-16be', isTentative: false };
  }
  let hasHighBytes = false;
  for (let i = 0; i < head.length; i++) {
    if ((head[i] ?? 0) >= 0x80) {
      hasHighBytes = true;
      break;
    }
  }
  if (!hasHighBytes) return { encoding: 'utf-8', isTentative: true };
  return isValidUtf8Prefix(head)
    ? { encoding: 'utf-8', isTentative: false }
    : { encoding: 'windows-1252', isTentative: false };
}

function assertTextLike(text: string): void {
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) {
      throw new ImportFileError('NOT_A_TABLE', 'This is a binary file, not a CSV or spreadsheet file.');
    }
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || c === 0x7f || c === 0xfffd) control++;
  }
  if (control > 8 && control / text.length > 0.02) {
    throw new ImportFileError('NOT_A_TABLE', 'This is a binary file, not a CSV or spreadsheet file.');
  }
}

/**
 * Picks the delimiter that splits the most sample records into the same number (≥ 2) of fields,
 * reading quotes properly; preamble lines simply lose the vote, and so does a record with a stray
 * quote (a delimiter that cuts through quoted fields strands their quotes). Ties go to more
 * fields, then to the order `,` `;` tab `|`; for .tsv names tab wins every tie. A file with one
 * column gets `,`.
 */
export function detectDelimiter(text: string, options: { preferTab?: boolean; isComplete?: boolean } = {}): Delimiter {
  const order = options.preferTab ? (['\t', ',', ';', '|'] as const) : DELIMITERS;
  let best: { delimiter: Delimiter; freq: number; width: number } | null = null;
  for (const delimiter of order) {
    const { records, strayQuoteLines } = sampleRecords(text, delimiter, options.isComplete ?? false);
    const counts = new Map<number, number>();
    for (const r of records) {
      if (r.cells.length === 1 && (r.cells[0] ?? '').trim() === '') continue;
      if (strayQuoteLines.has(r.line)) continue;
      counts.set(r.cells.length, (counts.get(r.cells.length) ?? 0) + 1);
    }
    let width = 0;
    let freq = 0;
    for (const [w, f] of counts) {
      if (w >= 2 && (f > freq || (f === freq && w > width))) {
        width = w;
        freq = f;
      }
    }
    if (freq === 0) continue;
    const isBetter =
      !best ||
      freq > best.freq ||
      (freq === best.freq && !(options.preferTab && best.delimiter === '\t') && width > best.width);
    if (isBetter) best = { delimiter, freq, width };
  }
  return best?.delimiter ?? ',';
}

const SAMPLE_RECORDS = 200;

function sampleRecords(
  text: string,
  delimiter: Delimiter,
  isComplete: boolean,
): { records: TableRow[]; strayQuoteLines: ReadonlySet<number> } {
  const out: TableRow[] = [];
  const parser = new CsvParser(delimiter, { maxFieldChars: 64 * 1024, maxCells: 4096, isNotingStrayQuotes: true });
  try {
    parser.push(text, out);
    if (isComplete) parser.end(out);
  } catch {
    // A candidate delimiter that makes the sample unreadable simply scores what it read.
  }
  return { records: out.slice(0, SAMPLE_RECORDS), strayQuoteLines: parser.strayQuoteLines };
}

/** Local file headers seen in the head: enough to reject documents and ODS early. */
function classifyZipHead(head: Uint8Array, isComplete: boolean): void {
  const names: string[] = [];
  let at = 0;
  while (at + 30 <= head.length && startsWith(head, ZIP_MAGIC, at)) {
    const view = new DataView(head.buffer, head.byteOffset + at);
    const flags = view.getUint16(6, true);
    const compressed = view.getUint32(18, true);
    const nameLength = view.getUint16(26, true);
    const extraLength = view.getUint16(28, true);
    const nameBytes = head.subarray(at + 30, at + 30 + nameLength);
    names.push(String.fromCharCode(...nameBytes));
    // With a data descriptor the size is unknown here; stop walking.
    if (flags & 0x08) break;
    at += 30 + nameLength + extraLength + compressed;
  }
  // The list is complete only when the walk ended on the central directory.
  rejectNonSpreadsheetZip(names, isComplete && startsWith(head, [0x50, 0x4b, 0x01, 0x02], at));
}

/** Throws for a zip whose entry names show it is not an xlsx; `isAll` says the list is complete. */
export function rejectNonSpreadsheetZip(names: readonly string[], isAll: boolean): void {
  if (names.some((n) => /^xl\/workbook\d*\.xml$/i.test(n))) return;
  if (names.some((n) => /^xl\/workbook\d*\.bin$/i.test(n))) {
    throw new ImportFileError(
      'UNSUPPORTED_FILE',
      'Excel binary workbooks (.xlsb) are not supported: save it as .xlsx or .csv.',
    );
  }
  if (names.includes('mimetype') && names.includes('content.xml')) {
    throw new ImportFileError(
      'UNSUPPORTED_FILE',
      'OpenDocument files (.ods) are not supported: save it as .xlsx or .csv.',
    );
  }
  if (names.some((n) => n.startsWith('word/'))) {
    throw new ImportFileError('NOT_A_SPREADSHEET', 'This is a Word document, not a spreadsheet or CSV file.');
  }
  if (names.some((n) => n.startsWith('ppt/'))) {
    throw new ImportFileError('NOT_A_SPREADSHEET', 'This is a PowerPoint file, not a spreadsheet or CSV file.');
  }
  if (isAll) {
    throw new ImportFileError(
      'NOT_A_SPREADSHEET',
      'This is a zip archive but not an Excel workbook: extract the CSV or spreadsheet from it and upload that.',
    );
  }
}
