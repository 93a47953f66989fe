import {
  FILTER_SEARCH_KEYS,
  parseFilterSearch,
  toFilterSearchEntries,
  type FilterSearchIssue,
  type TradeFilter,
} from '../../../core/query';

/** The filter a page's search string carries (the core model's URL form), and what did not validate. */
export function readFilterSearch(search: string): { filter: TradeFilter; issues: FilterSearchIssue[] } {
  const params = new URLSearchParams(search);
  return parseFilterSearch((key) => params.get(key));
}

/** The search string with its filter replaced by `filter`; every other parameter (sort, open trade…) kept. */
export function withFilterSearch(search: string, filter: TradeFilter): string {
  const params = new URLSearchParams(search);
  for (const key of FILTER_SEARCH_KEYS) params.delete(key);
  for (const [key, value] of toFilterSearchEntries(filter)) params.append(key, value);
  return params.toString();
}

/**
 * The filter as the API's query: `filter` as JSON (GET /api/trades, the export and every
 * analytics endpoint read it); nothing for no filter.
 */
export function toFilterQuery(filter: TradeFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (Object.keys(filter).length > 0) params.set('filter', JSON.stringify(filter));
  return params;
}
