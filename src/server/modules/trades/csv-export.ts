import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executions, tradeExecutions, trades } from '../../db/schema';
import { listAccounts } from '../accounts/accounts.queries';
import { listStrategies } from '../strategies/strategies.queries';
import { D } from '../../../core/trades';
import { toDecimalText, type TradeRow } from './trade-json';
import { listTagsByOpener } from './trades.queries';

/**
 * The Edgebook CSV format (version 1): every trade and execution of a user, one row per execution,
 * readable back by an importer without loss. RFC 4180: comma-separated, CRLF line ends, a field
 * quoted (with inner quotes doubled) when it holds a comma, quote, line break or space. UTF-8, no BOM.
 *
 * Header, in this order:
 *
 *   trade_id        the trade the row belongs to (a fill that flipped the position is listed once,
 *                   under the trade it opened)
 *   account         the account's name
 *   executed_at     ISO-8601 UTC with milliseconds, 2025-01-17T14:30:05.123Z
 *   symbol          the normalised symbol (OCC for options, ESZ24 for futures, EUR/USD, BTC/USDT)
 *   asset_class     stock | etf | option | future | forex | crypto | cfd
 *   side            buy | sell
 *   quantity, price, commission, fees, multiplier
 *                   plain decimals (no exponent, no separators), commission and fees ≥ 0
 *   currency        of price, commission and fees
 *   broker_exec_id  the broker's execution id, empty when unknown
 *   fingerprint     the fill's identity in Edgebook (importing the file again adds nothing)
 *   stop_price, target_price, risk_amount, strategy, tags, mistakes, emotions, rating, notes
 *                   the trade's journal, on its first row only (its opening fill) and empty on
 *                   the others; tags, mistakes and emotions are JSON arrays of strings (tags by
 *                   name), rating 1–5 or empty, notes Markdown (line breaks kept)
 *
 * Rows come trade by trade in opening order, each trade's fills in time order; within one account
 * and instrument that is the order fills replay in, so reading the rows in file order (as the
 * sequence) rebuilds the same trades.
 */
export const EDGEBOOK_CSV_COLUMNS = [
  'trade_id',
  'account',
  'executed_at',
  'symbol',
  'asset_class',
  'side',
  'quantity',
  'price',
  'commission',
  'fees',
  'multiplier',
  'currency',
  'broker_exec_id',
  'fingerprint',
  'stop_price',
  'target_price',
  'risk_amount',
  'strategy',
  'tags',
  'mistakes',
  'emotions',
  'rating',
  'notes',
] as const;

const TRADES_PER_BATCH = 1_000;
const NEEDS_QUOTES = /[",\r\n ]/;

export function toCsvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function toCsvLine(fields: readonly string[]): string {
  return `${fields.map(toCsvField).join(',')}\r\n`;
}

// Only what the file needs: with PGlite, every column of every row costs.
const EXPORTED_TRADE_COLUMNS = {
  id: trades.id,
  accountId: trades.accountId,
  openingExecutionId: trades.openingExecutionId,
  openedAt: trades.openedAt,
  stopPrice: trades.stopPrice,
  targetPrice: trades.targetPrice,
  riskAmount: trades.riskAmount,
  strategyId: trades.strategyId,
  mistakes: trades.mistakes,
  emotions: trades.emotions,
  rating: trades.rating,
  notes: trades.notes,
};
type ExportedTrade = Pick<TradeRow, keyof typeof EXPORTED_TRADE_COLUMNS>;

/** The next batch of trades in (openedAt, id) order after `after`, plus every trade tied with its last. */
async function nextBatch(db: Db, userId: string, after: Date | null): Promise<ExportedTrade[]> {
  const batch = await db
    .select(EXPORTED_TRADE_COLUMNS)
    .from(trades)
    .where(after ? and(eq(trades.userId, userId), gt(trades.openedAt, after)) : eq(trades.userId, userId))
    .orderBy(asc(trades.openedAt), asc(trades.id))
    .limit(TRADES_PER_BATCH);
  const last = batch[batch.length - 1];
  // Trades opened at the same instant must land in one batch: they are ordered by their opening
  // fill's sequence below, which keeps one instrument's replay order.
  if (last && batch.length === TRADES_PER_BATCH) {
    batch.push(
      ...(await db
        .select(EXPORTED_TRADE_COLUMNS)
        .from(trades)
        .where(and(eq(trades.userId, userId), eq(trades.openedAt, last.openedAt), gt(trades.id, last.id)))
        .orderBy(asc(trades.id))),
    );
  }
  return batch;
}

type ExportedFill = {
  tradeId: string;
  id: string;
  executedAt: Date;
  symbol: string;
  assetClass: string;
  side: string;
  quantity: string;
  price: string;
  commission: string;
  fees: string;
  multiplier: string;
  currency: string;
  brokerExecId: string | null;
  fingerprint: string;
  sequence: number;
};

/**
 * The whole fills of these trades, each listed once: a fill that flipped the position is an exit
 * of one trade for part of its quantity and the entry of the next for the rest; it is listed under
 * the trade it opened, so its exit part (the one with less than the fill's quantity) is skipped.
 * Two index lookups (parts by trade, fills by id) rather than one join, which the planner tends to
 * run as a scan of every execution.
 */
async function listFills(db: Db, tradeIds: string[]): Promise<Map<string, ExportedFill[]>> {
  const parts = await db
    .select({
      tradeId: tradeExecutions.tradeId,
      executionId: tradeExecutions.executionId,
      role: tradeExecutions.role,
      quantity: tradeExecutions.quantity,
    })
    .from(tradeExecutions)
    .where(sql`${tradeExecutions.tradeId} = any(${sql.param(tradeIds)}::uuid[])`);
  const fills = await db
    .select({
      id: executions.id,
      executedAt: executions.executedAt,
      symbol: executions.symbol,
      assetClass: executions.assetClass,
      side: executions.side,
      quantity: executions.quantity,
      price: executions.price,
      commission: executions.commission,
      fees: executions.fees,
      multiplier: executions.multiplier,
      currency: executions.currency,
      brokerExecId: executions.brokerExecId,
      fingerprint: executions.fingerprint,
      sequence: executions.sequence,
    })
    .from(executions)
    .where(sql`${executions.id} = any(${sql.param([...new Set(parts.map((p) => p.executionId))])}::uuid[])`);
  const byId = new Map(fills.map((fill) => [fill.id, fill]));
  const byTrade = new Map<string, ExportedFill[]>();
  for (const part of parts) {
    const fill = byId.get(part.executionId);
    if (!fill || (part.role === 'exit' && !D(part.quantity).eq(D(fill.quantity)))) continue;
    const list = byTrade.get(part.tradeId);
    if (list) list.push({ ...fill, tradeId: part.tradeId });
    else byTrade.set(part.tradeId, [{ ...fill, tradeId: part.tradeId }]);
  }
  for (const list of byTrade.values())
    list.sort((a, b) => a.executedAt.getTime() - b.executedAt.getTime() || a.sequence - b.sequence);
  return byTrade;
}

/**
 * The user's trades as Edgebook CSV, produced in batches of about 1,000 trades (a keyset walk on
 * the openedAt index), so memory stays flat whatever the number of trades.
 */
export async function* streamTradesCsv(db: Db, params: { userId: string }): AsyncGenerator<string> {
  const { userId } = params;
  const accountNames = new Map((await listAccounts(db, userId)).map((a) => [a.id, a.name]));
  const strategyNames = new Map((await listStrategies(db, userId)).map((s) => [s.id, s.name]));
  yield toCsvLine(EDGEBOOK_CSV_COLUMNS);
  let after: Date | null = null;
  for (;;) {
    const batch = await nextBatch(db, userId, after);
    const last = batch[batch.length - 1];
    if (!last) return;
    after = last.openedAt;
    const fills = await listFills(
      db,
      batch.map((t) => t.id),
    );
    const tags = await listTagsByOpener(
      db,
      batch.map((t) => t.openingExecutionId),
    );
    const openerSequence = (trade: ExportedTrade) =>
      fills.get(trade.id)?.find((fill) => fill.id === trade.openingExecutionId)?.sequence ?? 0;
    batch.sort(
      (a, b) =>
        a.openedAt.getTime() - b.openedAt.getTime() || openerSequence(a) - openerSequence(b) || (a.id < b.id ? -1 : 1),
    );
    let chunk = '';
    for (const trade of batch) {
      for (const fill of fills.get(trade.id) ?? []) {
        const isFirst = fill.id === trade.openingExecutionId;
        const journal = isFirst
          ? [
              trade.stopPrice === null ? '' : toDecimalText(trade.stopPrice),
              trade.targetPrice === null ? '' : toDecimalText(trade.targetPrice),
              trade.riskAmount === null ? '' : toDecimalText(trade.riskAmount),
              trade.strategyId === null ? '' : (strategyNames.get(trade.strategyId) ?? ''),
              JSON.stringify((tags.get(trade.openingExecutionId) ?? []).map((tag) => tag.name)),
              JSON.stringify(trade.mistakes),
              JSON.stringify(trade.emotions),
              trade.rating === null ? '' : String(trade.rating),
              trade.notes,
            ]
          : ['', '', '', '', '', '', '', '', ''];
        chunk += toCsvLine([
          trade.id,
          accountNames.get(trade.accountId) ?? '',
          fill.executedAt.toISOString(),
          fill.symbol,
          fill.assetClass,
          fill.side,
          toDecimalText(fill.quantity),
          toDecimalText(fill.price),
          toDecimalText(fill.commission),
          toDecimalText(fill.fees),
          toDecimalText(fill.multiplier),
          fill.currency,
          fill.brokerExecId ?? '',
          fill.fingerprint,
          ...journal,
        ]);
      }
    }
    yield chunk;
  }
}
