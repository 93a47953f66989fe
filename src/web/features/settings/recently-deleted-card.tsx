import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import type { DeletedTradeJson } from '../../../contracts/trades';
import { formatDate } from '../../components/layout/app-shell';
import { apiQuery, toApiError } from '../../lib/api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useHashTarget } from '../../lib/use-hash-target';
import { toast } from '../../lib/use-toast';
import { formatMoney, toSign } from '../trades/format';
import { toSymbolText } from '../trades/symbol-text';
import { refreshAfterTradeChange, restoreTrades } from '../trades/undo-delete';

/** The symbol as the trade list shows it (`MES Mar 25`); as stored for a trade deleted before its class was kept. */
const toSymbol = (trade: DeletedTradeJson) =>
  trade.assetClass ? toSymbolText({ symbol: trade.symbol, assetClass: trade.assetClass }) : trade.symbol;

const tradeCount = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'trade' : 'trades'}`;

/** A day as the trade list writes one: "Jan 16, 2025". */
function formatShortDay(date: Date, timeZone: string): string {
  const options = { month: 'short', day: 'numeric', year: 'numeric' } as const;
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(date);
  }
}

/**
 * The trade's days, as the list shows them: "March 3, 2025" or "March 3, 2025 – March 5, 2025". A
 * trade whose file gave no time of day shows the file's own days, never its placeholder midnight
 * read in some zone: "Jan 16, 2025, time not in file".
 */
export function toDays(trade: DeletedTradeJson, timeZone: string): string {
  const isDayOnly = Boolean(trade.openedOn ?? trade.closedOn);
  const dayOf = (iso: string, day: string | undefined) =>
    day
      ? formatShortDay(new Date(`${day}T00:00:00Z`), 'UTC')
      : isDayOnly
        ? formatShortDay(new Date(iso), timeZone)
        : formatDate(iso, timeZone);
  const opened = dayOf(trade.openedAt, trade.openedOn);
  const closed = trade.closedAt ? dayOf(trade.closedAt, trade.closedOn) : null;
  const days = closed === null || opened === closed ? opened : `${opened} – ${closed}`;
  const text = isDayOnly ? `${days}, time not in file` : days;
  return closed === null ? `${text} · open` : text;
}

/** The card's id: links to it end in `#recently-deleted`. */
export const RECENTLY_DELETED_ID = 'recently-deleted';

/**
 * Settings → Recently deleted: trades deleted (or taken out by an import's undo) in the last 30
 * days, each restorable, or all at once; after 30 days they are deleted for good.
 */
export function RecentlyDeletedCard({ timeZone }: { timeZone: string }) {
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery(apiQuery('GET /api/trades/deleted'));
  const trades = data?.trades ?? [];
  // The import page's "restore them there" links here (/settings#recently-deleted).
  useHashTarget(RECENTLY_DELETED_ID, !isLoading);

  const restore = useMutation({
    mutationFn: (tradeIds: string[]) => restoreTrades({ tradeIds }),
    onSuccess: async (count) => {
      toast({ title: `Restored ${tradeCount(count)}` });
      await refreshAfterTradeChange(queryClient);
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: 'Could not restore', description: toApiError(err).message }),
  });

  return (
    <Card>
      <section
        id={RECENTLY_DELETED_ID}
        aria-labelledby="recently-deleted-heading"
        data-testid="recently-deleted"
        tabIndex={-1}
        // Below the phone's sticky header when scrolled to; ringed while focused, to show where the link led.
        className="scroll-mt-24 rounded-lg focus:outline-none focus:ring-2 focus:ring-accent focus:ring-offset-8 focus:ring-offset-elevated"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="recently-deleted-heading" className="flex items-center gap-2 text-lg font-semibold text-fg">
            <Trash2 className="h-5 w-5 text-accent" aria-hidden="true" />
            Recently deleted
          </h2>
          {trades.length > 1 && (
            <Button
              variant="secondary"
              size="sm"
              disabled={restore.isPending}
              onClick={() => restore.mutate(trades.map((trade) => trade.id))}
            >
              Restore all {tradeCount(trades.length)}
            </Button>
          )}
        </div>
        <p className="mt-1 text-sm text-muted">
          Deleted trades, and those an import&apos;s undo took out, are kept here for 30 days with their notes, tags and
          screenshots, then deleted for good.
        </p>
        <div className="mt-4">
          {isLoading ? (
            <p role="status" className="text-sm text-muted">
              Loading deleted trades…
            </p>
          ) : trades.length === 0 ? (
            <p className="text-sm text-muted">Nothing deleted in the last 30 days.</p>
          ) : (
            <ul aria-label="Recently deleted trades">
              {trades.map((trade) => (
                <li
                  key={`${trade.undoToken}-${trade.id}`}
                  className="flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-line py-3 first:border-t-0"
                >
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="flex flex-wrap items-baseline gap-x-2 font-semibold text-fg">
                      <span title={toSymbol(trade) === trade.symbol ? undefined : trade.symbol}>{toSymbol(trade)}</span>
                      <span className="text-xs font-medium capitalize text-muted">{trade.direction}</span>
                      <span
                        className={`tabular-nums ${toSign(trade.netPnl) < 0 ? 'text-loss' : toSign(trade.netPnl) > 0 ? 'text-gain' : 'text-fg'}`}
                      >
                        {formatMoney(trade.netPnl, trade.currency, { isSigned: true })}
                      </span>
                    </p>
                    <p className="mt-0.5 text-xs text-muted">
                      {toDays(trade, timeZone)} · {trade.accountName}
                    </p>
                    <p className="mt-0.5 text-xs text-muted">
                      {trade.fromImport ? 'Import undone' : 'Deleted'} {formatDate(trade.deletedAt, timeZone)} ·{' '}
                      <span data-testid="days-left">
                        {trade.daysLeft} {trade.daysLeft === 1 ? 'day' : 'days'} left
                      </span>
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={restore.isPending}
                    onClick={() => restore.mutate([trade.id])}
                    aria-label={`Restore the ${toSymbol(trade)} trade of ${toDays(trade, timeZone)}`}
                  >
                    Restore
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </Card>
  );
}
