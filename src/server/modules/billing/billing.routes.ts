import type { FastifyPluginAsync } from 'fastify';
import { PLANS } from '../../../core/config/plans';
import { planRequestSchema } from '../../../contracts/auth';
import { requireUser } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { toCurrentUserJson } from '../users';
import {
  applyBillingEvent,
  changePlan,
  completeLocalCheckout,
  getLocalCheckout,
  openBillingPortal,
  setCancelAtPeriodEnd,
  startCheckout,
} from './billing.service';

export const billingRoutes: FastifyPluginAsync = async (app) => {
  const deps = {
    db: app.db,
    clock: app.clock,
    mailer: app.mailer,
    config: app.config.publicConfig,
    provider: app.paymentProvider,
  };

  app.get('/api/subscription', async (req) => {
    const user = requireUser(req);
    return {
      ...toCurrentUserJson(user, app.clock.now()),
      provider: app.paymentProvider.name,
      plans: Object.values(PLANS),
    };
  });

  app.post('/api/subscription/checkout', async (req) => {
    const user = requireUser(req);
    const { planId } = parseInput(planRequestSchema, req.body);
    return { checkoutUrl: (await startCheckout(deps, { user, planId, mode: 'upgrade' })).url };
  });

  app.post('/api/subscription/change-plan', async (req) => {
    const { planId } = parseInput(planRequestSchema, req.body);
    return toCurrentUserJson(await changePlan(deps, { user: requireUser(req), planId }), app.clock.now());
  });

  app.post('/api/subscription/cancel', async (req) =>
    toCurrentUserJson(await setCancelAtPeriodEnd(deps, { user: requireUser(req), cancel: true }), app.clock.now()),
  );

  app.post('/api/subscription/resume', async (req) =>
    toCurrentUserJson(await setCancelAtPeriodEnd(deps, { user: requireUser(req), cancel: false }), app.clock.now()),
  );

  app.post('/api/subscription/portal', async (req) => ({ url: (await openBillingPortal(deps, requireUser(req))).url }));

  // The local provider's test checkout. Possession of the unguessable checkout id is the credential:
  // it is opened right after sign-up, before the e-mail is verified and anyone can sign in.
  app.get('/api/billing/local/checkouts/:id', async (req) => {
    const checkout = await getLocalCheckout(app.db, (req.params as { id: string }).id);
    const plan = PLANS[checkout.planId];
    return {
      id: checkout.id,
      mode: checkout.mode,
      email: checkout.email,
      plan,
      isCompleted: checkout.completedAt !== null,
    };
  });

  app.post('/api/billing/local/checkouts/:id/complete', async (req) =>
    completeLocalCheckout(deps, (req.params as { id: string }).id),
  );

  // Stripe's webhooks: the raw body is needed to verify the signature.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.post('/api/billing/webhook', { bodyLimit: 512 * 1024 }, async (req) => {
      const event = await app.paymentProvider.parseWebhook({
        rawBody: req.body as Buffer,
        signature: req.headers['stripe-signature'] as string | undefined,
      });
      const { isDuplicate } = await applyBillingEvent(deps, event);
      return { received: true, duplicate: isDuplicate };
    });
  });
};
