import type { PlanId } from '../config/plans';

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'expired';

export type SubscriptionState = {
  status: SubscriptionStatus;
  planId: PlanId;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  hasPaymentMethod: boolean;
};

/** What the client reads (seed §3, §4): status and whole trial days left. */
export type SubscriptionView = {
  subscriptionStatus: SubscriptionStatus;
  trialInfo: { daysRemaining: number; endsAt: string | null };
  planId: PlanId;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  hasPaymentMethod: boolean;
  /** False when the app is blocked: an unconverted trial that ended, or a subscription that ended. */
  hasAccess: boolean;
};

const DAY_MS = 86_400_000;

/** Whole days left, rounded up: 14 right after sign-up, 1 on the last day, 0 once it has ended. */
export function computeTrialDaysRemaining(trialEndsAt: Date | null, now: Date): number {
  if (!trialEndsAt) return 0;
  return Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS));
}

/**
 * The client's view of a subscription at `now`. An unconverted trial that has ended reports
 * `trialing` with 0 days left — the seed's definition of an expired trial — whatever the server
 * stores; a stored `expired` reads the same way.
 */
export function toSubscriptionView(state: SubscriptionState, now: Date): SubscriptionView {
  const daysRemaining = computeTrialDaysRemaining(state.trialEndsAt, now);
  const isTrial = state.status === 'trialing' || state.status === 'expired';
  const periodOver = state.currentPeriodEnd !== null && state.currentPeriodEnd.getTime() <= now.getTime();
  const hasAccess = isTrial
    ? state.status === 'trialing' && daysRemaining > 0
    : state.status === 'active' || state.status === 'past_due' || (state.status === 'canceled' && !periodOver);
  return {
    subscriptionStatus: isTrial ? 'trialing' : state.status,
    trialInfo: { daysRemaining: isTrial ? daysRemaining : 0, endsAt: state.trialEndsAt?.toISOString() ?? null },
    planId: state.planId,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    currentPeriodEnd: state.currentPeriodEnd?.toISOString() ?? null,
    hasPaymentMethod: state.hasPaymentMethod,
    hasAccess,
  };
}
