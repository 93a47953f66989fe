import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type {
  ImportCommitJson,
  ImportCommitRequest,
  ImportJson,
  ImportListJson,
  ImportMapping,
  ImportPreviewJson,
  ImportPreviewSummaryJson,
  ImportUndoJson,
} from '../../../contracts/imports';
import type { AppliedSuggestion } from '../../../core/import/detect/refine-columns';
import { COLUMN_ROLES } from '../../../core/import/detect/roles';
import { ImportFileError, type OpenSpreadsheet } from '../../../core/import/table';
import { isValidTimeZone } from '../../../core/import/values/time-zone';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { getAccount, getAccountForUpdate } from '../accounts';
import { isUuid } from '../ids';
import { deleteImportFills } from '../trades';
import type { UserRow } from '../users';
import type { ColumnRefiner } from './column-refiner';
import { analyseUpload, toHeaderSignature, type Analysis, type FileCount } from './import-engine';
import { runImport, type ImportRunResult } from './import-runner';
import {
  deleteImportRow,
  getImport,
  getImportForUpdate,
  getMappingTemplate,
  insertImport,
  listFailedImportIds,
  listImports,
  updateImport,
  upsertMappingTemplate,
  type ImportRow,
} from './imports.queries';
import type { ImportRunPayload } from './import-jobs';
import type { UploadStore } from './upload-store';
import { summarisePreview } from './preview-summary';

export type SavedUpload = { fileName: string; size: number; sha256: string };

/** A new id for an upload about to be saved. */
export const newImportId = (): string => randomUUID();

export type ImportDeps = {
  db: Db;
  uploads: UploadStore;
  maxBytes: number;
  /** Files with more data rows than this are committed in the background (202 and progress). */
  syncRowLimit: number;
  /** Rows per write transaction of a background import (and per batch the worker thread hands over): the first size when `batchTargetMs` is set. */
  batchRows: number;
  /** PGlite, when above 0: the batches are sized so that each transaction takes about this long (batch-sizer.ts). */
  batchTargetMs: number;
  /** PGlite: write-ahead log a background import writes between two checkpoints (createImportCheckpointer). */
  checkpointWalBytes: number;
  log: (message: string, err: unknown) => void;
  /** A language model's second opinion on unsure columns at upload; absent when none is configured. */
  refineColumns?: ColumnRefiner;
  /** Queues a large import's run (the `import-run` job); it runs after the answer, and after a restart. */
  enqueueRun: (payload: ImportRunPayload) => Promise<unknown>;
  /** Told when a background import has finished changing the user's trades. */
  onTradesChanged?: (userId: string) => void;
  /** Reads uploaded workbooks in child processes (spreadsheet-reader.ts). */
  openSpreadsheet: OpenSpreadsheet;
  /** The heap cap a worker thread gives the reader processes it starts for a background commit. */
  spreadsheetMaxHeapMb: number;
};

const HISTORY_LIMIT = 100;

export function toImportJson(row: ImportRow): ImportJson {
  return {
    id: row.id,
    status: row.status,
    fileName: row.fileName,
    fileSize: row.fileSize,
    accountId: row.accountId,
    broker: row.broker,
    createdAt: row.createdAt.toISOString(),
    committedAt: row.committedAt?.toISOString() ?? null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    rowCount: row.rowCount,
    progress: row.progress,
    executionsAdded: row.executionsAdded,
    duplicatesSkipped: row.duplicatesSkipped,
    duplicatesDeleted: row.duplicatesDeleted,
    tradesCreated: row.tradesCreated,
    tradesUpdated: row.tradesUpdated,
    skipped: row.skippedRows,
    errors: row.errors,
    failureMessage: row.failureMessage,
  };
}

function toPreviewJson(
  row: ImportRow,
  analysis: Analysis,
  summary: ImportPreviewSummaryJson | null,
): ImportPreviewJson {
  return {
    ...toImportJson(row),
    detected: analysis.detected,
    preview: analysis.preview,
    summary,
    templateApplied: analysis.templateApplied,
  };
}

/** The preview's counts (summarisePreview); a file that turns out unreadable is said plainly. */
async function summarise(
  deps: ImportDeps,
  params: { userId: string; importId: string; analysis: Analysis; accountId: string | null | undefined },
): Promise<ImportPreviewSummaryJson | null> {
  const account =
    params.accountId && isUuid(params.accountId)
      ? ((await getAccount(deps.db, { userId: params.userId, id: params.accountId })) ?? null)
      : null;
  try {
    return await summarisePreview(deps, { importId: params.importId, analysis: params.analysis, account });
  } catch (err) {
    throw toFileError(err) ?? err;
  }
}

const keptColumnsSchema = z.object({
  columns: z.array(
    z.object({
      index: z.number().int().min(0),
      header: z.string(),
      role: z.enum(COLUMN_ROLES),
      confidence: z.number().min(0).max(1),
      source: z.string().optional(),
    }),
  ),
});

/** A last row longer than this is not kept: the commit then counts the file again. */
const MAX_KEPT_ROW_CHARS = 16_384;

/**
 * What is kept of an analysis with the import: what was detected, and the file's count and last
 * row (`count`), so the commit need not read a long file to its end again on the server's thread.
 */
function toStoredDetection(analysis: Analysis): Record<string, unknown> {
  const { count } = analysis;
  const isKept = count !== null && count.lastRow.reduce((sum, cell) => sum + cell.length, 0) <= MAX_KEPT_ROW_CHARS;
  return { ...analysis.detected, ...(isKept ? { count } : {}) };
}

const keptCountSchema = z.object({
  count: z.object({ rowCount: z.number().int().min(0), lastRow: z.array(z.string()) }),
});

/** The count kept by the last preview's analysis (of the same sheet: the commit reads the kept one). */
function toKeptCount(detected: unknown): { counted?: FileCount } {
  const parsed = keptCountSchema.safeParse(detected);
  return parsed.success ? { counted: parsed.data.count } : {};
}

const keptSheetSchema = z.object({ sheetName: z.string().min(1) });

/** The workbook's sheet the last preview read (the one the user picked, or the first with data). */
function toKeptSheet(detected: unknown): { sheetName?: string } {
  const parsed = keptSheetSchema.safeParse(detected);
  return parsed.success ? { sheetName: parsed.data.sheetName } : {};
}

/**
 * The language model's suggestions an import kept (its stored detection's columns marked as the
 * model's), so later previews and the commit apply them again without a new request.
 */
function toKeptSuggestions(detected: unknown): AppliedSuggestion[] {
  const parsed = keptColumnsSchema.safeParse(detected);
  if (!parsed.success) return [];
  return parsed.data.columns
    .filter((c) => c.source === 'language-model')
    .map(({ index, header, role, confidence }) => ({ index, header, role, confidence }));
}

/** A file that is not a table of trades, said plainly (400) — never a 500. */
function toFileError(err: unknown): AppError | null {
  if (err instanceof ImportFileError) {
    if (err.code === 'TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', err.message);
    return new AppError('VALIDATION_ERROR', err.message, { file: err.message });
  }
  return null;
}

async function requireImport(db: Db, params: { userId: string; id: string }): Promise<ImportRow> {
  const row = isUuid(params.id) ? await getImport(db, params) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'Import not found');
  return row;
}

/**
 * Only a preview can be remapped or committed. A failed import's file is gone (finishRun): the user
 * is told so and to upload it again, not that it was committed.
 */
function requirePreview(row: ImportRow): void {
  if (row.status === 'preview') return;
  if (row.status === 'failed')
    throw new AppError(
      'CONFLICT',
      'This import failed and added nothing; its file is not kept. Upload the file again to retry.',
    );
  throw new AppError('CONFLICT', 'This import has already been committed.');
}

async function requireAccountTimeZone(db: Db, params: { userId: string; accountId: string }): Promise<string> {
  const account = isUuid(params.accountId)
    ? await getAccount(db, { userId: params.userId, id: params.accountId })
    : null;
  if (!account) throw new AppError('NOT_FOUND', 'Account not found', { accountId: 'Account not found' });
  return account.timezone;
}

function checkTimeZone(timezone: string | undefined): void {
  if (timezone !== undefined && !isValidTimeZone(timezone))
    throw new AppError('VALIDATION_ERROR', 'Unknown time zone', { timezone: `Unknown time zone: ${timezone}` });
}

/** The account's zone (New York before an account is chosen: most brokers' files are in it). */
async function toAccountTimeZone(
  db: Db,
  params: { userId: string; accountId: string | null | undefined },
): Promise<string> {
  if (params.accountId) return requireAccountTimeZone(db, { userId: params.userId, accountId: params.accountId });
  return 'America/New_York';
}

async function analyse(
  deps: ImportDeps,
  params: {
    userId: string;
    id: string;
    fileName: string;
    accountTimeZone: string;
    timezone: string | null | undefined;
    mapping?: ImportMapping;
    sheetName?: string;
    /** The language model's suggestions kept from the upload (never asked again after it). */
    suggestions?: AppliedSuggestion[];
    /** The file's count kept from an earlier analysis (AnalyseOptions.counted). */
    counted?: FileCount;
  },
): Promise<Analysis> {
  // At upload (no kept suggestions yet) the model, when configured, may be asked once.
  const refine = params.suggestions === undefined && deps.refineColumns ? { refineColumns: deps.refineColumns } : {};
  try {
    return await analyseUpload(() => deps.uploads.open(params.id), {
      fileName: params.fileName,
      accountTimeZone: params.accountTimeZone,
      timeZoneOverride: params.timezone ?? undefined,
      maxBytes: deps.maxBytes,
      openSpreadsheet: deps.openSpreadsheet,
      mapping: params.mapping,
      sheetName: params.sheetName,
      ...refine,
      ...(params.suggestions ? { suggestions: params.suggestions } : {}),
      ...(params.counted ? { counted: params.counted } : {}),
      findTemplate: async (headers) => {
        const template = await getMappingTemplate(deps.db, {
          userId: params.userId,
          headerSignature: toHeaderSignature(headers),
        });
        return (template?.mapping as ImportMapping | undefined) ?? null;
      },
    });
  } catch (err) {
    throw toFileError(err) ?? err;
  }
}

/**
 * `POST /api/imports`: stores the upload, detects its layout and answers the preview. Nothing is
 * added to the journal until commit. A file that is not a table of trades is refused and removed.
 */
export async function createImport(
  deps: ImportDeps,
  params: {
    user: UserRow;
    /** The id the upload was saved under (see saveUpload). */
    id: string;
    saved: SavedUpload;
    accountId?: string;
    timezone?: string;
    now: Date;
  },
): Promise<ImportPreviewJson> {
  const { user, id, saved } = params;
  try {
    checkTimeZone(params.timezone);
    const accountTimeZone = await toAccountTimeZone(deps.db, { userId: user.id, accountId: params.accountId });
    if (saved.size === 0) throw new AppError('VALIDATION_ERROR', 'The file is empty.', { file: 'The file is empty.' });
    const analysis = await analyse(deps, {
      userId: user.id,
      id,
      fileName: saved.fileName,
      accountTimeZone,
      timezone: params.timezone,
    });
    const summary = await summarise(deps, { userId: user.id, importId: id, analysis, accountId: params.accountId });
    const row = await insertImport(deps.db, {
      id,
      userId: user.id,
      values: {
        accountId: params.accountId ?? null,
        fileName: saved.fileName,
        fileSize: saved.size,
        fileSha256: saved.sha256,
        status: 'preview',
        broker: analysis.detected.broker,
        timezone: params.timezone ?? null,
        detected: toStoredDetection(analysis),
        rowCount: analysis.rowCount,
        createdAt: params.now,
      },
    });
    return toPreviewJson(row, analysis, summary);
  } catch (err) {
    await deps.uploads.remove(id);
    throw err;
  }
}

/** `POST /api/imports/:id/preview`: detection again with the user's column choices, zone or sheet. */
export async function remapImport(
  deps: ImportDeps,
  params: {
    user: UserRow;
    id: string;
    accountId?: string;
    mapping?: ImportMapping;
    timezone?: string;
    sheetName?: string;
  },
): Promise<ImportPreviewJson> {
  const row = await requireImport(deps.db, { userId: params.user.id, id: params.id });
  requirePreview(row);
  checkTimeZone(params.timezone);
  const accountId = params.accountId ?? row.accountId;
  const accountTimeZone = await toAccountTimeZone(deps.db, { userId: params.user.id, accountId });
  const analysis = await analyse(deps, {
    userId: params.user.id,
    id: row.id,
    fileName: row.fileName,
    accountTimeZone,
    timezone: params.timezone ?? row.timezone,
    mapping: params.mapping,
    sheetName: params.sheetName,
    suggestions: toKeptSuggestions(row.detected),
  });
  const summary = await summarise(deps, { userId: params.user.id, importId: row.id, analysis, accountId });
  await updateImport(deps.db, {
    id: row.id,
    values: {
      detected: toStoredDetection(analysis),
      rowCount: analysis.rowCount,
      timezone: params.timezone ?? row.timezone,
      accountId,
    },
  });
  return toPreviewJson({ ...row, accountId, rowCount: analysis.rowCount }, analysis, summary);
}

export async function getImportJson(db: Db, params: { userId: string; id: string }): Promise<ImportJson> {
  return toImportJson(await requireImport(db, params));
}

export async function listImportJson(db: Db, userId: string): Promise<ImportListJson> {
  return { imports: (await listImports(db, { userId, limit: HISTORY_LIMIT })).map(toImportJson) };
}

export type CommitOutcome = { kind: 'done'; json: ImportCommitJson } | { kind: 'started'; json: ImportJson };

/**
 * `POST /api/imports/:id/commit`: reads the whole file with the final mapping into the chosen
 * account. Small files finish in the request, in one transaction; large ones run in the
 * background (202) with progress on the import, and still add all or nothing.
 */
export async function commitImport(
  deps: ImportDeps,
  params: { user: UserRow; id: string; request: ImportCommitRequest; now: Date },
): Promise<CommitOutcome> {
  const { user, request } = params;
  const row = await requireImport(deps.db, { userId: user.id, id: params.id });
  requirePreview(row);
  checkTimeZone(request.timezone);
  const accountTimeZone = await requireAccountTimeZone(deps.db, { userId: user.id, accountId: request.accountId });
  const timezone = request.timezone ?? row.timezone;
  const analysis = await analyse(deps, {
    userId: user.id,
    id: row.id,
    fileName: row.fileName,
    accountTimeZone,
    timezone,
    mapping: request.mapping,
    ...toKeptSheet(row.detected),
    ...toKeptCount(row.detected),
    suggestions: toKeptSuggestions(row.detected),
  });
  if (analysis.detected.missingRoles.length > 0) {
    const names = analysis.detected.missingRoles.join(', ');
    throw new AppError('VALIDATION_ERROR', `Choose the column that holds: ${names}.`, { mapping: `Missing: ${names}` });
  }
  if (request.mapping && request.saveTemplate !== false)
    await upsertMappingTemplate(deps.db, {
      userId: user.id,
      headerSignature: toHeaderSignature(analysis.headers),
      headers: analysis.headers,
      mapping: request.mapping,
      now: params.now,
    });

  const isLarge = analysis.rowCount > deps.syncRowLimit;
  await updateImport(deps.db, {
    id: row.id,
    values: {
      accountId: request.accountId,
      timezone: analysis.detection.timeZone,
      mapping: request.mapping ?? null,
      status: isLarge ? 'queued' : 'running',
      progress: 0,
    },
  });
  const run = () =>
    runImport(deps, { user, importRow: { ...row, accountId: request.accountId }, analysis, now: params.now });
  if (!isLarge) return { kind: 'done', json: toCommitJson(row.id, await finishRun(deps, row.id, run)) };

  // Runs after the answer, as a job (import-jobs.ts); its progress and outcome are on the import row.
  const { rowCount, replay } = analysis;
  await deps
    .enqueueRun({ importId: row.id, userId: user.id, committedAt: params.now.toISOString(), rowCount, replay })
    .catch(async (err: unknown) => {
      await updateImport(deps.db, {
        id: row.id,
        values: { status: 'failed', failureMessage: 'The import could not be started; nothing was added.' },
      });
      throw err;
    });
  return { kind: 'started', json: toImportJson({ ...row, status: 'queued', accountId: request.accountId }) };
}

function toCommitJson(id: string, result: ImportRunResult): ImportCommitJson {
  return { id, status: 'done', ...result };
}

/** Runs an import and records its outcome: done with counts, or failed with nothing added. */
export async function finishRun(
  deps: ImportDeps,
  id: string,
  run: () => Promise<ImportRunResult>,
): Promise<ImportRunResult> {
  try {
    const result = await run();
    await updateImport(deps.db, {
      id,
      values: {
        status: 'done',
        progress: 1,
        committedAt: new Date(),
        executionsAdded: result.executionsAdded,
        duplicatesSkipped: result.duplicatesSkipped,
        duplicatesDeleted: result.duplicatesDeleted,
        tradesCreated: result.tradesCreated,
        tradesUpdated: result.tradesUpdated,
        skippedRows: result.skipped,
        errors: result.errors,
      },
    });
    await deps.uploads.remove(id);
    return result;
  } catch (err) {
    const fileError = toFileError(err);
    const message =
      err instanceof AppError ? err.message : fileError ? fileError.message : 'The import failed; nothing was added.';
    // NOTE: a failed import cannot be committed again, so its file (as large as the upload limit) goes,
    // before the import reads as failed: whoever sees "failed" finds the file gone. (Cut off in
    // between, the import stays "running" and the start-up sweep marks it failed.)
    await deps.uploads.remove(id).catch((removeError: unknown) => deps.log('import file not removed', removeError));
    await updateImport(deps.db, { id, values: { status: 'failed', failureMessage: message } });
    throw fileError ?? err;
  }
}

/**
 * `DELETE /api/imports/:id`: a preview is discarded; a committed import is undone — exactly the
 * executions it added are taken out (kept 30 days in "Recently deleted" with the trades they were
 * in) and their instruments regrouped; the history keeps the entry.
 */
export async function deleteImport(
  deps: ImportDeps,
  params: { user: UserRow; id: string; now: Date },
): Promise<ImportUndoJson | null> {
  const { user } = params;
  if (!isUuid(params.id)) throw new AppError('NOT_FOUND', 'Import not found');
  const outcome = await deps.db.transaction(async (tx) => {
    // Undoing a finished import writes the account's fills: it takes the account's lock, and takes
    // it before the import's row, in the order every other writer does (an import's batches, and an
    // account's deletion, which sets its imports' account to null), or two could wait for each other.
    const seen = await getImport(tx, { userId: user.id, id: params.id });
    if (!seen) throw new AppError('NOT_FOUND', 'Import not found');
    const lockedAccountId = seen.status === 'done' ? seen.accountId : null;
    if (lockedAccountId) await getAccountForUpdate(tx, { userId: user.id, id: lockedAccountId });
    const row = await getImportForUpdate(tx, { userId: user.id, id: params.id });
    if (!row) throw new AppError('NOT_FOUND', 'Import not found');
    if (row.status === 'queued' || row.status === 'running')
      throw new AppError('CONFLICT', 'This import is still running; undo it once it has finished.');
    if (row.status === 'preview' || row.status === 'failed') {
      await deleteImportRow(tx, { userId: user.id, id: row.id });
      return null;
    }
    if (row.status === 'undone') return { row, undoToken: null };
    // It finished, or lost its account, between the two reads: undone with the lock on the next try.
    if (row.accountId !== lockedAccountId)
      throw new AppError('CONFLICT', 'This import changed while you asked to undo it; please try again.');
    // Its fills and trades go to "Recently deleted" for 30 days, restorable by the token.
    // (An import whose account was deleted has no fills left to take.)
    const undoToken = lockedAccountId
      ? (await deleteImportFills(tx, { user, importId: row.id, accountId: lockedAccountId, now: params.now })).undoToken
      : null;
    const values = { status: 'undone' as const, undoneAt: params.now };
    await updateImport(tx, { id: row.id, values });
    return { row: { ...row, ...values }, undoToken };
  });
  if (outcome === null) await deps.uploads.remove(params.id);
  return outcome && { ...toImportJson(outcome.row), undoToken: outcome.undoToken };
}

/**
 * On start-up: the files of failed imports are removed (any a failure before finishRun removed them
 * left behind; the import-recover job removes those of the imports it fails itself). A file
 * with no import yet is an upload under way (on another server, with PostgreSQL) and is kept.
 */
export async function removeFailedUploads(deps: Pick<ImportDeps, 'db' | 'uploads'>): Promise<void> {
  for (const id of await listFailedImportIds(deps.db, await deps.uploads.listIds())) await deps.uploads.remove(id);
}
