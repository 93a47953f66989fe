import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { PLANS, TRIAL_DAYS, type PlanId } from '../../../core/config/plans';
import type { PublicConfig } from '../../../core/config/operator';
import { DAY_MS, type Clock } from '../../clock';
import type { Db } from '../../db/client';
import { localCheckouts, processedWebhookEvents, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { MailMessage, Mailer } from '../../mail/mailer';
import { paymentFailedEmail, trialEndingEmail, trialOverEmail, welcomeEmail } from '../../mail/templates';
import { localCustomerId, localSubscriptionId } from '../../payments/local-provider';
import type { BillingEvent, PaymentProvider, ProviderSubscription } from '../../payments/provider';
import { toSubscriptionState, updateUser, type UserRow } from '../users';

export type BillingDeps = { db: Db; clock: Clock; provider: PaymentProvider; mailer: Mailer; config: PublicConfig };

/** The user's provider ids, only when they belong to the provider in use (a local id means nothing to Stripe). */
function providerIds(deps: BillingDeps, user: UserRow): { customerId: string | null; subscriptionId: string | null } {
  return user.paymentProvider === deps.provider.name
    ? { customerId: user.paymentCustomerId, subscriptionId: user.paymentSubscriptionId }
    : { customerId: null, subscriptionId: null };
}

const absolute = (config: PublicConfig, path: string) => `${config.baseUrl.replace(/\/+$/, '')}${path}`;
const periodMs = (planId: PlanId) => (PLANS[planId].interval === 'year' ? 365 : 30) * DAY_MS;

/** Starts checkout at the provider: the trial at sign-up, or paying now from /subscription. */
export async function startCheckout(
  deps: BillingDeps,
  params: { user: UserRow; planId: PlanId; mode: 'trial' | 'upgrade' },
): Promise<{ url: string }> {
  const { user, planId, mode } = params;
  if (mode === 'upgrade' && user.subscriptionStatus === 'active')
    throw new AppError('CONFLICT', 'Your subscription is already active');
  // A second subscription would bill twice: a past-due one is fixed in the billing portal instead.
  if (mode === 'upgrade' && user.subscriptionStatus === 'past_due') {
    throw new AppError('CONFLICT', 'Your last payment failed: update your payment method under Manage billing');
  }
  return deps.provider.createCheckout({
    userId: user.id,
    email: user.email,
    customerId: providerIds(deps, user).customerId,
    planId,
    mode,
    trialDays: TRIAL_DAYS,
    successUrl: absolute(deps.config, mode === 'trial' ? '/onboarding?success=true' : '/subscription?upgraded=true'),
    cancelUrl: absolute(deps.config, mode === 'trial' ? '/signup' : '/subscription'),
  });
}

/** The local provider's test checkout as its page shows it. */
export async function getLocalCheckout(db: Db, checkoutId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(checkoutId)) throw new AppError('NOT_FOUND', 'Checkout not found');
  const [row] = await db
    .select({
      id: localCheckouts.id,
      planId: localCheckouts.planId,
      mode: localCheckouts.mode,
      completedAt: localCheckouts.completedAt,
      email: users.email,
    })
    .from(localCheckouts)
    .innerJoin(users, eq(users.id, localCheckouts.userId))
    .where(eq(localCheckouts.id, checkoutId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Checkout not found');
  return row;
}

/**
 * Completes a local test checkout (nothing is charged): a trial checkout puts the payment method
 * "on file" and restarts the 14-day trial from now; an upgrade starts a paid period now.
 * Completing twice changes nothing.
 */
export async function completeLocalCheckout(deps: BillingDeps, checkoutId: string): Promise<{ redirectUrl: string }> {
  const checkout = await getLocalCheckout(deps.db, checkoutId);
  const redirectUrl = checkout.mode === 'trial' ? '/onboarding?success=true' : '/subscription?upgraded=true';
  if (checkout.completedAt) return { redirectUrl };
  const now = deps.clock.now();
  const [row] = await deps.db.select().from(localCheckouts).where(eq(localCheckouts.id, checkoutId));
  const userId = row!.userId; // the checkout was just read
  const common = {
    planId: checkout.planId,
    paymentProvider: 'local',
    paymentCustomerId: localCustomerId(userId),
    paymentSubscriptionId: localSubscriptionId(userId),
    checkoutCompletedAt: now,
    cancelAtPeriodEnd: false,
  } as const;
  const user =
    checkout.mode === 'trial'
      ? await updateUser(deps.db, userId, {
          ...common,
          subscriptionStatus: 'trialing',
          trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
          trialNoticesSent: [],
        })
      : await updateUser(deps.db, userId, {
          ...common,
          subscriptionStatus: 'active',
          currentPeriodEnd: new Date(now.getTime() + periodMs(checkout.planId)),
        });
  await deps.db.update(localCheckouts).set({ completedAt: now }).where(eq(localCheckouts.id, checkoutId));
  if (checkout.mode === 'trial')
    await deps.mailer.send(welcomeEmail(deps.config, user, { trialDays: TRIAL_DAYS, planId: checkout.planId }));
  return { redirectUrl };
}

function toUserPatch(sub: ProviderSubscription) {
  return {
    subscriptionStatus: sub.status,
    planId: sub.planId,
    trialEndsAt: sub.trialEndsAt,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    paymentCustomerId: sub.customerId,
    paymentSubscriptionId: sub.subscriptionId,
  };
}

async function findUserByCustomer(
  db: Db,
  customerId: string,
  subscriptionId: string | null,
): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(
      subscriptionId
        ? or(eq(users.paymentCustomerId, customerId), eq(users.paymentSubscriptionId, subscriptionId))
        : eq(users.paymentCustomerId, customerId),
    )
    .limit(1);
  return user;
}

/**
 * Applies one provider event exactly once (a redelivered event id is skipped). Returns whether it
 * was applied.
 */
export async function applyBillingEvent(deps: BillingDeps, event: BillingEvent): Promise<{ isDuplicate: boolean }> {
  const now = deps.clock.now();
  // E-mails go out after the commit: the mailer writes through its own connection, which on PGlite
  // (one connection) would wait for this transaction forever, and a rolled-back event sends nothing.
  const mails: MailMessage[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(processedWebhookEvents)
      .values({ id: event.eventId, provider: deps.provider.name, type: event.kind, processedAt: now })
      .onConflictDoNothing()
      .returning({ id: processedWebhookEvents.id });
    if (inserted.length === 0) return { isDuplicate: true };
    const txDb = tx as unknown as Db; // the transaction exposes the same query API
    switch (event.kind) {
      case 'checkout_completed': {
        const [user] = await txDb.select().from(users).where(eq(users.id, event.userId)).limit(1);
        if (!user) break;
        const isFirst = user.checkoutCompletedAt === null;
        const updated = await updateUser(txDb, user.id, {
          paymentProvider: deps.provider.name,
          paymentCustomerId: event.customerId,
          checkoutCompletedAt: user.checkoutCompletedAt ?? now,
          ...(event.subscription ? toUserPatch(event.subscription) : {}),
        });
        if (isFirst && updated.subscriptionStatus === 'trialing') {
          mails.push(welcomeEmail(deps.config, updated, { trialDays: TRIAL_DAYS, planId: updated.planId }));
        }
        break;
      }
      case 'subscription_changed': {
        const user = await findUserByCustomer(txDb, event.subscription.customerId, event.subscription.subscriptionId);
        // A late event about a subscription the user has since replaced must not overwrite the current one.
        const isCurrent =
          !user?.paymentSubscriptionId || user.paymentSubscriptionId === event.subscription.subscriptionId;
        if (user && isCurrent) await updateUser(txDb, user.id, toUserPatch(event.subscription));
        break;
      }
      case 'invoice_failed': {
        const user = await findUserByCustomer(txDb, event.customerId, event.subscriptionId);
        // Stripe retries a failed invoice several times: one e-mail when it first fails, not one per retry.
        if (user && user.subscriptionStatus !== 'past_due') {
          await updateUser(txDb, user.id, { subscriptionStatus: 'past_due' });
          mails.push(paymentFailedEmail(deps.config, user));
        }
        break;
      }
      case 'invoice_paid': {
        const user = await findUserByCustomer(txDb, event.customerId, event.subscriptionId);
        if (
          user &&
          (user.subscriptionStatus === 'past_due' ||
            user.subscriptionStatus === 'trialing' ||
            user.subscriptionStatus === 'expired')
        ) {
          await updateUser(txDb, user.id, { subscriptionStatus: 'active' });
        }
        break;
      }
      case 'ignored':
        break;
    }
    return { isDuplicate: false };
  });
  for (const mail of mails) await deps.mailer.send(mail);
  return result;
}

function requireSubscription(deps: BillingDeps, user: UserRow): string {
  const { subscriptionId } = providerIds(deps, user);
  if (!subscriptionId) throw new AppError('CONFLICT', 'There is no subscription yet: start one with Upgrade');
  return subscriptionId;
}

export async function changePlan(deps: BillingDeps, params: { user: UserRow; planId: PlanId }): Promise<UserRow> {
  const sub = await deps.provider.changePlan({
    subscriptionId: requireSubscription(deps, params.user),
    planId: params.planId,
    current: toSubscriptionState(params.user),
  });
  return updateUser(deps.db, params.user.id, toUserPatch(sub));
}

export async function setCancelAtPeriodEnd(
  deps: BillingDeps,
  params: { user: UserRow; cancel: boolean },
): Promise<UserRow> {
  const sub = await deps.provider.setCancelAtPeriodEnd({
    subscriptionId: requireSubscription(deps, params.user),
    cancel: params.cancel,
    current: toSubscriptionState(params.user),
  });
  return updateUser(deps.db, params.user.id, toUserPatch(sub));
}

export async function openBillingPortal(deps: BillingDeps, user: UserRow): Promise<{ url: string }> {
  const { customerId } = providerIds(deps, user);
  if (!customerId) throw new AppError('CONFLICT', 'There is no billing account yet: start one with Upgrade');
  return deps.provider.createPortal({
    customerId,
    returnUrl: absolute(deps.config, '/subscription'),
  });
}

const TRIAL_ENDING_NOTICE = 'trial-ending';
const TRIAL_OVER_NOTICE = 'trial-over';

/**
 * The trial lifecycle, run periodically: the "ends in 3 days" and "trial over" e-mails (each once),
 * local-provider trials with a payment method converting to paid at their end, and subscriptions
 * cancelled at period end closing when it passes. Stripe drives its own conversions by webhook.
 */
export async function runSubscriptionLifecycle(
  deps: BillingDeps,
): Promise<{ notices: number; converted: number; closed: number }> {
  const now = deps.clock.now();
  let notices = 0;
  let converted = 0;
  let closed = 0;
  const soon = new Date(now.getTime() + 3 * DAY_MS);
  const trialing = await deps.db
    .select()
    .from(users)
    .where(
      and(
        eq(users.subscriptionStatus, 'trialing'),
        sql`${users.trialEndsAt} <= ${soon.toISOString()}`,
        isNull(users.disabledAt),
      ),
    );
  for (const user of trialing) {
    const sent = new Set(user.trialNoticesSent);
    const endsAt = user.trialEndsAt!; // selected by trialEndsAt <= soon
    const willConvert =
      user.paymentProvider === 'local' && user.checkoutCompletedAt !== null && !user.cancelAtPeriodEnd;
    if (endsAt.getTime() <= now.getTime()) {
      if (willConvert) {
        await updateUser(deps.db, user.id, {
          subscriptionStatus: 'active',
          currentPeriodEnd: new Date(endsAt.getTime() + periodMs(user.planId)),
        });
        converted++;
      } else if (user.paymentProvider !== 'stripe' || user.checkoutCompletedAt === null) {
        if (!sent.has(TRIAL_OVER_NOTICE)) {
          await deps.mailer.send(
            trialOverEmail(deps.config, user, { retentionDays: deps.config.trialDataRetentionDays }),
          );
          await updateUser(deps.db, user.id, { trialNoticesSent: [...sent, TRIAL_OVER_NOTICE] });
          notices++;
        }
      }
    } else if (!sent.has(TRIAL_ENDING_NOTICE)) {
      const daysRemaining = Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));
      await deps.mailer.send(
        trialEndingEmail(deps.config, user, { daysRemaining, endsAt, willConvert, timeZone: user.timezone }),
      );
      await updateUser(deps.db, user.id, { trialNoticesSent: [...sent, TRIAL_ENDING_NOTICE] });
      notices++;
    }
  }
  if (deps.provider.name === 'local') {
    const ending = await deps.db
      .select()
      .from(users)
      .where(
        and(
          eq(users.subscriptionStatus, 'active'),
          eq(users.cancelAtPeriodEnd, true),
          sql`${users.currentPeriodEnd} <= ${now.toISOString()}`,
        ),
      );
    for (const user of ending) {
      await updateUser(deps.db, user.id, { subscriptionStatus: 'canceled' });
      closed++;
    }
    const renewing = await deps.db
      .select()
      .from(users)
      .where(
        and(
          eq(users.subscriptionStatus, 'active'),
          eq(users.cancelAtPeriodEnd, false),
          eq(users.paymentProvider, 'local'),
          sql`${users.currentPeriodEnd} <= ${now.toISOString()}`,
        ),
      );
    for (const user of renewing) {
      await updateUser(deps.db, user.id, {
        currentPeriodEnd: new Date(user.currentPeriodEnd!.getTime() + periodMs(user.planId)),
      });
    }
  }
  return { notices, converted, closed };
}
