import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { findRouteContract } from '../../../contracts/routes';
import { AppError } from '../../errors';
import { resolveApiToken } from './api-tokens.service';
import { TokenRateLimiter } from './token-rate-limit';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request was authenticated by a personal API token rather than the session cookie. */
    apiTokenId: string | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const RATE_WINDOW_MS = 60_000;

/** The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers): limit, what is left, seconds to the reset. */
function setRateLimitHeaders(reply: FastifyReply, state: { limit: number; remaining: number; resetMs: number }) {
  reply.header('ratelimit-limit', state.limit);
  reply.header('ratelimit-remaining', state.remaining);
  reply.header('ratelimit-reset', Math.ceil(state.resetMs / 1000));
  reply.header('ratelimit-policy', `${state.limit};w=${RATE_WINDOW_MS / 1000}`);
}

/**
 * `Authorization: Bearer eb_…` without a session cookie: the public API's routes (those API_ROUTES
 * gives a `scope`, and their `/api/v1/…` aliases) sign the request in as the token's user when the
 * token holds that scope; every other `/api/` route refuses a bearer request (401), so a token never
 * reaches sign-in, billing, admin, token or two-factor routes. An unknown, revoked or expired token
 * is a 401; a missing scope a 403. Each token may make API_TOKEN_RATE_LIMIT requests a minute, told
 * in `RateLimit-*` headers (429 with Retry-After beyond). Registered after authPlugin, whose CSRF rule
 * only concerns cookie-authenticated requests: a bearer request carries no cookie.
 */
export const apiTokenAuthPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('apiTokenId', null);
  const limiter = new TokenRateLimiter({ limit: app.config.apiTokenRateLimit, windowMs: RATE_WINDOW_MS });
  app.addHook('onRequest', async (req, reply) => {
    if (req.user) return;
    const header = req.headers.authorization;
    if (!header || !req.url.startsWith('/api/')) return;
    const url = req.routeOptions.url;
    if (url === undefined) return; // no such route: the 404 answers
    const route = findRouteContract(req.method === 'HEAD' ? 'GET' : req.method, url);
    if (!route?.scope)
      throw new AppError('UNAUTHORIZED', 'API tokens are accepted by the public API only (see /api/docs)');
    const token = BEARER.exec(header)?.[1];
    if (!token) throw new AppError('UNAUTHORIZED', 'Use Authorization: Bearer <API token>');
    const now = app.clock.now();
    const resolved = await resolveApiToken(app.db, { token, now });
    if (!resolved) throw new AppError('UNAUTHORIZED', 'Invalid, expired or revoked API token');
    const state = limiter.take(resolved.tokenId, now.getTime());
    setRateLimitHeaders(reply, state);
    if (!state.isAllowed) {
      const seconds = Math.max(1, Math.ceil(state.resetMs / 1000));
      throw new AppError(
        'RATE_LIMITED',
        `This API token made too many requests. Try again in ${seconds} seconds.`,
        undefined,
        {
          retryAfterSeconds: seconds,
        },
      );
    }
    if (!resolved.scopes.includes(route.scope))
      throw new AppError(
        'FORBIDDEN',
        `This API token lacks the ${route.scope} scope that ${req.method} ${url} needs (create one in Settings → API tokens)`,
      );
    req.user = resolved.user;
    req.apiTokenId = resolved.tokenId;
  });
});
