import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors';
import { resolveApiToken } from './api-tokens.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request was authenticated by a personal API token rather than the session cookie. */
    apiTokenId: string | null;
  }
}

/**
 * The public API's paths: only these accept a bearer token. Account settings, sign-in, billing and
 * the token endpoints themselves stay cookie-only, so a leaked token cannot take over the account.
 * A module that joins the public API adds its prefix here.
 */
export const API_TOKEN_PATHS = ['/api/accounts', '/api/executions', '/api/trades', '/api/tags', '/api/strategies'];

const BEARER = /^Bearer\s+(\S+)\s*$/i;
/** Requests that only read: a read-only token may send these and nothing else. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return API_TOKEN_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * `Authorization: Bearer eb_…` on a public API path, when no session cookie signed the request in:
 * resolves the token and signs the request in as its user. An unknown or revoked token is a 401
 * (not a silent anonymous request); a read-only token on a mutating request is a 403. Registered
 * after authPlugin, whose CSRF rule only concerns cookie-authenticated requests: a bearer request
 * carries no cookie.
 */
export const apiTokenAuthPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('apiTokenId', null);
  app.addHook('onRequest', async (req) => {
    if (req.user) return;
    const header = req.headers.authorization;
    if (!header || !isApiPath(req.url)) return;
    const token = BEARER.exec(header)?.[1];
    if (!token) throw new AppError('UNAUTHORIZED', 'Use Authorization: Bearer <API token>');
    const resolved = await resolveApiToken(app.db, { token, now: app.clock.now() });
    if (!resolved) throw new AppError('UNAUTHORIZED', 'Invalid or revoked API token');
    if (!resolved.canWrite && !READ_METHODS.has(req.method))
      throw new AppError(
        'FORBIDDEN',
        `This API token is read-only: ${req.method} needs a token with the write scope (create one in Settings → API)`,
      );
    req.user = resolved.user;
    req.apiTokenId = resolved.tokenId;
  });
});
