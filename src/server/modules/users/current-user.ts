import { toSubscriptionView, type SubscriptionState, type SubscriptionView } from '../../../core/billing/subscription';
import { D } from '../../../core/trades';
import type { UserRow } from './users.queries';

// Here, beside the user's row, because sign-in (auth), billing, the profile and the auth plugin all
// answer or check the same user: kept in one of them, the others would depend on it in a circle.

export function toSubscriptionState(user: UserRow): SubscriptionState {
  return {
    status: user.subscriptionStatus,
    planId: user.planId,
    trialEndsAt: user.trialEndsAt,
    currentPeriodEnd: user.currentPeriodEnd,
    cancelAtPeriodEnd: user.cancelAtPeriodEnd,
    hasPaymentMethod: user.checkoutCompletedAt !== null,
  };
}

export type CurrentUserJson = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'user' | 'admin';
  emailVerified: boolean;
  timezone: string;
  /** The currency totals across accounts are shown in. */
  baseCurrency: string;
  /** Risk per trade in the base currency that R uses when a trade has no stop or risk of its own. */
  defaultRiskAmount: string | null;
  /** The breakeven band per asset class (money); a class left out has none. */
  breakevenBands: Record<string, string>;
  /** Whether a trade's income (dividends, staking rewards) is part of its net P&L. */
  isIncomeInNetPnl: boolean;
} & SubscriptionView;

export function toCurrentUserJson(user: UserRow, now: Date): CurrentUserJson {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null,
    timezone: user.timezone,
    baseCurrency: user.baseCurrency,
    defaultRiskAmount: user.defaultRiskAmount === null ? null : D(user.defaultRiskAmount).toString(),
    breakevenBands: Object.fromEntries(
      Object.entries(user.breakevenBands ?? {}).flatMap(([assetClass, amount]) =>
        amount === undefined ? [] : [[assetClass, D(amount).toString()]],
      ),
    ),
    isIncomeInNetPnl: user.isIncomeInNetPnl,
    ...toSubscriptionView(toSubscriptionState(user), now),
  };
}
