import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsDir } from '../../src/server/db/client';

/**
 * A copy of the app's migrations that ends at `lastIndex`, to build a database as an older release
 * left it and then migrate it the rest of the way. `remove` deletes the copy.
 */
export function migrationsUpTo(lastIndex: number): { folder: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'edgebook-migrations-'));
  cpSync(migrationsDir, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  writeFileSync(
    journalPath,
    JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= lastIndex) }),
  );
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
