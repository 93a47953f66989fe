import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDataDirLock, type DataDirHolderKind, type DataDirLock } from './data-dir-lock';
import { addMissingFreeSpaceMaps } from './free-space-maps';
import { WriteBehindFs } from './pglite-fs/write-behind-fs';
import { withParsersOnce } from './pglite-parsers';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both engines: queries are written once, in PostgreSQL's dialect. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbEngine = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  engine: DbEngine;
  /**
   * Settles once every write committed so far would survive the process being killed (PGlite's
   * queued file operations are in the kernel's hands); at once on PostgreSQL, whose commit is.
   */
  whenWritten: () => Promise<void>;
  /** The data directory's lock (PGlite on disk), which names the socket the server takes commands on. */
  dataDirLock: DataDirLock | null;
  close: () => Promise<void>;
};

const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** PGlite's own start-up parameters (single-user mode and its settings), which ours extend. */
const PGLITE_DEFAULT_START_PARAMS: readonly string[] = PGlite.defaultStartParams;

/**
 * PGlite's shared buffers (128 MB by default). A checkpoint writes out every dirty buffer on the
 * thread that runs PGlite, this one: after a large import all 128 MB are dirty, and every request
 * waits while it writes them; with 64 MB, about half as long. Pages that no longer fit are written
 * out and read back a few at a time by the statements that need them (from the operating system's
 * cache), which a large import's indexes on random keys (P&L, R…) do for most of their entries:
 * with 32 MB a large import took markedly longer.
 */
const PGLITE_SHARED_BUFFERS = '64MB';

/**
 * Opens the database: PostgreSQL through `pg` when a URL is given, otherwise PGlite with its data
 * in `dataDir` (or in memory for `dataDir: null`), and applies the committed migrations. PGlite on
 * disk is opened by one process at a time: another one holding `dataDir` makes this throw
 * DataDirLockedError (`data-dir-lock.ts`); `holder` says what this process is, for its message.
 */
export async function openDatabase(params: {
  databaseUrl?: string;
  dataDir: string | null;
  holder?: DataDirHolderKind;
}): Promise<Database> {
  if (params.databaseUrl) {
    const pool = new pg.Pool({ connectionString: params.databaseUrl, max: 10 });
    // An idle connection the server closes (a restart, an administrator) must not take the app
    // down: the pool drops it and opens another on the next query, which reports its own errors.
    pool.on('error', (err) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    const whenWritten = () => Promise.resolve();
    return { db: db as unknown as Db, engine: 'postgres', whenWritten, dataDirLock: null, close: () => pool.end() }; // same PgDatabase, other result HKT
  }
  const lock = params.dataDir === null ? null : acquireDataDirLock(params.dataDir, params.holder ?? 'process');
  try {
    return await openPglite(params.dataDir, lock);
  } catch (err) {
    lock?.release();
    throw err;
  }
}

async function openPglite(dataDir: string | null, lock: DataDirLock | null): Promise<Database> {
  const options = { startParams: [...PGLITE_DEFAULT_START_PARAMS, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] };
  // On disk, its writes go to a thread of their own: one the kernel holds up must not hold up requests.
  const fs = dataDir === null ? null : new WriteBehindFs(resolve(dataDir, 'pglite'));
  const client = fs === null ? new PGlite(options) : new PGlite({ ...options, fs });
  // PGlite runs in this thread, and nothing checkpoints its WAL while it runs, so every 16 MB of
  // writes starts a new WAL file: zero-filled first (the default), each held the event loop, about
  // a hundred times during a 1,000,000-row import. Without, the file is only
  // sized (PostgreSQL writes its last byte); the WAL's contents are the same.
  await client.exec('set wal_init_zero = off');
  // Array types' parsers are read at the first statement (above), before the table is set.
  const db = drizzlePglite(withParsersOnce(client), { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  if (fs !== null) {
    // It writes files beside PGlite's: none of PGlite's own may still be queued.
    fs.drain();
    await addMissingFreeSpaceMaps(client, fs.rootDir);
  }
  return {
    db: db as unknown as Db, // same PgDatabase, other result HKT
    engine: 'pglite',
    whenWritten: () => fs?.whenWritten() ?? Promise.resolve(),
    dataDirLock: lock,
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * True when `db` is PGlite or one of its transactions: one connection, in this thread, so no
 * other transaction runs (or holds a lock) while one of its statements does.
 */
export function isPglite(db: Db): boolean {
  const client = (db as unknown as { session: { client: unknown } }).session.client;
  return !(client instanceof pg.Client) && !(client instanceof pg.Pool);
}

export const migrationsDir = MIGRATIONS_DIR;
export const defaultPgliteDir = (dataDir: string) => join(dataDir, 'pglite');
