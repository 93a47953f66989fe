import { useQuery } from '@tanstack/react-query';
import type { PlanId } from '../../core/config/plans';
import { getQueryFn } from './api';

/** The current-user answer (GET /api/auth/user); dates are ISO-8601 strings. */
export type CurrentUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'user' | 'admin';
  emailVerified: boolean;
  /** IANA zone the user's dates are shown in. */
  timezone: string;
  /** The currency totals across accounts are shown in. */
  baseCurrency: string;
  /** Risk per trade in the base currency that R uses when a trade has no stop or risk of its own. */
  defaultRiskAmount: string | null;
  subscriptionStatus: 'trial' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'expired';
  trialInfo: { daysRemaining: number; endsAt: string | null } | null;
  planId: PlanId;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  hasPaymentMethod: boolean;
  /** False when the app is blocked: an unconverted trial that ended, or a subscription that ended. */
  hasAccess: boolean;
};

export const AUTH_QUERY_KEY = ['/api/auth/user'] as const;

/** The seed's auth state: a returned user means authenticated; on trial with 0 days left is expired. */
export function useAuth() {
  const { data: user, isLoading } = useQuery<CurrentUser | null>({
    queryKey: AUTH_QUERY_KEY,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
    retry: false,
  });
  const isOnTrial = user?.subscriptionStatus === 'trial' || user?.subscriptionStatus === 'trialing';
  return {
    user: user ?? null,
    isLoading,
    isAuthenticated: !!user,
    isTrialExpired: isOnTrial && user?.trialInfo?.daysRemaining === 0,
  };
}
