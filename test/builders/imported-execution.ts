import { D } from '../../src/core/money/decimal';
import type { ImportedExecution } from '../../src/core/import/normalise/normalise-rows';
import type { Execution } from '../../src/core/trades/execution';

/** An imported fill as the grouping takes it, in account `acc` with id `x<index>` (for `.map`). */
export function toExecutionOfImported(e: ImportedExecution, index: number): Execution {
  return {
    id: `x${index}`,
    accountId: 'acc',
    executedAt: e.executedAt,
    symbol: e.symbol,
    instrumentKey: e.instrumentKey,
    side: e.side,
    quantity: D(e.quantity),
    price: D(e.price),
    commission: D(e.commission),
    fees: D(e.fees),
    multiplier: D(e.multiplier),
    currency: e.currency,
    sequence: e.sequence,
    quantityStep: e.quantityStep === undefined ? null : D(e.quantityStep),
    unconvertedFee: e.unconvertedFee ? { amount: D(e.unconvertedFee.amount), asset: e.unconvertedFee.asset } : null,
  };
}
