import { Link } from 'wouter';
import { AlertTriangle } from 'lucide-react';
import type { UnconvertedStartingBalanceJson, UnconvertedTotalJson } from '../../../contracts/analytics';
import { EXCHANGE_RATES_HASH } from '../settings/exchange-rates-card';
import { formatMoney, toSign } from '../trades/format';

/** "1 trade in GBP could not be converted: add a GBP→EUR rate in Settings → Exchange rates." */
export function toUnconvertedSentence(entry: UnconvertedTotalJson, currency: string): string {
  const trades = `${entry.tradeCount.toLocaleString('en-US')} ${entry.tradeCount === 1 ? 'trade' : 'trades'}`;
  return `${trades} in ${entry.currency} could not be converted: add a ${entry.currency}→${currency} rate in Settings → Exchange rates.`;
}

/**
 * The trades an analytics answer left out because no rate converts them into its currency (issue
 * 42): each currency's count and net P&L in that currency, never added to the totals, and a link
 * to the rate table.
 */
export function UnconvertedNote({ unconverted, currency }: { unconverted: UnconvertedTotalJson[]; currency: string }) {
  if (unconverted.length === 0) return null;
  return (
    <div
      role="note"
      aria-label="Trades not in the totals"
      data-testid="unconverted-note"
      className="flex gap-3 rounded-xl border border-line bg-elevated px-4 py-3 text-sm text-fg"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
      <div className="min-w-0 grid gap-1">
        <p className="font-semibold">Not in the totals (shown in {currency})</p>
        <ul className="grid gap-1">
          {unconverted.map((entry) => (
            <li key={entry.currency}>
              {toUnconvertedSentence(entry, currency)}{' '}
              <span className="text-muted">
                Their net P&amp;L:{' '}
                <span className={`tabular-nums font-semibold ${toSign(entry.netPnl) < 0 ? 'text-loss' : 'text-fg'}`}>
                  {formatMoney(entry.netPnl, entry.currency, { isSigned: true })}
                </span>
                .
              </span>
            </li>
          ))}
        </ul>
        <p>
          <Link href={`/settings#${EXCHANGE_RATES_HASH}`} className="font-semibold text-accent underline">
            Add exchange rates
          </Link>
        </p>
      </div>
    </div>
  );
}

/**
 * "Starting balance without Hargreaves (£5,000.00: no GBP→EUR rate): returns and drawdown % use the
 * other accounts' balances only." Null when every selected balance is in the total.
 */
export function toStartingBalanceSentence(
  balances: readonly UnconvertedStartingBalanceJson[],
  currency: string,
): string | null {
  if (balances.length === 0) return null;
  const left = balances
    .map((b) => `${b.accountName} (${formatMoney(b.startingBalance, b.currency)}: no ${b.currency}→${currency} rate)`)
    .join(', ');
  return `Starting balance without ${left}: returns and drawdown % use the other accounts’ balances only.`;
}

/**
 * A short note beside the figures that rest on the starting balance (returns, drawdown %, the
 * Monte Carlo start) when an account's balance could not be converted into the answer's currency
 * (issue 42): those figures stand on the other balances, never on a sum across currencies.
 */
export function StartingBalanceNote({
  balances,
  currency,
  className = '',
}: {
  balances: readonly UnconvertedStartingBalanceJson[];
  currency: string;
  className?: string;
}) {
  const sentence = toStartingBalanceSentence(balances, currency);
  if (sentence === null) return null;
  return (
    <p role="note" data-testid="starting-balance-note" className={`flex gap-2 text-sm text-fg ${className}`}>
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
      <span className="min-w-0">
        {sentence}{' '}
        <Link href={`/settings#${EXCHANGE_RATES_HASH}`} className="font-semibold text-accent underline">
          Add exchange rates
        </Link>
      </span>
    </p>
  );
}
