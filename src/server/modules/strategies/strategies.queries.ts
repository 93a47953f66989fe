import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { strategies } from '../../db/schema';

export type StrategyRow = typeof strategies.$inferSelect;

export async function listStrategies(db: Db, userId: string): Promise<StrategyRow[]> {
  return db
    .select()
    .from(strategies)
    .where(eq(strategies.userId, userId))
    .orderBy(asc(sql`lower(${strategies.name})`), asc(strategies.id));
}

export async function getStrategy(db: Db, params: { userId: string; id: string }): Promise<StrategyRow | undefined> {
  const [row] = await db
    .select()
    .from(strategies)
    .where(and(eq(strategies.id, params.id), eq(strategies.userId, params.userId)))
    .limit(1);
  return row;
}

/** Id → name of the user's strategies with these ids. */
export async function listStrategyNames(
  db: Db,
  params: { userId: string; ids: string[] },
): Promise<Map<string, string>> {
  if (params.ids.length === 0) return new Map();
  const rows = await db
    .select({ id: strategies.id, name: strategies.name })
    .from(strategies)
    .where(and(eq(strategies.userId, params.userId), inArray(strategies.id, params.ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function insertStrategy(
  db: Db,
  params: { userId: string; name: string; description: string },
): Promise<StrategyRow> {
  const [row] = await db.insert(strategies).values(params).returning();
  return row!; // insert … returning yields the row
}

/** Like upsertTagsByName (tags.queries.ts), for strategies. */
export async function upsertStrategiesByName(
  db: Db,
  params: { userId: string; items: readonly { name: string; description?: string }[]; isSample: boolean },
): Promise<Map<string, string>> {
  if (params.items.length === 0) return new Map();
  await db
    .insert(strategies)
    .values(params.items.map((s) => ({ ...s, userId: params.userId, isSample: params.isSample })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: strategies.id, name: strategies.name })
    .from(strategies)
    .where(
      and(
        eq(strategies.userId, params.userId),
        inArray(
          sql<string>`lower(${strategies.name})`,
          params.items.map((s) => s.name.toLowerCase()),
        ),
      ),
    );
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}
