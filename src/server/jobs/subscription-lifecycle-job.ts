import type { FastifyInstance } from 'fastify';
import { runSubscriptionLifecycle } from '../modules/billing/billing.service';

const EVERY_MS = 10 * 60 * 1000;

/**
 * Runs the subscription lifecycle (trial e-mails, conversions, closings) at start-up and every ten
 * minutes. Each step is idempotent, so a restart never sends an e-mail twice; a Postgres-backed job
 * queue replaces this timer when background work grows beyond one app server.
 */
export function scheduleSubscriptionLifecycle(app: FastifyInstance): () => void {
  const deps = {
    db: app.db,
    clock: app.clock,
    mailer: app.mailer,
    config: app.config.publicConfig,
    provider: app.paymentProvider,
  };
  let isRunning = false;
  const tick = async () => {
    if (isRunning) return;
    isRunning = true;
    try {
      const result = await runSubscriptionLifecycle(deps);
      if (result.notices || result.converted || result.closed) app.log.info(result, 'subscription lifecycle');
    } catch (err) {
      app.log.error({ err }, 'subscription lifecycle failed');
    } finally {
      isRunning = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
