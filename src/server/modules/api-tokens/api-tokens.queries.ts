import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiTokens, users } from '../../db/schema';
import type { ApiTokenScope } from '../../../contracts/trades';
import type { UserRow } from '../users';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export async function insertApiToken(
  db: Db,
  params: {
    userId: string;
    name: string;
    tokenHash: string;
    prefix: string;
    scopes: ApiTokenScope[];
    expiresAt: Date | null;
    now: Date;
  },
): Promise<ApiTokenRow> {
  const { now, ...values } = params;
  const [row] = await db
    .insert(apiTokens)
    .values({ ...values, createdAt: now })
    .returning();
  return row!; // insert … returning yields the row
}

/** The user's live (not revoked) tokens, oldest first. */
export async function listApiTokens(db: Db, userId: string): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
}

/** Revokes one of the user's live tokens; false when it is not theirs or already revoked. */
export async function revokeApiToken(db: Db, params: { userId: string; id: string; now: Date }): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: params.now })
    .where(and(eq(apiTokens.id, params.id), eq(apiTokens.userId, params.userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** Revokes every live token of the user; answers how many. */
export async function revokeUserApiTokens(db: Db, params: { userId: string; now: Date }): Promise<number> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: params.now })
    .where(and(eq(apiTokens.userId, params.userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length;
}

function prepareLiveTokenLookup(db: Db) {
  return db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')), isNull(apiTokens.revokedAt)))
    .limit(1)
    .prepare('api_token_live_by_hash');
}

// Every bearer request runs this lookup: prepared once per database, it skips planning (which is
// most of a small query's cost on PGlite).
const liveTokenLookups = new WeakMap<Db, ReturnType<typeof prepareLiveTokenLookup>>();

/** A live token by its hash, with its user. */
export async function getLiveApiToken(
  db: Db,
  tokenHash: string,
): Promise<{ token: ApiTokenRow; user: UserRow } | undefined> {
  let lookup = liveTokenLookups.get(db);
  if (!lookup) {
    lookup = prepareLiveTokenLookup(db);
    liveTokenLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash });
  return row;
}

export async function touchApiToken(db: Db, params: { id: string; now: Date }): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: params.now }).where(eq(apiTokens.id, params.id));
}
