import * as Tooltip from '@radix-ui/react-tooltip';
import type { AnalyticsSummaryJson } from '../../../contracts/analytics';
import { explainRisk, formatMoneyIn, formatStat, RISK_METRICS, toStatNumber, type RiskContext } from './metric-format';
import { AnalyticsSection } from './section';
import { StartingBalanceNote } from './unconverted-note';

/**
 * Sharpe, Sortino, Calmar, drawdown, VaR/CVaR (historical, Gaussian, modified), SQN and Kelly, each
 * with a one-line explanation in plain language. Daily figures use the days (in the user's time
 * zone) on which a trade closed; an undefined value shows "—" and an infinite one "∞", each with a
 * tooltip saying why.
 */
export function RiskPanel({ summary }: { summary: AnalyticsSummaryJson | undefined }) {
  if (!summary) {
    return (
      <AnalyticsSection title="Risk" testId="risk-panel">
        <p className="text-sm text-muted">Loading risk metrics…</p>
      </AnalyticsSection>
    );
  }
  const context: RiskContext = {
    startingEquity: summary.startingEquity,
    endingEquity: toStatNumber(summary.trades.endingEquity) ?? summary.startingEquity,
    days: toStatNumber(summary.daily.days) ?? 0,
    trades: toStatNumber(summary.trades.count) ?? 0,
    hasDailyReturns: toStatNumber(summary.daily.totalReturn) !== null,
    currency: summary.currency,
  };
  return (
    <AnalyticsSection
      title="Risk"
      intro={`Daily figures use the ${context.days} ${context.days === 1 ? 'day' : 'days'} with a closed trade (${summary.timeZone}), as returns on a starting balance of ${formatMoneyIn(summary.startingEquity, summary.currency)}; annualised with 252 days and no risk-free rate.`}
      testId="risk-panel"
    >
      <StartingBalanceNote
        balances={summary.unconvertedStartingBalances}
        currency={summary.currency}
        className="mb-3"
      />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {RISK_METRICS.map((metric) => {
          const raw = metric.source === 'daily' ? summary.daily[metric.key] : summary.trades[metric.key];
          const { text, note } = formatStat(raw, metric.kind, summary.currency);
          return (
            <li
              key={metric.id}
              className="min-w-0 rounded-xl border border-line bg-bg p-3"
              data-testid={`risk-${metric.id}`}
            >
              <p className="text-xs font-medium text-muted">{metric.label}</p>
              <p className="mt-0.5 text-xl font-bold tabular-nums text-fg">
                {note ? (
                  <Tooltip.Root>
                    <Tooltip.Trigger asChild>
                      <button
                        type="button"
                        className="cursor-help rounded underline decoration-dotted underline-offset-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {text}
                        <span className="sr-only">{` (${note})`}</span>
                      </button>
                    </Tooltip.Trigger>
                    <Tooltip.Portal>
                      <Tooltip.Content
                        sideOffset={6}
                        className="z-50 max-w-64 rounded-lg border border-line bg-elevated px-3 py-2 text-xs text-fg shadow-lg"
                      >
                        {note}
                      </Tooltip.Content>
                    </Tooltip.Portal>
                  </Tooltip.Root>
                ) : (
                  text
                )}
              </p>
              <p className="mt-1 text-sm text-muted" data-testid="risk-explanation">
                {explainRisk(metric, raw, context)}
              </p>
            </li>
          );
        })}
      </ul>
    </AnalyticsSection>
  );
}
