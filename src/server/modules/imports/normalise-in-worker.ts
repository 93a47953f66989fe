import { deserialize } from 'node:v8';
import { ImportFileError, type ImportFileErrorCode } from '../../../core/import/table';
import { startTsWorker } from '../../workers/ts-worker';
import type { PreparedBatch } from './prepare-fills';
import type { NormaliseWorkerData, NormaliseWorkerMessage } from './normalise-worker';

const WORKER_URL = new URL('./normalise-worker.ts', import.meta.url);

/**
 * The file's rows, read and their fills prepared in a worker thread, batch by batch: the next
 * batch is read while the caller stores this one.
 */
export async function* normaliseInWorker(data: NormaliseWorkerData): AsyncGenerator<PreparedBatch> {
  const worker = startTsWorker(WORKER_URL, { workerData: data });
  const inbox: NormaliseWorkerMessage[] = [];
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
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
  try {
    for (;;) {
      const message = inbox.shift();
      if (!message) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        continue;
      }
      if (message.type === 'done') return;
      if (message.type === 'error') {
        if (message.code) throw new ImportFileError(message.code as ImportFileErrorCode, message.message);
        throw new Error(message.message);
      }
      // Ask for the next batch now: the worker reads it while this one is stored.
      worker.postMessage('next');
      yield deserialize(message.bytes) as PreparedBatch;
    }
  } finally {
    await worker.terminate();
  }
}
