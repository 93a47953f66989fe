import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { apiTokenCreateSchema } from '../../../contracts/trades';
import { AppError } from '../../errors';
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
    const { name, scopes } = parseInput(apiTokenCreateSchema, req.body);
    reply.header('cache-control', 'no-store');
    return reply.code(201).send(await createApiToken(app.db, { userId: user.id, name, scopes, now: app.clock.now() }));
  });

  app.delete('/api/tokens/:id', async (req, reply) => {
    const user = requireSessionUser(req);
    await revokeToken(app.db, { userId: user.id, id: idParam(req), now: app.clock.now() });
    return reply.code(204).send();
  });
};
