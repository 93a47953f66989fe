import type { FastifyPluginAsync } from 'fastify';
import { tagInputSchema, tagMergeSchema, tagPatchSchema } from '../../../contracts/trades';
import { requireAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { idParam } from '../ids';
import { createTag, getTagUsage, listTagJson, mergeTag, patchTag, removeTag } from './tags.service';

export const tagRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/tags', async (req) => ({ tags: await listTagJson(app.db, requireAccess(app, req).id) }));

  app.get('/api/tags/usage', async (req) => getTagUsage(app.db, requireAccess(app, req).id));

  app.post('/api/tags', async (req, reply) => {
    const user = requireAccess(app, req);
    const values = parseInput(tagInputSchema, req.body);
    return reply.code(201).send(await createTag(app.db, { userId: user.id, values }));
  });

  app.patch('/api/tags/:id', async (req) => {
    const user = requireAccess(app, req);
    const patch = parseInput(tagPatchSchema, req.body);
    return patchTag(app.db, { userId: user.id, id: idParam(req), patch });
  });

  app.delete('/api/tags/:id', async (req, reply) => {
    await removeTag(app.db, { userId: requireAccess(app, req).id, id: idParam(req) });
    return reply.code(204).send();
  });

  app.post('/api/tags/:id/merge', async (req) => {
    const user = requireAccess(app, req);
    const { intoTagId } = parseInput(tagMergeSchema, req.body);
    return mergeTag(app.db, { userId: user.id, id: idParam(req), intoTagId });
  });
};
