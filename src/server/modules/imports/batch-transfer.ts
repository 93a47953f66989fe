import { Deserializer, Serializer } from 'node:v8';
import type { GroupedBatch } from './batch-grouping';

/**
 * A worker's batch as it crosses to the server's thread: the batch written by V8's serializer,
 * with its COPY data left out of the bytes and handed over as they are (`buffers`, in the
 * message's transfer list). Written inline, the COPY data (most of a batch) were copied twice more:
 * into the bytes on the worker's side, and out of them into new array buffers on the server's
 * thread.
 */
export type TransferredBatch = { bytes: Uint8Array; buffers: ArrayBuffer[] };

/** The array buffers of the batch's COPY data that hold nothing else (a view of part of one is copied instead). */
function ownedCopyBuffers(batch: { grouped: GroupedBatch }): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const part of batch.grouped.parts) {
    for (const { data } of [part.newFills, part.keyedFills, part.trades, part.tradeParts]) {
      if (data.byteOffset === 0 && data.byteLength === data.buffer.byteLength) buffers.add(data.buffer);
    }
  }
  return [...buffers];
}

/**
 * Writes a batch for the server's thread. Posted with toTransferList, its bytes' buffer (its own)
 * and the buffers answered are handed over: the batch's COPY data are then unusable on this side.
 */
export function writeTransferredBatch<Batch extends { grouped: GroupedBatch }>(batch: Batch): TransferredBatch {
  const buffers = ownedCopyBuffers(batch);
  const serializer = new Serializer();
  buffers.forEach((buffer, index) => serializer.transferArrayBuffer(index, buffer));
  serializer.writeHeader();
  serializer.writeValue(batch);
  return { bytes: serializer.releaseBuffer(), buffers };
}

/** What a message carrying `transferred` hands over (its transfer list): its bytes' buffer and its COPY data's. */
export function toTransferList(transferred: TransferredBatch): ArrayBuffer[] {
  return [transferred.bytes.buffer as ArrayBuffer, ...transferred.buffers];
}

/** Reads a batch written by writeTransferredBatch, its COPY data over the buffers handed over (not copied). */
export function readTransferredBatch<Batch>({ bytes, buffers }: TransferredBatch): Batch {
  const deserializer = new Deserializer(bytes);
  buffers.forEach((buffer, index) => deserializer.transferArrayBuffer(index, buffer));
  deserializer.readHeader();
  return deserializer.readValue() as Batch;
}
