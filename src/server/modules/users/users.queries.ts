import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function getUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return row;
}

export async function updateUser(db: Db, id: string, patch: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!; // callers pass an id they have just read
}

export async function getUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * The user's analytics data version: triggers bump it on every change to their trades or trade tags.
 * Kept with the user's row (where it is stored) so that trades, imports and analytics share it
 * without depending on one another.
 */
export async function getAnalyticsVersion(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ version: users.analyticsVersion }).from(users).where(eq(users.id, userId));
  return row?.version ?? 0;
}
