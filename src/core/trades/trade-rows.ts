import { add, D, decimalPlaces, roundDecimal, subtract, type Decimal } from '../money/decimal';
import type { AssetClass } from '../instruments/instrument';
import type { Trade } from './group-trades';
import { computeRMultiple } from './r-multiple';

/**
 * What the trader wrote about a trade, as stored (decimals as text). It belongs to the trade's
 * opening execution, not to the trade: regrouping rebuilds the trade around it. The server's
 * trade_journals table has exactly these columns (a type check there holds the two together).
 */
export type TradeJournal = {
  stopPrice: string | null;
  targetPrice: string | null;
  /** Risk in money set by the trader; overrides the stop-based risk. */
  riskAmount: string | null;
  strategyId: string | null;
  /** 1–5. */
  rating: number | null;
  mistakes: string[];
  emotions: string[];
  /** Markdown. */
  notes: string;
};

/** A trade with nothing journaled: what a trade without a journal row reads as. */
export const EMPTY_JOURNAL: Readonly<TradeJournal> = Object.freeze({
  stopPrice: null,
  targetPrice: null,
  riskAmount: null,
  strategyId: null,
  rating: null,
  mistakes: [],
  emotions: [],
  notes: '',
});

/**
 * A trade row as written, derived from the grouped trade and its journal. Times are ISO-8601 UTC
 * text (grouping's own, and PostgreSQL reads it as it is): as Dates they were parsed and printed
 * again, about 2 µs a trade of a large import.
 */
export type TradeRowValues = {
  id: string;
  userId: string;
  accountId: string;
  openingExecutionId: string;
  closingExecutionId: string | null;
  instrumentKey: string;
  symbol: string;
  assetClass: string;
  direction: 'long' | 'short';
  status: 'open' | 'closed';
  openedAt: string;
  closedAt: string | null;
  /** The day alone, when the opening or closing fill's file gave no time (Trade.openedOn, closedOn). */
  openedOn: string | null;
  closedOn: string | null;
  quantity: string;
  maxPosition: string;
  avgEntryPrice: string;
  avgExitPrice: string | null;
  multiplier: string;
  currency: string;
  grossPnl: string;
  commission: string;
  fees: string;
  netPnl: string;
  /** Written 0: the income of its events is added after the write (trade-income.queries.ts). */
  income: string;
  holdingSeconds: number | null;
  executionCount: number;
  /**
   * The P&L in the account's currency (gross, commission + fees, net): the trade's own when it is
   * in that currency, else computed after the write from its fills' rates ('pending').
   */
  accountGrossPnl: string | null;
  accountFees: string | null;
  accountNetPnl: string | null;
  accountPnlIssue: 'pending' | 'open' | 'no_rate' | null;
} & JournalFacts & { createdAt: Date; updatedAt: Date };

/**
 * What the trade row keeps of its journal, derived (toJournalFacts): the list sorts and filters
 * on them and the analytics row holds them, so neither joins the journal.
 */
export type JournalFacts = {
  /** The risk R is computed from (trader's, stop-based or default), 8 places; null when unknown. */
  initialRisk: string | null;
  /** Net P&L ÷ initialRisk, 8 places. */
  rMultiple: string | null;
  strategyId: string | null;
  hasNotes: boolean;
};

/** A split fill's share in a trade (trade_executions). */
export type TradePartValues = {
  tradeId: string;
  executionId: string;
  role: 'entry' | 'exit';
  quantity: string;
  commission: string;
  fees: string;
};

/** Decimal places of the money columns (numeric(24, 8)). */
const MONEY_PLACES = 8;

/** Money columns hold 8 places, quantities 12; PostgreSQL would round half away from zero, as this does. */
export const toMoneyText = (value: Decimal) => roundDecimal(value, MONEY_PLACES).toString();
export const toQuantityText = (value: Decimal) => roundDecimal(value, 12).toString();

/** What a trade's R rests on, with the figures as stored. */
export type RiskInput = {
  trade: Pick<Trade, 'direction' | 'openedAt' | 'executions' | 'multiplier' | 'status'>;
  /** The stored (8-place) net P&L: R is stored P&L ÷ risk, so the two columns agree. */
  netPnl: Decimal;
  stopPrice: string | null | undefined;
  riskAmount: string | null | undefined;
  defaultRiskAmount: string | null;
};

/**
 * A stored decimal's value. Module level, not a closure per call: the server runs through tsx,
 * whose keepNames names every closure as it is made.
 */
const toValue = (text: string | null | undefined) => (text == null ? null : D(text));

/** initialRisk and rMultiple as stored: the risk R used (trader's, stop-based, or default) and R, 8 places. */
export function computeStoredRisk(input: RiskInput): { initialRisk: string | null; rMultiple: string | null } {
  const result = computeRMultiple({
    // Only what R reads: spreading the whole trade into a new object cost a large import more than R itself.
    trade: {
      direction: input.trade.direction,
      openedAt: input.trade.openedAt,
      executions: input.trade.executions,
      multiplier: input.trade.multiplier,
      status: input.trade.status,
      netPnl: input.netPnl,
    },
    initialStop: toValue(input.stopPrice),
    riskAmount: toValue(input.riskAmount),
    defaultRiskAmount: toValue(input.defaultRiskAmount),
  });
  return {
    initialRisk: result.risk === null ? null : toMoneyText(result.risk),
    rMultiple: result.r === null ? null : toMoneyText(result.r),
  };
}

/** The trade row's columns that come from its journal: R (with the trade's figures), strategy, whether it has notes. */
export function toJournalFacts(
  input: Omit<RiskInput, 'stopPrice' | 'riskAmount'> & { journal: TradeJournal },
): JournalFacts {
  const { journal } = input;
  return {
    ...computeStoredRisk({ ...input, stopPrice: journal.stopPrice, riskAmount: journal.riskAmount }),
    strategyId: journal.strategyId,
    hasNotes: journal.notes !== '',
  };
}

export type BuildTradeRowsParams = {
  trade: Trade;
  userId: string;
  assetClass: AssetClass;
  journal: TradeJournal;
  defaultRiskAmount: string | null;
  id: string;
  createdAt: Date;
  now: Date;
  /** The account's currency: a trade in another one has its P&L in it computed after the write. */
  accountCurrency: string;
};

/**
 * The trades row of one grouped trade, and the trade_executions rows of its split fills (the one
 * that opened it and the one that closed it, when they crossed zero; every other fill is whole in
 * the trade's stretch). Money is stored to 8 places: gross, commission and fees are each rounded
 * and net is their difference, so the stored columns always satisfy net = gross − commission − fees.
 */
export function buildTradeRows(params: BuildTradeRowsParams): { trade: TradeRowValues; parts: TradePartValues[] } {
  const { trade, id } = params;
  const grossPnl = toMoneyText(trade.grossPnl);
  const commission = toMoneyText(trade.commission);
  const fees = toMoneyText(trade.fees);
  // The stored net is the stored gross less the stored costs. When none of the three had more
  // places than a money column holds, those are the trade's own figures, and so is its net.
  const isStoredExactly =
    decimalPlaces(trade.grossPnl) <= MONEY_PLACES &&
    decimalPlaces(trade.commission) <= MONEY_PLACES &&
    decimalPlaces(trade.fees) <= MONEY_PLACES;
  const netPnl = isStoredExactly ? trade.netPnl : subtract(subtract(D(grossPnl), D(commission)), D(fees));
  const facts = toJournalFacts({ trade, netPnl, journal: params.journal, defaultRiskAmount: params.defaultRiskAmount });
  return {
    trade: {
      id,
      userId: params.userId,
      accountId: trade.accountId,
      openingExecutionId: trade.openingExecutionId,
      closingExecutionId: trade.status === 'closed' ? trade.executions.at(-1)!.executionId : null, // ≥ 1 part
      instrumentKey: trade.instrumentKey,
      symbol: trade.symbol,
      assetClass: params.assetClass,
      direction: trade.direction,
      status: trade.status,
      openedAt: trade.openedAt,
      closedAt: trade.closedAt,
      openedOn: trade.openedOn ?? null,
      closedOn: trade.closedOn ?? null,
      quantity: toQuantityText(trade.quantity),
      maxPosition: toQuantityText(trade.maxPosition),
      avgEntryPrice: toMoneyText(trade.avgEntryPrice),
      avgExitPrice: trade.avgExitPrice === null ? null : toMoneyText(trade.avgExitPrice),
      multiplier: toMoneyText(trade.multiplier),
      currency: trade.currency,
      grossPnl,
      commission,
      fees,
      netPnl: toMoneyText(netPnl),
      income: '0',
      holdingSeconds: trade.holdingSeconds,
      executionCount: trade.executions.length,
      ...toOwnAccountPnl(trade.currency === params.accountCurrency, { grossPnl, commission, fees, netPnl }),
      ...facts,
      createdAt: params.createdAt,
      updatedAt: params.now,
    },
    parts: trade.executions
      .filter((part) => part.split)
      .map((part) => ({
        tradeId: id,
        executionId: part.executionId,
        role: part.role,
        quantity: toQuantityText(part.quantity),
        commission: toMoneyText(part.commission),
        fees: toMoneyText(part.fees),
      })),
  };
}

/** The account-currency columns: the trade's own figures in the account's currency, else pending. */
function toOwnAccountPnl(
  isAccountCurrency: boolean,
  own: { grossPnl: string; commission: string; fees: string; netPnl: Decimal },
): Pick<TradeRowValues, 'accountGrossPnl' | 'accountFees' | 'accountNetPnl' | 'accountPnlIssue'> {
  if (!isAccountCurrency)
    return { accountGrossPnl: null, accountFees: null, accountNetPnl: null, accountPnlIssue: 'pending' };
  return {
    accountGrossPnl: own.grossPnl,
    accountFees: toMoneyText(add(D(own.commission), D(own.fees))),
    accountNetPnl: toMoneyText(own.netPnl),
    accountPnlIssue: null,
  };
}
