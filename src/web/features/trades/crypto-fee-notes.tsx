import type { TradeDetailJson, TradeExecutionJson } from '../../../contracts/trades';
import { formatDecimal } from './format';

/** The base asset of a crypto pair symbol (`BTC/USDT`, `BTC-USD`): the unit of its quantities. */
function toBaseAsset(symbol: string): string {
  return symbol.split(/[/-]/)[0] ?? symbol;
}

/**
 * What a crypto trade's figures leave out or round off: a dust residual (the position its last
 * exit left below the instrument's smallest step, counted as closed) and fees charged in another
 * asset the import had no rate for (not in Fees or Net).
 */
export function CryptoFeeNotes({ trade }: { trade: Pick<TradeDetailJson, 'symbol' | 'residual' | 'unconvertedFees'> }) {
  const fees = trade.unconvertedFees ?? [];
  if (trade.residual === undefined && fees.length === 0) return null;
  const isOversold = trade.residual?.startsWith('-') === true;
  return (
    <ul className="mt-3 grid gap-1 text-sm text-muted" aria-label="Crypto notes">
      {trade.residual !== undefined && (
        <li>
          <span className="font-medium text-fg">
            Residual {formatDecimal(trade.residual.replace(/^-/, ''))} {toBaseAsset(trade.symbol)}
          </span>
          {isOversold ? ' sold beyond the position' : ' left over'}: less than the smallest quantity the file trades, so
          the trade counts as closed (dust). Its value is in the gross P&amp;L.
        </li>
      )}
      {fees.map((fee) => (
        <li key={fee.asset}>
          <span className="font-medium text-fg">
            Fee not converted: {formatDecimal(fee.amount)} {fee.asset}
          </span>
          {` — the file has no ${fee.asset} price near these fills, so this fee is not in Fees or Net.`}
        </li>
      ))}
    </ul>
  );
}

/** An execution's fee in another asset, after its fees in the trade's currency (`+ 0.001 BNB`), or null. */
export function UnconvertedFee({ execution }: { execution: Pick<TradeExecutionJson, 'unconvertedFee'> }) {
  const fee = execution.unconvertedFee;
  if (!fee) return null;
  return (
    <span className="block text-xs text-muted" title="Fee not converted">
      + {formatDecimal(fee.amount)} {fee.asset}
    </span>
  );
}
