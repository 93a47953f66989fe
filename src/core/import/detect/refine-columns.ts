import { z } from 'zod';
import { CONFIDENCE_THRESHOLD, finishDetection, type DetectedColumn } from './detect-columns';
import { toGenericDetection, type DetectImportParams, type ImportDetection } from './detect-import';
import { COLUMN_ROLES, type ColumnRole } from './roles';

/**
 * An optional second opinion on the columns the detector is unsure of, from a language model.
 * This module is the pure part: what may be sent (only the unsure columns' headers and a few
 * masked sample values), how an answer is read (strictly), and how it is merged (only confident
 * suggestions that do not contradict a confident column). The request itself is the server's.
 */

/** Sample values sent per column. */
export const MAX_REFINEMENT_SAMPLES = 5;
/** Columns sent in one request; a file with more unsure columns than this is unusual. */
export const MAX_REFINEMENT_COLUMNS = 40;
/** A suggestion below this confidence is not taken. */
export const SUGGESTION_MIN_CONFIDENCE = 0.7;

const MAX_SAMPLE_CHARS = 40;
const MAX_HEADER_CHARS = 80;
/** Rows the samples are taken from (the detector's own sample size). */
const SAMPLE_ROWS = 200;
/** Roles several columns may hold. */
const SHARED_ROLES: ReadonlySet<ColumnRole> = new Set(['fees', 'ignore']);

/** One column as the model sees it: `header` and `samples` are masked and shortened. */
export type RefinementColumn = { index: number; header: string; samples: string[] };

export type RefinementRequest = {
  columns: RefinementColumn[];
  /** Roles the model may answer: every role except those a confident column already holds. */
  allowedRoles: ColumnRole[];
};

/** The model's role for one column; `confidence` 0–1 as the model states it. */
export type RoleSuggestion = { index: number; role: ColumnRole; confidence: number };

/** A suggestion kept with an import, so later previews and the commit apply it without asking again. */
export type AppliedSuggestion = RoleSuggestion & { header: string };

/** A column the model may be asked about: the detector is below the "unsure" threshold. */
export function isRefinable(column: DetectedColumn): boolean {
  return column.confidence < CONFIDENCE_THRESHOLD;
}

const LONG_DIGIT_RUN = /\d{6,}/g;
const COMPACT_DATE = /^(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:\d{6})?$/;

/**
 * Hides runs of six or more digits (account, order and card numbers) as `#`, keeping the length
 * so the shape still shows. Kept: compact dates (`20250303`, `20250303093105`) and the digits of
 * a decimal number (`123456.78`, `0.00012345678`), which are amounts, not identifiers.
 */
export function maskDigits(value: string): string {
  return value.replace(LONG_DIGIT_RUN, (run: string, offset: number) => {
    const before = value.slice(Math.max(0, offset - 2), offset);
    const after = value.slice(offset + run.length, offset + run.length + 2);
    const isDecimalPart = /\d[.,]$/.test(before) || /^[.,]\d/.test(after);
    if (isDecimalPart || COMPACT_DATE.test(run)) return run;
    return '#'.repeat(run.length);
  });
}

function toShort(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

function toRefinementSamples(rows: readonly (readonly string[])[], index: number): string[] {
  const samples: string[] = [];
  for (const row of rows.slice(0, SAMPLE_ROWS)) {
    const value = (row[index] ?? '').trim();
    if (value === '') continue;
    // Masked before shortening, so a cut can never leave part of a long number readable.
    const sample = toShort(maskDigits(value), MAX_SAMPLE_CHARS);
    if (!samples.includes(sample)) samples.push(sample);
    if (samples.length === MAX_REFINEMENT_SAMPLES) break;
  }
  return samples;
}

/**
 * What to ask the model: the unsure columns only (confidence below the threshold the preview
 * uses, and not chosen by the user or a saved template), each with its header and up to five
 * distinct sample values, long digit runs masked. Null when no column is unsure.
 */
export function toRefinementRequest(params: {
  columns: readonly DetectedColumn[];
  rows: readonly (readonly string[])[];
  /** Columns the user or a saved template has set: never sent, and their roles are taken. */
  chosen?: ReadonlyMap<number, ColumnRole>;
}): RefinementRequest | null {
  const chosen = params.chosen ?? new Map<number, ColumnRole>();
  const refinable = params.columns.filter((c) => isRefinable(c) && !chosen.has(c.index));
  if (refinable.length === 0) return null;
  const sent = refinable.slice(0, MAX_REFINEMENT_COLUMNS);
  const sentIndexes = new Set(sent.map((c) => c.index));
  const held = new Set<ColumnRole>();
  for (const column of params.columns) {
    if (sentIndexes.has(column.index)) continue;
    const role = chosen.get(column.index) ?? column.role;
    // Unsure columns left out (beyond the cap) hold nothing firmly either.
    if (!chosen.has(column.index) && isRefinable(column)) continue;
    if (!SHARED_ROLES.has(role)) held.add(role);
  }
  return {
    columns: sent.map((c) => ({
      index: c.index,
      header: toShort(maskDigits(c.header.trim()), MAX_HEADER_CHARS),
      samples: toRefinementSamples(params.rows, c.index),
    })),
    allowedRoles: COLUMN_ROLES.filter((role) => SHARED_ROLES.has(role) || !held.has(role)),
  };
}

const answerSchema = z.object({ columns: z.array(z.unknown()).max(1000) });
const answerEntrySchema = z.object({
  index: z.number().int().min(0),
  role: z.string(),
  confidence: z.number().min(0).max(1),
});

export type ParsedSuggestions =
  { ok: true; suggestions: RoleSuggestion[]; droppedCount: number } | { ok: false; reason: string };

/** The JSON object in a model's text: as is, inside a Markdown code fence, or between prose. */
function toJsonText(answer: string): string {
  const trimmed = answer.trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(trimmed);
  if (fenced?.[1] !== undefined) return fenced[1];
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  return start >= 0 && end > start ? trimmed.slice(start, end + 1) : trimmed;
}

/**
 * Reads a model's answer `{"columns":[{"index":3,"role":"commission","confidence":0.9}]}` strictly.
 * Not JSON or not that shape: a failure. Entries are dropped (and counted) when malformed, for a
 * column that was not asked about, with a role that was not offered, or when two entries name
 * the same column or the same one-column role (neither is believed).
 */
export function parseRoleSuggestions(answer: string, request: RefinementRequest): ParsedSuggestions {
  let json: unknown;
  try {
    json = JSON.parse(toJsonText(answer));
  } catch {
    return { ok: false, reason: 'The answer is not JSON' };
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'The answer has no "columns" list' };
  const asked = new Set(request.columns.map((c) => c.index));
  const allowed = new Set<string>(request.allowedRoles);
  const entries: RoleSuggestion[] = [];
  for (const raw of parsed.data.columns) {
    const entry = answerEntrySchema.safeParse(raw);
    if (!entry.success || !asked.has(entry.data.index) || !allowed.has(entry.data.role)) continue;
    const role = COLUMN_ROLES.find((r) => r === entry.data.role);
    if (role) entries.push({ index: entry.data.index, role, confidence: entry.data.confidence });
  }
  const suggestions = withoutContradictions(entries);
  return { ok: true, suggestions, droppedCount: parsed.data.columns.length - suggestions.length };
}

/** Drops every entry for a column named twice, and every entry for a one-column role named twice. */
function withoutContradictions(entries: readonly RoleSuggestion[]): RoleSuggestion[] {
  const count = <K>(keys: K[]) => keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<K, number>());
  const byIndex = count(entries.map((e) => e.index));
  const byRole = count(entries.filter((e) => !SHARED_ROLES.has(e.role)).map((e) => e.role));
  return entries.filter((e) => byIndex.get(e.index) === 1 && (SHARED_ROLES.has(e.role) || byRole.get(e.role) === 1));
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The columns with the model's suggestions merged in. A suggestion is taken only when its
 * confidence is at least {@link SUGGESTION_MIN_CONFIDENCE}, its column is unsure (and not chosen by
 * the user or a template), and its role is not a one-column role that a confident or chosen
 * column holds. A taken column gets the model's role and confidence and is no longer asked about;
 * an unsure column whose one-column role a suggestion took becomes `ignore` and is asked about.
 */
export function mergeRoleSuggestions(
  columns: readonly DetectedColumn[],
  suggestions: readonly RoleSuggestion[],
  chosen: ReadonlyMap<number, ColumnRole> = new Map(),
): { columns: DetectedColumn[]; applied: RoleSuggestion[] } {
  const isOpen = (c: DetectedColumn) => isRefinable(c) && !chosen.has(c.index);
  const open = new Set(columns.filter(isOpen).map((c) => c.index));
  const held = new Set<ColumnRole>();
  for (const column of columns) {
    const role = chosen.get(column.index) ?? column.role;
    if (!open.has(column.index) && !SHARED_ROLES.has(role)) held.add(role);
  }
  const applied = withoutContradictions(
    suggestions.filter(
      (s) =>
        open.has(s.index) &&
        Number.isFinite(s.confidence) &&
        s.confidence >= SUGGESTION_MIN_CONFIDENCE &&
        s.confidence <= 1 &&
        (SHARED_ROLES.has(s.role) || !held.has(s.role)),
    ),
  );
  if (applied.length === 0) return { columns: [...columns], applied: [] };
  const byIndex = new Map(applied.map((s) => [s.index, s]));
  const taken = new Set(applied.filter((s) => !SHARED_ROLES.has(s.role)).map((s) => s.role));
  const merged = columns.map((column): DetectedColumn => {
    const suggestion = byIndex.get(column.index);
    if (suggestion)
      return { ...column, role: suggestion.role, confidence: round(suggestion.confidence), needsUserChoice: false };
    if (open.has(column.index) && taken.has(column.role)) return { ...column, role: 'ignore', needsUserChoice: true };
    return column;
  });
  return { columns: merged, applied };
}

/**
 * A generic detection with the model's suggestions merged in (see {@link mergeRoleSuggestions}),
 * its mapping, conventions and notes worked out again. A preset's detection is returned as it is.
 */
export function applyRoleSuggestions(
  detection: ImportDetection,
  params: {
    headers: readonly string[];
    rows: readonly (readonly string[])[];
    suggestions: readonly RoleSuggestion[];
    chosen?: ReadonlyMap<number, ColumnRole>;
    preferredDateOrder?: 'MDY' | 'DMY';
  } & Pick<DetectImportParams, 'accountTimeZone' | 'timeZoneOverride'>,
): { detection: ImportDetection; applied: RoleSuggestion[] } {
  if (detection.preset || params.suggestions.length === 0) return { detection, applied: [] };
  const { columns, applied } = mergeRoleSuggestions(detection.columns, params.suggestions, params.chosen);
  if (applied.length === 0) return { detection, applied };
  const finished = finishDetection(
    params.headers,
    columns,
    params.rows,
    params.preferredDateOrder ? { preferredDateOrder: params.preferredDateOrder } : {},
  );
  return { detection: toGenericDetection(finished, params), applied };
}
