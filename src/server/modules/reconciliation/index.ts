// The reconciliation module's face: its routes and what other areas may call.
export { reconciliationRoutes } from './reconciliation.routes';
export { getImportQuality, getReconciliation, listImportQuality } from './reconciliation.service';
