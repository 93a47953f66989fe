import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Landmark, Pencil, Plus, Scale, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { useId, useState, type FormEvent } from 'react';
import type { AccountJson } from '../../../contracts/trades';
import { SUPPORTED_BROKERS } from '../../../core/site/brokers';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { api, apiQuery, toApiError } from '../../lib/api';
import { toast } from '../../lib/use-toast';
import { DialogFrame, SELECT_CLASS } from '../trades/dialog-frame';
import { ConfirmDialog } from './confirm-dialog';
import { COMMON_CURRENCIES, listTimeZones } from './timezones';

const ACCOUNTS_KEY = ['/api/accounts'] as const;

type AccountForm = { name: string; broker: string; currency: string; startingBalance: string; timezone: string };
type FormErrors = Partial<Record<keyof AccountForm, string>> & { general?: string };

const toForm = (account: AccountJson | null): AccountForm => ({
  name: account?.name ?? '',
  broker: account?.broker ?? '',
  currency: account?.currency ?? 'USD',
  startingBalance: account?.startingBalance ?? '0',
  timezone: account?.timezone ?? 'America/New_York',
});

/** "$25,000.50" from "25000.5" without going through a float for the digits that matter. */
function formatBalance(amount: string, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(amount));
  } catch {
    return `${amount} ${currency}`;
  }
}

function AccountDialog({
  account,
  open,
  onOpenChange,
}: {
  /** null creates a new account. */
  account: AccountJson | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [form, setForm] = useState<AccountForm>(() => toForm(account));
  const [errors, setErrors] = useState<FormErrors>({});
  const [timeZones] = useState(() => listTimeZones(form.timezone));

  const save = useMutation({
    mutationFn: async (body: AccountForm) => {
      const payload = { ...body, broker: body.broker.trim() === '' ? null : body.broker.trim() };
      return account
        ? api('PATCH /api/accounts/:id', { params: { id: account.id }, body: payload })
        : api('POST /api/accounts', { body: payload });
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY });
      toast({ title: account ? 'Account updated' : 'Account created', description: saved.name });
      onOpenChange(false);
    },
    onError: (err) => {
      const apiError = toApiError(err);
      const fields = apiError.fields as FormErrors;
      setErrors(Object.keys(fields).length > 0 ? fields : { general: apiError.message });
    },
  });

  const update = (field: keyof AccountForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setErrors((prev) => ({ ...prev, [field]: undefined, general: undefined }));
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (form.name.trim() === '') {
      setErrors({ name: 'Name is required' });
      return;
    }
    save.mutate({ ...form, currency: form.currency.trim().toUpperCase() });
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={account ? `Edit ${account.name}` : 'New account'}
      description="A brokerage account your trades belong to."
      testId="account-dialog"
    >
      <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={account ? 'Edit account' : 'New account'}>
        {errors.general && (
          <p role="alert" className="rounded-lg border border-loss/40 bg-loss/10 px-3 py-2 text-sm text-loss">
            {errors.general}
          </p>
        )}
        <TextField label="Name" name="name" required value={form.name} onChange={update('name')} error={errors.name} />
        <TextField
          label="Broker"
          name="broker"
          list={`${ids}-brokers`}
          value={form.broker}
          onChange={update('broker')}
          error={errors.broker}
          hint="Pick one from the list or type any name."
        />
        <datalist id={`${ids}-brokers`}>
          {SUPPORTED_BROKERS.map((b) => (
            <option key={b.name} value={b.name} />
          ))}
        </datalist>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Currency"
            name="currency"
            list={`${ids}-currencies`}
            value={form.currency}
            onChange={update('currency')}
            error={errors.currency}
            autoCapitalize="characters"
            maxLength={5}
          />
          <datalist id={`${ids}-currencies`}>
            {COMMON_CURRENCIES.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <TextField
            label="Starting balance"
            name="startingBalance"
            inputMode="decimal"
            value={form.startingBalance}
            onChange={update('startingBalance')}
            error={errors.startingBalance}
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${ids}-tz`} className="text-sm font-medium text-fg">
            Timezone of its files
          </label>
          <select
            id={`${ids}-tz`}
            name="timezone"
            className={SELECT_CLASS}
            value={form.timezone}
            onChange={update('timezone')}
            aria-invalid={errors.timezone ? true : undefined}
            aria-describedby={errors.timezone ? `${ids}-tz-error` : undefined}
          >
            {timeZones.map((tz) => (
              <option key={tz} value={tz}>
                {tz.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
          {errors.timezone && (
            <p id={`${ids}-tz-error`} role="alert" className="text-sm text-loss">
              {errors.timezone}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : account ? 'Save account' : 'Create account'}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}

function DeleteAccountDialog({ account, onClose }: { account: AccountJson; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api('DELETE /api/accounts/:id', { params: { id: account.id } }),
    onSuccess: async () => {
      await Promise.all(
        ['/api/accounts', '/api/trades', '/api/sample-data'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      );
      toast({ title: 'Account deleted', description: account.name });
      onClose();
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: 'The account was not deleted', description: toApiError(err).message }),
  });
  // Once the delete is under way the account may be gone: the refresh must not ask for its usage (404).
  const usage = useQuery({
    ...apiQuery('GET /api/accounts/:id/usage', {
      params: { id: account.id },
      queryKey: ['/api/accounts', account.id, 'usage'],
    }),
    staleTime: 0,
    enabled: remove.isIdle || remove.isError,
  });
  const count = usage.data?.tradeCount;
  const what =
    count === undefined
      ? 'all its trades'
      : count === 0
        ? 'no trades (it has none)'
        : `${count.toLocaleString('en-US')} ${count === 1 ? 'trade' : 'trades'}`;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${account.name}?`}
      description={
        <span data-testid="delete-account-summary">
          This deletes the account and {what} with it. This cannot be undone.
        </span>
      }
      confirmLabel="Delete account"
      pendingLabel="Deleting…"
      isPending={remove.isPending}
      isConfirmDisabled={usage.isPending}
      onConfirm={() => remove.mutate()}
      testId="delete-account-dialog"
    />
  );
}

/** Settings → Accounts: list, create, edit and delete brokerage accounts. */
export function AccountsCard() {
  const accounts = useQuery(apiQuery('GET /api/accounts'));
  // The dialog remounts per account (key), so its form starts from that account's values.
  const [editing, setEditing] = useState<{ account: AccountJson | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<AccountJson | null>(null);
  const list = accounts.data?.accounts ?? [];
  return (
    <Card data-testid="accounts-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="flex items-center gap-2 text-lg font-semibold text-fg">
            <Landmark className="h-5 w-5 text-accent" aria-hidden="true" />
            Accounts
          </h2>
          <p className="mt-1 text-sm text-muted">The brokerage accounts your trades are imported into.</p>
        </div>
        <Button size="sm" onClick={() => setEditing({ account: null, key: Date.now() })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          New account
        </Button>
      </div>
      {accounts.isPending ? (
        <p role="status" className="mt-4 text-sm text-muted">
          Loading accounts…
        </p>
      ) : accounts.isError ? (
        <p role="alert" className="mt-4 text-sm text-loss">
          {toApiError(accounts.error, 'Your accounts could not be loaded.').message}
        </p>
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No accounts yet. Create one, or import a broker file.</p>
      ) : (
        <ul aria-label="Accounts" className="mt-2">
          {list.map((a) => (
            <li
              key={a.id}
              data-testid="account-row"
              className="flex flex-wrap items-center gap-3 border-t border-line py-3 first:border-t-0"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-fg">
                  <Link href={`/settings/accounts/${a.id}`} className="underline-offset-2 hover:underline">
                    {a.name}
                  </Link>
                </p>
                <p className="mt-0.5 text-xs text-muted">
                  {[
                    a.broker ?? 'No broker',
                    a.currency,
                    `Starts at ${formatBalance(a.startingBalance, a.currency)}`,
                    a.timezone,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <div className="flex gap-1">
                <Link
                  href={`/settings/accounts/${a.id}`}
                  className={buttonClass('ghost', 'sm')}
                  aria-label={`Reconcile ${a.name}`}
                >
                  <Scale className="h-4 w-4" aria-hidden="true" />
                  <span className="hidden sm:inline">Reconcile</span>
                </Link>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setEditing({ account: a, key: Date.now() })}
                  aria-label={`Edit ${a.name}`}
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                  <span className="hidden sm:inline">Edit</span>
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setDeleting(a)} aria-label={`Delete ${a.name}`}>
                  <Trash2 className="h-4 w-4 text-loss" aria-hidden="true" />
                  <span className="hidden sm:inline">Delete</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <AccountDialog
          key={editing.key}
          account={editing.account}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      {deleting && <DeleteAccountDialog account={deleting} onClose={() => setDeleting(null)} />}
    </Card>
  );
}
