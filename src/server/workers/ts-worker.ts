import { Worker, type WorkerOptions } from 'node:worker_threads';

const ENTRY_URL = new URL('./ts-worker-entry.mjs', import.meta.url);

/**
 * Starts a worker thread running the TypeScript module at `moduleUrl`. The server runs from source
 * through tsx (`npm start`, the tests), and a worker thread starts without the parent's loader, so
 * the thread starts in a plain module that registers tsx and then imports `moduleUrl` (passed as
 * the worker's one argument). The module reads `workerData` and `parentPort` as usual.
 */
export function startTsWorker(moduleUrl: URL, options: Omit<WorkerOptions, 'argv' | 'eval'> = {}): Worker {
  return new Worker(ENTRY_URL, { ...options, argv: [moduleUrl.href] });
}
