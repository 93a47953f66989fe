import { ArrowDown, ArrowUp } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TradeJson } from '../../../contracts/trades';
import { formatPrice } from '../../../core/instruments/display';
import { formatDecimal, formatFillTime, formatHolding, formatMoney, formatR, toSign } from './format';
import { SymbolText, toSymbolText } from './symbol-text';
import type { TradeSelection, TradeSortColumn } from './use-trade-list';
import { VirtualTable } from './virtual-table';

const ROW_HEIGHT = 44;
const PHONE_ROW_HEIGHT = 64;
const CHECKBOX_WIDTH = 44;

type Column = {
  id: string;
  label: string;
  width: number;
  sort?: TradeSortColumn;
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

export const TRADE_COLUMNS: readonly Column[] = [
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
export const DEFAULT_HIDDEN_COLUMNS: readonly string[] = ['openedAt', 'grossPnl', 'fees'];
// Wide enough for an option read in full (`SPXW 21 Jun 24 5400 P`): contracts differ at the end.
const SYMBOL_WIDTH = 190;

type TradeTableProps = {
  rows: readonly TradeJson[];
  hidden: ReadonlySet<string>;
  isPhone: boolean;
  sort: TradeSortColumn;
  order: 'asc' | 'desc';
  onSort: (column: TradeSortColumn) => void;
  selected: TradeSelection;
  onSelect: (update: (prev: TradeSelection) => TradeSelection) => void;
  onOpen: (tradeId: string) => void;
  onNearEnd: () => void;
  isFetchingNextPage: boolean;
};

/**
 * The trade list as a virtual table: a row per trade with the chosen columns and sortable headers
 * at desktop widths, a two-line row (symbol, side and time; net P&L and R) on a phone.
 */
export function TradeTable({
  rows,
  hidden,
  isPhone,
  sort,
  order,
  onSort,
  selected,
  onSelect,
  onOpen,
  onNearEnd,
  isFetchingNextPage,
}: TradeTableProps) {
  const visibleColumns = TRADE_COLUMNS.filter((c) => !hidden.has(c.id));
  const rowWidth = CHECKBOX_WIDTH + SYMBOL_WIDTH + visibleColumns.reduce((sum, c) => sum + c.width, 0);
  const isAllSelected = rows.length > 0 && rows.every((t) => selected.has(t.id));
  const toggleOne = (id: string) =>
    onSelect((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => onSelect(() => (isAllSelected ? new Set() : new Set(rows.map((t) => t.id))));
  const openTrade = onOpen;

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

  return (
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
