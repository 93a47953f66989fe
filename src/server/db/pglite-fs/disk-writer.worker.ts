// The disk writer's thread (startDiskWriterThread): carries out PGlite's queued file operations in
// the order they were made, so a write the kernel holds up holds up this thread, not the server.
import { parentPort, workerData } from 'node:worker_threads';
import { carryOutNext, type DiskWriterMessage } from './disk-writer';
import { RingReader, RingViews, type RingMemory } from './write-ring';

const reader = new RingReader(new RingViews(workerData as RingMemory)); // sent by startDiskWriterThread as this shape
try {
  while (carryOutNext(reader, reader.next()));
  parentPort?.postMessage({ type: 'stopped' } satisfies DiskWriterMessage);
} catch (err) {
  reader.fail(); // (done already when an operation failed) PGlite's thread must not wait for a writer that is gone
  parentPort?.postMessage({ type: 'failed', message: (err as Error).message } satisfies DiskWriterMessage);
}
