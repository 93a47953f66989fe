import type { Decimal } from '../money/decimal';
import { parseIsoInstant } from '../iso-instant';

export type Side = 'buy' | 'sell';

/**
 * One broker fill, validated at the edge (import, manual entry) and trusted from here on.
 *
 * Cash sign convention, used by every P&L figure: a sell brings in price × quantity × multiplier,
 * a buy pays it; commission and fees are costs and are always subtracted.
 */
export type Execution = {
  id: string;
  accountId: string;
  /**
   * When it filled: ISO-8601 UTC with milliseconds, `2025-01-17T14:30:05.123Z` (what
   * `Date.prototype.toISOString` writes), so that strings sort in time order.
   */
  executedAt: string;
  /**
   * The day its file wrote (`YYYY-MM-DD`) when the file gives no time of day: `executedAt` is then
   * a placeholder for order only. Absent or null for a fill with its time.
   */
  executedOn?: string | null;
  /** The normalised instrument symbol (`Instrument.symbol`), for display. */
  symbol: string;
  /** `toInstrumentKey(instrument)`: fills with the same account and key share positions. */
  instrumentKey: string;
  side: Side;
  /** Units, contracts or coins; > 0 (any number of decimals: 0.00012345 BTC). */
  quantity: Decimal;
  /** Per unit, in `currency`; ≥ 0. */
  price: Decimal;
  /** Broker commission in `currency`; ≥ 0. */
  commission: Decimal;
  /** Exchange, regulatory and other fees in `currency`; ≥ 0. */
  fees: Decimal;
  /** `Instrument.multiplier`: value of a price move of 1 per unit of quantity (> 0). */
  multiplier: Decimal;
  /** ISO 4217 (or coin) code of price, commission and fees. */
  currency: string;
  /** Position in the source file (or entry order): breaks ties between equal `executedAt`s. */
  sequence: number;
  /**
   * The instrument's smallest step in the fill's file (a crypto fill, fee-assets.ts), > 0; absent
   * for others. An exit that leaves the position within a step of zero closes the trade (dust).
   */
  quantityStep?: Decimal | null;
  /** A fee charged in another asset that could not be converted into `currency`: not in `fees`. */
  unconvertedFee?: { amount: Decimal; asset: string } | null;
};

/**
 * Orders fills by time, then by `sequence`: the order grouping replays them in. Returns a negative
 * number, 0 or a positive number, as `Array.prototype.sort` expects (which is stable, so fills
 * equal on both keep their order).
 */
export function compareExecutions(
  a: Pick<Execution, 'executedAt' | 'sequence'>,
  b: Pick<Execution, 'executedAt' | 'sequence'>,
): number {
  const byTime = parseIsoInstant(a.executedAt) - parseIsoInstant(b.executedAt);
  return byTime !== 0 ? byTime : a.sequence - b.sequence;
}
