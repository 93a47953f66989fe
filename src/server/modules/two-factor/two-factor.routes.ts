import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  loginTwoFactorRequestSchema,
  regenerateRecoveryCodesRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
} from '../../../contracts/security';
import { LoginThrottle, toLoginThrottlePolicy } from '../../auth/login-throttle';
import { AppError } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { parseInput } from '../../validation';
import type { UserRow } from '../users';
import { finishSignIn } from './sign-in';
import {
  completeLoginChallenge,
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  type TwoFactorDeps,
} from './two-factor.service';

/** Two-factor settings are a signed-in browser's: never an API token's (they never reach /api/auth anyway). */
function requireSessionUser(req: FastifyRequest): UserRow {
  const user = requireUser(req);
  if (!req.session) throw new AppError('FORBIDDEN', 'Two-factor sign-in is managed from a signed-in session');
  return user;
}

export const twoFactorRoutes: FastifyPluginAsync = async (app) => {
  const limits = app.config.rateLimits;
  const deps: TwoFactorDeps = {
    db: app.db,
    clock: app.clock,
    mailer: app.mailer,
    config: app.config.publicConfig,
    secretBox: app.secretBox,
    // Wrong codes: LOGIN_ACCOUNT_RATE_LIMIT per account and IP, four times that per IP, then waits
    // per account (the sign-in policy, with the user id for the address).
    throttle: new LoginThrottle(toLoginThrottlePolicy(limits.loginPerAccount)),
  };
  const perIp = { config: { rateLimit: { max: limits.loginPerIp, timeWindow: '1 minute' } } };

  app.get('/api/auth/2fa', async (req) => getTwoFactorStatus(app.db, requireSessionUser(req).id));

  app.post('/api/auth/2fa/setup', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return startTwoFactorSetup(deps, requireSessionUser(req));
  });

  app.post('/api/auth/2fa/enable', perIp, async (req, reply) => {
    const user = requireSessionUser(req);
    const { code } = parseInput(twoFactorEnableRequestSchema, req.body);
    reply.header('cache-control', 'no-store');
    return enableTwoFactor(deps, { user, code, ip: req.ip });
  });

  app.post('/api/auth/2fa/recovery-codes', perIp, async (req, reply) => {
    const user = requireSessionUser(req);
    const { code } = parseInput(regenerateRecoveryCodesRequestSchema, req.body);
    reply.header('cache-control', 'no-store');
    return regenerateRecoveryCodes(deps, { user, code, ip: req.ip });
  });

  app.post('/api/auth/2fa/disable', perIp, async (req) => {
    const user = requireSessionUser(req);
    const body = parseInput(twoFactorDisableRequestSchema, req.body);
    await disableTwoFactor(deps, { user, ...body, ip: req.ip });
    return { ok: true as const };
  });

  app.post('/api/auth/login/2fa', perIp, async (req, reply) => {
    const body = parseInput(loginTwoFactorRequestSchema, req.body);
    const { user } = await completeLoginChallenge(deps, { ...body, ip: req.ip });
    return finishSignIn(app, req, reply, user);
  });
};
