import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../contracts/auth';
import { getCurrentUserOrNull } from './api';

export type { CurrentUser };

export const AUTH_QUERY_KEY = ['/api/auth/user'] as const;

/** The seed's auth state: a returned user means authenticated; on trial with 0 days left is expired. */
export function useAuth() {
  const { data: user, isLoading } = useQuery({
    queryKey: AUTH_QUERY_KEY,
    queryFn: getCurrentUserOrNull,
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
