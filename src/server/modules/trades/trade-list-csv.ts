import type { TradeJson, TradeListQuery } from '../../../contracts/trades';
import { toCsvLine, type CsvCellKind } from '../../../core/csv';
import { toWallClockText } from '../../../core/query';
import type { Db } from '../../db/client';
import { listAccounts } from '../accounts';
import { listStrategies } from '../strategies';
import type { TradeOrderCache } from './trade-order-cache';
import { listTrades } from './trades.service';

/** Trades per page read for the file: one keyset query each, so memory stays flat. */
const PAGE = 500;

type Column = { header: string; kind: CsvCellKind; value: (trade: TradeJson, names: Names) => string };
type Names = { accounts: Map<string, string>; strategies: Map<string, string>; toLocal: (iso: string) => string };

const COLUMNS: readonly Column[] = [
  { header: 'Trade id', kind: 'text', value: (t) => t.id },
  { header: 'Account', kind: 'text', value: (t, n) => n.accounts.get(t.accountId) ?? '' },
  { header: 'Symbol', kind: 'text', value: (t) => t.symbol },
  { header: 'Asset class', kind: 'text', value: (t) => t.assetClass },
  { header: 'Direction', kind: 'text', value: (t) => t.direction },
  { header: 'Status', kind: 'text', value: (t) => t.status },
  // A fill whose file gave no time of day: its day alone (YYYY-MM-DD), never a placeholder midnight.
  { header: 'Opened', kind: 'text', value: (t, n) => t.openedOn ?? n.toLocal(t.openedAt) },
  { header: 'Closed', kind: 'text', value: (t, n) => t.closedOn ?? (t.closedAt ? n.toLocal(t.closedAt) : '') },
  { header: 'Quantity', kind: 'number', value: (t) => t.quantity },
  { header: 'Average entry', kind: 'number', value: (t) => t.avgEntryPrice },
  { header: 'Average exit', kind: 'number', value: (t) => t.avgExitPrice ?? '' },
  { header: 'Multiplier', kind: 'number', value: (t) => t.multiplier },
  { header: 'Currency', kind: 'text', value: (t) => t.currency },
  { header: 'Gross P&L', kind: 'number', value: (t) => t.grossPnl },
  { header: 'Commission', kind: 'number', value: (t) => t.commission },
  { header: 'Fees', kind: 'number', value: (t) => t.fees },
  { header: 'Net P&L', kind: 'number', value: (t) => t.netPnl },
  { header: 'Initial risk', kind: 'number', value: (t) => t.initialRisk ?? '' },
  { header: 'R', kind: 'number', value: (t) => t.rMultiple ?? '' },
  { header: 'Stop', kind: 'number', value: (t) => t.stopPrice ?? '' },
  { header: 'Target', kind: 'number', value: (t) => t.targetPrice ?? '' },
  {
    header: 'Holding seconds',
    kind: 'number',
    value: (t) => (t.holdingSeconds === null ? '' : String(t.holdingSeconds)),
  },
  { header: 'Executions', kind: 'number', value: (t) => String(t.executionCount) },
  { header: 'Strategy', kind: 'text', value: (t, n) => (t.strategyId ? (n.strategies.get(t.strategyId) ?? '') : '') },
  { header: 'Tags', kind: 'text', value: (t) => t.tags.map((tag) => tag.name).join('; ') },
  { header: 'Mistakes', kind: 'text', value: (t) => t.mistakes.join('; ') },
  { header: 'Emotions', kind: 'text', value: (t) => t.emotions.join('; ') },
  { header: 'Rating', kind: 'number', value: (t) => (t.rating === null ? '' : String(t.rating)) },
  { header: 'Notes', kind: 'text', value: (t) => t.notes },
];
const KINDS = COLUMNS.map((c) => c.kind);

/**
 * `GET /api/trades/list.csv`: the trades of the list's filter, one row each, oldest first, in the
 * trader's time zone (named in the time columns' headers). Every cell goes through the CSV writer,
 * so a text that looks like a formula is not run by a spreadsheet.
 */
export async function* streamTradeListCsv(
  db: Db,
  params: { userId: string; timeZone: string; query: TradeListQuery; orders: TradeOrderCache },
): AsyncGenerator<string> {
  const [accounts, strategies] = await Promise.all([
    listAccounts(db, params.userId),
    listStrategies(db, params.userId),
  ]);
  const names: Names = {
    accounts: new Map(accounts.map((a) => [a.id, a.name])),
    strategies: new Map(strategies.map((s) => [s.id, s.name])),
    toLocal: (iso) => toWallClockText(Date.parse(iso), params.timeZone),
  };
  yield toCsvLine(
    COLUMNS.map((c) =>
      c.header === 'Opened' || c.header === 'Closed' ? `${c.header} (${params.timeZone})` : c.header,
    ),
  );
  let cursor: string | undefined;
  for (;;) {
    const page = await listTrades(db, {
      userId: params.userId,
      timeZone: params.timeZone,
      orders: params.orders,
      accounts,
      query: { ...params.query, sort: 'openedAt', order: 'asc', limit: PAGE, cursor },
    });
    let chunk = '';
    for (const trade of page.trades)
      chunk += toCsvLine(
        COLUMNS.map((c) => c.value(trade, names)),
        KINDS,
      );
    if (chunk) yield chunk;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}
