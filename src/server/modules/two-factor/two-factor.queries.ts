import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginChallenges, recoveryCodes, userTwoFactor } from '../../db/schema';

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;
export type RecoveryCodeRow = typeof recoveryCodes.$inferSelect;
export type LoginChallengeRow = typeof loginChallenges.$inferSelect;

export async function getTwoFactor(db: Db, userId: string): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1);
  return row;
}

/** Stores a secret being enrolled; the enabled secret, if any, stays until a code confirms the new one. */
export async function upsertPendingSecret(db: Db, params: { userId: string; sealed: string; now: Date }) {
  await db
    .insert(userTwoFactor)
    .values({ userId: params.userId, pendingSecret: params.sealed, updatedAt: params.now })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { pendingSecret: params.sealed, updatedAt: params.now },
    });
}

/** Turns the pending secret on, once: false when another request did it first. */
export async function enablePendingSecret(
  db: Db,
  params: { userId: string; sealedPending: string; timeStep: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({
      secret: params.sealedPending,
      pendingSecret: null,
      enabledAt: params.now,
      lastTimeStep: params.timeStep,
      updatedAt: params.now,
    })
    .where(and(eq(userTwoFactor.userId, params.userId), eq(userTwoFactor.pendingSecret, params.sealedPending)))
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

/** Records the step a code was accepted for; false when that step (or a later one) was used already. */
export async function claimTimeStep(db: Db, params: { userId: string; timeStep: number; now: Date }): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ lastTimeStep: params.timeStep, updatedAt: params.now })
    .where(
      and(
        eq(userTwoFactor.userId, params.userId),
        or(isNull(userTwoFactor.lastTimeStep), lt(userTwoFactor.lastTimeStep, params.timeStep)),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

export async function deleteTwoFactor(db: Db, userId: string): Promise<void> {
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}

/** Replaces the user's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: Db, params: { userId: string; hashes: string[]; now: Date }) {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, params.userId));
    await tx
      .insert(recoveryCodes)
      .values(params.hashes.map((codeHash) => ({ userId: params.userId, codeHash, createdAt: params.now })));
  });
}

export async function listUnusedRecoveryCodes(db: Db, userId: string): Promise<RecoveryCodeRow[]> {
  return db
    .select()
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Uses a recovery code once; false when another request used it first. */
export async function markRecoveryCodeUsed(db: Db, params: { id: string; now: Date }): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: params.now })
    .where(and(eq(recoveryCodes.id, params.id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function insertLoginChallenge(
  db: Db,
  params: { userId: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(loginChallenges).values({
    userId: params.userId,
    tokenHash: params.tokenHash,
    createdAt: params.now,
    expiresAt: params.expiresAt,
  });
}

/** A live challenge (unused, unexpired) by its hash. */
export async function getLiveLoginChallenge(
  db: Db,
  params: { tokenHash: string; now: Date },
): Promise<LoginChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, params.tokenHash),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, params.now),
      ),
    )
    .limit(1);
  return row;
}

/** Counts a wrong code against the challenge; answers the count. */
export async function recordChallengeFailure(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(loginChallenges)
    .set({ failedAttempts: sql`${loginChallenges.failedAttempts} + 1` })
    .where(eq(loginChallenges.id, id))
    .returning({ n: loginChallenges.failedAttempts });
  return row?.n ?? 0;
}

/** Uses the challenge up; false when another request did first. */
export async function markChallengeUsed(db: Db, params: { id: string; now: Date }): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ usedAt: params.now })
    .where(and(eq(loginChallenges.id, params.id), isNull(loginChallenges.usedAt)))
    .returning({ id: loginChallenges.id });
  return rows.length > 0;
}

/** Drops challenges that ended before `before` (they are useless either way). */
export async function deleteStaleChallenges(db: Db, params: { userId: string; before: Date }): Promise<void> {
  await db
    .delete(loginChallenges)
    .where(and(eq(loginChallenges.userId, params.userId), lt(loginChallenges.expiresAt, params.before)));
}
