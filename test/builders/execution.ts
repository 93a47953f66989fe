import { D, type Decimal } from '../../src/core/money/decimal';
import type { Execution } from '../../src/core/trades/execution';

type DecimalField = 'quantity' | 'price' | 'commission' | 'fees' | 'multiplier';

/** Overrides for {@link makeExecution}: decimals may be written as strings (`quantity: '100'`). */
export type ExecutionOverrides = Partial<Omit<Execution, DecimalField>> &
  Partial<Record<DecimalField, Decimal | string>>;

let counter = 0;

/**
 * A valid execution: 100 AAPL bought at 10 in account `acc-1` at 2025-01-02T14:30:00.000Z, no
 * costs. Each call gets the next `id` (`e1`, `e2`, …) and `sequence`, so fills built in order
 * replay in that order even at equal times; state only what the test is about.
 */
export function makeExecution(overrides: ExecutionOverrides = {}): Execution {
  counter += 1;
  const { quantity, price, commission, fees, multiplier, ...rest } = overrides;
  return {
    id: `e${counter}`,
    accountId: 'acc-1',
    executedAt: '2025-01-02T14:30:00.000Z',
    symbol: 'AAPL',
    instrumentKey: 'stock:AAPL',
    side: 'buy',
    currency: 'USD',
    sequence: counter,
    ...rest,
    quantity: toValue(quantity, '100'),
    price: toValue(price, '10'),
    commission: toValue(commission, '0'),
    fees: toValue(fees, '0'),
    multiplier: toValue(multiplier, '1'),
  };
}

function toValue(value: Decimal | string | undefined, fallback: string): Decimal {
  if (value === undefined) return D(fallback);
  return typeof value === 'string' ? D(value) : value;
}
