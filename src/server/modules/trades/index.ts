/** Trades and their fills: the routes, the trade filter, and grouping fills into trades. */
export { tradeRoutes } from './trades.routes';
export { createTradeOrderCache, type TradeOrderCache } from './trade-order-cache';
export {
  insertAndRegroup,
  patchTrade,
  recomputeDefaultRisk,
  toCuts,
  toTradeFilter,
  toUserTradeFilter,
} from './trades.service';
export { EDGEBOOK_CSV_COLUMNS, EDGEBOOK_CSV_KINDS } from './csv-export';
export { streamTradeListCsv } from './trade-list-csv';
export { prepareExecutions, toFingerprintKey, type PreparedExecution } from './execution-input';
export { IdenticalFills } from './identical-fills';

// What the import pipeline and the sample data write through: fills and trades are stored by the
// trades area's own code, in the caller's transaction.
export {
  buildNewTradeRows,
  checkResumePoints,
  listFillsOfInstruments,
  regroupInstruments,
  regroupStep,
  toExecution,
  type RegroupCut,
  type RegroupStep,
} from './regroup';
export { insertTradeRows, toNewTradeRows, type TradeExecutionInsert, type TradeInsert } from './trade-rows-insert';
export {
  getMaxReservedSequence,
  insertExecutionCopyDataChecked,
  insertExecutionRows,
  insertExecutions,
  newExecutionRows,
  toExecutionInsertRows,
  type ExecutionInsertRow,
  type ExecutionOwner,
  type InsertedFill,
} from './trades.queries';
// Position events (issue #45): an import stores its events and applies the account's after its fills.
export {
  applyAccountEvents,
  deleteImportEvents,
  insertImportEvents,
  type PlacedPositionEvent,
} from './position-events.service';
export { listAccountEvents } from './position-events.queries';
// Deleted trades: an import's undo keeps its trades restorable; the purge job ends their 30 days.
export { deleteImportFills, purgeDeletedTrades } from './deleted-trades.service';
export { updatePendingAccountPnl, updateUserAccountPnl } from './account-pnl.queries';
export { updateUserIncome } from './trade-income.queries';
