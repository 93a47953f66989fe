import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';

/**
 * A fresh database for one bench run: in-memory PGlite, or a new database on the PostgreSQL server
 * at `databaseUrl`, dropped again on close. A fresh one each run, so that no earlier run's rows
 * (and their indexes, larger than the server's buffers) weigh on the next one's measurement.
 */
export async function openBenchDatabase(params: {
  engine: 'pglite' | 'postgres';
  databaseUrl?: string;
  /** The new database's name starts with this (edgebook_bench_…). */
  prefix: string;
}): Promise<Database> {
  if (params.engine === 'pglite') return openDatabase({ dataDir: null });
  if (!params.databaseUrl) throw new Error(`${params.prefix}: the postgres engine needs a database URL`);
  const name = `${params.prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: params.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(params.databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: null });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: params.databaseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
