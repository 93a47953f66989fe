import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GripVertical } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { RuleJson } from '../../../contracts/playbook';
import { RULE_PHASES, type RulePhase } from '../../../core/playbook';
import { Button } from '../../components/ui/button';
import { api, toApiError } from '../../lib/api';
import { toast } from '../../lib/use-toast';
import { SELECT_CLASS } from '../trades/dialog-frame';
import { PHASE_LABELS } from './phase-labels';

/** `ids` with the one at `from` moved to `to`. */
export function toMoved<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = [...items];
  const [moved] = copy.splice(from, 1);
  copy.splice(Math.max(0, Math.min(copy.length, to)), 0, moved!);
  return copy;
}

/**
 * A strategy's rules in order: add, edit (the rule keeps its id and answers; the old text is kept
 * as a revision), remove, and reorder by dragging the handle or from the keyboard (Alt+↑/↓ on a
 * rule, or its Up/Down buttons).
 */
export function RuleList({ strategyId, rules }: { strategyId: string; rules: RuleJson[] }) {
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<RuleJson[] | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ id: string; text: string; phase: RulePhase } | null>(null);
  const [phase, setPhase] = useState<RulePhase>('setup');
  const [text, setText] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const formId = useId();
  const shown = order ?? rules;

  const refresh = async () => {
    setOrder(null);
    await queryClient.invalidateQueries({ queryKey: [`/api/strategies/${strategyId}`] });
    await queryClient.invalidateQueries({ queryKey: ['/api/playbook'] });
  };
  const onError = (err: unknown) =>
    toast({ title: 'Could not save the rule', description: toApiError(err).message, variant: 'destructive' });

  const add = useMutation({
    mutationFn: () => api('POST /api/strategies/:id/rules', { params: { id: strategyId }, body: { phase, text } }),
    onSuccess: async () => {
      setText('');
      await refresh();
    },
    onError,
  });
  const edit = useMutation({
    mutationFn: (rule: { id: string; text: string; phase: RulePhase }) =>
      api('PATCH /api/strategies/:id/rules/:ruleId', {
        params: { id: strategyId, ruleId: rule.id },
        body: { text: rule.text, phase: rule.phase },
      }),
    onSuccess: async () => {
      setEditing(null);
      await refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (ruleId: string) =>
      api('DELETE /api/strategies/:id/rules/:ruleId', { params: { id: strategyId, ruleId } }),
    onSuccess: refresh,
    onError,
  });
  const reorder = useMutation({
    mutationFn: (next: RuleJson[]) =>
      api('PUT /api/strategies/:id/rules', {
        params: { id: strategyId },
        body: { ruleIds: next.map((rule) => rule.id) },
      }),
    // The local order stays on show: a refetch would move the rows under a focused one (and blur it).
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['/api/playbook'] });
    },
    onError: async (err) => {
      onError(err);
      await refresh();
    },
  });

  const move = (from: number, to: number) => {
    if (to < 0 || to >= shown.length || from === to) return;
    const next = toMoved(shown, from, to);
    setOrder(next);
    setAnnouncement(`Moved “${shown[from]!.text}” to position ${to + 1} of ${shown.length}`);
    reorder.mutate(next);
  };

  const onRowKey = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const to = index + (event.key === 'ArrowUp' ? -1 : 1);
    move(index, to);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-rule-index="${to}"]`)?.focus());
  };

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };

  return (
    <div className="grid gap-3">
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {shown.length === 0 && <p className="text-sm text-muted">No rules yet. Write the first one below.</p>}
      <ol className="grid gap-2" aria-label="Rules, in order">
        {shown.map((rule, index) => (
          <li
            key={rule.id}
            data-rule-index={index}
            tabIndex={0}
            aria-label={`${index + 1}. ${PHASE_LABELS[rule.phase]}: ${rule.text}. Alt+Up or Alt+Down moves it.`}
            draggable={editing?.id !== rule.id}
            onDragStart={() => setDragging(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={() => {
              if (dragging !== null) move(dragging, index);
              setDragging(null);
            }}
            onDragEnd={() => setDragging(null)}
            onKeyDown={(event) => onRowKey(event, index)}
            className={`flex flex-wrap items-center gap-2 rounded-lg border border-line bg-elevated px-2 py-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring ${
              dragging === index ? 'opacity-50' : ''
            }`}
          >
            <GripVertical className="h-4 w-4 shrink-0 cursor-grab text-muted" aria-hidden="true" />
            {editing?.id === rule.id ? (
              <form
                className="flex min-w-0 flex-1 flex-wrap gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  edit.mutate(editing);
                }}
              >
                <select
                  aria-label="Phase"
                  className={`${SELECT_CLASS} sm:w-36`}
                  value={editing.phase}
                  onChange={(e) => setEditing({ ...editing, phase: e.target.value as RulePhase })} // options are RULE_PHASES
                >
                  {RULE_PHASES.map((p) => (
                    <option key={p} value={p}>
                      {PHASE_LABELS[p]}
                    </option>
                  ))}
                </select>
                <input
                  aria-label="Rule"
                  className="min-w-0 flex-1 rounded-lg border border-line bg-elevated px-3 py-2 text-sm text-fg"
                  value={editing.text}
                  onChange={(e) => setEditing({ ...editing, text: e.target.value })}
                />
                <Button type="submit" size="sm">
                  Save
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setEditing(null)}>
                  Cancel
                </Button>
              </form>
            ) : (
              <>
                <span className="rounded bg-sunken px-2 py-0.5 text-xs text-muted">{PHASE_LABELS[rule.phase]}</span>
                <span className="min-w-0 flex-1 basis-48 text-sm text-fg">
                  {rule.text}
                  {rule.revisions.length > 0 && (
                    <span className="ml-2 text-xs text-muted" title={rule.revisions.map((r) => r.text).join('\n')}>
                      (edited {rule.revisions.length}×)
                    </span>
                  )}
                </span>
                <span className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Move “${rule.text}” up`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Move “${rule.text}” down`}
                    disabled={index === shown.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setEditing({ id: rule.id, text: rule.text, phase: rule.phase })}
                  >
                    Edit
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => remove.mutate(rule.id)}>
                    Remove
                  </Button>
                </span>
              </>
            )}
          </li>
        ))}
      </ol>
      <form onSubmit={onAdd} className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <label htmlFor={`${formId}-phase`} className="text-sm font-medium text-fg">
            Phase
          </label>
          <select
            id={`${formId}-phase`}
            className={`${SELECT_CLASS} sm:w-40`}
            value={phase}
            onChange={(e) => setPhase(e.target.value as RulePhase)} // options are RULE_PHASES
          >
            {RULE_PHASES.map((p) => (
              <option key={p} value={p}>
                {PHASE_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
          <label htmlFor={`${formId}-text`} className="text-sm font-medium text-fg">
            New rule
          </label>
          <input
            id={`${formId}-text`}
            className="min-w-0 rounded-lg border border-line bg-elevated px-3 py-2 text-sm text-fg"
            placeholder="Only trade with the trend on the hourly"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={text.trim() === '' || add.isPending}>
          Add rule
        </Button>
      </form>
    </div>
  );
}
