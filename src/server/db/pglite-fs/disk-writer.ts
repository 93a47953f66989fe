import { chmodSync, ftruncateSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { startTsWorker } from '../../workers/ts-worker';
import {
  isNameRecord,
  markFailed,
  RecordKind,
  RingReader,
  RingViews,
  waitForTail,
  type RingMemory,
  type RingRecord,
} from './write-ring';

/** What the thread doing the queued operations tells PGlite's thread. */
export type DiskWriterMessage = { type: 'failed'; message: string } | { type: 'stopped' };

/** The side of the disk writer PGlite's thread holds. */
export type DiskWriter = {
  /** Blocks until every record before `counter` is done, or one failed. */
  waitUntilDone: (counter: number) => void;
  /** Settles once the writer has done the stop record (or failed before it). */
  whenStopped: () => Promise<void>;
  /** Why the writer failed, once it has. */
  failure: () => string | undefined;
};

/** Carries out one queued file operation (the writer's part of write-behind-fs.ts). */
export function applyRecord(record: RingRecord): void {
  switch (record.kind) {
    case RecordKind.write: {
      let written = 0;
      while (written < record.data.byteLength)
        written += writeSync(
          record.fd,
          record.data,
          written,
          record.data.byteLength - written,
          record.position + written,
        );
      return;
    }
    case RecordKind.truncate:
      return ftruncateSync(record.fd, record.position);
    case RecordKind.rename:
      return renameSync(record.path, record.path2);
    case RecordKind.unlink:
      return unlinkSync(record.path);
    case RecordKind.chmod:
      return chmodSync(record.path, record.position);
  }
}

/**
 * Carries out the next queued record, if there is one, and marks it done: false when the queue
 * is empty, when the record is the stop record, or when it failed (the ring then says so, and
 * nothing more is carried out).
 */
export function carryOutNext(reader: RingReader, next = reader.tryNext()): boolean {
  if (!next) return false;
  const { record, end } = next;
  if (record.kind === RecordKind.stop) {
    reader.done(end);
    return false;
  }
  const changesNames = isNameRecord(record.kind);
  if (changesNames) reader.beginNameOp();
  try {
    applyRecord(record);
  } catch (err) {
    // Stop here: the files hold every operation before this one and none after, which PostgreSQL
    // recovers from as from a crash at this point. Going on could, say, record a checkpoint
    // whose pages were never written.
    reader.fail();
    throw err;
  }
  if (changesNames) reader.endNameOp();
  reader.done(end);
  return true;
}

/** Starts the thread that carries out the queue in `memory` (disk-writer.worker.ts). */
export function startDiskWriterThread(memory: RingMemory): DiskWriter {
  const ring = new RingViews(memory);
  const worker = startTsWorker(new URL('./disk-writer.worker.ts', import.meta.url), { workerData: memory });
  let failure: string | undefined;
  let isStopped = false;
  const fail = (message: string) => {
    failure ??= message;
    console.error(`PGlite's disk writer failed, and the database writes nothing more: ${message}`);
  };
  worker.on('message', (message: DiskWriterMessage) => {
    if (message.type === 'stopped') isStopped = true;
    else fail(message.message);
  });
  worker.on('error', (err) => fail(err.message));
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      // Ended other than at the stop record (could not load, ran out of memory): nothing waits on.
      if (!isStopped && !ring.hasFailed()) {
        failure ??= 'the disk writer thread ended';
        markFailed(ring);
      }
      resolve();
    }),
  );
  // It runs while PGlite is open; PGlite's close stops it (whenStopped holds the process till then).
  worker.unref();
  return {
    waitUntilDone: (counter) => waitForTail(ring, counter),
    whenStopped: () => {
      worker.ref();
      return exited;
    },
    failure: () => failure ?? (ring.hasFailed() ? 'a file operation failed' : undefined),
  };
}
