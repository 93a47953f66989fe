import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBinaryCopy } from '../../db/copy-out';
import type { TradeFacts } from './trade-facts';
import { countRows, createTradeFactsReader, type FactsLists } from './trade-facts-rows';

/** Parts of whole rows back to back, each with its tags text, decoded in order by one reader. */
function decodeTradeFactsRows(
  parts: readonly { rows: Buffer | null; tags: string | null }[],
  extending?: FactsLists,
): TradeFacts {
  const reader = createTradeFactsReader(extending);
  for (const part of parts) reader.addTags(part.tags);
  const segments = parts.map((part) => {
    const segment = reader.createSegment();
    if (part.rows) segment.pushRows(part.rows);
    return segment;
  });
  return reader.finish(segments);
}

/** A closed trade as the columns of trades hold it (the exact parts already split). */
type Row = {
  closedAt: number;
  openedAt: number;
  netPnl: number;
  grossWhole: number;
  grossFrac: number;
  feesWhole: number;
  feesFrac: number;
  isShort: boolean;
  hasNote: boolean;
  rMultiple: number | null;
  holdingSeconds: number | null;
  account: string;
  strategy: string | null;
  opening: string;
  symbol: string;
  assetClass: string;
  tags: string[];
  /** The account-currency figures when they differ from the trade's own (issue 42), else null. */
  accountPnl: { net: number; grossWhole: number; grossFrac: number; feesWhole: number; feesFrac: number } | null;
  /** The trade's own currency when its P&L could not be converted, else null. */
  unconvertedCurrency: string | null;
};

const uuidBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');

/** The bytes migration 0008's generated column writes for a row (big-endian send forms). */
function encodeRow(row: Row): Buffer {
  const fixed = Buffer.alloc(82);
  fixed.writeDoubleBE(row.closedAt, 0);
  fixed.writeDoubleBE(row.openedAt, 8);
  fixed.writeDoubleBE(row.netPnl, 16);
  fixed.writeBigInt64BE(BigInt(row.grossWhole), 24);
  fixed.writeBigInt64BE(BigInt(row.feesWhole), 32);
  fixed.writeInt32BE(row.grossFrac, 40);
  fixed.writeInt32BE(row.feesFrac, 44);
  const flags =
    (row.isShort ? 1 : 0) |
    (row.hasNote ? 2 : 0) |
    (row.rMultiple !== null ? 4 : 0) |
    (row.holdingSeconds !== null ? 8 : 0) |
    (row.strategy !== null ? 16 : 0) |
    (row.accountPnl !== null ? 64 : 0) |
    (row.unconvertedCurrency !== null ? 128 : 0);
  fixed.writeUInt16BE(flags, 48);
  uuidBytes(row.account).copy(fixed, 50);
  uuidBytes(row.opening).copy(fixed, 66);
  const double = (value: number) => {
    const out = Buffer.alloc(8);
    out.writeDoubleBE(value);
    return out;
  };
  const text = (value: string) => {
    const bytes = Buffer.from(value, 'utf8');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  return Buffer.concat([
    fixed,
    ...(row.rMultiple !== null ? [double(row.rMultiple)] : []),
    ...(row.holdingSeconds !== null ? [double(row.holdingSeconds)] : []),
    ...(row.strategy !== null ? [uuidBytes(row.strategy)] : []),
    ...(row.accountPnl !== null ? [accountBytes(row.accountPnl)] : []),
    text(row.symbol),
    text(row.assetClass),
    text(row.unconvertedCurrency ?? ''),
  ]);
}

/** The account-currency figures: net (float8), gross and costs whole (int8), their fractions (int4). */
function accountBytes(pnl: NonNullable<Row['accountPnl']>): Buffer {
  const out = Buffer.alloc(32);
  out.writeDoubleBE(pnl.net, 0);
  out.writeBigInt64BE(BigInt(pnl.grossWhole), 8);
  out.writeBigInt64BE(BigInt(pnl.feesWhole), 16);
  out.writeInt32BE(pnl.grossFrac, 24);
  out.writeInt32BE(pnl.feesFrac, 28);
  return out;
}

/** The tags text the statement answers for the rows that have tags. */
const tagsText = (rows: readonly Row[]) =>
  rows
    .filter((row) => row.tags.length > 0)
    .map((row) => `${row.opening}:${row.tags.join(',')}`)
    .join(';') || null;

const fewUuids = (n: number) =>
  fc.constantFrom(...Array.from({ length: n }, (_, i) => fc.sample(fc.uuid(), { seed: i, numRuns: 1 })[0]!));
const amount = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 });
const frac = fc.integer({ min: -99_999_999, max: 99_999_999 });

const rowArbitrary = fc.record({
  closedAt: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  openedAt: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  netPnl: amount,
  grossWhole: fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
  grossFrac: frac,
  feesWhole: fc.integer({ min: 0, max: 1e9 }),
  feesFrac: frac,
  isShort: fc.boolean(),
  hasNote: fc.boolean(),
  rMultiple: fc.option(amount),
  holdingSeconds: fc.option(fc.double({ noNaN: true, min: 0, max: 1e9 })),
  account: fewUuids(3),
  strategy: fc.option(fewUuids(4)),
  opening: fc.uuid(),
  // Symbols that share bytes, any letters, and the empty asset class of a damaged row.
  symbol: fc.oneof(fc.constantFrom('AAPL', 'AAP', 'AAPL1', 'ÄÖÜ€', 'BRK\\B'), fc.string({ maxLength: 64 })),
  assetClass: fc.constantFrom('stock', 'option', 'future', ''),
  tags: fc.uniqueArray(fewUuids(5), { maxLength: 3 }).map((ids) => ids.sort()),
  accountPnl: fc.option(
    fc.record({
      net: amount,
      grossWhole: fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
      grossFrac: frac,
      feesWhole: fc.integer({ min: 0, max: 1e9 }),
      feesFrac: frac,
    }),
  ),
  unconvertedCurrency: fc.option(fc.constantFrom('USD', 'GBP', 'USDT')),
});

/** What a decoded row says, with indexes resolved through the lists. */
function readBack(facts: ReturnType<typeof decodeTradeFactsRows>, i: number): Row {
  return {
    closedAt: facts.closedAt[i]!,
    openedAt: facts.openedAt[i]!,
    netPnl: facts.netPnl[i]!,
    grossWhole: facts.grossPnl.whole[i]!,
    grossFrac: facts.grossPnl.frac[i]!,
    feesWhole: facts.fees.whole[i]!,
    feesFrac: facts.fees.frac[i]!,
    isShort: facts.isShort[i] === 1,
    hasNote: facts.hasNote[i] === 1,
    rMultiple: facts.hasR[i] === 1 ? facts.rMultiple[i]! : null,
    holdingSeconds: facts.hasHolding[i] === 1 ? facts.holdingSeconds[i]! : null,
    account: facts.accountIds[facts.account[i]!]!,
    strategy: facts.strategy[i]! < 0 ? null : facts.strategyIds[facts.strategy[i]!]!,
    opening: '',
    symbol: facts.symbols[facts.symbol[i]!]!,
    assetClass: facts.assetClasses[facts.assetClass[i]!]!,
    tags: [...facts.tagIndex.subarray(facts.tagStart[i]!, facts.tagStart[i + 1]!)].map((k) => facts.tagIds[k]!),
    accountPnl: {
      net: facts.accountNetPnl[i]!,
      grossWhole: facts.accountGrossPnl.whole[i]!,
      grossFrac: facts.accountGrossPnl.frac[i]!,
      feesWhole: facts.accountFees.whole[i]!,
      feesFrac: facts.accountFees.frac[i]!,
    },
    unconvertedCurrency: facts.unconvertedCurrency[i]! < 0 ? null : facts.currencies[facts.unconvertedCurrency[i]!]!,
  };
}

/** What readBack answers for a row: its own figures in the account's currency when it carries none. */
const expectedOf = (row: Row): Row => ({
  ...row,
  opening: '',
  accountPnl: row.accountPnl ?? {
    net: row.netPnl,
    grossWhole: row.grossWhole,
    grossFrac: row.grossFrac,
    feesWhole: row.feesWhole,
    feesFrac: row.feesFrac,
  },
});

describe('the reader of whole rows', () => {
  it('reads back every row of every part, in order, each value exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.array(rowArbitrary, { maxLength: 30 }), { minLength: 1, maxLength: 3 }), (parts) => {
        const facts = decodeTradeFactsRows(
          parts.map((rows) => ({ rows: Buffer.concat(rows.map(encodeRow)), tags: tagsText(rows) })),
        );
        const rows = parts.flat();
        expect(facts.count).toBe(rows.length);
        rows.forEach((row, i) => expect(readBack(facts, i)).toEqual(expectedOf(row)));
      }),
    );
  });

  it('extends the lists of facts read before, index for index', () => {
    fc.assert(
      fc.property(
        fc.array(rowArbitrary, { minLength: 1, maxLength: 20 }),
        fc.array(rowArbitrary, { maxLength: 20 }),
        (before, now) => {
          const earlier = decodeTradeFactsRows([
            { rows: Buffer.concat(before.map(encodeRow)), tags: tagsText(before) },
          ]);
          const lists = {
            accountIds: [...earlier.accountIds],
            strategyIds: [...earlier.strategyIds],
            symbols: [...earlier.symbols],
            assetClasses: [...earlier.assetClasses],
            tagIds: [...earlier.tagIds],
          };
          const fresh = decodeTradeFactsRows(
            [{ rows: Buffer.concat(now.map(encodeRow)), tags: tagsText(now) }],
            earlier,
          );
          for (const name of Object.keys(lists) as (keyof typeof lists)[]) {
            expect(fresh[name].slice(0, lists[name].length)).toEqual(lists[name]);
          }
          now.forEach((row, i) => expect(readBack(fresh, i)).toEqual(expectedOf(row)));
        },
      ),
    );
  });

  it('refuses bytes that do not end on a row (cut, lengthened, or of another layout)', () => {
    const row = encodeRow(fc.sample(rowArbitrary, { seed: 7, numRuns: 1 })[0]!);
    expect(countRows(Buffer.concat([row, row]))).toBe(2);
    expect(() => countRows(row.subarray(0, row.length - 1))).toThrow(/another layout/);
    expect(() => countRows(Buffer.concat([row, Buffer.from([0])]))).toThrow(/another layout/);
    expect(() => decodeTradeFactsRows([{ rows: row.subarray(0, 40), tags: null }])).toThrow(/another layout/);
  });
});

// PostgreSQL's COPY binary output: header (signature, flags, extension length and bytes), tuples, trailer.
const header = (extension = Buffer.alloc(0)) => {
  const fixed = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
  fixed.writeUInt32BE(extension.length, fixed.length - 4);
  return Buffer.concat([fixed, extension]);
};
const field = (bytes: Buffer | null) => {
  const length = Buffer.alloc(4);
  length.writeInt32BE(bytes === null ? -1 : bytes.length);
  return bytes === null ? length : Buffer.concat([length, bytes]);
};
const tuple = (fields: (Buffer | null)[]) => {
  const count = Buffer.alloc(2);
  count.writeInt16BE(fields.length);
  return Buffer.concat([count, ...fields.map(field)]);
};
const trailer = Buffer.from([0xff, 0xff]);

/** `bytes` cut at the given offsets (any, in any order, repeated), in order. */
function cutAt(bytes: Buffer, offsets: readonly number[]): Buffer[] {
  const cuts = [...new Set(offsets.map((offset) => offset % (bytes.length + 1)))].sort((a, b) => a - b);
  return [...cuts, bytes.length].map((end, i) => bytes.subarray(i === 0 ? 0 : cuts[i - 1]!, end));
}

describe('the streamed reader', () => {
  it('reads COPY output cut into pieces anywhere, in parts read at once, as the whole rows', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.array(rowArbitrary, { maxLength: 20 }), fc.array(fc.nat(), { maxLength: 12 }), fc.boolean()),
          { minLength: 1, maxLength: 3 },
        ),
        (parts) => {
          const reader = createTradeFactsReader();
          const streams = parts.map(([rows, cuts, hasExtension]) => {
            reader.addTags(tagsText(rows));
            const copy = Buffer.concat([
              header(hasExtension ? Buffer.from('ext') : undefined),
              ...rows.map((row) => tuple([encodeRow(row)])),
              trailer,
            ]);
            return { segment: reader.createSegment(), pieces: cutAt(copy, cuts) };
          });
          // The parts' pieces arrive interleaved, as from two connections.
          for (let k = 0; streams.some((stream) => k < stream.pieces.length); k++)
            for (const { segment, pieces } of streams) if (k < pieces.length) segment.pushCopyData(pieces[k]!);
          for (const { segment } of streams) segment.endCopyData();
          const facts = reader.finish(streams.map((stream) => stream.segment));
          const rows = parts.flatMap(([partRows]) => partRows);
          expect(facts.count).toBe(rows.length);
          rows.forEach((row, i) => expect(readBack(facts, i)).toEqual(expectedOf(row)));
          for (const column of [facts.closedAt, facts.account, facts.isShort]) expect(column).toHaveLength(rows.length);
        },
      ),
    );
  });

  it('grows past the rows it expected, and keeps no more room than the rows', () => {
    const rows = fc.sample(rowArbitrary, { seed: 3, numRuns: 2_500 });
    const reader = createTradeFactsReader(undefined, { expectedRows: 10 });
    reader.addTags(tagsText(rows));
    const segment = reader.createSegment();
    segment.pushCopyData(Buffer.concat([header(), ...rows.map((row) => tuple([encodeRow(row)])), trailer]));
    segment.endCopyData();
    const facts = reader.finish([segment]);
    expect(facts.count).toBe(rows.length);
    expect(facts.netPnl).toHaveLength(rows.length);
    expect(readBack(facts, rows.length - 1)).toEqual(expectedOf(rows.at(-1)!));
  });

  it('refuses COPY output that is cut short, runs on, or holds anything but one row a tuple', () => {
    const row = encodeRow(fc.sample(rowArbitrary, { seed: 7, numRuns: 1 })[0]!);
    const read = (...pieces: Buffer[]) => {
      const segment = createTradeFactsReader().createSegment();
      for (const piece of pieces) segment.pushCopyData(piece);
      segment.endCopyData();
    };
    expect(() => read(header(), tuple([row]), trailer)).not.toThrow();
    expect(() => read(header(), tuple([row]))).toThrow(/ended early/);
    expect(() => read(header(), tuple([row]), trailer, tuple([row]))).toThrow(/after the end/);
    expect(() => read(Buffer.concat([header(), tuple([row]), trailer, Buffer.from([0])]))).toThrow(/after the end/);
    expect(() => read(header(), tuple([row, row]), trailer)).toThrow(/another layout/);
    expect(() => read(header(), tuple([Buffer.concat([row, Buffer.from([0])])]), trailer)).toThrow(/another layout/);
    expect(() => read(header(), tuple([row.subarray(0, 40)]), trailer)).toThrow(/another layout/);
    expect(() => read(Buffer.from('42\t\\x0001\n'))).toThrow(/binary format/);
  });
});

describe('parseBinaryCopy', () => {
  it('answers each tuple as its fields, nulls as null', () => {
    const fields = [Buffer.from('42'), null, Buffer.from([0, 1, 255])];
    expect(parseBinaryCopy(Buffer.concat([header(), tuple(fields), tuple([null]), trailer]))).toEqual([fields, [null]]);
  });

  it('refuses what is not COPY binary output', () => {
    expect(() => parseBinaryCopy(Buffer.from('42\t\\x0001\n'))).toThrow(/binary format/);
  });
});
