import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { FilterSearchIssue, TradeFieldId, TradeFilter } from '../../../core/query';
import { readFilterSearch, withFilterSearch } from './filter-search';

export type FilterState = {
  /** The page's filter, as validated from its URL. */
  filter: TradeFilter;
  /** Parameters of the URL that did not validate (left out of `filter`). */
  issues: FilterSearchIssue[];
  /** Sets one field (undefined removes it); the URL changes in place (no new history entry). */
  setField: <K extends TradeFieldId>(id: K, value: TradeFilter[K] | undefined) => void;
  /** Removes every field but `keep`. */
  clear: (keep?: readonly TradeFieldId[]) => void;
};

/**
 * The trade filter kept in the page's URL, typed by the core query model: a filtered view is a
 * link, and the back button and a reload restore it.
 */
export function useFilterState(): FilterState {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { filter, issues } = useMemo(() => readFilterSearch(search), [search]);
  const replace = useCallback(
    (next: TradeFilter) => {
      const text = withFilterSearch(search, next);
      navigate(text ? `${location}?${text}` : location, { replace: true });
    },
    [search, location, navigate],
  );
  const setField = useCallback(
    <K extends TradeFieldId>(id: K, value: TradeFilter[K] | undefined) => {
      const next: TradeFilter = { ...filter };
      if (value === undefined) delete next[id];
      else next[id] = value;
      replace(next);
    },
    [filter, replace],
  );
  const clear = useCallback(
    (keep: readonly TradeFieldId[] = []) =>
      replace(Object.fromEntries(Object.entries(filter).filter(([id]) => new Set<string>(keep).has(id)))),
    [filter, replace],
  );
  return { filter, issues, setField, clear };
}
