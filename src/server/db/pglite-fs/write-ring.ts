/**
 * The queue of file operations PGlite's thread hands to the disk writer (write-behind-fs.ts): a
 * ring of records in shared memory, written by one thread and read by the other, in order.
 *
 * Positions are byte counters that only grow (`head`: appended, `tail`: done); a record sits at
 * its counter modulo the ring's size, whole (one that would not fit before the end starts at the
 * next lap, after a padding record). Each side wakes the other through a tick it bumps.
 */

export const RecordKind = {
  /** Pad to the end of the ring: the next record starts at the next lap. */
  pad: 0,
  /** `length` bytes at `position` of the open file `fd`. */
  write: 1,
  /** Cut the open file `fd` to `position` bytes. */
  truncate: 2,
  /** Rename `path` to `path2`. */
  rename: 3,
  /** Remove the file `path`. */
  unlink: 4,
  /** Set the mode of `path` to `position`. */
  chmod: 5,
  /** The writer thread ends. */
  stop: 6,
} as const;
export type RecordKind = (typeof RecordKind)[keyof typeof RecordKind];

/** The records that change names on disk, which look-ups must see in step with the disk. */
export function isNameRecord(kind: RecordKind): boolean {
  return kind === RecordKind.rename || kind === RecordKind.unlink;
}

/** kind, fd, position (8 bytes), data length, path length, second path length, padding. */
const HEADER_BYTES = 32;
const ALIGN = 8;

/** Indices in the control array (Int32): the ticks to wait on and the failure flag. */
export const Control = {
  headTick: 0,
  tailTick: 1,
  /** Non-zero once a record failed: the writer does nothing more, and every operation fails. */
  failed: 2,
  /**
   * Renames and removals begun and finished by the writer. The tail moves only after the
   * operation, so look-ups tell which names the disk has from these (write-behind-fs.ts).
   */
  nameOpsStarted: 3,
  nameOpsDone: 4,
  /** Set by the writer thread as it starts: a writer that never does is waited for a while only. */
  writerStarted: 5,
} as const;

/** How long PGlite's thread waits for a writer thread that has not started before giving up. */
const WRITER_START_MS = 60_000;

/** Indices in the counters array (BigInt64). */
export const Counter = { head: 0, tail: 1 } as const;

/** The shared memory both threads map: sent to the writer thread as its workerData. */
export type RingMemory = {
  data: SharedArrayBuffer;
  control: SharedArrayBuffer;
  counters: SharedArrayBuffer;
};

export function createRingMemory(capacityBytes: number): RingMemory {
  if (capacityBytes % ALIGN !== 0) throw new Error(`the ring's size must be a multiple of ${ALIGN}`);
  return {
    data: new SharedArrayBuffer(capacityBytes),
    control: new SharedArrayBuffer(6 * Int32Array.BYTES_PER_ELEMENT),
    counters: new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT),
  };
}

export type RingRecord = {
  kind: RecordKind;
  fd: number;
  position: number;
  /** The record's data (a view on the ring: valid until the record is marked done). */
  data: Uint8Array;
  path: string;
  path2: string;
};

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A record's bytes in the ring: its header and payload, aligned (both sides step by this). */
function recordBytes(dataLength: number, pathLength: number, path2Length: number): number {
  return Math.ceil((HEADER_BYTES + dataLength + pathLength + path2Length) / ALIGN) * ALIGN;
}

/** Views on a ring's memory, as both sides use them. */
export class RingViews {
  readonly bytes: Uint8Array;
  readonly view: DataView;
  readonly control: Int32Array;
  readonly counters: BigInt64Array;
  readonly capacity: number;

  constructor(memory: RingMemory) {
    this.bytes = new Uint8Array(memory.data);
    this.view = new DataView(memory.data);
    this.control = new Int32Array(memory.control);
    this.counters = new BigInt64Array(memory.counters);
    this.capacity = memory.data.byteLength;
  }

  tail(): number {
    return Number(Atomics.load(this.counters, Counter.tail));
  }

  head(): number {
    return Number(Atomics.load(this.counters, Counter.head));
  }

  hasFailed(): boolean {
    return Atomics.load(this.control, Control.failed) !== 0;
  }
}

type AppendParams = {
  kind: RecordKind;
  fd?: number;
  position?: number;
  data?: Uint8Array;
  path?: string;
  path2?: string;
};

/** The producing side: PGlite's thread. */
export class RingWriter {
  private head = 0;
  /** The most data one record carries: the caller splits longer writes. */
  readonly maxDataBytes: number;

  /** `waitUntilDone(counter)` blocks until the records before `counter` are done (or one failed). */
  constructor(
    private readonly ring: RingViews,
    private readonly waitUntilDone: (counter: number) => void,
  ) {
    this.maxDataBytes = Math.floor(ring.capacity / 4);
  }

  /** Counter past the last record appended. */
  appended(): number {
    return this.head;
  }

  /**
   * Appends one record and answers the counter past it (the record is done once the tail reaches
   * it) and where its data starts in the ring. Waits (blocking this thread) while the ring has no
   * room, which happens only when the disk falls a whole ring behind.
   */
  append(params: AppendParams): { end: number; dataOffset: number } {
    const path = params.path === undefined ? undefined : encoder.encode(params.path);
    const path2 = params.path2 === undefined ? undefined : encoder.encode(params.path2);
    const dataLength = params.data?.byteLength ?? 0;
    const size = recordBytes(dataLength, path?.byteLength ?? 0, path2?.byteLength ?? 0);
    if (size > this.ring.capacity / 2) throw new Error(`a ring record of ${size} bytes is larger than the ring takes`);
    const { capacity } = this.ring;
    let offset = this.head % capacity;
    if (offset + size > capacity) {
      // Not enough room before the end: pad to it (a header fits, since records are aligned and
      // the reader treats less than a header left as padding too) and start at the next lap.
      this.waitForRoom(capacity - offset);
      if (capacity - offset >= HEADER_BYTES) this.ring.view.setInt32(offset, RecordKind.pad, true);
      this.publish(this.head + (capacity - offset));
      offset = 0;
    }
    this.waitForRoom(size);
    const { view, bytes } = this.ring;
    view.setInt32(offset, params.kind, true);
    view.setInt32(offset + 4, params.fd ?? -1, true);
    view.setFloat64(offset + 8, params.position ?? 0, true);
    view.setInt32(offset + 16, dataLength, true);
    view.setInt32(offset + 20, path?.byteLength ?? 0, true);
    view.setInt32(offset + 24, path2?.byteLength ?? 0, true);
    let at = offset + HEADER_BYTES;
    if (params.data) {
      bytes.set(params.data, at);
      at += dataLength;
    }
    if (path) {
      bytes.set(path, at);
      at += path.byteLength;
    }
    if (path2) bytes.set(path2, at);
    this.publish(this.head + size);
    return { end: this.head, dataOffset: offset + HEADER_BYTES };
  }

  private publish(head: number): void {
    this.head = head;
    Atomics.store(this.ring.counters, Counter.head, BigInt(head));
    bump(this.ring, Control.headTick);
  }

  private waitForRoom(size: number): void {
    // After a failure nothing is written any more: the caller reports it.
    if (this.head + size - this.ring.tail() > this.ring.capacity)
      this.waitUntilDone(this.head + size - this.ring.capacity);
  }
}

/**
 * Blocks this thread until every record appended before `counter` is done (or one failed). A
 * writer thread that has not started within WRITER_START_MS (it could not load) fails the ring:
 * its 'error' event would never reach this thread, blocked here.
 */
export function waitForTail(ring: RingViews, counter: number): void {
  const since = performance.now();
  for (;;) {
    const seen = Atomics.load(ring.control, Control.tailTick);
    if (ring.tail() >= counter || ring.hasFailed()) return;
    if (Atomics.load(ring.control, Control.writerStarted) === 0 && performance.now() - since > WRITER_START_MS) {
      markFailed(ring);
      return;
    }
    Atomics.wait(ring.control, Control.tailTick, seen, 1_000);
  }
}

/**
 * Settles once every record appended before `counter` is done (or one failed), without blocking
 * this thread: what a request waits on before it answers that its writes are kept.
 */
export async function whenTailReaches(ring: RingViews, counter: number): Promise<void> {
  for (;;) {
    const seen = Atomics.load(ring.control, Control.tailTick);
    if (ring.tail() >= counter || ring.hasFailed()) return;
    // ES2024's Atomics.waitAsync (Node 16+); the project's lib is ES2023.
    const waiter = (Atomics as unknown as AtomicsWithWaitAsync).waitAsync(ring.control, Control.tailTick, seen, 1_000);
    if (waiter.async) await waiter.value;
  }
}

type AtomicsWithWaitAsync = {
  waitAsync: (
    array: Int32Array,
    index: number,
    value: number,
    timeout: number,
  ) => { async: false; value: string } | { async: true; value: Promise<string> };
};

/** Fails the ring: nothing more is carried out, every operation fails, and no one waits on. */
export function markFailed(ring: RingViews): void {
  Atomics.store(ring.control, Control.failed, 1);
  bump(ring, Control.tailTick);
  Atomics.notify(ring.control, Control.nameOpsDone);
}

/** Adds one to a control word and wakes whoever waits on it. */
function bump(ring: RingViews, index: number): void {
  Atomics.add(ring.control, index, 1);
  Atomics.notify(ring.control, index);
}

/** The consuming side: the disk writer's thread. */
export class RingReader {
  private tail = 0;

  constructor(private readonly ring: RingViews) {
    Atomics.store(ring.control, Control.writerStarted, 1);
  }

  /** The next record and the counter past it, waiting for one to be appended. */
  next(): { record: RingRecord; end: number } {
    for (;;) {
      const seen = Atomics.load(this.ring.control, Control.headTick);
      const next = this.tryNext();
      if (next) return next;
      Atomics.wait(this.ring.control, Control.headTick, seen);
    }
  }

  /** The next record and the counter past it, or undefined while there is none. */
  tryNext(): { record: RingRecord; end: number } | undefined {
    const { capacity, view, bytes } = this.ring;
    for (;;) {
      if (this.ring.head() === this.tail) return undefined;
      const offset = this.tail % capacity;
      if (capacity - offset < HEADER_BYTES || view.getInt32(offset, true) === RecordKind.pad) {
        this.done(this.tail + (capacity - offset));
        continue;
      }
      const kind = view.getInt32(offset, true) as RecordKind; // written by RingWriter.append from a RecordKind
      const dataLength = view.getInt32(offset + 16, true);
      const pathLength = view.getInt32(offset + 20, true);
      const path2Length = view.getInt32(offset + 24, true);
      const dataAt = offset + HEADER_BYTES;
      const pathAt = dataAt + dataLength;
      const record: RingRecord = {
        kind,
        fd: view.getInt32(offset + 4, true),
        position: view.getFloat64(offset + 8, true),
        data: bytes.subarray(dataAt, dataAt + dataLength),
        path: pathLength ? decoder.decode(bytes.slice(pathAt, pathAt + pathLength)) : '',
        path2: path2Length ? decoder.decode(bytes.slice(pathAt + pathLength, pathAt + pathLength + path2Length)) : '',
      };
      return { record, end: this.tail + recordBytes(dataLength, pathLength, path2Length) };
    }
  }

  /** Marks every record before `end` done, waking the producer if it waits. */
  done(end: number): void {
    this.tail = end;
    Atomics.store(this.ring.counters, Counter.tail, BigInt(end));
    bump(this.ring, Control.tailTick);
  }

  /** Brackets a rename or removal: look-ups that overlap one run again. */
  beginNameOp(): void {
    Atomics.add(this.ring.control, Control.nameOpsStarted, 1);
  }

  endNameOp(): void {
    bump(this.ring, Control.nameOpsDone);
  }

  fail(): void {
    markFailed(this.ring);
  }
}
