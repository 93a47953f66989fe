import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, executions, trades } from '../../db/schema';

export type AccountRow = typeof accounts.$inferSelect;
export type AccountValues = Omit<typeof accounts.$inferInsert, 'id' | 'userId' | 'createdAt'>;

export async function listAccounts(db: Db, userId: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
}

export async function getAccount(db: Db, params: { userId: string; id: string }): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, params.id), eq(accounts.userId, params.userId)))
    .limit(1);
  return row;
}

/**
 * The account, row-locked until the end of the transaction. NOTE: writes that regroup an
 * account's trades take this lock first, so two of them never interleave on one account.
 */
export async function getAccountForUpdate(
  db: Db,
  params: { userId: string; id: string },
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, params.id), eq(accounts.userId, params.userId)))
    .limit(1)
    .for('update');
  return row;
}

export async function insertAccount(db: Db, params: { userId: string; values: AccountValues }): Promise<AccountRow> {
  const [row] = await db
    .insert(accounts)
    .values({ ...params.values, userId: params.userId })
    .returning();
  return row!; // insert … returning yields the row
}

export async function updateAccount(
  db: Db,
  params: { userId: string; id: string; patch: Partial<AccountValues> },
): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(accounts)
    .set(params.patch)
    .where(and(eq(accounts.id, params.id), eq(accounts.userId, params.userId)))
    .returning();
  return row;
}

/** Deletes the account with its executions and trades (by trigger, migrations 0014 and 0012); false when not the user's. */
export async function deleteAccount(db: Db, params: { userId: string; id: string }): Promise<boolean> {
  const rows = await db
    .delete(accounts)
    .where(and(eq(accounts.id, params.id), eq(accounts.userId, params.userId)))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

/** How many trades and fills the account holds (the caller has checked it is the user's). */
export async function countAccountContents(
  db: Db,
  accountId: string,
): Promise<{ tradeCount: number; executionCount: number }> {
  const [tradeRow] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(trades)
    .where(eq(trades.accountId, accountId));
  const [executionRow] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(executions)
    .where(and(eq(executions.accountId, accountId), isNull(executions.deletedAt)));
  return { tradeCount: Number(tradeRow?.count ?? 0), executionCount: Number(executionRow?.count ?? 0) };
}
