/**
 * Runs in a worker thread: reads an uploaded file with the commit's analysis options and posts
 * its normalised rows to the parent in batches, one batch at a time (the parent acknowledges each
 * before the next is read), so parsing never blocks the server's event loop and memory stays
 * bounded by one batch whatever the file's size.
 */
import { createReadStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { ImportFileError } from '../../../core/import/table';
import { analyseUpload, normaliseUpload, type AnalyseOptions, type NormalisedRow } from './import-engine';
import { createSpreadsheetReader } from './spreadsheet-reader';

export type NormaliseWorkerData = {
  path: string;
  options: Omit<AnalyseOptions, 'findTemplate' | 'openSpreadsheet'>;
  batchRows: number;
  /** The heap cap of the workbook reader processes this thread starts. */
  spreadsheetMaxHeapMb: number;
};
export type NormaliseWorkerMessage =
  | { type: 'batch'; rows: NormalisedRow[]; rowsRead: number }
  | { type: 'done'; rowsRead: number }
  | { type: 'error'; message: string; code: string | null };

const port = parentPort;
if (!port) throw new Error('normalise-worker must run in a worker thread');
const data = workerData as NormaliseWorkerData;

let release: (() => void) | null = null;
port.on('message', () => {
  release?.();
  release = null;
});
const acknowledged = () => new Promise<void>((resolve) => (release = resolve));

// This thread's own reader processes for workbooks; they end with the thread.
const spreadsheets = createSpreadsheetReader({
  maxHeapMb: data.spreadsheetMaxHeapMb,
});

try {
  const open = () => createReadStream(data.path, { highWaterMark: 256 * 1024 });
  const analysis = await analyseUpload(open, { ...data.options, openSpreadsheet: spreadsheets.open });
  let batch: NormalisedRow[] = [];
  let rowsRead = 0;
  for await (const row of normaliseUpload(open, analysis, { openSpreadsheet: spreadsheets.open })) {
    rowsRead += 1;
    batch.push(row);
    if (batch.length === data.batchRows) {
      const sent = acknowledged();
      port.postMessage({ type: 'batch', rows: batch, rowsRead } satisfies NormaliseWorkerMessage);
      batch = [];
      await sent;
    }
  }
  if (batch.length > 0) {
    const sent = acknowledged();
    port.postMessage({ type: 'batch', rows: batch, rowsRead } satisfies NormaliseWorkerMessage);
    await sent;
  }
  port.postMessage({ type: 'done', rowsRead } satisfies NormaliseWorkerMessage);
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  const code = err instanceof ImportFileError ? err.code : null;
  port.postMessage({ type: 'error', message, code } satisfies NormaliseWorkerMessage);
} finally {
  await spreadsheets.close();
}
