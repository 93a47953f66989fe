import * as Tooltip from '@radix-ui/react-tooltip';
import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AnalyticsSummaryJson } from '../../../contracts/analytics';
import {
  formatMoneyNumber,
  formatPercent,
  formatRatio,
  formatRNumber,
  plural,
  toneOf,
  toStat,
} from './dashboard-format';

/** A term's plain-language meaning, on hover and on keyboard focus. */
function InfoTip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button
          type="button"
          aria-label={`What is ${label}?`}
          className="-m-1 rounded-full p-1 text-muted hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Info className="h-3.5 w-3.5" aria-hidden="true" />
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="top"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 max-w-64 rounded-lg border border-line bg-elevated px-3 py-2 text-xs leading-relaxed text-fg shadow-lg"
        >
          {children}
          <Tooltip.Arrow className="fill-[var(--bg-elevated)]" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

function StatCard({
  label,
  help,
  value,
  tone = 'text-fg',
  detail,
  testId,
}: {
  label: string;
  help: string;
  value: string;
  tone?: string;
  detail?: ReactNode;
  testId: string;
}) {
  return (
    <div className="min-w-0 rounded-2xl border border-line bg-elevated p-4 shadow-sm" data-testid={testId}>
      <div className="flex items-center gap-1.5">
        <h3 className="truncate text-xs font-medium uppercase tracking-wide text-muted">{label}</h3>
        <InfoTip label={label}>{help}</InfoTip>
      </div>
      <p className={`mt-1 truncate text-xl font-bold tabular-nums sm:text-2xl ${tone}`} data-testid={`${testId}-value`}>
        {value}
      </p>
      {detail && <p className="mt-0.5 truncate text-xs text-muted tabular-nums">{detail}</p>}
    </div>
  );
}

/** The headline numbers of the selected period and account. */
export function HeadlineCards({ summary, currency }: { summary: AnalyticsSummaryJson; currency: string }) {
  const t = summary.trades;
  const count = toStat(t.count) ?? 0;
  const wins = toStat(t.wins) ?? 0;
  const losses = toStat(t.losses) ?? 0;
  const netPnl = toStat(t.netPnl);
  const expectancy = toStat(t.expectancy);
  const avgWin = toStat(t.avgWin);
  const avgLoss = toStat(t.avgLoss);
  const maxDd = toStat(t.maxDrawdownAbs) ?? 0;
  const maxDdFrac = toStat(t.maxDrawdownFrac);
  const money = (v: number | null, isSigned = true) => formatMoneyNumber(v, currency, { isSigned });
  return (
    <section aria-labelledby="headline-title">
      <h2 id="headline-title" className="sr-only">
        Headline numbers
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <StatCard
          testId="stat-net-pnl"
          label="Net P&L"
          help="Profit minus losses over the closed trades in this period, after commissions and fees."
          value={money(netPnl)}
          tone={toneOf(netPnl)}
          detail={plural(count, 'closed trade')}
        />
        <StatCard
          testId="stat-win-rate"
          label="Win rate"
          help="The share of closed trades that made money. Breakeven trades count as trades but not as wins."
          value={formatPercent(toStat(t.winRate))}
          detail={`${wins} won, ${losses} lost`}
        />
        <StatCard
          testId="stat-profit-factor"
          label="Profit factor"
          help="Money won divided by money lost. Above 1 means the winners paid for the losers; ∞ means no losing trade yet."
          value={formatRatio(toStat(t.profitFactor))}
        />
        <StatCard
          testId="stat-expectancy"
          label="Expectancy"
          help="What an average trade made: net P&L divided by the number of trades. In R, the average result as a multiple of the risk taken (trades with a stop or a risk only)."
          value={money(expectancy)}
          tone={toneOf(expectancy)}
          detail={`${formatRNumber(toStat(t.expectancyR))} per trade`}
        />
        <StatCard
          testId="stat-avg-win-loss"
          label="Avg win / loss"
          help="The average winning trade and the average losing trade, in money."
          value={money(avgWin)}
          tone={toneOf(avgWin)}
          detail={<span className={toneOf(avgLoss)}>{money(avgLoss)} avg loss</span>}
        />
        <StatCard
          testId="stat-max-drawdown"
          label="Max drawdown"
          help="The largest drop of the account from a high point to a later low, trade by trade, in money (and as a share of the high)."
          value={money(maxDd === 0 ? 0 : -maxDd)}
          tone={toneOf(maxDd === 0 ? 0 : -maxDd)}
          detail={maxDdFrac === null ? 'No starting balance set' : `${formatPercent(-maxDdFrac)} from the high`}
        />
      </div>
    </section>
  );
}
