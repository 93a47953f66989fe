import { add, ZERO, type Decimal } from '../money/decimal';
import { parseIsoInstant } from '../iso-instant';
import type { Execution } from './execution';
import { groupTrades, type Trade } from './group-trades';
import {
  applyPositionEvents,
  type EventProblem,
  type PositionEvent,
  type RestatedFill,
  type TradeEvent,
} from './position-events';

/** A trade with the position events that changed it (issue #45). */
export type TradeWithEvents = Trade & {
  /** In time order; the fills they stand for are among `executions`, with their ids. */
  events: TradeEvent[];
  /** Σ of the events' income (dividends, rewards): beside the P&L, not in it. */
  income: Decimal;
  /** The names the position had before a symbol change, oldest first (without `symbol`). */
  formerSymbols: string[];
  /** The trade's fills a split or symbol change restated, as the file had them. */
  restatedFills: RestatedFill[];
};

export type GroupedWithEvents = {
  trades: TradeWithEvents[];
  /** Events that could not be applied, each with its row. */
  problems: EventProblem[];
  /** Income of events in no trade (a dividend on a position the file does not show), by currency. */
  unattachedIncome: { currency: string; amount: Decimal }[];
};

/**
 * groupTrades over the fills as the position events leave them (applyPositionEvents): splits and
 * symbol changes restate the open position's fills, the other events add fills of their own. Each
 * applied event is listed on the trade it changed: the one holding its fills, else the trade of its
 * account and instrument open at its time (the newest when several are).
 */
export function groupTradesWithEvents(
  executions: readonly Execution[],
  events: readonly PositionEvent[],
): GroupedWithEvents {
  const applied = applyPositionEvents(executions, events);
  const trades: TradeWithEvents[] = groupTrades(applied.executions).map((trade) => ({
    ...trade,
    events: [],
    income: ZERO,
    formerSymbols: [],
    restatedFills: [],
  }));

  const tradeByExecution = new Map<string, TradeWithEvents>();
  const tradesByInstrument = new Map<string, TradeWithEvents[]>();
  for (const trade of trades) {
    for (const part of trade.executions)
      if (!tradeByExecution.has(part.executionId)) tradeByExecution.set(part.executionId, trade);
    const key = `${trade.accountId}\u0000${trade.instrumentKey}`;
    const list = tradesByInstrument.get(key);
    if (list) list.push(trade);
    else tradesByInstrument.set(key, [trade]);
    for (const part of trade.executions) {
      const original = applied.restated.get(part.executionId);
      if (!original) continue;
      if (!trade.restatedFills.some((fill) => fill.executionId === original.executionId))
        trade.restatedFills.push(original);
      if (original.symbol !== trade.symbol && !trade.formerSymbols.includes(original.symbol))
        trade.formerSymbols.push(original.symbol);
    }
  }

  const unattached = new Map<string, Decimal>();
  const currencyOf = new Map(events.map((event) => [event.id, event.currency]));
  for (const entry of applied.events) {
    const byFill = entry.executionIds.map((id) => tradeByExecution.get(id)).find((trade) => trade !== undefined);
    const trade =
      byFill ?? findOpenTrade(tradesByInstrument.get(`${entry.accountId}\u0000${entry.instrumentKey}`), entry.event.at);
    if (!trade) {
      const currency = currencyOf.get(entry.event.id) ?? '';
      unattached.set(currency, add(unattached.get(currency) ?? ZERO, entry.event.income));
      continue;
    }
    trade.events.push(entry.event);
    trade.income = add(trade.income, entry.event.income);
  }
  for (const trade of trades) trade.events.sort((a, b) => parseIsoInstant(a.at) - parseIsoInstant(b.at));

  return {
    trades,
    problems: applied.problems,
    unattachedIncome: [...unattached]
      .filter(([, amount]) => !amount.eq(0))
      .map(([currency, amount]) => ({ currency, amount })),
  };
}

/** The newest trade open at `at` (opened at or before it, closed at or after it, or still open). */
function findOpenTrade(trades: readonly TradeWithEvents[] | undefined, at: string): TradeWithEvents | undefined {
  if (!trades) return undefined;
  const time = parseIsoInstant(at);
  let found: TradeWithEvents | undefined;
  for (const trade of trades) {
    if (parseIsoInstant(trade.openedAt) > time) continue;
    if (trade.closedAt !== null && parseIsoInstant(trade.closedAt) < time) continue;
    found = trade;
  }
  return found;
}

/**
 * A trade's net P&L with its income when the trader counts it (the dividend income setting, off
 * by default): netPnl + income, else netPnl.
 */
export function computeNetPnlWithIncome(
  trade: Pick<TradeWithEvents, 'netPnl' | 'income'>,
  isIncomeIncluded: boolean,
): Decimal {
  return isIncomeIncluded ? add(trade.netPnl, trade.income) : trade.netPnl;
}
