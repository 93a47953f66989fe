/**
 * Runs in a worker thread: reads an uploaded file with the commit's analysis options, prepares its
 * fills (prepare-fills.ts) and posts them to the parent in batches, at most AHEAD of them not yet
 * taken by the parent, so reading and checking never block the server's event loop and memory
 * stays bounded by a few batches whatever the file's size.
 */
import { createReadStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { ImportFileError } from '../../../core/import/table';
import { analyseUpload, normaliseUpload, type AnalyseOptions, type NormalisedRow } from './import-engine';
import { createBatchPreparer, type PreparedBatch } from './prepare-fills';
import { createSpreadsheetReader } from './spreadsheet-reader';

export type NormaliseWorkerData = {
  path: string;
  options: Omit<AnalyseOptions, 'findTemplate' | 'openSpreadsheet'>;
  batchRows: number;
  /** The heap cap of the workbook reader processes this thread starts. */
  spreadsheetMaxHeapMb: number;
  /** What preparing the fills needs from the account (createBatchPreparer). */
  prepare: { accountCurrency: string; firstSequence: number };
};
export type NormaliseWorkerMessage =
  | { type: 'batch'; batch: PreparedBatch; rowsRead: number }
  | { type: 'done'; rowsRead: number }
  | { type: 'error'; message: string; code: string | null };

const port = parentPort;
if (!port) throw new Error('normalise-worker must run in a worker thread');
const data = workerData as NormaliseWorkerData;

/**
 * Batches sent and not yet taken by the parent: this thread works on while the parent holds fewer
 * than AHEAD, so a batch is ready whenever the parent asks (memory: AHEAD batches at most).
 */
const AHEAD = 2;
/**
 * The first batch is grouped in its own transaction (its instruments are decided there) by code
 * that has not run yet in this process: kept small, it holds PGlite's one connection briefly.
 */
const FIRST_BATCH_ROWS = 50;
let unacknowledged = 0;
let release: (() => void) | null = null;
port.on('message', () => {
  unacknowledged -= 1;
  release?.();
  release = null;
});
const room = () => (unacknowledged < AHEAD ? Promise.resolve() : new Promise<void>((resolve) => (release = resolve)));

// This thread's own reader processes for workbooks; they end with the thread.
const spreadsheets = createSpreadsheetReader({
  maxHeapMb: data.spreadsheetMaxHeapMb,
});

try {
  const open = () => createReadStream(data.path, { highWaterMark: 256 * 1024 });
  const analysis = await analyseUpload(open, { ...data.options, openSpreadsheet: spreadsheets.open });
  const prepare = createBatchPreparer(data.prepare);
  const send = async (rows: NormalisedRow[], rowsRead: number) => {
    port.postMessage({ type: 'batch', batch: prepare(rows), rowsRead } satisfies NormaliseWorkerMessage);
    unacknowledged += 1;
    await room();
  };
  let rows: NormalisedRow[] = [];
  let rowsRead = 0;
  let batchRows = Math.min(FIRST_BATCH_ROWS, data.batchRows);
  for await (const row of normaliseUpload(open, analysis, { openSpreadsheet: spreadsheets.open })) {
    rowsRead += 1;
    rows.push(row);
    if (rows.length === batchRows) {
      await send(rows, rowsRead);
      rows = [];
      batchRows = data.batchRows;
    }
  }
  if (rows.length > 0) await send(rows, rowsRead);
  port.postMessage({ type: 'done', rowsRead } satisfies NormaliseWorkerMessage);
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  const code = err instanceof ImportFileError ? err.code : null;
  port.postMessage({ type: 'error', message, code } satisfies NormaliseWorkerMessage);
} finally {
  await spreadsheets.close();
}
