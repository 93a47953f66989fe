import {
  add,
  decimalPlaces,
  divide,
  divideScaled,
  DIVISION_PLACES,
  fromScaledBigInt,
  isPositive,
  isZero,
  multiply,
  subtract,
  toScaledBigInt,
  ZERO,
  type Decimal,
} from '../money/decimal';
import { parseIsoInstant } from '../iso-instant';
import type { Execution, Side } from './execution';

export type TradeDirection = 'long' | 'short';
export type TradeStatus = 'open' | 'closed';

/**
 * One execution's part in a trade. A fill that crosses zero appears in two trades: as an `exit`
 * of the first with the quantity that flattened it, and as the `entry` that opens the next with
 * the remainder; its commission and fees are split between the two pro rata by quantity.
 */
export type TradeExecution = {
  executionId: string;
  executedAt: string;
  side: Side;
  /** `entry` adds to the position, `exit` reduces it. */
  role: 'entry' | 'exit';
  /** The quantity this trade used (the whole fill unless it crossed zero); > 0. */
  quantity: Decimal;
  price: Decimal;
  /** The commission and fees charged to this trade for this part, ≥ 0. */
  commission: Decimal;
  fees: Decimal;
  /** The fill crossed zero: this is its share in one of the two trades it belongs to. */
  split: boolean;
};

/** An entry matched, first in first out, with (part of) an exit. */
export type ClosedLot = {
  entryExecutionId: string;
  exitExecutionId: string;
  quantity: Decimal;
  entryPrice: Decimal;
  exitPrice: Decimal;
  openedAt: string;
  closedAt: string;
  /** (exit − entry) × quantity × multiplier for a long, (entry − exit) × … for a short; before costs. */
  grossPnl: Decimal;
};

/** The unclosed part of an entry. */
export type OpenLot = { executionId: string; quantity: Decimal; price: Decimal; openedAt: string };

/**
 * A round trip: flat → flat for one instrument in one account. All money is in `currency`;
 * P&L is positive for a gain.
 */
export type Trade = {
  accountId: string;
  instrumentKey: string;
  symbol: string;
  currency: string;
  /** The opening execution's multiplier. */
  multiplier: Decimal;
  direction: TradeDirection;
  status: TradeStatus;
  /** The execution that opened the trade; it opens no other trade, so it identifies this one. */
  openingExecutionId: string;
  openedAt: string;
  /** The time of the fill that brought the position back to 0; null while open. */
  closedAt: string | null;
  /** The opening and closing fills' `executedOn`, when their file gave only the day (absent otherwise). */
  openedOn?: string;
  closedOn?: string;
  /** In replay order (time, then sequence). */
  executions: TradeExecution[];
  /** Total quantity opened: Σ entry quantities (so 100 + 50 scaled in is 150). */
  quantity: Decimal;
  /** Σ exit quantities; equals `quantity` once closed, unless it closed with a `residual`. */
  exitQuantity: Decimal;
  /** The position still open (`quantity − exitQuantity`), 0 once closed; always ≥ 0. */
  openQuantity: Decimal;
  /**
   * A trade closed as dust (dust.ts): the position its last exit left within a step of zero
   * (`quantity − exitQuantity`: > 0 still held, < 0 sold beyond it); 0 otherwise. It is in
   * `grossPnl` (written off at 0, or at the exit's price), in no closed lot.
   */
  residual: Decimal;
  /** Fees its fills paid in other assets that could not be converted (not in `fees`), by asset. */
  unconvertedFees: { asset: string; amount: Decimal }[];
  /** The largest absolute position held at any point. */
  maxPosition: Decimal;
  /** Quantity-weighted mean entry price, to 20 decimal places (half-even). */
  avgEntryPrice: Decimal;
  /** Quantity-weighted mean exit price, to 20 decimal places (half-even); null before any exit. */
  avgExitPrice: Decimal | null;
  /**
   * Realised P&L before costs: Σ of the closed lots' (and a dust `residual`'s). For a closed trade
   * this is exactly (Σ sell value − Σ buy value) over its parts, each value being price × quantity ×
   * multiplier.
   */
  grossPnl: Decimal;
  /** Σ commission of the parts: everything charged so far, entries included, also while open. */
  commission: Decimal;
  /** Σ fees of the parts, likewise. */
  fees: Decimal;
  /** grossPnl − commission − fees. For an open trade the realised part so far. */
  netPnl: Decimal;
  /** (closedAt − openedAt) in seconds, fractional to the millisecond; null while open. */
  holdingSeconds: number | null;
  closedLots: ClosedLot[];
  /** Unclosed entries, oldest first; empty once closed. */
  openLots: OpenLot[];
};

/** Fixed decimal places of the scaled integers the replay runs on (one set per call). */
type Scales = { quantity: number; price: number; unitValue: number; cost: number };

type Fill = {
  execution: Execution;
  time: number;
  index: number;
  /** The dust step (dust.ts) scaled as quantities, 0n for none. */
  step: bigint;
  /** Quantity, price, price × multiplier, commission and fees as scaled integers. */
  quantity: bigint;
  price: bigint;
  unitValue: bigint;
  commission: bigint;
  fees: bigint;
};

type Lot = { fill: Fill; remaining: bigint };

/** A trade being replayed: running figures as scaled integers (see {@link Scales}). */
type TradeState = {
  direction: TradeDirection;
  first: Fill;
  last: Fill;
  parts: TradeExecution[];
  lots: Lot[];
  /** Index of the oldest lot with quantity left (a queue without shifting). */
  head: number;
  closedLots: ClosedLot[];
  position: bigint;
  maxPosition: bigint;
  exitQuantity: bigint;
  entryNotional: bigint;
  exitNotional: bigint;
  grossPnl: bigint;
  commission: bigint;
  fees: bigint;
  /** Unconverted fees by asset (rare: a Map only when there is one). */
  unconverted: Map<string, Decimal> | null;
};

type Ranked = { trade: Trade; first: Fill };

/**
 * Groups executions into trades, per account and instrument, first in first out.
 *
 * Fills are replayed in time order, then `sequence` (then input order), so equal timestamps keep
 * their file order and the result does not depend on the order of the input array. A trade opens
 * when the position leaves 0 and closes when it returns to 0; fills in the trade's direction scale
 * in, opposite fills scale out, all within one trade. A fill that crosses zero closes the trade
 * with the part that flattens it and opens the opposite trade with the remainder; its commission
 * and fees are split pro rata by quantity — the closing share is total × part ÷ quantity to 20
 * decimal places (half-even) and the opening share is the rest, so the two sum exactly to the
 * fill's. A position left at the end is an open trade.
 *
 * All arithmetic is exact except averages and those splits (20 places). Trades come out ordered
 * by their opening fill (time, sequence), then account and instrument. O(n log n) in the number
 * of executions; the replay itself runs on scaled bigints, converting to `Decimal` only for output.
 *
 * @throws RangeError for an execution that breaks the `Execution` contract (an unreadable
 * `executedAt` or a quantity ≤ 0): those are stopped at the edge, so reaching here is a bug.
 */
export function groupTrades(executions: readonly Execution[]): Trade[] {
  const scales = toScales(executions);
  const fills: Fill[] = executions.map((execution, index) => {
    const time = parseIsoInstant(execution.executedAt);
    if (Number.isNaN(time))
      throw new RangeError(`Execution ${execution.id}: unreadable executedAt ${execution.executedAt}`);
    if (!isPositive(execution.quantity)) throw new RangeError(`Execution ${execution.id}: quantity must be > 0`);
    const price = toScaledBigInt(execution.price, scales.price);
    return {
      execution,
      time,
      index,
      quantity: toScaledBigInt(execution.quantity, scales.quantity),
      step: execution.quantityStep ? toScaledBigInt(execution.quantityStep, scales.quantity) : 0n,
      price,
      unitValue: price * toScaledBigInt(execution.multiplier, scales.unitValue - scales.price),
      commission: toScaledBigInt(execution.commission, scales.cost),
      fees: toScaledBigInt(execution.fees, scales.cost),
    };
  });
  fills.sort((a, b) => a.time - b.time || a.execution.sequence - b.execution.sequence || a.index - b.index);

  const groups = new Map<string, Fill[]>();
  for (const fill of fills) {
    const key = `${fill.execution.accountId}\u0000${fill.execution.instrumentKey}`;
    const group = groups.get(key);
    if (group) group.push(fill);
    else groups.set(key, [fill]);
  }

  const ranked: Ranked[] = [];
  for (const group of groups.values()) replayGroup(group, scales, ranked);
  ranked.sort(
    (a, b) =>
      a.first.time - b.first.time ||
      a.first.execution.sequence - b.first.execution.sequence ||
      compareText(a.trade.accountId, b.trade.accountId) ||
      compareText(a.trade.instrumentKey, b.trade.instrumentKey),
  );
  return ranked.map((entry) => entry.trade);
}

/**
 * groupTrades one account and instrument at a time, awaiting `pause` whenever at least `sliceSize`
 * fills were grouped since the last pause: a caller on an event loop passes a yield so a regrouping
 * of hundreds of thousands of fills never holds it for long (one instrument with more fills than a
 * slice still runs in one go). Instruments replay independently, so the answer is groupTrades'
 * own: the same trades in the same order.
 */
export async function groupTradesInSlices(
  executions: readonly Execution[],
  params: { sliceSize: number; pause: () => Promise<void> },
): Promise<Trade[]> {
  const byInstrument = new Map<string, Execution[]>();
  for (const execution of executions) {
    const key = `${execution.accountId}\u0000${execution.instrumentKey}`;
    const list = byInstrument.get(key);
    if (list) list.push(execution);
    else byInstrument.set(key, [execution]);
  }
  if (byInstrument.size <= 1) return groupTrades(executions);
  const ranked: { trade: Trade; time: number; sequence: number }[] = [];
  let sincePause = 0;
  for (const list of byInstrument.values()) {
    if (sincePause >= params.sliceSize) {
      await params.pause();
      sincePause = 0;
    }
    const sequenceOf = new Map(list.map((execution) => [execution.id, execution.sequence]));
    for (const trade of groupTrades(list))
      ranked.push({
        trade,
        time: parseIsoInstant(trade.openedAt),
        sequence: sequenceOf.get(trade.openingExecutionId)!,
      });
    sincePause += list.length;
  }
  ranked.sort(
    (a, b) =>
      a.time - b.time ||
      a.sequence - b.sequence ||
      compareText(a.trade.accountId, b.trade.accountId) ||
      compareText(a.trade.instrumentKey, b.trade.instrumentKey),
  );
  return ranked.map((entry) => entry.trade);
}

function toScales(executions: readonly Execution[]): Scales {
  let quantity = 0;
  let price = 0;
  let multiplier = 0;
  // Costs split at a zero crossing carry up to DIVISION_PLACES decimals.
  let cost = DIVISION_PLACES;
  for (const e of executions) {
    quantity = Math.max(quantity, decimalPlaces(e.quantity), e.quantityStep ? decimalPlaces(e.quantityStep) : 0);
    price = Math.max(price, decimalPlaces(e.price));
    multiplier = Math.max(multiplier, decimalPlaces(e.multiplier));
    cost = Math.max(cost, decimalPlaces(e.commission), decimalPlaces(e.fees));
  }
  return { quantity, price, unitValue: price + multiplier, cost };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function replayGroup(group: readonly Fill[], scales: Scales, out: Ranked[]): void {
  let state: TradeState | null = null;
  for (const fill of group) {
    const { execution } = fill;
    if (state === null) {
      state = openTrade(fill, toPart(fill, 'entry'), fill.quantity, scales);
      continue;
    }
    if ((execution.side === 'buy') === (state.direction === 'long')) {
      addEntry(state, fill, toPart(fill, 'entry'), fill.quantity, scales);
      continue;
    }
    // An exit that leaves the position within its step of zero, either side, closes the trade (dust.ts).
    const left = state.position - fill.quantity;
    if (left >= 0n || -left < fill.step) {
      addExit(state, fill, toPart(fill, 'exit'), fill.quantity, scales);
      if (state.position === 0n || (state.position < fill.step && state.position > -fill.step)) {
        if (state.position !== 0n) writeOffResidual(state, fill);
        out.push(toRanked(state, true, scales));
        state = null;
      }
      continue;
    }
    // Crosses zero: flatten with part of the fill, open the other way with the rest.
    const closing = state.position;
    const closingQuantity = fromScaledBigInt(closing, scales.quantity);
    const closingCommission = allocate(execution.commission, closingQuantity, execution.quantity);
    const closingFees = allocate(execution.fees, closingQuantity, execution.quantity);
    const exit = {
      ...toPart(fill, 'exit'),
      quantity: closingQuantity,
      commission: closingCommission,
      fees: closingFees,
      split: true,
    };
    addExit(state, fill, exit, closing, scales);
    out.push(toRanked(state, true, scales));
    const entry = {
      ...toPart(fill, 'entry'),
      quantity: subtract(execution.quantity, closingQuantity),
      commission: subtract(execution.commission, closingCommission),
      fees: subtract(execution.fees, closingFees),
      split: true,
    };
    state = openTrade(fill, entry, fill.quantity - closing, scales);
  }
  if (state !== null) out.push(toRanked(state, false, scales));
}

/**
 * Books a dust residual (dust.ts) into the gross P&L, so that a trade closed with one still has
 * gross P&L = Σ sell value − Σ buy value, as the cash moved: what is left is written off at 0 (its
 * cost is lost, or for a short its sale kept), and what the exit sold or bought beyond the position
 * counts at the exit's price.
 */
function writeOffResidual(state: TradeState, exit: Fill): void {
  const sign = state.direction === 'long' ? 1n : -1n;
  if (state.position < 0n) {
    state.grossPnl += sign * -state.position * exit.unitValue;
    return;
  }
  for (let i = state.head; i < state.lots.length; i++) {
    const lot = state.lots[i]!;
    state.grossPnl -= sign * lot.remaining * lot.fill.unitValue;
  }
}

/** total × part ÷ whole, to 20 places (half-even). */
function allocate(total: Decimal, part: Decimal, whole: Decimal): Decimal {
  return isZero(total) ? ZERO : divide(multiply(total, part), whole);
}

function toPart(fill: Fill, role: TradeExecution['role']): TradeExecution {
  const { execution } = fill;
  return {
    executionId: execution.id,
    executedAt: execution.executedAt,
    side: execution.side,
    role,
    quantity: execution.quantity,
    price: execution.price,
    commission: execution.commission,
    fees: execution.fees,
    split: false,
  };
}

/** The scaled cost of a part: the fill's own when whole, else converted from the split. */
function toScaledCost(part: Decimal, whole: Decimal, wholeScaled: bigint, scale: number): bigint {
  return part === whole ? wholeScaled : toScaledBigInt(part, scale);
}

function openTrade(fill: Fill, part: TradeExecution, quantity: bigint, scales: Scales): TradeState {
  const state: TradeState = {
    direction: fill.execution.side === 'buy' ? 'long' : 'short',
    first: fill,
    last: fill,
    parts: [],
    lots: [],
    head: 0,
    closedLots: [],
    position: 0n,
    maxPosition: 0n,
    exitQuantity: 0n,
    entryNotional: 0n,
    exitNotional: 0n,
    grossPnl: 0n,
    commission: 0n,
    fees: 0n,
    unconverted: null,
  };
  addEntry(state, fill, part, quantity, scales);
  return state;
}

function addCosts(state: TradeState, fill: Fill, part: TradeExecution, scales: Scales): void {
  const { execution } = fill;
  state.commission += toScaledCost(part.commission, execution.commission, fill.commission, scales.cost);
  state.fees += toScaledCost(part.fees, execution.fees, fill.fees, scales.cost);
  const unconverted = execution.unconvertedFee;
  if (unconverted) {
    const share = part.split ? allocate(unconverted.amount, part.quantity, execution.quantity) : unconverted.amount;
    state.unconverted ??= new Map();
    const sofar = state.unconverted.get(unconverted.asset);
    state.unconverted.set(unconverted.asset, sofar === undefined ? share : add(sofar, share));
  }
}

function addEntry(state: TradeState, fill: Fill, part: TradeExecution, quantity: bigint, scales: Scales): void {
  state.parts.push(part);
  state.lots.push({ fill, remaining: quantity });
  state.last = fill;
  state.position += quantity;
  if (state.position > state.maxPosition) state.maxPosition = state.position;
  state.entryNotional += quantity * fill.price;
  addCosts(state, fill, part, scales);
}

function addExit(state: TradeState, fill: Fill, part: TradeExecution, quantity: bigint, scales: Scales): void {
  const { execution } = fill;
  state.parts.push(part);
  state.last = fill;
  state.position -= quantity;
  state.exitQuantity += quantity;
  state.exitNotional += quantity * fill.price;
  addCosts(state, fill, part, scales);

  const isLong = state.direction === 'long';
  // All of it but what a dust exit sells beyond the position (dust.ts): that has no lot.
  let left = state.position < 0n ? quantity + state.position : quantity;
  while (left > 0n) {
    const lot = state.lots[state.head];
    // Unreachable: an exit never exceeds the position, which is the sum of the open lots.
    if (!lot) throw new Error('groupTrades: exit larger than the open lots');
    const taken = lot.remaining < left ? lot.remaining : left;
    const pnl = taken * (isLong ? fill.unitValue - lot.fill.unitValue : lot.fill.unitValue - fill.unitValue);
    state.closedLots.push({
      entryExecutionId: lot.fill.execution.id,
      exitExecutionId: execution.id,
      quantity: toQuantity(taken, lot.fill, fill, scales),
      entryPrice: lot.fill.execution.price,
      exitPrice: execution.price,
      openedAt: lot.fill.execution.executedAt,
      closedAt: execution.executedAt,
      grossPnl: fromScaledBigInt(pnl, scales.quantity + scales.unitValue),
    });
    state.grossPnl += pnl;
    lot.remaining -= taken;
    if (lot.remaining === 0n) state.head += 1;
    left -= taken;
  }
}

/** A scaled quantity as a Decimal, reusing a fill's own when equal (the common, whole-fill case). */
function toQuantity(quantity: bigint, a: Fill, b: Fill, scales: Scales): Decimal {
  if (quantity === a.quantity) return a.execution.quantity;
  if (quantity === b.quantity) return b.execution.quantity;
  return fromScaledBigInt(quantity, scales.quantity);
}

/** notional ÷ quantity as a Decimal (20 places, half-even); null for no quantity. */
function toAverage(notional: bigint, quantity: bigint, notionalScale: number, quantityScale: number): Decimal | null {
  if (quantity === 0n) return null;
  return divideScaled(notional, notionalScale, quantity, quantityScale);
}

function toRanked(state: TradeState, isClosed: boolean, scales: Scales): Ranked {
  const { first, last } = state;
  const opening = first.execution;
  const entryQuantity = state.position + state.exitQuantity;
  // Closed with a position left: dust (dust.ts).
  const residual = isClosed ? state.position : 0n;
  const grossPnl = fromScaledBigInt(state.grossPnl, scales.quantity + scales.unitValue);
  const commission = fromScaledBigInt(state.commission, scales.cost);
  const fees = fromScaledBigInt(state.fees, scales.cost);
  const notionalScale = scales.quantity + scales.price;
  const trade: Trade = {
    accountId: opening.accountId,
    instrumentKey: opening.instrumentKey,
    symbol: opening.symbol,
    currency: opening.currency,
    multiplier: opening.multiplier,
    direction: state.direction,
    status: isClosed ? 'closed' : 'open',
    openingExecutionId: opening.id,
    openedAt: opening.executedAt,
    closedAt: isClosed ? last.execution.executedAt : null,
    executions: state.parts,
    quantity: fromScaledBigInt(entryQuantity, scales.quantity),
    exitQuantity: fromScaledBigInt(state.exitQuantity, scales.quantity),
    openQuantity: fromScaledBigInt(state.position - residual, scales.quantity),
    residual: fromScaledBigInt(residual, scales.quantity),
    unconvertedFees: [...(state.unconverted ?? [])].map(([asset, amount]) => ({ asset, amount })),
    maxPosition: fromScaledBigInt(state.maxPosition, scales.quantity),
    avgEntryPrice: toAverage(state.entryNotional, entryQuantity, notionalScale, scales.quantity) ?? ZERO,
    avgExitPrice: toAverage(state.exitNotional, state.exitQuantity, notionalScale, scales.quantity),
    grossPnl,
    commission,
    fees,
    netPnl: subtract(subtract(grossPnl, commission), fees),
    holdingSeconds: isClosed ? (last.time - first.time) / 1000 : null,
    closedLots: state.closedLots,
    openLots: (isClosed ? [] : state.lots.slice(state.head)).map((lot) => ({
      executionId: lot.fill.execution.id,
      quantity: toQuantity(lot.remaining, lot.fill, lot.fill, scales),
      price: lot.fill.execution.price,
      openedAt: lot.fill.execution.executedAt,
    })),
  };
  // Set only when a file gave the day alone (rare): a holding time from placeholder midnights would be made up.
  if (opening.executedOn) trade.openedOn = opening.executedOn;
  if (isClosed && last.execution.executedOn) trade.closedOn = last.execution.executedOn;
  if (trade.openedOn !== undefined || trade.closedOn !== undefined) trade.holdingSeconds = null;
  return { trade, first };
}
