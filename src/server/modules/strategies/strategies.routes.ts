import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ruleInputSchema,
  ruleOrderSchema,
  rulePatchSchema,
  strategyDeleteQuerySchema,
} from '../../../contracts/playbook';
import { strategyInputSchema, strategyPatchSchema } from '../../../contracts/trades';
import { requireAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { idParam } from '../ids';
import {
  addRule,
  createStrategy,
  duplicateStrategy,
  getStrategyDetail,
  listRuleJson,
  listStrategyJson,
  patchRule,
  patchStrategy,
  removeRule,
  removeStrategy,
  reorderRules,
} from './strategies.service';

function ruleIdParam(req: FastifyRequest): string {
  const { ruleId } = req.params as { ruleId?: unknown }; // route params are strings or absent
  return typeof ruleId === 'string' ? ruleId : '';
}

/** Strategies (playbook entries) and their ordered rules (issue #33). Another user's ids answer 404. */
export const strategyRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/strategies', async (req) => ({
    strategies: await listStrategyJson(app.db, requireAccess(app, req).id),
  }));

  app.post('/api/strategies', async (req, reply) => {
    const user = requireAccess(app, req);
    const input = parseInput(strategyInputSchema, req.body);
    return reply.code(201).send(await createStrategy(app.db, { userId: user.id, ...input }));
  });

  app.get('/api/strategies/:id', async (req) =>
    getStrategyDetail(app.db, { userId: requireAccess(app, req).id, id: idParam(req) }),
  );

  app.patch('/api/strategies/:id', async (req) => {
    const user = requireAccess(app, req);
    const patch = parseInput(strategyPatchSchema, req.body);
    return patchStrategy(app.db, { userId: user.id, id: idParam(req), patch, now: app.clock.now() });
  });

  app.delete('/api/strategies/:id', async (req, reply) => {
    const user = requireAccess(app, req);
    const { confirmTrades } = parseInput(strategyDeleteQuerySchema, req.query);
    await removeStrategy(app.db, { userId: user.id, id: idParam(req), confirmTrades });
    return reply.code(204).send();
  });

  app.post('/api/strategies/:id/duplicate', async (req, reply) => {
    const user = requireAccess(app, req);
    return reply.code(201).send(await duplicateStrategy(app.db, { userId: user.id, id: idParam(req) }));
  });

  app.get('/api/strategies/:id/rules', async (req) => ({
    rules: await listRuleJson(app.db, { userId: requireAccess(app, req).id, strategyId: idParam(req) }),
  }));

  app.post('/api/strategies/:id/rules', async (req, reply) => {
    const user = requireAccess(app, req);
    const input = parseInput(ruleInputSchema, req.body);
    return reply.code(201).send(await addRule(app.db, { userId: user.id, strategyId: idParam(req), ...input }));
  });

  app.put('/api/strategies/:id/rules', async (req) => {
    const user = requireAccess(app, req);
    const { ruleIds } = parseInput(ruleOrderSchema, req.body);
    return { rules: await reorderRules(app.db, { userId: user.id, strategyId: idParam(req), ruleIds }) };
  });

  app.patch('/api/strategies/:id/rules/:ruleId', async (req) => {
    const user = requireAccess(app, req);
    const patch = parseInput(rulePatchSchema, req.body);
    return patchRule(app.db, {
      userId: user.id,
      strategyId: idParam(req),
      ruleId: ruleIdParam(req),
      patch,
      now: app.clock.now(),
    });
  });

  app.delete('/api/strategies/:id/rules/:ruleId', async (req, reply) => {
    const user = requireAccess(app, req);
    await removeRule(app.db, {
      userId: user.id,
      strategyId: idParam(req),
      ruleId: ruleIdParam(req),
      now: app.clock.now(),
    });
    return reply.code(204).send();
  });
};
