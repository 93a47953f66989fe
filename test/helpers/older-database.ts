import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsDir, type Db } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';

/**
 * A copy of the app's migrations that ends at `lastIndex`, to build a database as an older release
 * left it and then migrate it the rest of the way. `remove` deletes the copy.
 */
function migrationsUpTo(lastIndex: number): { folder: string; remove: () => void } {
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

/**
 * An in-memory PGlite database migrated up to `lastIndex`, as an older release left it: fill it
 * with that release's rows, then `migrateRest` applies the migrations after it. `db` has the app's
 * type, as openDatabase answers it (its schema is today's: write older columns in SQL).
 */
export async function openDatabaseAtMigration(lastIndex: number) {
  const client = new PGlite();
  const pglite = drizzle(client, { schema, casing: 'snake_case' });
  const older = migrationsUpTo(lastIndex);
  await migrate(pglite, { migrationsFolder: older.folder });
  return {
    client,
    pglite,
    db: pglite as unknown as Db,
    migrateRest: () => migrate(pglite, { migrationsFolder: migrationsDir }),
    close: async () => {
      await client.close();
      older.remove();
    },
  };
}

/** The id `insert … returning id` answered (PGlite and node-postgres both answer `{ rows }`). */
export const idOf = (result: unknown): string => (result as { rows: { id: string }[] }).rows[0]!.id;

/**
 * A verified user with one account, "Old", in a database opened by openDatabaseAtMigration. Written
 * in SQL with the columns the first release had: the app's statements name every column of today's
 * schema, which an older database does not have yet.
 */
export async function addOldUserWithAccount(db: Db): Promise<{ userId: string; accountId: string }> {
  const userId = idOf(
    await db.execute(
      sql`insert into users (email, password_hash, email_verified_at, trial_ends_at)
        values ('old@example.com', 'not a usable hash', now(), now() + interval '14 days') returning id`,
    ),
  );
  const accountId = idOf(
    await db.execute(sql`insert into accounts (user_id, name) values (${userId}, 'Old') returning id`),
  );
  return { userId, accountId };
}
