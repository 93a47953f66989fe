import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { isPglite, type Db } from './client';

/** What the job queue (pg-boss's `db` option) runs its SQL through, answered as `pg` answers. */
export type QueueSql = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };

/** The driver's own client under Drizzle: a `pg` pool, or PGlite. */
export function toDriverClient(db: Db): pg.Pool | PGlite {
  return (db as unknown as { $client: pg.Pool | PGlite }).$client; // drizzle() keeps the client it was given on $client
}

/**
 * The job queue's SQL on the app's own connections: PostgreSQL's pool (no second pool beside it),
 * or PGlite's one connection, on which the queue's statements take turns with every other.
 */
export function toQueueSql(db: Db): QueueSql {
  if (!isPglite(db)) {
    const pool = toDriverClient(db) as pg.Pool; // isPglite said it is pg's
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const client = toDriverClient(db) as PGlite; // isPglite said so
  return {
    async executeSql(text, values) {
      if (values !== undefined) return client.query(text, values);
      // Without values pg-boss sends scripts (its schema, its maintenance) that open and commit a
      // transaction of their own. Run inside PGlite's transaction, a statement that fails rolls
      // the script back; run bare, it would leave the one connection every request shares in an
      // aborted transaction. pg-boss reads no answer of a script, only of single statements.
      return client.transaction(async (tx) => {
        const results = await tx.exec(text);
        return results.at(-1) ?? { rows: [] };
      });
    },
  };
}
