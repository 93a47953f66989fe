import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Columns3, Plus, Trash2 } from 'lucide-react';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { TRADE_SORT_COLUMNS, type BulkTradeRequest, type TradeJson } from '../../../contracts/trades';
import { AppPage, AppPageHeader } from '../../components/layout/app-shell';
import { Button } from '../../components/ui/button';
import { api, apiQuery, toApiError } from '../../lib/api';
import { useIsPhone } from '../../lib/use-media-query';
import { toast } from '../../lib/use-toast';
import { formatPrice } from '../../../core/instruments/display';
import { LoadSampleDataButton, SampleDataBanner } from '../settings/sample-data-card';
import type { TradeFieldId, TradeFilter } from '../../../core/query';
import { FilterBar, hasFiltersBesides } from '../filters/filter-bar';
import { toFilterQuery } from '../filters/filter-search';
import { useFilterState } from '../filters/use-filter-state';
import { DialogFrame, SELECT_BASE } from './dialog-frame';
import { formatDecimal, formatFillTime, formatHolding, formatMoney, formatR, toSign } from './format';
import { ExportMenu } from './export-menu';
import { ManualTradeDialog } from './manual-trade-dialog';
import { SymbolText, toSymbolText } from './symbol-text';
import { TradeDialog } from './trade-dialog';
import { refreshAfterTradeChange, showUndoToast } from './undo-delete';
import { VirtualTable } from './virtual-table';

type SortColumn = (typeof TRADE_SORT_COLUMNS)[number];
const PAGE_SIZE = 200;
const ROW_HEIGHT = 44;
const PHONE_ROW_HEIGHT = 64;
const CHECKBOX_WIDTH = 44;
const COLUMNS_STORAGE_KEY = 'edgebook.trades.columns';

/** The quick filters, generated from the query model's registry (the account is chosen in the header). */
const FILTER_FIELDS = [
  'from',
  'to',
  'search',
  'side',
  'status',
  'outcomes',
  'strategyIds',
  'tagsAny',
] as const satisfies readonly TradeFieldId[];
const HEADER_FIELDS = ['accountIds'] as const satisfies readonly TradeFieldId[];

type Column = {
  id: string;
  label: string;
  width: number;
  sort?: SortColumn;
  align?: 'right';
  render: (trade: TradeJson) => ReactNode;
};

const pnlClass = (value: string) => {
  const sign = toSign(value);
  return sign > 0 ? 'text-gain' : sign < 0 ? 'text-loss' : 'text-fg';
};

function OpenBadge() {
  return (
    <span className="ml-1.5 inline-flex shrink-0 items-center rounded-full border border-highlight/50 px-1.5 py-px text-[10px] font-semibold uppercase tracking-wide text-highlight">
      Open
    </span>
  );
}

function Pnl({ trade, value }: { trade: TradeJson; value: string }) {
  return (
    <span className={`font-semibold tabular-nums ${pnlClass(value)}`}>
      {formatMoney(value, trade.currency, { isSigned: true })}
    </span>
  );
}

const COLUMNS: Column[] = [
  {
    id: 'closedAt',
    label: 'Closed',
    width: 180,
    sort: 'closedAt',
    render: (t) => formatFillTime(t.closedAt, t.closedOn),
  },
  {
    id: 'openedAt',
    label: 'Opened',
    width: 180,
    sort: 'openedAt',
    render: (t) => formatFillTime(t.openedAt, t.openedOn),
  },
  { id: 'direction', label: 'Side', width: 70, render: (t) => (t.direction === 'long' ? 'Long' : 'Short') },
  {
    id: 'quantity',
    label: 'Qty',
    width: 90,
    sort: 'quantity',
    align: 'right',
    render: (t) => formatDecimal(t.quantity),
  },
  {
    id: 'avgEntryPrice',
    label: 'Entry',
    width: 100,
    align: 'right',
    render: (t) => formatPrice(t.avgEntryPrice, t, 'average'),
  },
  {
    id: 'avgExitPrice',
    label: 'Exit',
    width: 100,
    align: 'right',
    render: (t) => (t.avgExitPrice === null ? '—' : formatPrice(t.avgExitPrice, t, 'average')),
  },
  {
    id: 'grossPnl',
    label: 'Gross P&L',
    width: 120,
    sort: 'grossPnl',
    align: 'right',
    render: (t) => <Pnl trade={t} value={t.grossPnl} />,
  },
  {
    id: 'fees',
    label: 'Fees',
    width: 90,
    sort: 'fees',
    align: 'right',
    render: (t) => formatMoney(t.fees, t.currency),
  },
  {
    id: 'netPnl',
    label: 'Net P&L',
    width: 130,
    sort: 'netPnl',
    align: 'right',
    render: (t) => <Pnl trade={t} value={t.netPnl} />,
  },
  { id: 'rMultiple', label: 'R', width: 80, sort: 'rMultiple', align: 'right', render: (t) => formatR(t.rMultiple) },
  {
    id: 'holdingSeconds',
    label: 'Held',
    width: 90,
    sort: 'holdingSeconds',
    align: 'right',
    render: (t) => formatHolding(t.holdingSeconds),
  },
  {
    id: 'tags',
    label: 'Tags',
    width: 180,
    render: (t) => (
      <span className="flex gap-1 overflow-hidden">
        {t.tags.map((tag) => (
          <span key={tag.id} className="truncate rounded-full bg-sunken px-2 py-px text-xs text-fg">
            {tag.name}
          </span>
        ))}
      </span>
    ),
  },
];
const DEFAULT_HIDDEN = new Set(['openedAt', 'grossPnl', 'fees']);
// Wide enough for an option read in full (`SPXW 21 Jun 24 5400 P`): contracts differ at the end.
const SYMBOL_WIDTH = 190;
const EMPTY_SELECTION: ReadonlySet<string> = new Set();

function readHiddenColumns(): Set<string> {
  try {
    const raw = typeof window === 'undefined' ? null : window.localStorage.getItem(COLUMNS_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (Array.isArray(parsed)) return new Set(parsed.filter((v): v is string => typeof v === 'string'));
  } catch {
    // NOTE: unreadable storage falls back to the defaults.
  }
  return new Set(DEFAULT_HIDDEN);
}

/** Visible column ids, remembered in localStorage. */
function useColumnChoice(): [Set<string>, (id: string) => void] {
  const [hidden, setHidden] = useState<Set<string>>(readHiddenColumns);
  const toggle = useCallback((id: string) => {
    setHidden((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      try {
        window.localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify([...next]));
      } catch {
        // NOTE: private mode may refuse storage; the choice then lasts for this visit.
      }
      return next;
    });
  }, []);
  return [hidden, toggle];
}

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

export default function TradesPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const isPhone = useIsPhone();
  const searchParams = useMemo(() => new URLSearchParams(search), [search]);
  const [hidden, toggleColumn] = useColumnChoice();
  const [isManualOpen, setIsManualOpen] = useState(false);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const ids = useId();
  const filterState = useFilterState();
  const { filter } = filterState;
  const accountId = filter.accountIds?.length === 1 ? filter.accountIds[0] : undefined;

  const setParams = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      const text = next.toString();
      navigate(text ? `/trades?${text}` : '/trades', { replace: true });
    },
    [search, navigate],
  );

  const accounts = useQuery(apiQuery('GET /api/accounts'));
  const tags = useQuery(apiQuery('GET /api/tags'));
  const strategies = useQuery(apiQuery('GET /api/strategies'));
  const accountList = accounts.data?.accounts ?? [];
  const tagList = tags.data?.tags ?? [];
  const strategyList = strategies.data?.strategies ?? [];

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

  // The selection belongs to one list: a new filter or sort starts afresh.
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: '', ids: new Set() });
  const selected = selection.key === listKey ? selection.ids : EMPTY_SELECTION;
  const setSelected = useCallback(
    (update: ReadonlySet<string> | ((prev: ReadonlySet<string>) => ReadonlySet<string>)) =>
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

  const bulk = useMutation({
    mutationFn: async (request: BulkTradeRequest) => {
      return { request, result: await api('POST /api/trades/bulk', { body: request }) };
    },
    onSuccess: async ({ request, result }) => {
      const noun = result.count === 1 ? 'trade' : 'trades';
      if (request.action === 'delete' && result.undoToken) {
        showUndoToast({ title: `Deleted ${result.count} ${noun}`, undoToken: result.undoToken, queryClient });
        setSelected(new Set());
      } else toast({ title: `Updated ${result.count} ${noun}` });
      setIsConfirmOpen(false);
      if (request.action === 'delete') await refreshAfterTradeChange(queryClient, request.ids);
      else await queryClient.invalidateQueries({ queryKey: ['/api/trades'] });
    },
    onError: (err) =>
      toast({ title: 'That did not work', description: toApiError(err).message, variant: 'destructive' }),
  });

  const visibleColumns = COLUMNS.filter((c) => !hidden.has(c.id));
  const rowWidth = CHECKBOX_WIDTH + SYMBOL_WIDTH + visibleColumns.reduce((sum, c) => sum + c.width, 0);
  const sort = listParams.get('sort') ?? 'closedAt';
  const order = listParams.get('order') ?? 'desc';
  const hasFilters = hasFiltersBesides(filter, HEADER_FIELDS);
  const openTradeId = searchParams.get('trade');
  const isAllSelected = rows.length > 0 && rows.every((t) => selected.has(t.id));

  const toggleOne = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(isAllSelected ? new Set() : new Set(rows.map((t) => t.id)));
  const onSort = (column: SortColumn) =>
    setParams({ sort: column, order: sort === column && order === 'desc' ? 'asc' : 'desc' });
  const openTrade = (id: string) => setParams({ trade: id });

  const header = (
    <div
      role="row"
      aria-rowindex={1}
      className="flex h-10 items-center border-b border-line bg-sunken text-xs font-medium text-muted"
    >
      <div role="columnheader" className="flex shrink-0 items-center justify-center" style={{ width: CHECKBOX_WIDTH }}>
        <input
          type="checkbox"
          aria-label="Select all loaded trades"
          checked={isAllSelected}
          onChange={toggleAll}
          className="h-4 w-4 accent-[var(--color-accent)]"
        />
      </div>
      <div
        role="columnheader"
        aria-sort={sort === 'symbol' ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
        style={{ width: SYMBOL_WIDTH }}
        className="shrink-0 px-3"
      >
        <SortButton label="Symbol" isActive={sort === 'symbol'} order={order} onClick={() => onSort('symbol')} />
      </div>
      {visibleColumns.map((c) => (
        <div
          key={c.id}
          role="columnheader"
          aria-sort={c.sort ? (sort === c.sort ? (order === 'asc' ? 'ascending' : 'descending') : 'none') : undefined}
          style={{ width: c.width }}
          className={`shrink-0 px-3 ${c.align === 'right' ? 'text-right' : ''}`}
        >
          {c.sort ? (
            <SortButton
              label={c.label}
              isActive={sort === c.sort}
              order={order}
              onClick={() => c.sort && onSort(c.sort)}
              alignRight={c.align === 'right'}
            />
          ) : (
            c.label
          )}
        </div>
      ))}
    </div>
  );

  const renderDesktopRow = (index: number) => {
    const t = rows[index];
    if (!t) return null;
    const isSelected = selected.has(t.id);
    return (
      <div
        data-testid="trade-row"
        data-trade-id={t.id}
        onClick={(e) => {
          if ((e.target as HTMLElement).closest('input,button,a')) return; // the controls handle their own clicks
          openTrade(t.id);
        }}
        className={`flex h-full cursor-pointer items-center border-b border-line text-sm text-fg hover:bg-sunken ${isSelected ? 'bg-accent-soft' : ''}`}
      >
        <div role="cell" className="flex shrink-0 items-center justify-center" style={{ width: CHECKBOX_WIDTH }}>
          <input
            type="checkbox"
            aria-label={`Select ${toSymbolText(t)} trade`}
            checked={isSelected}
            onChange={() => toggleOne(t.id)}
            className="h-4 w-4"
          />
        </div>
        <div role="cell" className="flex shrink-0 items-center px-3" style={{ width: SYMBOL_WIDTH }}>
          <button
            type="button"
            onClick={() => openTrade(t.id)}
            className="truncate font-semibold text-fg hover:text-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <SymbolText symbol={t.symbol} assetClass={t.assetClass} />
          </button>
          {t.status === 'open' && <OpenBadge />}
        </div>
        {visibleColumns.map((c) => (
          <div
            key={c.id}
            role="cell"
            data-column={c.id}
            style={{ width: c.width }}
            className={`shrink-0 truncate px-3 ${c.align === 'right' ? 'text-right tabular-nums' : ''}`}
          >
            {c.render(t)}
          </div>
        ))}
      </div>
    );
  };

  const renderPhoneRow = (index: number) => {
    const t = rows[index];
    if (!t) return null;
    const isSelected = selected.has(t.id);
    return (
      <div
        data-testid="trade-row"
        data-trade-id={t.id}
        className={`flex h-full items-center gap-3 border-b border-line px-3 ${isSelected ? 'bg-accent-soft' : ''}`}
      >
        <div role="cell" className="shrink-0">
          <input
            type="checkbox"
            aria-label={`Select ${toSymbolText(t)} trade`}
            checked={isSelected}
            onChange={() => toggleOne(t.id)}
            className="h-4 w-4"
          />
        </div>
        <div role="cell" className="min-w-0 flex-1">
          <button
            type="button"
            onClick={() => openTrade(t.id)}
            className="block w-full text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="flex min-w-0 items-center font-semibold text-fg">
              {/* The whole row's width for the symbol: an option's contracts differ at the end of it. */}
              <span className="min-w-0 truncate">
                <SymbolText symbol={t.symbol} assetClass={t.assetClass} />
              </span>
              {t.status === 'open' && <OpenBadge />}
            </span>
            <span className="block truncate text-xs text-muted">
              {t.direction === 'long' ? 'Long' : 'Short'} ·{' '}
              {t.closedAt ? formatFillTime(t.closedAt, t.closedOn) : formatFillTime(t.openedAt, t.openedOn)}
            </span>
          </button>
        </div>
        <div role="cell" className="shrink-0 text-right">
          <Pnl trade={t} value={t.netPnl} />
          <span className="block text-xs text-muted">{formatR(t.rMultiple)}</span>
        </div>
      </div>
    );
  };

  const isEmpty = trades.isSuccess && rows.length === 0;

  return (
    <AppPage>
      <AppPageHeader
        title="Trades"
        intro="Every round trip, with its P&L, R and journal."
        actions={
          <>
            <label htmlFor={`${ids}-account`} className="sr-only">
              Account
            </label>
            <select
              id={`${ids}-account`}
              className={`${SELECT_BASE} h-10 w-auto max-w-56`}
              value={accountId ?? ''}
              onChange={(e) => filterState.setField('accountIds', e.target.value ? [e.target.value] : undefined)}
            >
              <option value="">All accounts</option>
              {accountList.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
            <ExportMenu filter={filter} />
            <Button onClick={() => setIsManualOpen(true)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              {/* One row of actions on a phone: "Add" shows, "Add trade" is read. */}
              <span>
                Add<span className="max-sm:sr-only"> trade</span>
              </span>
            </Button>
          </>
        }
      />

      <FilterBar
        label="Filter trades"
        fields={filter.symbols ? [...FILTER_FIELDS, 'symbols'] : FILTER_FIELDS}
        state={filterState}
        keep={HEADER_FIELDS}
        className="mt-4 sm:mt-6"
      >
        {!isPhone && (
          <details className="relative ml-auto">
            <summary className="flex h-10 cursor-pointer list-none items-center gap-2 rounded-lg border border-line bg-elevated px-3 text-sm font-semibold text-fg hover:bg-sunken">
              <Columns3 className="h-4 w-4" aria-hidden="true" />
              Columns
            </summary>
            <fieldset className="absolute right-0 z-20 mt-2 grid w-48 gap-1 rounded-xl border border-line bg-elevated p-3 shadow-lg">
              <legend className="sr-only">Visible columns</legend>
              {COLUMNS.map((c) => (
                <label key={c.id} className="flex items-center gap-2 text-sm text-fg">
                  <input
                    type="checkbox"
                    checked={!hidden.has(c.id)}
                    onChange={() => toggleColumn(c.id)}
                    className="h-4 w-4"
                  />
                  {c.label}
                </label>
              ))}
            </fieldset>
          </details>
        )}
      </FilterBar>

      {selected.size > 0 && (
        <div
          role="region"
          aria-label="Bulk actions"
          className="mt-4 flex flex-wrap items-center gap-2 rounded-xl border border-accent/40 bg-accent-soft px-3 py-2"
        >
          <span className="text-sm font-semibold text-fg" data-testid="selection-count">
            {selected.size} selected
          </span>
          <label htmlFor={`${ids}-bulk-tag`} className="sr-only">
            Add tag to selected trades
          </label>
          <select
            id={`${ids}-bulk-tag`}
            className={`${SELECT_BASE} h-9 w-auto max-w-48 py-1`}
            value=""
            disabled={bulk.isPending || tagList.length === 0}
            onChange={(e) =>
              e.target.value && bulk.mutate({ action: 'addTags', ids: [...selected], tagIds: [e.target.value] })
            }
          >
            <option value="">{tagList.length ? 'Add tag…' : 'No tags yet'}</option>
            {tagList.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
          <label htmlFor={`${ids}-bulk-strategy`} className="sr-only">
            Set strategy of selected trades
          </label>
          <select
            id={`${ids}-bulk-strategy`}
            className={`${SELECT_BASE} h-9 w-auto max-w-48 py-1`}
            value=""
            disabled={bulk.isPending}
            onChange={(e) => {
              const value = e.target.value;
              if (value)
                bulk.mutate({ action: 'setStrategy', ids: [...selected], strategyId: value === 'none' ? null : value });
            }}
          >
            <option value="">Set strategy…</option>
            <option value="none">No strategy</option>
            {strategyList.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <Button variant="secondary" size="sm" onClick={() => setIsConfirmOpen(true)} disabled={bulk.isPending}>
            <Trash2 className="h-4 w-4 text-loss" aria-hidden="true" />
            Delete
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </div>
      )}

      <SampleDataBanner selectedAccountIds={filter.accountIds} />
      <div className="mt-4 overflow-hidden rounded-2xl border border-line bg-elevated">
        {trades.isPending && (
          <p role="status" className="p-6 text-sm text-muted">
            Loading trades…
          </p>
        )}
        {trades.isError && (
          <p role="alert" className="p-6 text-sm text-loss">
            {toApiError(trades.error, 'Your trades could not be loaded.').message}
          </p>
        )}
        {isEmpty &&
          (hasFilters ? (
            <div className="p-10 text-center">
              <p className="text-lg font-semibold text-fg">No trades match these filters</p>
              <p className="mt-1 text-sm text-muted">Try a wider date range or clear the filters.</p>
            </div>
          ) : (
            <div className="p-10 text-center" data-testid="trades-empty">
              <p className="text-lg font-semibold text-fg">No trades yet</p>
              <p className="mx-auto mt-1 max-w-md text-sm text-muted">
                <Link href="/import" className="font-semibold text-accent underline-offset-2 hover:underline">
                  Import a broker file
                </Link>{' '}
                or{' '}
                <button
                  type="button"
                  onClick={() => setIsManualOpen(true)}
                  className="font-semibold text-accent underline-offset-2 hover:underline"
                >
                  add a trade by hand
                </button>
                .
              </p>
              <div className="mt-4 flex flex-col items-center gap-2">
                <p className="text-sm text-muted">Or explore with six months of realistic sample trades:</p>
                <LoadSampleDataButton />
              </div>
            </div>
          ))}
        {rows.length > 0 && (
          <VirtualTable
            key={isPhone ? 'phone' : 'desktop'}
            label="Trades"
            className="h-[70dvh] min-h-[320px] sm:h-[calc(100dvh-19rem)]"
            rowCount={rows.length}
            rowHeight={isPhone ? PHONE_ROW_HEIGHT : ROW_HEIGHT}
            getRowKey={(i) => rows[i]?.id ?? String(i)}
            renderRow={isPhone ? renderPhoneRow : renderDesktopRow}
            header={isPhone ? undefined : header}
            minWidth={isPhone ? undefined : rowWidth}
            onNearEnd={onNearEnd}
            footer={
              isFetchingNextPage ? (
                <p role="status" className="p-3 text-center text-xs text-muted">
                  Loading more trades…
                </p>
              ) : null
            }
          />
        )}
      </div>
      {rows.length > 0 && (
        <p className="mt-2 text-xs text-muted" aria-live="polite">
          {rows.length.toLocaleString('en-US')} trades loaded{hasNextPage ? ', more load as you scroll' : ''}.
        </p>
      )}

      <ManualTradeDialog
        open={isManualOpen}
        onOpenChange={setIsManualOpen}
        accounts={accountList}
        defaultAccountId={accountId}
      />
      <TradeDialog
        tradeId={openTradeId}
        onClose={() => setParams({ trade: null })}
        tags={tagList}
        strategies={strategyList}
      />
      <DialogFrame
        open={isConfirmOpen}
        onOpenChange={setIsConfirmOpen}
        title={`Delete ${selected.size} ${selected.size === 1 ? 'trade' : 'trades'}?`}
        description="Their executions go with them. You can undo it right after, or restore them from Settings → Recently deleted for 30 days."
        testId="confirm-delete-dialog"
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setIsConfirmOpen(false)}>
            Cancel
          </Button>
          <Button
            className="bg-loss text-white hover:bg-loss/90"
            disabled={bulk.isPending}
            onClick={() => bulk.mutate({ action: 'delete', ids: [...selected] })}
          >
            {bulk.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </div>
      </DialogFrame>
    </AppPage>
  );
}

function SortButton({
  label,
  isActive,
  order,
  onClick,
  alignRight,
}: {
  label: string;
  isActive: boolean;
  order: string;
  onClick: () => void;
  alignRight?: boolean;
}) {
  const Icon = order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={onClick}
      className={`inline-flex items-center gap-1 hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${alignRight ? 'flex-row-reverse' : ''} ${isActive ? 'text-fg' : ''}`}
    >
      {label}
      {isActive && <Icon className="h-3.5 w-3.5" aria-hidden="true" />}
    </button>
  );
}
