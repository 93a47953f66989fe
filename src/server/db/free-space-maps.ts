import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** PostgreSQL's page size: a free-space map is made of pages of it. */
const PAGE_BYTES = 8192;

/**
 * PGlite on disk: gives every table and index of the app's schema a free-space map if it has none.
 *
 * PostgreSQL looks for a relation's free-space map before each page it adds to it, and while the
 * map does not exist it asks the file system again every time. On PGlite each such look-up that
 * fails is an exception thrown and caught in its JavaScript file system: about 6,000 per 100,000
 * imported rows, on indexes that never get a map (only VACUUM makes one), which cost a large
 * import about 8 % of the server's thread (docs/import-bench.md). A map of one page of zeros is
 * what PostgreSQL starts one with: a new page reads as "no free space recorded", and PostgreSQL
 * fills it in as it records free space. The map is not in the write-ahead log (PostgreSQL never
 * logs it), so a file made here is as good as one it made. PostgreSQL's own catalogs are left alone.
 *
 * Run at start-up, after the migrations, before anything else uses the database: a relation gets
 * a new file only when it is rewritten (by a migration), and only then is it without a map again.
 * Answers how many maps it made.
 */
export async function addMissingFreeSpaceMaps(client: PGlite, dataDirectory: string): Promise<number> {
  const { rows } = await client.query<{ path: string }>(
    `select pg_relation_filepath(c.oid) as path from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'i') and c.relpersistence = 'p'`,
  );
  let made = 0;
  for (const { path } of rows) {
    try {
      // 'wx': never over a map that is there (PostgreSQL's own, with what it recorded).
      writeFileSync(join(dataDirectory, `${path}_fsm`), new Uint8Array(PAGE_BYTES), { flag: 'wx' });
      made += 1;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return made;
}
