import { D, type Decimal } from '../../src/core/money/decimal';
import type { PositionEvent } from '../../src/core/trades/position-events';

type DecimalField = 'quantityDelta' | 'price' | 'ratio' | 'cashAmount' | 'fees' | 'multiplier';

/** Overrides for {@link makePositionEvent}: decimals may be written as strings (`ratio: '2'`). */
export type PositionEventOverrides = Partial<Omit<PositionEvent, DecimalField>> &
  Partial<Record<DecimalField, Decimal | string | null>>;

let counter = 0;

/**
 * A valid position event: a 2-for-1 split of AAPL in account `acc-1` at 2025-02-03T14:30:00.000Z
 * adding 0 units (the ratio given). Each call gets the next `id` (`pe1`, …); `sequence` starts
 * high so an event at a fill's time replays after the fills built before it.
 */
export function makePositionEvent(overrides: PositionEventOverrides = {}): PositionEvent {
  counter += 1;
  const { quantityDelta, price, ratio, cashAmount, fees, multiplier, ...rest } = overrides;
  return {
    id: `pe${counter}`,
    accountId: 'acc-1',
    kind: 'split',
    at: '2025-02-03T14:30:00.000Z',
    sequence: 1_000_000 + counter,
    symbol: 'AAPL',
    instrumentKey: 'stock:AAPL',
    currency: 'USD',
    sourceRow: null,
    ...rest,
    quantityDelta: toValue(quantityDelta) ?? D(0),
    price: toValue(price),
    ratio: toValue(ratio),
    cashAmount: toValue(cashAmount),
    fees: toValue(fees),
    multiplier: toValue(multiplier) ?? D(1),
  };
}

function toValue(value: Decimal | string | null | undefined): Decimal | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? D(value) : value;
}
