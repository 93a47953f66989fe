export * from './types';
export { readTable, previewTable, toChunks, DEFAULT_MAX_BYTES, DEFAULT_MAX_UNCOMPRESSED_BYTES } from './read-table';
export { sniffFile, detectEncoding, detectDelimiter, type FileSniff } from './sniff';
export { CsvParser, parseCsvText, type CsvParserOptions } from './csv-parser';
export { findHeaderRow, toHeaders } from './table-shape';
export { useNativeInflate, openSpreadsheetHere, toUnreadableWorkbookError } from './spreadsheet';
