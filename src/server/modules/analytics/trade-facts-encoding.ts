import { promisify } from 'node:util';
import { deflate, inflate } from 'node:zlib';
import {
  BYTE_COLUMNS,
  EXACT_COLUMNS,
  FLOAT_COLUMNS,
  INDEX_COLUMNS,
  LIST_FIELDS,
  type ExactColumn,
  type TradeFacts,
} from './trade-facts';

/**
 * TradeFacts as bytes, for the stored snapshot a restarted instance loads instead of reading every
 * trade again: a short JSON header (count and id lists), then the typed arrays back to back, each
 * at a multiple of 8 bytes. Decoding makes a view per column (after one copy of bytes it may not
 * keep), so 100,000 trades (about 10 MB) decode in a few milliseconds. The first four bytes name the layout: a
 * snapshot written by another layout is not read (the cache then reads the trades).
 */
const MAGIC = 'EBF2'; // 2: the account-currency columns (issue 42)
/** The layout deflated (packTradeFacts): 'EBZ1', the deflated length, the deflated bytes. */
const PACKED_MAGIC = 'EBZ1';
const ALIGN = 8;

type Header = { count: number; tagCount: number; isLittleEndian: boolean } & Pick<
  TradeFacts,
  (typeof LIST_FIELDS)[number]
>;

/** The typed arrays are written in the machine's byte order: bytes of the other order are not read. */
const IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

const pad = (n: number) => Math.ceil(n / ALIGN) * ALIGN;

/** Both layouts start with a four-letter name and a little-endian 32-bit length. */
const FRAME_BYTES = 8;

/** Bytes of `size` with the frame (`magic`, `length`) written at the start. */
function startFrame(magic: string, length: number, size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(new TextEncoder().encode(magic), 0);
  new DataView(out.buffer).setUint32(magic.length, length, true);
  return out;
}

/** The frame's length, or null when the bytes do not start with `magic`. */
function readFrame(bytes: Uint8Array, magic: string): number | null {
  if (bytes.byteLength < FRAME_BYTES || new TextDecoder().decode(bytes.subarray(0, magic.length)) !== magic)
    return null;
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(magic.length, true);
}

/** The typed arrays of the facts, in the order they are laid out. */
function columnsOf(facts: TradeFacts): (Float64Array | Int32Array | Uint8Array)[] {
  return [
    ...FLOAT_COLUMNS.map((name) => facts[name]),
    ...EXACT_COLUMNS.flatMap((name) => [facts[name].whole, facts[name].frac]),
    ...INDEX_COLUMNS.map((name) => facts[name]),
    facts.tagStart,
    facts.tagIndex,
    ...BYTE_COLUMNS.map((name) => facts[name]),
  ];
}

export function encodeTradeFacts(facts: TradeFacts): Uint8Array {
  const header: Header = {
    count: facts.count,
    tagCount: facts.tagStart[facts.count] ?? 0,
    isLittleEndian: IS_LITTLE_ENDIAN,
    ...(Object.fromEntries(LIST_FIELDS.map((name) => [name, facts[name]])) as Pick<
      TradeFacts,
      (typeof LIST_FIELDS)[number]
    >),
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  // The tag list may hold spare room past tagStart[count]: only the used part is written.
  const columns = columnsOf(facts).map((column) =>
    column === facts.tagIndex ? column.subarray(0, header.tagCount) : column,
  );
  const start = pad(FRAME_BYTES + headerBytes.length);
  const size = columns.reduce((total, column) => total + pad(column.byteLength), start);
  const out = startFrame(MAGIC, headerBytes.length, size);
  out.set(headerBytes, FRAME_BYTES);
  let offset = start;
  for (const column of columns) {
    out.set(new Uint8Array(column.buffer, column.byteOffset, column.byteLength), offset);
    offset += pad(column.byteLength);
  }
  return out;
}

/**
 * The facts the bytes hold, or null when they are not a snapshot of this layout (or are cut short).
 * `isOwned`: the bytes are the caller's to give away (nothing else changes them), so when they are
 * the whole of their buffer the columns are views into them; otherwise they are copied first (a
 * view into part of a larger buffer would keep all of it alive, and may lie off a multiple of 8).
 */
export function decodeTradeFacts(bytes: Uint8Array, options: { isOwned?: boolean } = {}): TradeFacts | null {
  const headerLength = readFrame(bytes, MAGIC);
  if (headerLength === null) return null;
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(FRAME_BYTES, FRAME_BYTES + headerLength))) as Header;
  } catch {
    return null;
  }
  const { count, tagCount } = header;
  const isWellFormed =
    Number.isInteger(count) &&
    count >= 0 &&
    Number.isInteger(tagCount) &&
    tagCount >= 0 &&
    header.isLittleEndian === IS_LITTLE_ENDIAN &&
    LIST_FIELDS.every((name) => Array.isArray(header[name]));
  if (!isWellFormed) return null;
  const lengths = [
    ...FLOAT_COLUMNS.map(() => count * 8),
    ...EXACT_COLUMNS.flatMap(() => [count * 8, count * 8]),
    ...INDEX_COLUMNS.map(() => count * 4),
    (count + 1) * 4,
    tagCount * 4,
    ...BYTE_COLUMNS.map(() => count),
  ];
  const start = pad(FRAME_BYTES + headerLength);
  if (bytes.byteLength !== lengths.reduce((total, length) => total + pad(length), start)) return null;
  const isWholeBuffer = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const { buffer } = options.isOwned && isWholeBuffer ? bytes : bytes.slice();
  let offset = start;
  const take = <A>(
    make: (buffer: ArrayBufferLike, offset: number, length: number) => A,
    length: number,
    size: number,
  ) => {
    const column = make(buffer, offset, length);
    offset += pad(length * size);
    return column;
  };
  const float = () => take((b, o, n) => new Float64Array(b, o, n), count, 8);
  const facts = { count, ...Object.fromEntries(LIST_FIELDS.map((name) => [name, header[name]])) } as TradeFacts;
  for (const name of FLOAT_COLUMNS) facts[name] = float();
  for (const name of EXACT_COLUMNS) facts[name] = { whole: float(), frac: float() } satisfies ExactColumn;
  for (const name of INDEX_COLUMNS) facts[name] = take((b, o, n) => new Int32Array(b, o, n), count, 4);
  facts.tagStart = take((b, o, n) => new Int32Array(b, o, n), count + 1, 4);
  facts.tagIndex = take((b, o, n) => new Int32Array(b, o, n), tagCount, 4);
  for (const name of BYTE_COLUMNS) facts[name] = take((b, o, n) => new Uint8Array(b, o, n), count, 1);
  return facts;
}

const deflateAsync = promisify(deflate);
const inflateAsync = promisify(inflate);

/**
 * zlib's output chunk for about `expectedBytes` of output: at the default 16 KB, 10 MB take 600
 * trips to the thread pool and 3 times as long; but a 4 MB chunk for a few kilobytes allocates
 * (and collects) 4 MB a call for nothing.
 */
function zlibChunkBytes(expectedBytes: number): number {
  return Math.min(4 * 1024 * 1024, Math.max(16 * 1024, expectedBytes));
}
/** The encoded facts deflate to about a fifth; an inflate's chunk allows for a little more. */
const INFLATE_RATIO_ALLOWANCE = 8;

/**
 * The facts encoded and deflated, as stored: 100,000 trades in about 2 MB instead of 10, which
 * PostgreSQL sends in a quarter of the time. The zlib stream's checksum (Adler-32) refuses damage
 * to anything it holds (bits it never reads, such as the padding after its last block, may
 * change unnoticed). Deflate and inflate run on libuv's thread pool, not on the event loop (level 1: a sixth
 * of level 6's time for 10 % more bytes).
 */
export async function packTradeFacts(facts: TradeFacts): Promise<Uint8Array> {
  const encoded = encodeTradeFacts(facts);
  const deflated = await deflateAsync(encoded, { level: 1, chunkSize: zlibChunkBytes(encoded.byteLength) });
  const out = startFrame(PACKED_MAGIC, deflated.byteLength, FRAME_BYTES + deflated.byteLength);
  out.set(deflated, FRAME_BYTES);
  return out;
}

/** The facts packed bytes hold, or null when they are not packed facts of this layout (or are damaged). */
export async function unpackTradeFacts(bytes: Uint8Array): Promise<TradeFacts | null> {
  const length = readFrame(bytes, PACKED_MAGIC);
  if (length === null || bytes.byteLength !== FRAME_BYTES + length) return null;
  try {
    // The inflated bytes are new and this function's alone: the columns can be views into them
    // (zlib answers a result of several chunks in a buffer of its own, one of a single chunk inside
    // that chunk, which decodeTradeFacts then copies).
    const inflated = await inflateAsync(bytes.subarray(FRAME_BYTES), {
      chunkSize: zlibChunkBytes(length * INFLATE_RATIO_ALLOWANCE),
    });
    return decodeTradeFacts(inflated, { isOwned: true });
  } catch {
    return null;
  }
}
