/**
 * Runs in a child process of the server (see spreadsheet-reader.ts): reads workbooks with SheetJS
 * one at a time on the parent's request. Whatever a damaged workbook does to SheetJS here (loop,
 * run out of memory, abort V8) ends this process only; the server answers the upload as unreadable.
 */
import * as zlib from 'node:zlib';
import {
  ImportFileError,
  openSpreadsheetHere,
  useNativeInflate,
  type SpreadsheetSource,
} from '../../../core/import/table';
import type { ReaderReply, ReaderRequest } from './spreadsheet-reader-protocol';

// SheetJS's own inflate can hang on a corrupt xlsx; Node's zlib answers an error (see useNativeInflate).
useNativeInflate(zlib);

const send = (reply: ReaderReply) => process.send?.(reply);
let open: SpreadsheetSource | null = null;

async function handle(request: ReaderRequest): Promise<ReaderReply> {
  switch (request.type) {
    case 'open':
      await open?.close();
      open = null;
      open = await openSpreadsheetHere(request.bytes, request.options);
      return { type: 'opened', sheetNames: open.sheetNames, sheetName: open.sheetName };
    case 'next': {
      const rows = (await open?.next()) ?? null;
      return { type: 'rows', rows };
    }
    case 'close':
      await open?.close();
      open = null;
      return { type: 'closed' };
  }
}

process.on('message', (request: ReaderRequest) => {
  handle(request).then(send, (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    send({ type: 'error', message, code: err instanceof ImportFileError ? err.code : null });
  });
});
// The parent going away (even killed) closes the channel: nothing is left to read for.
process.on('disconnect', () => process.exit(0));
