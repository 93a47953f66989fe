export {
  normaliseRows,
  readCancelledIds,
  type ImportedExecution,
  type InputRow,
  type NormaliseParams,
  type NormaliseResult,
  type RowProblem,
  type SkippedRow,
} from './normalise-rows';
export { importTable, type ImportTableParams } from './import-table';
export { toRawRecord, type RawRecord, type RowContext, type RowHookResult } from './raw-record';
