import type { FastifyPluginAsync } from 'fastify';
import { reconciliationFillsQuerySchema, reconciliationQuerySchema } from '../../../contracts/reconciliation';
import { requireAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { idParam, isUuid } from '../ids';
import { AppError } from '../../errors';
import {
  getImportQuality,
  getReconciliation,
  getReconciliationFills,
  listImportQuality,
} from './reconciliation.service';

/** Edgebook's figures against the broker's own, per day and per import (issue 42 item 3). */
export const reconciliationRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/reconciliation', async (req) => {
    const user = requireAccess(app, req);
    const query = parseInput(reconciliationQuerySchema, req.query);
    return getReconciliation(app.db, {
      userId: user.id,
      timeZone: user.timezone,
      accountId: query.accountId,
      ...(query.from === undefined ? {} : { from: query.from }),
      ...(query.to === undefined ? {} : { to: query.to }),
    });
  });

  app.get('/api/reconciliation/fills', async (req) => {
    const user = requireAccess(app, req);
    const query = parseInput(reconciliationFillsQuerySchema, req.query);
    return getReconciliationFills(app.db, { userId: user.id, timeZone: user.timezone, ...query });
  });

  app.get('/api/imports/quality', async (req) => {
    const user = requireAccess(app, req);
    return { imports: await listImportQuality(app.db, { userId: user.id, timeZone: user.timezone }) };
  });

  app.get('/api/imports/:id/quality', async (req) => {
    const user = requireAccess(app, req);
    const importId = idParam(req);
    if (!isUuid(importId)) throw new AppError('NOT_FOUND', 'Import not found');
    return getImportQuality(app.db, { userId: user.id, timeZone: user.timezone, importId });
  });
};
