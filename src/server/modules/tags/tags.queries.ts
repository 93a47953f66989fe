import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tags, trades, tradeTags } from '../../db/schema';

export type TagRow = typeof tags.$inferSelect;
export type TagValues = { name: string; color?: string; group?: string | null };

export async function listTags(db: Db, userId: string): Promise<TagRow[]> {
  return db
    .select()
    .from(tags)
    .where(eq(tags.userId, userId))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
}

export async function getTag(db: Db, params: { userId: string; id: string }): Promise<TagRow | undefined> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.id, params.id), eq(tags.userId, params.userId)))
    .limit(1);
  return row;
}

/** How many of these ids are the user's tags (duplicates counted once). */
export async function countOwnTags(db: Db, params: { userId: string; ids: string[] }): Promise<number> {
  if (params.ids.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tags)
    .where(and(eq(tags.userId, params.userId), inArray(tags.id, [...new Set(params.ids)])));
  return Number(row?.count ?? 0);
}

export async function insertTag(db: Db, params: { userId: string; values: TagValues }): Promise<TagRow> {
  const [row] = await db
    .insert(tags)
    .values({ ...params.values, userId: params.userId })
    .returning();
  return row!; // insert … returning yields the row
}

export async function updateTag(
  db: Db,
  params: { userId: string; id: string; patch: Partial<TagValues> },
): Promise<TagRow | undefined> {
  const [row] = await db
    .update(tags)
    .set(params.patch)
    .where(and(eq(tags.id, params.id), eq(tags.userId, params.userId)))
    .returning();
  return row;
}

/** Deletes the tag; its trade links go with it (cascade). False when it is not the user's. */
export async function deleteTag(db: Db, params: { userId: string; id: string }): Promise<boolean> {
  const rows = await db
    .delete(tags)
    .where(and(eq(tags.id, params.id), eq(tags.userId, params.userId)))
    .returning({ id: tags.id });
  return rows.length > 0;
}

/** Re-points every trade link of `fromTagId` to `intoTagId` (a trade that had both keeps one). */
export async function moveTradeTags(db: Db, params: { fromTagId: string; intoTagId: string }): Promise<void> {
  await db.execute(sql`
    insert into ${tradeTags} (opening_execution_id, tag_id)
    select opening_execution_id, ${params.intoTagId}::uuid from ${tradeTags} where tag_id = ${params.fromTagId}::uuid
    on conflict do nothing`);
}

/** Tag id → number of the user's trades carrying it (tags on no trade are absent). */
export async function countTradesByTag(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ tagId: tradeTags.tagId, count: sql<number>`count(*)::int` })
    .from(tradeTags)
    .innerJoin(trades, eq(trades.openingExecutionId, tradeTags.openingExecutionId))
    .innerJoin(tags, eq(tags.id, tradeTags.tagId))
    .where(and(eq(tags.userId, userId), eq(trades.userId, userId)))
    .groupBy(tradeTags.tagId);
  return new Map(rows.map((r) => [r.tagId, Number(r.count)]));
}

/**
 * Id by lower-cased name of each named tag: the user's own tag of that name when one exists (kept as
 * it is), else a new one (`isSample` marks the sample data set's, which removing it takes away).
 */
export async function upsertTagsByName(
  db: Db,
  params: { userId: string; items: readonly { name: string; color?: string; group?: string }[]; isSample: boolean },
): Promise<Map<string, string>> {
  if (params.items.length === 0) return new Map();
  await db
    .insert(tags)
    .values(params.items.map((t) => ({ ...t, userId: params.userId, isSample: params.isSample })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(
      and(
        eq(tags.userId, params.userId),
        inArray(
          sql<string>`lower(${tags.name})`,
          params.items.map((t) => t.name.toLowerCase()),
        ),
      ),
    );
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}
