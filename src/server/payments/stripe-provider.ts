import Stripe from 'stripe';
import type { SubscriptionStatus } from '../../core/billing/subscription';
import { PLAN_IDS, type PlanId } from '../../core/config/plans';
import type { StripeConfig } from '../config';
import { AppError } from '../errors';
import type { BillingEvent, PaymentProvider, ProviderSubscription } from './provider';

/**
 * Stripe's statuses in ours. Stripe has more states than the app shows, so:
 * - `unpaid` (retries exhausted, invoices left open) reads as `past_due`: a payment is owed.
 * - `incomplete` (the first payment needs action or failed; Stripe allows 23 hours to fix it)
 *   also reads as `past_due`: the customer is asked to fix the payment method and keeps access
 *   meanwhile. Reading it as `trialing` would clear the trial end and lock out someone who is
 *   mid-trial; if the payment is never fixed, Stripe moves on to `incomplete_expired`.
 * - `incomplete_expired` reads as `canceled`: that subscription is over.
 * - `paused` is what Stripe does when a trial ends with no payment method: our `expired`.
 */
const STATUS_MAP = new Map<string, SubscriptionStatus>([
  ['trialing', 'trialing'],
  ['active', 'active'],
  ['past_due', 'past_due'],
  ['unpaid', 'past_due'],
  ['incomplete', 'past_due'],
  ['canceled', 'canceled'],
  ['incomplete_expired', 'canceled'],
  ['paused', 'expired'],
]);

const fromUnixSeconds = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/** The id of an expandable field, whether Stripe sent the id or the expanded object. */
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function toClient(config: StripeConfig): Stripe {
  const common = { telemetry: false, timeout: 20_000 } as const;
  if (!config.apiUrl) return new Stripe(config.secretKey, { ...common, maxNetworkRetries: 2 });
  // A stand-in (tests, stripe-mock) at another address. No retries there: they would only hide failures.
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    ...common,
    maxNetworkRetries: 0,
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  });
}

/**
 * The subscription's current period end. API versions since 2025-03-31 moved it from the
 * subscription onto each item (https://docs.stripe.com/changelog/basil/2025-03-31/deprecate-subscription-current-period-start-and-end);
 * webhook payloads follow the endpoint's API version, so both shapes can arrive.
 */
function periodEndOf(sub: Stripe.Subscription): Date | null {
  if ('current_period_end' in sub && typeof sub.current_period_end === 'number')
    return fromUnixSeconds(sub.current_period_end);
  const ends = sub.items.data
    .map((item) => item.current_period_end)
    .filter((end): end is number => typeof end === 'number');
  return ends.length ? fromUnixSeconds(Math.max(...ends)) : null;
}

const isStripeObject = (value: unknown): value is { id: string } =>
  typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'string';

/** The subscription an invoice bills: `parent.subscription_details` since 2025-03-31, `subscription` before. */
function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const current = idOf(invoice.parent?.subscription_details?.subscription);
  if (current) return current;
  const legacy = 'subscription' in invoice ? invoice.subscription : undefined;
  return typeof legacy === 'string' ? legacy : isStripeObject(legacy) ? legacy.id : null;
}

export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = toClient(config);
  const planByPrice = new Map<string, PlanId>(PLAN_IDS.map((planId) => [config.prices[planId], planId]));

  function toPlanId(sub: Stripe.Subscription): PlanId {
    const priceIds = sub.items.data.map((item) => item.price.id);
    const planId = priceIds.map((priceId) => planByPrice.get(priceId)).find((id) => id !== undefined);
    if (!planId)
      throw new AppError(
        'INTERNAL',
        `Stripe subscription ${sub.id} has no configured plan price (${priceIds.join(', ') || 'no items'})`,
      );
    return planId;
  }

  function toProviderSubscription(
    sub: Stripe.Subscription,
    options: { isDeleted?: boolean } = {},
  ): ProviderSubscription {
    const status = options.isDeleted ? 'canceled' : STATUS_MAP.get(sub.status);
    if (!status) throw new AppError('INTERNAL', `Unknown Stripe subscription status "${sub.status}" on ${sub.id}`);
    const customerId = idOf(sub.customer);
    if (!customerId) throw new AppError('INTERNAL', `Stripe subscription ${sub.id} has no customer`);
    const periodEnd = periodEndOf(sub);
    // An ended subscription gives access until it ended, not until the period it was cut short in:
    // one cancelled at once (or after failed payments) must not keep access to the end of that period.
    const endedAt = status === 'canceled' ? fromUnixSeconds(sub.ended_at) : null;
    return {
      customerId,
      subscriptionId: sub.id,
      status,
      planId: toPlanId(sub),
      trialEndsAt: fromUnixSeconds(sub.trial_end),
      currentPeriodEnd: endedAt && (!periodEnd || endedAt < periodEnd) ? endedAt : periodEnd,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
    };
  }

  async function toCheckoutCompleted(eventId: string, session: Stripe.Checkout.Session): Promise<BillingEvent> {
    const userId = session.client_reference_id;
    const customerId = idOf(session.customer);
    // Not one of ours (a payment link, another product on the same account): nothing to apply.
    if (session.mode !== 'subscription' || !userId || !customerId)
      return { kind: 'ignored', eventId, type: 'checkout.session.completed' };
    const subscription = session.subscription;
    const sub = typeof subscription === 'string' ? await stripe.subscriptions.retrieve(subscription) : subscription;
    return {
      kind: 'checkout_completed',
      eventId,
      userId,
      customerId,
      subscription: sub ? toProviderSubscription(sub) : null,
    };
  }

  function toInvoiceEvent(
    event: { id: string; type: string },
    kind: 'invoice_paid' | 'invoice_failed',
    invoice: Stripe.Invoice,
  ): BillingEvent {
    const customerId = idOf(invoice.customer);
    if (!customerId) return { kind: 'ignored', eventId: event.id, type: event.type };
    return { kind, eventId: event.id, customerId, subscriptionId: subscriptionIdOfInvoice(invoice) };
  }

  async function toBillingEvent(event: Stripe.Event): Promise<BillingEvent> {
    switch (event.type) {
      case 'checkout.session.completed':
        return toCheckoutCompleted(event.id, event.data.object);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
        return {
          kind: 'subscription_changed',
          eventId: event.id,
          subscription: toProviderSubscription(event.data.object),
        };
      case 'customer.subscription.deleted':
        return {
          kind: 'subscription_changed',
          eventId: event.id,
          subscription: toProviderSubscription(event.data.object, { isDeleted: true }),
        };
      case 'invoice.paid':
        // Starting a trial issues a $0 invoice that is "paid" at once. It is no payment, and reading
        // it as one would turn the trial active; conversions arrive as customer.subscription.updated.
        if (event.data.object.amount_paid === 0) return { kind: 'ignored', eventId: event.id, type: event.type };
        return toInvoiceEvent(event, 'invoice_paid', event.data.object);
      case 'invoice.payment_failed':
        return toInvoiceEvent(event, 'invoice_failed', event.data.object);
      default:
        return { kind: 'ignored', eventId: event.id, type: event.type };
    }
  }

  return {
    name: 'stripe',

    async createCheckout(params) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: config.prices[params.planId], quantity: 1 }],
        client_reference_id: params.userId,
        ...(params.customerId ? { customer: params.customerId } : { customer_email: params.email }),
        success_url: params.successUrl,
        cancel_url: params.cancelUrl,
        // The trial needs a card on file, so it converts to paid at its end.
        payment_method_collection: 'always',
        subscription_data: {
          metadata: { userId: params.userId },
          ...(params.mode === 'trial' ? { trial_period_days: params.trialDays } : {}),
        },
      });
      if (!session.url) throw new AppError('INTERNAL', 'No checkout URL returned');
      return { url: session.url };
    },

    async createPortal({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    },

    async changePlan({ subscriptionId, planId }) {
      const price = config.prices[planId];
      const sub = await stripe.subscriptions.retrieve(subscriptionId);
      const [item, ...others] = sub.items.data;
      if (!item || others.length > 0)
        throw new AppError('CONFLICT', `Stripe subscription ${subscriptionId} does not have exactly one item`);
      if (item.price.id === price) return toProviderSubscription(sub);
      const updated = await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price }],
        proration_behavior: 'create_prorations',
      });
      return toProviderSubscription(updated);
    },

    async setCancelAtPeriodEnd({ subscriptionId, cancel }) {
      return toProviderSubscription(
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
      );
    },

    async parseWebhook({ rawBody, signature }) {
      if (!signature) throw new AppError('VALIDATION_ERROR', 'Invalid webhook signature');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, config.webhookSecret);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new AppError('VALIDATION_ERROR', 'Invalid webhook signature');
        throw err;
      }
      return toBillingEvent(event);
    },
  };
}
