import {
  divide,
  multiply,
  isNegative,
  isPositive,
  isZero,
  negate,
  subtract,
  toAbsolute,
  toDecimal,
  ONE,
  ZERO,
  type Decimal,
} from '../../money/decimal';
import type { PositionEvent, PositionEventKind } from '../../trades/position-events';
import { toInstrumentKey, type AssetClass } from '../../instruments/instrument';
import { parseOptionSymbol } from '../../instruments/options';
import { isSecurityIdentifier } from '../../instruments/security-id';
import type { ImportedExecution } from './normalise-rows';
import type { RawRecord } from './raw-record';
import { parseDecimal, type DecimalSeparator } from '../values/parse-decimal';

/**
 * A row that changes a position without being a plain buy or sell (issue #45), as a broker's
 * layout writes it: read before the row would be skipped as a non-trade. Quantities are signed
 * changes of the position; money is in `currency` (or the row's), cash positive when it comes in.
 */
export type EventRow = {
  kind: PositionEventKind;
  /**
   * One half of an event written as two rows (a split's old and new lines, a merger's removal and
   * addition): `old` leaves the position, `new` enters it, `either` when the row does not say
   * (pairEventRows decides by sign, then by an identifier for a symbol, then by size).
   */
  half?: 'old' | 'new' | 'either';
  /** The instrument's text, read as a fill's symbol is (a crypto asset: `ETH-USD`). */
  symbol: string;
  assetClassHint?: 'crypto';
  quantityDelta: Decimal;
  price: Decimal | null;
  cashAmount: Decimal | null;
  fees: Decimal | null;
  /** The currency of cash and price when the row says it elsewhere than the price's column (T212's Total). */
  currency?: string;
  /** A crypto conversion: the asset received, its quantity and the value given for it. */
  received?: { symbol: string; quantity: Decimal; value: Decimal | null };
  fromSymbol?: string;
  toSymbol?: string;
};

/** Reads a cell of the row by header name (as the preset row hooks do). */
export type CellReader = (header: string) => string;

type EventReader = (record: RawRecord, cell: CellReader, separator: DecimalSeparator) => EventRow | null;

const readNumber = (text: string, separator: DecimalSeparator): Decimal | null => {
  if (text.trim() === '') return null;
  const parsed = parseDecimal(text, separator);
  return parsed === null ? null : toDecimal(parsed);
};

const out = (quantity: Decimal): Decimal => negate(toAbsolute(quantity));

// Charles Schwab (broker-formats.md §3.2): one row per corporate action, or two (the old line, often
// named by CUSIP, and the new) for reverse splits, mergers, name changes and conversions.
const SCHWAB_TWO_ROWS = new Set([
  'reverse split',
  'stock merger',
  'name change',
  'conversion',
  'exchange',
  'stock reorganization',
]);
const SCHWAB_TRANSFERS = new Set([
  'journaled shares',
  'security transfer',
  'internal transfer',
  'acats',
  'transfer of security',
]);

const readSchwabEvent: EventReader = (record, _cell, separator) => {
  const action = record.side.trim().toLowerCase().replace(/\s+/g, ' ');
  const quantity = readNumber(record.quantity, separator);
  const price = readNumber(record.price, separator);
  const amount = readNumber(record.amount, separator);
  const base = { symbol: record.symbol, price: null, cashAmount: null, fees: null };
  const hasQuantity = quantity !== null && !isZero(quantity);
  if (/reinvest|drip/.test(action) && hasQuantity)
    return { ...base, kind: 'reinvestment', quantityDelta: toAbsolute(quantity), price, cashAmount: amount };
  if (/dividend|div reinvest|qual div|cap gain/.test(action) && amount !== null && record.symbol !== '')
    return { ...base, kind: 'dividend', quantityDelta: ZERO, cashAmount: amount };
  if (action === 'cash in lieu' && amount !== null)
    return { ...base, kind: 'cashInLieu', quantityDelta: hasQuantity ? out(quantity) : ZERO, cashAmount: amount };
  if (!hasQuantity) return null;
  if (action === 'stock split') return { ...base, kind: 'split', quantityDelta: quantity };
  if (SCHWAB_TWO_ROWS.has(action))
    return {
      ...base,
      kind: action === 'reverse split' ? 'split' : 'symbolChange',
      half: 'either',
      quantityDelta: quantity,
    };
  if (SCHWAB_TRANSFERS.has(action)) return { ...base, kind: 'transfer', quantityDelta: quantity, price };
  if (action === 'spin-off' || action === 'stock dividend')
    return { ...base, kind: 'distribution', quantityDelta: toAbsolute(quantity), price };
  return null;
};

// Trading 212 (§3.11): `Stock split close` removes the old shares, `Stock split open` adds the new.
const readTrading212Event: EventReader = (record, cell, separator) => {
  const action = record.side.trim().toLowerCase();
  const quantity = readNumber(record.quantity, separator);
  const price = readNumber(record.price, separator);
  const total = readNumber(cell('Total'), separator);
  const base = { symbol: record.symbol, price: null, cashAmount: null, fees: null };
  if (/^dividend/.test(action) && total !== null && record.symbol !== '') {
    const currency = cell('Currency (Total)');
    return { ...base, kind: 'dividend', quantityDelta: ZERO, cashAmount: total, ...(currency ? { currency } : {}) };
  }
  if (quantity === null || isZero(quantity) || record.symbol === '') return null;
  if (action === 'stock split close')
    return { ...base, kind: 'split', half: 'old', quantityDelta: out(quantity), price };
  if (action === 'stock split open')
    return { ...base, kind: 'split', half: 'new', quantityDelta: toAbsolute(quantity), price };
  if (action === 'stock distribution')
    return { ...base, kind: 'distribution', quantityDelta: toAbsolute(quantity), price };
  if (action === 'transfer in' || action === 'transfer out')
    return {
      ...base,
      kind: 'transfer',
      quantityDelta: action === 'transfer out' ? out(quantity) : toAbsolute(quantity),
      price,
    };
  return null;
};

// BUX (§3.12): corporate actions redeem the old asset (ASSET_REDEEM) and deposit the new (ASSET_DEPOSIT).
const readBuxEvent: EventReader = (record, cell, separator) => {
  const category = cell('Transaction Category').toLowerCase();
  const transfer = cell('Transfer Type').toUpperCase();
  const quantity = readNumber(record.quantity, separator);
  const amount = readNumber(record.amount, separator);
  const base = { symbol: record.symbol, price: null, cashAmount: null, fees: null };
  if (category === 'dividends' && record.symbol !== '') {
    const net = readNumber(cell('Dividend Net Amount'), separator) ?? amount;
    return net === null ? null : { ...base, kind: 'dividend', quantityDelta: ZERO, cashAmount: net };
  }
  if (category !== 'corporate_actions' || quantity === null || isZero(quantity) || record.symbol === '') return null;
  if (transfer === 'ASSET_REDEEM') return { ...base, kind: 'split', half: 'old', quantityDelta: out(quantity) };
  if (transfer === 'ASSET_DEPOSIT') return { ...base, kind: 'split', half: 'new', quantityDelta: toAbsolute(quantity) };
  return null;
};

// Coinbase (§3.13): `Convert` says what it received in its notes (`Converted 0.5 ETH to 0.0166 BTC`).
const COINBASE_REWARDS =
  /^(staking income|reward income|rewards income|learning reward|inflation reward|coinbase earn)$/;

const readCoinbaseEvent: EventReader = (record, cell, separator) => {
  const type = record.side.trim().toLowerCase();
  const quantity = readNumber(record.quantity, separator);
  if (quantity === null || isZero(quantity) || record.symbol === '') return null;
  const price = readNumber(record.price, separator);
  const currency = record.currency;
  const symbol = `${record.symbol}-${currency}`;
  const base = { symbol, assetClassHint: 'crypto' as const, price: null, cashAmount: null, fees: null };
  if (COINBASE_REWARDS.test(type)) return { ...base, kind: 'reward', quantityDelta: toAbsolute(quantity), price };
  if (type === 'send' || type === 'receive')
    return { ...base, kind: 'transfer', quantityDelta: type === 'send' ? out(quantity) : toAbsolute(quantity) };
  if (type !== 'convert') return null;
  const converted = /converted\s+([\d.,]+)\s+(\S+)\s+to\s+([\d.,]+)\s+(\S+)/i.exec(record.description);
  if (!converted) return null;
  const received = readNumber(converted[3] ?? '', '.');
  const toAsset = (converted[4] ?? '').toUpperCase();
  if (received === null || !isPositive(received)) return null;
  const subtotal = readNumber(cell('Subtotal'), separator);
  const fees = record.fees.map((fee) => readNumber(fee, separator)).find((fee) => fee !== null) ?? null;
  return {
    ...base,
    kind: 'conversion',
    quantityDelta: out(quantity),
    price,
    fees: fees === null ? null : toAbsolute(fees),
    fromSymbol: record.symbol.toUpperCase(),
    toSymbol: toAsset,
    received: {
      symbol: `${toAsset}-${currency}`,
      quantity: received,
      value: subtotal === null ? null : toAbsolute(subtotal),
    },
  };
};

const READERS: Readonly<Record<string, EventReader>> = {
  'charles-schwab': readSchwabEvent,
  'trading-212': readTrading212Event,
  bux: readBuxEvent,
  coinbase: readCoinbaseEvent,
};

/** Whether a preset's layout has rows that are position events. */
export function hasEventReader(presetId: string): boolean {
  return Object.hasOwn(READERS, presetId);
}

/** The position event a row of this preset's layout stands for, or null (a fill, or a row to skip). */
export function readEventRow(
  presetId: string | undefined,
  record: RawRecord,
  cell: CellReader,
  separator: DecimalSeparator,
): EventRow | null {
  const reader = presetId === undefined ? undefined : READERS[presetId];
  return reader ? reader(record, cell, separator) : null;
}

/** An event row with where it came from, for pairing. */
export type PlacedEventRow = EventRow & { row: number; day: string; account: string | null };

export type PairedEventRow = PlacedEventRow & {
  ratio: Decimal | null;
  /** The quantity the old line removed (a CUSIP-named line is matched to the position of that size). */
  heldQuantity: Decimal | null;
  /** A two-row event's other row. */
  pairedRow: number | null;
};

/**
 * Joins the two rows of a two-row event (same account, day and kind, old and new halves, in file
 * order) into one: a split when the instrument stays, a symbol change when it moves; the ratio is
 * new ÷ old quantity and the delta new − old. Returns the events and the rows left without their
 * other half (a problem of their row).
 */
export function pairEventRows(rows: readonly PlacedEventRow[]): {
  events: PairedEventRow[];
  unpaired: PlacedEventRow[];
} {
  const events: PairedEventRow[] = [];
  const waiting: PlacedEventRow[] = [];
  for (const row of rows) {
    if (row.half === undefined) {
      events.push({ ...row, ratio: null, heldQuantity: null, pairedRow: null });
      continue;
    }
    const index = waiting.findIndex(
      (other) =>
        other.kind === row.kind && other.day === row.day && other.account === row.account && canPair(other, row),
    );
    if (index < 0) {
      waiting.push(row);
      continue;
    }
    const [other] = waiting.splice(index, 1);
    events.push(joinHalves(other!, row));
  }
  return { events, unpaired: waiting };
}

function canPair(a: PlacedEventRow, b: PlacedEventRow): boolean {
  return !(a.half === b.half && a.half !== 'either');
}

function joinHalves(a: PlacedEventRow, b: PlacedEventRow): PairedEventRow {
  const [old, added] = orderHalves(a, b);
  const oldQuantity = toAbsolute(old.quantityDelta);
  const newQuantity = toAbsolute(added.quantityDelta);
  const { half: _half, ...rest } = old;
  return {
    ...rest,
    kind: old.kind,
    row: Math.min(a.row, b.row),
    pairedRow: Math.max(a.row, b.row),
    quantityDelta: subtract(newQuantity, oldQuantity),
    price: null,
    ratio: isZero(oldQuantity) ? null : divide(newQuantity, oldQuantity),
    heldQuantity: oldQuantity,
    fromSymbol: old.symbol,
    toSymbol: added.symbol,
  };
}

/** [old, new]: by the halves' own marks, then sign, then an identifier naming the old line, then size. */
function orderHalves(a: PlacedEventRow, b: PlacedEventRow): [PlacedEventRow, PlacedEventRow] {
  if (a.half === 'old' || b.half === 'new') return [a, b];
  if (a.half === 'new' || b.half === 'old') return [b, a];
  if (isNegative(a.quantityDelta) !== isNegative(b.quantityDelta)) return isNegative(a.quantityDelta) ? [a, b] : [b, a];
  const aId = isSecurityIdentifier(a.symbol);
  if (aId !== isSecurityIdentifier(b.symbol)) return aId ? [a, b] : [b, a];
  // A reverse split (or a merger into fewer shares) leaves fewer than it took.
  return toAbsolute(a.quantityDelta).gte(toAbsolute(b.quantityDelta)) ? [a, b] : [b, a];
}

/**
 * A position event read from a file, ready for the API (decimals as canonical strings), as
 * ImportedExecution is for a fill.
 */
export type ImportedPositionEvent = {
  /** The source row (the first of a two-row event); null for one derived from a fill (an assignment's shares). */
  row: number | null;
  /** Replay order among the file's fills of equal time (between the fills it stands between). */
  sequence: number;
  kind: PositionEventKind;
  at: string;
  symbol: string;
  assetClass: AssetClass;
  instrumentKey: string;
  quantityDelta: string;
  price: string | null;
  ratio: string | null;
  fromSymbol: string | null;
  toSymbol: string | null;
  toInstrumentKey: string | null;
  cashAmount: string | null;
  fees: string | null;
  /** What the old line of a two-row event removed (matches a position held under another name). */
  heldQuantity: string | null;
  /** A two-row event's other row. */
  pairedRow: number | null;
  currency: string;
  multiplier: string;
  account: string | null;
};

/**
 * The shares an option assignment or exercise delivers or takes (multiplier × contracts at the
 * strike): a short call assigned sells them, a short put assigned buys them, a long call exercised
 * buys, a long put exercised sells. None where the file lists that stock fill itself (same account,
 * underlying, day, side, quantity and the strike's price).
 */
export function toDeliveryEvents(executions: readonly ImportedExecution[]): ImportedPositionEvent[] {
  const listed = new Set(
    executions
      .filter((e) => e.event === null && (e.assetClass === 'stock' || e.assetClass === 'etf'))
      .map((e) => deliveryKey(e.account, e.symbol, e.executedAt, e.side, e.quantity, e.price)),
  );
  const events: ImportedPositionEvent[] = [];
  for (const e of executions) {
    if ((e.event !== 'assignment' && e.event !== 'exercise') || e.assetClass !== 'option') continue;
    const option = parseOptionSymbol(e.symbol);
    const contracts = toDecimal(e.quantity);
    const multiplier = toDecimal(e.multiplier);
    if (!option || contracts === null || multiplier === null) continue;
    const side = (option.right === 'call') === (e.side === 'sell') ? 'buy' : 'sell';
    const quantity = multiply(contracts, multiplier);
    const strike = option.strike.toString();
    if (listed.has(deliveryKey(e.account, option.underlying, e.executedAt, side, quantity.toString(), strike)))
      continue;
    events.push({
      row: null,
      sequence: e.sequence,
      kind: e.event,
      at: e.executedAt,
      symbol: option.underlying,
      assetClass: 'stock',
      instrumentKey: toInstrumentKey({ assetClass: 'stock', symbol: option.underlying }),
      quantityDelta: (side === 'buy' ? quantity : negate(quantity)).toString(),
      price: strike,
      ratio: null,
      fromSymbol: e.symbol,
      toSymbol: option.underlying,
      toInstrumentKey: null,
      cashAmount: null,
      fees: null,
      heldQuantity: null,
      pairedRow: null,
      currency: e.currency,
      multiplier: '1',
      account: e.account,
    });
  }
  return events;
}

function deliveryKey(
  account: string | null,
  symbol: string,
  at: string,
  side: string,
  quantity: string,
  price: string,
): string {
  const number = (text: string) => toDecimal(text)?.toString() ?? text;
  return [account ?? '', symbol, at.slice(0, 10), side, number(quantity), number(price)].join('|');
}

/**
 * Sequences for events among the fills of their file: just after the fill listed before them in
 * replay order (file order, reversed for a newest-first file), so that at equal times they replay
 * where the file put them.
 */
export function toEventSequence(
  row: number,
  fills: readonly Pick<ImportedExecution, 'row' | 'sequence'>[],
  isNewestFirst: boolean,
): number {
  let before = 0;
  for (const fill of fills) {
    const isBefore = isNewestFirst ? fill.row > row : fill.row < row;
    if (isBefore && fill.sequence > before) before = fill.sequence;
  }
  return before + 0.5;
}

const KIND_WORDS: Record<PositionEventKind, [string, string]> = {
  split: ['split', 'splits'],
  symbolChange: ['symbol change', 'symbol changes'],
  reinvestment: ['reinvestment', 'reinvestments'],
  dividend: ['dividend', 'dividends'],
  distribution: ['stock distribution', 'stock distributions'],
  transfer: ['transfer', 'transfers'],
  conversion: ['conversion', 'conversions'],
  reward: ['reward', 'rewards'],
  cashInLieu: ['cash in lieu', 'cash in lieu'],
  assignment: ['assignment delivery', 'assignment deliveries'],
  exercise: ['exercise delivery', 'exercise deliveries'],
};

/** The preview's count of a file's events by what they are: `3 splits, 40 reinvestments, 2 symbol changes`. */
export function toEventCountText(events: readonly Pick<ImportedPositionEvent, 'kind'>[]): string {
  const counts = new Map<PositionEventKind, number>();
  for (const event of events) counts.set(event.kind, (counts.get(event.kind) ?? 0) + 1);
  return [...counts].map(([kind, count]) => `${count} ${KIND_WORDS[kind][count === 1 ? 0 : 1]}`).join(', ');
}

/** An imported event as the grouping takes it (validated here: the import wrote the texts). */
export function toPositionEvent(
  event: ImportedPositionEvent,
  params: { id: string; accountId: string },
): PositionEvent {
  const read = (text: string | null): Decimal | null => (text === null ? null : toDecimal(text));
  return {
    id: params.id,
    accountId: params.accountId,
    kind: event.kind,
    at: event.at,
    sequence: event.sequence,
    symbol: event.symbol,
    instrumentKey: event.instrumentKey,
    quantityDelta: read(event.quantityDelta) ?? ZERO,
    price: read(event.price),
    ratio: read(event.ratio),
    fromSymbol: event.fromSymbol,
    toSymbol: event.toSymbol,
    toInstrumentKey: event.toInstrumentKey,
    cashAmount: read(event.cashAmount),
    fees: read(event.fees),
    heldQuantity: read(event.heldQuantity),
    currency: event.currency,
    multiplier: read(event.multiplier) ?? ONE,
    sourceRow: event.row,
  };
}
