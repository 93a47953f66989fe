import { D } from '../../src/core/money/decimal';
import type { ImportedExecution } from '../../src/core/import/normalise/normalise-rows';
import type { ReconcileFill } from '../../src/core/reconciliation';
import { compareExecutions } from '../../src/core/trades/execution';
import { toExecutionOfImported } from './imported-execution';

/** Imported fills as reconciliation reads them from the database: in replay order, with ids `f1`, `f2`, … */
export function toReconcileFills(executions: readonly ImportedExecution[]): ReconcileFill[] {
  return [...executions].sort(compareExecutions).map((e, index) => ({
    ...toExecutionOfImported(e, index),
    id: `f${index + 1}`,
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
