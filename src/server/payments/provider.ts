import type { SubscriptionState, SubscriptionStatus } from '../../core/billing/subscription';
import type { PlanId } from '../../core/config/plans';

/** A subscription as the payment provider reports it. */
export type ProviderSubscription = {
  customerId: string;
  subscriptionId: string;
  status: SubscriptionStatus;
  planId: PlanId;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

/** Provider webhook events, normalised. `eventId` makes processing idempotent. */
export type BillingEvent =
  | {
      kind: 'checkout_completed';
      eventId: string;
      userId: string;
      customerId: string;
      subscription: ProviderSubscription | null;
    }
  | { kind: 'subscription_changed'; eventId: string; subscription: ProviderSubscription }
  | { kind: 'invoice_paid'; eventId: string; customerId: string; subscriptionId: string | null }
  | { kind: 'invoice_failed'; eventId: string; customerId: string; subscriptionId: string | null }
  | { kind: 'ignored'; eventId: string; type: string };

export type CheckoutParams = {
  userId: string;
  email: string;
  customerId: string | null;
  planId: PlanId;
  /** 'trial': the 14-day trial with a payment method required; 'upgrade': pay now. */
  mode: 'trial' | 'upgrade';
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
};

export type PaymentProvider = {
  name: 'local' | 'stripe';
  createCheckout: (params: CheckoutParams) => Promise<{ url: string }>;
  /** The provider's billing portal ("manage billing"). */
  createPortal: (params: { customerId: string; returnUrl: string }) => Promise<{ url: string }>;
  changePlan: (params: {
    subscriptionId: string;
    planId: PlanId;
    current: SubscriptionState;
  }) => Promise<ProviderSubscription>;
  setCancelAtPeriodEnd: (params: {
    subscriptionId: string;
    cancel: boolean;
    current: SubscriptionState;
  }) => Promise<ProviderSubscription>;
  /** Verifies a webhook's signature and normalises it; throws AppError('VALIDATION_ERROR') when it is not genuine. */
  parseWebhook: (params: { rawBody: Buffer; signature: string | undefined }) => Promise<BillingEvent>;
};
