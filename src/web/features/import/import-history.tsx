import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { refreshAfterTradeChange, showUndoToast } from '../trades/undo-delete';
import { useState, type ReactNode } from 'react';
import type { ImportJson, ImportStatusJson } from '../../../contracts/imports';
import { toApiError, apiQuery } from '../../lib/api';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/use-toast';
import { ConfirmDialog } from '../settings/confirm-dialog';
import { formatDateTime } from '../trades/format';
import { deleteImport } from './import-api';
import { Link } from 'wouter';
import type { ImportQualityJson } from '../../../contracts/reconciliation';
import { QualityScore } from '../reconciliation/import-quality';

const STATUS_BADGES: Record<ImportStatusJson, { label: string; className: string }> = {
  preview: { label: 'Not imported', className: 'border-line text-muted' },
  queued: { label: 'Queued', className: 'border-highlight/50 text-highlight' },
  running: { label: 'Importing', className: 'border-highlight/50 text-highlight' },
  done: { label: 'Imported', className: 'border-accent/50 text-accent' },
  failed: { label: 'Failed', className: 'border-loss/50 text-loss' },
  undone: { label: 'Undone', className: 'border-line text-muted' },
};

export function StatusBadge({ status }: { status: ImportStatusJson }) {
  const badge = STATUS_BADGES[status];
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2 py-px text-xs font-semibold ${badge.className}`}
    >
      {badge.label}
    </span>
  );
}

/** The import's file name, linking to its page once it is imported. */
function FileName({ item }: { item: ImportJson }) {
  if (item.status !== 'done') return <>{item.fileName}</>;
  return (
    <Link href={`/import/${item.id}`} className="text-accent underline-offset-2 hover:underline">
      {item.fileName}
    </Link>
  );
}

/** Undo for a committed import, Discard for a preview or a failed one. */
function HistoryAction({
  item,
  onUndo,
  onDiscard,
  isPending,
}: {
  item: ImportJson;
  onUndo: (item: ImportJson) => void;
  onDiscard: (item: ImportJson) => void;
  isPending: boolean;
}) {
  if (item.status === 'done')
    return (
      <Button variant="secondary" size="sm" onClick={() => onUndo(item)} aria-label={`Undo import of ${item.fileName}`}>
        <Undo2 className="h-4 w-4" aria-hidden="true" />
        Undo
      </Button>
    );
  if (item.status === 'preview' || item.status === 'failed')
    return (
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onDiscard(item)}
        disabled={isPending}
        aria-label={`Discard ${item.fileName}`}
      >
        Discard
      </Button>
    );
  return null;
}

/** The status badge, with a failed import's reason under it. */
function HistoryStatus({ item }: { item: ImportJson }) {
  return (
    <>
      <StatusBadge status={item.status} />
      {item.status === 'failed' && item.failureMessage && (
        <span className="mt-0.5 block text-xs text-loss">{item.failureMessage}</span>
      )}
    </>
  );
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The history on a phone: one card per import, its status and action at the top beside the file
 * name, its figures in a grid under it; nothing wider than the screen.
 */
function HistoryCards({
  items,
  qualityOf,
  action,
}: {
  items: readonly ImportJson[];
  qualityOf: ReadonlyMap<string, ImportQualityJson>;
  action: (item: ImportJson) => ReactNode;
}) {
  return (
    <ul className="divide-y divide-line sm:hidden" data-testid="import-history-cards" aria-label="Import history">
      {items.map((item) => (
        <li key={item.id} className="grid gap-2 p-4" data-testid="import-history-card">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="break-words text-sm font-semibold text-fg">
                <FileName item={item} />
              </p>
              <p className="text-xs text-muted">
                {item.broker ?? 'Generic file'} · {formatDateTime(item.committedAt ?? item.createdAt)}
              </p>
            </div>
            <div className="shrink-0">{action(item)}</div>
          </div>
          <div>
            <HistoryStatus item={item} />
          </div>
          {item.status !== 'preview' && (
            <dl className="grid grid-cols-3 gap-2 text-xs">
              {(
                [
                  ['Added', count(item.executionsAdded)],
                  ['Duplicates', count(item.duplicatesSkipped)],
                  ['Trades', count(item.tradesCreated + item.tradesUpdated)],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="min-w-0">
                  <dt className="text-muted">{label}</dt>
                  <dd className="font-semibold tabular-nums text-fg">{value}</dd>
                </div>
              ))}
              {item.status === 'done' && (
                <div className="col-span-3 flex items-center gap-2">
                  <dt className="text-muted">Quality</dt>
                  <dd>
                    <QualityScore quality={qualityOf.get(item.id)} />
                  </dd>
                </div>
              )}
            </dl>
          )}
        </li>
      ))}
    </ul>
  );
}

const HEAD = 'px-3 py-2 font-medium';
const CELL = 'px-3 py-2 align-middle';

/** Every import batch, newest first, with undo for a committed one and discard for an abandoned preview. */
export function ImportHistory({ activeImportId }: { activeImportId: string | null }) {
  const queryClient = useQueryClient();
  const history = useQuery(apiQuery('GET /api/imports'));
  // Each committed import's data-quality score against the broker's own figures (issue 42).
  const quality = useQuery({ ...apiQuery('GET /api/imports/quality'), staleTime: 0 });
  const qualityOf = new Map((quality.data?.imports ?? []).map((q) => [q.importId, q]));
  const [pending, setPending] = useState<ImportJson | null>(null);

  const remove = useMutation({
    mutationFn: (item: ImportJson) => deleteImport(item.id),
    onSuccess: async (undoToken, item) => {
      if (undoToken) showUndoToast({ title: `Import of ${item.fileName} undone`, undoToken, queryClient });
      else toast({ title: 'Import discarded', description: item.fileName });
      setPending(null);
      await refreshAfterTradeChange(queryClient);
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: 'That did not work', description: toApiError(err).message }),
  });

  const action = (item: ImportJson) => (
    <HistoryAction item={item} onUndo={setPending} onDiscard={remove.mutate} isPending={remove.isPending} />
  );
  // The import being previewed right now is the page's, not history yet.
  const items = (history.data?.imports ?? []).filter((i) => i.id !== activeImportId || i.status !== 'preview');

  return (
    <section aria-labelledby="import-history-heading" className="mt-10">
      <h2 id="import-history-heading" className="text-lg font-bold text-fg">
        Import history
      </h2>
      <p className="mt-1 text-sm text-muted">
        Undo takes out exactly the executions an import added and regroups trades; the trades they were in wait 30 days
        in Settings → Recently deleted.
      </p>
      <div className="mt-3 overflow-hidden rounded-2xl border border-line bg-elevated">
        {history.isPending && (
          <p role="status" className="p-4 text-sm text-muted">
            Loading imports…
          </p>
        )}
        {history.isError && (
          <p role="alert" className="p-4 text-sm text-loss">
            {toApiError(history.error, 'Your imports could not be loaded.').message}
          </p>
        )}
        {history.isSuccess && items.length === 0 && (
          <p className="p-4 text-sm text-muted" data-testid="import-history-empty">
            No imports yet. Your first file will show up here.
          </p>
        )}
        {items.length > 0 && <HistoryCards items={items} qualityOf={qualityOf} action={action} />}
        {items.length > 0 && (
          <div
            className="relative hidden overflow-x-auto sm:block focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
            data-testid="import-history"
            role="region"
            aria-label="Import history table"
            tabIndex={0}
          >
            <table className="w-full min-w-[720px] text-left text-sm">
              <caption className="sr-only">Import history</caption>
              <thead className="bg-sunken text-xs text-muted">
                <tr>
                  <th scope="col" className={HEAD}>
                    File
                  </th>
                  <th scope="col" className={HEAD}>
                    Broker
                  </th>
                  <th scope="col" className={HEAD}>
                    When
                  </th>
                  <th scope="col" className={`${HEAD} text-right`}>
                    Added
                  </th>
                  <th scope="col" className={`${HEAD} text-right`}>
                    Duplicates
                  </th>
                  <th scope="col" className={`${HEAD} text-right`}>
                    Trades
                  </th>
                  <th scope="col" className={`${HEAD} text-right`}>
                    Quality
                  </th>
                  <th scope="col" className={HEAD}>
                    Status
                  </th>
                  <th scope="col" className={HEAD}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="text-fg">
                {items.map((item) => (
                  <tr key={item.id} className="border-t border-line" data-testid="import-history-row">
                    <th scope="row" className={`${CELL} max-w-56 truncate font-medium`} title={item.fileName}>
                      <FileName item={item} />
                    </th>
                    <td className={CELL}>{item.broker ?? 'Generic file'}</td>
                    <td className={`${CELL} whitespace-nowrap`}>
                      {formatDateTime(item.committedAt ?? item.createdAt)}
                    </td>
                    <td className={`${CELL} text-right tabular-nums`}>
                      {item.executionsAdded.toLocaleString('en-US')}
                    </td>
                    <td className={`${CELL} text-right tabular-nums`}>
                      {item.duplicatesSkipped.toLocaleString('en-US')}
                    </td>
                    <td className={`${CELL} text-right tabular-nums`}>
                      {(item.tradesCreated + item.tradesUpdated).toLocaleString('en-US')}
                    </td>
                    <td className={`${CELL} text-right`}>
                      {item.status === 'done' ? <QualityScore quality={qualityOf.get(item.id)} /> : '—'}
                    </td>
                    <td className={CELL}>
                      <HistoryStatus item={item} />
                    </td>
                    <td className={`${CELL} text-right`}>{action(item)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Undo this import?"
        description={
          pending
            ? `The ${pending.executionsAdded.toLocaleString('en-US')} ${pending.executionsAdded === 1 ? 'execution' : 'executions'} added from ${pending.fileName} are taken out and their trades regrouped. The trades they were in, with their notes and tags, can be restored from Settings → Recently deleted for 30 days.`
            : ''
        }
        confirmLabel="Undo import"
        pendingLabel="Undoing…"
        isPending={remove.isPending}
        onConfirm={() => pending && remove.mutate(pending)}
        testId="confirm-undo-dialog"
      />
    </section>
  );
}
