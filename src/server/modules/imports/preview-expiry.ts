import { deleteExpiredPreviews, listKnownImportIds } from './imports.queries';
import type { ImportDeps } from './imports.service';

/** A preview nobody committed or discarded for this long leaves the history, and its file the disk. */
export const PREVIEW_TTL_MS = 24 * 60 * 60 * 1000;

export type PreviewExpiry = { previews: number; files: number };

/**
 * The `import-preview-expire` job: previews uploaded more than PREVIEW_TTL_MS before `now` and
 * never committed are deleted (of every user), then their files. Files on disk without an import
 * and as old (a removal a stop cut off) go too; younger ones may be uploads under way. Committed,
 * failed and undone imports are left alone. Idempotent: a second run finds nothing left to do.
 */
export async function expireAbandonedPreviews(
  deps: Pick<ImportDeps, 'db' | 'uploads'>,
  { now }: { now: Date },
): Promise<PreviewExpiry> {
  const before = new Date(now.getTime() - PREVIEW_TTL_MS);
  // NOTE: the rows go first: a preview committed at this very moment is no longer a preview, so it
  // is not deleted and its file stays for the commit.
  const expired = await deleteExpiredPreviews(deps.db, { before });
  for (const id of expired) await deps.uploads.remove(id);
  const onDisk = await deps.uploads.listIds();
  const known = await listKnownImportIds(deps.db, onDisk);
  let files = expired.length;
  for (const id of onDisk) {
    if (known.has(id) || expired.includes(id)) continue;
    const modifiedAt = await deps.uploads.modifiedAt(id);
    if (modifiedAt && modifiedAt < before) {
      await deps.uploads.remove(id);
      files += 1;
    }
  }
  return { previews: expired.length, files };
}
