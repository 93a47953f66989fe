export { COLUMN_ROLES, REQUIRED_ROLES, type ColumnMapping, type ColumnRole } from './roles';
export { HEADER_SYNONYMS, normaliseHeader, scoreHeader, toHeaderTimeZone } from './synonyms';
export { parseRowKind, toSideFromSign, type NonTradeReason, type RowKind } from './side';
export {
  CONFIDENCE_THRESHOLD,
  detectColumns,
  finishDetection,
  toMapping,
  type ColumnDetection,
  type DetectedColumn,
} from './detect-columns';
export {
  BROKER_PRESETS,
  BROKERS_WITHOUT_PRESET,
  matchBrokerPreset,
  type BrokerPreset,
  type PresetConventions,
  type PresetMatch,
} from './presets';
export { detectImport, toPresetColumns, type DetectImportParams, type ImportDetection } from './detect-import';
