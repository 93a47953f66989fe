import { insertNewRows, type BulkColumn, type NewRows } from '../../db/bulk-insert';
import type { Db } from '../../db/client';
import { tradeExecutions, trades } from '../../db/schema';

/**
 * A trade as written, its times as ISO-8601 UTC text (grouping's own, and PostgreSQL reads it as
 * it is): as Dates they were parsed and printed again, about 2 µs a trade of a large import.
 */
export type TradeInsert = Omit<typeof trades.$inferInsert, 'openedAt' | 'closedAt'> & {
  openedAt: string;
  closedAt?: string | null;
};
export type TradeExecutionInsert = typeof tradeExecutions.$inferInsert;

const orNull = <T>(value: T | null | undefined): T | null => value ?? null;

// Every column of a grouped trade (ids and times are always set by buildTradeRows).
const TRADE_COLUMNS: BulkColumn<TradeInsert>[] = [
  { name: 'id', type: 'uuid', value: (t) => t.id },
  { name: 'user_id', type: 'uuid', value: (t) => t.userId },
  { name: 'account_id', type: 'uuid', value: (t) => t.accountId },
  { name: 'opening_execution_id', type: 'uuid', value: (t) => t.openingExecutionId },
  { name: 'closing_execution_id', type: 'uuid', value: (t) => orNull(t.closingExecutionId) },
  { name: 'instrument_key', type: 'text', value: (t) => t.instrumentKey },
  { name: 'symbol', type: 'text', value: (t) => t.symbol },
  { name: 'asset_class', type: 'text', value: (t) => t.assetClass },
  { name: 'direction', type: 'text', value: (t) => t.direction },
  { name: 'status', type: 'text', value: (t) => t.status },
  { name: 'opened_at', type: 'timestamptz', value: (t) => t.openedAt },
  { name: 'closed_at', type: 'timestamptz', value: (t) => orNull(t.closedAt) },
  { name: 'quantity', type: 'numeric', value: (t) => t.quantity },
  { name: 'max_position', type: 'numeric', value: (t) => t.maxPosition },
  { name: 'avg_entry_price', type: 'numeric', value: (t) => t.avgEntryPrice },
  { name: 'avg_exit_price', type: 'numeric', value: (t) => orNull(t.avgExitPrice) },
  { name: 'multiplier', type: 'numeric', value: (t) => t.multiplier },
  { name: 'currency', type: 'text', value: (t) => t.currency },
  { name: 'gross_pnl', type: 'numeric', value: (t) => t.grossPnl },
  { name: 'commission', type: 'numeric', value: (t) => t.commission },
  { name: 'fees', type: 'numeric', value: (t) => t.fees },
  { name: 'net_pnl', type: 'numeric', value: (t) => t.netPnl },
  { name: 'holding_seconds', type: 'float8', value: (t) => orNull(t.holdingSeconds) },
  { name: 'execution_count', type: 'integer', value: (t) => t.executionCount },
  { name: 'stop_price', type: 'numeric', value: (t) => orNull(t.stopPrice) },
  { name: 'target_price', type: 'numeric', value: (t) => orNull(t.targetPrice) },
  { name: 'risk_amount', type: 'numeric', value: (t) => orNull(t.riskAmount) },
  { name: 'initial_risk', type: 'numeric', value: (t) => orNull(t.initialRisk) },
  { name: 'r_multiple', type: 'numeric', value: (t) => orNull(t.rMultiple) },
  { name: 'strategy_id', type: 'uuid', value: (t) => orNull(t.strategyId) },
  { name: 'rating', type: 'smallint', value: (t) => orNull(t.rating) },
  { name: 'mistakes', type: 'jsonb', value: (t) => t.mistakes ?? [] },
  { name: 'emotions', type: 'jsonb', value: (t) => t.emotions ?? [] },
  { name: 'notes', type: 'text', value: (t) => t.notes ?? '' },
  { name: 'created_at', type: 'timestamptz', value: (t) => t.createdAt ?? new Date() },
  { name: 'updated_at', type: 'timestamptz', value: (t) => t.updatedAt ?? new Date() },
];

/** The journal's columns: empty for every trade an import groups from new fills. */
const JOURNAL_COLUMNS = new Set([
  'stop_price',
  'target_price',
  'risk_amount',
  'strategy_id',
  'rating',
  'mistakes',
  'emotions',
  'notes',
]);

/** TRADE_COLUMNS without the journal's: the table's defaults (null, [] and '') fill them in. */
const TRADE_COLUMNS_WITHOUT_JOURNAL = TRADE_COLUMNS.filter((column) => !JOURNAL_COLUMNS.has(column.name));

const isEmptyList = (list: readonly unknown[] | null | undefined) => list == null || list.length === 0;

/** True when none of the trade's journal columns holds anything but what the table's default would. */
function hasEmptyJournal(trade: TradeInsert): boolean {
  return (
    trade.stopPrice == null &&
    trade.targetPrice == null &&
    trade.riskAmount == null &&
    trade.strategyId == null &&
    trade.rating == null &&
    isEmptyList(trade.mistakes) &&
    isEmptyList(trade.emotions) &&
    (trade.notes ?? '') === ''
  );
}

const PART_COLUMNS: BulkColumn<TradeExecutionInsert>[] = [
  { name: 'trade_id', type: 'uuid', value: (p) => p.tradeId },
  { name: 'execution_id', type: 'uuid', value: (p) => p.executionId },
  { name: 'role', type: 'text', value: (p) => p.role },
  { name: 'quantity', type: 'numeric', value: (p) => p.quantity },
  { name: 'commission', type: 'numeric', value: (p) => p.commission },
  { name: 'fees', type: 'numeric', value: (p) => p.fees },
];

export type TradeRows = { trades: readonly TradeInsert[]; parts: readonly TradeExecutionInsert[] };
/** Grouped trades and their links as insertNewRows takes them (or toCopyRows encodes them). */
export function toNewTradeRows(rows: TradeRows): {
  trades: NewRows<TradeInsert>;
  parts: NewRows<TradeExecutionInsert>;
} {
  // Rows without a journal (a large import's) leave its eight columns to their defaults: fewer
  // values to write and for the database to read, two of them JSON.
  const columns = rows.trades.every(hasEmptyJournal) ? TRADE_COLUMNS_WITHOUT_JOURNAL : TRADE_COLUMNS;
  return {
    trades: { table: trades, columns, rows: rows.trades },
    parts: { table: tradeExecutions, columns: PART_COLUMNS, rows: rows.parts },
  };
}

/** Inserts grouped trades and then the links of their split fills, in bulk (new ids: nothing conflicts). */
export async function insertTradeRows(db: Db, rows: TradeRows): Promise<void> {
  const { trades: tradeRows, parts } = toNewTradeRows(rows);
  await insertNewRows(db, tradeRows);
  await insertNewRows(db, parts);
}
