import { Link } from 'wouter';
import type { TradeDetailJson } from '../../../contracts/trades';
import { EXCHANGE_RATES_HASH } from '../settings/exchange-rates-card';
import { formatDecimal, formatMoney } from './format';

type Converted = NonNullable<TradeDetailJson['accountCurrency']>;
type RateLine = { key: string; text: string; isMissing: boolean };

const plural = (days: readonly string[]) => `${days.length === 1 ? 'fill' : 'fills'} of ${days.join(', ')}`;

/**
 * The rates a trade's account-currency P&L used, one line per rate: the file's, the rate table's
 * (with the day of the rate taken), or none, each with the days of the fills it converted.
 */
export function toRateLines(converted: Converted, tradeCurrency: string): RateLine[] {
  const groups = new Map<string, { rate: Converted['rates'][number]; days: string[] }>();
  for (const rate of converted.rates) {
    const key = `${rate.source ?? 'none'}|${rate.rate ?? ''}|${rate.rateDay ?? ''}`;
    const group = groups.get(key) ?? { rate, days: [] };
    if (!group.days.includes(rate.fillDay)) group.days.push(rate.fillDay);
    groups.set(key, group);
  }
  return [...groups].map(([key, { rate, days }]) => {
    const value = rate.rate === null ? '' : `1 ${tradeCurrency} = ${formatDecimal(rate.rate)} ${converted.currency}`;
    if (rate.source === 'file') return { key, text: `${value} from the file (${plural(days)})`, isMissing: false };
    if (rate.source === 'table') {
      return {
        key,
        text: `${value} from your rate table, its rate of ${rate.rateDay ?? ''} (${plural(days)})`,
        isMissing: false,
      };
    }
    return {
      key,
      text: `No rate for the ${plural(days)}: neither the file nor your rate table has a ${tradeCurrency}→${converted.currency} rate on or before that day.`,
      isMissing: true,
    };
  });
}

/**
 * A trade in another currency than its account's (issue 42): its P&L in the account's currency
 * beside the trade's own, and the rates used: the file's where it gave one, else the rate
 * table's; when neither exists for a fill, it says so and links to the rate table.
 */
export function AccountCurrencyPnl({ trade }: { trade: Pick<TradeDetailJson, 'currency' | 'accountCurrency'> }) {
  const converted = trade.accountCurrency;
  if (!converted) return null;
  const lines = toRateLines(converted, trade.currency);
  return (
    <div className="mt-3 text-sm" data-testid="account-currency-pnl">
      {converted.gross !== null && converted.fees !== null && converted.net !== null ? (
        <p className="text-fg">
          In the account's currency ({converted.currency}): gross{' '}
          {formatMoney(converted.gross, converted.currency, { isSigned: true })}, fees{' '}
          {formatMoney(converted.fees, converted.currency)}, net{' '}
          <span className="font-semibold">{formatMoney(converted.net, converted.currency, { isSigned: true })}</span>
        </p>
      ) : (
        <p className="text-fg">
          In the account's currency ({converted.currency}): not known until every fill has a rate, so analytics in{' '}
          {converted.currency} leave this trade out.
        </p>
      )}
      <p className="mt-1 text-muted">Rates used:</p>
      <ul className="grid gap-0.5 text-muted" aria-label="Exchange rates used">
        {lines.map((line) => (
          <li key={line.key} className={line.isMissing ? 'text-fg' : undefined}>
            {line.text}
            {line.isMissing && (
              <>
                {' '}
                <Link href={`/settings#${EXCHANGE_RATES_HASH}`} className="font-semibold text-accent underline">
                  Add exchange rates
                </Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
