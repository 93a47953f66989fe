import { and, desc, eq, gt, max, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { generateToken, hashToken } from './tokens';

/** A session lives this long without use; every use (at most once a minute) pushes it further. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_INTERVAL_MS = 60 * 1000;

export type SessionRow = typeof sessions.$inferSelect;

/** Starts a new session and returns the raw token for the cookie (never stored). */
export async function createSession(
  db: Db,
  params: { userId: string; ip: string | null; userAgent: string | null; now: Date },
): Promise<{ token: string; session: SessionRow }> {
  const token = generateToken();
  const [session] = await db
    .insert(sessions)
    .values({
      userId: params.userId,
      tokenHash: hashToken(token),
      ip: params.ip,
      userAgent: params.userAgent?.slice(0, 400) ?? null,
      createdAt: params.now,
      lastSeenAt: params.now,
      expiresAt: new Date(params.now.getTime() + SESSION_IDLE_MS),
    })
    .returning();
  return { token, session: session! }; // insert … returning yields the row
}

/** The live session for a cookie token, with sliding expiry; undefined when unknown or expired. */
export async function resolveSession(db: Db, params: { token: string; now: Date }): Promise<SessionRow | undefined> {
  const [session] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(params.token)), gt(sessions.expiresAt, params.now)))
    .limit(1);
  if (!session) return undefined;
  if (params.now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    const expiresAt = new Date(params.now.getTime() + SESSION_IDLE_MS);
    await db.update(sessions).set({ lastSeenAt: params.now, expiresAt }).where(eq(sessions.id, session.id));
    return { ...session, lastSeenAt: params.now, expiresAt };
  }
  return session;
}

export async function listSessions(db: Db, params: { userId: string; now: Date }): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, params.userId), gt(sessions.expiresAt, params.now)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Ends one of the user's sessions; false when it is not theirs (or does not exist). */
export async function deleteSession(db: Db, params: { userId: string; sessionId: string }): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, params.sessionId), eq(sessions.userId, params.userId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user, optionally keeping one (the one that changed the password). */
export async function deleteUserSessions(db: Db, params: { userId: string; exceptSessionId?: string }): Promise<void> {
  await db
    .delete(sessions)
    .where(
      params.exceptSessionId
        ? and(eq(sessions.userId, params.userId), ne(sessions.id, params.exceptSessionId))
        : eq(sessions.userId, params.userId),
    );
}

/** Users with a live session used since `since`, most recently seen first. */
export async function listRecentlySeenUserIds(
  db: Db,
  params: { since: Date; now: Date; limit: number },
): Promise<string[]> {
  const lastSeen = max(sessions.lastSeenAt);
  const rows = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(gt(sessions.lastSeenAt, params.since), gt(sessions.expiresAt, params.now)))
    .groupBy(sessions.userId)
    .orderBy(desc(lastSeen))
    .limit(params.limit);
  return rows.map((row) => row.userId);
}
