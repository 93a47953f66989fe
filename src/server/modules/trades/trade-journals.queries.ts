import { getTableColumns, sql } from 'drizzle-orm';
import { EMPTY_JOURNAL, type TradeJournal } from '../../../core/trades';
import type { Db } from '../../db/client';
import { tradeJournals } from '../../db/schema';

/** The journal's own columns: the table's, without its key, owner and time. */
const {
  openingExecutionId: _key,
  userId: _user,
  updatedAt: _updated,
  ...JOURNAL_COLUMNS
} = getTableColumns(tradeJournals);

/** The journal columns' names, as the keys of a journal. */
export const JOURNAL_FIELDS = Object.keys(JOURNAL_COLUMNS) as (keyof TradeJournal)[]; // the same keys (checked below)

// A journal field added to the table and not to core's TradeJournal (or the other way round) fails here.
type JournalRow = {
  [K in keyof typeof JOURNAL_COLUMNS]: (typeof JOURNAL_COLUMNS)[K]['_']['notNull'] extends true
    ? (typeof JOURNAL_COLUMNS)[K]['_']['data']
    : (typeof JOURNAL_COLUMNS)[K]['_']['data'] | null;
};
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const JOURNAL_TYPES_MATCH: Same<JournalRow, TradeJournal> = true;
void JOURNAL_TYPES_MATCH;

const IDS_PER_QUERY = 5_000;

/** A journal row as core's TradeJournal (the columns' own types: see the check above); none is empty. */
export function toJournal(row: Record<string, unknown> | null): TradeJournal {
  if (row === null) return { ...EMPTY_JOURNAL };
  const journal: Record<string, unknown> = {};
  for (const field of JOURNAL_FIELDS) journal[field] = row[field];
  return journal as TradeJournal; // every field of TradeJournal, read from its column
}

/** The journals of these opening fills (a fill without one is left out: its journal is empty). */
export async function listJournalsByOpener(db: Db, openerIds: readonly string[]): Promise<Map<string, TradeJournal>> {
  const byOpener = new Map<string, TradeJournal>();
  const unique = [...new Set(openerIds)];
  for (let i = 0; i < unique.length; i += IDS_PER_QUERY) {
    const rows = await db
      .select()
      .from(tradeJournals)
      // One array parameter rather than one per id: far less to parse and plan (PGlite especially).
      .where(sql`${tradeJournals.openingExecutionId} = any(${sql.param(unique.slice(i, i + IDS_PER_QUERY))}::uuid[])`);
    for (const row of rows) byOpener.set(row.openingExecutionId, toJournal(row));
  }
  return byOpener;
}

/** The journal of one opening fill, empty when it has none. */
export async function getJournal(db: Db, openerId: string): Promise<TradeJournal> {
  return (await listJournalsByOpener(db, [openerId])).get(openerId) ?? { ...EMPTY_JOURNAL };
}

/**
 * Writes these fields of the journals of these opening fills (a fill without a journal gets one,
 * the other fields at their defaults) and answers each one's whole journal.
 */
export async function upsertJournals(
  db: Db,
  params: { userId: string; openerIds: readonly string[]; patch: Partial<TradeJournal>; now: Date },
): Promise<Map<string, TradeJournal>> {
  const out = new Map<string, TradeJournal>();
  const unique = [...new Set(params.openerIds)];
  const set = { ...params.patch, updatedAt: params.now };
  for (let i = 0; i < unique.length; i += IDS_PER_QUERY) {
    const rows = await db
      .insert(tradeJournals)
      .values(
        unique.slice(i, i + IDS_PER_QUERY).map((id) => ({ ...set, openingExecutionId: id, userId: params.userId })),
      )
      .onConflictDoUpdate({ target: tradeJournals.openingExecutionId, set })
      .returning();
    for (const row of rows) out.set(row.openingExecutionId, toJournal(row));
  }
  return out;
}

/**
 * Re-keys journals from old opening fills to the trades that inherited them (regrouping: a missed
 * earlier fill now opens the trade). A journal already at the new opener is replaced.
 */
export async function moveJournals(tx: Db, moves: readonly { from: string; to: string }[]): Promise<void> {
  if (moves.length === 0) return;
  const from = sql.param(moves.map((m) => m.from));
  const to = sql.param(moves.map((m) => m.to));
  await tx.execute(sql`delete from ${tradeJournals} where opening_execution_id = any(${to}::uuid[])`);
  await tx.execute(sql`
    update ${tradeJournals} j set opening_execution_id = m.to_id
    from unnest(${from}::uuid[], ${to}::uuid[]) as m(from_id, to_id) where j.opening_execution_id = m.from_id`);
}
