import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';

/**
 * A fresh, migrated database that goes away on close: in-memory PGlite without `databaseUrl`;
 * with it, a new database `<prefix>_<random>` created on that PostgreSQL server and dropped on close.
 * Tests use one per file; benches one per run, so no earlier run's rows weigh on the next.
 */
export async function openThrowawayDatabase(params: {
  /** PGlite, or PostgreSQL at `databaseUrl` (required then). */
  engine: 'pglite' | 'postgres';
  databaseUrl?: string;
  prefix: string;
}): Promise<Database> {
  if (params.engine === 'pglite') return openDatabase({ dataDir: null });
  const url = params.databaseUrl;
  if (!url) throw new Error(`${params.prefix}: PostgreSQL needs a database URL`);
  const name = `${params.prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const freshUrl = new URL(url);
  freshUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: freshUrl.href, dataDir: null });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The database for one test file: PostgreSQL when DATABASE_URL is set, else PGlite. */
export function createTestDatabase(): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  return openThrowawayDatabase({ engine: databaseUrl ? 'postgres' : 'pglite', databaseUrl, prefix: 'edgebook_test' });
}

export const expectedEngine = () => (process.env.DATABASE_URL ? 'postgres' : 'pglite');
