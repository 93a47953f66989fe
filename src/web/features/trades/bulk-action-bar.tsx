import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { BulkTradeRequest } from '../../../contracts/trades';
import { Button } from '../../components/ui/button';
import { api, toApiError } from '../../lib/api';
import { toast } from '../../lib/use-toast';
import { DialogFrame, SELECT_BASE } from './dialog-frame';
import { refreshAfterTradeChange, showUndoToast } from './undo-delete';
import { BulkRuleCheck } from '../playbook/bulk-rule-check';

type BulkActionBarProps = {
  selected: ReadonlySet<string>;
  onClear: () => void;
  tags: readonly { id: string; name: string }[];
  strategies: readonly { id: string; name: string; archived?: boolean }[];
};

/** What the trader can do to the selected trades at once: tag, set the strategy, mark a rule, delete (with undo). */
export function BulkActionBar({ selected, onClear, tags, strategies }: BulkActionBarProps) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const bulk = useMutation({
    mutationFn: async (request: BulkTradeRequest) => {
      return { request, result: await api('POST /api/trades/bulk', { body: request }) };
    },
    onSuccess: async ({ request, result }) => {
      const noun = result.count === 1 ? 'trade' : 'trades';
      if (request.action === 'delete' && result.undoToken) {
        showUndoToast({ title: `Deleted ${result.count} ${noun}`, undoToken: result.undoToken, queryClient });
        onClear();
      } else toast({ title: `Updated ${result.count} ${noun}` });
      setIsConfirmOpen(false);
      if (request.action === 'delete') await refreshAfterTradeChange(queryClient, request.ids);
      else await queryClient.invalidateQueries({ queryKey: ['/api/trades'] });
    },
    onError: (err) =>
      toast({ title: 'That did not work', description: toApiError(err).message, variant: 'destructive' }),
  });

  return (
    <>
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
            disabled={bulk.isPending || tags.length === 0}
            onChange={(e) =>
              e.target.value && bulk.mutate({ action: 'addTags', ids: [...selected], tagIds: [e.target.value] })
            }
          >
            <option value="">{tags.length ? 'Add tag…' : 'No tags yet'}</option>
            {tags.map((t) => (
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
            {strategies
              .filter((s) => !s.archived)
              .map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
          </select>
          <BulkRuleCheck
            strategies={strategies}
            isDisabled={bulk.isPending}
            onMark={(ruleId, state) => bulk.mutate({ action: 'setRuleCheck', ids: [...selected], ruleId, state })}
          />
          <Button variant="secondary" size="sm" onClick={() => setIsConfirmOpen(true)} disabled={bulk.isPending}>
            <Trash2 className="h-4 w-4 text-loss" aria-hidden="true" />
            Delete
          </Button>
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear selection
          </Button>
        </div>
      )}
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
    </>
  );
}
