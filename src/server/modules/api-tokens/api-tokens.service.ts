import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_SCOPES,
  type ApiTokenJson,
  type ApiTokenScope,
  type CreatedApiTokenJson,
} from '../../../contracts/trades';
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

const KNOWN_SCOPES: ReadonlySet<string> = new Set(API_TOKEN_SCOPES);

/** The stored scopes this version knows, in the canonical order. */
function toScopes(stored: readonly string[]): ApiTokenScope[] {
  return API_TOKEN_SCOPES.filter((scope) => KNOWN_SCOPES.has(scope) && stored.includes(scope));
}

export function toApiTokenJson(row: ApiTokenRow): ApiTokenJson {
  return {
    id: row.id,
    name: row.name,
    scopes: toScopes(row.scopes),
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * A new token: `eb_` + 32 random bytes (base64url). Only its SHA-256 is stored; the answer shows it
 * once. An expiry must lie ahead, at most API_TOKEN_MAX_DAYS away.
 */
export async function createApiToken(
  db: Db,
  params: { userId: string; name: string; scopes: readonly ApiTokenScope[]; expiresAt?: string; now: Date },
): Promise<CreatedApiTokenJson> {
  const expiresAt = params.expiresAt === undefined ? null : new Date(params.expiresAt);
  if (expiresAt && expiresAt.getTime() <= params.now.getTime())
    throw new AppError('VALIDATION_ERROR', 'The expiry must be in the future', {
      expiresAt: 'The expiry must be in the future',
    });
  if (expiresAt && expiresAt.getTime() > params.now.getTime() + API_TOKEN_MAX_DAYS * 86_400_000)
    throw new AppError('VALIDATION_ERROR', 'The expiry is too far away', {
      expiresAt: `Choose an expiry within ${Math.floor(API_TOKEN_MAX_DAYS / 366)} years, or none`,
    });
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await insertApiToken(db, {
    userId: params.userId,
    name: params.name,
    tokenHash: hashToken(token),
    prefix: token.slice(0, SHOWN_PREFIX_LENGTH),
    scopes: toScopes(params.scopes),
    expiresAt,
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
 * The user a bearer token stands for: undefined for an unknown, revoked, expired or malformed
 * token, or a disabled user. NOTE: records the use (lastUsedAt) at most once a minute.
 */
export async function resolveApiToken(
  db: Db,
  params: { token: string; now: Date },
): Promise<{ user: UserRow; tokenId: string; scopes: ApiTokenScope[] } | undefined> {
  if (!params.token.startsWith(API_TOKEN_PREFIX)) return undefined;
  const found = await getLiveApiToken(db, hashToken(params.token));
  if (!found || found.user.disabledAt) return undefined;
  if (found.token.expiresAt && found.token.expiresAt.getTime() <= params.now.getTime()) return undefined;
  const last = found.token.lastUsedAt?.getTime();
  if (last === undefined || params.now.getTime() - last >= TOUCH_INTERVAL_MS)
    await touchApiToken(db, { id: found.token.id, now: params.now });
  return { user: found.user, tokenId: found.token.id, scopes: toScopes(found.token.scopes) };
}
