import { randomBytes } from 'node:crypto';
import type { ApiTokenJson, ApiTokenScope, CreatedApiTokenJson } from '../../../contracts/trades';
import { hashToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { UserRow } from '../users';
import { isUuid } from '../ids';
import {
  getLiveApiToken,
  insertApiToken,
  listApiTokens,
  revokeApiToken,
  revokeUserApiTokens,
  touchApiToken,
  type ApiTokenRow,
} from './api-tokens.queries';

export const API_TOKEN_PREFIX = 'eb_';
/** `eb_` and 8 characters: enough to tell tokens apart, far too little to guess the rest. */
const SHOWN_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 8;
const TOUCH_INTERVAL_MS = 60_000;

export function toApiTokenJson(row: ApiTokenRow): ApiTokenJson {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * A new token: `eb_` + 32 random bytes (base64url). Only its SHA-256 is stored; the answer shows it
 * once. Scopes default to read and write.
 */
export async function createApiToken(
  db: Db,
  params: { userId: string; name: string; scopes?: ApiTokenScope[]; now: Date },
): Promise<CreatedApiTokenJson> {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await insertApiToken(db, {
    userId: params.userId,
    name: params.name,
    tokenHash: hashToken(token),
    prefix: token.slice(0, SHOWN_PREFIX_LENGTH),
    scopes: [...new Set(params.scopes ?? (['read', 'write'] as const))],
    now: params.now,
  });
  return { ...toApiTokenJson(row), token };
}

export async function listApiTokenJson(db: Db, userId: string): Promise<ApiTokenJson[]> {
  return (await listApiTokens(db, userId)).map(toApiTokenJson);
}

/** Revokes all of the user's tokens (a new password); answers how many were live. */
export async function revokeAllTokens(db: Db, params: { userId: string; now: Date }): Promise<number> {
  return revokeUserApiTokens(db, params);
}

export async function revokeToken(db: Db, params: { userId: string; id: string; now: Date }): Promise<void> {
  if (!isUuid(params.id) || !(await revokeApiToken(db, params))) throw new AppError('NOT_FOUND', 'Token not found');
}

/**
 * The user a bearer token stands for: undefined for an unknown, revoked or malformed token, or a
 * disabled user. NOTE: records the use (lastUsedAt) at most once a minute.
 */
export async function resolveApiToken(
  db: Db,
  params: { token: string; now: Date },
): Promise<{ user: UserRow; tokenId: string; canWrite: boolean } | undefined> {
  if (!params.token.startsWith(API_TOKEN_PREFIX)) return undefined;
  const found = await getLiveApiToken(db, hashToken(params.token));
  if (!found || found.user.disabledAt) return undefined;
  const last = found.token.lastUsedAt?.getTime();
  if (last === undefined || params.now.getTime() - last >= TOUCH_INTERVAL_MS)
    await touchApiToken(db, { id: found.token.id, now: params.now });
  return { user: found.user, tokenId: found.token.id, canWrite: found.token.scopes.includes('write') };
}
