import { toUnguardedText } from '../../csv';
import type { RowKind } from '../detect/side';
import type { ColumnMapping } from '../detect/roles';
import type { BrokerFigureCells } from './broker-figures';

/** A row's cells by role, as text ('' when the file has no such column or the cell is blank). */
export type RawRecord = {
  date: string;
  time: string;
  symbol: string;
  /**
   * The symbol cell as the file wrote it, kept with the fill (executions.broker_symbol) after a
   * preset's row hook has rewritten `symbol` for the instrument parser (`NIFTY25JANFUT` → `NIFTY JAN25`).
   */
  fileSymbol: string;
  /**
   * The fill's day alone (`YYYY-MM-DD`) when a column other than the date says its file gave no
   * time of day (an Edgebook CSV's `executed_on`, whose `executed_at` is then a placeholder); ''
   * otherwise.
   */
  fileDay: string;
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
  /** Set by a crypto preset: the pair, and a fee charged in an asset other than the quote (fee-assets.ts). */
  crypto?: CryptoFill;
  /** The broker's own figures of the row, when the layout names their columns (broker-figures.ts). */
  broker?: BrokerFigureCells;
};

/**
 * A crypto fill's pair and, when the file names one, the fee as charged: in the base asset, the
 * quote asset or a third one (BNB). `quantity` is then the quantity as ordered (before a base-asset
 * fee) and `fees` holds only fees already in the quote.
 */
export type CryptoFill = { base: string; quote: string; fee?: { amount: string; asset: string } };

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
  const fees: string[] = [];
  for (const index of mapping.fees ?? []) fees.push(readCell(cells, index));
  const symbol = readCell(cells, mapping.symbol);
  return {
    fees,
    date: readCell(cells, mapping.date),
    time: readCell(cells, mapping.time),
    symbol,
    fileSymbol: symbol,
    fileDay: '',
    side: readCell(cells, mapping.side),
    type: readCell(cells, mapping.type),
    description: readCell(cells, mapping.description),
    quantity: readCell(cells, mapping.quantity),
    price: readCell(cells, mapping.price),
    commission: readCell(cells, mapping.commission),
    amount: readCell(cells, mapping.amount),
    account: readCell(cells, mapping.account),
    currency: readCell(cells, mapping.currency),
    assetClass: readCell(cells, mapping.assetClass),
    underlying: readCell(cells, mapping.underlying),
    expiry: readCell(cells, mapping.expiry),
    strike: readCell(cells, mapping.strike),
    optionRight: readCell(cells, mapping.optionRight),
    multiplier: readCell(cells, mapping.multiplier),
    execId: readCell(cells, mapping.execId),
    orderId: readCell(cells, mapping.orderId),
    status: readCell(cells, mapping.status),
    openClose: readCell(cells, mapping.openClose),
  };
}

/**
 * A cell by its column, trimmed and unwrapped ('' for a role with no column): Excel's text guard
 * (`="123"`) and the formula guard Edgebook's export writes (`'=1+2`, toUnguardedText). Not a
 * closure in toRawRecord: the server runs through tsx, whose keepNames names every closure as it is made.
 */
function readCell(cells: readonly string[], index: number | undefined): string {
  if (index === undefined) return '';
  const text = (cells[index] ?? '').trim();
  const first = text.charCodeAt(0);
  if (first === EQUALS_SIGN) return text.replace(/^="(.*)"$/, '$1');
  return first === APOSTROPHE ? toUnguardedText(text) : text;
}

const EQUALS_SIGN = 61;
const APOSTROPHE = 39;
