import { add, compareDecimals, isPositive, isZero, subtract, toAbsolute, ZERO, type Decimal } from '../money/decimal';
import type { Execution } from './execution';

/**
 * The position a fill leaves (signed: long > 0), with the dust rule: an exit (a sell from a long, a
 * buy from a short) that leaves the position within its step of zero (`quantityStep`, a crypto
 * fill's) closes it, since a residual below the instrument's smallest step cannot be traded — a
 * base-asset fee's remainder, or a sell of the ordered quantity a fee had reduced. Such a position
 * counts as 0. Grouping (group-trades.ts), the flat chunker and the regroup's cuts (flat-chunks.ts)
 * share this rule, so they agree on where trades end.
 */
export function toPositionAfter(
  position: Decimal,
  fill: Pick<Execution, 'side' | 'quantity' | 'quantityStep'>,
): Decimal {
  const after = fill.side === 'buy' ? add(position, fill.quantity) : subtract(position, fill.quantity);
  const step = fill.quantityStep;
  if (!step || isZero(after) || isZero(position)) return after;
  const isExit = (fill.side === 'sell') === isPositive(position);
  return isExit && compareDecimals(toAbsolute(after), step) < 0 ? ZERO : after;
}
