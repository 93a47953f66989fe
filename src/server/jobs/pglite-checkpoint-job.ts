import type { FastifyInstance } from 'fastify';
import { checkpointPgliteIfDue } from '../db/maintenance';

const EVERY_MS = 10 * 60 * 1000;

/**
 * PGlite only: every ten minutes, a checkpoint when enough write-ahead log was written since the
 * last one (checkpointPgliteIfDue), so its files are reused rather than piling up on disk between
 * restarts. PostgreSQL checkpoints on its own.
 */
export function schedulePgliteCheckpoints(app: FastifyInstance): () => void {
  if (app.dbEngine !== 'pglite') return () => {};
  let isRunning = false;
  const tick = async () => {
    if (isRunning) return;
    isRunning = true;
    try {
      if (await checkpointPgliteIfDue(app.db)) app.log.info('PGlite checkpointed its write-ahead log');
    } catch (err) {
      app.log.warn({ err }, 'PGlite checkpoint failed');
    } finally {
      isRunning = false;
    }
  };
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
