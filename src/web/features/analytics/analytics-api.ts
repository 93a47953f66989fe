import { useQuery } from '@tanstack/react-query';
import type { AnalyticsOutcomesJson } from '../../../contracts/analytics';

export type { AnalyticsOutcomesJson };

/** The URL filters the analytics pages share with /trades (same keys), in display order. */
export const ANALYTICS_FILTER_KEYS = [
  'from',
  'to',
  'accountId',
  'symbol',
  'side',
  'strategyId',
  'tagId',
  'outcome',
] as const;

/** The user's own analytics, or the built-in sample journal's (GET /api/analytics/demo/*). */
export type AnalyticsSource = { base: '/api/analytics' | '/api/analytics/demo'; isDemo: boolean };
export const USER_SOURCE: AnalyticsSource = { base: '/api/analytics', isDemo: false };
export const DEMO_SOURCE: AnalyticsSource = { base: '/api/analytics/demo', isDemo: true };

/**
 * The filters of the page's URL as the analytics endpoints' query: dates stay calendar days
 * (YYYY-MM-DD, read in the user's time zone by the server), empty values are dropped.
 */
export function toAnalyticsParams(search: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ANALYTICS_FILTER_KEYS) {
    const value = search.get(key)?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

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
