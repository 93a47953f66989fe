import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { RuleEffectJson } from '../../../contracts/playbook';
import { ASSET_CLASSES, type StrategyJson } from '../../../contracts/trades';
import { AppPage, AppPageHeader } from '../../components/layout/app-shell';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextAreaField, TextField } from '../../components/ui/field';
import { Markdown } from '../../components/ui/markdown';
import { Loading } from '../../components/ui/spinner';
import { api, apiQuery, toApiError } from '../../lib/api';
import { toast } from '../../lib/use-toast';
import { formatDateTime, formatMoney } from '../trades/format';
import { EquityLine } from './equity-line';
import { PHASE_LABELS } from './phase-labels';
import { Stat } from './playbook-page';
import { formatPct, formatPnl, formatPnlInterval, formatRValue } from './playbook-format';
import { RuleList } from './rule-list';

/** /playbook/:id: a strategy's fields, rules, equity curve, per-rule table, adherence vs results and trades. */
export default function StrategyPage() {
  const { id = '' } = useParams<{ id: string }>();
  const strategy = useQuery(apiQuery('GET /api/strategies/:id', { params: { id } }));
  const playbook = useQuery(apiQuery('GET /api/playbook', { queryKey: ['/api/playbook'] }));
  const effects = useQuery(
    apiQuery('GET /api/playbook/:strategyId/rules', { params: { strategyId: id }, queryKey: ['/api/playbook', id] }),
  );
  const trades = useQuery(
    apiQuery('GET /api/trades', {
      search: `strategyId=${id}&limit=20&sort=closedAt&order=desc`,
      queryKey: ['/api/trades', 'strategy', id],
    }),
  );

  if (strategy.isError)
    return (
      <AppPage>
        <AppPageHeader
          title="Strategy not found"
          intro={
            <Link href="/playbook" className="underline">
              Back to the playbook
            </Link>
          }
        />
      </AppPage>
    );
  if (!strategy.data)
    return (
      <AppPage>
        <Loading label="Loading the strategy…" />
      </AppPage>
    );
  const s = strategy.data;
  const card = playbook.data?.strategies.find((row) => row.id === id);

  return (
    <AppPage className="grid gap-6">
      <p className="text-sm">
        <Link href="/playbook" className="text-muted hover:underline">
          ← Playbook
        </Link>
      </p>
      <AppPageHeader
        title={s.name}
        intro={s.archived ? 'Archived: hidden from the strategy pickers, kept in your history and numbers.' : undefined}
        actions={<StrategyActions strategy={s} />}
      />

      {card && (
        <Card className="grid gap-3 p-4">
          <h2 className="text-base font-semibold text-fg">Equity curve</h2>
          <EquityLine points={card.equity} color={s.color} height={140} label={`${s.name} equity curve`} hasZeroLine />
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <Stat label="Closed trades" value={String(card.trades)} />
            <Stat label="Net P&L" value={formatPnl(card.trades === 0 ? null : card.netPnl)} />
            <Stat label="Win rate" value={formatPct(card.winRate)} />
            <Stat label="Expectancy" value={formatPnl(card.expectancy)} hint={formatPnlInterval(card.expectancyCi95)} />
          </dl>
        </Card>
      )}

      <section className="grid gap-3" aria-labelledby="rules-heading">
        <h2 id="rules-heading" className="text-lg font-semibold text-fg">
          Rules
        </h2>
        <RuleList strategyId={s.id} rules={s.rules} />
      </section>

      {effects.data && <RuleEffects rules={effects.data.rules} adherence={effects.data.adherence} />}

      <section className="grid gap-3" aria-labelledby="trades-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="trades-heading" className="text-lg font-semibold text-fg">
            Trades
          </h2>
          <ButtonLink href={`/trades?strategyId=${s.id}`} variant="secondary" size="sm">
            Open all {s.tradeCount} in the trades table
          </ButtonLink>
        </div>
        {trades.data && trades.data.trades.length === 0 && (
          <p className="text-sm text-muted">No trades carry this strategy yet.</p>
        )}
        <ul className="divide-y divide-line rounded-lg border border-line">
          {trades.data?.trades.map((trade) => (
            <li key={trade.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <Link
                href={`/trades?strategyId=${s.id}&trade=${trade.id}`}
                className="font-medium text-fg hover:underline"
              >
                {trade.symbol} {trade.direction}
              </Link>
              <span className="text-muted">{formatDateTime(trade.closedAt ?? trade.openedAt)}</span>
              <span className="tabular-nums">{formatMoney(trade.netPnl, trade.currency, { isSigned: true })}</span>
              <span className="text-muted">
                Adherence {trade.adherencePct === null ? '—' : `${Math.round(trade.adherencePct)} %`}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <StrategyDetails strategy={s} />
    </AppPage>
  );
}

function StrategyActions({ strategy }: { strategy: StrategyJson }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [isConfirming, setIsConfirming] = useState(false);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['/api/playbook'] });
    await queryClient.invalidateQueries({ queryKey: ['/api/strategies'] });
    await queryClient.invalidateQueries({ queryKey: [`/api/strategies/${strategy.id}`] });
  };
  const onError = (err: unknown) =>
    toast({ title: 'That did not work', description: toApiError(err).message, variant: 'destructive' });
  const duplicate = useMutation({
    mutationFn: () => api('POST /api/strategies/:id/duplicate', { params: { id: strategy.id } }),
    onSuccess: async (copy) => {
      await refresh();
      navigate(`/playbook/${copy.id}`);
    },
    onError,
  });
  const archive = useMutation({
    mutationFn: () =>
      api('PATCH /api/strategies/:id', { params: { id: strategy.id }, body: { archived: !strategy.archived } }),
    onSuccess: refresh,
    onError,
  });
  const remove = useMutation({
    mutationFn: () =>
      api('DELETE /api/strategies/:id', {
        params: { id: strategy.id },
        search: `confirmTrades=${strategy.tradeCount}`,
      }),
    onSuccess: async () => {
      await refresh();
      await queryClient.invalidateQueries({ queryKey: ['/api/trades'] });
      navigate('/playbook');
    },
    onError,
  });
  const trades = strategy.tradeCount === 1 ? '1 trade' : `${strategy.tradeCount} trades`;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => duplicate.mutate()}>
        Duplicate
      </Button>
      <Button variant="secondary" size="sm" onClick={() => archive.mutate()}>
        {strategy.archived ? 'Unarchive' : 'Archive'}
      </Button>
      {!isConfirming && (
        <Button variant="secondary" size="sm" onClick={() => setIsConfirming(true)}>
          Delete
        </Button>
      )}
      {isConfirming && (
        <div
          role="alertdialog"
          aria-label="Confirm delete"
          className="flex flex-wrap items-center gap-2 rounded-lg border border-loss px-3 py-2 text-sm"
        >
          <span>
            Delete {strategy.name}?{' '}
            {strategy.tradeCount > 0 ? `Its ${trades} will become “no strategy”.` : 'It has no trades.'}
          </span>
          <Button size="sm" onClick={() => remove.mutate()}>
            Delete{strategy.tradeCount > 0 ? ` and unassign ${trades}` : ''}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setIsConfirming(false)}>
            Cancel
          </Button>
        </div>
      )}
    </>
  );
}

function RuleEffects({ rules, adherence }: { rules: RuleEffectJson[]; adherence: { full: Effect; partial: Effect } }) {
  const current = rules.filter((rule) => rule.removedAt === null);
  const costly = current.filter((rule) => rule.costRank !== null).sort((a, b) => a.costRank! - b.costRank!);
  return (
    <>
      <section className="grid gap-3" aria-labelledby="effects-heading">
        <h2 id="effects-heading" className="text-lg font-semibold text-fg">
          What each rule is worth
        </h2>
        <p className="text-sm text-muted">
          Expectancy of the closed trades where the rule was followed against those where it was broken, with 95 %
          intervals. “Significant” survives a Benjamini–Hochberg correction across the rules; fewer than 20 trades a
          side is a low sample.
        </p>
        <div
          className="overflow-x-auto rounded-lg border border-line"
          tabIndex={0}
          role="region"
          aria-label="Rule results"
        >
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="bg-sunken text-xs text-muted">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Rule
                </th>
                <th scope="col" className="px-3 py-2">
                  Followed
                </th>
                <th scope="col" className="px-3 py-2">
                  Broken
                </th>
                <th scope="col" className="px-3 py-2">
                  Difference
                </th>
                <th scope="col" className="px-3 py-2">
                  Verdict
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rules.map((rule) => (
                <tr key={rule.id} className={rule.removedAt ? 'text-muted' : ''}>
                  <td className="px-3 py-2">
                    <span className="block text-fg">{rule.text}</span>
                    <span className="text-xs text-muted">
                      {PHASE_LABELS[rule.phase]}
                      {rule.removedAt ? ' · removed' : ''}
                    </span>
                  </td>
                  <td className="px-3 py-2 tabular-nums">{side(rule.followed)}</td>
                  <td className="px-3 py-2 tabular-nums">{side(rule.broken)}</td>
                  <td className="px-3 py-2 tabular-nums">
                    {formatPnl(rule.difference.expectancy)}
                    <span className="block text-xs text-muted">{formatPnlInterval(rule.difference.ci95)}</span>
                  </td>
                  <td className="px-3 py-2 text-xs">
                    {rule.significant ? 'Significant' : 'Not significant'}
                    {rule.lowSample && <span className="block text-muted">Low sample</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {costly.length > 0 && (
          <div className="grid gap-1">
            <h3 className="text-sm font-semibold text-fg">Rules that cost you money when broken</h3>
            <ol className="list-decimal pl-5 text-sm">
              {costly.map((rule) => (
                <li key={rule.id}>
                  {rule.text}: {formatPnl(rule.difference.expectancy)} a trade
                  {rule.significant ? '' : rule.lowSample ? ' (low sample, could be chance)' : ' (could be chance)'}
                </li>
              ))}
            </ol>
          </div>
        )}
      </section>
      <section className="grid gap-3" aria-labelledby="adherence-heading">
        <h2 id="adherence-heading" className="text-lg font-semibold text-fg">
          Adherence vs results
        </h2>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <Stat
            label={`At 100 % adherence (${adherence.full.count} trades)`}
            value={formatPnl(adherence.full.expectancy)}
            hint={formatPnlInterval(adherence.full.expectancyCi95)}
          />
          <Stat
            label={`Below 100 % (${adherence.partial.count} trades)`}
            value={formatPnl(adherence.partial.expectancy)}
            hint={formatPnlInterval(adherence.partial.expectancyCi95)}
          />
        </dl>
      </section>
    </>
  );
}

type Effect = RuleEffectJson['followed'];
const side = (stats: Effect) =>
  stats.count === 0
    ? '—'
    : [
        `${stats.count} ${stats.count === 1 ? 'trade' : 'trades'}`,
        formatPnl(stats.expectancy),
        `${formatPct(stats.winRate)} win`,
        ...(stats.expectancyR === null ? [] : [formatRValue(stats.expectancyR)]),
      ].join(' · ');

function StrategyDetails({ strategy }: { strategy: StrategyJson }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => ({
    name: strategy.name,
    description: strategy.description,
    assetClasses: strategy.assetClasses as (typeof ASSET_CLASSES)[number][], // the server stores only these
    timeframe: strategy.timeframe,
    entryCriteria: strategy.entryCriteria,
    exitCriteria: strategy.exitCriteria,
    riskRules: strategy.riskRules,
    color: strategy.color,
  }));
  const [fields, setFields] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => api('PATCH /api/strategies/:id', { params: { id: strategy.id }, body: form }),
    onSuccess: async () => {
      setFields({});
      toast({ title: 'Strategy saved' });
      await queryClient.invalidateQueries({ queryKey: ['/api/playbook'] });
      await queryClient.invalidateQueries({ queryKey: [`/api/strategies/${strategy.id}`] });
      await queryClient.invalidateQueries({ queryKey: ['/api/strategies'] });
    },
    onError: (err) => setFields({ ...toApiError(err).fields }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const text = (key: 'entryCriteria' | 'exitCriteria' | 'riskRules' | 'description', label: string) => (
    <TextAreaField
      label={label}
      rows={3}
      value={form[key]}
      error={fields[key]}
      onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
    />
  );
  return (
    <section className="grid gap-3" aria-labelledby="details-heading">
      <h2 id="details-heading" className="text-lg font-semibold text-fg">
        Strategy details
      </h2>
      {strategy.description && <Markdown source={strategy.description} className="text-sm" />}
      <form onSubmit={onSubmit} className="grid gap-3">
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label="Name"
            value={form.name}
            error={fields.name}
            onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
          />
          <TextField
            label="Timeframe"
            placeholder="5m, daily…"
            value={form.timeframe}
            error={fields.timeframe}
            onChange={(e) => setForm((f) => ({ ...f, timeframe: e.target.value }))}
          />
          <div className="grid gap-1.5">
            <label htmlFor={`${strategy.id}-color`} className="text-sm font-medium text-fg">
              Colour
            </label>
            <input
              id={`${strategy.id}-color`}
              type="color"
              className="h-10 w-20 cursor-pointer rounded-lg border border-line bg-elevated p-1"
              value={form.color}
              onChange={(e) => setForm((f) => ({ ...f, color: e.target.value }))}
            />
            {fields.color && (
              <p role="alert" className="text-sm text-loss">
                {fields.color}
              </p>
            )}
          </div>
        </div>
        <fieldset className="flex flex-wrap gap-3 text-sm">
          <legend className="mb-1 text-sm font-medium text-fg">Markets</legend>
          {ASSET_CLASSES.map((assetClass) => (
            <label key={assetClass} className="flex items-center gap-1.5">
              <input
                type="checkbox"
                checked={form.assetClasses.includes(assetClass)}
                onChange={(e) =>
                  setForm((f) => ({
                    ...f,
                    assetClasses: e.target.checked
                      ? [...f.assetClasses, assetClass]
                      : f.assetClasses.filter((a) => a !== assetClass),
                  }))
                }
              />
              {assetClass}
            </label>
          ))}
        </fieldset>
        {text('description', 'Description (Markdown)')}
        <div className="grid gap-3 sm:grid-cols-3">
          {text('entryCriteria', 'Entry criteria')}
          {text('exitCriteria', 'Exit criteria')}
          {text('riskRules', 'Risk rules')}
        </div>
        <div>
          <Button type="submit" disabled={save.isPending}>
            Save details
          </Button>
        </div>
      </form>
    </section>
  );
}
