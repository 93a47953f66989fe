import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Coins } from 'lucide-react';

import { Card } from '../../components/ui/card';
import { api, toApiError } from '../../lib/api';
import { AUTH_QUERY_KEY, type CurrentUser } from '../../lib/use-auth';
import { toast } from '../../lib/use-toast';

/**
 * Settings → Dividends and rewards: whether a trade's income (dividends paid while it was open,
 * staking rewards) counts in its net P&L, and so in analytics. Off by default: the income is shown
 * beside the trade only.
 */
export function IncomeCard({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (isIncomeInNetPnl: boolean) => api('PATCH /api/auth/user', { body: { isIncomeInNetPnl } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(AUTH_QUERY_KEY, saved);
      // Net P&L changed on every trade with income: every view reads it again.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== AUTH_QUERY_KEY[0] });
      toast({ title: saved.isIncomeInNetPnl ? 'Income counted in net P&L' : 'Income kept out of net P&L' });
    },
    onError: (err) => toast({ title: 'Not saved', description: toApiError(err).message, variant: 'destructive' }),
  });
  const isOn = save.isPending && save.variables !== undefined ? save.variables : user.isIncomeInNetPnl;
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-fg">
        <Coins className="h-5 w-5 text-accent" aria-hidden="true" />
        Dividends and rewards
      </h2>
      <div className="mt-3 flex items-start justify-between gap-4">
        <p id="income-setting-help" className="text-sm text-muted">
          Dividends paid on a position while it was open, and staking rewards, are income: they are listed on the trade
          beside its P&amp;L. Off (the default), they are not part of its net P&amp;L; on, they are added to it, and so
          to your analytics and reports.
        </p>
        <button
          type="button"
          role="switch"
          aria-checked={isOn}
          aria-label="Count income in net P&L"
          aria-describedby="income-setting-help"
          disabled={save.isPending}
          onClick={() => save.mutate(!isOn)}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-line transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-60 ${
            isOn ? 'bg-accent' : 'bg-sunken'
          }`}
        >
          <span
            aria-hidden="true"
            className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${
              isOn ? 'translate-x-5' : 'translate-x-0.5'
            }`}
          />
        </button>
      </div>
      <p className="mt-2 text-sm font-medium text-fg" aria-live="polite">
        {isOn ? 'Income is counted in net P&L.' : 'Income is not counted in net P&L.'}
      </p>
    </Card>
  );
}
