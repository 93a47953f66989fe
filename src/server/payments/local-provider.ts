import type { SubscriptionState } from '../../core/billing/subscription';
import type { Db } from '../db/client';
import { localCheckouts } from '../db/schema';
import { AppError } from '../errors';
import type { Clock } from '../clock';
import type { PaymentProvider, ProviderSubscription } from './provider';

export const localCustomerId = (userId: string) => `local_cus_${userId}`;
export const localSubscriptionId = (userId: string) => `local_sub_${userId}`;

function toProviderSubscription(subscriptionId: string, state: SubscriptionState): ProviderSubscription {
  const userId = subscriptionId.replace(/^local_sub_/, '');
  return {
    customerId: localCustomerId(userId),
    subscriptionId,
    status: state.status,
    planId: state.planId,
    trialEndsAt: state.trialEndsAt,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
  };
}

/**
 * The embedded default: checkout happens on the app's own "test checkout" page (/checkout/{id}),
 * no card is charged, and subscription changes apply at once. It keeps the whole flow working with
 * no outside service.
 */
export function createLocalProvider(deps: { db: Db; clock: Clock }): PaymentProvider {
  return {
    name: 'local',
    async createCheckout(params) {
      const [row] = await deps.db
        .insert(localCheckouts)
        .values({ userId: params.userId, planId: params.planId, mode: params.mode, createdAt: deps.clock.now() })
        .returning({ id: localCheckouts.id });
      return { url: `/checkout/${row!.id}` }; // insert … returning yields the row
    },
    async createPortal() {
      // The local provider has no separate portal: billing is managed on /subscription itself.
      return { url: '/subscription' };
    },
    async changePlan({ subscriptionId, planId, current }) {
      return toProviderSubscription(subscriptionId, { ...current, planId });
    },
    async setCancelAtPeriodEnd({ subscriptionId, cancel, current }) {
      return toProviderSubscription(subscriptionId, { ...current, cancelAtPeriodEnd: cancel });
    },
    async parseWebhook() {
      throw new AppError('NOT_FOUND', 'The local payment provider sends no webhooks');
    },
  };
}
