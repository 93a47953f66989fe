import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsSnapshots, users } from '../../db/schema';
import type { TradeFacts } from './trade-facts';
import { packTradeFacts, unpackTradeFacts } from './trade-facts-encoding';
import { selectRows } from '../../db/raw-rows';

/** A user's stored facts at the data version they were read at. */
export type StoredTradeFacts = { version: number; facts: TradeFacts };

/**
 * The user's stored snapshot, or null when there is none newer than version `newerThan`, it holds
 * more than `maxTrades` (its bytes are then not read) or it is not of this layout.
 */
export async function readTradeFactsSnapshot(
  db: Db,
  params: { userId: string; maxTrades: number; newerThan: number },
): Promise<StoredTradeFacts | null> {
  const [row] = await db
    .select({
      version: analyticsSnapshots.version,
      data: sql<Uint8Array | null>`case when ${analyticsSnapshots.tradeCount} <= ${params.maxTrades}::bigint
        then ${analyticsSnapshots.data} end`,
    })
    .from(analyticsSnapshots)
    .where(and(eq(analyticsSnapshots.userId, params.userId), gt(analyticsSnapshots.version, params.newerThan)));
  if (!row?.data) return null;
  const facts = await unpackTradeFacts(row.data);
  // Bytes of another layout (an older release) or damaged: gone, so the next full read stores anew.
  if (!facts) await deleteTradeFactsSnapshot(db, { userId: params.userId, version: row.version });
  return facts ? { version: row.version, facts } : null;
}

async function deleteTradeFactsSnapshot(db: Db, params: { userId: string; version: number }): Promise<void> {
  await db
    .delete(analyticsSnapshots)
    .where(and(eq(analyticsSnapshots.userId, params.userId), eq(analyticsSnapshots.version, params.version)));
}

/** The data version of the user's stored snapshot, or null when there is none. */
export async function getTradeFactsSnapshotVersion(db: Db, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ version: analyticsSnapshots.version })
    .from(analyticsSnapshots)
    .where(eq(analyticsSnapshots.userId, userId));
  return row?.version ?? null;
}

/**
 * Stores the facts read at `version`, only while that is still the user's data version (a write
 * since would make it a snapshot of trades that may be gone) and only over an older snapshot.
 * True when it was stored. The user's row is locked (for share) while it stores: a write to their
 * trades that is bumping the version waits for the store to commit and then deletes the new
 * snapshot if it deletes trades, or the store waits for the write and then finds the version moved.
 */
export async function saveTradeFactsSnapshot(
  db: Db,
  params: { userId: string; version: number; facts: TradeFacts },
): Promise<boolean> {
  const { userId, version, facts } = params;
  const bytes = await packTradeFacts(facts);
  // A Buffer travels as bytea on both drivers.
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const stored = await selectRows<{ user_id: string }>(
    db,
    sql`
    insert into ${analyticsSnapshots} (user_id, version, trade_count, data)
    select id, ${version}::bigint, ${facts.count}::int, ${data}::bytea from ${users}
    where id = ${userId} and analytics_version = ${version}
    for share
    on conflict (user_id) do update
      set version = excluded.version, trade_count = excluded.trade_count, data = excluded.data, saved_at = now()
      where ${analyticsSnapshots}.version < excluded.version
    returning user_id`,
  );
  return stored.length > 0;
}
