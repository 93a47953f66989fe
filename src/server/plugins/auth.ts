import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { toSubscriptionView } from '../../core/billing/subscription';
import {
  KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_COOKIE_PATH,
  KNOWN_DEVICE_MAX_AGE_S,
  toKnownDeviceProof,
} from '../auth/known-device';
import { resolveSession, SESSION_IDLE_MS, type SessionRow } from '../auth/sessions';
import { users } from '../db/schema';
import { AppError } from '../errors';
import { toSubscriptionState, type UserRow } from '../modules/users';

export const SESSION_COOKIE = 'eb_session';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    session: SessionRow | null;
    sessionToken: string | null;
  }
}

/** HttpOnly, SameSite=Lax, and Secure when the app is served over https. */
function toCookieOptions(
  app: FastifyInstance,
  params: { path: string; maxAgeSeconds: number },
): CookieSerializeOptions {
  const secure = app.config.publicConfig.baseUrl.startsWith('https:');
  return { path: params.path, httpOnly: true, sameSite: 'lax', secure, maxAge: params.maxAgeSeconds };
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, toCookieOptions(app, { path: '/', maxAgeSeconds: SESSION_IDLE_MS / 1000 }));
}

/** Marks this browser as one the user signed in from (see known-device.ts). */
export function setKnownDeviceCookie(app: FastifyInstance, reply: FastifyReply, user: UserRow): void {
  const options = toCookieOptions(app, { path: KNOWN_DEVICE_COOKIE_PATH, maxAgeSeconds: KNOWN_DEVICE_MAX_AGE_S });
  reply.setCookie(KNOWN_DEVICE_COOKIE, toKnownDeviceProof(user), options);
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** 401 unless signed in; the signed-in user otherwise. */
export function requireUser(req: FastifyRequest): UserRow {
  if (!req.user) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
  return req.user;
}

/** Server-side twin of the trial-expired dialog: app data calls are refused once access has ended. */
export function requireAccess(app: FastifyInstance, req: FastifyRequest): UserRow {
  const user = requireUser(req);
  if (!toSubscriptionView(toSubscriptionState(user), app.clock.now()).hasAccess) {
    throw new AppError('PAYMENT_REQUIRED', 'Your trial has ended. Upgrade to keep using Edgebook.');
  }
  return user;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The origin our pages are served from: PUBLIC_URL's when it is set (whatever Host the request
 * names), else the one the request's Host header names.
 */
function toOwnOrigin(app: FastifyInstance, req: FastifyRequest): string {
  return app.config.publicOrigin ?? `${req.protocol}://${req.headers.host ?? ''}`;
}

/** The origin of a URL; null when it is not one. */
function toOrigin(url: string): string | null {
  return URL.canParse(url) ? new URL(url).origin : null;
}

/**
 * True when the browser says the request was started from another site: Sec-Fetch-Site other than
 * same-origin or none (typed or bookmarked), or an Origin or Referer that is not ours. A request
 * that says none of these (a script, an old browser) is not.
 */
export function isCrossSiteRequest(app: FastifyInstance, req: FastifyRequest): boolean {
  const ownOrigin = toOwnOrigin(app, req);
  const fetchSite = req.headers['sec-fetch-site'];
  const { origin, referer } = req.headers;
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  if (origin !== undefined && origin !== ownOrigin) return true;
  return referer !== undefined && toOrigin(referer) !== ownOrigin;
}

/**
 * Resolves the session cookie on every request, and refuses state-changing requests that a browser
 * sent from another site (CSRF): the Origin must be ours, or Sec-Fetch-Site must say same-origin;
 * a cookie-authenticated request with neither is refused too. API answers are not to be stored by
 * any cache unless their route says otherwise.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.addHook('onRequest', async (req) => {
    const token = req.cookies[SESSION_COOKIE];
    if (STATE_CHANGING.has(req.method) && !req.url.startsWith('/api/billing/webhook')) {
      const origin = req.headers.origin;
      const fetchSite = req.headers['sec-fetch-site'];
      const isOwnOrigin = origin !== undefined && origin === toOwnOrigin(app, req);
      if (origin !== undefined && !isOwnOrigin) throw new AppError('FORBIDDEN', 'Cross-site request refused');
      if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none' && !isOwnOrigin) {
        throw new AppError('FORBIDDEN', 'Cross-site request refused');
      }
      if (token && origin === undefined && fetchSite === undefined)
        throw new AppError('FORBIDDEN', 'Cross-site request refused: no Origin');
    }
    if (!token) return;
    const session = await resolveSession(app.db, { token, now: app.clock.now() });
    if (!session) return;
    const [user] = await app.db.select().from(users).where(eq(users.id, session.userId)).limit(1);
    if (!user || user.disabledAt) return;
    req.user = user;
    req.session = session;
    req.sessionToken = token;
  });
});
