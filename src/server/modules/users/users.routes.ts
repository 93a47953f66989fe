import type { FastifyPluginAsync } from 'fastify';
import { profilePatchSchema } from '../../../contracts/auth';
import { requireUser } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { toProfileJson, updateProfile } from './users.service';

export const userRoutes: FastifyPluginAsync = async (app) => {
  /** The signed-in user's profile; changing the default risk re-derives R of the trades that use it. */
  app.patch('/api/auth/user', async (req, reply) => {
    const user = requireUser(req);
    const patch = parseInput(profilePatchSchema, req.body);
    reply.header('cache-control', 'no-store');
    const now = app.clock.now();
    return toProfileJson(await updateProfile(app.db, { user, patch, now }), now);
  });
};
