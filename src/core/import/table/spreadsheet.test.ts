import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { readTable, toChunks } from './read-table';
import { toIsoFromSerial, toPlainDecimal } from './spreadsheet';
import { ImportFileError, type TableRow } from './types';

type Aoa = (string | number | boolean | Date | null)[][];

function buildWorkbook(sheets: Record<string, Aoa>, bookType: 'xlsx' | 'biff8', compression = false): Uint8Array {
  const workbook = XLSX.utils.book_new();
  for (const [name, aoa] of Object.entries(sheets)) {
    const sheet = XLSX.utils.aoa_to_sheet(aoa, { cellDates: true, dateNF: 'yyyy-mm-dd hh:mm:ss', UTC: true });
    XLSX.utils.book_append_sheet(workbook, sheet, name);
  }
  // The writer returns an ArrayBuffer for type 'array'.
  return new Uint8Array(XLSX.write(workbook, { bookType, type: 'array', compression }) as ArrayBuffer);
}

async function readAll(bytes: Uint8Array, options: Parameters<typeof readTable>[1] = {}) {
  const reader = await readTable(toChunks(bytes, 1000), options);
  const rows: TableRow[] = [];
  for await (const row of reader.rows) rows.push(row);
  return { layout: reader.layout, rows, skipped: reader.skipped };
}

async function readError(bytes: Uint8Array, options: Parameters<typeof readTable>[1] = {}) {
  try {
    await readAll(bytes, options);
  } catch (error) {
    if (error instanceof ImportFileError) return error.code;
    throw error;
  }
  return 'NO_ERROR';
}

const EXECUTIONS: Aoa = [
  ['Trade report'],
  [],
  ['Executed', 'Symbol', 'Quantity', 'Price', 'Filled'],
  [new Date(Date.UTC(2024, 2, 5, 14, 30)), 'AAPL', 100, 172.5, true],
  [new Date(Date.UTC(2024, 2, 6, 9, 31, 2)), 'MSFT', -0.0000001, 1234567.25, false],
  ['Total', null, 99.9999999, null, null],
];

describe.each(['xlsx', 'biff8'] as const)('readTable on a %s workbook', (bookType) => {
  const fileType = bookType === 'xlsx' ? 'xlsx' : 'xls';

  it('finds the header past the title rows and reads display text and raw values', async () => {
    const { layout, rows, skipped } = await readAll(buildWorkbook({ Trades: EXECUTIONS }, bookType));
    expect(layout).toMatchObject({
      fileType,
      encoding: null,
      delimiter: null,
      sheetName: 'Trades',
      sheetNames: ['Trades'],
      headerRowIndex: 2,
      headers: ['Executed', 'Symbol', 'Quantity', 'Price', 'Filled'],
    });
    expect(rows.map((r) => r.line)).toEqual([4, 5]);
    expect(rows[0]?.cells).toEqual(['2024-03-05 14:30:00', 'AAPL', '100', '172.5', 'TRUE']);
    expect(rows[0]?.raw).toEqual(['2024-03-05T14:30:00', null, '100', '172.5', 'TRUE']);
    expect(rows[1]?.raw).toEqual(['2024-03-06T09:31:02', null, '-0.0000001', '1234567.25', 'FALSE']);
    expect(skipped.map((s) => [s.line, s.reason])).toEqual([[6, 'SUMMARY']]);
  });

  it('reads the first sheet with data, or the sheet asked for', async () => {
    const bytes = buildWorkbook(
      {
        Empty: [],
        Trades: EXECUTIONS,
        Other: [
          ['Name', 'Value'],
          ['x', 1],
          ['y', 2],
        ],
      },
      bookType,
    );
    expect((await readAll(bytes)).layout).toMatchObject({
      sheetName: 'Trades',
      sheetNames: ['Empty', 'Trades', 'Other'],
    });
    const other = await readAll(bytes, { sheetName: 'Other' });
    expect(other.layout.headers).toEqual(['Name', 'Value']);
    expect(other.rows.map((r) => r.cells)).toEqual([
      ['x', '1'],
      ['y', '2'],
    ]);
    expect(await readError(bytes, { sheetName: 'Nope' })).toBe('SHEET_NOT_FOUND');
  });

  it('does not let __proto__ headers or sheet names touch any prototype', async () => {
    const bytes = buildWorkbook(
      {
        __proto__x: [
          ['__proto__', 'constructor'],
          ['{"a":1}', 'b'],
        ],
      },
      bookType,
    );
    const { layout, rows } = await readAll(bytes);
    expect(layout.headers).toEqual(['__proto__', 'constructor']);
    expect(rows[0]?.cells).toEqual(['{"a":1}', 'b']);
    expect(({} as Record<string, unknown>)['a']).toBeUndefined();
  });

  it('rejects a workbook whose sheets are all empty', async () => {
    expect(await readError(buildWorkbook({ A: [], B: [] }, bookType))).toBe('EMPTY_FILE');
  });
});

describe('readTable on zips', () => {
  function buildZip(files: Record<string, string>): Uint8Array {
    const CFB = XLSX.CFB as {
      utils: { cfb_new(): unknown; cfb_add(c: unknown, name: string, content: Uint8Array): void };
      write(c: unknown, o: { fileType: 'zip'; type: 'array' }): ArrayBuffer | number[];
    };
    const container = CFB.utils.cfb_new();
    for (const [name, text] of Object.entries(files))
      CFB.utils.cfb_add(container, name, new TextEncoder().encode(text));
    return new Uint8Array(CFB.write(container, { fileType: 'zip', type: 'array' }));
  }

  it.each([
    ['a plain zip', { 'trades.csv': 'a,b\n1,2\n' }, 'NOT_A_SPREADSHEET'],
    ['a Word document', { 'word/document.xml': '<w/>' }, 'NOT_A_SPREADSHEET'],
    [
      'an ODS file',
      { mimetype: 'application/vnd.oasis.opendocument.spreadsheet', 'content.xml': '<x/>' },
      'UNSUPPORTED_FILE',
    ],
  ])('rejects %s', async (_name, files, code) => {
    expect(await readError(buildZip(files))).toBe(code);
  });

  it('rejects a workbook that unpacks beyond the limit', async () => {
    const rows: Aoa = [['a', 'b']];
    for (let i = 0; i < 5000; i++) rows.push([i, 'x'.repeat(20)]);
    const bytes = buildWorkbook({ S: rows }, 'xlsx');
    expect(await readError(bytes, { maxUncompressedBytes: 50_000 })).toBe('TOO_LARGE');
  });

  it('measures entries that declare no size instead of trusting them', async () => {
    const rows: Aoa = [['a', 'b']];
    for (let i = 0; i < 5000; i++) rows.push([i, 'x'.repeat(20)]);
    const bytes = buildWorkbook({ S: rows }, 'xlsx', true);
    // Zero every local header's uncompressed size, as a streamed zip (or a bomb) would.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let at = 0; at + 30 < bytes.length; at++)
      if (view.getUint32(at, true) === 0x04034b50) view.setUint32(at + 22, 0, true);
    expect(await readError(bytes, { maxUncompressedBytes: 50_000 })).toBe('TOO_LARGE');
  });

  it('rejects a truncated workbook', async () => {
    const bytes = buildWorkbook({ S: EXECUTIONS }, 'xlsx');
    expect(await readError(bytes.subarray(0, Math.floor(bytes.length / 2)))).toBe('CORRUPT_FILE');
  });

  it('rejects an OLE file that is not a workbook', async () => {
    const CFB = XLSX.CFB as {
      utils: { cfb_new(): unknown; cfb_add(c: unknown, name: string, content: Uint8Array): void };
      write(c: unknown, o: { type: 'array' }): ArrayBuffer | number[];
    };
    const container = CFB.utils.cfb_new();
    CFB.utils.cfb_add(container, '/WordDocument', new Uint8Array(600));
    const bytes = new Uint8Array(CFB.write(container, { type: 'array' }));
    expect(await readError(bytes)).toBe('NOT_A_SPREADSHEET');
  });
});

describe('toIsoFromSerial', () => {
  it.each([
    [45356, false, '2024-03-05'],
    [45356.6041666667, false, '2024-03-05T14:30:00'],
    [1, false, '1900-01-01'],
    [0.5, false, '12:00:00'],
    [43891, true, '2024-03-02'],
  ])('reads serial %s (1904: %s) as %s', (serial, is1904, iso) => {
    expect(toIsoFromSerial(serial, is1904)).toBe(iso);
  });
});

describe('toPlainDecimal', () => {
  it.each([
    [1e-7, '0.0000001'],
    [-1.5e-8, '-0.000000015'],
    [1e21, '1000000000000000000000'],
    [1.25e22, '12500000000000000000000'],
    [172.5, '172.5'],
  ])('writes %s as %s', (n, text) => {
    expect(toPlainDecimal(n)).toBe(text);
  });
});
