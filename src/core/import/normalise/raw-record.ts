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

const TEXT_ROLES = [
  'date',
  'time',
  'symbol',
  'side',
  'type',
  'description',
  'quantity',
  'price',
  'commission',
  'amount',
  'account',
  'currency',
  'assetClass',
  'underlying',
  'expiry',
  'strike',
  'optionRight',
  'multiplier',
  'execId',
  'orderId',
  'status',
  'openClose',
] as const;

/** Reads a row's cells into a record by the mapping. Excel text guards (`="123"`) are unwrapped. */
export function toRawRecord(cells: readonly string[], mapping: ColumnMapping): RawRecord {
  const read = (index: number | undefined): string =>
    index === undefined ? '' : (cells[index] ?? '').trim().replace(/^="(.*)"$/, '$1');
  const record = { fees: (mapping.fees ?? []).map(read) } as Partial<RawRecord> & { fees: string[] };
  for (const role of TEXT_ROLES) record[role] = read(mapping[role]);
  return record as RawRecord; // every text role was just assigned
}
