import type { TradeDetailJson } from '../../../contracts/trades';
import { formatDecimal, formatMoney } from './format';

/**
 * A trade in another currency than its account's (issue 42): its P&L in the account's currency at
 * each fill's own rate, beside the trade's own, and the rates used.
 */
export function AccountCurrencyPnl({ trade }: { trade: Pick<TradeDetailJson, 'currency' | 'accountCurrency'> }) {
  const converted = trade.accountCurrency;
  if (!converted) return null;
  const rates = [...new Set(converted.rates.map((r) => formatDecimal(r.rate)))];
  return (
    <div className="mt-3 text-sm" data-testid="account-currency-pnl">
      <p className="text-fg">
        In the account's currency ({converted.currency}): gross{' '}
        {formatMoney(converted.gross, converted.currency, { isSigned: true })}, fees{' '}
        {formatMoney(converted.fees, converted.currency)}, net{' '}
        <span className="font-semibold">{formatMoney(converted.net, converted.currency, { isSigned: true })}</span>
      </p>
      <p className="text-muted">
        Each fill converted at its own rate from the file: 1 {trade.currency} = {rates.join(', ')} {converted.currency}.
      </p>
    </div>
  );
}
