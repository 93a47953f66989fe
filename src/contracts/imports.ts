import { z } from 'zod';
import { COLUMN_ROLES, type ColumnRole } from '../core/import/detect/roles';
import { safeText } from './input-policy';

/**
 * Where a column's role comes from: a documented broker layout, the scoring detector, the
 * optional language model (for columns the detector was unsure of), a saved template, or the user.
 */
export type ImportColumnSource = 'preset' | 'detector' | 'language-model' | 'template' | 'user';

/** One column as detected (or as the user reassigned it). */
export type ImportColumnJson = {
  index: number;
  header: string;
  role: ColumnRole;
  confidence: number;
  /** The detector is unsure: the preview asks the user to confirm this column. */
  needsUserChoice: boolean;
  /** The first few distinct values of the column, as the file writes them. */
  samples: string[];
  source: ImportColumnSource;
};

export type ImportDetectedJson = {
  broker: string | null;
  /** The broker layout variant a preset matched, when one did. */
  brokerVariant: string | null;
  fileType: 'csv' | 'tsv' | 'xlsx' | 'xls';
  encoding: string | null;
  delimiter: string | null;
  /** 1-based row number of the header in the file. */
  headerRow: number;
  sheetName: string | null;
  sheetNames: string[];
  /** e.g. `MM/DD/YYYY hh:mm:ss a`; null when no date column was found. */
  dateFormat: string | null;
  /** No date tells MM/DD from DD/MM: the order is a default the user should confirm. */
  dateAmbiguous: boolean;
  decimalSeparator: '.' | ',';
  /** The zone the file's local times are read in. */
  timezone: string;
  columns: ImportColumnJson[];
  /** Required roles that no column holds yet: the user must choose them before committing. */
  missingRoles: ColumnRole[];
};

/** A normalised execution as the preview shows it (decimals as strings). */
export type ImportPreviewExecutionJson = {
  row: number;
  executedAt: string;
  symbol: string;
  side: 'buy' | 'sell';
  quantity: string;
  price: string;
  commission: string;
  fees: string;
  assetClass: string | null;
};

export type ImportProblemJson = { row: number; message: string };
export type ImportSkippedJson = { row: number; reason: string };

export type ImportStatusJson = 'preview' | 'queued' | 'running' | 'done' | 'failed' | 'undone';

export type ImportJson = {
  id: string;
  status: ImportStatusJson;
  fileName: string;
  fileSize: number;
  accountId: string | null;
  broker: string | null;
  createdAt: string;
  committedAt: string | null;
  undoneAt: string | null;
  rowCount: number;
  /** 0–1 while running. */
  progress: number;
  executionsAdded: number;
  duplicatesSkipped: number;
  tradesCreated: number;
  tradesUpdated: number;
  skipped: ImportSkippedJson[];
  errors: ImportProblemJson[];
  failureMessage: string | null;
};

/**
 * `DELETE /api/imports/:id` of a committed import: it is undone, its trades in "Recently deleted";
 * `undoToken` (null when it was undone already) brings them back through `POST /api/trades/restore`.
 */
export type ImportUndoJson = ImportJson & { undoToken: string | null };

/** `POST /api/imports` answer (201). */
export type ImportPreviewJson = ImportJson & {
  detected: ImportDetectedJson;
  preview: { executions: ImportPreviewExecutionJson[]; problems: ImportProblemJson[]; skipped: ImportSkippedJson[] };
  /** A saved mapping for this header layout was applied. */
  templateApplied: boolean;
};

export type ImportListJson = { imports: ImportJson[] };

/** `POST /api/imports/:id/commit` answer when done at once (200). */
export type ImportCommitJson = {
  id: string;
  status: 'done';
  executionsAdded: number;
  duplicatesSkipped: number;
  tradesCreated: number;
  tradesUpdated: number;
  skipped: ImportSkippedJson[];
  errors: ImportProblemJson[];
};

export const importColumnChoiceSchema = z.object({
  index: z.number().int().min(0).max(1000),
  role: z.enum(COLUMN_ROLES),
});

export const importMappingSchema = z.object({
  columns: z.array(importColumnChoiceSchema).max(1000),
  /** `MDY` or `DMY` when the dates are ambiguous and the user chose. */
  dateOrder: z.enum(['MDY', 'DMY']).optional(),
  decimalSeparator: z.enum(['.', ',']).optional(),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importCommitSchema = z.object({
  accountId: z.string().min(1, 'Choose an account'),
  mapping: importMappingSchema.optional(),
  timezone: safeText().min(1).max(64).optional(),
  /** Remember this mapping for files with the same header (default true when a mapping is sent). */
  saveTemplate: z.boolean().optional(),
});
export type ImportCommitRequest = z.infer<typeof importCommitSchema>;

/** Re-detect with the user's changes without committing. */
export const importRemapSchema = z.object({
  /** The account chosen since the upload: its zone applies to the file's local times. */
  accountId: z.string().min(1).optional(),
  mapping: importMappingSchema.optional(),
  timezone: safeText().min(1).max(64).optional(),
  sheetName: safeText().min(1).max(200).optional(),
});

export const brokerFormatRequestFieldsSchema = z.object({
  brokerName: safeText().trim().min(1, 'Broker name is required').max(120),
  email: z.email('Please enter a valid email address').max(254).optional(),
  notes: safeText({ multiline: true }).max(2000).optional(),
});
