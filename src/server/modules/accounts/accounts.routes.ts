import type { FastifyPluginAsync } from 'fastify';
import { accountInputSchema, accountPatchSchema } from '../../../contracts/trades';
import { requireAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { idParam, isUuid } from '../ids';
import { deleteStoredObjects, listScreenshotKeysOfAccount } from '../screenshots';
import {
  createAccount,
  getAccountUsage,
  listAccountJson,
  patchAccount,
  removeAccount,
  requireAccount,
  toAccountJson,
} from './accounts.service';

export const accountRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/accounts', async (req) => ({ accounts: await listAccountJson(app.db, requireAccess(app, req).id) }));

  app.post('/api/accounts', async (req, reply) => {
    const user = requireAccess(app, req);
    const input = parseInput(accountInputSchema, req.body);
    return reply.code(201).send(await createAccount(app.db, { userId: user.id, input }));
  });

  app.get('/api/accounts/:id', async (req) =>
    toAccountJson(await requireAccount(app.db, { userId: requireAccess(app, req).id, id: idParam(req) })),
  );

  app.get('/api/accounts/:id/usage', async (req) =>
    getAccountUsage(app.db, { userId: requireAccess(app, req).id, id: idParam(req) }),
  );

  app.patch('/api/accounts/:id', async (req) => {
    const user = requireAccess(app, req);
    const patch = parseInput(accountPatchSchema, req.body);
    return patchAccount(app.db, { userId: user.id, id: idParam(req), patch });
  });

  app.delete('/api/accounts/:id', async (req, reply) => {
    const userId = requireAccess(app, req).id;
    const id = idParam(req);
    // The rows of the account's screenshots go by cascade; their files are removed after.
    const keys = isUuid(id) ? await listScreenshotKeysOfAccount(app.db, { userId, accountId: id }) : [];
    await removeAccount(app.db, { userId, id });
    await deleteStoredObjects({ storage: app.storage, log: (msg, err) => app.log.error({ err }, msg) }, keys);
    return reply.code(204).send();
  });
};
