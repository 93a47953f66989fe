import {
  closeSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  readdirSync,
  renameSync,
  rmdirSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { BaseFilesystem, ERRNO_CODES, type FsStats } from '@electric-sql/pglite/basefs';
import { startDiskWriterThread, type DiskWriter } from './disk-writer';
import {
  Control,
  createRingMemory,
  RecordKind,
  RingViews,
  RingWriter,
  whenTailReaches,
  type RingMemory,
} from './write-ring';

/**
 * Emscripten's error numbers (WASI's), which PGlite's file system layer hands to PostgreSQL: a
 * Node error's code is a name, and an unknown one would reach PostgreSQL as no error at all.
 * PGlite's own table has the common ones; these are the others a disk can give.
 */
const ERRNO: Record<string, number> = {
  ...ERRNO_CODES,
  EACCES: 2,
  EAGAIN: 6,
  EBUSY: 10,
  EDQUOT: 19,
  EFBIG: 22,
  EIO: 29,
  EMFILE: 33,
  ENAMETOOLONG: 37,
  ENFILE: 41,
  ENOMEM: 48,
  ENOSPC: 51,
  EPERM: 63,
  EROFS: 69,
  EXDEV: 75,
};

class FsError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function toFsError(err: unknown): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  if (typeof code !== 'string') return err;
  return new FsError(ERRNO[code] ?? ERRNO.EIO!, (err as Error).message);
}

/** Runs a file operation, turning Node's errors into the ones PGlite passes on to PostgreSQL. */
function run<T>(operation: () => T): T {
  try {
    return operation();
  } catch (err) {
    throw toFsError(err);
  }
}

const notFound = (path: string) => new FsError(ERRNO_CODES.ENOENT, `ENOENT: no such file or directory, '${path}'`);

/** A write or truncation queued for a file and not yet done. */
type PendingFileOp =
  | { kind: 'write'; end: number; position: number; length: number; dataOffset: number }
  | { kind: 'truncate'; end: number; length: number };

/**
 * A rename or removal queued and not yet done (paths as PGlite names them), numbered from 1 in
 * the order queued: the writer has done it once its count of those done reaches `seq`.
 */
type PendingNameOp =
  { kind: 'rename'; seq: number; from: string; to: string } | { kind: 'unlink'; seq: number; from: string };

/** Ring of 64 MB: more than a checkpoint writes at once (all of PGlite's 64 MB of shared buffers). */
const RING_BYTES = 64 * 1024 * 1024;

/**
 * PGlite's files on disk, written behind: PGlite's writes, truncations, renames, removals and
 * mode changes go to a queue that a thread of their own carries out in order, so PGlite (on the
 * server's thread) never waits for the kernel to take a write. On this machine single 8 KB writes
 * were held 75–108 ms in the kernel now and then, and every request waited with them
 * (docs/import-bench.md).
 *
 * PGlite sees its own writes at once: reads, sizes, directory listings and name look-ups lay the
 * queued operations over what the disk holds. Files are created at once (see writeFile);
 * directories are created, removed and renamed after the queue (rare: a database's, the first
 * temporary file's).
 *
 * Queued operations reach the disk in order, so after the process is killed the files hold a
 * prefix of PostgreSQL's operations, which it recovers from as from a crash at that moment (the
 * last transactions it reported committed may be missing, unless they were waited for with
 * whenWritten, as the server does before it answers a write); the process finishes the queue when
 * it exits otherwise. PGlite never asks the kernel to flush, with this file system or without, so a
 * power cut can lose more. If an operation fails (a full disk), the writer does nothing more and
 * every later operation fails with EIO: the transactions committed since that operation are lost
 * at the next start, and the server should be restarted.
 */
export class WriteBehindFs extends BaseFilesystem {
  /** The data directory on disk. */
  readonly rootDir: string;
  private readonly ring: RingViews;
  private readonly writer: RingWriter;
  private readonly diskWriter: DiskWriter;
  private readonly inodeOf = new Map<number, number>();
  private readonly pendingByInode = new Map<number, PendingFileOp[]>();
  private pendingNames: PendingNameOp[] = [];
  private nameOpsQueued = 0;
  private closing: Array<{ fd: number; end: number }> = [];
  private appendsSinceSweep = 0;
  private readonly drainOnExit = () => this.diskWriter.waitUntilDone(this.writer.appended());
  private isStopping = false;

  /**
   * `ringBytes` and `startWriter` are for tests (a small ring that wraps often; a writer they
   * step by hand).
   */
  constructor(
    dataDir: string,
    {
      ringBytes = RING_BYTES,
      startWriter = startDiskWriterThread,
    }: { ringBytes?: number; startWriter?: (memory: RingMemory) => DiskWriter } = {},
  ) {
    super(dataDir);
    this.rootDir = resolve(dataDir);
    mkdirSync(this.rootDir, { recursive: true });
    const memory = createRingMemory(ringBytes);
    this.ring = new RingViews(memory);
    this.diskWriter = startWriter(memory);
    this.writer = new RingWriter(this.ring, this.diskWriter.waitUntilDone);
    process.on('exit', this.drainOnExit);
  }

  /** Blocks until every queued operation is on disk (in the kernel's hands). */
  drain(): void {
    this.diskWriter.waitUntilDone(this.writer.appended());
    this.closeWhatIsDone();
    this.throwIfFailed();
  }

  /**
   * Settles once every operation queued so far is on disk (in the kernel's hands), so a
   * transaction committed before the call survives the process being killed; never blocks.
   */
  whenWritten(): Promise<void> {
    return whenTailReaches(this.ring, this.writer.appended());
  }

  override async closeFs(): Promise<void> {
    await super.closeFs();
    if (!this.isStopping) {
      this.isStopping = true;
      // After every operation before it; a writer that failed has ended already.
      if (!this.ring.hasFailed()) this.writer.append({ kind: RecordKind.stop });
    }
    await this.diskWriter.whenStopped();
    this.closeWhatIsDone();
    process.off('exit', this.drainOnExit);
  }

  // Reading: the disk, with the queue laid over it.

  lstat(path: string): FsStats {
    return this.withNames(path, (diskPath, done) =>
      this.toFsStats(
        run(() => lstatSync(diskPath)),
        done,
      ),
    );
  }

  fstat(fd: number): FsStats {
    this.throwIfFailed();
    const done = this.ring.tail();
    return this.toFsStats(
      run(() => fstatSync(fd)),
      done,
    );
  }

  open(path: string): number {
    this.closeWhatIsDone();
    return this.withNames(
      path,
      (diskPath) => {
        const fd = run(() => {
          try {
            return openSync(diskPath, 'r+');
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'EACCES') throw err;
            return openSync(diskPath, 'r');
          }
        });
        this.inodeOf.set(fd, run(() => fstatSync(fd)).ino);
        return fd;
      },
      (fd) => {
        this.inodeOf.delete(fd);
        run(() => closeSync(fd)); // nothing queued on it yet
      },
    );
  }

  read(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number {
    this.throwIfFailed();
    const target = toBytes(buffer, offset, length);
    const inode = this.inodeOfFd(fd);
    const done = this.ring.tail();
    const pending = this.pendingAfter(inode, done);
    if (pending.length === 0) return run(() => readSync(fd, target, 0, length, position));
    const diskSize = run(() => fstatSync(fd)).size;
    const read = run(() => readSync(fd, target, 0, length, position));
    target.fill(0, read);
    for (const op of pending) {
      if (op.kind === 'truncate') {
        if (op.length < position + length) target.fill(0, Math.max(0, op.length - position));
        continue;
      }
      const from = Math.max(op.position, position);
      const to = Math.min(op.position + op.length, position + length);
      if (from < to)
        target.set(
          this.ring.bytes.subarray(op.dataOffset + from - op.position, op.dataOffset + to - op.position),
          from - position,
        );
    }
    return Math.max(0, Math.min(length, sizeAfter(diskSize, pending) - position));
  }

  readdir(path: string): string[] {
    this.throwIfFailed();
    return this.consistently((pendingNames) => {
      const names = new Set(run(() => readdirSync(this.toDisk(path))));
      for (const op of pendingNames) {
        if (isSameDirectory(dirname(op.from), path)) names.delete(basename(op.from));
        if (op.kind === 'rename' && isSameDirectory(dirname(op.to), path)) names.add(basename(op.to));
      }
      return [...names];
    });
  }

  // Writing: queued.

  write(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number {
    this.throwIfFailed();
    const source = toBytes(buffer, offset, length);
    const inode = this.inodeOfFd(fd);
    for (let at = 0; at < length; at += this.writer.maxDataBytes) {
      const data = source.subarray(at, Math.min(length, at + this.writer.maxDataBytes));
      const { end, dataOffset } = this.writer.append({ kind: RecordKind.write, fd, position: position + at, data });
      this.addPending(inode, { kind: 'write', end, position: position + at, length: data.byteLength, dataOffset });
    }
    return length;
  }

  truncate(path: string, length: number): void {
    const fd = this.open(path);
    const inode = this.inodeOfFd(fd);
    const { end } = this.writer.append({ kind: RecordKind.truncate, fd, position: length });
    this.addPending(inode, { kind: 'truncate', end, length });
    this.close(fd);
  }

  /**
   * Closes `fd` once its queued writes are done: here, not in the writer's thread (Node warns
   * about a descriptor closed in a thread other than the one that opened it). Until then the
   * kernel does not give its number to another file.
   */
  close(fd: number): void {
    this.inodeOf.delete(fd);
    this.closing.push({ fd, end: this.writer.appended() });
    this.closeWhatIsDone();
  }

  rename(oldPath: string, newPath: string): void {
    if (this.diskStats(oldPath).isDirectory()) {
      // PostgreSQL renames directories only when it creates or drops a database: not worth laying over.
      this.drain();
      run(() => renameSync(this.toDisk(oldPath), this.toDisk(newPath)));
      return;
    }
    this.writer.append({ kind: RecordKind.rename, path: this.toDisk(oldPath), path2: this.toDisk(newPath) });
    this.pendingNames.push({ kind: 'rename', seq: ++this.nameOpsQueued, from: oldPath, to: newPath });
  }

  unlink(path: string): void {
    this.diskStats(path); // ENOENT for a file already gone
    this.writer.append({ kind: RecordKind.unlink, path: this.toDisk(path) });
    this.pendingNames.push({ kind: 'unlink', seq: ++this.nameOpsQueued, from: path });
  }

  /**
   * Only checks that the file is there: PostgreSQL never reads a file's times, and Emscripten
   * sets them at every truncation, which would be a record each for nothing.
   */
  utimes(path: string): void {
    this.diskStats(path);
  }

  chmod(path: string, mode: number): void {
    this.diskStats(path);
    this.writer.append({ kind: RecordKind.chmod, path: this.toDisk(path), position: mode });
  }

  // Creating files and directories, removing directories.

  /**
   * PGlite creates every file with this (empty; new relations, log segments, temporary files).
   * An empty file is made at once when no queued rename or removal names its path: nothing queued
   * can then touch it, an inode number is not reused while operations on its old file wait
   * (closes wait for them), and after a crash an empty file PostgreSQL did not get to fill is one
   * it ignores or fills again. Anything else waits for the queue first.
   */
  writeFile(
    path: string,
    data: string | Uint8Array,
    options?: { encoding?: string; mode?: number; flag?: string },
  ): void {
    this.throwIfFailed();
    const isEmpty = typeof data === 'string' ? data.length === 0 : data.byteLength === 0;
    const isNamedInQueue = this.consistently((pendingNames) =>
      pendingNames.some((op) => op.from === path || (op.kind === 'rename' && op.to === path)),
    );
    if (!isEmpty || isNamedInQueue) this.drain();
    run(() => writeFileSync(this.toDisk(path), data, options as Parameters<typeof writeFileSync>[2])); // PGlite passes Node's own options
  }

  mkdir(path: string, options?: { recursive?: boolean; mode?: number }): void {
    this.drain();
    run(() => mkdirSync(this.toDisk(path), options));
  }

  rmdir(path: string): void {
    this.drain();
    run(() => rmdirSync(this.toDisk(path)));
  }

  // The queue's bookkeeping.

  private toDisk(path: string): string {
    return join(this.rootDir, path);
  }

  /** What the disk holds under `path`'s current name (ENOENT for a file gone or renamed away). */
  private diskStats(path: string): Stats {
    return this.withNames(path, (diskPath) => run(() => lstatSync(diskPath)));
  }

  private throwIfFailed(): void {
    const failure = this.diskWriter.failure();
    if (failure !== undefined) throw new FsError(ERRNO.EIO!, `PGlite's disk writer failed: ${failure}`);
  }

  private closeWhatIsDone(): void {
    if (this.closing.length === 0) return;
    const done = this.ring.tail();
    const failed = this.ring.hasFailed();
    const closable = this.closing.filter((entry) => entry.end <= done || failed);
    // Out of the list before closing: a number closed twice could be another file's by then.
    this.closing = this.closing.filter((entry) => entry.end > done && !failed);
    for (const { fd } of closable) run(() => closeSync(fd));
  }

  private inodeOfFd(fd: number): number {
    const inode = this.inodeOf.get(fd);
    if (inode === undefined) throw new FsError(ERRNO_CODES.EBADF, `EBADF: bad file descriptor ${fd}`);
    return inode;
  }

  private addPending(inode: number, op: PendingFileOp): void {
    const ops = this.pendingByInode.get(inode);
    if (ops) ops.push(op);
    else this.pendingByInode.set(inode, [op]);
    if (++this.appendsSinceSweep >= 4096) this.sweep();
  }

  /** The file's queued operations not done by `done`, in order (dropping the done ones). */
  private pendingAfter(inode: number, done: number): PendingFileOp[] {
    const ops = this.pendingByInode.get(inode);
    if (!ops) return [];
    const firstPending = ops.findIndex((op) => op.end > done);
    if (firstPending === -1) {
      this.pendingByInode.delete(inode);
      return [];
    }
    if (firstPending > 0) ops.splice(0, firstPending);
    return ops;
  }

  /** Forgets what is done, so files not touched again do not keep their old entries. */
  private sweep(): void {
    this.appendsSinceSweep = 0;
    const done = this.ring.tail();
    for (const inode of [...this.pendingByInode.keys()]) this.pendingAfter(inode, done);
  }

  private toFsStats(stats: Stats, done: number): FsStats {
    const size = stats.isFile() ? sizeAfter(stats.size, this.pendingAfter(stats.ino, done)) : stats.size;
    return {
      dev: stats.dev,
      ino: stats.ino,
      mode: stats.mode,
      nlink: stats.nlink,
      uid: stats.uid,
      gid: stats.gid,
      rdev: stats.rdev,
      size,
      blksize: stats.blksize,
      blocks: Math.ceil(size / 512),
      atime: stats.atimeMs,
      mtime: stats.mtimeMs,
      ctime: stats.ctimeMs,
    };
  }

  /**
   * Runs `operation` on the disk path where `path` is now: a file renamed in the queue is still
   * under its old name on disk, one removed is gone already.
   */
  private withNames<T>(
    path: string,
    operation: (diskPath: string, done: number) => T,
    discard?: (result: T) => void,
  ): T {
    this.throwIfFailed();
    return this.consistently((pendingNames) => {
      const done = this.ring.tail();
      let name: string | undefined = path;
      for (let i = pendingNames.length - 1; i >= 0 && name !== undefined; i--) {
        const op = pendingNames[i]!;
        if (op.kind === 'rename' && op.to === name) name = op.from;
        else if (op.from === name) name = undefined;
      }
      if (name === undefined) throw notFound(path);
      return operation(this.toDisk(name), done);
    }, discard);
  }

  /**
   * Runs a look-up with the renames and removals the disk does not have yet, none of which the
   * writer carries out meanwhile: it runs again if the writer began one while it ran (and waits
   * for one it is in the middle of). The writer marks an operation begun before it and done after
   * it, so these counts, unlike the tail, are never behind the disk.
   */
  private consistently<T>(lookUp: (pendingNames: readonly PendingNameOp[]) => T, discard?: (result: T) => void): T {
    const { control } = this.ring;
    for (;;) {
      // Done first: started equal to it then proves none is under way (both only grow, done never
      // passes started). The other order can see one begun and finished in between as under way,
      // and wait on a value already past.
      const done = Atomics.load(control, Control.nameOpsDone);
      const started = Atomics.load(control, Control.nameOpsStarted);
      if (started !== done) {
        this.throwIfFailed();
        Atomics.wait(control, Control.nameOpsDone, done, 100);
        continue;
      }
      if (this.pendingNames.length > 0 && this.pendingNames[0]!.seq <= done)
        this.pendingNames = this.pendingNames.filter((op) => op.seq > done);
      if (this.pendingNames.length === 0) return lookUp(this.pendingNames); // none to change the disk meanwhile
      let result: T;
      try {
        result = lookUp(this.pendingNames);
      } catch (err) {
        if (Atomics.load(control, Control.nameOpsStarted) !== started) continue;
        throw err;
      }
      if (Atomics.load(control, Control.nameOpsStarted) !== started) {
        discard?.(result);
        continue;
      }
      return result;
    }
  }
}

/** A file's size after its queued operations, from its size on disk. */
function sizeAfter(diskSize: number, pending: readonly PendingFileOp[]): number {
  let size = diskSize;
  for (const op of pending) size = op.kind === 'truncate' ? op.length : Math.max(size, op.position + op.length);
  return size;
}

/** PGlite passes Emscripten's heap (an ArrayBuffer, or a view on it) and an offset into it. */
function toBytes(buffer: ArrayBufferView | ArrayBufferLike, offset: number, length: number): Uint8Array {
  return ArrayBuffer.isView(buffer)
    ? new Uint8Array(buffer.buffer, buffer.byteOffset + offset, length)
    : new Uint8Array(buffer, offset, length);
}

/** The same directory, as PGlite names it ('' for the data directory itself) or as dirname does ('/'). */
function isSameDirectory(a: string, b: string): boolean {
  return (a === '' ? '/' : a) === (b === '' ? '/' : b);
}
