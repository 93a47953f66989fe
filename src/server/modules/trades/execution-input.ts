import { hash } from 'node:crypto';
import type { ExecutionInput } from '../../../contracts/trades';
import { DECIMAL_COLUMNS } from '../../../contracts/input-policy';
import {
  decimalPlaces,
  isInstrumentError,
  parseInstrument,
  toDecimal,
  toInstrumentKey,
  type AssetClass,
  type Decimal,
  type Instrument,
  type InstrumentError,
  type Side,
} from '../../../core/trades';
import { createMemoised, createPartsMemo } from '../../../core/bounded-memo';
import { parseIsoInstant, toIsoInstant } from '../../../core/iso-instant';
import { toUuidText, writeUuidTime } from '../../db/uuid-text';
import { AppError } from '../../errors';
import { IdenticalFills } from './identical-fills';

/** An execution checked and normalised at the edge, ready to insert (decimals as canonical strings). */
export type PreparedExecution = {
  /** ISO-8601 UTC with milliseconds. */
  executedAt: string;
  /** The day its file wrote, when the file gave no time of day (executions.executed_on). */
  executedOn?: string;
  symbol: string;
  /** The symbol as the file (or the API caller) wrote it (executions.broker_symbol). */
  brokerSymbol: string | null;
  instrumentKey: string;
  assetClass: AssetClass;
  side: Side;
  quantity: string;
  price: string;
  commission: string;
  fees: string;
  multiplier: string;
  currency: string;
  brokerExecId: string | null;
  /** The fill's identity in its account (toFingerprintKey): re-importing it adds nothing. */
  fingerprint: string;
  /**
   * The fingerprint was computed here from the fill's content and occurrence count (no broker id,
   * none carried by the file): it names the instrument and is unique across the calls that share
   * `occurrences`, so it can only clash with a fill of the same instrument stored before.
   */
  fingerprintFromContent: boolean;
  /** A crypto fill's instrument step in its file (core/trades/dust.ts), when the import gave one. */
  quantityStep?: string;
  /** A fee in another asset that could not be converted into `currency`, and that asset, when the import gave one. */
  unconvertedFee?: string;
  unconvertedFeeAsset?: string;
  /** The broker's own figures of the fill (issue 42), when the file carries them. */
  broker?: { pnl?: string; net?: string; currency?: string; fxRate?: string };
};

export type PrepareExecutionsParams = {
  /** The account's currency: a fill's currency when neither the input nor the instrument states one. */
  accountCurrency: string;
  /** The error field for item `index`'s `field` (`executions.3.symbol` by default). */
  fieldName?: (index: number, field: string) => string;
  /** Overrides the content fingerprint (manual entries are never duplicates of each other). */
  fingerprintOf?: (index: number) => string | undefined;
  /**
   * Occurrence counts of identical fills, shared across calls: an import prepares a file in
   * batches, and two identical fills of one file must stay two however the batches fall.
   */
  occurrences?: IdenticalFills;
  /** When given, an invalid item is reported here (its fields' messages) and left out instead of failing the batch. */
  onInvalid?: (index: number, fields: Record<string, string>) => void;
};

// What the columns hold (the input policy's DECIMAL_COLUMNS). Anything finer or larger would be
// rounded or overflow in the database, so it is refused here instead.
const LIMITS = {
  quantity: DECIMAL_COLUMNS.quantity,
  price: DECIMAL_COLUMNS.money,
  commission: DECIMAL_COLUMNS.money,
  fees: DECIMAL_COLUMNS.money,
  multiplier: DECIMAL_COLUMNS.money,
} as const;
const LIMIT_FIELDS = Object.keys(LIMITS) as (keyof typeof LIMITS)[];

/** A checked decimal and its canonical text, or what is wrong with it. */
type CheckedDecimal = { value: Decimal; text: string } | string;

// An import's quantities, prices and costs mostly repeat: each text is read once (bounded-memo.ts),
// in a memo per field keyed by the text itself (a key built per call is a new string to hash).
const checkedDecimals = Object.fromEntries(
  LIMIT_FIELDS.map((field) => [field, createMemoised(20_000, (raw) => checkDecimalOnce(raw, LIMITS[field]))]),
) as Record<keyof typeof LIMITS, (raw: string) => CheckedDecimal>;

function checkDecimal(raw: string, field: keyof typeof LIMITS): CheckedDecimal {
  return checkedDecimals[field](raw);
}

function checkDecimalOnce(raw: string, limit: (typeof LIMITS)[keyof typeof LIMITS]): CheckedDecimal {
  const value = toDecimal(raw);
  if (!value) return 'Must be a decimal number';
  if (decimalPlaces(value) > limit.scale) return `At most ${limit.scale} decimal places`;
  if (value.e + 1 > limit.integerDigits) return 'Too large';
  return { value, text: value.toString() };
}

/** A symbol read, with the texts every fill of it stores. */
type ReadInstrument = { instrument: Instrument; key: string; multiplier: string };

/**
 * An instant as ISO-8601 UTC with milliseconds, as `new Date(text).toISOString()` writes it (a day
 * that does not exist rolls over; an unreadable text throws RangeError), without a Date (iso-instant.ts).
 */
function toInstantText(text: string): string {
  return toIsoInstant(parseIsoInstant(text));
}

/**
 * The content fingerprint of a fill without a broker id: a SHA-256 over its time, instrument,
 * side, quantity, price and its occurrence number among identical fills of the same request, so
 * two identical partial fills are both kept while the same request sent twice adds nothing. It is
 * the key of the text `v1:<the SHA-256 in hex>` (toFingerprintKey), which is what it was stored as
 * before migration 0013: its time first (toContentKey).
 */
export function toContentFingerprint(params: {
  executedAt: string;
  instrumentKey: string;
  side: Side;
  quantity: string;
  price: string;
  occurrence: number;
}): string {
  return toContentKey(params.executedAt, contentSha256(params));
}

type FillContent = Parameters<typeof toContentFingerprint>[0];

/** The SHA-256 of a fill's content fingerprint text. */
function contentSha256(params: FillContent): Buffer {
  const { executedAt, instrumentKey, side, quantity, price, occurrence } = params;
  const text = ['v1', executedAt, instrumentKey, side, quantity, price, String(occurrence)].join('|');
  // The one-shot hash: a fraction of a Hash object's cost for a text this short.
  return hash('sha256', text, 'buffer');
}

/** What tells identical fills apart from others: their time, instrument, side, quantity and price. */
function toIdentity(executedAt: string, instrumentKey: string, side: Side, quantity: string, price: string): string {
  return [executedAt, instrumentKey, side, quantity, price].join('|');
}

/**
 * The key migration 0016 gave a fill that an Edgebook CSV written before it carries (`fp:` and
 * 0013's key, the first half of the content's SHA-256): found by hashing the fill's own content
 * with the occurrence number it most likely had, `seen` + 1 (`seen`: the identical fills the file
 * listed before it, in the order they were stored), and its neighbours. Null when `key` is none of
 * those (a broker id's or a manual fill's key, or one already in time order).
 */
function toRekeyedContentKey(key: string, content: Omit<FillContent, 'occurrence'>, seen: number): string | null {
  const hex = key.replaceAll('-', '');
  if (hex.startsWith(toTimeHex(content.executedAt))) return null;
  for (const occurrence of [seen + 1, seen + 2, seen, seen - 1]) {
    if (occurrence < 1) continue;
    const sha256 = contentSha256({ ...content, occurrence });
    if (sha256.toString('hex').startsWith(hex)) return toContentKey(content.executedAt, sha256);
  }
  return null;
}

/**
 * A content fingerprint's key: the fill's time in epoch milliseconds (48 bits, big-endian), then
 * the first 80 bits of the SHA-256. The time is part of the hashed content, so equal content still
 * means an equal key; but the account's unique index on the keys now grows at its end, as the
 * fills of a file come in time order, rather than at random places all over it: a PGlite import
 * of a long file spent much of its time reading and writing that index's pages back and forth.
 * Migration 0016 rekeyed the fills stored under the first half of
 * the SHA-256 (what 0013 kept), by the same rule.
 */
function toContentKey(executedAt: string, sha256: Uint8Array): string {
  writeUuidTime(KEY, toKeyTime(executedAt));
  for (let i = 0; i < 10; i += 1) KEY[6 + i] = sha256[i]!;
  return toUuidText(KEY);
}

/** A content key's bytes, written in place (toContentKey). */
const KEY = new Uint8Array(16);

/** A fill's time as a content key begins with it: epoch milliseconds, modulo 2^48. */
function toKeyTime(executedAt: string): number {
  const ms = parseIsoInstant(executedAt);
  return ms >= 0 && ms < TIME_PREFIX_RANGE ? ms : ((ms % TIME_PREFIX_RANGE) + TIME_PREFIX_RANGE) % TIME_PREFIX_RANGE;
}

/** The 48 bits of toKeyTime in hex, as a content key's text begins (the bytes toContentKey writes). */
function toTimeHex(executedAt: string): string {
  writeUuidTime(KEY, toKeyTime(executedAt));
  return Buffer.from(KEY.buffer, 0, 6).toString('hex');
}

const TIME_PREFIX_RANGE = 2 ** 48;

const CONTENT_FINGERPRINT = /^v1:([0-9a-f]{64})$/;
const KEY_AS_EXPORTED = /^fp:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * A fill's identity as stored: 16 bytes (a uuid), unique in its account. The fingerprint texts
 * (`id:<broker id>`, `manual:…`, or one an Edgebook CSV carries) are kept as their MD5; a content
 * fingerprint (`v1:` and its SHA-256, as an older Edgebook CSV carries it) as the fill's time and
 * part of its SHA-256 (toContentKey); and the key itself as the Edgebook CSV writes it
 * (`fp:<uuid>`) stays itself (prepareExecutions finds the new key of one written before 0016).
 * Migrations 0013 and 0016 turned the stored texts into keys by the same rules, so a file imported
 * before them adds nothing when imported again. A 16-byte key keeps the account's unique index a
 * fraction of the size of one on the texts.
 */
export function toFingerprintKey(text: string, executedAt: string): string {
  const content = CONTENT_FINGERPRINT.exec(text);
  if (content) return toContentKey(executedAt, Buffer.from(content[1]!, 'hex'));
  const exported = KEY_AS_EXPORTED.exec(text);
  if (exported) return exported[1]!.toLowerCase();
  return toUuidText(hash('md5', text, 'buffer'));
}

/** The Edgebook CSV's form of a stored key: imported again it is the same key. */
export function toExportedFingerprint(key: string): string {
  return `fp:${key}`;
}

/** What preparing each fill of one call shares: its params, and the occurrences counted so far. */
type PrepareContext = {
  params: PrepareExecutionsParams;
  fieldName: (index: number, field: string) => string;
  occurrences: IdenticalFills;
};

/** A fill being prepared: its place in the call, and what is wrong with it so far (by field name). */
type FillBeingPrepared = {
  item: ExecutionInput;
  index: number;
  context: PrepareContext;
  itemFields: Record<string, string>;
};

/**
 * Validates and normalises a batch of fills: parses each symbol (with the item's asset class and
 * multiplier as hints and its date placing one-digit futures years), checks the decimals fit their
 * columns, and computes each fingerprint key (of `id:<brokerExecId>` when the broker gave one).
 * Throws one 400 VALIDATION_ERROR naming every bad field (`executions.3.symbol`).
 */
export function prepareExecutions(
  items: readonly ExecutionInput[],
  params: PrepareExecutionsParams,
): PreparedExecution[] {
  const context: PrepareContext = {
    params,
    fieldName: params.fieldName ?? toDefaultFieldName,
    occurrences: params.occurrences ?? new IdenticalFills(),
  };
  const fields: Record<string, string> = {};
  const prepared: PreparedExecution[] = [];
  for (let index = 0; index < items.length; index++) {
    const fill: FillBeingPrepared = { item: items[index]!, index, context, itemFields: {} };
    const execution = prepareExecution(fill);
    if (Object.keys(fill.itemFields).length === 0) {
      if (execution) prepared.push(execution);
    } else if (params.onInvalid) params.onInvalid(index, fill.itemFields);
    else Object.assign(fields, fill.itemFields);
  }
  const names = Object.keys(fields);
  if (names.length > 0) throw new AppError('VALIDATION_ERROR', `Invalid input: ${names.join(', ')}`, fields);
  return prepared;
}

const toDefaultFieldName = (index: number, field: string) => `executions.${index}.${field}`;

/**
 * One fill prepared, or null when it cannot be (what is wrong goes into its `itemFields`, which the
 * caller checks: a fill with any field in it is not kept). Module level, not a closure per fill: the
 * server runs through tsx, whose keepNames names every closure as it is made.
 */
function prepareExecution(fill: FillBeingPrepared): PreparedExecution | null {
  const { item, index, context, itemFields } = fill;
  const { params, fieldName, occurrences } = context;
  // In LIMIT_FIELDS' order, as a fill's errors are listed.
  const quantity = checkField(fill, 'quantity');
  const price = checkField(fill, 'price');
  const commission = checkField(fill, 'commission');
  const fees = checkField(fill, 'fees');
  const multiplier = checkField(fill, 'multiplier');
  const executedAt = toInstantText(item.executedAt);
  const read = readInstrumentOf(item, { multiplier, executedAt });
  if ('error' in read) {
    itemFields[fieldName(index, 'symbol')] = read.message;
    return null;
  }
  if (!quantity || !price) return null; // reported above
  const { instrument, key: instrumentKey } = read;
  const quantityText = quantity.text;
  const priceText = price.text;
  let fingerprint = params.fingerprintOf?.(index);
  if (fingerprint === undefined && item.brokerExecId !== undefined) fingerprint = `id:${item.brokerExecId}`;
  const fingerprintFromContent = fingerprint === undefined;
  if (fingerprint !== undefined) {
    const carried = fingerprint;
    fingerprint = toFingerprintKey(carried, executedAt);
    // An Edgebook CSV's key of a fill keyed by its content may predate migration 0016.
    if (item.brokerExecId === undefined && KEY_AS_EXPORTED.test(carried)) {
      const content = { executedAt, instrumentKey, side: item.side, quantity: quantityText, price: priceText };
      const identity = toIdentity(executedAt, instrumentKey, item.side, quantityText, priceText);
      const seen = occurrences.count(executedAt, `carried|${identity}`);
      fingerprint = toRekeyedContentKey(fingerprint, content, seen) ?? fingerprint;
    }
  } else {
    fingerprint = toContentFingerprint({
      executedAt,
      instrumentKey,
      side: item.side,
      quantity: quantityText,
      price: priceText,
      occurrence:
        occurrences.count(executedAt, toIdentity(executedAt, instrumentKey, item.side, quantityText, priceText)) + 1,
    });
  }
  return {
    executedAt,
    ...(item.executedOn === undefined ? {} : { executedOn: item.executedOn }),
    symbol: instrument.symbol,
    brokerSymbol: item.brokerSymbol ?? item.symbol,
    instrumentKey,
    assetClass: instrument.assetClass,
    side: item.side,
    quantity: quantityText,
    price: priceText,
    commission: commission?.text ?? '0',
    fees: fees?.text ?? '0',
    multiplier: read.multiplier,
    currency: item.currency ?? instrument.quoteCurrency ?? params.accountCurrency,
    brokerExecId: item.brokerExecId ?? null,
    fingerprint,
    fingerprintFromContent,
    ...(item.quantityStep === undefined ? {} : { quantityStep: item.quantityStep }),
    ...(item.unconvertedFee === undefined
      ? {}
      : { unconvertedFee: item.unconvertedFee.amount, unconvertedFeeAsset: item.unconvertedFee.asset }),
    ...(item.broker === undefined ? {} : { broker: item.broker }),
  };
}

/** A decimal field of a fill, checked (undefined when absent, or wrong: then in `itemFields`). */
function checkField(fill: FillBeingPrepared, field: keyof typeof LIMITS): { value: Decimal; text: string } | undefined {
  const raw = fill.item[field];
  if (raw === undefined) return undefined;
  const checked = checkDecimal(raw, field);
  if (typeof checked !== 'string') return checked;
  fill.itemFields[fill.context.fieldName(fill.index, field)] = checked;
  return undefined;
}

// A symbol's reading with the same hints is the same for every fill, call and user (bounded-memo.ts).
const instruments = createPartsMemo<ReadInstrument | InstrumentError>(5_000);

/**
 * A fill's symbol read with its hints: the asset class, the multiplier, and the year that places
 * a one-digit futures year.
 */
function readInstrumentOf(
  item: ExecutionInput,
  hints: { multiplier: { value: Decimal; text: string } | undefined; executedAt: string },
): ReadInstrument | InstrumentError {
  const { multiplier, executedAt } = hints;
  const parts = [item.symbol, item.assetClass ?? '', multiplier?.text ?? '', executedAt.slice(0, 4)];
  return instruments(parts, () => {
    const parsed = parseInstrument(item.symbol, {
      assetClass: item.assetClass,
      multiplier: multiplier?.value,
      referenceDate: executedAt,
    });
    return isInstrumentError(parsed)
      ? parsed
      : { instrument: parsed, key: toInstrumentKey(parsed), multiplier: parsed.multiplier.toString() };
  });
}
