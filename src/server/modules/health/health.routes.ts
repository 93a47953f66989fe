import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { APP_VERSION } from '../../version';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/health', async (_req, reply) => {
    await app.db.execute(sql`select 1`);
    return reply.header('cache-control', 'no-store').send({ status: 'ok', db: app.dbEngine, version: APP_VERSION });
  });
};
