import { detectImport, type DetectImportParams, type ImportDetection } from '../detect/detect-import';
import { normaliseRows, type InputRow, type NormaliseResult } from './normalise-rows';

export type ImportTableParams = Omit<DetectImportParams, 'rows'> & {
  rows: readonly InputRow[];
  /** The account's currency, for rows and layouts that do not state one. */
  defaultCurrency: string;
};

/** Detection and normalisation in one step: what the preview shows for a table. */
export function importTable(params: ImportTableParams): NormaliseResult & { detection: ImportDetection } {
  const cells = params.rows.map((row) =>
    Array.isArray(row) ? (row as readonly string[]) : (row as { cells: readonly string[] }).cells,
  );
  const detection = detectImport({ ...params, rows: cells });
  const result = normaliseRows({
    headers: params.headers,
    rows: params.rows,
    mapping: detection.mapping,
    dateFormat: detection.dateFormat ?? { order: 'YMD' },
    decimalSeparator: detection.decimalSeparator,
    timeZone: detection.timeZone,
    defaultCurrency: params.defaultCurrency,
    preset: detection.preset,
  });
  return { ...result, detection };
}
