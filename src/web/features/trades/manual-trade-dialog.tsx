import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { AccountJson } from '../../../contracts/trades';

import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { api, toApiError } from '../../lib/api';
import { toast } from '../../lib/use-toast';
import { PositionSizePanel } from '../sizing/position-size-panel';
import { DialogFrame, SELECT_CLASS } from './dialog-frame';
import { ExecutionGridForm } from './execution-grid-form';

type FormState = {
  accountId: string;
  newAccountName: string;
  symbol: string;
  direction: 'long' | 'short';
  quantity: string;
  entryPrice: string;
  entryAt: string;
  exitPrice: string;
  exitAt: string;
  fees: string;
  stopPrice: string;
  targetPrice: string;
};

const EMPTY: FormState = {
  accountId: '',
  newAccountName: '',
  symbol: '',
  direction: 'long',
  quantity: '',
  entryPrice: '',
  entryAt: '',
  exitPrice: '',
  exitAt: '',
  fees: '',
  stopPrice: '',
  targetPrice: '',
};

/** A `datetime-local` value (the browser's zone) as ISO-8601 UTC; undefined when empty or unreadable. */
function toIso(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** POST /api/trades from the simple form; creates the first account inline when there is none. */
export function ManualTradeDialog({
  open,
  onOpenChange,
  accounts,
  defaultAccountId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accounts: AccountJson[];
  defaultAccountId?: string;
}) {
  const [mode, setMode] = useState<'simple' | 'fills'>('simple');
  const onDone = () => onOpenChange(false);
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title="Add trade"
      description={
        mode === 'simple'
          ? 'Enter a round trip by hand. Leave the exit empty for an open trade.'
          : 'Enter every fill of a complex trade: scale-ins, partial exits, a flip.'
      }
      testId="manual-trade-dialog"
      wide={mode === 'fills'}
    >
      <div
        role="group"
        aria-label="How to enter the trade"
        className="mb-4 inline-flex rounded-lg border border-line p-0.5"
      >
        {(
          [
            ['simple', 'Simple'],
            ['fills', 'Execution grid'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            onClick={() => setMode(value)}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${mode === value ? 'bg-accent text-accent-fg' : 'text-muted hover:text-fg'}`}
          >
            {label}
          </button>
        ))}
      </div>
      {mode === 'simple' ? (
        <ManualTradeForm accounts={accounts} defaultAccountId={defaultAccountId} onDone={onDone} />
      ) : (
        <ExecutionGridForm accounts={accounts} defaultAccountId={defaultAccountId} onDone={onDone} />
      )}
    </DialogFrame>
  );
}

/** Mounted only while the dialog is open, so every opening starts with a fresh form. */
function ManualTradeForm({
  accounts,
  defaultAccountId,
  onDone,
}: {
  accounts: AccountJson[];
  defaultAccountId?: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const [form, setForm] = useState<FormState>(() => ({
    ...EMPTY,
    accountId: defaultAccountId ?? accounts[0]?.id ?? '',
  }));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const hasAccounts = accounts.length > 0;

  const set = (key: keyof FormState) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const mutation = useMutation({
    mutationFn: async () => {
      let accountId = form.accountId;
      if (!hasAccounts) {
        accountId = (await api('POST /api/accounts', { body: { name: form.newAccountName } })).id;
        await queryClient.invalidateQueries({ queryKey: ['/api/accounts'] });
      }
      return api('POST /api/trades', {
        body: {
          accountId,
          symbol: form.symbol.trim().toUpperCase(),
          direction: form.direction,
          quantity: form.quantity.trim(),
          entryPrice: form.entryPrice.trim(),
          entryAt: toIso(form.entryAt) ?? form.entryAt,
          exitPrice: optional(form.exitPrice),
          exitAt: toIso(form.exitAt),
          fees: optional(form.fees),
          stopPrice: optional(form.stopPrice),
          targetPrice: optional(form.targetPrice),
        },
      });
    },
    onSuccess: async (trade) => {
      toast({ title: 'Trade added', description: `${trade.symbol} ${trade.direction}, quantity ${trade.quantity}.` });
      await queryClient.invalidateQueries({ queryKey: ['/api/trades'] });
      onDone();
    },
    onError: (err) => {
      const apiError = toApiError(err);
      const next = { ...apiError.fields };
      if (!hasAccounts && next.name) next.newAccountName = next.name;
      setFields(next);
      setError(apiError.message);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    setError(null);
    mutation.mutate();
  };

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="grid gap-4">
      {hasAccounts ? (
        <div className="grid gap-1.5">
          <label htmlFor={`${formId}-account`} className="text-sm font-medium text-fg">
            Account
          </label>
          <select
            id={`${formId}-account`}
            className={SELECT_CLASS}
            value={form.accountId}
            onChange={(e) => set('accountId')(e.target.value)}
          >
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
          {fields.accountId && <p className="text-sm text-loss">{fields.accountId}</p>}
        </div>
      ) : (
        <TextField
          label="New account name"
          hint="You have no account yet; this creates one."
          value={form.newAccountName}
          onChange={(e) => set('newAccountName')(e.target.value)}
          error={fields.newAccountName}
          required
        />
      )}
      <div className="grid items-start gap-4 sm:grid-cols-[repeat(2,minmax(0,1fr))]">
        <TextField
          label="Symbol"
          value={form.symbol}
          onChange={(e) => set('symbol')(e.target.value)}
          error={fields.symbol}
          autoCapitalize="characters"
          required
        />
        <div className="grid gap-1.5">
          <label htmlFor={`${formId}-direction`} className="text-sm font-medium text-fg">
            Direction
          </label>
          <select
            id={`${formId}-direction`}
            className={SELECT_CLASS}
            value={form.direction}
            onChange={(e) => set('direction')(e.target.value === 'short' ? 'short' : 'long')}
          >
            <option value="long">Long</option>
            <option value="short">Short</option>
          </select>
        </div>
        <TextField
          label="Quantity"
          inputMode="decimal"
          value={form.quantity}
          onChange={(e) => set('quantity')(e.target.value)}
          error={fields.quantity}
          required
        />
        <TextField
          label="Fees"
          inputMode="decimal"
          value={form.fees}
          onChange={(e) => set('fees')(e.target.value)}
          error={fields.fees}
        />
        <TextField
          label="Entry price"
          inputMode="decimal"
          value={form.entryPrice}
          onChange={(e) => set('entryPrice')(e.target.value)}
          error={fields.entryPrice}
          required
        />
        <TextField
          label="Entry time"
          type="datetime-local"
          step="1"
          className="grid-cols-[minmax(0,1fr)] [&_input]:min-w-0"
          value={form.entryAt}
          onChange={(e) => set('entryAt')(e.target.value)}
          error={fields.entryAt}
          required
        />
        <TextField
          label="Exit price (optional)"
          inputMode="decimal"
          value={form.exitPrice}
          onChange={(e) => set('exitPrice')(e.target.value)}
          error={fields.exitPrice}
        />
        <TextField
          label="Exit time (optional)"
          type="datetime-local"
          step="1"
          className="grid-cols-[minmax(0,1fr)] [&_input]:min-w-0"
          value={form.exitAt}
          onChange={(e) => set('exitAt')(e.target.value)}
          error={fields.exitAt}
        />
        <TextField
          label="Stop (optional)"
          inputMode="decimal"
          value={form.stopPrice}
          onChange={(e) => set('stopPrice')(e.target.value)}
          error={fields.stopPrice}
        />
        <TextField
          label="Target (optional)"
          inputMode="decimal"
          value={form.targetPrice}
          onChange={(e) => set('targetPrice')(e.target.value)}
          error={fields.targetPrice}
        />
      </div>
      <PositionSizePanel
        trade={{
          symbol: form.symbol,
          direction: form.direction,
          entry: form.entryPrice,
          stop: form.stopPrice,
          target: form.targetPrice,
        }}
        account={accounts.find((a) => a.id === form.accountId)}
        onUseSize={set('quantity')}
      />
      {error && (
        <p role="alert" className="rounded-lg border border-loss/40 bg-sunken px-3 py-2 text-sm text-loss">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onDone()}>
          Cancel
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : 'Add trade'}
        </Button>
      </div>
    </form>
  );
}
