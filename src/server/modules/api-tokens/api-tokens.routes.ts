import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { apiTokenCreateSchema } from '../../../contracts/trades';
import { recordAudit } from '../../auth/audit';
import { AppError } from '../../errors';
import { apiTokenCreatedEmail } from '../../mail/templates';
import { requireAccess, requireUser } from '../../plugins/auth';
import type { UserRow } from '../users';
import { parseInput } from '../../validation';
import { idParam } from '../ids';
import { createApiToken, listApiTokenJson, revokeToken } from './api-tokens.service';

/**
 * Tokens are managed from a signed-in browser only: a token that could mint or revoke tokens would
 * outlive its own revocation. Listing and revoking stay possible after the trial ends; creating
 * one needs access, like the data routes it would reach.
 */
function requireSessionUser(req: FastifyRequest): UserRow {
  const user = requireUser(req);
  if (req.apiTokenId) throw new AppError('FORBIDDEN', 'API tokens are managed from a signed-in session');
  return user;
}

export const apiTokenRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/tokens', async (req) => ({ tokens: await listApiTokenJson(app.db, requireSessionUser(req).id) }));

  app.post('/api/tokens', async (req, reply) => {
    requireSessionUser(req);
    const user = requireAccess(app, req);
    const body = parseInput(apiTokenCreateSchema, req.body);
    const now = app.clock.now();
    const created = await createApiToken(app.db, { userId: user.id, ...body, now });
    await recordAudit(app.db, {
      event: 'api_token_created',
      userId: user.id,
      ip: req.ip,
      now,
      meta: { tokenId: created.id, scopes: created.scopes.join(' ') },
    });
    await app.mailer.send(
      apiTokenCreatedEmail(app.config.publicConfig, user, {
        name: created.name,
        scopes: created.scopes,
        expiresAt: created.expiresAt === null ? null : new Date(created.expiresAt),
      }),
    );
    reply.header('cache-control', 'no-store');
    return reply.code(201).send(created);
  });

  app.delete('/api/tokens/:id', async (req, reply) => {
    const user = requireSessionUser(req);
    await revokeToken(app.db, { userId: user.id, id: idParam(req), now: app.clock.now() });
    return reply.code(204).send();
  });
};
