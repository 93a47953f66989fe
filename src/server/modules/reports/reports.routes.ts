import type { FastifyPluginAsync } from 'fastify';
import { reportRunRequestSchema, savedReportInputSchema, savedReportPatchSchema } from '../../../contracts/reports';
import { requireAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { idParam } from '../ids';
import {
  createSavedReport,
  getSavedReportJson,
  listSavedReportJson,
  patchSavedReport,
  removeSavedReport,
  runReport,
} from './reports.service';
import { registerReportExportRoutes } from './reports-export.routes';

/** Advanced reports: run a report, the saved reports, and the CSV and PDF exports. */
export const reportRoutes: FastifyPluginAsync = async (app) => {
  const scopeOf = (req: Parameters<typeof requireAccess>[1]) => {
    const user = requireAccess(app, req);
    return { userId: user.id, userTimeZone: user.timezone, cache: app.analyticsCache };
  };

  app.post('/api/reports/run', async (req) =>
    runReport(app.db, { ...scopeOf(req), request: parseInput(reportRunRequestSchema, req.body ?? {}) }),
  );

  app.get('/api/reports/saved', async (req) => listSavedReportJson(app.db, requireAccess(app, req).id));

  app.get('/api/reports/saved/:id', async (req) =>
    getSavedReportJson(app.db, { userId: requireAccess(app, req).id, id: idParam(req) }),
  );

  app.post('/api/reports/saved', async (req, reply) => {
    const user = requireAccess(app, req);
    const input = parseInput(savedReportInputSchema, req.body);
    return reply.code(201).send(await createSavedReport(app.db, { userId: user.id, input, now: app.clock.now() }));
  });

  app.patch('/api/reports/saved/:id', async (req) => {
    const user = requireAccess(app, req);
    const patch = parseInput(savedReportPatchSchema, req.body);
    return patchSavedReport(app.db, { userId: user.id, id: idParam(req), patch, now: app.clock.now() });
  });

  app.delete('/api/reports/saved/:id', async (req, reply) => {
    await removeSavedReport(app.db, { userId: requireAccess(app, req).id, id: idParam(req) });
    return reply.code(204).send();
  });

  registerReportExportRoutes(app);
};
