import type { TradeDetailJson, TradeExecutionJson, TradeExtrasJson, TradeJson } from '../../../contracts/trades';
import {
  add,
  D,
  isZero,
  multiply,
  subtract,
  ZERO,
  type Decimal,
  type TradeJournal,
  type TradePartValues,
} from '../../../core/trades';
import type { trades } from '../../db/schema';
import { toAccountCurrencyPnl } from '../../../core/fx';
import { computeAdherencePct, type RuleState } from '../../../core/playbook';

/** A trade as read: its row and its journal (trade_journals; empty without one). */
export type TradeRow = Omit<typeof trades.$inferSelect, 'analyticsRow'> & { journal: TradeJournal };
export type TradeTagJson = TradeJson['tags'][number];
/** An answer on the trade's opening execution, with its rule's strategy. */
export type TradeRuleCheck = { ruleId: string; strategyId: string; state: RuleState };

/** One execution's part in a trade, as read back: trade_executions joined with its execution. */
export type TradePartRow = TradePartValues & {
  /** The fill crossed zero: this is its share in one of its two trades. */
  split: boolean;
  executedAt: Date;
  /** The day alone, when the fill's file gave no time of day. */
  executedOn?: string | null;
  /** The symbol as the fill's file wrote it (null when not known). */
  brokerSymbol?: string | null;
  side: 'buy' | 'sell';
  price: string;
  sequence: number;
  /** A fee of the fill in another asset that could not be converted (crypto), and its asset. */
  unconvertedFee: string | null;
  unconvertedFeeAsset: string | null;
  /** Account-currency units per unit of the trade's currency at the fill, from its file (issue 42). */
  fxRate?: string | null;
};

/**
 * A numeric column as the wire writes it: drivers return numeric(…, 8) as text with trailing
 * zeros ("160.00000000"); the wire carries the canonical decimal ("160").
 */
export function toDecimalText(value: string): string {
  // Plain numeric text only needs its trailing zeros trimmed (cheaper than a Big, ~1,300 per page).
  if (PLAIN_DECIMAL.test(value)) {
    const trimmed = value.includes('.') ? value.replace(/\.?0+$/, '') : value;
    return trimmed === '-0' ? '0' : trimmed;
  }
  return D(value).toString();
}

const PLAIN_DECIMAL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

const toNullableDecimalText = (value: string | null) => (value === null ? null : toDecimalText(value));

/**
 * A trade on the wire. `checks` may hold answers to another strategy's rules (the trade's strategy
 * changed since): only its current strategy's count.
 */
export function toTradeJson(
  row: TradeRow,
  tags: readonly TradeTagJson[],
  checks: readonly TradeRuleCheck[] = [],
): TradeJson & TradeExtrasJson {
  const { journal } = row;
  const ruleChecks = checks
    .filter((check) => check.strategyId === journal.strategyId)
    .map((check) => ({ ruleId: check.ruleId, state: check.state }));
  return {
    id: row.id,
    accountId: row.accountId,
    symbol: row.symbol,
    assetClass: row.assetClass,
    direction: row.direction,
    status: row.status,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    ...(row.openedOn ? { openedOn: row.openedOn } : {}),
    ...(row.closedOn ? { closedOn: row.closedOn } : {}),
    quantity: toDecimalText(row.quantity),
    maxPosition: toDecimalText(row.maxPosition),
    avgEntryPrice: toDecimalText(row.avgEntryPrice),
    avgExitPrice: toNullableDecimalText(row.avgExitPrice),
    grossPnl: toDecimalText(row.grossPnl),
    fees: toDecimalText(row.fees),
    commission: toDecimalText(row.commission),
    netPnl: toDecimalText(row.netPnl),
    multiplier: toDecimalText(row.multiplier),
    currency: row.currency,
    stopPrice: toNullableDecimalText(journal.stopPrice),
    targetPrice: toNullableDecimalText(journal.targetPrice),
    riskAmount: toNullableDecimalText(journal.riskAmount),
    initialRisk: toNullableDecimalText(row.initialRisk),
    rMultiple: toNullableDecimalText(row.rMultiple),
    holdingSeconds: row.holdingSeconds,
    strategyId: journal.strategyId,
    tags: [...tags],
    mistakes: journal.mistakes,
    emotions: journal.emotions,
    rating: journal.rating,
    notes: journal.notes,
    executionCount: Number(row.executionCount),
    ruleChecks,
    adherencePct: computeAdherencePct(ruleChecks.map((check) => check.state)),
  };
}

export function toTradeExecutionJson(part: TradePartRow): TradeExecutionJson {
  return {
    id: part.executionId,
    executedAt: part.executedAt.toISOString(),
    ...(part.executedOn ? { executedOn: part.executedOn } : {}),
    ...(part.brokerSymbol ? { brokerSymbol: part.brokerSymbol } : {}),
    side: part.side,
    role: part.role,
    quantity: toDecimalText(part.quantity),
    price: toDecimalText(part.price),
    commission: toDecimalText(part.commission),
    fees: toDecimalText(part.fees),
    ...(part.unconvertedFee !== null && part.unconvertedFeeAsset !== null
      ? { unconvertedFee: { amount: toDecimalText(part.unconvertedFee), asset: part.unconvertedFeeAsset } }
      : {}),
  };
}

export function toTradeDetailJson(
  row: TradeRow,
  tags: readonly TradeTagJson[],
  parts: readonly TradePartRow[],
  options: { account?: AccountRates; events?: TradeDetailJson['events']; checks?: readonly TradeRuleCheck[] } = {},
): TradeDetailJson {
  const { account, events = [], checks = [] } = options;
  const executions = parts.map(toTradeExecutionJson);
  const residual = row.status === 'closed' ? toResidual(parts, events) : null;
  const unconvertedFees = toUnconvertedFees(executions);
  return {
    ...toTradeJson(row, tags, checks),
    executions,
    events,
    ...(D(row.income).eq(0) ? {} : { income: toDecimalText(row.income) }),
    ...(residual === null ? {} : { residual }),
    ...(unconvertedFees.length === 0 ? {} : { unconvertedFees }),
    ...toAccountCurrencyJson(row, parts, account),
  };
}

/** The trade's account's currency, and the rate table's rates for its fills' days (by day). */
export type AccountRates = { currency: string; tableRates: ReadonlyMap<string, { day: string; rate: string }> };

/** The day a fill's rate is read for: the file's day when it gave no time, else the UTC date. */
export const toFillDay = (part: Pick<TradePartRow, 'executedAt' | 'executedOn'>): string =>
  part.executedOn ?? part.executedAt.toISOString().slice(0, 10);

/**
 * A closed trade's P&L in its account's currency when that differs: each fill at its file's rate,
 * else the rate table's (account-pnl.queries.ts computes the stored figure the same way); the
 * amounts null when a fill has neither, and every fill's rate and where it came from.
 */
function toAccountCurrencyJson(
  row: TradeRow,
  parts: readonly TradePartRow[],
  account: AccountRates | undefined,
): Pick<TradeDetailJson, 'accountCurrency'> {
  if (account === undefined || account.currency === row.currency || row.status !== 'closed') return {};
  const rates = parts.map((part) => {
    const fillDay = toFillDay(part);
    if (part.fxRate) return { executionId: part.executionId, fillDay, rate: D(part.fxRate), source: 'file' as const };
    const table = account.tableRates.get(fillDay);
    return table
      ? { executionId: part.executionId, fillDay, rate: D(table.rate), source: 'table' as const, rateDay: table.day }
      : { executionId: part.executionId, fillDay, rate: null, source: null };
  });
  const rated = parts.map((part, i) => ({
    side: part.side,
    quantity: D(part.quantity),
    price: D(part.price),
    commission: D(part.commission),
    fees: D(part.fees),
    rate: rates[i]!.rate,
  }));
  const pnl = toAccountCurrencyPnl(rated, D(row.multiplier));
  return {
    accountCurrency: {
      currency: account.currency,
      gross: pnl ? pnl.gross.toString() : null,
      fees: pnl ? pnl.fees.toString() : null,
      net: pnl ? pnl.net.toString() : null,
      rates: rates.map((r) => ({ ...r, rate: r.rate === null ? null : r.rate.toString() })),
    },
  };
}

/**
 * A closed trade's dust (core/trades/dust.ts): Σ entry − Σ exit quantity over its parts, as text,
 * or null when it closed flat.
 */
function toResidual(parts: readonly TradePartRow[], events: TradeDetailJson['events']): string | null {
  // Fills before a split or a symbol change with a ratio count in the units after it (issue #45): a
  // buy of 10 split 10-for-1 and a sale of 100 leave nothing.
  const restating = events.flatMap((event) =>
    (event.kind === 'split' || event.kind === 'symbolChange') && event.ratio !== undefined
      ? [{ at: Date.parse(event.at), ratio: D(event.ratio) }]
      : [],
  );
  let residual = ZERO;
  for (const part of parts) {
    let quantity = D(part.quantity);
    for (const event of restating) if (event.at > part.executedAt.getTime()) quantity = multiply(quantity, event.ratio);
    residual = part.role === 'entry' ? add(residual, quantity) : subtract(residual, quantity);
  }
  return isZero(residual) ? null : residual.toString();
}

/** The trade's fees not converted into its currency, summed by asset. */
function toUnconvertedFees(executions: readonly TradeExecutionJson[]): { asset: string; amount: string }[] {
  const byAsset = new Map<string, Decimal>();
  for (const { unconvertedFee: fee } of executions) {
    if (fee) byAsset.set(fee.asset, add(byAsset.get(fee.asset) ?? ZERO, D(fee.amount)));
  }
  return [...byAsset].map(([asset, amount]) => ({ asset, amount: amount.toString() }));
}
