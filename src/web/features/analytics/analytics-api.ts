import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api, type ApiData } from '../../lib/api';
import type { AnalyticsOutcomesJson } from '../../../contracts/analytics';

export type { AnalyticsOutcomesJson };

/** The user's own analytics, or the built-in sample journal's (GET /api/analytics/demo/*). */
export type AnalyticsSource = { base: '/api/analytics' | '/api/analytics/demo'; isDemo: boolean };
export const USER_SOURCE: AnalyticsSource = { base: '/api/analytics', isDemo: false };
export const DEMO_SOURCE: AnalyticsSource = { base: '/api/analytics/demo', isDemo: true };

/** The outcomes the Monte Carlo worker resamples (GET …/outcomes): P&L and R per closed trade, in close order. */

/** The analytics GETs a page reads, by source: the route table gives each pair the same answer schema. */
const ROUTES = {
  user: {
    summary: 'GET /api/analytics/summary',
    heatmap: 'GET /api/analytics/heatmap',
    breakdown: 'GET /api/analytics/breakdown',
    distribution: 'GET /api/analytics/distribution',
    outcomes: 'GET /api/analytics/outcomes',
  },
  demo: {
    summary: 'GET /api/analytics/demo/summary',
    heatmap: 'GET /api/analytics/demo/heatmap',
    breakdown: 'GET /api/analytics/demo/breakdown',
    distribution: 'GET /api/analytics/demo/distribution',
    outcomes: 'GET /api/analytics/demo/outcomes',
  },
} as const;
export type AnalyticsPath = keyof (typeof ROUTES)['user'];

/** One analytics GET: `path` under the source's base, the filters plus `extra` as its query. */
export function useAnalytics<P extends AnalyticsPath>(
  source: AnalyticsSource,
  path: P,
  filters: URLSearchParams,
  extra: Record<string, string> = {},
): UseQueryResult<ApiData<(typeof ROUTES)['user'][P]>> {
  const params = new URLSearchParams(source.isDemo ? '' : filters);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  // Any of them takes just the query string: typed as one, called with the source's own route.
  const route = ROUTES[source.isDemo ? 'demo' : 'user'][path] as 'GET /api/analytics/summary';
  return useQuery({
    queryKey: [`${source.base}/${path}${query ? `?${query}` : ''}`],
    // The answer is checked against `route`'s schema; its type is the user route's, which the demo's equals.
    queryFn: () => api(route, { search: params }) as Promise<ApiData<(typeof ROUTES)['user'][P]>>,
  });
}
