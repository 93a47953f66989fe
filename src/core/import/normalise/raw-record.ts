import type { RowKind } from '../detect/side';
import type { ColumnMapping } from '../detect/roles';

/** A row's cells by role, as text ('' when the file has no such column or the cell is blank). */
export type RawRecord = {
  date: string;
  time: string;
  symbol: string;
  side: string;
  type: string;
  description: string;
  quantity: string;
  price: string;
  commission: string;
  /** One entry per fee column. */
  fees: string[];
  amount: string;
  account: string;
  currency: string;
  assetClass: string;
  underlying: string;
  expiry: string;
  strike: string;
  optionRight: string;
  multiplier: string;
  execId: string;
  orderId: string;
  status: string;
  openClose: string;
  /** Set by a preset when it knows better than the side/type words (`B 100 BHP @ 38.50`). */
  kind?: RowKind;
  /** Set by a preset: the execution id or order id of an earlier fill this row cancels. */
  cancelsId?: string;
  /** Set by a preset: further ids of this fill that a cancelling row may name (IBKR's TradeID). */
  otherIds?: string[];
  /** Set by a preset: the symbol is already an instrument the parser reads in this class. */
  assetClassHint?: 'stock' | 'etf' | 'option' | 'future' | 'forex' | 'crypto' | 'cfd';
  /** Set by a preset: the side a closing event (expiration) takes when no open position is known. */
  eventSideHint?: 'buy' | 'sell';
};

/** What a preset's row hook sees besides the record. */
export type RowContext = {
  /** A cell of this row by header name (compared normalised), or '' when the file has no such column. */
  cell: (header: string) => string;
  /** The same for another row (0-based index into the data rows), for layouts that spread a fill over rows. */
  cellAt: (rowIndex: number, header: string) => string;
  /** 0-based index of this row among the data rows. */
  rowIndex: number;
  rowCount: number;
  /** The file's cells of this row. */
  cells: readonly string[];
};

export type RowHookResult = RawRecord | { skip: string };

/**
 * Reads a row's cells into a record by the mapping. Excel text guards (`="123"`) are unwrapped.
 * Built as one literal, every role in the same order: a million rows then share one object shape.
 */
export function toRawRecord(cells: readonly string[], mapping: ColumnMapping): RawRecord {
  const read = (index: number | undefined): string => {
    if (index === undefined) return '';
    const text = (cells[index] ?? '').trim();
    return text.charCodeAt(0) === EQUALS_SIGN ? text.replace(/^="(.*)"$/, '$1') : text;
  };
  return {
    fees: (mapping.fees ?? []).map(read),
    date: read(mapping.date),
    time: read(mapping.time),
    symbol: read(mapping.symbol),
    side: read(mapping.side),
    type: read(mapping.type),
    description: read(mapping.description),
    quantity: read(mapping.quantity),
    price: read(mapping.price),
    commission: read(mapping.commission),
    amount: read(mapping.amount),
    account: read(mapping.account),
    currency: read(mapping.currency),
    assetClass: read(mapping.assetClass),
    underlying: read(mapping.underlying),
    expiry: read(mapping.expiry),
    strike: read(mapping.strike),
    optionRight: read(mapping.optionRight),
    multiplier: read(mapping.multiplier),
    execId: read(mapping.execId),
    orderId: read(mapping.orderId),
    status: read(mapping.status),
    openClose: read(mapping.openClose),
  };
}

const EQUALS_SIGN = 61;
