import { z } from 'zod';
import type { Leases } from '../../db/leases';
import type { UserRow } from '../users';
import type { Analysis } from './import-engine';
import { failInterruptedImport, failInterruptedImports, runLargeImport, toImportLeaseKey } from './import-runner';
import { getImport } from './imports.queries';
import { finishRun, type ImportDeps } from './imports.service';

/** What a large import's job carries: the import, and what the commit's analysis decided. */
export const importRunPayloadSchema = z.object({
  importId: z.uuid(),
  userId: z.uuid(),
  /** When the user committed it (the import's clock for the trades it writes). */
  committedAt: z.iso.datetime(),
  rowCount: z.number().int().min(0),
  replay: z.custom<Analysis['replay']>((value) => typeof value === 'object' && value !== null && !Array.isArray(value)),
});
export type ImportRunPayload = z.infer<typeof importRunPayloadSchema>;

export type ImportJobParams = {
  leases: Leases;
  loadUser: (id: string) => Promise<UserRow | undefined>;
};

/** Thrown to try again later: another process holds the import's lease for a moment. */
export class ImportBusyError extends Error {
  override name = 'ImportBusyError';
}

/**
 * The `import-run` job: runs a committed import once, whichever process or attempt gets it. An
 * import already done, failed or undone is left alone; one still marked running had its attempt
 * cut off (its process stopped) and is taken out again and marked failed, as the start-up sweep does.
 */
export async function runImportJob(deps: ImportDeps, payload: ImportRunPayload, params: ImportJobParams) {
  const lease = await params.leases.tryHold(toImportLeaseKey(payload.importId));
  if (!lease) {
    // Another process runs it, or looks at it for a moment (the sweep): only a queued one needs this job again.
    const row = await getImport(deps.db, { userId: payload.userId, id: payload.importId });
    if (row?.status === 'queued') throw new ImportBusyError(`import ${payload.importId} is held by another process`);
    return;
  }
  try {
    const row = await getImport(deps.db, { userId: payload.userId, id: payload.importId });
    if (row?.status === 'running') {
      await failInterruptedImport(deps.db, { now: new Date(), loadUser: params.loadUser, row });
      await deps.uploads.remove(row.id);
      return;
    }
    if (row?.status !== 'queued') return;
    const user = await params.loadUser(payload.userId);
    if (!user) return;
    const run = () =>
      runLargeImport(deps, { user, importRow: row, analysis: payload, now: new Date(payload.committedAt) });
    // The outcome, done or failed with its message, is on the import's row: a retry would only find it there.
    await finishRun(deps, row.id, run)
      .catch((err: unknown) => deps.log('import failed', err))
      .finally(() => deps.onTradesChanged?.(payload.userId));
  } finally {
    await lease.release();
  }
}

/**
 * The `import-recover` job (at start-up and every few minutes): imports left running by a process
 * that stopped (no one holds their lease) are taken out again and marked failed, and imports
 * queued whose job is gone (a stop between the commit and its job) are marked failed, on any
 * engine and with any number of servers.
 */
export async function recoverInterruptedImports(
  deps: ImportDeps,
  params: ImportJobParams & { hasPendingJob: (importId: string) => Promise<boolean> },
): Promise<string[]> {
  const failed = await failInterruptedImports(deps.db, {
    now: new Date(),
    loadUser: params.loadUser,
    leases: params.leases,
    isOrphan: async (row) => row.status === 'running' || (await isJobless(row.id, params.hasPendingJob)),
  });
  for (const id of failed) await deps.uploads.remove(id);
  return failed;
}

/** The moment between a commit's setting an import queued and its sending the job. */
const COMMIT_GRACE_MS = 2_000;

/** A queued import with no job waiting, now and a moment later (a commit may be between the two). */
async function isJobless(importId: string, hasPendingJob: (importId: string) => Promise<boolean>): Promise<boolean> {
  if (await hasPendingJob(importId)) return false;
  await new Promise((resolve) => setTimeout(resolve, COMMIT_GRACE_MS));
  return !(await hasPendingJob(importId));
}
