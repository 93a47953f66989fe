import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useMemo, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { StrategyJson, TagJson, TradeDetailJson } from '../../../contracts/trades';

import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { api, apiQuery, toApiError } from '../../lib/api';
import { useAuth } from '../../lib/use-auth';
import { toast } from '../../lib/use-toast';
import { RuleChecklist } from '../playbook/rule-checklist';
import { useIsPhone } from '../../lib/use-media-query';
import { CryptoFeeNotes, UnconvertedFee } from './crypto-fee-notes';
import { AccountCurrencyPnl } from './account-currency-pnl';
import { DialogFrame, SELECT_CLASS } from './dialog-frame';
import { formatDecimal, formatFillTime, formatMoney, formatR, toSign } from './format';
import { ScreenshotsPanel } from './screenshots-panel';
import { refreshAfterTradeChange, showUndoToast } from './undo-delete';
import { toBrokerSymbols, toSymbolText } from './symbol-text';
import { formatPrice } from '../../../core/instruments/display';

// The Markdown parser and sanitiser load when a note is first previewed, not with the trades page.
const PREVIEW_CLASS = 'min-h-32 rounded-lg border border-line bg-sunken px-3 py-2 text-sm text-fg';
const Markdown = lazy(() => import('../../components/ui/markdown').then((m) => ({ default: m.Markdown })));

type JournalForm = {
  stopPrice: string;
  targetPrice: string;
  initialRisk: string;
  strategyId: string;
  tagIds: string[];
  mistakes: string;
  emotions: string;
  rating: number | null;
  notes: string;
};

function toForm(trade: TradeDetailJson): JournalForm {
  return {
    stopPrice: trade.stopPrice ?? '',
    targetPrice: trade.targetPrice ?? '',
    initialRisk: trade.riskAmount ?? '',
    strategyId: trade.strategyId ?? '',
    tagIds: trade.tags.map((t) => t.id),
    mistakes: trade.mistakes.join(', '),
    emotions: trade.emotions.join(', '),
    rating: trade.rating,
    notes: trade.notes,
  };
}

const toList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

const pnlClass = (value: string) => {
  const sign = toSign(value);
  return sign > 0 ? 'text-gain' : sign < 0 ? 'text-loss' : 'text-fg';
};

function Stat({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="rounded-lg border border-line bg-sunken px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={`text-sm font-semibold tabular-nums ${className ?? 'text-fg'}`}>{value}</dd>
    </div>
  );
}

/** The trade edit modal: executions, P&L, R, and the journal fields, saved with PATCH. */
export function TradeDialog({
  tradeId,
  onClose,
  tags,
  strategies,
}: {
  tradeId: string | null;
  onClose: () => void;
  tags: TagJson[];
  strategies: StrategyJson[];
}) {
  const query = useQuery({
    ...apiQuery('GET /api/trades/:id', { params: { id: tradeId ?? '' }, queryKey: ['/api/trades', tradeId ?? ''] }),
    enabled: tradeId !== null,
  });
  const trade = query.data;
  return (
    <DialogFrame
      open={tradeId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={trade ? `${toSymbolText(trade)} ${trade.direction === 'long' ? 'long' : 'short'}` : 'Trade'}
      description={trade ? <TradeDialogDescription trade={trade} /> : undefined}
      wide
      testId="trade-dialog"
    >
      {query.isPending && <p className="text-sm text-muted">Loading trade…</p>}
      {query.isError && (
        <p role="alert" className="text-sm text-loss">
          {toApiError(query.error, 'This trade could not be loaded.').message}
        </p>
      )}
      {trade && <TradeEditor key={trade.id} trade={trade} tags={tags} strategies={strategies} onClose={onClose} />}
    </DialogFrame>
  );
}

/** When the trade ran, and the symbol its broker's file wrote where that is not the one shown. */
function TradeDialogDescription({ trade }: { trade: TradeDetailJson }) {
  const brokerSymbols = toBrokerSymbols(trade);
  return (
    <>
      {`${formatFillTime(trade.openedAt, trade.openedOn)} → ${trade.closedAt ? formatFillTime(trade.closedAt, trade.closedOn) : 'open'}`}
      {brokerSymbols.length > 0 && (
        <span className="block" data-testid="trade-broker-symbol">
          In your broker&rsquo;s file: <span className="font-mono text-fg">{brokerSymbols.join(', ')}</span>
        </span>
      )}
    </>
  );
}

function TradeEditor({
  trade,
  tags,
  strategies,
  onClose,
}: {
  trade: TradeDetailJson;
  tags: TagJson[];
  strategies: StrategyJson[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const [form, setForm] = useState<JournalForm>(() => toForm(trade));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [isPreview, setIsPreview] = useState(false);
  const [newTag, setNewTag] = useState('');
  const [extraTags, setExtraTags] = useState<TagJson[]>([]);

  const allTags = useMemo(() => {
    const byId = new Map<string, { id: string; name: string; color: string }>();
    for (const t of [...tags, ...extraTags, ...trade.tags]) byId.set(t.id, t);
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [tags, extraTags, trade.tags]);

  const save = useMutation({
    mutationFn: async () => {
      return api('PATCH /api/trades/:id', {
        params: { id: trade.id },
        body: {
          stopPrice: orNull(form.stopPrice),
          targetPrice: orNull(form.targetPrice),
          initialRisk: orNull(form.initialRisk),
          strategyId: form.strategyId || null,
          tags: form.tagIds,
          mistakes: toList(form.mistakes),
          emotions: toList(form.emotions),
          rating: form.rating,
          notes: form.notes,
        },
      });
    },
    onSuccess: async (updated) => {
      queryClient.setQueryData(['/api/trades', updated.id], updated);
      toast({ title: 'Trade saved' });
      setFields({});
      await queryClient.invalidateQueries({ queryKey: ['/api/trades'] });
    },
    onError: (err) => {
      const apiError = toApiError(err);
      setFields(apiError.fields);
      toast({ title: 'Could not save the trade', description: apiError.message, variant: 'destructive' });
    },
  });

  // Picking a strategy saves it at once, so its checklist can be answered (and saved) right away.
  const [strategyOfTrade, setStrategyOfTrade] = useState(trade.strategyId ?? '');
  const saveStrategy = useMutation({
    mutationFn: (strategyId: string | null) =>
      api('PATCH /api/trades/:id', { params: { id: trade.id }, body: { strategyId } }),
    onSuccess: async (updated) => {
      setStrategyOfTrade(updated.strategyId ?? '');
      queryClient.setQueryData(['/api/trades', updated.id], updated);
      await queryClient.invalidateQueries({ queryKey: ['/api/trades'] });
    },
    onError: (err) =>
      toast({ title: 'Could not save the strategy', description: toApiError(err).message, variant: 'destructive' }),
  });

  const remove = useMutation({
    mutationFn: () => api('DELETE /api/trades/:id', { params: { id: trade.id } }),
    onSuccess: async ({ undoToken }) => {
      onClose();
      showUndoToast({ title: `Deleted the ${trade.symbol} trade`, undoToken, queryClient });
      await refreshAfterTradeChange(queryClient, [trade.id]);
    },
    onError: (err) =>
      toast({ title: 'Could not delete the trade', description: toApiError(err).message, variant: 'destructive' }),
  });

  const createTag = useMutation({
    mutationFn: async (name: string) => {
      return api('POST /api/tags', { body: { name } });
    },
    onSuccess: async (tag) => {
      setExtraTags((list) => [...list, tag]);
      setForm((f) => ({ ...f, tagIds: f.tagIds.includes(tag.id) ? f.tagIds : [...f.tagIds, tag.id] }));
      setNewTag('');
      await queryClient.invalidateQueries({ queryKey: ['/api/tags'] });
    },
    onError: (err) =>
      toast({ title: 'Could not add the tag', description: toApiError(err).message, variant: 'destructive' }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save.mutate();
    }
  };
  const toggleTag = (tagId: string) =>
    setForm((f) => ({
      ...f,
      tagIds: f.tagIds.includes(tagId) ? f.tagIds.filter((t) => t !== tagId) : [...f.tagIds, tagId],
    }));
  const addTag = () => {
    const name = newTag.trim();
    if (!name) return;
    const existing = allTags.find((t) => t.name.toLowerCase() === name.toLowerCase());
    if (existing) {
      if (!form.tagIds.includes(existing.id)) toggleTag(existing.id);
      setNewTag('');
    } else createTag.mutate(name);
  };
  const money = (value: string) => formatMoney(value, trade.currency);
  const isPhone = useIsPhone();
  const isIncomeInNetPnl = useAuth().user?.isIncomeInNetPnl ?? false;

  return (
    <form
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      className="grid grid-cols-[minmax(0,1fr)] gap-6"
      aria-label="Edit trade"
    >
      <section aria-labelledby={`${id}-pnl`}>
        <h3 id={`${id}-pnl`} className="mb-2 text-sm font-semibold text-fg">
          P&amp;L
        </h3>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Stat
            label="Gross"
            value={formatMoney(trade.grossPnl, trade.currency, { isSigned: true })}
            className={pnlClass(trade.grossPnl)}
          />
          <Stat label="Commission" value={money(trade.commission)} />
          <Stat label="Fees" value={money(trade.fees)} />
          <Stat
            label="Net"
            value={formatMoney(trade.netPnl, trade.currency, { isSigned: true })}
            className={pnlClass(trade.netPnl)}
          />
          <Stat label="R-multiple" value={formatR(trade.rMultiple)} />
          <Stat label="Initial risk" value={trade.initialRisk === null ? '—' : money(trade.initialRisk)} />
          <Stat label="Avg entry" value={formatPrice(trade.avgEntryPrice, trade, 'average')} />
          <Stat
            label="Avg exit"
            value={trade.avgExitPrice === null ? '—' : formatPrice(trade.avgExitPrice, trade, 'average')}
          />
        </dl>
        {trade.income !== undefined && (
          <p className="mt-2 text-sm text-fg">
            Income (dividends, rewards): {formatMoney(trade.income, trade.currency, { isSigned: true })},{' '}
            {isIncomeInNetPnl ? 'included in net P&L' : 'not in net P&L'}{' '}
            <span className="text-fg-muted">(Settings → Dividends and rewards)</span>
          </p>
        )}
        <CryptoFeeNotes trade={trade} />
        <AccountCurrencyPnl trade={trade} />
      </section>

      <section aria-labelledby={`${id}-executions`}>
        <h3 id={`${id}-executions`} className="mb-2 text-sm font-semibold text-fg">
          Executions ({trade.executions.length})
        </h3>
        {isPhone ? (
          <ExecutionCards trade={trade} labelledBy={`${id}-executions`} />
        ) : (
          <ExecutionTable trade={trade} labelledBy={`${id}-executions`} />
        )}
      </section>

      {trade.events.length > 0 && (
        <section aria-labelledby={`${id}-events`}>
          <h3 id={`${id}-events`} className="mb-2 text-sm font-semibold text-fg">
            Position events ({trade.events.length})
          </h3>
          <ol aria-labelledby={`${id}-events`} className="space-y-1 text-sm text-fg">
            {trade.events.map((event, index) => (
              <li key={`${event.id}-${index}`}>
                <div className="flex flex-wrap gap-x-2">
                  <span className="tabular-nums text-fg-muted">{event.at.slice(0, 10)}</span>
                  <span>{describeEvent(event, isIncomeInNetPnl)}</span>
                  {event.sourceRow !== null && <span className="text-fg-muted">(file row {event.sourceRow})</span>}
                </div>
                {event.isCostBasisMissing && <CostBasisPrompt trade={trade} event={event} />}
              </li>
            ))}
          </ol>
        </section>
      )}

      <section className="grid items-start gap-4 sm:grid-cols-3" aria-label="Risk">
        <TextField
          label="Stop"
          inputMode="decimal"
          value={form.stopPrice}
          onChange={(e) => setForm((f) => ({ ...f, stopPrice: e.target.value }))}
          error={fields.stopPrice}
        />
        <TextField
          label="Target"
          inputMode="decimal"
          value={form.targetPrice}
          onChange={(e) => setForm((f) => ({ ...f, targetPrice: e.target.value }))}
          error={fields.targetPrice}
        />
        <TextField
          label="Risk ($)"
          inputMode="decimal"
          hint="Overrides the risk from the stop."
          value={form.initialRisk}
          onChange={(e) => setForm((f) => ({ ...f, initialRisk: e.target.value }))}
          error={fields.initialRisk}
        />
      </section>

      <div className="grid gap-1.5">
        <label htmlFor={`${id}-strategy`} className="text-sm font-medium text-fg">
          Strategy
        </label>
        <select
          id={`${id}-strategy`}
          className={SELECT_CLASS}
          value={form.strategyId}
          onChange={(e) => {
            const strategyId = e.target.value;
            setForm((f) => ({ ...f, strategyId }));
            saveStrategy.mutate(strategyId || null);
          }}
        >
          <option value="">No strategy</option>
          {/* An archived strategy is hidden from the picker, unless it is this trade's. */}
          {strategies
            .filter((s) => !s.archived || s.id === form.strategyId)
            .map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
        </select>
      </div>
      {form.strategyId !== '' && strategyOfTrade === form.strategyId && (
        <RuleChecklist key={form.strategyId} trade={trade} strategyId={form.strategyId} />
      )}

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-fg">Tags</legend>
        <div className="flex flex-wrap gap-2">
          {allTags.length === 0 && <p className="text-sm text-muted">No tags yet.</p>}
          {allTags.map((t) => {
            const isOn = form.tagIds.includes(t.id);
            return (
              <button
                key={t.id}
                type="button"
                aria-pressed={isOn}
                onClick={() => toggleTag(t.id)}
                className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${isOn ? 'border-accent bg-accent-soft text-fg' : 'border-line bg-elevated text-muted hover:text-fg'}`}
              >
                <span className="h-2 w-2 rounded-full" style={{ backgroundColor: t.color }} aria-hidden="true" />
                {t.name}
              </button>
            );
          })}
        </div>
        <div className="flex items-end gap-2">
          <TextField
            className="flex-1"
            label="New tag"
            value={newTag}
            onChange={(e) => setNewTag(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
                e.preventDefault();
                addTag();
              }
            }}
          />
          <Button variant="secondary" onClick={addTag} disabled={createTag.isPending || newTag.trim() === ''}>
            Add tag
          </Button>
        </div>
      </fieldset>

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          label="Mistakes"
          hint="Separate with commas."
          value={form.mistakes}
          onChange={(e) => setForm((f) => ({ ...f, mistakes: e.target.value }))}
          error={fields.mistakes}
        />
        <TextField
          label="Emotions"
          hint="Separate with commas."
          value={form.emotions}
          onChange={(e) => setForm((f) => ({ ...f, emotions: e.target.value }))}
          error={fields.emotions}
        />
      </div>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-fg">Rating</legend>
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Rating">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className={`flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg border text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring ${form.rating === n ? 'border-accent bg-accent text-accent-fg' : 'border-line bg-elevated text-fg hover:bg-sunken'}`}
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={form.rating === n}
                onChange={() => setForm((f) => ({ ...f, rating: n }))}
                className="sr-only"
                aria-label={`${n} of 5`}
              />
              {n}
            </label>
          ))}
          {form.rating !== null && (
            <Button variant="ghost" size="sm" onClick={() => setForm((f) => ({ ...f, rating: null }))}>
              Clear
            </Button>
          )}
        </div>
      </fieldset>

      <div className="grid gap-1.5">
        <div className="flex items-center justify-between">
          <label htmlFor={`${id}-notes`} className="text-sm font-medium text-fg">
            Notes
          </label>
          <div className="flex gap-1 text-xs">
            <Button
              variant={isPreview ? 'ghost' : 'secondary'}
              size="sm"
              onClick={() => setIsPreview(false)}
              aria-pressed={!isPreview}
            >
              Write
            </Button>
            <Button
              variant={isPreview ? 'secondary' : 'ghost'}
              size="sm"
              onClick={() => setIsPreview(true)}
              aria-pressed={isPreview}
            >
              Preview
            </Button>
          </div>
        </div>
        {isPreview ? (
          <Suspense fallback={<div className={PREVIEW_CLASS} aria-busy="true" />}>
            <Markdown
              data-testid="notes-preview"
              source={form.notes}
              empty="Nothing to preview."
              className={PREVIEW_CLASS}
            />
          </Suspense>
        ) : (
          <textarea
            id={`${id}-notes`}
            value={form.notes}
            onChange={(e) => setForm((f) => ({ ...f, notes: e.target.value }))}
            className="block min-h-32 w-full rounded-lg border border-line bg-elevated px-3 py-2 font-mono text-sm text-fg focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            placeholder="Markdown: **bold**, *italic*, `code`, - lists, - [ ] tasks, | tables |, [links](https://…)"
          />
        )}
        {fields.notes && <p className="text-sm text-loss">{fields.notes}</p>}
      </div>

      <ScreenshotsPanel tradeId={trade.id} />

      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button
          variant="secondary"
          className="mr-auto text-loss"
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
          data-testid="trade-delete"
        >
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </Button>
        <span className="hidden text-xs text-muted sm:inline">Ctrl/⌘ + Enter saves · Esc closes</span>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

type ExecutionsProps = { trade: TradeDetailJson; labelledBy: string };
type Execution = TradeDetailJson['executions'][number];

/** An execution's fields, as the table's columns and the phone's cards show them (every one on both). */
const EXECUTION_FIELDS: {
  label: string;
  /** The table's shorter heading, when it has one. */
  heading?: string;
  isNumber?: boolean;
  /** Two of a card's three columns (the time, the longest). */
  isWide?: boolean;
  render: (execution: Execution, trade: TradeDetailJson) => ReactNode;
}[] = [
  { label: 'Time', isWide: true, render: (e) => formatFillTime(e.executedAt, e.executedOn) },
  {
    label: 'Side',
    render: (e) => (
      <span className="capitalize">
        {e.side} <span className="text-muted">({e.role})</span>
      </span>
    ),
  },
  { label: 'Quantity', heading: 'Qty', isNumber: true, render: (e) => formatDecimal(e.quantity) },
  { label: 'Price', isNumber: true, render: (e, trade) => formatPrice(e.price, trade) },
  { label: 'Commission', isNumber: true, render: (e, trade) => formatMoney(e.commission, trade.currency) },
  {
    label: 'Fees',
    isNumber: true,
    render: (e, trade) => (
      <>
        {formatMoney(e.fees, trade.currency)}
        <UnconvertedFee execution={e} />
      </>
    ),
  },
];

/** The trade's executions as a table, one column per field (wider screens). */
function ExecutionTable({ trade, labelledBy }: ExecutionsProps) {
  return (
    // Focusable so keyboard users can scroll the table sideways when the dialog is narrow.
    <div
      className="overflow-x-auto rounded-lg border border-line focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
    >
      <table className="w-full min-w-[520px] text-sm">
        <thead className="bg-sunken text-left text-xs text-muted">
          <tr>
            {EXECUTION_FIELDS.map((f) => (
              <th key={f.label} scope="col" className={`px-3 py-2 font-medium ${f.isNumber ? 'text-right' : ''}`}>
                {f.heading ?? f.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {trade.executions.map((e) => (
            <tr key={e.id} className="border-t border-line">
              {EXECUTION_FIELDS.map((f) => (
                <td key={f.label} className={`px-3 py-2 text-fg ${f.isNumber ? 'text-right tabular-nums' : ''}`}>
                  {f.render(e, trade)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The trade's executions as stacked cards on a phone: every field of the table, none cut off. */
function ExecutionCards({ trade, labelledBy }: ExecutionsProps) {
  return (
    <ol className="grid gap-2" aria-labelledby={labelledBy}>
      {trade.executions.map((e) => (
        <li key={e.id} data-testid="execution-card" className="rounded-lg border border-line bg-sunken px-3 py-2.5">
          <dl className="grid grid-cols-3 gap-x-3 gap-y-2 text-sm">
            {EXECUTION_FIELDS.map((f) => (
              <div key={f.label} className={`min-w-0 ${f.isWide ? 'col-span-2' : ''}`}>
                <dt className="text-xs text-muted">{f.label}</dt>
                <dd className="break-words tabular-nums text-fg">{f.render(e, trade)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}

type TradeEvent = TradeDetailJson['events'][number];

/**
 * A transfer in whose file gave no cost basis: its shares count at 0 until the trader gives what
 * they paid per share (asked once: the prompt goes when it is saved). Not a form of its own: it
 * sits inside the journal's form, so Enter saves the cost basis here rather than the journal.
 */
function CostBasisPrompt({ trade, event }: { trade: TradeDetailJson; event: TradeEvent }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const quantity = event.quantityDelta.replace(/^-/, '');
  const save = useMutation({
    mutationFn: () =>
      api('PATCH /api/position-events/:id', { params: { id: event.id }, body: { costBasis: value.trim() } }),
    onSuccess: async () => {
      toast({ title: `Cost basis saved: ${trade.symbol} regrouped with it` });
      await queryClient.invalidateQueries();
    },
    onError: (err) => {
      const apiError = toApiError(err);
      setError(apiError.fields.costBasis ?? apiError.message);
    },
  });
  const submit = () => {
    if (value.trim() === '') return setError('Enter what one share cost');
    setError(undefined);
    save.mutate();
  };
  return (
    <div className="mt-2 grid gap-2 rounded-lg border border-highlight/40 bg-highlight/10 p-3">
      <p className="text-sm text-fg">
        The file gave no cost basis for these {quantity} shares transferred in: they count at 0 (all profit when sold)
        until you give what one share cost.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label={`Cost basis per share (${event.currency})`}
          inputMode="decimal"
          className="w-48"
          value={value}
          error={error}
          onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            e.stopPropagation();
            submit();
          }}
        />
        <Button type="button" variant="secondary" disabled={save.isPending} onClick={submit}>
          {save.isPending ? 'Saving…' : 'Save cost basis'}
        </Button>
      </div>
    </div>
  );
}

/** One position event as the trade's list says it (issue #45). */
function describeEvent(event: TradeEvent, isIncomeInNetPnl: boolean): string {
  const income = isIncomeInNetPnl ? 'income, in net P&L' : 'income, not in net P&L';
  const quantity = event.quantityDelta.replace(/^-/, '');
  switch (event.kind) {
    case 'split':
      return event.ratio && Number(event.ratio) < 1
        ? `Reverse split, ${event.ratio} new per old share`
        : `Split, ${event.ratio ?? '?'} new per old share`;
    case 'symbolChange':
      return `Symbol change ${event.fromSymbol ?? '?'} → ${event.toSymbol ?? '?'}${event.ratio && event.ratio !== '1' ? `, ${event.ratio} new per old` : ''}`;
    case 'reinvestment':
      return `Dividend reinvested: ${quantity} bought${event.price ? ` at ${event.price}` : ''}`;
    case 'dividend':
      return `Dividend ${event.cashAmount ?? ''} ${event.currency} (${income})`;
    case 'distribution':
      return `Stock distribution: ${quantity} received`;
    case 'transfer':
      if (event.quantityDelta.startsWith('-')) return `Transfer out: ${quantity}`;
      return event.price === undefined
        ? `Transfer in: ${quantity}, no cost basis`
        : `Transfer in: ${quantity} at a cost basis of ${event.price}`;
    case 'conversion':
      return `Conversion: ${event.quantityDelta.startsWith('-') ? 'sold' : 'bought'} ${quantity}`;
    case 'reward':
      return `Reward: ${quantity} received at no cost (${income})`;
    case 'cashInLieu':
      return `Cash in lieu ${event.cashAmount ?? ''} ${event.currency} for the fraction`;
    case 'assignment':
      return `Assignment of ${event.fromSymbol ?? 'an option'}: ${quantity} shares`;
    case 'exercise':
      return `Exercise of ${event.fromSymbol ?? 'an option'}: ${quantity} shares`;
  }
}
