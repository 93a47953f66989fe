import { sql } from 'drizzle-orm';
import type { Db, DbEngine } from './client';

/**
 * After a bulk write to trades (a background import), on PostgreSQL: VACUUM (ANALYZE) trades, so
 * the pages just written are marked all-visible and the analytics read (an index-only scan of the
 * trades' stored bytes) does not visit the table row by row, and the planner knows the new sizes.
 * Autovacuum would do the same, up to a minute later: after the first dashboard request. Vacuum
 * skips pages already all-visible, so it costs what was written. It takes no lock writers wait
 * on and runs on its own connection. On PGlite, nothing: its one connection would be held a
 * second per 100,000 trades, and its reads are within budget either way (BENCHMARKS.md).
 */
export async function vacuumTradesAfterBulkWrite(db: Db, engine: DbEngine): Promise<void> {
  if (engine !== 'postgres') return;
  await db.execute(sql`vacuum (analyze) trades`);
}
