import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { CopyRows } from '../../db/bulk-insert';
import type { GroupedBatch, InstrumentPart } from './batch-grouping';
import { readTransferredBatch, toTransferList, writeTransferredBatch, type TransferredBatch } from './batch-transfer';

const copyOf = (bytes: number[]): CopyRows => ({ columnNames: ['id', 'price'], data: new Uint8Array(bytes) });

function partOf(
  instrumentKey: string,
  copies: Pick<InstrumentPart, 'newFills' | 'trades' | 'tradeParts'> & Partial<Pick<InstrumentPart, 'keyedFills'>>,
): InstrumentPart {
  return {
    instrumentKey,
    wasInAccount: false,
    isStreamed: true,
    firstStreamedAt: '2025-06-02T14:00:00.000Z',
    fillCount: 2,
    newFillCount: 2,
    keyedFills: copyOf([]),
    keyedFillCount: 0,
    checked: [],
    behind: [],
    tradeCount: 1,
    ...copies,
  };
}

/** Sends a written batch through a real channel, its buffers in the transfer list, as the worker does. */
function sendAcross(transferred: TransferredBatch): TransferredBatch {
  const { port1, port2 } = new MessageChannel();
  port1.postMessage(transferred, toTransferList(transferred));
  const received = receiveMessageOnPort(port2)?.message as TransferredBatch;
  port1.close();
  return received;
}

describe('a batch sent from the worker to the server’s thread', () => {
  it('arrives whole, its COPY data over the buffers handed over rather than copies', () => {
    const shared = new Uint8Array([9, 8, 7, 6, 5, 4]);
    const grouped: GroupedBatch = {
      parts: [
        partOf('stock:AAPL', {
          newFills: copyOf([1, 2, 3]),
          keyedFills: copyOf([10, 11]),
          trades: copyOf([4, 5]),
          tradeParts: copyOf([]),
        }),
        // A view of part of a larger buffer: copied, so the rest of that buffer stays usable here.
        partOf('stock:MSFT', {
          newFills: { columnNames: ['id'], data: shared.subarray(1, 3) },
          trades: copyOf([6]),
          tradeParts: copyOf([7, 8]),
        }),
      ],
      demoted: ['stock:TSLA'],
    };
    const batch = {
      rowCount: 2,
      others: [{ kind: 'skipped', row: 3 }],
      journals: new Map([['k', { notes: 'x' }]]),
      grouped,
    };
    const expected = structuredClone(batch);

    const written = writeTransferredBatch(batch);
    // Each part's own: its new and keyed fills, trades and their parts (MSFT's new fills are a view).
    expect(written.buffers).toHaveLength(7);
    const received = sendAcross(written);
    const read = readTransferredBatch<typeof batch>(received);

    expect(read).toEqual(expected);
    // Handed over: gone from this side, and the data read are views of the buffers received.
    expect(grouped.parts[0]!.newFills.data.byteLength).toBe(0);
    expect(grouped.parts[0]!.keyedFills.data.byteLength).toBe(0);
    const readBuffers = read.grouped.parts.flatMap((part) =>
      [part.newFills, part.keyedFills, part.trades, part.tradeParts].map((copy) => copy.data.buffer),
    );
    for (const buffer of received.buffers) expect(readBuffers).toContain(buffer);
    // Copied: the shared buffer is still whole here.
    expect([...shared]).toEqual([9, 8, 7, 6, 5, 4]);
    expect([...read.grouped.parts[1]!.newFills.data]).toEqual([8, 7]);
  });

  it('sends the COPY data once, outside the bytes', () => {
    const large = copyOf(Array.from({ length: 100_000 }, (_, i) => i % 256));
    const grouped: GroupedBatch = {
      parts: [partOf('stock:AAPL', { newFills: large, trades: copyOf([1]), tradeParts: copyOf([]) })],
      demoted: [],
    };
    const written = writeTransferredBatch({ grouped });
    expect(written.bytes.byteLength).toBeLessThan(1_000);
  });
});
