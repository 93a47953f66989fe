import { add, divide, isPositive, isZero, multiply, negate, subtract, ZERO, type Decimal } from '../money/decimal';
import { parseIsoInstant } from '../iso-instant';
import type { Trade } from './group-trades';

/** Where the initial risk came from. */
export type RiskSource = 'risk_amount' | 'stop' | 'default_risk';

/** Why a trade has no risk or no R. */
export type RiskReason =
  'NO_STOP_OR_RISK' | 'STOP_ON_WRONG_SIDE' | 'STOP_AT_ENTRY' | 'RISK_NOT_POSITIVE' | 'TRADE_OPEN';

/** What the trade page says when R is missing. */
export const RISK_REASON_MESSAGES: Readonly<Record<RiskReason, string>> = {
  NO_STOP_OR_RISK: 'No R: set an initial stop or the risk in money.',
  STOP_ON_WRONG_SIDE: 'No R: the initial stop is on the wrong side of the entry (above a long, below a short).',
  STOP_AT_ENTRY: 'No R: the initial stop equals the entry price, so nothing was at risk.',
  RISK_NOT_POSITIVE: 'No R: the risk in money must be greater than 0.',
  TRADE_OPEN: 'No R yet: the trade is still open.',
};

export type RiskParams = {
  trade: Pick<Trade, 'direction' | 'openedAt' | 'executions' | 'multiplier'>;
  /** The initial stop price, in the instrument's price units. */
  initialStop?: Decimal | null;
  /** The risk the trader set for this trade, in the trade's currency; wins over the stop. */
  riskAmount?: Decimal | null;
  /** The user's default risk per trade, in the trade's currency; used when nothing else is set. */
  defaultRiskAmount?: Decimal | null;
};

export type InitialRisk = {
  /** In the trade's currency, > 0; null when unknown. */
  risk: Decimal | null;
  source: RiskSource | null;
  reason?: RiskReason;
};

export type RMultiple = InitialRisk & {
  /** netPnl ÷ risk, to 20 decimal places (half-even); null when either is missing, never 0 for "unknown". */
  r: Decimal | null;
};

/** The size and price the initial risk is measured on. */
export type InitialEntry = {
  /** Σ quantity of the initial entry fills, > 0. */
  quantity: Decimal;
  /** Σ quantity × price of those fills (price units × quantity, before the multiplier). */
  notional: Decimal;
  /** notional ÷ quantity, to 20 decimal places (half-even). */
  avgPrice: Decimal;
};

/**
 * The initial entry: the trade's leading entry parts executed at the same instant as its opening
 * fill — the opening fill and any partial fills at that time — up to the first scale-in at a
 * later time or the first exit, whichever comes first. For a trade opened by a fill that crossed
 * zero, that fill's remainder is the opening fill.
 */
export function computeInitialEntry(trade: Pick<Trade, 'openedAt' | 'executions'>): InitialEntry {
  const openedAt = parseIsoInstant(trade.openedAt);
  let quantity = ZERO;
  let notional = ZERO;
  for (const part of trade.executions) {
    if (part.role !== 'entry' || parseIsoInstant(part.executedAt) !== openedAt) break;
    quantity = add(quantity, part.quantity);
    notional = add(notional, multiply(part.quantity, part.price));
  }
  // A trade always opens with an entry; guard the division anyway for hand-built trades.
  return { quantity, notional, avgPrice: isZero(quantity) ? ZERO : divide(notional, quantity) };
}

/**
 * The money at risk when the trade was opened, in the trade's currency.
 *
 * In order of precedence:
 * 1. `riskAmount` (the trader's own figure), which must be > 0;
 * 2. `initialStop`: |avg price of the initial entry − stop| × initial size × multiplier (see
 *    {@link computeInitialEntry}), computed exactly as (Σ q × price − stop × Σ q) × multiplier,
 *    sign-adjusted for a short. A stop on the wrong side (above a long's entry, below a short's)
 *    gives no risk with reason `STOP_ON_WRONG_SIDE` — it is not replaced by the default, since
 *    the trader did state a stop — and a stop at the entry gives `STOP_AT_ENTRY`;
 * 3. `defaultRiskAmount` (the user's default risk per trade), which must be > 0;
 * 4. otherwise none: `NO_STOP_OR_RISK`.
 */
export function computeInitialRisk(params: RiskParams): InitialRisk {
  const { trade, initialStop, riskAmount, defaultRiskAmount } = params;
  if (riskAmount != null) {
    return isPositive(riskAmount)
      ? { risk: riskAmount, source: 'risk_amount' }
      : { risk: null, source: null, reason: 'RISK_NOT_POSITIVE' };
  }
  if (initialStop != null) {
    const entry = computeInitialEntry(trade);
    const longRisk = subtract(entry.notional, multiply(initialStop, entry.quantity));
    const perMultiplier = trade.direction === 'long' ? longRisk : negate(longRisk);
    if (isZero(perMultiplier)) return { risk: null, source: null, reason: 'STOP_AT_ENTRY' };
    if (!isPositive(perMultiplier)) return { risk: null, source: null, reason: 'STOP_ON_WRONG_SIDE' };
    return { risk: multiply(perMultiplier, trade.multiplier), source: 'stop' };
  }
  if (defaultRiskAmount != null) {
    return isPositive(defaultRiskAmount)
      ? { risk: defaultRiskAmount, source: 'default_risk' }
      : { risk: null, source: null, reason: 'RISK_NOT_POSITIVE' };
  }
  return { risk: null, source: null, reason: 'NO_STOP_OR_RISK' };
}

/**
 * R = net P&L ÷ initial risk (see {@link computeInitialRisk}), to 20 decimal places
 * (half-even): +2 means the trade made twice what it risked, −1 a full planned loss. Null — never
 * 0 — when the risk is unknown (with the risk's reason) or the trade is still open (`TRADE_OPEN`;
 * the risk is still returned).
 */
export function computeRMultiple(params: RiskParams & { trade: Pick<Trade, 'status' | 'netPnl'> }): RMultiple {
  const initial = computeInitialRisk(params);
  if (initial.risk === null) return { ...initial, r: null };
  if (params.trade.status === 'open') return { ...initial, r: null, reason: 'TRADE_OPEN' };
  return { ...initial, r: divide(params.trade.netPnl, initial.risk) };
}
