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
export {
  detectImport,
  toGenericDetection,
  toPresetColumns,
  type DetectImportParams,
  type ImportDetection,
} from './detect-import';
export {
  MAX_REFINEMENT_COLUMNS,
  MAX_REFINEMENT_SAMPLES,
  SUGGESTION_MIN_CONFIDENCE,
  applyRoleSuggestions,
  isRefinable,
  maskDigits,
  mergeRoleSuggestions,
  parseRoleSuggestions,
  toRefinementRequest,
  type AppliedSuggestion,
  type ParsedSuggestions,
  type RefinementColumn,
  type RefinementRequest,
  type RoleSuggestion,
} from './refine-columns';
