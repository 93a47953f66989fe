import { rejectNonSpreadsheetZip } from './sniff';
import { ImportFileError } from './types';

type ZipEntry = { name: string; method: number; compressedSize: number; localOffset: number };

type WebDecompressionStream = { readable: unknown; writable: unknown };
type WebDecompressionStreamConstructor = new (format: 'deflate-raw') => WebDecompressionStream;
type WebReadableStream = {
  pipeThrough(stream: WebDecompressionStream): WebReadableStream;
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> };
};
type WebReadableStreamConstructor = {
  new (source: { start(controller: { enqueue(chunk: Uint8Array): void; close(): void }): void }): WebReadableStream;
};

const MAX_ENTRIES = 10_000;

/**
 * Checks a zip before SheetJS unpacks it: it must be an xlsx, and everything SheetJS would
 * inflate must fit in `maxUncompressedBytes`. SheetJS inflates an entry into a buffer of the size
 * its local header declares, so a declared size bounds the output; entries that declare none
 * (streamed zips) are inflated here, counting, and abandoned past the budget.
 */
export async function assertSafeXlsxZip(bytes: Uint8Array, maxUncompressedBytes: number): Promise<void> {
  const entries = readCentralDirectory(bytes);
  rejectNonSpreadsheetZip(
    entries.map((e) => e.name),
    true,
  );
  let total = 0;
  for (const entry of entries) {
    const local = readLocalHeader(bytes, entry);
    let size = entry.method === 0 ? entry.compressedSize : local.declaredSize;
    if (entry.method === 8 && size === 0 && entry.compressedSize > 0) {
      size = await measureInflatedSize(
        bytes.subarray(local.dataOffset, local.dataOffset + entry.compressedSize),
        maxUncompressedBytes - total,
      );
    } else if (entry.method !== 0 && entry.method !== 8) {
      throw new ImportFileError('CORRUPT_FILE', 'The workbook uses a zip compression method that cannot be read.');
    }
    total += size;
    if (total > maxUncompressedBytes) {
      throw new ImportFileError(
        'TOO_LARGE',
        `The workbook unpacks to more than ${Math.round(maxUncompressedBytes / 2 ** 20)} MB; export the sheet as CSV instead.`,
      );
    }
  }
}

function corrupt(): ImportFileError {
  return new ImportFileError('CORRUPT_FILE', 'The workbook is damaged: its zip structure cannot be read.');
}

function readCentralDirectory(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw corrupt();
  let count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  if ((count === 0xffff || offset === 0xffffffff) && eocd >= 20 && view.getUint32(eocd - 20, true) === 0x07064b50) {
    const zip64At = Number(view.getBigUint64(eocd - 12, true));
    if (zip64At + 56 > bytes.length || view.getUint32(zip64At, true) !== 0x06064b50) throw corrupt();
    count = Number(view.getBigUint64(zip64At + 32, true));
    offset = Number(view.getBigUint64(zip64At + 48, true));
  }
  if (count > MAX_ENTRIES) throw new ImportFileError('TOO_LARGE', 'The workbook holds too many parts to be read.');
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw corrupt();
    const method = view.getUint16(at + 10, true);
    let compressedSize = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    let localOffset = view.getUint32(at + 42, true);
    const name = String.fromCharCode(...bytes.subarray(at + 46, at + 46 + nameLength));
    const zip64 = readZip64Extra(bytes.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    if (zip64) {
      // Fields appear in the extra block only when the header holds 0xFFFFFFFF, in this order.
      let k = 0;
      if (view.getUint32(at + 24, true) === 0xffffffff) k++;
      if (compressedSize === 0xffffffff) compressedSize = zip64[k++] ?? compressedSize;
      if (localOffset === 0xffffffff) localOffset = zip64[k] ?? localOffset;
    }
    entries.push({ name, method, compressedSize, localOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function readZip64Extra(extra: Uint8Array): number[] | null {
  const view = new DataView(extra.buffer, extra.byteOffset, extra.byteLength);
  for (let at = 0; at + 4 <= extra.length;) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      const values: number[] = [];
      for (let k = 0; k + 8 <= size && at + 4 + k + 8 <= extra.length; k += 8) {
        values.push(Number(view.getBigUint64(at + 4 + k, true)));
      }
      return values;
    }
    at += 4 + size;
  }
  return null;
}

/** The size SheetJS will allocate for the entry: the local header's, or its zip64 extra's. */
function readLocalHeader(bytes: Uint8Array, entry: ZipEntry): { declaredSize: number; dataOffset: number } {
  const at = entry.localOffset;
  if (at + 30 > bytes.length) throw corrupt();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(at, true) !== 0x04034b50) throw corrupt();
  let declaredSize = view.getUint32(at + 22, true);
  const nameLength = view.getUint16(at + 26, true);
  const extraLength = view.getUint16(at + 28, true);
  const zip64 = readZip64Extra(bytes.subarray(at + 30 + nameLength, at + 30 + nameLength + extraLength));
  if (zip64?.[0] !== undefined) declaredSize = zip64[0];
  const dataOffset = at + 30 + nameLength + extraLength;
  if (dataOffset > bytes.length) throw corrupt();
  return { declaredSize, dataOffset };
}

async function measureInflatedSize(data: Uint8Array, budget: number): Promise<number> {
  const g = globalThis as unknown as {
    // Web streams exist in Node ≥ 18 and browsers; core's ES2023 lib does not declare them.
    DecompressionStream?: WebDecompressionStreamConstructor;
    ReadableStream?: WebReadableStreamConstructor;
  };
  if (!g.DecompressionStream || !g.ReadableStream) {
    throw new ImportFileError('UNSUPPORTED_FILE', 'This workbook is stored in a way that cannot be checked safely.');
  }
  const source = new g.ReadableStream({
    start(controller) {
      controller.enqueue(data);
      controller.close();
    },
  });
  const reader = source.pipeThrough(new g.DecompressionStream('deflate-raw')).getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return size;
      size += value?.length ?? 0;
      if (size > budget) {
        await reader.cancel();
        return size;
      }
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw corrupt();
  }
}
