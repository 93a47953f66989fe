import type { CopyRows } from '../../src/server/db/bulk-insert';

/**
 * The rows in COPY data (toCopyRows', without the binary format's header): a row is its field
 * count, then each field's length and bytes (-1: null, no bytes).
 */
export function readCopyRows(copy: Pick<CopyRows, 'data'>): (Uint8Array | null)[][] {
  const { data } = copy;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const rows: (Uint8Array | null)[][] = [];
  let at = 0;
  while (at < data.length) {
    const fieldCount = view.getInt16(at);
    at += 2;
    const fields: (Uint8Array | null)[] = [];
    for (let field = 0; field < fieldCount; field += 1) {
      const length = view.getInt32(at);
      at += 4;
      fields.push(length < 0 ? null : data.subarray(at, at + length));
      at += Math.max(length, 0);
    }
    rows.push(fields);
  }
  if (at !== data.length) throw new Error(`COPY data ends inside a row (${at} of ${data.length} bytes)`);
  return rows;
}
