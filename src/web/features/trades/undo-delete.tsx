import * as ToastPrimitive from '@radix-ui/react-toast';
import type { QueryClient } from '@tanstack/react-query';
import type { RestoreTradesRequest } from '../../../contracts/trades';
import { api, toApiError } from '../../lib/api';
import { toast } from '../../lib/use-toast';

/** How long a deletion's toast offers its Undo. */
export const UNDO_TOAST_MS = 10_000;

/**
 * Every query that may show trades: lists, counts, analytics, the calendar, imports, Recently
 * deleted. The queries of trades just deleted (their detail, their screenshots) are dropped rather
 * than asked again: their answer would be a 404.
 */
export async function refreshAfterTradeChange(
  queryClient: QueryClient,
  goneTradeIds: readonly string[] = [],
): Promise<void> {
  const isGone = (key: readonly unknown[]) =>
    key.some((part) => typeof part === 'string' && goneTradeIds.some((id) => part.includes(id)));
  queryClient.removeQueries({ predicate: (query) => isGone(query.queryKey) });
  await queryClient.invalidateQueries({ predicate: (query) => !isGone(query.queryKey) });
}

/** Brings back what a deletion took, by its undo token or by trade ids; answers how many trades came back. */
export async function restoreTrades(body: RestoreTradesRequest): Promise<number> {
  return (await api('POST /api/trades/restore', { body })).count;
}

/**
 * The toast after a deletion: what went, and an Undo button for 10 seconds that restores exactly
 * that (the deleted trades also wait 30 days in Settings → Recently deleted).
 */
export function showUndoToast(params: { title: string; undoToken: string; queryClient: QueryClient }): void {
  const { title, undoToken, queryClient } = params;
  const shown = toast({
    title,
    description: 'Kept 30 days in Settings → Recently deleted.',
    duration: UNDO_TOAST_MS,
    action: (
      <ToastPrimitive.Action
        altText="Undo the deletion from Settings → Recently deleted"
        className="shrink-0 self-center rounded-lg border border-line px-3 py-1.5 text-sm font-semibold hover:bg-sunken"
        onClick={() => {
          shown.dismiss();
          void restoreTrades({ undoToken })
            .then(async (count) => {
              toast({ title: `Restored ${count} ${count === 1 ? 'trade' : 'trades'}` });
              await refreshAfterTradeChange(queryClient);
            })
            .catch((err: unknown) =>
              toast({ title: 'Could not undo', description: toApiError(err).message, variant: 'destructive' }),
            );
        }}
      >
        Undo
      </ToastPrimitive.Action>
    ),
  });
}
