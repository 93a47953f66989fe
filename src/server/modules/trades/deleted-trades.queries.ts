import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, deletedTrades, executions, imports, screenshots, tradeParts, trades } from '../../db/schema';

export type DeletedTradeRow = typeof deletedTrades.$inferSelect;
export type DeletedTradeInsert = typeof deletedTrades.$inferInsert;
/** A trade's own row, as a deletion keeps what it lists of it. */
export type StoredTradeRow = typeof trades.$inferSelect;
/** A fill whose deleted mark changed, for regrouping its instrument from its time. */
export type ChangedFill = { accountId: string; instrumentKey: string; executedAt: Date };

const IDS_PER_QUERY = 5_000;

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The user's trades of these ids, whole rows (what a deletion keeps of them). */
export async function listTradeRowsForDeletion(
  db: Db,
  params: { userId: string; ids: readonly string[] },
): Promise<StoredTradeRow[]> {
  const out: StoredTradeRow[] = [];
  for (const ids of chunk([...params.ids], IDS_PER_QUERY))
    out.push(
      ...(await db
        .select()
        .from(trades)
        .where(and(eq(trades.userId, params.userId), inArray(trades.id, ids)))),
    );
  return out;
}

/** Each trade's fills (a fill that flipped the position is in both its trades). Select by trade id. */
export async function listFillIdsOfTrades(db: Db, tradeIds: readonly string[]): Promise<Map<string, string[]>> {
  const byTrade = new Map<string, string[]>();
  for (const ids of chunk([...tradeIds], IDS_PER_QUERY)) {
    const rows = await db
      .select({ tradeId: tradeParts.tradeId, executionId: tradeParts.executionId })
      .from(tradeParts)
      .where(inArray(tradeParts.tradeId, ids));
    for (const row of rows) {
      const list = byTrade.get(row.tradeId);
      if (list) list.push(row.executionId);
      else byTrade.set(row.tradeId, [row.executionId]);
    }
  }
  return byTrade;
}

/** The live fills an import added. */
export async function listLiveImportFillIds(db: Db, params: { userId: string; importId: string }): Promise<string[]> {
  const rows = await db
    .select({ id: executions.id })
    .from(executions)
    .where(
      and(eq(executions.userId, params.userId), eq(executions.importId, params.importId), isNull(executions.deletedAt)),
    );
  return rows.map((row) => row.id);
}

/**
 * The account's trades that may hold one of an import's live fills: those of its instruments whose
 * time span meets the span of the import's fills of that instrument (the caller keeps those that do).
 */
export async function listTradeIdsNearImport(
  db: Db,
  params: { userId: string; accountId: string; importId: string },
): Promise<string[]> {
  const spans = db
    .select({
      instrumentKey: executions.instrumentKey,
      first: sql<Date>`min(${executions.executedAt})`.as('first_at'),
      last: sql<Date>`max(${executions.executedAt})`.as('last_at'),
    })
    .from(executions)
    .where(
      and(eq(executions.userId, params.userId), eq(executions.importId, params.importId), isNull(executions.deletedAt)),
    )
    .groupBy(executions.instrumentKey)
    .as('s');
  const rows = await db
    .select({ id: trades.id })
    .from(trades)
    .innerJoin(
      spans,
      sql`${trades.instrumentKey} = ${spans.instrumentKey} and ${trades.openedAt} <= ${spans.last}
        and coalesce(${trades.closedAt}, 'infinity'::timestamptz) >= ${spans.first}`,
    )
    .where(and(eq(trades.userId, params.userId), eq(trades.accountId, params.accountId)));
  return rows.map((row) => row.id);
}

export async function insertDeletedTrades(db: Db, rows: readonly DeletedTradeInsert[]): Promise<void> {
  for (const part of chunk([...rows], 1_000)) if (part.length > 0) await db.insert(deletedTrades).values(part);
}

/** Marks the user's live fills of these ids deleted; answers those it marked. */
export async function markFillsDeleted(
  db: Db,
  params: { userId: string; ids: readonly string[]; now: Date },
): Promise<ChangedFill[]> {
  const out: ChangedFill[] = [];
  for (const ids of chunk([...params.ids], IDS_PER_QUERY))
    out.push(
      ...(await db
        .update(executions)
        .set({ deletedAt: params.now })
        .where(and(eq(executions.userId, params.userId), inArray(executions.id, ids), isNull(executions.deletedAt)))
        .returning({
          accountId: executions.accountId,
          instrumentKey: executions.instrumentKey,
          executedAt: executions.executedAt,
        })),
    );
  return out;
}

/** Clears the deleted mark of the user's fills of these ids; answers those it cleared. */
export async function unmarkFillsDeleted(
  db: Db,
  params: { userId: string; ids: readonly string[] },
): Promise<ChangedFill[]> {
  const out: ChangedFill[] = [];
  for (const ids of chunk([...params.ids], IDS_PER_QUERY))
    out.push(
      ...(await db
        .update(executions)
        .set({ deletedAt: null })
        .where(and(eq(executions.userId, params.userId), inArray(executions.id, ids), isNotNull(executions.deletedAt)))
        .returning({
          accountId: executions.accountId,
          instrumentKey: executions.instrumentKey,
          executedAt: executions.executedAt,
        })),
    );
  return out;
}

/** The user's deleted trades not yet expired, newest deletion first, with their account's name. */
export async function listDeletedTradeRows(
  db: Db,
  params: { userId: string; now: Date },
): Promise<(DeletedTradeRow & { accountName: string })[]> {
  const rows = await db
    .select({ row: deletedTrades, accountName: accounts.name })
    .from(deletedTrades)
    .innerJoin(accounts, eq(accounts.id, deletedTrades.accountId))
    .where(and(eq(deletedTrades.userId, params.userId), gt(deletedTrades.expiresAt, params.now)))
    .orderBy(desc(deletedTrades.deletedAt), desc(deletedTrades.openedAt));
  return rows.map(({ row, accountName }) => ({ ...row, accountName }));
}

/** The user's unexpired deleted trades of one undo token, or of these trade ids. */
export async function listDeletedTradesToRestore(
  db: Db,
  params: { userId: string; now: Date } & ({ undoToken: string } | { tradeIds: readonly string[] }),
): Promise<DeletedTradeRow[]> {
  const own = and(eq(deletedTrades.userId, params.userId), gt(deletedTrades.expiresAt, params.now));
  if ('undoToken' in params)
    return db
      .select()
      .from(deletedTrades)
      .where(and(own, eq(deletedTrades.undoToken, params.undoToken)));
  const out: DeletedTradeRow[] = [];
  for (const ids of chunk([...params.tradeIds], IDS_PER_QUERY))
    out.push(
      ...(await db
        .select()
        .from(deletedTrades)
        .where(and(own, inArray(deletedTrades.tradeId, ids)))),
    );
  return out;
}

/** The user's unexpired deleted trades holding any of these fills (a fill two trades shared). */
export async function listDeletedTradesSharingFills(
  db: Db,
  params: { userId: string; fillIds: readonly string[]; now: Date },
): Promise<DeletedTradeRow[]> {
  if (params.fillIds.length === 0) return [];
  return db
    .select()
    .from(deletedTrades)
    .where(
      and(
        eq(deletedTrades.userId, params.userId),
        gt(deletedTrades.expiresAt, params.now),
        sql`${deletedTrades.executionIds} && ${sql.param([...params.fillIds])}::uuid[]`,
      ),
    );
}

export async function deleteDeletedTradeRows(db: Db, ids: readonly string[]): Promise<void> {
  for (const part of chunk([...ids], IDS_PER_QUERY))
    await db.delete(deletedTrades).where(inArray(deletedTrades.id, part));
}

/**
 * Imports undone whose every deleted trade came back: done again. Answers their ids.
 */
export async function markRestoredImportsDone(
  db: Db,
  params: { userId: string; importIds: readonly string[] },
): Promise<string[]> {
  if (params.importIds.length === 0) return [];
  const rows = await db
    .update(imports)
    .set({ status: 'done', undoneAt: null })
    .where(
      and(
        eq(imports.userId, params.userId),
        inArray(imports.id, [...params.importIds]),
        eq(imports.status, 'undone'),
        sql`not exists (select 1 from ${deletedTrades} d where d.import_id = ${imports.id})`,
      ),
    )
    .returning({ id: imports.id });
  return rows.map((row) => row.id);
}

/** Deleted trades whose 30 days are over (any user's), the oldest first. */
export async function listExpiredDeletedTrades(
  db: Db,
  params: { now: Date; limit: number },
): Promise<Pick<DeletedTradeRow, 'id' | 'userId' | 'executionIds'>[]> {
  return db
    .select({ id: deletedTrades.id, userId: deletedTrades.userId, executionIds: deletedTrades.executionIds })
    .from(deletedTrades)
    .where(lte(deletedTrades.expiresAt, params.now))
    .orderBy(deletedTrades.expiresAt)
    .limit(params.limit);
}

/**
 * Deletes for good the fills of these ids that are still marked deleted (their tags and
 * screenshots' rows cascade); answers the screenshots' storage keys, to remove after commit.
 */
export async function deleteDeletedFills(db: Db, ids: readonly string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const part of chunk([...ids], IDS_PER_QUERY)) {
    const shots = await db
      .select({ storageKey: screenshots.storageKey, thumbnailKey: screenshots.thumbnailKey })
      .from(screenshots)
      .innerJoin(executions, eq(executions.id, screenshots.openingExecutionId))
      .where(and(inArray(screenshots.openingExecutionId, part), isNotNull(executions.deletedAt)));
    for (const shot of shots) keys.push(shot.storageKey, ...(shot.thumbnailKey ? [shot.thumbnailKey] : []));
    await db.delete(executions).where(and(inArray(executions.id, part), isNotNull(executions.deletedAt)));
  }
  return keys;
}
