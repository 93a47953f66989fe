import { CsvParser } from './csv-parser';
import { SNIFF_BYTES, sniffFile } from './sniff';
import { openSpreadsheetHere } from './spreadsheet';
import { FooterFilter, HEADER_SEARCH_ROWS, computeTypicalFilled, findHeaderRow, toHeaders } from './table-shape';
import { concatBytes } from '../../bytes';
import { createStreamDecoder } from './text-decoding';
import {
  ImportFileError,
  type ReadTableOptions,
  type SkippedRow,
  type TableLayout,
  type TablePreview,
  type TableReader,
  type TableRow,
} from './types';
import { assertSafeXlsxZip } from './zip-guard';
import { assertSafeCfb } from './cfb-guard';

export const DEFAULT_MAX_BYTES = 200 * 2 ** 20;
export const DEFAULT_MAX_UNCOMPRESSED_BYTES = 256 * 2 ** 20;
/** Rows read before the data starts flowing: header search plus a sample for typical row width. */
const SAMPLE_ROWS = HEADER_SEARCH_ROWS + 200;
/**
 * Chunks are decoded in slices of this size. A string of 128 KB or more is a large object to V8,
 * placed in pages of its own that are mapped for it and unmapped after: 256 KB slices of a 57 MB
 * file cost 225 ms in page faults alone, where 32 KB ones decode it in 40 (docs/import-bench.md).
 */
const SLICE_BYTES = 32 * 1024;
const MAX_PREAMBLE_ROWS = 60;

/** Pulls rows in batches; `null` at the end. */
type RowSource = { next(): Promise<TableRow[] | null>; close(): Promise<void> };

/**
 * Reads an uploaded file as a table: sniffs type, encoding and delimiter, finds the header row
 * past any preamble, and streams the data rows, holding back summary and footer lines.
 * Text files are decoded and parsed chunk by chunk (memory stays bounded by the chunk size and
 * the footer look-behind); spreadsheets are read whole, within `maxBytes` and
 * `maxUncompressedBytes`. Rejects with ImportFileError for files that are not tables; its rows
 * (`batches`, `rows`) can reject with it too (TOO_LARGE, MALFORMED_CSV found further into the file).
 */
export async function readTable(
  source: AsyncIterable<Uint8Array>,
  options: ReadTableOptions = {},
): Promise<TableReader> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const bytes = createByteReader(source, maxBytes);
  const head: Uint8Array[] = [];
  let headLength = 0;
  let isDone = false;
  while (headLength < SNIFF_BYTES) {
    const chunk = await bytes.next();
    if (chunk === null) {
      isDone = true;
      break;
    }
    head.push(chunk);
    headLength += chunk.length;
  }
  try {
    const sniff = sniffFile(concatBytes(head, headLength), options.fileName, isDone);
    let layoutBase: Pick<TableLayout, 'fileType' | 'encoding' | 'delimiter' | 'sheetName' | 'sheetNames'>;
    let rowSource: RowSource;
    let onEnd: (layout: TableLayout) => void = () => {};
    if (sniff.fileType === 'xlsx' || sniff.fileType === 'xls') {
      const all = [...head];
      let total = headLength;
      for (let chunk = isDone ? null : await bytes.next(); chunk !== null; chunk = await bytes.next()) {
        all.push(chunk);
        total += chunk.length;
      }
      const file = concatBytes(all, total);
      if (sniff.fileType === 'xlsx') {
        await assertSafeXlsxZip(file, options.maxUncompressedBytes ?? DEFAULT_MAX_UNCOMPRESSED_BYTES);
      } else {
        assertSafeCfb(file);
      }
      const openSpreadsheet = options.openSpreadsheet ?? openSpreadsheetHere;
      const sheet = await openSpreadsheet(file, {
        fileType: sniff.fileType,
        ...(options.sheetName === undefined ? {} : { sheetName: options.sheetName }),
      });
      layoutBase = {
        fileType: sniff.fileType,
        encoding: null,
        delimiter: null,
        sheetName: sheet.sheetName,
        sheetNames: sheet.sheetNames,
      };
      rowSource = sheet;
    } else {
      const delimiter = sniff.delimiter ?? ',';
      const decoder = createStreamDecoder(sniff.encoding ?? 'utf-8', sniff.isEncodingTentative);
      const parser = new CsvParser(delimiter);
      const pendingHead = [...head];
      let isEnded = false;
      rowSource = {
        async next() {
          if (isEnded) return null;
          const chunk = pendingHead.shift() ?? (await bytes.next());
          const out: TableRow[] = [];
          if (chunk === null) {
            isEnded = true;
            parser.push(decoder.end(), out);
            parser.end(out);
            return out;
          }
          for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
            parser.push(decoder.decode(chunk.subarray(at, at + SLICE_BYTES)), out);
          }
          return out;
        },
        close: () => bytes.close(),
      };
      layoutBase = { fileType: sniff.fileType, encoding: decoder.encoding, delimiter, sheetName: null, sheetNames: [] };
      onEnd = (layout) => {
        layout.encoding = decoder.encoding;
      };
    }
    return await shapeTable(rowSource, layoutBase, onEnd, options.recogniseHeader);
  } catch (error) {
    await bytes.close();
    throw error;
  }
}

async function shapeTable(
  source: RowSource,
  base: Pick<TableLayout, 'fileType' | 'encoding' | 'delimiter' | 'sheetName' | 'sheetNames'>,
  onEnd: (layout: TableLayout) => void,
  recogniseHeader: ReadTableOptions['recogniseHeader'],
): Promise<TableReader> {
  try {
    const sample: TableRow[] = [];
    let isExhausted = false;
    while (sample.length < SAMPLE_ROWS) {
      const batch = await source.next();
      if (batch === null) {
        isExhausted = true;
        break;
      }
      for (const row of batch) sample.push(row);
    }
    if (sample.every((r) => r.cells.every((c) => c.trim() === ''))) {
      throw new ImportFileError('EMPTY_FILE', 'The file has no data: every row is blank.');
    }
    const recognised = recogniseHeader
      ? sample.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => recogniseHeader(toHeaders(row)))
      : -1;
    const headerIndex = recognised >= 0 ? recognised : findHeaderRow(sample);
    // findHeaderRow returns an index of `sample`.
    const headerRow = sample[headerIndex] as TableRow;
    const layout: TableLayout = {
      ...base,
      headerRowIndex: headerIndex,
      headers: toHeaders(headerRow),
      preamble: sample.slice(Math.max(0, headerIndex - MAX_PREAMBLE_ROWS), headerIndex),
    };
    const dataSample = sample.slice(headerIndex + 1);
    sample.length = 0;
    const skipped: SkippedRow[] = [];
    const filter = new FooterFilter(
      Math.max(headerRow.cells.length, layout.headers.length),
      computeTypicalFilled(dataSample, layout.headers.length),
      skipped,
    );

    async function* streamBatches(): AsyncGenerator<TableRow[]> {
      try {
        let out: TableRow[] = [];
        for (const row of dataSample) filter.push(row, out);
        dataSample.length = 0;
        if (out.length > 0) yield out;
        while (!isExhausted) {
          const batch = await source.next();
          if (batch === null) break;
          out = [];
          for (const row of batch) filter.push(row, out);
          if (out.length > 0) yield out;
        }
        filter.end();
        onEnd(layout);
      } finally {
        await source.close();
      }
    }

    const batches = streamBatches();
    return { layout, batches, rows: eachRow(batches), skipped };
  } catch (error) {
    // Until the rows stream, nothing else closes the source (a workbook holds a reader process).
    await source.close();
    throw error;
  }
}

/** The rows of the batches one by one (nothing is read until they are asked for). */
async function* eachRow(batches: AsyncIterable<TableRow[]>): AsyncGenerator<TableRow> {
  for await (const batch of batches) yield* batch;
}

/**
 * Reads the layout and the first `maxRows` data rows (default 50), then stops reading.
 * Footers are only known at the end, so `skipped` lists those seen so far.
 */
export async function previewTable(
  source: AsyncIterable<Uint8Array>,
  options: ReadTableOptions & { maxRows?: number } = {},
): Promise<TablePreview> {
  const maxRows = options.maxRows ?? 50;
  const reader = await readTable(source, options);
  const rows: TableRow[] = [];
  let hasMore = false;
  for await (const row of reader.rows) {
    if (rows.length === maxRows) {
      hasMore = true;
      break;
    }
    rows.push(row);
  }
  return { layout: reader.layout, rows, skipped: reader.skipped, hasMore };
}

/** Wraps an in-memory file as a source of chunks; for tests and small uploads. */
export async function* toChunks(bytes: Uint8Array, chunkSize = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
}

type ByteReader = { next(): Promise<Uint8Array | null>; close(): Promise<void> };

function createByteReader(source: AsyncIterable<Uint8Array>, maxBytes: number): ByteReader {
  const iterator = source[Symbol.asyncIterator]();
  let total = 0;
  let isClosed = false;
  return {
    async next() {
      if (isClosed) return null;
      for (;;) {
        const r = await iterator.next();
        if (r.done) {
          isClosed = true;
          return null;
        }
        if (r.value.length === 0) continue;
        total += r.value.length;
        if (total > maxBytes) {
          isClosed = true;
          await iterator.return?.();
          throw new ImportFileError('TOO_LARGE', `The file is larger than ${formatMb(maxBytes)}.`);
        }
        return r.value;
      }
    },
    async close() {
      if (isClosed) return;
      isClosed = true;
      await iterator.return?.();
    },
  };
}

function formatMb(bytes: number): string {
  return bytes >= 2 ** 20 ? `${Math.round(bytes / 2 ** 20)} MB` : `${bytes} bytes`;
}
