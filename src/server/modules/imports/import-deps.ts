import type { FastifyInstance } from 'fastify';
import { maintainAfterBulkWrite } from '../../db/maintenance';
import { createChatClient } from '../../llm/chat-client';
import { createColumnRefiner } from './column-refiner';
import type { ImportDeps } from './imports.service';
import { createSpreadsheetReader } from './spreadsheet-reader';
import { createUploadStore } from './upload-store';

/**
 * What the import routes and the import jobs work with, from the app's config and services, with
 * reader processes for uploaded workbooks of their own (a background commit's worker thread starts
 * its own too): `close` stops them.
 */
export function createImportDeps(app: FastifyInstance): { deps: ImportDeps; close: () => Promise<void> } {
  const spreadsheets = createSpreadsheetReader({
    maxHeapMb: app.config.importSpreadsheetMaxHeapMb,
  });
  const deps: ImportDeps = {
    db: app.db,
    openSpreadsheet: spreadsheets.open,
    spreadsheetMaxHeapMb: app.config.importSpreadsheetMaxHeapMb,
    uploads: createUploadStore(app.config.importsDir),
    maxBytes: app.config.importMaxBytes,
    syncRowLimit: app.config.importSyncRowLimit,
    batchRows: app.config.importBatchRows,
    batchTargetMs: app.config.importBatchTargetMs,
    checkpointWalBytes: app.config.importCheckpointWalBytes,
    log: (message, err) => app.log.error({ err }, message),
    enqueueRun: (payload) => app.jobs.send('import-run', payload),
    // The analytics reload of a large import reads the pages it wrote: vacuumed first, from the
    // index (PostgreSQL); PGlite checkpoints its write-ahead log (maintenance.ts).
    onTradesChanged: (userId) =>
      void maintainAfterBulkWrite(app.db, app.dbEngine)
        .catch((err: unknown) => app.log.warn({ err }, 'maintenance after an import failed'))
        .finally(() => app.analyticsCache.refresh(userId)),
    ...(app.config.llm && {
      refineColumns: createColumnRefiner({
        chat: createChatClient(app.config.llm),
        warn: (details, message) => app.log.warn(details, message),
      }),
    }),
  };
  return { deps, close: async () => spreadsheets.close() };
}
