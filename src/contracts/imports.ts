import { z } from 'zod';
import { COLUMN_ROLES } from '../core/import/detect/roles';
import { safeText } from './input-policy';

/**
 * Where a column's role comes from: a documented broker layout, the scoring detector, the
 * optional language model (for columns the detector was unsure of), a saved template, or the user.
 */
const IMPORT_COLUMN_SOURCES = ['preset', 'detector', 'language-model', 'template', 'user'] as const;
export type ImportColumnSource = (typeof IMPORT_COLUMN_SOURCES)[number];

/** One column as detected (or as the user reassigned it). */
export const importColumnJsonSchema = z.object({
  index: z.number(),
  header: z.string(),
  role: z.enum(COLUMN_ROLES),
  confidence: z.number(),
  /** The detector is unsure: the preview asks the user to confirm this column. */
  needsUserChoice: z.boolean(),
  /** The first few distinct values of the column, as the file writes them. */
  samples: z.array(z.string()),
  source: z.enum(IMPORT_COLUMN_SOURCES),
});
export type ImportColumnJson = z.infer<typeof importColumnJsonSchema>;

export const importDetectedJsonSchema = z.object({
  broker: z.string().nullable(),
  /** The broker layout variant a preset matched, when one did. */
  brokerVariant: z.string().nullable(),
  fileType: z.enum(['csv', 'tsv', 'xlsx', 'xls']),
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  /** 1-based row number of the header in the file. */
  headerRow: z.number(),
  sheetName: z.string().nullable(),
  sheetNames: z.array(z.string()),
  /** e.g. `MM/DD/YYYY hh:mm:ss a`; null when no date column was found. */
  dateFormat: z.string().nullable(),
  /** No date tells MM/DD from DD/MM: the order is a default the user should confirm. */
  dateAmbiguous: z.boolean(),
  decimalSeparator: z.enum(['.', ',']),
  /** The zone the file's local times are read in. */
  timezone: z.string(),
  columns: z.array(importColumnJsonSchema),
  /** Required roles that no column holds yet: the user must choose them before committing. */
  missingRoles: z.array(z.enum(COLUMN_ROLES)),
});
export type ImportDetectedJson = z.infer<typeof importDetectedJsonSchema>;

/** A normalised execution as the preview shows it (decimals as strings). */
export const importPreviewExecutionJsonSchema = z.object({
  row: z.number(),
  executedAt: z.string(),
  /** The day alone, when the file gives no time of day. */
  executedOn: z.string().optional(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  quantity: z.string(),
  price: z.string(),
  commission: z.string(),
  fees: z.string(),
  assetClass: z.string().nullable(),
});
export type ImportPreviewExecutionJson = z.infer<typeof importPreviewExecutionJsonSchema>;

const importProblemJsonSchema = z.object({ row: z.number(), message: z.string() });
export type ImportProblemJson = z.infer<typeof importProblemJsonSchema>;
const importSkippedJsonSchema = z.object({ row: z.number(), reason: z.string() });
export type ImportSkippedJson = z.infer<typeof importSkippedJsonSchema>;

/** What an import added and left out: in its row and in the answer of a commit done at once. */
const importCountsJsonShape = {
  executionsAdded: z.number(),
  duplicatesSkipped: z.number(),
  /**
   * Of the duplicates, fills of trades in "Recently deleted": importing does not bring them back,
   * restoring them there does. Counted by imports committed at once (0 for a background import).
   */
  duplicatesDeleted: z.number(),
  tradesCreated: z.number(),
  tradesUpdated: z.number(),
  skipped: z.array(importSkippedJsonSchema),
  errors: z.array(importProblemJsonSchema),
};

const IMPORT_STATUSES = ['preview', 'queued', 'running', 'done', 'failed', 'undone'] as const;
export type ImportStatusJson = (typeof IMPORT_STATUSES)[number];

export const importJsonSchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  fileSize: z.number(),
  accountId: z.string().nullable(),
  broker: z.string().nullable(),
  createdAt: z.string(),
  committedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  rowCount: z.number(),
  /** 0–1 while running. */
  progress: z.number(),
  ...importCountsJsonShape,
  failureMessage: z.string().nullable(),
});
export type ImportJson = z.infer<typeof importJsonSchema>;

/**
 * What committing the preview would do, read from the whole file with the preview's mapping and
 * grouped with the chosen account's fills of the same instruments, as the commit groups them.
 */
export const importPreviewSummaryJsonSchema = z.object({
  /** Fills the import adds: not already in the account, not refused. */
  executions: z.number(),
  /** Trades those fills make or change (a fill that extends an open trade counts that trade). */
  trades: z.number(),
  /** Fills the account (or an earlier row of the file) already has: skipped. */
  duplicates: z.number(),
  /** Of the duplicates, fills of trades in "Recently deleted" (restorable there, not by importing again). */
  duplicatesDeleted: z.number(),
  /** Rows that cannot be read or that the journal cannot hold: not imported. */
  errors: z.number(),
  /** Rows set aside (totals, blank lines, cancelled orders…). */
  skipped: z.number(),
  /**
   * Rows that change a position without being a plain buy or sell (issue #45): how many events they
   * make, what they are ("3 splits, 40 reinvestments, 2 symbol changes"), and those that cannot
   * apply (a split of a position the account does not hold), each with its row.
   */
  events: z.object({
    count: z.number(),
    text: z.string(),
    problems: z.array(importProblemJsonSchema),
  }),
});
export type ImportPreviewSummaryJson = z.infer<typeof importPreviewSummaryJsonSchema>;

/**
 * `DELETE /api/imports/:id` of a committed import: it is undone, its trades in "Recently deleted";
 * `undoToken` (null when it was undone already) brings them back through `POST /api/trades/restore`.
 */
export const importUndoJsonSchema = importJsonSchema.extend({ undoToken: z.uuid().nullable() });
export type ImportUndoJson = z.infer<typeof importUndoJsonSchema>;

/** `POST /api/imports` answer (201). */
export const importPreviewJsonSchema = importJsonSchema.extend({
  detected: importDetectedJsonSchema,
  preview: z.object({
    executions: z.array(importPreviewExecutionJsonSchema),
    problems: z.array(importProblemJsonSchema),
    skipped: z.array(importSkippedJsonSchema),
  }),
  /**
   * Null while a required column is missing, or for a file longer than the rows an import commits
   * in the request (`IMPORT_SYNC_ROW_LIMIT`): those are counted as they run.
   */
  summary: importPreviewSummaryJsonSchema.nullable(),
  /** A saved mapping for this header layout was applied. */
  templateApplied: z.boolean(),
});
export type ImportPreviewJson = z.infer<typeof importPreviewJsonSchema>;

export const importListJsonSchema = z.object({ imports: z.array(importJsonSchema) });
export type ImportListJson = z.infer<typeof importListJsonSchema>;

/** `POST /api/imports/:id/commit` answer when done at once (200). */
export const importCommitJsonSchema = z.object({
  id: z.string(),
  status: z.literal('done'),
  ...importCountsJsonShape,
});
export type ImportCommitJson = z.infer<typeof importCommitJsonSchema>;

/** `POST /api/broker-format-requests` (201): the request's id and the thanks the page shows. */
export const brokerFormatRequestJsonSchema = z.object({ id: z.string(), message: z.string() });

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
