import type { FastifyPluginAsync } from 'fastify';
import { requireAccess } from '../../plugins/auth';
import { getSampleDataStatus, loadSampleData, removeSampleData } from './sample-data.service';

/** The one-click sample journal: status, load (409 when loaded) and remove (404 when not). */
export const sampleDataRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/sample-data', async (req) => getSampleDataStatus(app.db, requireAccess(app, req).id));

  app.post('/api/sample-data', async (req, reply) => {
    const user = requireAccess(app, req);
    return reply.code(201).send(await loadSampleData(app.db, { user, now: app.clock.now() }));
  });

  app.delete('/api/sample-data', async (req) => removeSampleData(app.db, requireAccess(app, req).id));
};
