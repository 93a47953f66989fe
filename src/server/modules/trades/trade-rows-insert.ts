import type { TradePartValues, TradeRowValues } from '../../../core/trades';
import { insertNewRows, toBulkColumns, type NewRows, type WrittenKeys } from '../../db/bulk-insert';
import type { Db } from '../../db/client';
import { tradeExecutions, trades } from '../../db/schema';

/** A trade as written (buildTradeRows): a value for every written column of `trades`. */
export type TradeInsert = TradeRowValues;
export type TradeExecutionInsert = TradePartValues;

// A column added to `trades` that buildTradeRows does not derive (or the other way round) fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const TRADE_COLUMNS_MATCH: Same<keyof TradeInsert, WrittenKeys<typeof trades>> = true;
const PART_COLUMNS_MATCH: Same<keyof TradeExecutionInsert, WrittenKeys<typeof tradeExecutions>> = true;
void [TRADE_COLUMNS_MATCH, PART_COLUMNS_MATCH];

const TRADE_COLUMNS = toBulkColumns<typeof trades, TradeInsert>(trades);
const PART_COLUMNS = toBulkColumns<typeof tradeExecutions, TradeExecutionInsert>(tradeExecutions);

export type TradeRows = { trades: readonly TradeInsert[]; parts: readonly TradeExecutionInsert[] };
/** Grouped trades and their links as insertNewRows takes them (or toCopyRows encodes them). */
export function toNewTradeRows(rows: TradeRows): {
  trades: NewRows<TradeInsert>;
  parts: NewRows<TradeExecutionInsert>;
} {
  return {
    trades: { table: trades, columns: TRADE_COLUMNS, rows: rows.trades },
    parts: { table: tradeExecutions, columns: PART_COLUMNS, rows: rows.parts },
  };
}

/** Inserts grouped trades and then the links of their split fills, in bulk (new ids: nothing conflicts). */
export async function insertTradeRows(db: Db, rows: TradeRows): Promise<void> {
  const { trades: tradeRows, parts } = toNewTradeRows(rows);
  await insertNewRows(db, tradeRows);
  await insertNewRows(db, parts);
}
