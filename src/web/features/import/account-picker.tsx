import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { AccountJson } from '../../../contracts/trades';

import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { api, toApiError } from '../../lib/api';
import { toast } from '../../lib/use-toast';
import { listTimeZones } from '../settings/timezones';
import { SELECT_CLASS } from '../trades/dialog-frame';

const DEFAULT_ZONE = 'America/New_York';

/**
 * The account the file goes into, with a small inline form for a new one — open from the start
 * when the user has no account yet.
 */
export function AccountPicker({
  accounts,
  isLoading,
  value,
  onChange,
  suggestedBroker,
}: {
  accounts: readonly AccountJson[];
  isLoading: boolean;
  value: string;
  onChange: (accountId: string) => void;
  /** The detected broker, offered as the new account's broker. */
  suggestedBroker: string | null;
}) {
  const [isCreating, setIsCreating] = useState(false);
  const hasNone = !isLoading && accounts.length === 0;
  const isFormOpen = isCreating || hasNone;

  return (
    <div className="grid gap-1.5">
      {!hasNone && (
        <>
          <label htmlFor="import-account" className="text-sm font-medium text-fg">
            Account
          </label>
          <div className="flex gap-2">
            <select
              id="import-account"
              className={SELECT_CLASS}
              value={value}
              onChange={(e) => onChange(e.target.value)}
              disabled={isLoading}
            >
              {isLoading && <option value="">Loading accounts…</option>}
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                  {a.broker ? ` · ${a.broker}` : ''}
                </option>
              ))}
            </select>
            {!isCreating && (
              <Button variant="secondary" onClick={() => setIsCreating(true)} className="shrink-0">
                <Plus className="h-4 w-4" aria-hidden="true" />
                New account
              </Button>
            )}
          </div>
        </>
      )}
      {isFormOpen && (
        <NewAccountForm
          suggestedBroker={suggestedBroker}
          isFirst={hasNone}
          onCancel={hasNone ? undefined : () => setIsCreating(false)}
          onCreated={(account) => {
            setIsCreating(false);
            onChange(account.id);
          }}
        />
      )}
    </div>
  );
}

function NewAccountForm({
  suggestedBroker,
  isFirst,
  onCancel,
  onCreated,
}: {
  suggestedBroker: string | null;
  isFirst: boolean;
  onCancel?: () => void;
  onCreated: (account: AccountJson) => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState('USD');
  const [timezone, setTimezone] = useState(DEFAULT_ZONE);
  const [timeZones] = useState(() => listTimeZones(DEFAULT_ZONE));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const create = useMutation({
    mutationFn: async () => {
      return api('POST /api/accounts', {
        body: {
          name: name.trim(),
          broker: suggestedBroker,
          currency: currency.trim().toUpperCase(),
          startingBalance: '0',
          timezone,
        },
      });
    },
    onSuccess: async (account) => {
      // The new account is in the list before the select shows it as chosen.
      queryClient.setQueryData<{ accounts: AccountJson[] }>(['/api/accounts'], (prev) => ({
        accounts: [...(prev?.accounts ?? []), account],
      }));
      await queryClient.invalidateQueries({ queryKey: ['/api/accounts'] });
      toast({ title: 'Account created', description: account.name });
      onCreated(account);
    },
    onError: (err) => {
      const apiError = toApiError(err);
      setErrors(Object.keys(apiError.fields).length > 0 ? apiError.fields : { general: apiError.message });
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') return setErrors({ name: 'Name is required' });
    create.mutate();
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="New account"
      data-testid="new-account-form"
      className="mt-1 grid gap-3 rounded-xl border border-line bg-sunken/60 p-4"
    >
      <p className="text-sm font-semibold text-fg">
        {isFirst ? 'First, name the account these trades belong to' : 'New account'}
      </p>
      {errors.general && (
        <p role="alert" className="text-sm text-loss">
          {errors.general}
        </p>
      )}
      <TextField
        label="Account name"
        name="name"
        placeholder="e.g. Webull margin"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setErrors({});
        }}
        error={errors.name}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Currency"
          name="currency"
          maxLength={5}
          autoCapitalize="characters"
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
          error={errors.currency}
        />
        <div className="grid gap-1.5">
          <label htmlFor="new-account-tz" className="text-sm font-medium text-fg">
            Timezone of its files
          </label>
          <select
            id="new-account-tz"
            className={SELECT_CLASS}
            value={timezone}
            onChange={(e) => setTimezone(e.target.value)}
          >
            {timeZones.map((tz) => (
              <option key={tz} value={tz}>
                {tz.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create account'}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
