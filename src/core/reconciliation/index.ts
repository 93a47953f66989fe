// The public API of reconciliation with the broker's own figures (issue 42).
export {
  EXPLANATION_KINDS,
  hasUnexplainedDifference,
  reconcileFills,
  toUnexplained,
  type DayExplanation,
  type ExplanationKind,
  type FillCheck,
  type ReconcileFill,
  type ReconcileParams,
  type ReconciledDay,
} from './reconcile';
export { toImportQuality, type ImportQuality } from './import-quality';
