import {
  closeSync,
  ftruncateSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { carryOutNext, type DiskWriter } from './disk-writer';
import { WriteBehindFs } from './write-behind-fs';
import { RingReader, RingViews, type RingMemory } from './write-ring';
import { PROPERTY_OVER_FILES_MS } from '../../../../test/helpers/timeouts';

/** A disk writer the test steps by hand, in this thread: it decides when queued operations land. */
function manualDiskWriter() {
  let ring: RingViews | undefined;
  let reader: RingReader | undefined;
  const carryOut = () => {
    if (ring!.hasFailed()) return false; // as the writer thread, which ends at a failure
    try {
      return carryOutNext(reader!);
    } catch {
      return false;
    }
  };
  const start = (memory: RingMemory): DiskWriter => {
    ring = new RingViews(memory);
    reader = new RingReader(ring);
    return {
      waitUntilDone: (counter) => {
        while (ring!.tail() < counter && carryOut());
      },
      whenStopped: async () => {
        while (carryOut());
      },
      failure: () => (ring!.hasFailed() ? 'a file operation failed' : undefined),
    };
  };
  const step = (records: number) => {
    for (let i = 0; i < records && carryOut(); i++);
  };
  return { start, step };
}

const NAMES = ['/a', '/b', '/c', '/s/a', '/s/d'] as const;

type Op =
  | { kind: 'create'; name: number }
  | { kind: 'open'; name: number }
  | { kind: 'write'; slot: number; position: number; length: number; byte: number }
  | { kind: 'read'; slot: number; position: number; length: number }
  | { kind: 'fstat'; slot: number }
  | { kind: 'lstat'; name: number }
  | { kind: 'truncate'; name: number; length: number }
  | { kind: 'rename'; from: number; to: number }
  | { kind: 'unlink'; name: number }
  | { kind: 'close'; slot: number }
  | { kind: 'readdir'; directory: '' | '/s' }
  | { kind: 'step'; records: number };

const name = fc.nat({ max: NAMES.length - 1 });
/** Which open file: taken modulo the number open. */
const slot = fc.nat({ max: 7 });
const position = fc.oneof(fc.nat({ max: 20_000 }), fc.constantFrom(0, 8192, 16_384));
const length = fc.oneof(fc.integer({ min: 1, max: 3_000 }), fc.constant(8192));
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('create' as const), name }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('open' as const), name }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('write' as const),
      slot,
      position,
      length,
      byte: fc.integer({ min: 1, max: 255 }),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('read' as const), slot, position, length }), weight: 3 },
  fc.record({ kind: fc.constant('fstat' as const), slot }),
  fc.record({ kind: fc.constant('lstat' as const), name }),
  fc.record({ kind: fc.constant('truncate' as const), name, length: fc.nat({ max: 20_000 }) }),
  fc.record({ kind: fc.constant('rename' as const), from: name, to: name }),
  fc.record({ kind: fc.constant('unlink' as const), name }),
  fc.record({ kind: fc.constant('close' as const), slot }),
  fc.record({ kind: fc.constant('readdir' as const), directory: fc.constantFrom('' as const, '/s' as const) }),
  { arbitrary: fc.record({ kind: fc.constant('step' as const), records: fc.nat({ max: 6 }) }), weight: 2 },
);

/** What a call did: its value, or that it threw. */
function outcome<T>(call: () => T): { value: T } | { threw: true } {
  try {
    return { value: call() };
  } catch {
    return { threw: true };
  }
}

function listTree(root: string): Record<string, string> {
  const tree: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const key = path.slice(root.length);
    tree[key] = entry.isDirectory() ? '<dir>' : readFileSync(path).toString('base64');
  }
  return tree;
}

let base: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'write-behind-'));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('WriteBehindFs', () => {
  it(
    'answers every operation as the disk would have, whenever the queued ones land, and leaves the same files',
    {
      timeout: PROPERTY_OVER_FILES_MS,
    },
    async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(opArbitrary, { minLength: 20, maxLength: 120, size: 'max' }),
          fc.constantFrom(2048, 65_536, 1 << 20),
          async (ops, ringBytes) => {
            run += 1;
            const expectedRoot = join(base, `expected-${run}`);
            const actualRoot = join(base, `actual-${run}`);
            mkdirSync(join(expectedRoot, 's'), { recursive: true });
            const manual = manualDiskWriter();
            const fs = new WriteBehindFs(actualRoot, { ringBytes, startWriter: manual.start });
            fs.mkdir('/s');
            const slots: Array<{ expected: number; actual: number }> = [];
            const openAt = (index: number) => (slots.length === 0 ? undefined : slots[index % slots.length]);
            const onDisk = (path: string) => join(expectedRoot, path);
            try {
              for (const op of ops) {
                switch (op.kind) {
                  case 'create': {
                    const path = NAMES[op.name]!;
                    if ('value' in outcome(() => lstatSync(onDisk(path)))) break;
                    writeFileSync(onDisk(path), '');
                    fs.writeFile(path, '');
                    break;
                  }
                  case 'open': {
                    const path = NAMES[op.name]!;
                    const expected = outcome(() => openSync(onDisk(path), 'r+'));
                    const actual = outcome(() => fs.open(path));
                    expect('value' in actual).toBe('value' in expected);
                    if ('value' in expected && 'value' in actual)
                      slots.push({ expected: expected.value, actual: actual.value });
                    break;
                  }
                  case 'write': {
                    const fds = openAt(op.slot);
                    if (!fds) break;
                    const data = new Uint8Array(op.length).fill(op.byte);
                    writeSync(fds.expected, data, 0, op.length, op.position);
                    // PGlite hands over Emscripten's heap and an offset into it.
                    const heap = new Uint8Array(op.length + 16);
                    heap.set(data, 16);
                    expect(fs.write(fds.actual, heap, 16, op.length, op.position)).toBe(op.length);
                    break;
                  }
                  case 'read': {
                    const fds = openAt(op.slot);
                    if (!fds) break;
                    const expected = new Uint8Array(op.length);
                    const expectedCount = readSync(fds.expected, expected, 0, op.length, op.position);
                    const heap = new Uint8Array(op.length + 8).fill(7);
                    const actualCount = fs.read(fds.actual, heap, 8, op.length, op.position);
                    expect(actualCount).toBe(expectedCount);
                    expect(heap.subarray(8, 8 + actualCount)).toEqual(expected.subarray(0, expectedCount));
                    break;
                  }
                  case 'fstat': {
                    const fds = openAt(op.slot);
                    if (fds) expect(fs.fstat(fds.actual).size).toBe(fstatSync(fds.expected).size);
                    break;
                  }
                  case 'lstat': {
                    const path = NAMES[op.name]!;
                    const expected = outcome(() => lstatSync(onDisk(path)).size);
                    const actual = outcome(() => fs.lstat(path).size);
                    expect(actual).toEqual(expected);
                    break;
                  }
                  case 'truncate': {
                    const path = NAMES[op.name]!;
                    const expected = outcome(() => {
                      const fd = openSync(onDisk(path), 'r+');
                      ftruncateSync(fd, op.length);
                      closeSync(fd);
                    });
                    expect('threw' in outcome(() => fs.truncate(path, op.length))).toBe('threw' in expected);
                    break;
                  }
                  case 'rename': {
                    const from = NAMES[op.from]!;
                    const to = NAMES[op.to]!;
                    const expected = outcome(() => renameSync(onDisk(from), onDisk(to)));
                    expect('threw' in outcome(() => fs.rename(from, to))).toBe('threw' in expected);
                    break;
                  }
                  case 'unlink': {
                    const path = NAMES[op.name]!;
                    const expected = outcome(() => unlinkSync(onDisk(path)));
                    expect('threw' in outcome(() => fs.unlink(path))).toBe('threw' in expected);
                    break;
                  }
                  case 'close': {
                    const fds = openAt(op.slot);
                    if (!fds) break;
                    closeSync(fds.expected);
                    fs.close(fds.actual);
                    slots.splice(slots.indexOf(fds), 1);
                    break;
                  }
                  case 'readdir':
                    expect(fs.readdir(op.directory).sort()).toEqual(readdirSync(onDisk(op.directory)).sort());
                    break;
                  case 'step':
                    manual.step(op.records);
                    break;
                }
              }
            } finally {
              for (const fds of slots) {
                closeSync(fds.expected);
                fs.close(fds.actual);
              }
              await fs.closeFs();
            }
            expect(listTree(actualRoot)).toEqual(listTree(expectedRoot));
          },
        ),
        { numRuns: 200 },
      );
    },
  );
});

describe('WriteBehindFs.whenWritten', () => {
  it('settles once the operations queued before it are on disk, and not before, without blocking', async () => {
    const manual = manualDiskWriter();
    const fs = new WriteBehindFs(base, { ringBytes: 65_536, startWriter: manual.start });
    fs.writeFile('/a', '');
    const fd = fs.open('/a');
    fs.write(fd, new Uint8Array([1, 2, 3]), 0, 3, 0);
    let isWritten = false;
    const written = fs.whenWritten().then(() => (isWritten = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isWritten).toBe(false);
    expect(readFileSync(join(base, 'a'))).toHaveLength(0);

    manual.step(100);
    await written;
    expect([...readFileSync(join(base, 'a'))]).toEqual([1, 2, 3]);
    fs.close(fd);
    await fs.closeFs();
  });
});

describe('WriteBehindFs when the disk refuses an operation', () => {
  it('fails every later operation with EIO and carries out none queued after it', async () => {
    const manual = manualDiskWriter();
    const fs = new WriteBehindFs(base, { ringBytes: 65_536, startWriter: manual.start });
    fs.writeFile('/a', '');
    fs.writeFile('/b', '');
    const a = fs.open('/a');
    const b = fs.open('/b');
    closeSync(a); // behind its back: the writer's next write to it fails (EBADF), as on a full disk
    const bytes = new Uint8Array([1, 2, 3]);
    fs.write(a, bytes, 0, 3, 0);
    fs.write(b, bytes, 0, 3, 0);
    manual.step(2);

    expect(() => fs.write(b, bytes, 0, 3, 3)).toThrow(expect.objectContaining({ code: 29 }));
    expect(() => fs.lstat('/b')).toThrow(expect.objectContaining({ code: 29 }));
    expect(() => fs.drain()).toThrow(/disk writer failed/);
    await fs.closeFs();
    expect(readFileSync(join(base, 'b'))).toHaveLength(0); // queued after the failed one: never written
    closeSync(b);
  });
});

describe('WriteBehindFs with its writer thread', () => {
  it('finds a renamed file under its new name whenever the writer renames it on disk', async () => {
    // As PostgreSQL saves a file: write a temporary one, rename it over the old, open it again.
    const fs = new WriteBehindFs(base);
    try {
      for (let i = 0; i < 3_000; i++) {
        fs.writeFile('/state.tmp', '');
        const fd = fs.open('/state.tmp');
        const content = new TextEncoder().encode(`version ${i}`);
        fs.write(fd, content, 0, content.byteLength, 0);
        fs.close(fd);
        fs.rename('/state.tmp', '/state');
        const again = fs.open('/state');
        const read = new Uint8Array(64);
        const count = fs.read(again, read, 0, 64, 0);
        fs.close(again);
        expect(new TextDecoder().decode(read.subarray(0, count))).toBe(`version ${i}`);
        expect(fs.readdir('').sort()).toEqual(['state']);
      }
    } finally {
      await fs.closeFs();
    }
    expect(readFileSync(join(base, 'state'), 'utf8')).toBe('version 2999');
  });
});
