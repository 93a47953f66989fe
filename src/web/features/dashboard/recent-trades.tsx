import { Link } from 'wouter';
import type { TradeJson } from '../../../contracts/trades';
import { formatDateTime, formatMoney, formatR, toSign } from '../trades/format';
import { SymbolText } from '../trades/symbol-text';

/** The latest closed trades, each opening in the trades page's editor. */
export function RecentTrades({ trades }: { trades: TradeJson[] }) {
  return (
    <section
      aria-labelledby="recent-title"
      className="rounded-2xl border border-line bg-elevated p-4 shadow-sm sm:p-5"
      data-testid="recent-trades"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="recent-title" className="text-base font-semibold text-fg">
          Recent trades
        </h2>
        <Link href="/trades" className="text-sm font-medium text-accent underline-offset-2 hover:underline">
          All trades
        </Link>
      </div>
      {trades.length === 0 ? (
        <p className="text-sm text-muted">No closed trades yet.</p>
      ) : (
        <ul className="divide-y divide-line">
          {trades.map((trade) => {
            const sign = toSign(trade.netPnl);
            return (
              <li key={trade.id}>
                <Link
                  href={`/trades?trade=${trade.id}`}
                  className="-mx-2 flex items-center justify-between gap-3 rounded-lg px-2 py-2 hover:bg-sunken"
                >
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-semibold text-fg">
                      <SymbolText symbol={trade.symbol} assetClass={trade.assetClass} />{' '}
                      <span className="font-normal text-muted">{trade.direction === 'long' ? 'Long' : 'Short'}</span>
                    </span>
                    <span className="block truncate text-xs text-muted">{formatDateTime(trade.closedAt)}</span>
                  </span>
                  <span className="shrink-0 text-right">
                    <span
                      className={`block text-sm font-semibold tabular-nums ${sign > 0 ? 'text-gain' : sign < 0 ? 'text-loss' : 'text-fg'}`}
                    >
                      {formatMoney(trade.netPnl, trade.currency, { isSigned: true })}
                    </span>
                    <span className="block text-xs text-muted tabular-nums">{formatR(trade.rMultiple)}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
