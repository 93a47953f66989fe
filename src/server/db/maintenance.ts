import { sql } from 'drizzle-orm';
import type { Db, DbEngine } from './client';

/**
 * After a bulk write to trades (a background import).
 *
 * On PostgreSQL: VACUUM (ANALYZE) trades, so the pages just written are marked all-visible and
 * the analytics read (an index-only scan of the trades' stored bytes) does not visit the table row
 * by row, and the planner knows the new sizes. Autovacuum would do the same, up to a minute later:
 * after the first dashboard request. Vacuum skips pages already all-visible, so it costs what was
 * written. It takes no lock writers wait on and runs on its own connection.
 *
 * On PGlite: a CHECKPOINT. PGlite runs PostgreSQL on its own, where nothing checkpoints as the
 * write-ahead log grows, so every file of it (about 1.9 GB for a 1,000,000-row import) would stay
 * on disk until the app stops, and a restart after a crash would replay all of it. After a
 * checkpoint the old files are reused. It writes out the pages still in memory, on this thread:
 * once per large import, about 170 ms after 1,000,000 rows (BENCHMARKS.md, Import). No vacuum:
 * its one connection would be held a second per 100,000 trades, and its reads are within budget
 * either way.
 */
export async function maintainAfterBulkWrite(db: Db, engine: DbEngine): Promise<void> {
  await db.execute(engine === 'postgres' ? sql`vacuum (analyze) trades` : sql`checkpoint`);
}

/** Write-ahead log written since the last checkpoint past which PGlite checkpoints when due. */
export const PGLITE_CHECKPOINT_WAL_BYTES = 64 * 1024 * 1024;

/**
 * PGlite: a CHECKPOINT when at least `walBytes` of write-ahead log were written since the last
 * one; answers whether it ran. maintainAfterBulkWrite covers a large import, but ordinary use
 * (small writes over weeks) also grows the log, and with nothing checkpointing it every file would
 * stay on disk until the app stops (see above). Reading the position costs about a millisecond;
 * the checkpoint writes out the pages changed since the last one.
 */
export async function checkpointPgliteIfDue(db: Db, walBytes = PGLITE_CHECKPOINT_WAL_BYTES): Promise<boolean> {
  const result = await db.execute(
    sql`select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 as bytes from pg_control_checkpoint()`,
  );
  const [row] = (result as unknown as { rows: { bytes: number | string }[] }).rows;
  if (Number(row?.bytes ?? 0) < walBytes) return false;
  await db.execute(sql`checkpoint`);
  return true;
}
