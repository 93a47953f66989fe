import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { previewTable, readTable, toChunks } from './read-table';
import { encodeText, toSplitChunks, writeCsv } from './testing';
import { ImportFileError, type Delimiter, type TableRow, type TextEncoding } from './types';

const HEADER = ['Date/Time', 'Symbol', 'Side', 'Quantity', 'Price', 'Commission'];
const DATA = [
  ['2024-03-05 14:30:00', 'AAPL', 'BUY', '100', '172.50', '1.00'],
  ['2024-03-05 15:10:00', 'AAPL', 'SELL', '-100', '174.25', '1.00'],
  ['2024-03-06 09:31:02', 'Café Corp', 'BUY', '5', '1,234.5', '0.50'],
];

async function readAll(bytes: Uint8Array, options: Parameters<typeof readTable>[1] = {}, chunkSize = 7) {
  const reader = await readTable(toChunks(bytes, chunkSize), options);
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

const utf8 = (text: string) => encodeText(text, 'utf-8');

describe('readTable', () => {
  const shapes = (['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const).flatMap((encoding) =>
    ([',', ';', '\t', '|'] as const).flatMap((delimiter) =>
      [true, false].map((hasBom) => ({ encoding, delimiter, hasBom: hasBom && encoding !== 'windows-1252' })),
    ),
  );

  it.each(shapes)(
    'reads $encoding (BOM $hasBom) delimited by "$delimiter"',
    async ({ encoding, delimiter, hasBom }) => {
      const text = writeCsv([HEADER, ...DATA], { delimiter, lineBreak: '\r\n', isQuotingAnyDelimiter: true });
      const { layout, rows } = await readAll(encodeText(text, encoding, hasBom));
      expect(layout).toMatchObject({
        fileType: delimiter === '\t' ? 'tsv' : 'csv',
        encoding,
        delimiter,
        headerRowIndex: 0,
        headers: HEADER,
      });
      expect(rows.map((r) => r.cells)).toEqual(DATA);
      expect(rows.map((r) => r.line)).toEqual([2, 3, 4]);
    },
  );

  it('skips a preamble of titles and blank lines before the header', async () => {
    const text = [
      'Activity Statement',
      'Account,U1234567',
      'Period,"March 1, 2024 - March 31, 2024"',
      '',
      HEADER.join(','),
      ...DATA.map((r) => r.map((c) => (c.includes(',') ? `"${c}"` : c)).join(',')),
    ].join('\n');
    const { layout, rows } = await readAll(utf8(text));
    expect(layout.headerRowIndex).toBe(4);
    expect(layout.headers).toEqual(HEADER);
    expect(layout.preamble.map((r) => r.cells[0])).toEqual(['Activity Statement', 'Account', 'Period', '']);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.line).toBe(6);
  });

  it('sets aside total, summary and footer lines after the data', async () => {
    const text = [
      HEADER.join(';'),
      ...DATA.map((r) => r.join(';')),
      'Total;;;5;;2.50',
      '',
      'Generated on 2024-04-01 by Broker Ltd',
      'Page 1 of 1',
    ].join('\n');
    const { rows, skipped } = await readAll(utf8(text));
    expect(rows.map((r) => r.cells[1])).toEqual(['AAPL', 'AAPL', 'Café Corp']);
    expect(skipped.map((s) => [s.line, s.reason])).toEqual([
      [5, 'SUMMARY'],
      [6, 'BLANK'],
      [7, 'SUMMARY'],
      [8, 'SUMMARY'],
    ]);
  });

  it('keeps sparse rows and drops blank rows in the middle of the data', async () => {
    const text = ['a,b,c,d', '1,2,3,4', '', '5,,,', '6,7,8,9', ',,,', 'Disclaimer: not advice'].join('\n');
    const { rows, skipped } = await readAll(utf8(text));
    expect(rows.map((r) => r.cells[0])).toEqual(['1', '5', '6']);
    expect(skipped.map((s) => [s.line, s.reason])).toEqual([
      [3, 'BLANK'],
      [6, 'BLANK'],
      [7, 'FOOTER'],
    ]);
  });

  it('reads quoted fields spanning lines and reports the line each row starts on', async () => {
    const text = 'Symbol,Note,Qty\r\nAAPL,"first line\r\nsecond, with comma",10\r\nMSFT,"say ""hi""",5\r\n';
    const { rows } = await readAll(utf8(text), {}, 3);
    expect(rows).toEqual([
      { line: 2, cells: ['AAPL', 'first line\r\nsecond, with comma', '10'] },
      { line: 4, cells: ['MSFT', 'say "hi"', '5'] },
    ]);
  });

  it('decodes Windows-1252 and switches to it when invalid UTF-8 turns up late', async () => {
    const ascii = Array.from({ length: 5000 }, (_, i) => `2024-01-01,SYM${i},${i}`).join('\n');
    const text = `Date,Symbol,Qty\n${ascii}\n2024-01-02,Société,1\n`;
    const { layout, rows } = await readAll(encodeText(text, 'windows-1252'), {}, 4096);
    expect(rows.at(-1)?.cells[1]).toBe('Société');
    expect(layout.encoding).toBe('windows-1252');
  });

  it('keeps UTF-8 characters split across chunk boundaries', async () => {
    const text = 'Name,Emoji\nZürich,😀\n東京,€\n';
    for (let size = 1; size <= 5; size++) {
      const { rows } = await readAll(utf8(text), {}, size);
      expect(rows.map((r) => r.cells)).toEqual([
        ['Zürich', '😀'],
        ['東京', '€'],
      ]);
    }
  });

  it('prefers tab for a .tsv file name when both read consistently', async () => {
    const { layout } = await readAll(utf8('a,b\tc,d\n1,2\t3,4\n'), { fileName: 'export.tsv' });
    expect(layout.delimiter).toBe('\t');
    expect(layout.fileType).toBe('tsv');
  });

  it('does not let a __proto__ header touch any prototype', async () => {
    const { layout, rows } = await readAll(utf8('__proto__,constructor,toString\n{"polluted":1},x,y\n'));
    expect(layout.headers).toEqual(['__proto__', 'constructor', 'toString']);
    expect(rows[0]?.cells[0]).toBe('{"polluted":1}');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it.each([
    ['an empty file', new Uint8Array(), 'EMPTY_FILE'],
    ['blank lines only', utf8('\n\r\n  \n'), 'EMPTY_FILE'],
    ['a PDF', utf8('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'NOT_A_TABLE'],
    ['binary with NUL bytes', new Uint8Array([1, 2, 0, 5, 0, 0, 9, 200, 0, 3, 0, 0, 7]), 'NOT_A_TABLE'],
    ['gzip', new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0]), 'NOT_A_TABLE'],
    ['one column of numbers', utf8('1\n2\n3\n'), 'NO_HEADER'],
    ['an unclosed quote over many lines', utf8('a,b\n1,"2\n3,4\n5,6\n'), 'MALFORMED_CSV'],
  ])('rejects %s with %s', async (_name, bytes, code) => {
    expect(await readError(bytes)).toBe(code);
  });

  it('rejects a file over the size limit while streaming', async () => {
    const text = 'a,b\n' + '1,2\n'.repeat(10_000);
    expect(await readError(utf8(text), { maxBytes: 1000 })).toBe('TOO_LARGE');
  });

  it('previews the first rows and says whether there are more', async () => {
    const text = 'a,b\n' + Array.from({ length: 100 }, (_, i) => `${i},x`).join('\n');
    const preview = await previewTable(toChunks(utf8(text), 50), { maxRows: 10 });
    expect(preview.rows).toHaveLength(10);
    expect(preview.hasMore).toBe(true);
    expect(preview.layout.headers).toEqual(['a', 'b']);
  });
});

const ASCII = fc.mapToConstant(
  { num: 26, build: (v) => String.fromCharCode(97 + v) },
  { num: 10, build: (v) => String.fromCharCode(48 + v) },
  { num: 10, build: (v) => ' .-/:,;|"\t'.charAt(v) },
  { num: 3, build: (v) => ['\n', '\r\n', '\r'][v] ?? '\n' },
);
const ANY_UNICODE = fc.oneof(
  { weight: 8, arbitrary: ASCII },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
);
// Windows-1252 sample: letters à–ÿ never form valid UTF-8 with their neighbours, so detection is unambiguous.
const LATIN = fc.oneof(
  { weight: 8, arbitrary: ASCII },
  { weight: 2, arbitrary: fc.integer({ min: 0xe0, max: 0xff }).map((c) => String.fromCharCode(c)) },
);

function tableArbitrary(unit: fc.Arbitrary<string>) {
  return fc.integer({ min: 2, max: 6 }).chain((width) =>
    fc.record({
      header: fc.uniqueArray(fc.stringMatching(/^[A-Za-z][A-Za-z _]{0,10}[A-Za-z]$/), {
        minLength: width,
        maxLength: width,
      }),
      data: fc.array(
        fc.array(
          fc.string({ unit, minLength: 1, maxLength: 10 }).filter((s) => s.trim() !== ''),
          { minLength: width, maxLength: width },
        ),
        { maxLength: 30 },
      ),
    }),
  );
}

describe('readTable round trip', () => {
  it('reads back any execution-like table in any delimiter, encoding, BOM, line break and chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<TextEncoding>('utf-8', 'utf-16le', 'utf-16be', 'windows-1252').chain((encoding) =>
          fc.record({
            encoding: fc.constant(encoding),
            table: tableArbitrary(encoding === 'windows-1252' ? LATIN : ANY_UNICODE),
            hasBom: encoding === 'windows-1252' || encoding === 'utf-8' ? fc.boolean() : fc.constant(true),
          }),
        ),
        fc.constantFrom<Delimiter>(',', ';', '\t', '|'),
        fc.constantFrom<'\n' | '\r\n'>('\n', '\r\n'),
        fc.array(fc.nat(), { maxLength: 12 }),
        async ({ encoding, table, hasBom }, delimiter, lineBreak, cuts) => {
          // Data rows must not be mistaken for summaries (words like "Total" in the first cell).
          fc.pre(
            table.data.every(
              (row) =>
                !/^\s*(total|sum|summary|page|\*\*\*|grand|sub|net|end|report|generated|printed|exported|created)/i.test(
                  row.find((c) => c.trim() !== '') ?? '',
                ),
            ),
          );
          const text = writeCsv([table.header, ...table.data], { delimiter, lineBreak, isQuotingAnyDelimiter: true });
          const bytes = encodeText(text, encoding, hasBom && encoding !== 'windows-1252');
          const reader = await readTable(
            toSplitChunks(
              bytes,
              cuts.map((c) => c % (bytes.length + 1)),
            ),
          );
          const rows: string[][] = [];
          for await (const row of reader.rows) rows.push(row.cells);
          expect(reader.layout.delimiter).toBe(delimiter);
          // Plain ASCII without a BOM is the same in every 8-bit encoding; the reader calls it UTF-8.
          const isAscii = [...text].every((ch) => ch.charCodeAt(0) < 0x80);
          expect(reader.layout.encoding).toBe(encoding === 'windows-1252' && isAscii ? 'utf-8' : encoding);
          expect(reader.layout.headers).toEqual(table.header);
          expect(rows).toEqual(table.data);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});
