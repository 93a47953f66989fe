import {
  add,
  divide,
  isNegative,
  isPositive,
  isZero,
  multiply,
  negate,
  ONE,
  roundDecimal,
  ROUNDING,
  subtract,
  toAbsolute,
  ZERO,
  type Decimal,
} from '../money/decimal';
import { compareExecutions, type Execution } from './execution';

/**
 * What changed a position without being a plain buy or sell (issue #45). Each is an event on the
 * position, never a P&L of its own:
 *
 * - `split`: the open position's quantity changes by `ratio` (a reverse split below 1), its per-unit
 *   prices by the inverse; the trade continues.
 * - `symbolChange`: a merger, name or symbol change or a conversion of shares: the open position
 *   moves to `toSymbol` with its cost basis (and `ratio` when the quantities differ).
 * - `reinvestment`: shares bought with a dividend, at `price`.
 * - `dividend`: income in cash; no quantity.
 * - `distribution`: shares received (a stock distribution or spin-off) at the cost basis the file
 *   gives, else at 0.
 * - `transfer`: shares moved in (at the cost basis given, else 0 and flagged) or out (at the cost
 *   of the lots they leave, so without P&L).
 * - `conversion`: one leg of a crypto conversion: a sale of `fromSymbol` or a purchase of `toSymbol`
 *   at the file's price.
 * - `reward`: staking or another reward, acquired at zero cost; its value at `price` is income.
 * - `cashInLieu`: the fraction a split or merger left, sold for `cashAmount`.
 * - `assignment` / `exercise`: the underlying an option delivered or received (multiplier ×
 *   contracts at the strike), linked to the option by `fromSymbol`.
 */
export const POSITION_EVENT_KINDS = [
  'split',
  'symbolChange',
  'reinvestment',
  'dividend',
  'distribution',
  'transfer',
  'conversion',
  'reward',
  'cashInLieu',
  'assignment',
  'exercise',
] as const;
export type PositionEventKind = (typeof POSITION_EVENT_KINDS)[number];

/** Kinds whose value is income (shown beside the trade, in net P&L only when the trader asks). */
const INCOME_KINDS: ReadonlySet<PositionEventKind> = new Set(['dividend', 'reward']);

/**
 * One position event, validated at the edge like an execution. Quantities are in the
 * instrument's units after the event; cash is in `currency`, positive when it comes in.
 */
export type PositionEvent = {
  id: string;
  accountId: string;
  kind: PositionEventKind;
  /** ISO-8601 UTC with milliseconds, as `Execution.executedAt`. */
  at: string;
  /** Replay order among fills and events of equal time (one counter with the fills'). */
  sequence: number;
  /** The instrument whose position changes (a symbol change: the old one). */
  symbol: string;
  instrumentKey: string;
  /**
   * Signed change of the position, in units after the event: new − old (a split's added shares, a
   * merger's new units less the old, 0 for a name change or a dividend; may be 0 for a split given
   * by `ratio`).
   */
  quantityDelta: Decimal;
  /**
   * Per unit, in `currency`: a reinvestment's or conversion leg's price, a transfer in's or a
   * distribution's cost basis, a reward's market value. Null when the file gives none.
   */
  price?: Decimal | null;
  /** New units per old unit (split, symbol change); derived from `quantityDelta` when null. */
  ratio?: Decimal | null;
  fromSymbol?: string | null;
  toSymbol?: string | null;
  /** A symbol change: the instrument the position moves to. */
  toInstrumentKey?: string | null;
  /** Cash to the account (dividend, cash in lieu: > 0; reinvestment: < 0), when the file gives it. */
  cashAmount?: Decimal | null;
  /**
   * A two-row event's old line: the quantity it removes. When the old line names an instrument the
   * account does not hold (a CUSIP for a ticker), the one position of this size is the one meant.
   */
  heldQuantity?: Decimal | null;
  /** Costs the file charges on the event (a conversion's fee), ≥ 0. */
  fees?: Decimal | null;
  currency: string;
  multiplier: Decimal;
  /** The file's row it came from; null for an event derived from another row (an assignment's shares). */
  sourceRow: number | null;
};

/** An event as a trade lists it (the trade JSON's `events`). */
export type TradeEvent = {
  id: string;
  kind: PositionEventKind;
  at: string;
  ratio: Decimal | null;
  fromSymbol: string | null;
  toSymbol: string | null;
  quantityDelta: Decimal;
  cashAmount: Decimal | null;
  /** Income it brought: a dividend's cash, a reward's value; 0 otherwise. */
  income: Decimal;
  /** A transfer in whose file gave no cost basis: entered at 0 until the trader gives one. */
  isCostBasisMissing: boolean;
  sourceRow: number | null;
};

/** A fill as the file had it, before a split or symbol change restated it. */
export type RestatedFill = { executionId: string; symbol: string; quantity: Decimal; price: Decimal };

export type EventProblem = { eventId: string; sourceRow: number | null; message: string };

export type AppliedEvents = {
  /** The fills restated in post-event terms, and the fills the events stand for, in replay order. */
  executions: Execution[];
  /** Each applied event as a trade lists it, with the account and instrument it now belongs to. */
  events: {
    accountId: string;
    /** The instrument whose position it changed (a line named by CUSIP: the held one of that size). */
    fromInstrumentKey: string;
    instrumentKey: string;
    executionIds: string[];
    event: TradeEvent;
  }[];
  /** The fills a split or symbol change restated, as the file had them. */
  restated: Map<string, RestatedFill>;
  /** Events that could not be applied (a split of a position the account does not hold). */
  problems: EventProblem[];
};

/** The id of a fill an event stands for: the event's id, with the lot's index when it takes several. */
export function toEventExecutionId(eventId: string, part = 0): string {
  return part === 0 ? `event:${eventId}` : `event:${eventId}:${part}`;
}

type Lot = { execution: Execution; remaining: Decimal };

/** One account's position in one instrument while the timeline is replayed. */
type PositionState = {
  /** Signed: > 0 long, < 0 short. */
  position: Decimal;
  /** The fills since the position was last flat (what a split or symbol change restates). */
  sinceFlat: Execution[];
  /** Whether the first of `sinceFlat` also closed the previous trade (it crossed zero). */
  isOpenedByCrossing: boolean;
  /** Unclosed entries, oldest first (first in, first out, as groupTrades). */
  lots: Lot[];
};

type Step = { kind: 'fill'; execution: Execution } | { kind: 'event'; event: PositionEvent };

/**
 * Applies position events to an account's fills, so that groupTrades sees the positions the broker
 * holds: fills and events are replayed in time order (then sequence), and each event either
 * restates the fills of the open position (split, symbol change: quantity × ratio, price ÷ ratio,
 * the instrument renamed) or stands for fills of its own (a reinvestment buys, a transfer out
 * sells at its lots' cost, a conversion leg sells or buys, …). A dividend adds no fill: it is
 * income. An event that cannot apply (a split of a position not held, a transfer out of more than
 * is held) is a problem and changes nothing.
 *
 * Restated quantities are exact when the ratio terminates; otherwise to 20 places, the position's
 * newest entry taking the rounding so the position is exactly the old one × ratio. Restated prices
 * are the fill's value ÷ its new quantity, to 20 places (half-even).
 */
export function applyPositionEvents(executions: readonly Execution[], events: readonly PositionEvent[]): AppliedEvents {
  const steps: Step[] = [
    ...executions.map((execution): Step => ({ kind: 'fill', execution })),
    ...events.map((event): Step => ({ kind: 'event', event })),
  ];
  steps.sort((a, b) => compareExecutions(toOrderKey(a), toOrderKey(b)));

  const states = new Map<string, PositionState>();
  const stateOf = (accountId: string, instrumentKey: string): PositionState => {
    const key = `${accountId}\u0000${instrumentKey}`;
    let state = states.get(key);
    if (!state) states.set(key, (state = { position: ZERO, sinceFlat: [], isOpenedByCrossing: false, lots: [] }));
    return state;
  };
  const findHeld = (accountId: string, quantity: Decimal): string | null => {
    const prefix = `${accountId}\u0000`;
    const found = [...states].filter(
      ([key, state]) => key.startsWith(prefix) && toAbsolute(state.position).eq(quantity),
    );
    return found.length === 1 ? found[0]![0].slice(prefix.length) : null;
  };
  // Restating replaces fills in place: the output keeps the replay order of the input.
  const out: Execution[] = [];
  const indexById = new Map<string, number>();
  const result: AppliedEvents = { executions: out, events: [], restated: new Map(), problems: [] };
  const emit = (execution: Execution) => {
    indexById.set(execution.id, out.length);
    out.push(execution);
    replayFill(stateOf(execution.accountId, execution.instrumentKey), execution);
  };
  const replace = (execution: Execution) => {
    out[indexById.get(execution.id)!] = execution;
  };

  for (const step of steps) {
    if (step.kind === 'fill') emit(step.execution);
    else applyEvent(step.event, { stateOf, findHeld, emit, replace, result });
  }
  return result;
}

function toOrderKey(step: Step): { executedAt: string; sequence: number } {
  return step.kind === 'fill' ? step.execution : { executedAt: step.event.at, sequence: step.event.sequence };
}

/** Moves a position by one fill, first in first out, as groupTrades replays it. */
function replayFill(state: PositionState, execution: Execution): void {
  const signed = execution.side === 'buy' ? execution.quantity : negate(execution.quantity);
  const before = state.position;
  const after = add(before, signed);
  const isEntry = isZero(before) || isPositive(before) === (execution.side === 'buy');
  state.position = after;
  if (isEntry) {
    if (isZero(before)) state.isOpenedByCrossing = false;
    state.sinceFlat.push(execution);
    state.lots.push({ execution, remaining: execution.quantity });
    return;
  }
  let left = execution.quantity;
  while (isPositive(left) && state.lots.length > 0) {
    const lot = state.lots[0]!;
    const taken = lot.remaining.lt(left) ? lot.remaining : left;
    lot.remaining = subtract(lot.remaining, taken);
    left = subtract(left, taken);
    if (isZero(lot.remaining)) state.lots.shift();
  }
  if (isZero(after)) {
    state.sinceFlat = [];
    state.lots = [];
  } else if (isPositive(left)) {
    // Crossed zero: the rest opens the other way.
    state.sinceFlat = [execution];
    state.isOpenedByCrossing = true;
    state.lots = [{ execution, remaining: left }];
  } else state.sinceFlat.push(execution);
}

type ApplyContext = {
  stateOf: (accountId: string, instrumentKey: string) => PositionState;
  /** The instrument of the account's one position of exactly this size (either side), or null. */
  findHeld: (accountId: string, quantity: Decimal) => string | null;
  emit: (execution: Execution) => void;
  replace: (execution: Execution) => void;
  result: AppliedEvents;
};

function applyEvent(event: PositionEvent, ctx: ApplyContext): void {
  const problem = (message: string): void => {
    ctx.result.problems.push({ eventId: event.id, sourceRow: event.sourceRow, message });
  };
  const listed = (
    instrumentKey: string,
    executionIds: string[],
    extra: Partial<TradeEvent> = {},
    fromInstrumentKey = event.instrumentKey,
  ): void => {
    ctx.result.events.push({
      accountId: event.accountId,
      fromInstrumentKey,
      instrumentKey,
      executionIds,
      event: { ...toTradeEvent(event), ...extra },
    });
  };
  const state = ctx.stateOf(event.accountId, event.instrumentKey);

  switch (event.kind) {
    case 'split':
    case 'symbolChange': {
      let fromKey = event.instrumentKey;
      let source = state;
      if (isZero(source.position) && event.heldQuantity) {
        // The old line named otherwise (a CUSIP): the one position of the quantity it removes.
        const found = ctx.findHeld(event.accountId, toAbsolute(event.heldQuantity));
        if (found !== null) {
          fromKey = found;
          source = ctx.stateOf(event.accountId, found);
        }
      }
      if (isZero(source.position))
        return problem(`${describe(event)} of ${event.symbol}, a position the account does not hold.`);
      if (source.isOpenedByCrossing)
        return problem(
          `${describe(event)} of ${event.symbol}: the position was opened by a fill that also closed the one before; enter it by hand.`,
        );
      const ratio = event.ratio ?? toDerivedRatio(event, source.position);
      if (ratio === null || !isPositive(ratio))
        return problem(`${describe(event)} of ${event.symbol} without a ratio or a quantity to read one from.`);
      // A split may move the position too: a reverse split whose old line names a CUSIP.
      const target =
        event.kind === 'symbolChange' || event.toInstrumentKey
          ? { instrumentKey: event.toInstrumentKey ?? fromKey, symbol: event.toSymbol ?? event.symbol }
          : null;
      const restatedRatio = restate(source, ratio, target, ctx);
      const instrumentKey = target?.instrumentKey ?? fromKey;
      if (target && target.instrumentKey !== fromKey)
        mergeInto(ctx.stateOf(event.accountId, target.instrumentKey), source);
      return listed(instrumentKey, [], { ratio: restatedRatio }, fromKey);
    }
    case 'dividend':
      return listed(event.instrumentKey, []);
    case 'transfer':
      if (isNegative(event.quantityDelta)) return transferOut(event, state, ctx, problem, listed);
      return addFill(event, 'buy', event.price ?? ZERO, ctx, listed, { isCostBasisMissing: event.price == null });
    case 'cashInLieu': {
      const quantity = isZero(event.quantityDelta) ? toFraction(state.position) : toAbsolute(event.quantityDelta);
      if (isZero(quantity) || state.position.lt(quantity))
        return problem(`cash in lieu of ${event.symbol}, but no fraction of it is held.`);
      const cash = toAbsolute(event.cashAmount ?? ZERO);
      const price = divide(divide(cash, quantity), event.multiplier);
      return addFill({ ...event, quantityDelta: negate(quantity) }, 'sell', price, ctx, listed);
    }
    default: {
      // Fills of their own: reinvestment, distribution, conversion, reward, assignment, exercise.
      if (isZero(event.quantityDelta)) return problem(`${describe(event)} of ${event.symbol} without a quantity.`);
      const side = isPositive(event.quantityDelta) ? 'buy' : 'sell';
      if (event.kind === 'conversion' && side === 'sell' && state.position.lt(toAbsolute(event.quantityDelta)))
        return problem(
          `a conversion of ${toAbsolute(event.quantityDelta).toFixed()} ${event.symbol}, more than is held.`,
        );
      return addFill(event, side, toEventPrice(event), ctx, listed);
    }
  }
}

/** What the event's fill costs per unit: rewards and distributions without a basis are free. */
function toEventPrice(event: PositionEvent): Decimal {
  if (event.kind === 'reward') return ZERO;
  if (event.price != null) return event.price;
  if (event.cashAmount != null && !isZero(event.quantityDelta))
    return divide(divide(toAbsolute(event.cashAmount), toAbsolute(event.quantityDelta)), event.multiplier);
  return ZERO;
}

/**
 * The ratio a split or symbol change implies from the quantity it adds (new − old units): a split
 * must give one, a symbol change without one keeps the quantity (a name change).
 */
function toDerivedRatio(event: PositionEvent, position: Decimal): Decimal | null {
  if (isZero(event.quantityDelta)) return event.kind === 'symbolChange' ? ONE : null;
  const held = toAbsolute(position);
  return divide(add(held, event.quantityDelta), held);
}

function toFraction(position: Decimal): Decimal {
  const held = toAbsolute(position);
  return subtract(held, roundDecimal(held, 0, ROUNDING.down));
}

/**
 * Restates the fills of the open position: quantity × ratio, price so that each fill's value is
 * unchanged, optionally moved to another instrument. The newest entry takes any rounding, so the
 * restated position is exactly position × ratio (to 20 places). Returns the ratio applied.
 */
function restate(
  state: PositionState,
  ratio: Decimal,
  target: { instrumentKey: string; symbol: string } | null,
  ctx: ApplyContext,
): Decimal {
  const wanted = multiply(state.position, ratio);
  const restated = state.sinceFlat.map((execution) => ({ execution, quantity: multiply(execution.quantity, ratio) }));
  let total = ZERO;
  for (const r of restated) total = add(total, r.execution.side === 'buy' ? r.quantity : negate(r.quantity));
  const gap = subtract(wanted, total);
  if (!isZero(gap)) {
    const entrySide = isPositive(state.position) ? 'buy' : 'sell';
    const newest = [...restated].reverse().find((r) => r.execution.side === entrySide);
    if (newest) newest.quantity = add(newest.quantity, entrySide === 'buy' ? gap : negate(gap));
  }
  const byId = new Map<string, Execution>();
  for (const { execution, quantity } of restated) {
    if (!ctx.result.restated.has(execution.id)) {
      ctx.result.restated.set(execution.id, {
        executionId: execution.id,
        symbol: execution.symbol,
        quantity: execution.quantity,
        price: execution.price,
      });
    }
    const price = isZero(execution.price) ? ZERO : divide(multiply(execution.price, execution.quantity), quantity);
    const next: Execution = {
      ...execution,
      quantity,
      price,
      ...(target ? { instrumentKey: target.instrumentKey, symbol: target.symbol } : {}),
    };
    byId.set(execution.id, next);
    ctx.replace(next);
  }
  state.sinceFlat = state.sinceFlat.map((execution) => byId.get(execution.id) ?? execution);
  state.lots = state.lots.map((lot) => {
    const next = byId.get(lot.execution.id) ?? lot.execution;
    return { execution: next, remaining: multiply(lot.remaining, ratio) };
  });
  // The lots take the same rounding as the fills: the newest lot absorbs it.
  let lotTotal = ZERO;
  for (const lot of state.lots) lotTotal = add(lotTotal, lot.remaining);
  const lotGap = subtract(toAbsolute(wanted), lotTotal);
  const newestLot = state.lots[state.lots.length - 1];
  if (newestLot && !isZero(lotGap)) newestLot.remaining = add(newestLot.remaining, lotGap);
  state.position = wanted;
  return ratio;
}

/** Moves one instrument's position into another's (a symbol change onto a held instrument merges them). */
function mergeInto(into: PositionState, from: PositionState): void {
  into.position = add(into.position, from.position);
  into.sinceFlat = [...into.sinceFlat, ...from.sinceFlat];
  into.lots = [...into.lots, ...from.lots];
  from.position = ZERO;
  from.sinceFlat = [];
  from.lots = [];
  from.isOpenedByCrossing = false;
}

type Listed = (instrumentKey: string, executionIds: string[], extra?: Partial<TradeEvent>) => void;

function addFill(
  event: PositionEvent,
  side: 'buy' | 'sell',
  price: Decimal,
  ctx: ApplyContext,
  listed: Listed,
  extra: Partial<TradeEvent> = {},
): void {
  const execution = toEventExecution(event, { side, price, quantity: toAbsolute(event.quantityDelta), part: 0 });
  ctx.emit(execution);
  listed(event.instrumentKey, [execution.id], { ...extra, quantityDelta: event.quantityDelta });
}

/** A transfer out sells its lots at their own prices, so it realises no P&L. */
function transferOut(
  event: PositionEvent,
  state: PositionState,
  ctx: ApplyContext,
  problem: (message: string) => void,
  listed: Listed,
): void {
  const quantity = toAbsolute(event.quantityDelta);
  if (!isPositive(state.position) || state.position.lt(quantity))
    return problem(`a transfer out of ${quantity.toFixed()} ${event.symbol}, more than the account holds.`);
  const parts: { quantity: Decimal; price: Decimal }[] = [];
  let left = quantity;
  for (const lot of state.lots) {
    if (!isPositive(left)) break;
    const taken = lot.remaining.lt(left) ? lot.remaining : left;
    parts.push({ quantity: taken, price: lot.execution.price });
    left = subtract(left, taken);
  }
  const ids = parts.map((part, index) => {
    const execution = toEventExecution(event, { side: 'sell', ...part, part: index });
    ctx.emit(execution);
    return execution.id;
  });
  listed(event.instrumentKey, ids);
}

function toEventExecution(
  event: PositionEvent,
  fill: { side: 'buy' | 'sell'; price: Decimal; quantity: Decimal; part: number },
): Execution {
  return {
    id: toEventExecutionId(event.id, fill.part),
    accountId: event.accountId,
    executedAt: event.at,
    symbol: event.symbol,
    instrumentKey: event.instrumentKey,
    side: fill.side,
    quantity: fill.quantity,
    price: fill.price,
    commission: ZERO,
    fees: fill.part === 0 ? (event.fees ?? ZERO) : ZERO,
    multiplier: event.multiplier,
    currency: event.currency,
    sequence: event.sequence,
  };
}

const DESCRIPTIONS: Record<PositionEventKind, string> = {
  split: 'a split',
  symbolChange: 'a symbol change',
  reinvestment: 'a reinvestment',
  dividend: 'a dividend',
  distribution: 'a stock distribution',
  transfer: 'a transfer',
  conversion: 'a conversion',
  reward: 'a reward',
  cashInLieu: 'cash in lieu',
  assignment: 'an assignment',
  exercise: 'an exercise',
};

function describe(event: PositionEvent): string {
  const text = DESCRIPTIONS[event.kind];
  return event.kind === 'split' && event.ratio && event.ratio.lt(1) ? 'a reverse split' : text;
}

/** The event as a trade lists it, before it is applied. */
export function toTradeEvent(event: PositionEvent): TradeEvent {
  return {
    id: event.id,
    kind: event.kind,
    at: event.at,
    ratio: event.ratio ?? null,
    fromSymbol: event.fromSymbol ?? null,
    toSymbol: event.toSymbol ?? null,
    quantityDelta: event.quantityDelta,
    cashAmount: event.cashAmount ?? null,
    income: toIncome(event),
    isCostBasisMissing: false,
    sourceRow: event.sourceRow,
  };
}

/** A dividend's cash or a reward's value at the file's price; 0 for other kinds. */
export function toIncome(event: PositionEvent): Decimal {
  if (!INCOME_KINDS.has(event.kind)) return ZERO;
  if (event.kind === 'dividend') return event.cashAmount ?? ZERO;
  const price = event.price ?? ZERO;
  return multiply(multiply(toAbsolute(event.quantityDelta), price), event.multiplier);
}
