import { useQuery } from '@tanstack/react-query';
import type { AnalyticsOutcomesJson } from '../../../contracts/analytics';

export type { AnalyticsOutcomesJson };

/** The user's own analytics, or the built-in sample journal's (GET /api/analytics/demo/*). */
export type AnalyticsSource = { base: '/api/analytics' | '/api/analytics/demo'; isDemo: boolean };
export const USER_SOURCE: AnalyticsSource = { base: '/api/analytics', isDemo: false };
export const DEMO_SOURCE: AnalyticsSource = { base: '/api/analytics/demo', isDemo: true };

/** The outcomes the Monte Carlo worker resamples (GET …/outcomes): P&L and R per closed trade, in close order. */

/** One analytics GET: `path` under the source's base, the filters plus `extra` as its query. */
export function useAnalytics<T>(
  source: AnalyticsSource,
  path: string,
  filters: URLSearchParams,
  extra: Record<string, string> = {},
) {
  const params = new URLSearchParams(source.isDemo ? '' : filters);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return useQuery<T>({ queryKey: [`${source.base}/${path}${query ? `?${query}` : ''}`] });
}
