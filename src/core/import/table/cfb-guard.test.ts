import * as XLSX from '@e965/xlsx';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertSafeCfb } from './cfb-guard';
import { readTable, toChunks } from './read-table';
import { ImportFileError } from './types';

function buildXls(): Uint8Array {
  const workbook = XLSX.utils.book_new();
  const aoa = [
    ['Date', 'Symbol', 'Qty', 'Price'],
    ...Array.from({ length: 30 }, (_, i) => ['2024-01-02', `S${i}`, i, 1.5]),
  ];
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(aoa), 'Trades');
  return new Uint8Array(XLSX.write(workbook, { bookType: 'biff8', type: 'array' }) as ArrayBuffer);
}

/** Offsets of the directory entries of a version-3 file whose directory is one sector (4 entries). */
function directoryEntries(bytes: Uint8Array): { at: (index: number) => number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const base = (view.getInt32(48, true) + 1) * 512;
  return { at: (index) => base + index * 128 };
}

function setLink(bytes: Uint8Array, entryAt: number, link: 'left' | 'right' | 'child', to: number): void {
  const offset = { left: 68, right: 72, child: 76 }[link];
  new DataView(bytes.buffer, bytes.byteOffset).setInt32(entryAt + offset, to, true);
}

async function readOutcome(bytes: Uint8Array): Promise<string> {
  try {
    const reader = await readTable(toChunks(bytes, 4096));
    for await (const row of reader.rows) expect(Array.isArray(row.cells)).toBe(true);
    return 'OK';
  } catch (error) {
    if (error instanceof ImportFileError) return error.code;
    throw error;
  }
}

describe('assertSafeCfb', () => {
  const XLS = buildXls();

  it('lets a sound workbook through, and it reads', async () => {
    expect(() => assertSafeCfb(XLS)).not.toThrow();
    expect(await readOutcome(XLS)).toBe('OK');
  });

  // Without the guard SheetJS queues the two entries in turn forever and V8 aborts the process.
  it('refuses two directory entries that are each other’s sibling, before SheetJS loops on them', async () => {
    const bytes = XLS.slice();
    const { at } = directoryEntries(bytes);
    setLink(bytes, at(1), 'right', 2);
    setLink(bytes, at(2), 'right', 1);
    expect(() => assertSafeCfb(bytes)).toThrow(ImportFileError);
    expect(await readOutcome(bytes)).toBe('NOT_A_SPREADSHEET');
  });

  it('refuses an entry linked from two places and an entry linked to itself', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom('left', 'right', 'child') as fc.Arbitrary<'left' | 'right' | 'child'>,
        (from, link) => {
          const bytes = XLS.slice();
          const { at } = directoryEntries(bytes);
          setLink(bytes, at(from), link, from);
          expect(() => assertSafeCfb(bytes)).toThrow(ImportFileError);
        },
      ),
    );
    const twice = XLS.slice();
    const { at } = directoryEntries(twice);
    const rootChild = new DataView(twice.buffer).getInt32(at(0) + 76, true);
    const other = rootChild === 1 ? 2 : 1;
    setLink(twice, at(other), 'left', rootChild);
    expect(() => assertSafeCfb(twice)).toThrow(ImportFileError);
  });

  it('refuses a large stream whose sector chain runs in a circle', async () => {
    const workbook = XLSX.utils.book_new();
    const aoa = Array.from({ length: 400 }, (_, i) => [`row ${i}`, i, i * 1.25]);
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(aoa), 'Big');
    const bytes = new Uint8Array(XLSX.write(workbook, { bookType: 'biff8', type: 'array' }) as ArrayBuffer);
    const view = new DataView(bytes.buffer);
    // The Workbook stream (over 4 kB, so in regular sectors): point its second sector back to its first.
    const { at } = directoryEntries(bytes);
    let workbookAt = -1;
    for (let index = 0; index < 4; index++) {
      if (view.getUint8(at(index) + 66) === 2 && view.getInt32(at(index) + 120, true) >= 4096) workbookAt = at(index);
    }
    expect(workbookAt).toBeGreaterThan(0);
    const start = view.getInt32(workbookAt + 116, true);
    const fatSector = view.getInt32(76, true);
    const fatAt = (fatSector + 1) * 512;
    const second = view.getInt32(fatAt + start * 4, true);
    view.setInt32(fatAt + second * 4, start, true);
    expect(() => assertSafeCfb(bytes)).toThrow(ImportFileError);
    expect(await readOutcome(bytes)).toBe('NOT_A_SPREADSHEET');
  });
});
