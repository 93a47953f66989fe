import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Scale } from 'lucide-react';

import { ASSET_CLASSES, type AssetClass } from '../../../core/instruments/instrument';
import { TRADE_FIELDS_BY_ID } from '../../../core/query';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { api, toApiError } from '../../lib/api';
import { AUTH_QUERY_KEY, type CurrentUser } from '../../lib/use-auth';
import { toast } from '../../lib/use-toast';

type BandForm = Record<AssetClass, string>;

const toForm = (user: CurrentUser): BandForm =>
  Object.fromEntries(
    ASSET_CLASSES.map((assetClass) => [assetClass, user.breakevenBands[assetClass] ?? '']),
  ) as BandForm; // every class

/** The asset classes' names as the filters show them (the registry's). */
const CLASS_LABELS = new Map(TRADE_FIELDS_BY_ID.get('assetClasses')?.values ?? []);

/**
 * Settings → Breakeven band: per asset class, the net P&L (±, in the trade's currency) within
 * which a closed trade counts as breakeven rather than a win or a loss, in the outcome filters.
 */
export function BreakevenCard({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<BandForm>(() => toForm(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: async (body: BandForm) => {
      const breakevenBands = Object.fromEntries(
        Object.entries(body).flatMap(([assetClass, amount]) =>
          amount.trim() === '' ? [] : [[assetClass, amount.trim()]],
        ),
      );
      return api('PATCH /api/auth/user', { body: { breakevenBands } });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(AUTH_QUERY_KEY, saved);
      setForm(toForm(saved));
      // Outcomes follow the band: every view reads them again.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== AUTH_QUERY_KEY[0] });
      toast({ title: 'Breakeven band saved' });
    },
    onError: (err) => {
      const apiError = toApiError(err);
      const fields = Object.fromEntries(
        Object.entries(apiError.fields).map(([key, message]) => [key.replace(/^breakevenBands\./, ''), message]),
      );
      setErrors(Object.keys(fields).length > 0 ? fields : { general: apiError.message });
    },
  });
  const isChanged = JSON.stringify(form) !== JSON.stringify(toForm(user));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!isChanged || save.isPending) return;
    setErrors({});
    save.mutate(form);
  };
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-fg">
        <Scale className="h-5 w-5 text-accent" aria-hidden="true" />
        Breakeven band
      </h2>
      <p className="mt-1 text-sm text-muted">
        A closed trade whose net P&amp;L is within ± this amount (in the trade’s currency) counts as breakeven, not as a
        win or a loss, in the Outcome, Previous trade’s outcome and Losses in a row filters. Empty is 0: only exactly 0
        is breakeven.
      </p>
      <form className="mt-4 grid gap-4" onSubmit={onSubmit} noValidate aria-label="Breakeven band">
        {errors.general && (
          <p role="alert" className="rounded-lg border border-loss/40 bg-loss/10 px-3 py-2 text-sm text-loss">
            {errors.general}
          </p>
        )}
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {ASSET_CLASSES.map((assetClass) => (
            <TextField
              key={assetClass}
              label={CLASS_LABELS.get(assetClass) ?? assetClass}
              name={`breakeven-${assetClass}`}
              inputMode="decimal"
              placeholder="0"
              value={form[assetClass]}
              onChange={(e) => {
                const value = e.target.value;
                setForm((f) => ({ ...f, [assetClass]: value }));
                setErrors((prev) => ({ ...prev, [assetClass]: '', general: '' }));
              }}
              error={errors[assetClass] || undefined}
            />
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!isChanged || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save band'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
