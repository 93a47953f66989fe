import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvParser, parseCsvText } from './csv-parser';
import { CSV_READING_CASES, writeCsv } from './testing';
import { ImportFileError, type Delimiter, type TableRow } from './types';

const cellsOf = (rows: TableRow[]) => rows.map((r) => r.cells);

function parseInChunks(text: string, delimiter: Delimiter, cuts: number[]): TableRow[] {
  const parser = new CsvParser(delimiter);
  const out: TableRow[] = [];
  const points = [...new Set(cuts)].sort((a, b) => a - b);
  let from = 0;
  for (const p of points) {
    parser.push(text.slice(from, p), out);
    from = p;
  }
  parser.push(text.slice(from), out);
  parser.end(out);
  return out;
}

describe('CsvParser', () => {
  it.each(CSV_READING_CASES)('reads %s', (_name, text, expected) => {
    expect(cellsOf(parseCsvText(text, ','))).toEqual(expected);
  });

  it('numbers each record by the physical line it starts on', () => {
    const rows = parseCsvText('h1,h2\r\n"multi\r\nline",x\r\nnext,y\n', ',');
    expect(rows.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('counts a CRLF split across chunks as one line break', () => {
    const rows = parseInChunks('a\r\nb\r\n"c\r\nd"\r\ne', ',', [2, 8, 9]);
    expect(rows.map((r) => [r.line, r.cells])).toEqual([
      [1, ['a']],
      [2, ['b']],
      [3, ['c\r\nd']],
      [5, ['e']],
    ]);
  });

  it('rejects a quoted field that runs to the end of the file over several lines', () => {
    expect(() => parseCsvText('a,b\n"oops,1\n2,3\n', ',')).toThrow(ImportFileError);
  });

  it('rejects a field longer than the limit instead of growing without bound', () => {
    const parser = new CsvParser(',', { maxFieldChars: 100 });
    const out: TableRow[] = [];
    expect(() => {
      parser.push('a,"', out);
      for (let i = 0; i < 20; i++) parser.push('x\n'.repeat(5), out);
    }).toThrow(expect.objectContaining({ code: 'MALFORMED_CSV' }));
  });

  it('reads back any table written with any delimiter, line break and chunking', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'binary', maxLength: 12 }), { minLength: 1, maxLength: 5 }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.constantFrom<Delimiter>(',', ';', '\t', '|'),
        fc.constantFrom<'\n' | '\r\n' | '\r'>('\n', '\r\n', '\r'),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 10 }),
        (table, delimiter, lineBreak, isQuotingAll, cuts) => {
          // A lone empty cell would be a blank line; the writer quotes it, and the reader keeps it.
          const text = writeCsv(table, { delimiter, lineBreak, isQuotingAll });
          const rows = parseInChunks(
            text,
            delimiter,
            cuts.map((c) => c % (text.length + 1)),
          );
          expect(cellsOf(rows)).toEqual(table);
        },
      ),
      { numRuns: 400 },
    );
  });
});
