import { parseIsoInstant } from '../../core/iso-instant';
import type { BulkColumn, BulkColumnType } from './bulk-insert';
import { writeUuidBytes } from './uuid-text';

/**
 * Rows in PostgreSQL's binary COPY format: each value as the bytes the database keeps (a uuid's
 * sixteen, a time's microseconds, a decimal's base-10,000 digits) rather than text it must parse.
 * What the app sends both engines (bulk-insert.ts, toCopyRows). The format is exact: a decimal goes
 * in as its text would (the column's scale rounds it the same way), a time to the millisecond a
 * Date holds.
 *
 * Each value's bytes must be of its column's type (an `integer` column takes four bytes, a
 * `bigint` eight), so a BulkColumn's type is its column's own.
 */

/** The data's signature, then no flags and no header extension. */
export const COPY_BINARY_HEADER: CopyBytes = Uint8Array.from([
  ...[...'PGCOPY\n\xff\r\n\0'].map((char) => char.charCodeAt(0)),
  ...[0, 0, 0, 0, 0, 0, 0, 0],
]);
/** A field count of -1: the end of the data. */
export const COPY_BINARY_TRAILER: CopyBytes = Uint8Array.of(0xff, 0xff);

const EPOCH_2000_MS = 946_684_800_000;
/** An ISO time's end that says its offset from UTC: `Z`, `+01`, `+0100` or `+01:00`. */
const HAS_OFFSET = /(?:z|[+-]\d\d(?::?\d\d)?)$/i;
const TWO_32 = 4_294_967_296;
const NUMERIC_NEGATIVE = 0x4000;
const NUMERIC_NAN = 0xc000;
const NUMERIC_INFINITY = 0xd000;
const NUMERIC_NEGATIVE_INFINITY = 0xf000;
/**
 * The largest exponent read in a decimal's text. PostgreSQL reads larger ones, but a declared numeric
 * holds at most 1,000 digits, and the app's columns far fewer: such a text is refused here.
 */
const MAX_EXPONENT = 1000;
/** A scratch buffer larger than this after a call is let go (one call's rows, not the thread's). */
const KEPT_SCRATCH_BYTES = 4 * 1024 * 1024;

/** Bytes of COPY data, in memory of their own (not shared with another thread). */
export type CopyBytes = Uint8Array<ArrayBuffer>;

type Value = ReturnType<BulkColumn<unknown>['value']>;

// NOTE: one scratch buffer per thread, written by one call at a time (the calls are synchronous).
let scratch = Buffer.allocUnsafe(64 * 1024);
let at = 0;

function reserve(bytes: number): void {
  if (at + bytes <= scratch.length) return;
  const larger = Buffer.allocUnsafe(Math.max(at + bytes, scratch.length * 2));
  scratch.copy(larger, 0, 0, at);
  scratch = larger;
}

// Bytes written one by one: the Buffer methods' checks cost more than the writes (every value
// has room reserved first).
function writeInt16(value: number): void {
  scratch[at] = value >> 8;
  scratch[at + 1] = value;
  at += 2;
}

function writeInt32(value: number): void {
  scratch[at] = value >> 24;
  scratch[at + 1] = value >> 16;
  scratch[at + 2] = value >> 8;
  scratch[at + 3] = value;
  at += 4;
}

/** A whole number of any size a double holds exactly, as eight bytes, without a BigInt. */
function writeInt64(value: number): void {
  const high = Math.floor(value / TWO_32);
  writeInt32(high);
  writeInt32(value - high * TWO_32);
}

/** Text as UTF-8 after its length: ASCII byte by byte, anything else by the Buffer's encoder. */
function writeUtf8(text: string): void {
  const length = text.length;
  reserve(4 + 3 * length);
  let i = 0;
  for (; i < length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 128) break;
    scratch[at + 4 + i] = code;
  }
  if (i === length) {
    writeInt32(length);
    at += length;
    return;
  }
  const bytes = scratch.write(text, at + 4, 'utf8');
  writeInt32(bytes);
  at += bytes;
}

/** A uuid's text as its sixteen bytes (writeUuidBytes: as PostgreSQL reads it). */
function writeUuid(text: string): void {
  reserve(20);
  writeInt32(16);
  if (!writeUuidBytes(text, scratch, at)) throw new TypeError(`not a uuid: "${text}"`);
  at += 16;
}

/** A time (a Date, or ISO text with its offset) as microseconds since 2000-01-01 UTC. */
function writeTimestamp(value: Value): void {
  let ms: number;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'string' && (value.endsWith('Z') || HAS_OFFSET.test(value))) ms = parseIsoInstant(value);
  // Text without an offset would be read in this process's zone, the database's in its session's;
  // a number is not a time the text format takes either.
  else throw new TypeError(`not a time with its offset: "${String(value)}"`);
  if (!Number.isFinite(ms)) throw new RangeError(`not a time: "${String(value)}"`);
  const sinceEpoch = Math.round(ms) - EPOCH_2000_MS;
  // ms × 1000 can pass 2^53: multiplied in two halves, each exact.
  const high = Math.floor(sinceEpoch / TWO_32);
  const low = (sinceEpoch - high * TWO_32) * 1000;
  const carry = Math.floor(low / TWO_32);
  reserve(12);
  writeInt32(8);
  writeInt32(high * 1000 + carry);
  writeInt32(low - carry * TWO_32);
}

// A decimal's digits as read, without its point, sign or exponent, and their base-10,000 groups.
let digits = new Uint8Array(64);
let groups = new Uint16Array(20);

function writeSpecialNumeric(sign: number): void {
  reserve(12);
  writeInt32(8);
  writeInt16(0); // digits
  writeInt16(0); // weight
  writeInt16(sign);
  writeInt16(0); // display scale
}

/** The text without the blanks PostgreSQL's numeric skips around it (isspace: ASCII only). */
function trimBlanks(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isBlank(text.charCodeAt(start))) start += 1;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end -= 1;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Space, tab, line feed, vertical tab, form feed, carriage return. */
const isBlank = (code: number) => code === 32 || (code >= 9 && code <= 13);

/**
 * A decimal's text as PostgreSQL's numeric reads it (`-12.50`, `+3`, `.5`, `5.`, `1.5e-7`, `NaN`,
 * `Infinity`, blanks around), as its base-10,000 digits: the weight of the first group, the sign
 * and the display scale (the digits after the point the text shows), then the groups with zero
 * groups trimmed at both ends.
 */
function writeNumeric(text: string): void {
  const trimmed = trimBlanks(text);
  let i = 0;
  let isNegative = false;
  const sign = trimmed.charCodeAt(0);
  if (sign === 45 || sign === 43) {
    isNegative = sign === 45; // '-'
    i = 1;
  }
  const firstCode = trimmed.charCodeAt(i) | 0x20; // lower case
  if (firstCode === 110 || firstCode === 105) {
    // 'n' or 'i': NaN (unsigned), Infinity or inf
    const word = trimmed.slice(i).toLowerCase();
    if (word === 'nan' && i === 0) return writeSpecialNumeric(NUMERIC_NAN);
    if (word === 'infinity' || word === 'inf')
      return writeSpecialNumeric(isNegative ? NUMERIC_NEGATIVE_INFINITY : NUMERIC_INFINITY);
    throw new TypeError(`not a decimal: "${text}"`);
  }
  if (digits.length < trimmed.length) digits = new Uint8Array(trimmed.length * 2);
  if (groups.length < trimmed.length / 4 + 2) groups = new Uint16Array(trimmed.length);
  let count = 0;
  let integerCount = -1; // digits before the point; -1 until a point is read
  for (; i < trimmed.length; i += 1) {
    const code = trimmed.charCodeAt(i);
    if (code === 46 && integerCount < 0)
      integerCount = count; // '.'
    else if (code >= 48 && code <= 57) digits[count++] = code - 48;
    else break;
  }
  if (integerCount < 0) integerCount = count;
  let exponent = 0;
  if (count > 0 && (trimmed[i] === 'e' || trimmed[i] === 'E')) {
    const exponentText = trimmed.slice(i + 1);
    if (!/^[+-]?\d+$/.test(exponentText)) throw new TypeError(`not a decimal: "${text}"`);
    exponent = Number(exponentText);
    if (Math.abs(exponent) > MAX_EXPONENT) throw new RangeError(`decimal out of range: "${text}"`);
    i = trimmed.length;
  }
  if (count === 0 || i !== trimmed.length) throw new TypeError(`not a decimal: "${text}"`);
  const displayScale = Math.max(0, count - integerCount - exponent);
  let first = 0;
  while (first < count && digits[first] === 0) first += 1;
  // How many of the digits from the first non-zero one come before the point.
  const pointAt = integerCount - first + exponent;
  // Zeros before the first digit so that the point falls between groups of four, then the digits
  // in groups of four (zeros after the last), trailing zero groups trimmed (the first group holds
  // the first non-zero digit).
  const pad = (((4 - pointAt) % 4) + 4) % 4;
  let written = 0;
  let group = 0;
  let inGroup = pad;
  for (let d = first; d < count; d += 1) {
    group = group * 10 + digits[d]!;
    inGroup += 1;
    if (inGroup === 4) {
      groups[written++] = group;
      group = 0;
      inGroup = 0;
    }
  }
  if (inGroup > 0) {
    for (; inGroup < 4; inGroup += 1) group *= 10;
    groups[written++] = group;
  }
  while (written > 0 && groups[written - 1] === 0) written -= 1;
  reserve(12 + 2 * written);
  writeInt32(8 + 2 * written);
  writeInt16(written);
  writeInt16(written === 0 ? 0 : (pointAt + pad) / 4 - 1);
  writeInt16(isNegative && written > 0 ? NUMERIC_NEGATIVE : 0);
  writeInt16(displayScale);
  for (let g = 0; g < written; g += 1) writeInt16(groups[g]!);
}

const textOf = (value: Value): string => (value instanceof Date ? value.toISOString() : String(value));

const WHOLE_NUMBER_TEXT = /^\s*[+-]?\d+\s*$/;
const INTEGER_RANGE = { smallint: 2 ** 15, integer: 2 ** 31 } as const;

/** A whole number a column of `type` holds, as a number or its text (as the text format takes them). */
function toWholeNumber(value: Value, type: 'smallint' | 'integer' | 'bigint'): number {
  const number = typeof value === 'string' && WHOLE_NUMBER_TEXT.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number))
    throw new TypeError(`not a whole number: ${textOf(value)}`);
  // A bigint beyond 2^53 is not exact as a number: refused rather than rounded.
  const isInRange =
    type === 'bigint' ? Number.isSafeInteger(number) : number >= -INTEGER_RANGE[type] && number < INTEGER_RANGE[type];
  if (!isInRange) throw new RangeError(`out of range for ${type}: ${textOf(value)}`);
  return number;
}

/** A float8's value, as a number or text PostgreSQL reads as one (`1.5`, `-1e300`, `NaN`, `Infinity`). */
function toFloat(value: Value): number {
  if (typeof value === 'number') return value;
  const text = textOf(value).trim();
  const number = Number(text);
  if (text === '' || (Number.isNaN(number) && !/^[+-]?nan$/i.test(text))) throw new TypeError(`not a number: ${text}`);
  return number;
}

function writeValue(value: Value, type: BulkColumnType): void {
  if (value === null || value === undefined) {
    reserve(4);
    writeInt32(-1);
    return;
  }
  switch (type) {
    case 'uuid':
      return writeUuid(textOf(value));
    case 'text':
      return writeUtf8(textOf(value));
    case 'numeric':
      return writeNumeric(textOf(value));
    case 'timestamptz':
      return writeTimestamp(value);
    case 'bigint':
      reserve(12);
      writeInt32(8);
      return writeInt64(toWholeNumber(value, 'bigint'));
    case 'integer':
      reserve(8);
      writeInt32(4);
      return writeInt32(toWholeNumber(value, 'integer'));
    case 'boolean':
      reserve(5);
      writeInt32(1);
      scratch[at] = value === true ? 1 : 0;
      at += 1;
      return;
    case 'smallint':
      reserve(6);
      writeInt32(2);
      return writeInt16(toWholeNumber(value, 'smallint'));
    case 'float8':
      reserve(12);
      writeInt32(8);
      scratch.writeDoubleBE(toFloat(value), at);
      at += 8;
      return;
    case 'jsonb': {
      const json = JSON.stringify(value);
      reserve(5 + 3 * json.length);
      const length = scratch.write(json, at + 5, 'utf8');
      writeInt32(length + 1);
      scratch[at] = 1; // jsonb's binary format version
      at += 1 + length;
      return;
    }
  }
}

/**
 * The rows as binary COPY tuples, without the data's header and trailer (insertCopyRows adds
 * them, so that tuples encoded apart go in one statement): one buffer of its own, which is all
 * that goes to another thread (a view of the scratch buffer would take all of it along).
 *
 * A value the same as the row before's in its column (Object.is: the same string, number or Date;
 * 0 and -0 apart, as a float8 keeps them) is copied as the bytes written for it then: a batch's
 * rows share their owner's ids, their instrument, currency and costs, and reading those again was
 * a fifth to a third of the encoding (docs/import-bench.md).
 */
export function toCopyBinary<Row>(columns: readonly BulkColumn<Row>[], rows: readonly Row[]): CopyBytes {
  const count = columns.length;
  const previous = new Array<Value>(count);
  // Where each column's value of the row before begins in the scratch buffer, and its byte count.
  const starts = new Int32Array(count);
  const lengths = new Int32Array(count).fill(-1);
  at = 0;
  try {
    for (const row of rows) {
      reserve(2);
      writeInt16(count);
      for (let index = 0; index < count; index += 1) {
        const column = columns[index]!;
        const value = column.value(row);
        const start = at;
        const length = lengths[index]!;
        if (length >= 0 && Object.is(value, previous[index])) {
          reserve(length);
          const from = starts[index]!;
          for (let i = 0; i < length; i += 1) scratch[at + i] = scratch[from + i]!;
          at += length;
        } else {
          writeValue(value, column.type);
          previous[index] = value;
          lengths[index] = at - start;
        }
        starts[index] = start;
      }
    }
    const data = new Uint8Array(at);
    data.set(scratch.subarray(0, at));
    return data;
  } finally {
    if (scratch.length > KEPT_SCRATCH_BYTES) scratch = Buffer.allocUnsafe(64 * 1024);
    at = 0;
  }
}
