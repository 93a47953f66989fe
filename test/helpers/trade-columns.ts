import type {
  AnalyticsTrade,
  AnalyticsTradeDetail,
  NamedRef,
  TradeColumns,
  TradeDetailColumns,
} from '../../src/core/analytics';

const orNull = (value: number) => (Number.isNaN(value) ? null : value);

/** Columns as the list of trades they stand for: columns built from different lists compare. */
export function listTradesOf(columns: TradeColumns): AnalyticsTrade[] {
  return Array.from({ length: columns.count }, (_, i) => ({
    closedAt: columns.closedAt[i]!,
    netPnl: columns.netPnl[i]!,
    rMultiple: orNull(columns.rMultiple[i]!),
  }));
}

/** Detail columns as the list of trades they stand for (a tag not found left out). */
export function listTradeDetailsOf(columns: TradeDetailColumns): AnalyticsTradeDetail[] {
  const trades = listTradesOf(columns);
  return trades.map((trade, i) => {
    const tags: NamedRef[] = [];
    for (let k = columns.tagStart[i]!; k < columns.tagStart[i + 1]!; k++) {
      const tag = columns.tags[columns.tagIndex[k]!];
      if (tag) tags.push(tag);
    }
    const strategy = columns.strategy[i]!;
    return {
      ...trade,
      openedAt: columns.openedAt[i]!,
      symbol: columns.symbols[columns.symbol[i]!]!,
      side: columns.isShort[i] === 1 ? 'short' : 'long',
      assetClass: columns.assetClasses[columns.assetClass[i]!]!,
      strategy: strategy < 0 ? null : columns.strategies[strategy]!,
      holdingSeconds: orNull(columns.holdingSeconds[i]!),
      tags,
    };
  });
}
