import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { AccountJson } from '../../../contracts/trades';

import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { api, toApiError } from '../../lib/api';
import { toast } from '../../lib/use-toast';
import { SELECT_CLASS } from './dialog-frame';

/** One fill as typed: decimals as text, the time in the browser's zone. */
type FillRow = {
  key: number;
  side: 'buy' | 'sell';
  quantity: string;
  price: string;
  at: string;
  commission: string;
  fees: string;
};

const CELL =
  'h-10 w-full min-w-0 rounded-lg border bg-elevated px-2 text-sm text-fg focus:outline-none focus-visible:ring-2 focus-visible:ring-ring';

let nextKey = 1;
const newRow = (side: 'buy' | 'sell', at = ''): FillRow => ({
  key: nextKey++,
  side,
  quantity: '',
  price: '',
  at,
  commission: '',
  fees: '',
});

/** A `datetime-local` value (the browser's zone) as ISO-8601 UTC, or the text as typed when unreadable. */
function toIso(local: string): string {
  const date = new Date(local);
  return local && !Number.isNaN(date.getTime()) ? date.toISOString() : local;
}

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/**
 * The execution grid: every fill of a complex trade (scale-ins, partial exits, a flip) on one
 * instrument, sent to POST /api/executions, which groups them into trades exactly as an import
 * would. Server errors name the cell (`executions.2.price`), shown on that cell.
 */
export function ExecutionGridForm({
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
  const [accountId, setAccountId] = useState(defaultAccountId ?? accounts[0]?.id ?? '');
  const [symbol, setSymbol] = useState('');
  const [rows, setRows] = useState<FillRow[]>(() => [newRow('buy'), newRow('sell')]);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const update = (key: number, patch: Partial<FillRow>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const mutation = useMutation({
    mutationFn: async () => {
      return api('POST /api/executions', {
        body: {
          accountId,
          executions: rows.map((row) => ({
            executedAt: toIso(row.at),
            symbol: symbol.trim().toUpperCase(),
            side: row.side,
            quantity: row.quantity.trim(),
            price: row.price.trim(),
            commission: optional(row.commission),
            fees: optional(row.fees),
          })),
        },
      });
    },
    onSuccess: async (result) => {
      const trades = result.trades.length;
      toast({
        title: `${result.inserted} ${result.inserted === 1 ? 'fill' : 'fills'} added`,
        description: `${trades} ${trades === 1 ? 'trade' : 'trades'} rebuilt${result.skipped ? `, ${result.skipped} duplicates skipped` : ''}.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['/api/trades'] });
      onDone();
    },
    onError: (err) => {
      const apiError = toApiError(err);
      setFields(apiError.fields ?? {});
      setError(apiError.message);
    },
  });

  if (accounts.length === 0)
    return (
      <p className="text-sm text-muted">
        Add an account first (Settings → Accounts), or use the simple form, which creates one.
      </p>
    );

  const cellError = (index: number, field: string) => fields[`executions.${index}.${field}`];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    setError(null);
    mutation.mutate();
  };

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-[repeat(2,minmax(0,1fr))]">
        <div className="grid gap-1.5">
          <label htmlFor={`${formId}-account`} className="text-sm font-medium text-fg">
            Account
          </label>
          <select
            id={`${formId}-account`}
            className={SELECT_CLASS}
            value={accountId}
            onChange={(e) => setAccountId(e.target.value)}
          >
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Symbol"
          value={symbol}
          onChange={(e) => setSymbol(e.target.value)}
          error={cellError(0, 'symbol')}
          autoCapitalize="characters"
          required
        />
      </div>
      <div className="overflow-x-auto rounded-lg border border-line" tabIndex={0} aria-label="Fills">
        <table className="w-full min-w-[712px] table-fixed text-left text-sm">
          <caption className="sr-only">Fills of this trade, one per row</caption>
          <colgroup>
            <col className="w-[88px]" />
            <col className="w-[96px]" />
            <col className="w-[104px]" />
            <col className="w-[212px]" />
            <col className="w-[92px]" />
            <col className="w-[76px]" />
            <col className="w-[44px]" />
          </colgroup>
          <thead className="bg-sunken text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-2 py-2">
                Side
              </th>
              <th scope="col" className="px-2 py-2">
                Quantity
              </th>
              <th scope="col" className="px-2 py-2">
                Price
              </th>
              <th scope="col" className="px-2 py-2">
                Time
              </th>
              <th scope="col" className="px-2 py-2">
                Commission
              </th>
              <th scope="col" className="px-2 py-2">
                Fees
              </th>
              <th scope="col" className="px-2 py-2">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const n = index + 1;
              const input = (field: 'quantity' | 'price' | 'commission' | 'fees', label: string) => (
                <td className="px-2 py-1.5">
                  <input
                    aria-label={`${label}, fill ${n}`}
                    inputMode="decimal"
                    aria-invalid={cellError(index, field) ? true : undefined}
                    title={cellError(index, field)}
                    className={`${CELL} ${cellError(index, field) ? 'border-loss' : 'border-line'}`}
                    value={row[field]}
                    onChange={(e) => update(row.key, { [field]: e.target.value })}
                  />
                </td>
              );
              return (
                <tr key={row.key} className="border-t border-line">
                  <td className="px-2 py-1.5">
                    <select
                      aria-label={`Side, fill ${n}`}
                      className={`${CELL} border-line`}
                      value={row.side}
                      onChange={(e) => update(row.key, { side: e.target.value === 'sell' ? 'sell' : 'buy' })}
                    >
                      <option value="buy">Buy</option>
                      <option value="sell">Sell</option>
                    </select>
                  </td>
                  {input('quantity', 'Quantity')}
                  {input('price', 'Price')}
                  <td className="px-2 py-1.5">
                    <input
                      type="datetime-local"
                      step="1"
                      aria-label={`Time, fill ${n}`}
                      aria-invalid={cellError(index, 'executedAt') ? true : undefined}
                      className={`${CELL} ${cellError(index, 'executedAt') ? 'border-loss' : 'border-line'}`}
                      value={row.at}
                      onChange={(e) => update(row.key, { at: e.target.value })}
                    />
                  </td>
                  {input('commission', 'Commission')}
                  {input('fees', 'Fees')}
                  <td className="px-2 py-1.5">
                    <button
                      type="button"
                      aria-label={`Remove fill ${n}`}
                      disabled={rows.length === 1}
                      onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                      className="grid h-10 w-10 place-items-center rounded-lg text-muted hover:text-loss disabled:opacity-40"
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div>
        <Button
          variant="secondary"
          onClick={() => setRows((all) => [...all, newRow(all.at(-1)?.side ?? 'buy', all.at(-1)?.at ?? '')])}
        >
          <Plus className="h-4 w-4" aria-hidden /> Add fill
        </Button>
      </div>
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
          {mutation.isPending ? 'Saving…' : 'Add fills'}
        </Button>
      </div>
    </form>
  );
}
