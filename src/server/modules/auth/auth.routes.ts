import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  changePasswordRequestSchema,
  emailOnlyRequestSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  trialSignupRequestSchema,
} from '../../../contracts/auth';
import { recordAudit } from '../../auth/audit';
import { KNOWN_DEVICE_COOKIE } from '../../auth/known-device';
import { LoginThrottle, toLoginThrottlePolicy } from '../../auth/login-throttle';
import { deleteSession, deleteSessionByToken, deleteUserSessions, listSessions } from '../../auth/sessions';
import { AppError } from '../../errors';
import { clearSessionCookie, isCrossSiteRequest, requireUser } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { startCheckout } from '../billing';
import { toCurrentUserJson } from '../users';
import { createLoginChallenge, finishSignIn, isTwoFactorEnabled } from '../two-factor';
import {
  checkCredentials,
  changePassword,
  isKnownDevice,
  registerTrialUser,
  resetPassword,
  verifyEmail,
} from './auth.service';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? null });

export const authRoutes: FastifyPluginAsync = async (app) => {
  const deps = { db: app.db, clock: app.clock, mailer: app.mailer, config: app.config.publicConfig };
  const billing = { ...deps, provider: app.paymentProvider };
  const limits = app.config.rateLimits;
  // Failed sign-ins per address and IP, per IP and per address, on top of the per-IP limit on all attempts.
  const throttle = new LoginThrottle(toLoginThrottlePolicy(limits.loginPerAccount));

  const tooMany = (reply: FastifyReply, retryMs: number) => {
    reply.header('retry-after', Math.ceil(retryMs / 1000));
    throw new AppError('RATE_LIMITED', `Too many attempts. Try again in ${Math.ceil(retryMs / 1000)} seconds.`);
  };

  // Sign In on the inner public pages is a navigation to /api/login (seed §2, §7).
  app.get('/api/login', async (_req, reply) => reply.redirect('/login', 302));

  app.get('/api/auth/user', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return toCurrentUserJson(requireUser(req), app.clock.now());
  });

  app.post(
    '/api/auth/login',
    { config: { rateLimit: { max: limits.loginPerIp, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const body = parseInput(loginRequestSchema, req.body);
      const attempt = { address: body.email.trim().toLowerCase(), ip: req.ip };
      const nowMs = app.clock.now().getTime();
      const proof = req.cookies[KNOWN_DEVICE_COOKIE];
      const decision = throttle.decide({
        ...attempt,
        isKnownDevice: proof !== undefined && (await isKnownDevice(app.db, { email: body.email, proof })),
        nowMs,
      });
      if (!decision.isAllowed) tooMany(reply, decision.retryAfterMs);
      try {
        const user = await checkCredentials(deps, { ...body, ...meta(req) });
        throttle.recordSuccess(attempt);
        // Two-factor on: no session yet, the code step (POST /api/auth/login/2fa) finishes the sign-in.
        if (await isTwoFactorEnabled(app.db, user.id))
          return { twoFactorRequired: true as const, challenge: await createLoginChallenge(app, user.id) };
        return await finishSignIn(app, req, reply, user);
      } catch (err) {
        if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS')
          throttle.recordFailure({ ...attempt, nowMs });
        throw err;
      }
    },
  );

  // A GET (the seed's call), so another site could link or embed it: such a request ends nothing.
  app.get('/api/logout', async (req, reply) => {
    if (isCrossSiteRequest(app, req)) return reply.redirect('/login', 302);
    if (req.sessionToken) {
      await deleteSessionByToken(app.db, req.sessionToken);
      await recordAudit(app.db, { event: 'logout', userId: req.user?.id ?? null, ip: req.ip, now: app.clock.now() });
    }
    clearSessionCookie(reply);
    return reply.redirect('/login', 302);
  });

  app.post(
    '/api/subscription/trial-signup',
    { config: { rateLimit: { max: limits.signupPerIp, timeWindow: '1 hour' } } },
    async (req, reply) => {
      const body = parseInput(trialSignupRequestSchema, req.body);
      const user = await registerTrialUser(deps, { ...body, ...meta(req) });
      const { url } = await startCheckout(billing, { user, planId: body.planId, mode: 'trial' });
      return reply.code(201).send({ checkoutUrl: url });
    },
  );

  app.get('/api/auth/verify-email', async (req, reply) => {
    const token = (req.query as { token?: unknown }).token;
    try {
      if (typeof token !== 'string' || !token) throw new AppError('TOKEN_INVALID', 'Missing token');
      await verifyEmail(deps, { token, ip: req.ip });
      return reply.redirect('/login?verified=true', 302);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return reply.redirect(`/login?verification=${err.code === 'TOKEN_EXPIRED' ? 'expired' : 'invalid'}`, 302);
    }
  });

  app.post(
    '/api/auth/resend-verification',
    { config: { rateLimit: { max: limits.forgotPerIp, timeWindow: '15 minutes' } } },
    async (req) => {
      const body = parseInput(emailOnlyRequestSchema, req.body);
      // Queued for any address (jobs/registry.ts): the answer takes as long whatever the account.
      await app.jobs.send('auth-verification-resend', { email: body.email });
      return { ok: true, message: 'If that account needs verifying, we have sent a new link.' };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    { config: { rateLimit: { max: limits.forgotPerIp, timeWindow: '15 minutes' } } },
    async (req) => {
      const body = parseInput(emailOnlyRequestSchema, req.body);
      // Queued for any address (jobs/registry.ts): the answer takes as long whatever the account.
      await app.jobs.send('auth-password-reset', { email: body.email, ip: req.ip });
      return { ok: true, message: 'If an account exists for that address, a reset link is on its way.' };
    },
  );

  app.post(
    '/api/auth/reset-password',
    { config: { rateLimit: { max: limits.forgotPerIp, timeWindow: '15 minutes' } } },
    async (req) => {
      const body = parseInput(resetPasswordRequestSchema, req.body);
      await resetPassword(deps, { ...body, ip: req.ip });
      return { ok: true };
    },
  );

  app.post(
    '/api/auth/change-password',
    { config: { rateLimit: { max: limits.loginPerIp, timeWindow: '1 minute' } } },
    async (req) => {
      const user = requireUser(req);
      const body = parseInput(changePasswordRequestSchema, req.body);
      await changePassword(deps, { user, sessionId: req.session!.id, ...body, ip: req.ip }); // a signed-in request has a session
      return { ok: true };
    },
  );

  app.get('/api/auth/sessions', async (req) => {
    const user = requireUser(req);
    const rows = await listSessions(app.db, { userId: user.id, now: app.clock.now() });
    return rows.map((s) => ({
      id: s.id,
      ip: s.ip,
      userAgent: s.userAgent,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      isCurrent: s.id === req.session?.id,
    }));
  });

  // Every session but this one: "Sign out all other devices".
  app.post('/api/auth/sessions/revoke-others', async (req) => {
    const user = requireUser(req);
    if (!req.session) throw new AppError('FORBIDDEN', 'Sessions are managed from a signed-in session');
    const before = await listSessions(app.db, { userId: user.id, now: app.clock.now() });
    await deleteUserSessions(app.db, { userId: user.id, exceptSessionId: req.session.id });
    const revoked = before.filter((s) => s.id !== req.session?.id).length;
    await recordAudit(app.db, {
      event: 'other_sessions_revoked',
      userId: user.id,
      ip: req.ip,
      now: app.clock.now(),
      meta: { revoked },
    });
    return { revoked };
  });

  app.delete('/api/auth/sessions/:id', async (req, reply) => {
    const user = requireUser(req);
    const { id } = req.params as { id: string };
    if (!/^[0-9a-f-]{36}$/i.test(id) || !(await deleteSession(app.db, { userId: user.id, sessionId: id }))) {
      throw new AppError('NOT_FOUND', 'Session not found');
    }
    await recordAudit(app.db, {
      event: 'session_revoked',
      userId: user.id,
      ip: req.ip,
      now: app.clock.now(),
      meta: { sessionId: id },
    });
    if (id === req.session?.id) clearSessionCookie(reply);
    return reply.code(204).send();
  });
};
