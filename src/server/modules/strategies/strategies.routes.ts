import type { FastifyPluginAsync } from 'fastify';
import { strategyInputSchema } from '../../../contracts/trades';
import { requireAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { createStrategy, listStrategyJson } from './strategies.service';

/** Minimal for now: trades reference a strategy by id; the playbook issue adds rules and editing. */
export const strategyRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/strategies', async (req) => ({
    strategies: await listStrategyJson(app.db, requireAccess(app, req).id),
  }));

  app.post('/api/strategies', async (req, reply) => {
    const user = requireAccess(app, req);
    const input = parseInput(strategyInputSchema, req.body);
    return reply.code(201).send(await createStrategy(app.db, { userId: user.id, ...input }));
  });
};
