import {
  ANALYTICS_ROW_FLAGS,
  ANALYTICS_ROW_OFFSETS as ROW,
  ANALYTICS_ROW_OPTIONAL,
  ANALYTICS_ROW_TEXT_COUNT,
} from '../../db/analytics-row';
import type { TradeFacts } from './trade-facts';

/**
 * The bytes of `trades.analytics_row`, read back into {@link TradeFacts}: offsets and flags from
 * the layout the column's SQL is generated from (db/analytics-row.ts).
 */
const UUID_BYTES = 16;

const {
  isShort: IS_SHORT,
  hasNote: HAS_NOTE,
  hasR: HAS_R,
  hasHolding: HAS_HOLDING,
  hasStrategy: HAS_STRATEGY,
  isOpenTimeUnknown: IS_OPEN_TIME_UNKNOWN,
  hasAccountPnl: HAS_ACCOUNT_PNL,
} = ANALYTICS_ROW_FLAGS;

/** The account-currency figures' width: net (float8), gross and costs whole (int8), their fractions (int4). */
const ACCOUNT_PNL_BYTES = 32;

// The row reader below takes the optional fields in this order and at these widths: a layout
// changed without it fails here, when the module loads, not in a wrong figure.
if (
  ANALYTICS_ROW_OPTIONAL.map((field) => `${field.bit}:${field.width}`).join() !==
    [
      `${HAS_R}:8`,
      `${HAS_HOLDING}:8`,
      `${HAS_STRATEGY}:${UUID_BYTES}`,
      `${HAS_ACCOUNT_PNL}:${ACCOUNT_PNL_BYTES}`,
    ].join() ||
  ANALYTICS_ROW_TEXT_COUNT !== 3
)
  throw new Error('trades.analytics_row: the layout has optional fields this reader does not read');

/** The lists of facts read earlier, which facts read now extend (see replaceTradesClosedAt). */
export type FactsLists = Pick<
  TradeFacts,
  'accountIds' | 'strategyIds' | 'symbols' | 'assetClasses' | 'tagIds' | 'currencies'
>;

/** A part's rows as they are decoded: growing columns, their lists shared by every segment of a reader. */
type SegmentColumns = {
  count: number;
  capacity: number;
  floats: Record<(typeof SEGMENT_FLOATS)[number], Float64Array>;
  bytes: Record<(typeof SEGMENT_BYTES)[number], Uint8Array>;
  ints: Record<(typeof SEGMENT_INTS)[number], Int32Array>;
  /** Per row, where its tags end in `tagIndex` (row i's start where row i − 1's end). */
  tagEnd: Int32Array;
  tagIndex: number[];
};

const SEGMENT_FLOATS = [
  'closedAt',
  'openedAt',
  'netPnl',
  'rMultiple',
  'holdingSeconds',
  'grossWhole',
  'grossFrac',
  'feesWhole',
  'feesFrac',
  'accountNetPnl',
  'accountGrossWhole',
  'accountGrossFrac',
  'accountFeesWhole',
  'accountFeesFrac',
] as const;
const SEGMENT_BYTES = ['hasR', 'hasHolding', 'isShort', 'hasNote', 'isOpenTimeUnknown'] as const;
const SEGMENT_INTS = ['account', 'symbol', 'assetClass', 'strategy', 'unconvertedCurrency'] as const;

function createColumns<K extends string, A>(names: readonly K[], make: () => A): Record<K, A> {
  return Object.fromEntries(names.map((name) => [name, make()])) as Record<K, A>;
}

function createSegmentColumns(capacity: number): SegmentColumns {
  return {
    count: 0,
    capacity,
    floats: createColumns(SEGMENT_FLOATS, () => new Float64Array(capacity)),
    bytes: createColumns(SEGMENT_BYTES, () => new Uint8Array(capacity)),
    ints: createColumns(SEGMENT_INTS, () => new Int32Array(capacity)),
    tagEnd: new Int32Array(capacity),
    tagIndex: [],
  };
}

/** Twice the room, the rows so far kept. */
function growSegment(segment: SegmentColumns): void {
  const capacity = segment.capacity * 2;
  const grow = <A extends Float64Array | Uint8Array | Int32Array>(from: A, to: A): A => {
    to.set(from);
    return to;
  };
  for (const name of SEGMENT_FLOATS) segment.floats[name] = grow(segment.floats[name], new Float64Array(capacity));
  for (const name of SEGMENT_BYTES) segment.bytes[name] = grow(segment.bytes[name], new Uint8Array(capacity));
  for (const name of SEGMENT_INTS) segment.ints[name] = grow(segment.ints[name], new Int32Array(capacity));
  segment.tagEnd = grow(segment.tagEnd, new Int32Array(capacity));
  segment.capacity = capacity;
}

/** One part's rows being read: whole rows back to back, or PostgreSQL's COPY binary output in pieces. */
export type TradeFactsSegment = {
  /** The rows decoded so far (see TradeFactsReader.finish). */
  readonly columns: SegmentColumns;
  /** Rows back to back, whole (`string_agg` of the column). */
  pushRows(bytes: Buffer): void;
  /** The next piece of `COPY (select analytics_row …) TO STDOUT (FORMAT binary)`; a row may straddle pieces. */
  pushCopyData(bytes: Buffer): void;
  /** Throws unless the COPY output ended with its trailer. */
  endCopyData(): void;
};

/**
 * Decodes the rows of one or more parts as they arrive (parts may be read at once, their pieces
 * interleaved), into columns whose lists (accounts, symbols, strategies, tags…) every part shares;
 * `finish` joins the parts in order. Tags must be added before the rows they belong to.
 */
export type TradeFactsReader = ReturnType<typeof createTradeFactsReader>;

export function createTradeFactsReader(extending?: FactsLists, params: { expectedRows?: number } = {}) {
  const accounts = createUuidDictionary(extending?.accountIds);
  const strategies = createUuidDictionary(extending?.strategyIds);
  const symbols = createTextDictionary(extending?.symbols);
  const assetClasses = createTextDictionary(extending?.assetClasses);
  const currencies = createTextDictionary(extending?.currencies);
  const tagIds = createDictionary(extending?.tagIds);
  const tagsByOpening = new Map<number, TaggedOpening[]>();
  const initialCapacity = Math.max(1_024, Math.ceil(params.expectedRows ?? 0));

  /** Decodes the row at `at` into the segment's next slot; answers where the row ends. */
  function decodeRow(segment: SegmentColumns, buffer: Buffer, view: DataView, at: number): number {
    if (segment.count === segment.capacity) growSegment(segment);
    const i = segment.count;
    const { floats, bytes, ints } = segment;
    const flags = view.getUint16(at + ROW.flags);
    // DataView reads compile to plain loads; Buffer's readDoubleBE assembles bytes one by one.
    floats.closedAt[i] = view.getFloat64(at + ROW.closedAt);
    floats.openedAt[i] = view.getFloat64(at + ROW.openedAt);
    floats.netPnl[i] = view.getFloat64(at + ROW.netPnl);
    floats.grossWhole[i] = readInt64(view, at + ROW.grossWhole);
    floats.grossFrac[i] = view.getInt32(at + ROW.grossFrac);
    floats.feesWhole[i] = readInt64(view, at + ROW.feesWhole);
    floats.feesFrac[i] = view.getInt32(at + ROW.feesFrac);
    bytes.hasR[i] = flags & HAS_R ? 1 : 0;
    bytes.hasHolding[i] = flags & HAS_HOLDING ? 1 : 0;
    bytes.isShort[i] = flags & IS_SHORT ? 1 : 0;
    bytes.hasNote[i] = flags & HAS_NOTE ? 1 : 0;
    bytes.isOpenTimeUnknown[i] = flags & IS_OPEN_TIME_UNKNOWN ? 1 : 0;
    ints.account[i] = accounts.indexAt(buffer, view, at + ROW.account);
    if (tagsByOpening.size > 0) {
      for (const id of findTags(tagsByOpening, buffer, at + ROW.openingExecution))
        segment.tagIndex.push(tagIds.indexOf(id));
    }
    segment.tagEnd[i] = segment.tagIndex.length;
    let next = at + ROW.optional;
    if (flags & HAS_R) {
      floats.rMultiple[i] = view.getFloat64(next);
      next += 8;
    }
    if (flags & HAS_HOLDING) {
      floats.holdingSeconds[i] = view.getFloat64(next);
      next += 8;
    }
    if (flags & HAS_STRATEGY) {
      ints.strategy[i] = strategies.indexAt(buffer, view, next);
      next += UUID_BYTES;
    } else ints.strategy[i] = -1;
    // In the account's currency: its own figures unless they follow (another currency).
    if (flags & HAS_ACCOUNT_PNL) {
      floats.accountNetPnl[i] = view.getFloat64(next);
      floats.accountGrossWhole[i] = readInt64(view, next + 8);
      floats.accountFeesWhole[i] = readInt64(view, next + 16);
      floats.accountGrossFrac[i] = view.getInt32(next + 24);
      floats.accountFeesFrac[i] = view.getInt32(next + 28);
      next += ACCOUNT_PNL_BYTES;
    } else {
      floats.accountNetPnl[i] = floats.netPnl[i]!;
      floats.accountGrossWhole[i] = floats.grossWhole[i]!;
      floats.accountGrossFrac[i] = floats.grossFrac[i]!;
      floats.accountFeesWhole[i] = floats.feesWhole[i]!;
      floats.accountFeesFrac[i] = floats.feesFrac[i]!;
    }
    const symbolEnd = next + 2 + view.getUint16(next);
    ints.symbol[i] = symbols.indexAt(buffer, next + 2, symbolEnd);
    const assetClassEnd = symbolEnd + 2 + view.getUint16(symbolEnd);
    ints.assetClass[i] = assetClasses.indexAt(buffer, symbolEnd + 2, assetClassEnd);
    const currencyLength = view.getUint16(assetClassEnd);
    const currencyEnd = assetClassEnd + 2 + currencyLength;
    ints.unconvertedCurrency[i] =
      currencyLength === 0 ? -1 : currencies.indexAt(buffer, assetClassEnd + 2, currencyEnd);
    segment.count = i + 1;
    return currencyEnd;
  }

  function createSegment(): TradeFactsSegment {
    const segment = createSegmentColumns(initialCapacity);
    let pending: Buffer | null = null;
    let isHeaderRead = false;
    let isEnded = false;
    return {
      columns: segment,
      pushRows(buffer) {
        if (countRows(buffer) === 0) return; // checks that the bytes end on a row's end
        const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
        for (let at = 0; at < buffer.length;) at = decodeRow(segment, buffer, view, at);
      },
      pushCopyData(piece) {
        if (piece.length === 0) return;
        if (isEnded) throw new Error('trades.analytics_row: data after the end of the COPY output');
        const buffer: Buffer = pending ? Buffer.concat([pending, piece]) : piece;
        const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
        let at = 0;
        if (!isHeaderRead) {
          const headerEnd = readCopyHeaderEnd(buffer);
          if (headerEnd === null) {
            pending = buffer;
            return;
          }
          at = headerEnd;
          isHeaderRead = true;
        }
        // Each tuple: its field count (int16; −1 ends the output), the field's length (int32), its bytes.
        while (at + 2 <= buffer.length) {
          const fields = view.getInt16(at);
          if (fields === -1) {
            isEnded = true;
            at += 2;
            break;
          }
          if (at + 6 > buffer.length) break;
          const length = view.getInt32(at + 2);
          if (fields !== 1 || length < ROW.optional) throw new Error('trades.analytics_row: bytes of another layout');
          if (at + 6 + length > buffer.length) break;
          if (decodeRow(segment, buffer, view, at + 6) !== at + 6 + length)
            throw new Error('trades.analytics_row: bytes of another layout');
          at += 6 + length;
        }
        pending = at < buffer.length ? buffer.subarray(at) : null;
        if (isEnded && pending) throw new Error('trades.analytics_row: data after the end of the COPY output');
      },
      endCopyData() {
        if (!isEnded) throw new Error('trades.analytics_row: the COPY output ended early');
      },
    };
  }

  return {
    /** The tags of rows still to come, as `openingExecutionId:tagId,tagId;…` (tag ids in order). */
    addTags(text: string | null): void {
      parseTags(text, tagsByOpening);
    },
    createSegment,
    /** The segments' rows in order as one TradeFacts (the reader is done with). */
    finish(segments: readonly TradeFactsSegment[]): TradeFacts {
      return joinSegments(
        segments.map((segment) => segment.columns),
        {
          accountIds: accounts.values,
          strategyIds: strategies.values,
          symbols: symbols.values,
          assetClasses: assetClasses.values,
          tagIds: tagIds.values,
          currencies: currencies.values,
        },
      );
    },
  };
}

/** Where the COPY binary header ends, or null while it is not all there; throws on anything else. */
function readCopyHeaderEnd(buffer: Buffer): number | null {
  const fixed = COPY_SIGNATURE.length + 8;
  const signature = buffer.subarray(0, Math.min(buffer.length, COPY_SIGNATURE.length));
  if (!signature.equals(COPY_SIGNATURE.subarray(0, signature.length)))
    throw new Error('COPY answered something other than its binary format');
  if (buffer.length < fixed) return null;
  const end = fixed + buffer.readUInt32BE(COPY_SIGNATURE.length + 4);
  return buffer.length < end ? null : end;
}

const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** How much room (× the rows) one part's columns may have and still be kept as they are. */
const SPARE_ROOM_KEPT = 1.25;

/** Every segment's rows, in order, in columns of exactly their count (views or copies). */
function joinSegments(segments: readonly SegmentColumns[], lists: FactsLists): TradeFacts {
  const count = segments.reduce((sum, segment) => sum + segment.count, 0);
  const join = <A extends Float64Array | Uint8Array | Int32Array>(pick: (segment: SegmentColumns) => A, out: A): A => {
    // One part with little room to spare keeps its columns, viewed at their count, rather than copied.
    if (segments.length === 1 && pick(segments[0]!).length <= count * SPARE_ROOM_KEPT)
      return pick(segments[0]!).subarray(0, count) as A;
    let at = 0;
    for (const segment of segments) {
      out.set(pick(segment).subarray(0, segment.count), at);
      at += segment.count;
    }
    return out;
  };
  const floats = (name: (typeof SEGMENT_FLOATS)[number]) => join((s) => s.floats[name], new Float64Array(count));
  const bytes = (name: (typeof SEGMENT_BYTES)[number]) => join((s) => s.bytes[name], new Uint8Array(count));
  const ints = (name: (typeof SEGMENT_INTS)[number]) => join((s) => s.ints[name], new Int32Array(count));
  const tagStart = new Int32Array(count + 1);
  const tagIndex = new Int32Array(segments.reduce((sum, segment) => sum + segment.tagIndex.length, 0));
  let row = 0;
  let tagsBefore = 0;
  for (const segment of segments) {
    for (let i = 0; i < segment.count; i++) tagStart[++row] = tagsBefore + segment.tagEnd[i]!;
    tagIndex.set(segment.tagIndex, tagsBefore);
    tagsBefore += segment.tagIndex.length;
  }
  return {
    count,
    closedAt: floats('closedAt'),
    openedAt: floats('openedAt'),
    netPnl: floats('netPnl'),
    rMultiple: floats('rMultiple'),
    hasR: bytes('hasR'),
    holdingSeconds: floats('holdingSeconds'),
    hasHolding: bytes('hasHolding'),
    isShort: bytes('isShort'),
    hasNote: bytes('hasNote'),
    isOpenTimeUnknown: bytes('isOpenTimeUnknown'),
    account: ints('account'),
    accountIds: lists.accountIds,
    symbol: ints('symbol'),
    symbols: lists.symbols,
    assetClass: ints('assetClass'),
    assetClasses: lists.assetClasses,
    strategy: ints('strategy'),
    strategyIds: lists.strategyIds,
    tagStart,
    tagIndex,
    tagIds: lists.tagIds,
    grossPnl: { whole: floats('grossWhole'), frac: floats('grossFrac') },
    fees: { whole: floats('feesWhole'), frac: floats('feesFrac') },
    accountNetPnl: floats('accountNetPnl'),
    accountGrossPnl: { whole: floats('accountGrossWhole'), frac: floats('accountGrossFrac') },
    accountFees: { whole: floats('accountFeesWhole'), frac: floats('accountFeesFrac') },
    unconvertedCurrency: ints('unconvertedCurrency'),
    currencies: lists.currencies,
  };
}

/** A big-endian int8 as a number: exact within 2^53, as the exact columns are (no BigInt per row). */
function readInt64(view: DataView, at: number): number {
  return view.getInt32(at) * 4_294_967_296 + view.getUint32(at + 4);
}

/** How many rows the bytes hold; throws on bytes that do not end on a row's end. */
export function countRows(buffer: Buffer): number {
  let rows = 0;
  let at = 0;
  while (at + ROW.optional <= buffer.length) {
    const flags = buffer.readUInt16BE(at + ROW.flags);
    let next = at + ROW.optional;
    for (const field of ANALYTICS_ROW_OPTIONAL) if (flags & field.bit) next += field.width;
    for (let text = 0; text < ANALYTICS_ROW_TEXT_COUNT && next + 2 <= buffer.length; text++)
      next += 2 + buffer.readUInt16BE(next);
    at = next;
    rows++;
  }
  if (at !== buffer.length) throw new Error('trades.analytics_row: bytes of another layout');
  return rows;
}

/** Interns strings as indexes into a list. */
function createDictionary(initial: readonly string[] = []) {
  const values = [...initial];
  const index = new Map(values.map((value, i) => [value, i]));
  return {
    values,
    indexOf(value: string): number {
      let i = index.get(value);
      if (i === undefined) {
        i = values.length;
        values.push(value);
        index.set(value, i);
      }
      return i;
    },
  };
}

/** Lower-case uuid text of 16 bytes. */
function formatUuid(buffer: Buffer, at: number): string {
  const hex = buffer.toString('hex', at, at + UUID_BYTES);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Interns uuids given as bytes, compared as four 32-bit words: a user's few accounts and strategies
 * come on every row, and formatting each as text would cost more than the rest of the row.
 */
function createUuidDictionary(initial: readonly string[] = []) {
  const ids = createDictionary(initial);
  const byFirstWord = new Map<number, { words: [number, number, number]; index: number }[]>();
  // Rows in a row mostly share their account and strategy: the last one answers without the map.
  const last = { first: -1, second: -1, third: -1, fourth: -1, index: -1 };
  return {
    values: ids.values,
    indexAt(buffer: Buffer, view: DataView, at: number): number {
      const first = view.getUint32(at);
      const second = view.getUint32(at + 4);
      const third = view.getUint32(at + 8);
      const fourth = view.getUint32(at + 12);
      if (first === last.first && second === last.second && third === last.third && fourth === last.fourth)
        return last.index;
      const index = indexOfWords(buffer, at, [first, second, third, fourth]);
      Object.assign(last, { first, second, third, fourth, index });
      return index;
    },
  };

  function indexOfWords(
    buffer: Buffer,
    at: number,
    [first, second, third, fourth]: [number, number, number, number],
  ): number {
    let candidates = byFirstWord.get(first);
    if (candidates) {
      for (const { words, index } of candidates) {
        if (words[0] === second && words[1] === third && words[2] === fourth) return index;
      }
    } else {
      candidates = [];
      byFirstWord.set(first, candidates);
    }
    const index = ids.indexOf(formatUuid(buffer, at));
    candidates.push({ words: [second, third, fourth], index });
    return index;
  }
}

/**
 * Interns UTF-8 text given as bytes (symbols, asset classes) by a hash of the bytes, checked byte
 * for byte: no string is made for a value seen before.
 */
function createTextDictionary(initial: readonly string[] = []) {
  const texts = createDictionary(initial);
  const byHash = new Map<number, { bytes: Uint8Array; index: number }[]>();
  let last: { bytes: Uint8Array; index: number } | null = null;
  return {
    values: texts.values,
    indexAt(buffer: Buffer, start: number, end: number): number {
      // Rows in a row mostly share their asset class: the last value answers without hashing.
      if (last && isSameBytes(last.bytes, buffer, start, end)) return last.index;
      let hash = 0x811c9dc5; // FNV-1a
      for (let k = start; k < end; k++) hash = Math.imul(hash ^ buffer[k]!, 0x01000193);
      let candidates = byHash.get(hash);
      if (candidates) {
        for (const candidate of candidates)
          if (isSameBytes(candidate.bytes, buffer, start, end)) {
            last = candidate;
            return candidate.index;
          }
      } else {
        candidates = [];
        byHash.set(hash, candidates);
      }
      // A copy: the buffer is a piece of a stream, reused or freed once read.
      const entry = {
        bytes: Uint8Array.prototype.slice.call(buffer, start, end),
        index: texts.indexOf(buffer.toString('utf8', start, end)),
      };
      candidates.push(entry);
      last = entry;
      return entry.index;
    },
  };
}

function isSameBytes(bytes: Uint8Array, buffer: Buffer, start: number, end: number): boolean {
  if (bytes.length !== end - start) return false;
  for (let k = 0; k < bytes.length; k++) if (bytes[k] !== buffer[start + k]) return false;
  return true;
}

type TaggedOpening = { id: string; tagIds: string[] };

/** Adds `opening:tag,tag;…` to the map, by the first 6 bytes of the opening execution's id. */
function parseTags(text: string | null, into: Map<number, TaggedOpening[]>): void {
  if (!text) return;
  for (const entry of text.split(';')) {
    const colon = entry.indexOf(':');
    const id = entry.slice(0, colon);
    const key = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    const tagged = { id, tagIds: entry.slice(colon + 1).split(',') };
    const list = into.get(key);
    if (list) list.push(tagged);
    else into.set(key, [tagged]);
  }
}

const NO_TAGS: readonly string[] = [];

/** The tags of the trade opened by the execution whose id is at `at`. */
function findTags(tagsByOpening: Map<number, TaggedOpening[]>, buffer: Buffer, at: number): readonly string[] {
  const candidates = tagsByOpening.get(buffer.readUIntBE(at, 6));
  if (!candidates) return NO_TAGS;
  const id = formatUuid(buffer, at);
  return candidates.find((candidate) => candidate.id === id)?.tagIds ?? NO_TAGS;
}
