/**
 * Writers for tests and benchmarks: a table out as delimited text in any supported encoding.
 * The inverse of the reader, kept deliberately simple (no detection, no leniency).
 */
import { concatBytes } from '../../bytes';
import type { Delimiter, TextEncoding } from './types';

type WebTextEncoder = { encode(text: string): Uint8Array };
// TextEncoder exists in every supported runtime; core's ES2023 lib does not declare it.
const TextEncoderImpl = (globalThis as unknown as { TextEncoder: new () => WebTextEncoder }).TextEncoder;

export type WriteCsvOptions = {
  delimiter: Delimiter;
  lineBreak?: '\n' | '\r\n' | '\r';
  /** Quote every field, not only those that need it. */
  isQuotingAll?: boolean;
  /** Quote fields holding any candidate delimiter, so detection cannot be misled. */
  isQuotingAnyDelimiter?: boolean;
  hasTrailingLineBreak?: boolean;
};

export function writeCsv(rows: readonly (readonly string[])[], options: WriteCsvOptions): string {
  const lineBreak = options.lineBreak ?? '\n';
  const special = options.isQuotingAnyDelimiter
    ? /[,;\t|"\r\n]/
    : new RegExp(
        `[${options.delimiter === '\t' ? '\\t' : options.delimiter === '|' ? '|' : options.delimiter}"\\r\\n]`,
      );
  const text = rows
    .map((row) =>
      row
        .map((cell) =>
          options.isQuotingAll || special.test(cell) || (cell === '' && row.length === 1)
            ? `"${cell.replaceAll('"', '""')}"`
            : cell,
        )
        .join(options.delimiter),
    )
    .join(lineBreak);
  return options.hasTrailingLineBreak === false ? text : text + lineBreak;
}

const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

export function encodeText(text: string, encoding: TextEncoding, hasBom = false): Uint8Array {
  switch (encoding) {
    case 'utf-8': {
      const body = new TextEncoderImpl().encode(text);
      return hasBom ? concatBytes([new Uint8Array([0xef, 0xbb, 0xbf]), body]) : body;
    }
    case 'utf-16le':
    case 'utf-16be': {
      const isLe = encoding === 'utf-16le';
      const offset = hasBom ? 2 : 0;
      const out = new Uint8Array(offset + text.length * 2);
      if (hasBom) out.set(isLe ? [0xff, 0xfe] : [0xfe, 0xff]);
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        out[offset + 2 * i + (isLe ? 0 : 1)] = c & 0xff;
        out[offset + 2 * i + (isLe ? 1 : 0)] = c >> 8;
      }
      return out;
    }
    case 'windows-1252': {
      const out = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        const high = WINDOWS_1252_HIGH.indexOf(text[i] ?? '');
        if (c < 0x80 || (c >= 0xa0 && c <= 0xff)) out[i] = c;
        else if (high >= 0) out[i] = 0x80 + high;
        else throw new Error(`not in windows-1252: ${text[i]}`);
      }
      return out;
    }
  }
}

/** Splits bytes at the given cut points (any order, duplicates allowed) into an async source. */
export async function* toSplitChunks(bytes: Uint8Array, cuts: readonly number[]): AsyncGenerator<Uint8Array> {
  const points = [...new Set(cuts.map((c) => Math.max(0, Math.min(bytes.length, c))))].sort((a, b) => a - b);
  let from = 0;
  for (const p of points) {
    if (p > from) yield bytes.subarray(from, p);
    from = Math.max(from, p);
  }
  if (from < bytes.length) yield bytes.subarray(from);
}

/**
 * How the reader takes files in the wild, as [name, text, cells] (comma-delimited): its unit test
 * and the CSV readers benchmark (scripts/bench/csv-readers.ts) hold other readers to the same table.
 */
export const CSV_READING_CASES: readonly (readonly [string, string, readonly (readonly string[])[]])[] = [
  [
    'plain fields',
    'a,b,c\n1,2,3\n',
    [
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ],
  ],
  [
    'no final line break',
    'a,b\n1,2',
    [
      ['a', 'b'],
      ['1', '2'],
    ],
  ],
  [
    'CRLF',
    'a,b\r\n1,2\r\n',
    [
      ['a', 'b'],
      ['1', '2'],
    ],
  ],
  [
    'lone CR',
    'a,b\r1,2\r',
    [
      ['a', 'b'],
      ['1', '2'],
    ],
  ],
  ['embedded delimiter', '"a,b",c\n', [['a,b', 'c']]],
  ['doubled quote', '"say ""hi""",x\n', [['say "hi"', 'x']]],
  ['line breaks inside quotes', '"1\n2\r\n3",x\n', [['1\n2\r\n3', 'x']]],
  ['empty fields', ',,\n', [['', '', '']]],
  ['trailing delimiter', 'a,\n', [['a', '']]],
  ['ragged rows', 'a,b,c\n1\n1,2,3,4\n', [['a', 'b', 'c'], ['1'], ['1', '2', '3', '4']]],
  ['quote inside an unquoted field is literal', 'ab"c,d\n', [['ab"c', 'd']]],
  ['text after a closing quote is kept', '"ab"c,d\n', [['abc', 'd']]],
  ['unclosed quote on the last line', 'a,"b', [['a', 'b']]],
  ['blank line', 'a\n\nb\n', [['a'], [''], ['b']]],
  [
    'a CRLF file with a LF inside a quoted field',
    'a,b\r\n"x\ny",z\r\n',
    [
      ['a', 'b'],
      ['x\ny', 'z'],
    ],
  ],
  [
    'a LF file with one CRLF line',
    'a,b\n1,2\r\n3,4\n',
    [
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ],
  ],
];

/** The fuzz tests' seed: a statement with a preamble, quoted fields, mixed line breaks and a total row. */
export const FUZZ_SEED_CSV =
  'Account U1\n\nDate,Symbol,Side,Qty,Price\n' +
  Array.from({ length: 30 }, (_, i) => `2024-01-${String(i + 1).padStart(2, '0')},"S,${i}",BUY,${i},"1""${i}"`).join(
    '\r\n',
  ) +
  '\nTotal,,,,\n';
