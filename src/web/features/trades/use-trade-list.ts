import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { TRADE_SORT_COLUMNS, type TradeJson } from '../../../contracts/trades';
import type { TradeFilter } from '../../../core/query';
import { api } from '../../lib/api';
import { toFilterQuery } from '../filters/filter-search';

export type TradeSortColumn = (typeof TRADE_SORT_COLUMNS)[number];
export type TradeSelection = ReadonlySet<string>;
type SelectionUpdate = TradeSelection | ((prev: TradeSelection) => TradeSelection);

const PAGE_SIZE = 200;
const EMPTY_SELECTION: TradeSelection = new Set();

/** The filter and sort as GET /api/trades query parameters. */
export function toTradeListParams(filter: TradeFilter, search: URLSearchParams): URLSearchParams {
  // Dates go as they are: the server reads them as whole days in the user's timezone.
  const params = toFilterQuery(filter);
  const sort = search.get('sort');
  params.set('sort', TRADE_SORT_COLUMNS.find((c) => c === sort) ?? 'closedAt');
  params.set('order', search.get('order') === 'asc' ? 'asc' : 'desc');
  params.set('limit', String(PAGE_SIZE));
  return params;
}

export type TradeList = {
  /** Every trade loaded so far, pages in order. */
  rows: TradeJson[];
  query: { isPending: boolean; isSuccess: boolean; isError: boolean; error: unknown };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** Loads the next page unless one is loading or none is left. */
  onNearEnd: () => void;
  sort: TradeSortColumn;
  order: 'asc' | 'desc';
  selected: TradeSelection;
  setSelected: (update: SelectionUpdate) => void;
};

/**
 * The trade list of a filter and the URL's sort, paged by cursor as the table scrolls, with the
 * trader's selection of it: a new filter or sort is a new list and starts with nothing selected.
 */
export function useTradeList(filter: TradeFilter, searchParams: URLSearchParams): TradeList {
  const listParams = useMemo(() => toTradeListParams(filter, searchParams), [filter, searchParams]);
  const listKey = listParams.toString();
  const trades = useInfiniteQuery({
    queryKey: ['/api/trades', 'list', listKey],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams(listKey);
      if (pageParam) params.set('cursor', pageParam);
      return api('GET /api/trades', { search: params });
    },
    getNextPageParam: (last) => last.nextCursor,
  });
  const rows = useMemo(() => trades.data?.pages.flatMap((p) => p.trades) ?? [], [trades.data]);

  const [selection, setSelection] = useState<{ key: string; ids: TradeSelection }>({ key: '', ids: new Set() });
  const selected = selection.key === listKey ? selection.ids : EMPTY_SELECTION;
  const setSelected = useCallback(
    (update: SelectionUpdate) =>
      setSelection((prev) => {
        const current = prev.key === listKey ? prev.ids : EMPTY_SELECTION;
        return { key: listKey, ids: typeof update === 'function' ? update(current) : update };
      }),
    [listKey],
  );

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = trades;
  const onNearEnd = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return {
    rows,
    query: trades,
    hasNextPage,
    isFetchingNextPage,
    onNearEnd,
    // toTradeListParams always sets both to one of their allowed values.
    sort: listParams.get('sort') as TradeSortColumn,
    order: listParams.get('order') === 'asc' ? 'asc' : 'desc',
    selected,
    setSelected,
  };
}
