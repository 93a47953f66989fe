import type { OpenSpreadsheetOptions, TableRow } from '../../../core/import/table';

/** Parent → reader process. One workbook is open at a time; `next` pulls its next batch of rows. */
export type ReaderRequest =
  { type: 'open'; bytes: Uint8Array; options: OpenSpreadsheetOptions } | { type: 'next' } | { type: 'close' };

/** Reader process → parent: one reply per request, in order. */
export type ReaderReply =
  | { type: 'opened'; sheetNames: string[]; sheetName: string }
  | { type: 'rows'; rows: TableRow[] | null }
  | { type: 'closed' }
  | { type: 'error'; message: string; code: string | null };
