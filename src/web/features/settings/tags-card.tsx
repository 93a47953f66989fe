import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GitMerge, Pencil, Tags, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { TagJson } from '../../../contracts/trades';

import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { api, apiQuery, toApiError } from '../../lib/api';
import { toast } from '../../lib/use-toast';
import { DialogFrame, SELECT_CLASS } from '../trades/dialog-frame';
import { ConfirmDialog } from './confirm-dialog';

const USAGE_KEY = ['/api/tags', 'usage'] as const;
const SUGGESTED_GROUPS = ['setup', 'mistake', 'emotion', 'market'];

const countLabel = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'trade' : 'trades'}`;

function useRefreshTags() {
  const queryClient = useQueryClient();
  // Trades show their tags, so they refresh too.
  return () =>
    Promise.all(['/api/tags', '/api/trades'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

type TagForm = { name: string; color: string; group: string };
type TagErrors = Partial<Record<keyof TagForm, string>> & { general?: string };

function EditTagDialog({ tag, onClose }: { tag: TagJson; onClose: () => void }) {
  const ids = useId();
  const refresh = useRefreshTags();
  const [form, setForm] = useState<TagForm>({ name: tag.name, color: tag.color, group: tag.group ?? '' });
  const [errors, setErrors] = useState<TagErrors>({});
  const save = useMutation({
    mutationFn: async (body: TagForm) => {
      return api('PATCH /api/tags/:id', {
        params: { id: tag.id },
        body: { name: body.name, color: body.color, group: body.group.trim() === '' ? null : body.group.trim() },
      });
    },
    onSuccess: async (saved) => {
      await refresh();
      toast({ title: 'Tag saved', description: saved.name });
      onClose();
    },
    onError: (err) => {
      const apiError = toApiError(err);
      const fields = apiError.fields as TagErrors;
      setErrors(Object.keys(fields).length > 0 ? fields : { general: apiError.message });
    },
  });
  const update = (field: keyof TagForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setErrors((prev) => ({ ...prev, [field]: undefined, general: undefined }));
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (form.name.trim() === '') {
      setErrors({ name: 'Name is required' });
      return;
    }
    save.mutate(form);
  };
  return (
    <DialogFrame open onOpenChange={(open) => !open && onClose()} title={`Edit tag ${tag.name}`} testId="tag-dialog">
      <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Edit tag">
        {errors.general && (
          <p role="alert" className="rounded-lg border border-loss/40 bg-loss/10 px-3 py-2 text-sm text-loss">
            {errors.general}
          </p>
        )}
        <TextField label="Name" name="name" value={form.name} onChange={update('name')} error={errors.name} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <label htmlFor={`${ids}-color`} className="text-sm font-medium text-fg">
              Colour
            </label>
            <input
              id={`${ids}-color`}
              name="color"
              type="color"
              value={form.color}
              onChange={update('color')}
              className="h-10 w-full cursor-pointer rounded-lg border border-line bg-elevated p-1"
            />
            {errors.color && (
              <p role="alert" className="text-sm text-loss">
                {errors.color}
              </p>
            )}
          </div>
          <TextField
            label="Group"
            name="group"
            list={`${ids}-groups`}
            value={form.group}
            onChange={update('group')}
            error={errors.group}
            hint="Such as setup or mistake; leave empty for none."
          />
          <datalist id={`${ids}-groups`}>
            {SUGGESTED_GROUPS.map((g) => (
              <option key={g} value={g} />
            ))}
          </datalist>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save tag'}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}

function MergeTagDialog({
  tag,
  tags,
  usage,
  onClose,
}: {
  tag: TagJson;
  tags: readonly TagJson[];
  usage: Record<string, number>;
  onClose: () => void;
}) {
  const ids = useId();
  const refresh = useRefreshTags();
  const others = tags.filter((t) => t.id !== tag.id);
  const [intoTagId, setIntoTagId] = useState(others[0]?.id ?? '');
  const into = others.find((t) => t.id === intoTagId);
  const merge = useMutation({
    mutationFn: async () => {
      return api('POST /api/tags/:id/merge', { params: { id: tag.id }, body: { intoTagId } });
    },
    onSuccess: async (kept) => {
      await refresh();
      toast({ title: 'Tags merged', description: `${tag.name} is now ${kept.name}.` });
      onClose();
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: 'The tags were not merged', description: toApiError(err).message }),
  });
  return (
    <DialogFrame
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Merge ${tag.name} into…`}
      description={`Its ${countLabel(usage[tag.id] ?? 0)} get the chosen tag instead (a trade that has both keeps one), and ${tag.name} is deleted.`}
      testId="merge-tag-dialog"
    >
      {others.length === 0 ? (
        <p className="text-sm text-muted">There is no other tag to merge into.</p>
      ) : (
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            merge.mutate();
          }}
        >
          <div className="grid gap-1.5">
            <label htmlFor={`${ids}-into`} className="text-sm font-medium text-fg">
              Merge into
            </label>
            <select
              id={`${ids}-into`}
              className={SELECT_CLASS}
              value={intoTagId}
              onChange={(e) => setIntoTagId(e.target.value)}
            >
              {others.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                  {t.group ? ` (${t.group})` : ''}
                </option>
              ))}
            </select>
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose} disabled={merge.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={merge.isPending || !into}>
              {merge.isPending ? 'Merging…' : `Merge into ${into?.name ?? '…'}`}
            </Button>
          </div>
        </form>
      )}
    </DialogFrame>
  );
}

function DeleteTagDialog({ tag, count, onClose }: { tag: TagJson; count: number; onClose: () => void }) {
  const refresh = useRefreshTags();
  const remove = useMutation({
    mutationFn: () => api('DELETE /api/tags/:id', { params: { id: tag.id } }),
    onSuccess: async () => {
      await refresh();
      toast({ title: 'Tag deleted', description: tag.name });
      onClose();
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: 'The tag was not deleted', description: toApiError(err).message }),
  });
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${tag.name}?`}
      description={`It comes off ${countLabel(count)}; the trades themselves stay.`}
      confirmLabel="Delete tag"
      pendingLabel="Deleting…"
      isPending={remove.isPending}
      onConfirm={() => remove.mutate()}
      testId="delete-tag-dialog"
    />
  );
}

type Action = { kind: 'edit' | 'merge' | 'delete'; tag: TagJson };

/** Settings → Tags: every tag with its colour, group and trade count; rename, regroup, merge, delete. */
export function TagsCard() {
  const tags = useQuery(apiQuery('GET /api/tags'));
  const usage = useQuery(apiQuery('GET /api/tags/usage', { queryKey: USAGE_KEY }));
  const [action, setAction] = useState<Action | null>(null);
  const list = tags.data?.tags ?? [];
  const counts = usage.data?.usage ?? {};
  const close = () => setAction(null);
  return (
    <Card data-testid="tags-card">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-fg">
        <Tags className="h-5 w-5 text-accent" aria-hidden="true" />
        Tags
      </h2>
      <p className="mt-1 text-sm text-muted">
        Rename, recolour or regroup a tag, or merge duplicates: every trade keeps one copy.
      </p>
      {tags.isPending ? (
        <p role="status" className="mt-4 text-sm text-muted">
          Loading tags…
        </p>
      ) : tags.isError ? (
        <p role="alert" className="mt-4 text-sm text-loss">
          {toApiError(tags.error, 'Your tags could not be loaded.').message}
        </p>
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No tags yet. Add them to trades from the trade page.</p>
      ) : (
        <ul aria-label="Tags" className="mt-2">
          {list.map((tag) => (
            <li
              key={tag.id}
              data-testid="tag-row"
              className="flex flex-wrap items-center gap-3 border-t border-line py-2.5 first:border-t-0"
            >
              <span
                className="h-4 w-4 shrink-0 rounded-full border border-line"
                style={{ backgroundColor: tag.color }}
                aria-hidden="true"
              />
              <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-0.5">
                <span className="truncate text-sm font-semibold text-fg" data-testid="tag-name">
                  {tag.name}
                </span>
                {tag.group && (
                  <span className="rounded-full bg-sunken px-2 py-0.5 text-xs font-medium text-muted">{tag.group}</span>
                )}
                <span className="text-xs text-muted" data-testid="tag-count">
                  {countLabel(counts[tag.id] ?? 0)}
                </span>
              </div>
              <div className="flex gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setAction({ kind: 'edit', tag })}
                  aria-label={`Edit ${tag.name}`}
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setAction({ kind: 'merge', tag })}
                  aria-label={`Merge ${tag.name} into another tag`}
                >
                  <GitMerge className="h-4 w-4" aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setAction({ kind: 'delete', tag })}
                  aria-label={`Delete ${tag.name}`}
                >
                  <Trash2 className="h-4 w-4 text-loss" aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {action?.kind === 'edit' && <EditTagDialog key={action.tag.id} tag={action.tag} onClose={close} />}
      {action?.kind === 'merge' && (
        <MergeTagDialog key={action.tag.id} tag={action.tag} tags={list} usage={counts} onClose={close} />
      )}
      {action?.kind === 'delete' && (
        <DeleteTagDialog key={action.tag.id} tag={action.tag} count={counts[action.tag.id] ?? 0} onClose={close} />
      )}
    </Card>
  );
}
