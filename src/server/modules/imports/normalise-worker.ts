/**
 * Runs in a worker thread: reads an uploaded file with the commit's analysis options, prepares its
 * fills (prepare-fills.ts), groups and encodes them (batch-grouping.ts) and posts them to the
 * parent in batches, at most AHEAD_ROWS rows of them not yet taken by the parent, so reading,
 * checking and grouping never block the server's event loop and memory stays bounded whatever the
 * file's size. The parent answers each batch it takes, and says which instruments it took out of
 * the grouping (batch-writer.ts).
 */
import { createReadStream, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { ImportFileError } from '../../../core/import/table';
import { analyseUpload, normaliseUploadInChunks, type AnalyseOptions, type NormalisedRow } from './import-engine';
import { createBatchGrouper, type BatchGrouperParams, type GroupedBatch, type OpenTrades } from './batch-grouping';
import { toTransferList, writeTransferredBatch, type TransferredBatch } from './batch-transfer';
import { createBatchPreparer, type PreparedBatch } from './prepare-fills';
import { createSpreadsheetReader } from './spreadsheet-reader';

export type NormaliseWorkerData = {
  path: string;
  options: Omit<AnalyseOptions, 'findTemplate' | 'openSpreadsheet'>;
  batchRows: number;
  /** Rows sent and not yet taken that stop this thread (AHEAD_ROWS unless a test says less). */
  aheadRows?: number;
  /** The heap cap of the workbook reader processes this thread starts. */
  spreadsheetMaxHeapMb: number;
  /** What preparing the fills needs from the account (createBatchPreparer). */
  prepare: { accountCurrency: string; firstSequence: number };
  /** What grouping them needs (createBatchGrouper). */
  group: BatchGrouperParams;
  /**
   * Each batch lists its fills' fingerprints (`fingerprints`): the account has fills in "Recently
   * deleted", and the parent counts the file's fills that match them (import-runner.ts).
   */
  isListingFingerprints?: boolean;
};

/** A batch as the parent gets it: prepared, its fills grouped and encoded (`grouped`) rather than listed. */
export type WorkerBatch = Omit<PreparedBatch, 'fills'> & {
  grouped: GroupedBatch;
  /** Time spent grouping and encoding the fills. */
  groupMs: number;
  /** The fingerprints of the batch's fills, when the parent asked for them (isListingFingerprints); else none. */
  fingerprints: string[];
};

export type NormaliseWorkerMessage =
  /**
   * A WorkerBatch as writeTransferredBatch writes it: batches waiting for the parent sit in its
   * inbox as bytes and buffers outside its heap rather than as objects that every garbage
   * collection of that thread (the server's) would visit.
   */
  | ({ type: 'batch'; rowsRead: number } & TransferredBatch)
  /** The end of the file, with the trades of the stretches still open (BatchGrouper.finish). */
  | { type: 'done'; rowsRead: number; open: OpenTrades }
  | { type: 'error'; message: string; code: string | null };

/**
 * What the parent says: it took a batch, took instruments out of the grouping (BatchGrouper), or
 * wants batches of another size from now on (batch-sizer.ts).
 */
export type NormaliseWorkerCommand =
  | { type: 'taken' }
  | { type: 'demote'; instrumentKeys: string[] }
  | { type: 'stopStreaming' }
  | { type: 'batchRows'; rows: number };

const port = parentPort;
if (!port) throw new Error('normalise-worker must run in a worker thread');
lowerThreadPriority();
const data = workerData as NormaliseWorkerData;

/**
 * Rows sent and not yet taken by the parent: this thread works on while the parent holds fewer
 * than this (and always two batches), so batches are ready whenever the parent asks. It covers a
 * long file's chunk boundaries (import-engine.ts, WHOLE_FILE_ROWS), where this thread reads and
 * normalises a whole chunk before the next row comes out: with only two batches ahead, the parent
 * waited there, seconds of a long import in all. Memory: this many prepared fills at most.
 */
const AHEAD_ROWS = 60_000;
/**
 * The first batch is written by code that has not run yet in the server's process (slow until
 * compiled): kept small, its transaction holds PGlite's one connection briefly.
 */
const FIRST_BATCH_ROWS = 50;
/** The row counts of the batches sent and not yet taken, oldest first (the parent takes them in order). */
const unacknowledged: number[] = [];
let rowsAhead = 0;
let release: (() => void) | null = null;
/** The size of the batches after the first (the parent may change it as it goes). */
let batchRows = data.batchRows;
const grouper = createBatchGrouper(data.group);
port.on('message', (command: NormaliseWorkerCommand) => {
  if (command.type === 'demote') return grouper.demote(command.instrumentKeys);
  if (command.type === 'stopStreaming') return grouper.stopStreaming();
  if (command.type === 'batchRows') {
    batchRows = command.rows;
    return;
  }
  rowsAhead -= unacknowledged.shift() ?? 0;
  release?.();
  release = null;
});
const aheadRows = data.aheadRows ?? AHEAD_ROWS;
const hasRoom = () => unacknowledged.length < 2 || rowsAhead < aheadRows;
const room = () => (hasRoom() ? Promise.resolve() : new Promise<void>((resolve) => (release = resolve)));

// This thread's own reader processes for workbooks; they end with the thread.
const spreadsheets = createSpreadsheetReader({
  maxHeapMb: data.spreadsheetMaxHeapMb,
});

/**
 * Linux: this thread (and the workbook readers it starts) at a lower CPU priority than the
 * server's thread, so that on a busy machine a request waits less and the import a little more:
 * the thread runs ahead of its parent (AHEAD_ROWS) and has slack to lose. Elsewhere, or when not
 * allowed, nothing changes.
 */
function lowerThreadPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isSafeInteger(threadId) && threadId > 0) setPriority(threadId, 10);
  } catch {
    // Not Linux (no /proc/thread-self), or not permitted: the default priority.
  }
}

try {
  const open = () => createReadStream(data.path, { highWaterMark: 256 * 1024 });
  const analysis = await analyseUpload(open, { ...data.options, openSpreadsheet: spreadsheets.open });
  const prepare = createBatchPreparer(data.prepare);
  const send = async (rows: NormalisedRow[], rowsRead: number) => {
    const { fills, ...prepared } = prepare(rows);
    const fingerprints = data.isListingFingerprints ? fills.map((fill) => fill.fingerprint) : [];
    const started = performance.now();
    const grouped = grouper.group(fills);
    const groupMs = performance.now() - started;
    const batch: WorkerBatch = { ...prepared, grouped, groupMs, fingerprints };
    const transferred = writeTransferredBatch(batch);
    port.postMessage(
      { type: 'batch', ...transferred, rowsRead } satisfies NormaliseWorkerMessage,
      toTransferList(transferred),
    );
    unacknowledged.push(rows.length);
    rowsAhead += rows.length;
    await room();
  };
  let rows: NormalisedRow[] = [];
  let rowsRead = 0;
  let isFirst = true;
  for await (const chunk of normaliseUploadInChunks(open, analysis, { openSpreadsheet: spreadsheets.open })) {
    for (const row of chunk) {
      rowsRead += 1;
      rows.push(row);
      if (rows.length >= (isFirst ? Math.min(FIRST_BATCH_ROWS, batchRows) : batchRows)) {
        await send(rows, rowsRead);
        rows = [];
        isFirst = false;
      }
    }
  }
  if (rows.length > 0) await send(rows, rowsRead);
  port.postMessage({ type: 'done', rowsRead, open: grouper.finish() } satisfies NormaliseWorkerMessage);
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  const code = err instanceof ImportFileError ? err.code : null;
  port.postMessage({ type: 'error', message, code } satisfies NormaliseWorkerMessage);
} finally {
  await spreadsheets.close();
}
