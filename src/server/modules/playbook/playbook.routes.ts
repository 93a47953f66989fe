import type { FastifyPluginAsync } from 'fastify';
import { requireAccess } from '../../plugins/auth';
import { getPlaybook, getRuleEffects } from './playbook.service';

/** What each strategy and each of its rules is worth (issue #33). */
export const playbookRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/playbook', async (req) => getPlaybook(app.db, requireAccess(app, req).id));

  app.get('/api/playbook/:strategyId/rules', async (req) => {
    const { strategyId } = req.params as { strategyId?: unknown }; // route params are strings or absent
    return getRuleEffects(app.db, {
      userId: requireAccess(app, req).id,
      strategyId: typeof strategyId === 'string' ? strategyId : '',
    });
  });
};
