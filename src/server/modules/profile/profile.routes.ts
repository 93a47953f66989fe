import type { FastifyPluginAsync } from 'fastify';
import { emailChangeRequestSchema, profilePatchSchema } from '../../../contracts/auth';
import { AppError } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { confirmEmailChange, requestEmailChange } from '../users';
import { toProfileJson, updateProfile } from './profile.service';

export const profileRoutes: FastifyPluginAsync = async (app) => {
  /** The signed-in user's profile; changing the default risk re-derives R of the trades that use it. */
  app.patch('/api/auth/user', async (req, reply) => {
    const user = requireUser(req);
    const patch = parseInput(profilePatchSchema, req.body);
    reply.header('cache-control', 'no-store');
    const now = app.clock.now();
    return toProfileJson(await updateProfile(app.db, { user, patch, now }), now);
  });

  const deps = () => ({ db: app.db, clock: app.clock, mailer: app.mailer, config: app.config.publicConfig });

  /** Sends the new address a link; the account's address changes when it is opened. */
  app.post(
    '/api/auth/change-email',
    // Per account (after sign-in has identified it): each request e-mails two addresses.
    {
      config: {
        rateLimit: { max: 10, timeWindow: '1 hour', hook: 'preHandler', keyGenerator: (req) => req.user?.id ?? req.ip },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const request = parseInput(emailChangeRequestSchema, req.body);
      await requestEmailChange(deps(), { user, request, ip: req.ip });
      reply.header('cache-control', 'no-store');
      return {
        ok: true,
        message: `We sent a link to ${request.newEmail}. Your email changes when you open it (within 24 hours).`,
      };
    },
  );

  /** The link of that e-mail: a navigation, answered with a redirect to the settings page. */
  app.get('/api/auth/confirm-email-change', async (req, reply) => {
    const token = (req.query as { token?: unknown }).token;
    try {
      if (typeof token !== 'string' || !token) throw new AppError('TOKEN_INVALID', 'Missing token');
      await confirmEmailChange(deps(), { token, ip: req.ip });
      return reply.redirect('/settings?email=changed', 302);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const outcome = err.code === 'TOKEN_EXPIRED' ? 'expired' : err.code === 'CONFLICT' ? 'taken' : 'invalid';
      return reply.redirect(`/settings?email=${outcome}`, 302);
    }
  });
};
