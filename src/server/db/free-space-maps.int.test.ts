import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectedEngine } from '../../../test/helpers/test-database';
import { openDatabase, type Database } from './client';

/**
 * PGlite on disk, as `npm start` runs it: every table and index of the app has a free-space map
 * from the start (free-space-maps.ts), and PostgreSQL goes on using them as its own.
 */
const directory = mkdtempSync(join(tmpdir(), 'edgebook-fsm-'));
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  rmSync(directory, { recursive: true, force: true });
});

async function relationPaths(db: Database['db']): Promise<string[]> {
  const result = await db.execute(sql`
    select pg_relation_filepath(c.oid) as path from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'i') and c.relpersistence = 'p'`);
  return (result as unknown as { rows: { path: string }[] }).rows.map((row) => row.path);
}

describe.runIf(expectedEngine() === 'pglite')('PGlite free-space maps', () => {
  it('gives every table and index a map at start-up, which PostgreSQL then uses and keeps', async () => {
    database = await openDatabase({ dataDir: directory });
    const paths = await relationPaths(database.db);
    expect(paths.length).toBeGreaterThan(30);
    for (const path of paths) expect(existsSync(join(directory, 'pglite', `${path}_fsm`))).toBe(true);

    // Rows in and out of a table with indexes, a vacuum that records the free space in the maps.
    const { db } = database;
    await db.execute(sql`insert into contact_messages (name, email, subject, message)
      select 'n' || i, 'e' || i || '@example.com', 's', repeat('m', 200) from generate_series(1, 20000) i`);
    await db.execute(sql`delete from contact_messages where name like 'n1%'`);
    await db.execute(sql`vacuum contact_messages`);
    await db.execute(sql`insert into contact_messages (name, email, subject, message)
      select 'x' || i, 'x@example.com', 's', 'm' from generate_series(1, 5000) i`);
    await db.execute(sql`checkpoint`); // the maps' pages written out to their files
    await database.whenWritten(); // PGlite's file writes are queued on a thread of their own
    const map = readFileSync(join(directory, 'pglite', `${await tablePath(db)}_fsm`));
    expect(map.length).toBeGreaterThanOrEqual(8192);
    expect(map.some((byte) => byte !== 0)).toBe(true); // the vacuum recorded free space in it
    await database.close();

    // Opened again: the data is all there, and no map is made twice.
    database = await openDatabase({ dataDir: directory });
    const result = await database.db.execute(sql`select count(*)::int as n from contact_messages`);
    expect((result as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 20000 - 11111 + 5000 }]);
  });
});

async function tablePath(db: Database['db']): Promise<string> {
  const result = await db.execute(sql`select pg_relation_filepath('contact_messages') as path`);
  return (result as unknown as { rows: { path: string }[] }).rows[0]!.path;
}
