import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oneTimeTokens } from '../db/schema';
import { AppError } from '../errors';
import { generateToken, hashToken } from './tokens';

export type TokenPurpose = 'email_verification' | 'password_reset' | 'email_change';

/** Issues a single-use link token; only its hash is stored. Earlier unused tokens of that purpose stop working. */
export async function issueOneTimeToken(
  db: Db,
  params: { userId: string; purpose: TokenPurpose; ttlMs: number; now: Date; newEmail?: string },
): Promise<string> {
  const token = generateToken();
  await db
    .update(oneTimeTokens)
    .set({ usedAt: params.now })
    .where(
      and(
        eq(oneTimeTokens.userId, params.userId),
        eq(oneTimeTokens.purpose, params.purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  await db.insert(oneTimeTokens).values({
    userId: params.userId,
    purpose: params.purpose,
    tokenHash: hashToken(token),
    createdAt: params.now,
    expiresAt: new Date(params.now.getTime() + params.ttlMs),
    newEmail: params.newEmail ?? null,
  });
  return token;
}

/**
 * Uses a token once and returns its user id. An unknown or already used token is TOKEN_INVALID;
 * one past its expiry is TOKEN_EXPIRED. Marking it used is atomic, so two requests cannot both win.
 */
export async function consumeOneTimeToken(
  db: Db,
  params: { token: string; purpose: TokenPurpose; now: Date },
): Promise<string> {
  return (await consumeOneTimeTokenRow(db, params)).userId;
}

/** consumeOneTimeToken, answering the token's user and, for an email change, its new address. */
export async function consumeOneTimeTokenRow(
  db: Db,
  params: { token: string; purpose: TokenPurpose; now: Date },
): Promise<{ userId: string; newEmail: string | null }> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(params.token)), eq(oneTimeTokens.purpose, params.purpose)))
    .limit(1);
  if (!row || row.usedAt) throw new AppError('TOKEN_INVALID', 'This link is invalid or has already been used');
  if (row.expiresAt.getTime() <= params.now.getTime()) throw new AppError('TOKEN_EXPIRED', 'This link has expired');
  const claimed = await db
    .update(oneTimeTokens)
    .set({ usedAt: params.now })
    .where(and(eq(oneTimeTokens.id, row.id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  if (claimed.length === 0) throw new AppError('TOKEN_INVALID', 'This link is invalid or has already been used');
  return { userId: row.userId, newEmail: row.newEmail };
}
