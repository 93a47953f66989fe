import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { AppPage, AppPageHeader } from '../../components/layout/app-shell';
import { Button } from '../../components/ui/button';
import { apiQuery, toApiError } from '../../lib/api';
import { useIsPhone } from '../../lib/use-media-query';
import { LoadSampleDataButton, SampleDataBanner } from '../settings/sample-data-card';
import type { TradeFieldId } from '../../../core/query';
import { FilterBar, hasFiltersBesides } from '../filters/filter-bar';
import { useFilterState } from '../filters/use-filter-state';
import { BulkActionBar } from './bulk-action-bar';
import { ColumnChooser, useColumnChoice } from './column-chooser';
import { SELECT_BASE } from './dialog-frame';
import { ExportMenu } from './export-menu';
import { ManualTradeDialog } from './manual-trade-dialog';
import { TradeDialog } from './trade-dialog';
import { DEFAULT_HIDDEN_COLUMNS, TRADE_COLUMNS, TradeTable } from './trade-table';
import { useTradeList, type TradeSortColumn } from './use-trade-list';

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

export default function TradesPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const isPhone = useIsPhone();
  const searchParams = useMemo(() => new URLSearchParams(search), [search]);
  const [hidden, toggleColumn] = useColumnChoice(DEFAULT_HIDDEN_COLUMNS);
  const [isManualOpen, setIsManualOpen] = useState(false);
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

  const list = useTradeList(filter, searchParams);
  const { rows, selected, setSelected, sort, order } = list;
  const hasFilters = hasFiltersBesides(filter, HEADER_FIELDS);
  const openTradeId = searchParams.get('trade');
  const onSort = (column: TradeSortColumn) =>
    setParams({ sort: column, order: sort === column && order === 'desc' ? 'asc' : 'desc' });

  const isEmpty = list.query.isSuccess && rows.length === 0;

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
        canAddFields
      >
        {!isPhone && <ColumnChooser columns={TRADE_COLUMNS} hidden={hidden} onToggle={toggleColumn} />}
      </FilterBar>

      <BulkActionBar
        selected={selected}
        onClear={() => setSelected(new Set())}
        tags={tagList}
        strategies={strategyList}
      />

      <SampleDataBanner selectedAccountIds={filter.accountIds} />
      <div className="mt-4 overflow-hidden rounded-2xl border border-line bg-elevated">
        {list.query.isPending && (
          <p role="status" className="p-6 text-sm text-muted">
            Loading trades…
          </p>
        )}
        {list.query.isError && (
          <p role="alert" className="p-6 text-sm text-loss">
            {toApiError(list.query.error, 'Your trades could not be loaded.').message}
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
          <TradeTable
            rows={rows}
            hidden={hidden}
            isPhone={isPhone}
            sort={sort}
            order={order}
            onSort={onSort}
            selected={selected}
            onSelect={setSelected}
            onOpen={(id) => setParams({ trade: id })}
            onNearEnd={list.onNearEnd}
            isFetchingNextPage={list.isFetchingNextPage}
          />
        )}
      </div>
      {rows.length > 0 && (
        <p className="mt-2 text-xs text-muted" aria-live="polite">
          {rows.length.toLocaleString('en-US')} trades loaded{list.hasNextPage ? ', more load as you scroll' : ''}.
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
    </AppPage>
  );
}
