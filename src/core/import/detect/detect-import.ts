import { inferDateFormat, type DateFormat } from '../values/dates';
import { detectColumns, finishDetection, type ColumnDetection, type DetectedColumn } from './detect-columns';
import { matchBrokerPreset, type BrokerPreset } from './presets';
import { COLUMN_ROLES, type ColumnRole } from './roles';
import { normaliseHeader } from './synonyms';

export type DetectImportParams = {
  headers: readonly string[];
  /** The first data rows (a sample is enough): cells as text. */
  rows: readonly (readonly string[])[];
  /** The account's zone: times without an offset are read in it unless the layout names another. */
  accountTimeZone: string;
  /** A user's choice of zone for this file: wins over everything. */
  timeZoneOverride?: string;
  /** The account's usual date order, used when no value tells MM/DD from DD/MM. */
  preferredDateOrder?: 'MDY' | 'DMY';
};

export type ImportDetection = ColumnDetection & {
  /** The broker (as `SUPPORTED_BROKERS` names it) when a documented layout matched, else null. */
  broker: string | null;
  preset: BrokerPreset | null;
  /** 0–1 for the preset match; null for generic detection. */
  presetScore: number | null;
  /** The zone times without an offset are read in. */
  timeZone: string;
  /** True when some column's role should be confirmed by the user. */
  needsUserChoice: boolean;
  notes: string[];
};

/**
 * Detects a file's layout: a documented broker layout when the headers match one (the preset
 * wins: its mapping is exact, by header name), otherwise the generic scoring detector. Either way
 * the result has every column's role and confidence, the mapping, the date format and decimal
 * separator of the values, and the zone to read times in.
 */
export function detectImport(params: DetectImportParams): ImportDetection {
  const { headers, rows } = params;
  const match = matchBrokerPreset(headers);
  if (match) {
    const { preset } = match;
    const columns = toPresetColumns(headers, preset);
    const detection = finishDetection(headers, columns, rows, { preferredDateOrder: preferredOrder(preset) });
    const dateFormat = presetDateFormat(preset, detection.dateFormat, rows, detection.mapping.date);
    return {
      ...detection,
      dateFormat,
      broker: preset.broker,
      preset,
      presetScore: match.score,
      timeZone: params.timeZoneOverride ?? preset.conventions.timeZone ?? params.accountTimeZone,
      needsUserChoice: false,
      notes: [...(preset.conventions.notes ?? [])],
    };
  }
  const detection = detectColumns(
    headers,
    rows,
    params.preferredDateOrder ? { preferredDateOrder: params.preferredDateOrder } : {},
  );
  return toGenericDetection(detection, params);
}

/**
 * A generic (no preset) column detection as an import detection: the zone, whether the user must
 * choose something, and notes on what is missing or ambiguous.
 */
export function toGenericDetection(
  detection: ColumnDetection,
  params: Pick<DetectImportParams, 'accountTimeZone' | 'timeZoneOverride'>,
): ImportDetection {
  const notes: string[] = [];
  if (detection.dateFormat?.isAmbiguous) {
    notes.push(`No date tells day from month; they are read as ${detection.dateFormat.label}.`);
  }
  if (detection.missingRoles.length > 0) notes.push(`No column found for: ${detection.missingRoles.join(', ')}.`);
  return {
    ...detection,
    broker: null,
    preset: null,
    presetScore: null,
    timeZone: params.timeZoneOverride ?? detection.timeZone ?? params.accountTimeZone,
    needsUserChoice:
      detection.columns.some((c) => c.needsUserChoice) ||
      detection.missingRoles.length > 0 ||
      detection.dateFormat?.isAmbiguous === true,
    notes,
  };
}

function preferredOrder(preset: BrokerPreset): 'MDY' | 'DMY' | undefined {
  const order = preset.conventions.dateOrder;
  return order === 'MDY' || order === 'DMY' ? order : undefined;
}

function presetDateFormat(
  preset: BrokerPreset,
  inferred: DateFormat | null,
  rows: readonly (readonly string[])[],
  dateIndex: number | undefined,
): DateFormat {
  const order = preset.conventions.dateOrder;
  if (inferred && (inferred.order === order || order === 'YMD' || inferred.order === 'YMD')) {
    return { ...inferred, order: inferred.order === 'YMD' ? 'YMD' : order, isAmbiguous: false };
  }
  const values = dateIndex === undefined ? [] : rows.map((row) => row[dateIndex] ?? '');
  const again = inferDateFormat(values, order === 'DMY' ? 'DMY' : 'MDY');
  return again
    ? { ...again, order, isAmbiguous: false }
    : {
        order,
        hasTime: false,
        label: order === 'DMY' ? 'DD/MM/YYYY' : order === 'MDY' ? 'MM/DD/YYYY' : 'YYYY-MM-DD',
        isAmbiguous: false,
      };
}

/** The columns as a preset maps them: by header name (first listed name present wins). */
export function toPresetColumns(headers: readonly string[], preset: BrokerPreset): DetectedColumn[] {
  const normalised = headers.map(normaliseHeader);
  const roleOf = new Map<number, ColumnRole>();
  for (const role of COLUMN_ROLES) {
    if (role === 'ignore') continue;
    const names = preset.columns[role];
    if (!names) continue;
    for (const name of names) {
      const index = normalised.findIndex((header, i) => header === normaliseHeader(name) && !roleOf.has(i));
      if (index < 0) continue;
      roleOf.set(index, role);
      if (role !== 'fees') break;
    }
  }
  return headers.map((header, index) => {
    const role = roleOf.get(index) ?? 'ignore';
    return { index, header, role, confidence: 1, needsUserChoice: false };
  });
}
