import { D } from '../../src/core/money/decimal';
import type { ImportedExecution } from '../../src/core/import/normalise/normalise-rows';
import type { ReconcileFill } from '../../src/core/reconciliation';

/** Imported fills as reconciliation reads them from the database: in replay order, with ids `f1`, `f2`, … */
export function toReconcileFills(executions: readonly ImportedExecution[]): ReconcileFill[] {
  const sorted = [...executions].sort((a, b) =>
    a.executedAt < b.executedAt ? -1 : a.executedAt > b.executedAt ? 1 : a.sequence - b.sequence,
  );
  return sorted.map((e, index) => ({
    id: `f${index + 1}`,
    executedAt: e.executedAt,
    instrumentKey: e.instrumentKey,
    side: e.side,
    quantity: D(e.quantity),
    price: D(e.price),
    commission: D(e.commission),
    fees: D(e.fees),
    multiplier: D(e.multiplier),
    currency: e.currency,
    fxRate: e.broker?.fxRate === undefined ? null : D(e.broker.fxRate),
    broker: e.broker
      ? {
          pnl: e.broker.pnl === undefined ? null : D(e.broker.pnl),
          net: e.broker.net === undefined ? null : D(e.broker.net),
          currency: e.broker.currency ?? null,
        }
      : null,
  }));
}
