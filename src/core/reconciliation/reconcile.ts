import {
  add,
  compareDecimals,
  D,
  divide,
  isZero,
  minDecimal,
  multiply,
  negate,
  ONE,
  roundDecimal,
  subtract,
  toAbsolute,
  ZERO,
  type Decimal,
} from '../money/decimal';
import { parseIsoInstant } from '../iso-instant';
import { toWallClockText } from '../query/zoned-day';
import type { Side } from '../trades/execution';

/** Why Edgebook's figure and the broker's differ, where it can be told (issue 42). */
export const EXPLANATION_KINDS = [
  'fee_missing',
  'fx_rate',
  'multiplier',
  'missing_fill',
  'timezone_shift',
  'cost_basis_method',
] as const;
export type ExplanationKind = (typeof EXPLANATION_KINDS)[number];

/** One stored fill with the broker's figures of its file row, in replay order. */
export type ReconcileFill = {
  id: string;
  /** ISO-8601 UTC. */
  executedAt: string;
  instrumentKey: string;
  side: Side;
  quantity: Decimal;
  price: Decimal;
  commission: Decimal;
  fees: Decimal;
  multiplier: Decimal;
  /** Currency of price, commission and fees. */
  currency: string;
  /** Account-currency units one unit of `currency` bought at the fill (the file's rate), or null. */
  fxRate: Decimal | null;
  /** The broker's realised P&L and signed net cash (sells +), in `currency` (null: the fill's). */
  broker: { pnl: Decimal | null; net: Decimal | null; currency: string | null } | null;
  /** The zone its file's times were read in, when it came from a file (else the params'). */
  brokerTimeZone?: string | null;
};

export type ReconcileParams = {
  fills: readonly ReconcileFill[];
  accountCurrency: string;
  /** Zone of the trader's days (ours). */
  timeZone: string;
  /** Zone the broker's statement dates its rows in (the account's files), where a fill names none. */
  brokerTimeZone: string;
  /** A rate from the user's table: units of `to` one unit of `from` bought on `date`, or null. */
  rateOf?: (params: { date: string; from: string; to: string }) => Decimal | null;
};

/** A fill's own comparison: its figure against the broker's, in the broker's currency. */
export type FillCheck = {
  executionId: string;
  /** The day it counts on for the trader, and on the broker's statement. */
  ourDay: string;
  brokerDay: string;
  /** Which broker figure it was compared with: its realised P&L, else its net cash; null: none. */
  figure: 'pnl' | 'net' | null;
  /** Ours − the broker's; null when there is no figure or no rate to compare in. */
  difference: Decimal | null;
  /** Within a cent (brokers round each leg to the cent). */
  agrees: boolean;
  /** What explains a difference (null when it agrees or nothing does). */
  kind: ExplanationKind | null;
};

export type DayExplanation = { kind: ExplanationKind; amount: Decimal; executionIds: string[] };

/**
 * One day in the account's currency. `ours` is the realised P&L of the day's fills by FIFO lots
 * (`fees` are the fees of the closed quantity, its opening fills' share included; net = gross −
 * fees); `broker.net` is the broker's realised P&L of the fills its statement dates that day (its
 * own figure, or derived from its net cash through the same lots), null when no fill carries one.
 * `difference` = ours.net − broker.net; the explanations' amounts add up to the part they explain.
 */
export type ReconciledDay = {
  date: string;
  ours: { gross: Decimal; fees: Decimal; net: Decimal };
  broker: { net: Decimal | null };
  difference: Decimal | null;
  explanations: DayExplanation[];
};

/** A cent: brokers round each leg to it, so a smaller difference is agreement. */
const CENT = D('0.01');
/** The multiplier of a US option, which a file may have left out. */
const OPTION_MULTIPLIER = D(100);
const MONEY_PLACES = 8;
/** The largest share of a fill's value a missing fee is taken to be (larger shortfalls stay unexplained). */
const FEE_SHARE_MAX = D('0.01');

/** A figure in the fill's currency and in the account's (null without a rate). */
type Pair = { instr: Decimal; acct: Decimal | null };

type Lot = {
  fillId: string;
  quantity: Decimal;
  isLong: boolean;
  /** Cash per unit, signed (buys −), fees in and out. */
  unitCash: Pair;
  unitGross: Pair;
  /** The broker's cash per unit in the account's currency (ours where the row has none). */
  brokerUnitCash: Decimal | null;
  kind: ExplanationKind | null;
};

type Average = { quantity: Decimal; unitCash: Pair; unitGross: Pair };

const isNear = (a: Decimal, b: Decimal) => compareDecimals(toAbsolute(subtract(a, b)), CENT) < 0;

/**
 * Compares every fill and day with the broker's own figures. Pure: the fills come in replay order,
 * dates are calendar days (YYYY-MM-DD) in the given zones.
 *
 * A fill in another currency is valued in the account's at its own rate, each fill's cash rounded
 * to the cent as brokers book it; with no rate (file or table) it is left out of the day's sums and
 * named under `fx_rate`.
 */
export function reconcileFills(params: ReconcileParams): { fills: FillCheck[]; days: ReconciledDay[] } {
  const lots = new Map<string, Lot[]>();
  const averages = new Map<string, Average>();
  const checks: FillCheck[] = [];
  const days = new Map<string, DayBuilder>();
  const dayOf = (date: string) => {
    let day = days.get(date);
    if (!day) days.set(date, (day = new DayBuilder(date)));
    return day;
  };

  for (const fill of params.fills) {
    const ms = parseIsoInstant(fill.executedAt);
    const ourDay = toWallClockText(ms, params.timeZone).slice(0, 10);
    const brokerDay = toWallClockText(ms, fill.brokerTimeZone ?? params.brokerTimeZone).slice(0, 10);
    const rate = rateToAccount(fill, ourDay, params);
    const sign = fill.side === 'sell' ? ONE : negate(ONE);
    const grossInstr = multiply(sign, multiply(multiply(fill.quantity, fill.price), fill.multiplier));
    const cashInstr = subtract(grossInstr, add(fill.commission, fill.fees));
    const cash: Pair = { instr: cashInstr, acct: toAccount(cashInstr, rate) };
    const gross: Pair = { instr: grossInstr, acct: toAccount(grossInstr, rate) };
    const unitCash = perUnit(cash, fill.quantity);
    const unitGross = perUnit(gross, fill.quantity);

    const brokerCurrency = fill.broker?.currency ?? fill.currency;
    const brokerToAccount = (value: Decimal | null): Decimal | null => {
      if (value === null) return null;
      if (brokerCurrency === params.accountCurrency) return value;
      if (brokerCurrency === fill.currency) return toAccount(value, rate);
      const other = params.rateOf?.({ date: ourDay, from: brokerCurrency, to: params.accountCurrency }) ?? null;
      return other === null ? null : roundDecimal(multiply(value, other), 2);
    };
    const brokerNetAcct = brokerToAccount(fill.broker?.net ?? null);

    // Close the opposite lots first in, then open what is left (FIFO), and alike on average cost.
    const key = fill.instrumentKey;
    const queue = lots.get(key) ?? [];
    lots.set(key, queue);
    let remaining = fill.quantity;
    const realised = { net: zeroPair(), gross: zeroPair() };
    let brokerFromLots: Decimal | null = ZERO;
    const lotIds: string[] = [];
    let lotKind: ExplanationKind | null = null;
    while (!isZero(remaining) && queue.length > 0 && queue[0]!.isLong !== (fill.side === 'buy')) {
      const lot = queue[0]!;
      const take = minDecimal(remaining, lot.quantity);
      realised.net = addPair(realised.net, timesPair(addPair(unitCash, lot.unitCash), take));
      realised.gross = addPair(realised.gross, timesPair(addPair(unitGross, lot.unitGross), take));
      brokerFromLots =
        brokerFromLots === null || lot.brokerUnitCash === null
          ? null
          : add(brokerFromLots, multiply(lot.brokerUnitCash, take));
      lotIds.push(lot.fillId);
      lotKind ??= lot.kind;
      lot.quantity = subtract(lot.quantity, take);
      remaining = subtract(remaining, take);
      if (isZero(lot.quantity)) queue.shift();
    }
    // Per-unit shares of a fee divide inexactly: the sums keep money's places.
    realised.net = roundPair(realised.net);
    realised.gross = roundPair(realised.gross);
    const closed = subtract(fill.quantity, remaining);
    const average = closeOnAverage(averages, key, { fill, unitCash, unitGross, closed });

    // The fill's own check, in the broker's currency.
    const pick = (pair: Pair): Decimal | null =>
      brokerCurrency === fill.currency ? pair.instr : brokerCurrency === params.accountCurrency ? pair.acct : null;
    const brokerPnl = fill.broker?.pnl ?? null;
    const brokerNet = fill.broker?.net ?? null;
    const figure = brokerPnl !== null ? 'pnl' : brokerNet !== null ? 'net' : null;
    const theirs = figure === 'pnl' ? brokerPnl : brokerNet;
    const ours = figure === 'pnl' ? pick(realised.net) : figure === 'net' ? pick(cash) : null;
    const difference = ours === null || theirs === null ? null : subtract(ours, theirs);
    const agrees = difference !== null && isNear(difference, ZERO);
    const kind =
      figure === null || agrees
        ? null
        : explainFill({
            figure,
            theirs: theirs as Decimal, // a figure was picked, so its value is there
            ours,
            gross: figure === 'pnl' ? pick(realised.gross) : pick(gross),
            average: figure === 'pnl' ? pick(average.net) : null,
            averageGross: figure === 'pnl' ? pick(average.gross) : null,
            fill,
            isCrossCurrency: brokerCurrency !== fill.currency,
            isPartlyOpening: !isZero(remaining),
            rate,
          });
    checks.push({ executionId: fill.id, ourDay, brokerDay, figure, difference, agrees, kind });

    if (!isZero(remaining)) {
      queue.push({
        fillId: fill.id,
        quantity: remaining,
        isLong: fill.side === 'buy',
        unitCash,
        unitGross,
        brokerUnitCash: brokerNetAcct !== null ? divide(brokerNetAcct, fill.quantity) : unitCash.acct,
        kind,
      });
    }

    // The day's sums, in the account's currency.
    const brokerRealised =
      figure === null
        ? null
        : brokerPnl !== null
          ? brokerToAccount(brokerPnl)
          : brokerNetAcct === null || brokerFromLots === null
            ? null
            : roundDecimal(add(multiply(divide(brokerNetAcct, fill.quantity), closed), brokerFromLots), MONEY_PLACES);
    const ourSide = dayOf(ourDay);
    if (realised.net.acct === null || realised.gross.acct === null || cash.acct === null) {
      ourSide.explain('fx_rate', ZERO, [fill.id]);
      continue;
    }
    ourSide.addOurs(realised.gross.acct, realised.net.acct);
    if (brokerRealised === null) continue;
    dayOf(brokerDay).addBroker(brokerRealised);
    const realisedDifference = subtract(realised.net.acct, brokerRealised);
    if (!isNear(realisedDifference, ZERO)) {
      const dayKind = kind ?? lotKind;
      if (dayKind !== null) ourSide.explain(dayKind, realisedDifference, [fill.id, ...lotIds]);
    }
    if (ourDay !== brokerDay && !isZero(brokerRealised)) {
      ourSide.explain('timezone_shift', brokerRealised, [fill.id]);
      dayOf(brokerDay).explain('timezone_shift', negate(brokerRealised), [fill.id]);
    }
  }

  const ordered = [...days.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { fills: checks, days: ordered.map((day) => day.toDay()) };
}

/** The part of a day's difference its explanations leave (difference − Σ amounts), 0 without a difference. */
export function toUnexplained(day: Pick<ReconciledDay, 'difference' | 'explanations'>): Decimal {
  if (day.difference === null) return ZERO;
  return day.explanations.reduce((rest, e) => subtract(rest, e.amount), day.difference);
}

/** Whether a day differs from the broker by a cent or more that its explanations do not cover. */
export function hasUnexplainedDifference(day: Pick<ReconciledDay, 'difference' | 'explanations'>): boolean {
  return !isNear(toUnexplained(day), ZERO);
}

class DayBuilder {
  private gross = ZERO;
  private net = ZERO;
  private brokerNet: Decimal | null = null;
  private readonly explanations = new Map<ExplanationKind, { amount: Decimal; ids: Set<string> }>();

  constructor(readonly date: string) {}

  addOurs(gross: Decimal, net: Decimal): void {
    this.gross = add(this.gross, gross);
    this.net = add(this.net, net);
  }

  addBroker(net: Decimal): void {
    this.brokerNet = add(this.brokerNet ?? ZERO, net);
  }

  explain(kind: ExplanationKind, amount: Decimal, ids: readonly string[]): void {
    let entry = this.explanations.get(kind);
    if (!entry) this.explanations.set(kind, (entry = { amount: ZERO, ids: new Set() }));
    entry.amount = add(entry.amount, amount);
    for (const id of ids) entry.ids.add(id);
  }

  toDay(): ReconciledDay {
    const round = (value: Decimal) => roundDecimal(value, MONEY_PLACES);
    const net = round(this.net);
    const brokerNet = this.brokerNet === null ? null : round(this.brokerNet);
    return {
      date: this.date,
      ours: { gross: round(this.gross), fees: round(subtract(this.gross, this.net)), net },
      broker: { net: brokerNet },
      difference: brokerNet === null ? null : subtract(net, brokerNet),
      explanations: EXPLANATION_KINDS.flatMap((kind) => {
        const entry = this.explanations.get(kind);
        return entry ? [{ kind, amount: round(entry.amount), executionIds: [...entry.ids] }] : [];
      }),
    };
  }
}

/** Account units per unit of the fill's currency: 1, the file's rate, else the table's, else null. */
function rateToAccount(fill: ReconcileFill, date: string, params: ReconcileParams): Decimal | null {
  if (fill.currency === params.accountCurrency) return ONE;
  return fill.fxRate ?? params.rateOf?.({ date, from: fill.currency, to: params.accountCurrency }) ?? null;
}

/** A fill's figure in the account's currency, rounded to the cent as the broker books it (exact at rate 1). */
function toAccount(value: Decimal, rate: Decimal | null): Decimal | null {
  if (rate === null) return null;
  return rate.eq(ONE) ? value : roundDecimal(multiply(value, rate), 2);
}

const zeroPair = (): Pair => ({ instr: ZERO, acct: ZERO });
const roundPair = (pair: Pair): Pair => ({
  instr: roundDecimal(pair.instr, MONEY_PLACES),
  acct: pair.acct === null ? null : roundDecimal(pair.acct, MONEY_PLACES),
});
const perUnit = (pair: Pair, quantity: Decimal): Pair => ({
  instr: divide(pair.instr, quantity),
  acct: pair.acct === null ? null : divide(pair.acct, quantity),
});
const addPair = (a: Pair, b: Pair): Pair => ({
  instr: add(a.instr, b.instr),
  acct: a.acct === null || b.acct === null ? null : add(a.acct, b.acct),
});
const timesPair = (a: Pair, n: Decimal): Pair => ({
  instr: multiply(a.instr, n),
  acct: a.acct === null ? null : multiply(a.acct, n),
});

/** The same close on average cost (the broker's method where it is not FIFO), for `cost_basis_method`. */
function closeOnAverage(
  averages: Map<string, Average>,
  key: string,
  params: { fill: ReconcileFill; unitCash: Pair; unitGross: Pair; closed: Decimal },
): { net: Pair; gross: Pair } {
  const { fill, unitCash, unitGross, closed } = params;
  const state = averages.get(key) ?? { quantity: ZERO, unitCash: zeroPair(), unitGross: zeroPair() };
  const net = timesPair(addPair(unitCash, state.unitCash), closed);
  const gross = timesPair(addPair(unitGross, state.unitGross), closed);
  const signed = fill.side === 'buy' ? fill.quantity : negate(fill.quantity);
  const held = toAbsolute(state.quantity);
  const after = add(state.quantity, signed);
  if (isZero(closed)) {
    // Adds to the position: the average moves by the new units' weight.
    const total = add(held, fill.quantity);
    const weigh = (old: Pair, unit: Pair) =>
      perUnit(addPair(timesPair(old, held), timesPair(unit, fill.quantity)), total);
    averages.set(key, {
      quantity: after,
      unitCash: weigh(state.unitCash, unitCash),
      unitGross: weigh(state.unitGross, unitGross),
    });
  } else if (compareDecimals(closed, fill.quantity) < 0) {
    // Closed all and opened the rest the other way: the rest's own cost.
    averages.set(key, { quantity: after, unitCash, unitGross });
  } else {
    averages.set(
      key,
      isZero(after) ? { quantity: ZERO, unitCash: zeroPair(), unitGross: zeroPair() } : { ...state, quantity: after },
    );
  }
  return { net: roundPair(net), gross: roundPair(gross) };
}

/** What tells a fill's figure from the broker's, tried from the most certain to the least. */
function explainFill(params: {
  figure: 'pnl' | 'net';
  theirs: Decimal;
  ours: Decimal | null;
  gross: Decimal | null;
  average: Decimal | null;
  averageGross: Decimal | null;
  fill: ReconcileFill;
  isCrossCurrency: boolean;
  isPartlyOpening: boolean;
  rate: Decimal | null;
}): ExplanationKind | null {
  const { figure, theirs, ours, gross, fill } = params;
  if (ours === null) return params.isCrossCurrency ? 'fx_rate' : null;
  // The broker realised on a fill that opens here: its opening fill is not in Edgebook.
  if (figure === 'pnl' && params.isPartlyOpening && !isZero(theirs)) return 'missing_fill';
  if (gross !== null && isMultiplierOff(gross, theirs, fill.multiplier)) return 'multiplier';
  if (isMultiplierOff(ours, theirs, fill.multiplier)) return 'multiplier';
  if (gross !== null && isNear(gross, theirs)) return 'fee_missing';
  // The broker took a cost Edgebook has no fee for: less cash, by no more than a fee's size.
  if (figure === 'net' && isZero(add(fill.commission, fill.fees)) && compareDecimals(theirs, ours) < 0) {
    const shortfall = subtract(ours, theirs);
    if (gross !== null && compareDecimals(shortfall, multiply(toAbsolute(gross), FEE_SHARE_MAX)) <= 0)
      return 'fee_missing';
  }
  if (params.average !== null && isNear(params.average, theirs)) return 'cost_basis_method';
  if (params.averageGross !== null && isNear(params.averageGross, theirs)) return 'cost_basis_method';
  if (params.isCrossCurrency) return 'fx_rate';
  return null;
}

/** True when the figures differ by the contract multiplier (or the usual 100 of an option) either way. */
function isMultiplierOff(ours: Decimal, theirs: Decimal, multiplier: Decimal): boolean {
  if (isZero(ours) || isZero(theirs)) return false;
  const factors = [multiplier, OPTION_MULTIPLIER].filter((m) => !m.eq(ONE));
  return factors.some((m) => isNear(multiply(ours, m), theirs) || isNear(divide(ours, m), theirs));
}
