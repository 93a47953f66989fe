// Writing CSV that spreadsheets open safely, and reading back what the writer guarded.
export { toCsvField, toCsvLine, type CsvCellKind } from './csv-writer';
export { toFormulaSafeText, toUnguardedText } from './formula-guard';
