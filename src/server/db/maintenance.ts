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
