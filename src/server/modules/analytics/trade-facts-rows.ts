import type { TradeFacts } from './trade-facts';

/**
 * The bytes of `trades.analytics_row` (migration 0008 computes them when a trade is written), read
 * back into {@link TradeFacts}. Byte offsets of a row, big-endian as PostgreSQL's send functions
 * write them; the migration's comment is the other half of this contract.
 */
const ROW = {
  closedAt: 0,
  openedAt: 8,
  netPnl: 16,
  grossWhole: 24,
  feesWhole: 32,
  grossFrac: 40,
  feesFrac: 44,
  flags: 48,
  account: 50,
  openingExecution: 66,
  /** R, holding seconds and strategy id where the flags say so, then symbol and asset class. */
  optional: 82,
} as const;
const UUID_BYTES = 16;

const IS_SHORT = 1;
const HAS_NOTE = 2;
const HAS_R = 4;
const HAS_HOLDING = 8;
const HAS_STRATEGY = 16;

/** The lists of facts read earlier, which facts read now extend (see replaceTradesClosedAt). */
export type FactsLists = Pick<TradeFacts, 'accountIds' | 'strategyIds' | 'symbols' | 'assetClasses' | 'tagIds'>;

/**
 * One statement's answer: the rows back to back in (closed_at, id) order, and the tags of those
 * of them that have any, as `openingExecutionId:tagId,tagId;…` (tag ids in order).
 */
export type TradeFactsRowsPart = { rows: Buffer | null; tags: string | null };

/**
 * The parts' rows, in order, as one TradeFacts. Ids become lower-case uuid text; with `extending`,
 * every list starts as that one's, so facts read before and these share their indexes.
 */
export function decodeTradeFactsRows(parts: readonly TradeFactsRowsPart[], extending?: FactsLists): TradeFacts {
  const buffers = parts.map((part) => part.rows ?? Buffer.alloc(0));
  const count = buffers.reduce((sum, buffer) => sum + countRows(buffer), 0);
  const accounts = createUuidDictionary(extending?.accountIds);
  const strategies = createUuidDictionary(extending?.strategyIds);
  const symbols = createTextDictionary(extending?.symbols);
  const assetClasses = createTextDictionary(extending?.assetClasses);
  const tagIds = createDictionary(extending?.tagIds);
  const tagsByOpening = parseTags(parts.map((part) => part.tags));
  const facts: TradeFacts = {
    count,
    closedAt: new Float64Array(count),
    openedAt: new Float64Array(count),
    netPnl: new Float64Array(count),
    rMultiple: new Float64Array(count),
    hasR: new Uint8Array(count),
    holdingSeconds: new Float64Array(count),
    hasHolding: new Uint8Array(count),
    isShort: new Uint8Array(count),
    hasNote: new Uint8Array(count),
    account: new Int32Array(count),
    accountIds: accounts.values,
    symbol: new Int32Array(count),
    symbols: symbols.values,
    assetClass: new Int32Array(count),
    assetClasses: assetClasses.values,
    strategy: new Int32Array(count),
    strategyIds: strategies.values,
    tagStart: new Int32Array(count + 1),
    tagIndex: new Int32Array(0),
    tagIds: tagIds.values,
    grossPnl: { whole: new Float64Array(count), frac: new Float64Array(count) },
    fees: { whole: new Float64Array(count), frac: new Float64Array(count) },
  };
  const { closedAt, openedAt, netPnl, rMultiple, hasR, holdingSeconds, hasHolding, isShort, hasNote } = facts;
  const { account, strategy, symbol, assetClass, tagStart, grossPnl, fees } = facts;
  const tagIndex: number[] = [];
  let i = 0;
  for (const buffer of buffers) {
    // DataView reads compile to plain loads; Buffer's readDoubleBE assembles bytes one by one.
    const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    const end = buffer.length;
    let at = 0;
    while (at < end) {
      const flags = view.getUint16(at + ROW.flags);
      closedAt[i] = view.getFloat64(at + ROW.closedAt);
      openedAt[i] = view.getFloat64(at + ROW.openedAt);
      netPnl[i] = view.getFloat64(at + ROW.netPnl);
      hasR[i] = (flags & HAS_R) >> 2;
      hasHolding[i] = (flags & HAS_HOLDING) >> 3;
      isShort[i] = flags & IS_SHORT;
      hasNote[i] = (flags & HAS_NOTE) >> 1;
      grossPnl.whole[i] = readInt64(view, at + ROW.grossWhole);
      grossPnl.frac[i] = view.getInt32(at + ROW.grossFrac);
      fees.whole[i] = readInt64(view, at + ROW.feesWhole);
      fees.frac[i] = view.getInt32(at + ROW.feesFrac);
      account[i] = accounts.indexAt(buffer, view, at + ROW.account);
      if (tagsByOpening.size > 0) {
        for (const id of findTags(tagsByOpening, buffer, at + ROW.openingExecution)) tagIndex.push(tagIds.indexOf(id));
      }
      tagStart[i + 1] = tagIndex.length;
      let next = at + ROW.optional;
      if (flags & HAS_R) {
        rMultiple[i] = view.getFloat64(next);
        next += 8;
      }
      if (flags & HAS_HOLDING) {
        holdingSeconds[i] = view.getFloat64(next);
        next += 8;
      }
      if (flags & HAS_STRATEGY) {
        strategy[i] = strategies.indexAt(buffer, view, next);
        next += UUID_BYTES;
      } else strategy[i] = -1;
      const symbolEnd = next + 2 + view.getUint16(next);
      symbol[i] = symbols.indexAt(buffer, next + 2, symbolEnd);
      const assetClassEnd = symbolEnd + 2 + view.getUint16(symbolEnd);
      assetClass[i] = assetClasses.indexAt(buffer, symbolEnd + 2, assetClassEnd);
      at = assetClassEnd;
      i++;
    }
  }
  facts.tagIndex = Int32Array.from(tagIndex);
  return facts;
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
    if (flags & HAS_R) next += 8;
    if (flags & HAS_HOLDING) next += 8;
    if (flags & HAS_STRATEGY) next += UUID_BYTES;
    for (let text = 0; text < 2 && next + 2 <= buffer.length; text++) next += 2 + buffer.readUInt16BE(next);
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
  return {
    values: ids.values,
    indexAt(buffer: Buffer, view: DataView, at: number): number {
      const first = view.getUint32(at);
      const second = view.getUint32(at + 4);
      const third = view.getUint32(at + 8);
      const fourth = view.getUint32(at + 12);
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
    },
  };
}

/**
 * Interns UTF-8 text given as bytes (symbols, asset classes) by a hash of the bytes, checked byte
 * for byte: no string is made for a value seen before.
 */
function createTextDictionary(initial: readonly string[] = []) {
  const texts = createDictionary(initial);
  const byHash = new Map<number, { bytes: Uint8Array; index: number }[]>();
  return {
    values: texts.values,
    indexAt(buffer: Buffer, start: number, end: number): number {
      let hash = 0x811c9dc5; // FNV-1a
      for (let k = start; k < end; k++) hash = Math.imul(hash ^ buffer[k]!, 0x01000193);
      let candidates = byHash.get(hash);
      if (candidates) {
        for (const { bytes, index } of candidates) if (isSameBytes(bytes, buffer, start, end)) return index;
      } else {
        candidates = [];
        byHash.set(hash, candidates);
      }
      const index = texts.indexOf(buffer.toString('utf8', start, end));
      candidates.push({ bytes: buffer.slice(start, end), index });
      return index;
    },
  };
}

function isSameBytes(bytes: Uint8Array, buffer: Buffer, start: number, end: number): boolean {
  if (bytes.length !== end - start) return false;
  for (let k = 0; k < bytes.length; k++) if (bytes[k] !== buffer[start + k]) return false;
  return true;
}

type TaggedOpening = { id: string; tagIds: string[] };

/** `opening:tag,tag;…` of every part, by the first 6 bytes of the opening execution's id. */
function parseTags(texts: readonly (string | null)[]): Map<number, TaggedOpening[]> {
  const out = new Map<number, TaggedOpening[]>();
  for (const text of texts) {
    if (!text) continue;
    for (const entry of text.split(';')) {
      const colon = entry.indexOf(':');
      const id = entry.slice(0, colon);
      const key = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
      const tagged = { id, tagIds: entry.slice(colon + 1).split(',') };
      const list = out.get(key);
      if (list) list.push(tagged);
      else out.set(key, [tagged]);
    }
  }
  return out;
}

const NO_TAGS: readonly string[] = [];

/** The tags of the trade opened by the execution whose id is at `at`. */
function findTags(tagsByOpening: Map<number, TaggedOpening[]>, buffer: Buffer, at: number): readonly string[] {
  const candidates = tagsByOpening.get(buffer.readUIntBE(at, 6));
  if (!candidates) return NO_TAGS;
  const id = formatUuid(buffer, at);
  return candidates.find((candidate) => candidate.id === id)?.tagIds ?? NO_TAGS;
}
