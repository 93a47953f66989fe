import { ImportFileError, type ImportFileErrorCode } from '../../../core/import/table';
import { startTsWorker } from '../../workers/ts-worker';
import type { OpenTrades } from './batch-grouping';
import { readTransferredBatch } from './batch-transfer';
import type {
  NormaliseWorkerCommand,
  NormaliseWorkerData,
  NormaliseWorkerMessage,
  WorkerBatch,
} from './normalise-worker';

const WORKER_URL = new URL('./normalise-worker.ts', import.meta.url);

export type WorkerImport = {
  /** The file's rows, read, prepared and grouped in the worker, batch by batch. */
  batches: AsyncGenerator<WorkerBatch>;
  /** Takes instruments out of the worker's grouping (their next fills come checked). */
  demote: (instrumentKeys: string[]) => void;
  /** Nothing is grouped in the worker from now on. */
  stopStreaming: () => void;
  /** The batches the worker forms from now on have this many rows (those it sent already stay as they are). */
  setBatchRows: (rows: number) => void;
  /** Once `batches` is done: the trades of the stretches still open. */
  openTrades: () => OpenTrades;
  /** Ends the worker, whether or not `batches` was read to its end (it ends it itself). */
  close: () => Promise<void>;
};

/**
 * Reads, prepares and groups an uploaded file in a worker thread: the next batches are read while
 * the caller stores this one.
 */
export function normaliseInWorker(data: NormaliseWorkerData): WorkerImport {
  const worker = startTsWorker(WORKER_URL, { workerData: data });
  const inbox: NormaliseWorkerMessage[] = [];
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
  let isDone = false;
  let open: OpenTrades = [];
  const push = (message: NormaliseWorkerMessage) => {
    inbox.push(message);
    wake?.();
  };
  worker.on('message', push);
  worker.on('error', (err) => {
    failure = err;
    wake?.();
  });
  worker.on('exit', (code) => {
    if (code !== 0 && !failure) failure = new Error(`The import worker stopped (exit ${code}).`);
    wake?.();
  });
  const command = (message: NormaliseWorkerCommand) => {
    if (!isDone) worker.postMessage(message);
  };
  const close = async () => {
    isDone = true;
    await worker.terminate();
  };

  async function* readBatches(): AsyncGenerator<WorkerBatch> {
    try {
      for (;;) {
        const message = inbox.shift();
        if (!message) {
          if (failure) throw failure;
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
          continue;
        }
        if (message.type === 'done') {
          open = message.open;
          return;
        }
        if (message.type === 'error') {
          if (message.code) throw new ImportFileError(message.code as ImportFileErrorCode, message.message);
          throw new Error(message.message);
        }
        // Ask for the next batch now: the worker reads it while this one is stored.
        command({ type: 'taken' });
        yield readTransferredBatch<WorkerBatch>(message);
      }
    } finally {
      await close();
    }
  }

  return {
    batches: readBatches(),
    demote: (instrumentKeys) => command({ type: 'demote', instrumentKeys }),
    stopStreaming: () => command({ type: 'stopStreaming' }),
    setBatchRows: (rows) => command({ type: 'batchRows', rows }),
    openTrades: () => open,
    close,
  };
}
