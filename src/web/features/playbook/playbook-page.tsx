import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { AppPage, AppPageHeader } from '../../components/layout/app-shell';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { Loading } from '../../components/ui/spinner';
import { api, apiQuery, toApiError } from '../../lib/api';
import { EquityLine } from './equity-line';
import {
  formatAdherence,
  formatPct,
  formatPctInterval,
  formatPnl,
  formatPnlInterval,
  formatRatio,
  formatRValue,
} from './playbook-format';

/** /playbook: a card per strategy with its numbers and sparkline, and a new strategy's name. */
export default function PlaybookPage() {
  const playbook = useQuery(apiQuery('GET /api/playbook', { queryKey: ['/api/playbook'] }));
  const [isArchivedShown, setIsArchivedShown] = useState(false);
  const strategies = playbook.data?.strategies ?? [];
  const shown = strategies.filter((s) => isArchivedShown || !s.archived);
  const archivedCount = strategies.filter((s) => s.archived).length;

  return (
    <AppPage className="grid gap-6">
      <AppPageHeader
        title="Playbook"
        intro="Your strategies, their rules, and what following them is worth. Figures are over each strategy’s closed trades."
      />
      <NewStrategyForm />
      {playbook.isPending && <Loading label="Loading the playbook…" />}
      {playbook.isSuccess && strategies.length === 0 && (
        <p className="text-sm text-muted">No strategies yet: name your first one above, then write its rules.</p>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Strategies">
        {shown.map((s) => (
          <li key={s.id}>
            <Card className="grid h-full gap-3 p-4">
              <div className="flex items-center justify-between gap-2">
                <h2 className="flex min-w-0 items-center gap-2 text-base font-semibold text-fg">
                  <span aria-hidden="true" className="h-3 w-3 shrink-0 rounded-full" style={{ background: s.color }} />
                  <Link href={`/playbook/${s.id}`} className="truncate hover:underline">
                    {s.name}
                  </Link>
                </h2>
                {s.archived && <span className="rounded bg-sunken px-2 py-0.5 text-xs text-muted">Archived</span>}
              </div>
              <EquityLine points={s.equity} color={s.color} height={48} label={`${s.name} equity curve`} />
              <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                <Stat label="Trades" value={String(s.trades)} />
                <Stat label="Net P&L" value={formatPnl(s.trades === 0 ? null : s.netPnl)} />
                <Stat label="Win rate" value={formatPct(s.winRate)} hint={formatPctInterval(s.winRateCi95)} />
                <Stat label="Expectancy" value={formatPnl(s.expectancy)} hint={formatPnlInterval(s.expectancyCi95)} />
                <Stat label="Expectancy (R)" value={formatRValue(s.expectancyR)} />
                <Stat label="Profit factor" value={formatRatio(s.profitFactor)} />
                <Stat label="Adherence" value={formatAdherence(s.adherencePct)} />
              </dl>
            </Card>
          </li>
        ))}
      </ul>
      {archivedCount > 0 && (
        <label className="flex items-center gap-2 text-sm text-muted">
          <input type="checkbox" checked={isArchivedShown} onChange={(e) => setIsArchivedShown(e.target.checked)} />
          Show {archivedCount} archived
        </label>
      )}
    </AppPage>
  );
}

export function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-semibold tabular-nums text-fg">{value}</dd>
      {hint && <dd className="text-xs text-muted">{hint}</dd>}
    </div>
  );
}

function NewStrategyForm() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: () => api('POST /api/strategies', { body: { name } }),
    onSuccess: async (strategy) => {
      await queryClient.invalidateQueries({ queryKey: ['/api/playbook'] });
      await queryClient.invalidateQueries({ queryKey: ['/api/strategies'] });
      navigate(`/playbook/${strategy.id}`);
    },
    onError: (err) => {
      const failure = toApiError(err);
      setError(failure.fields.name ?? failure.message);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    create.mutate();
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
      <TextField
        label="New strategy"
        placeholder="Opening range breakout"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error}
        className="min-w-0 flex-1 sm:max-w-sm"
      />
      <Button type="submit" disabled={name.trim() === '' || create.isPending}>
        Create
      </Button>
    </form>
  );
}
