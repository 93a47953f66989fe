import { sql } from 'drizzle-orm';
import { isPglite, type Db, type DbEngine } from './client';
import { yieldToIncomingRequests } from '../event-loop';

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
 * the import checkpoints as it goes (createImportCheckpointer), so this last one has at most the
 * shared buffers and the last stretch of log to deal with. No vacuum:
 * its one connection would be held a second per 100,000 trades, and its reads are within budget
 * either way.
 */
export async function maintainAfterBulkWrite(db: Db, engine: DbEngine): Promise<void> {
  await db.execute(engine === 'postgres' ? sql`vacuum (analyze) trades` : sql`checkpoint`);
}

/** Bytes of write-ahead log a stored row makes at least (a fill or trade with its index entries). */
const MIN_WAL_BYTES_PER_ROW = 1_000;

/**
 * During a large import on PGlite: told the rows each batch wrote, it looks at the log's size
 * often enough not to pass `walBytes` by much (every `walBytes` / 1,000 rows, at most every 50,000)
 * and checkpoints when due (checkpointPgliteIfDue), so that no one checkpoint has much to write:
 * each writes out the pages changed since the one before, at most the shared buffers, and recycles
 * a few log files. One checkpoint at the end of a large import holds the event loop far longer than
 * many along the way; more frequent ones hold it a little less each, for a little more time in all,
 * and the default interval was the best trade measured. A
 * write held up by the machine makes an odd one slower whatever its size. Answers whether it
 * checkpointed. On PostgreSQL it does nothing: the server checkpoints on its own.
 */
export function createImportCheckpointer(db: Db, walBytes: number): { afterRows: (rows: number) => Promise<boolean> } {
  const checkEveryRows = Math.min(50_000, Math.floor(walBytes / MIN_WAL_BYTES_PER_ROW));
  let rowsSinceCheck = 0;
  return {
    async afterRows(rows) {
      if (!isPglite(db)) return false;
      rowsSinceCheck += rows;
      if (rowsSinceCheck < checkEveryRows) return false;
      rowsSinceCheck = 0;
      return checkpointPgliteIfDue(db, walBytes);
    },
  };
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
  if ((await readWalBytesSinceCheckpoint(db)) < walBytes) return false;
  // PGlite's checkpoint holds the event loop for tens of milliseconds: requests that came in
  // meanwhile (during a large import's batch just before, say) go first, not after both.
  await yieldToIncomingRequests();
  await db.execute(sql`checkpoint`);
  return true;
}

/** Bytes of write-ahead log written since the last checkpoint began (its redo point). */
export async function readWalBytesSinceCheckpoint(db: Db): Promise<number> {
  const result = await db.execute(
    sql`select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 as bytes from pg_control_checkpoint()`,
  );
  const [row] = (result as unknown as { rows: { bytes: number | string }[] }).rows;
  return Number(row?.bytes ?? 0);
}

/**
 * Lets this transaction's commit return before its write-ahead log is written (synchronous_commit
 * off, for this transaction only): for a large import's batches on PGlite, where each commit
 * writes the log on the app's thread (a small transaction's commit then costs about half). A crash can lose
 * the last such commits, never half of one, and never one that a later synchronous commit
 * followed: that commit flushes the log up to itself. PGlite lives and dies with the app, so an
 * import is still all or nothing: it is marked running (synchronously) before its first batch, the
 * restart fails and removes an import left running, the analytics caches start empty, and the
 * commit that marks it done flushes every batch before it. Not on PostgreSQL: its server can crash
 * and recover while the app runs on. The import would then go on without the batches it lost, and
 * an analytics cache that had read a lost batch's data version would take that number, reached
 * again by later writes, for current.
 */
export async function deferCommitFlush(tx: Db): Promise<void> {
  await tx.execute(sql`set local synchronous_commit = off`);
}
