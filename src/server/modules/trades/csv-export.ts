import { and, eq, sql, type SQL } from 'drizzle-orm';
import { toCsvLine, type CsvCellKind } from '../../../core/csv';
import type { ResolvedTradeFilter } from '../../../core/query';
import type { Db } from '../../db/client';
import { toTradeFilterSql } from '../../db/trade-filter-sql';
import { executions, tradeJournals, tradeParts, trades } from '../../db/schema';
import { listAccounts } from '../accounts';
import { listStrategies } from '../strategies';
import { listTags } from '../tags';
import { D } from '../../../core/trades';
import { toExportedFingerprint } from './execution-input';
import { toDecimalText } from './trade-json';
import { listTagsByOpener } from './trades.queries';
import { yieldToEventLoop } from '../../event-loop';
import { selectRows } from '../../db/raw-rows';

/**
 * The Edgebook CSV format (version 1): every trade and execution of a user, one row per execution,
 * readable back by an importer without loss. RFC 4180: comma-separated, CRLF line ends, a field
 * quoted (with inner quotes doubled) when it holds a comma, quote, line break or space. UTF-8, no BOM.
 * A text cell that would run as a formula in a spreadsheet (it begins with = + - @, tab or carriage
 * return) is written with a leading `'`, which the import takes off again; the number columns are
 * written as plain numbers (src/core/csv).
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
 *   fingerprint     the fill's identity in Edgebook, `fp:<uuid>` (importing the file again adds nothing)
 *   stop_price, target_price, risk_amount, strategy, tags, mistakes, emotions, rating, notes
 *                   the trade's journal, on its first row only (its opening fill) and empty on
 *                   the others; tags, mistakes and emotions are JSON arrays of strings (tags by
 *                   name), rating 1–5 or empty, notes Markdown (line breaks kept)
 *   executed_on     the fill's day (YYYY-MM-DD) when its broker's file gave no time of day
 *                   (`executed_at` is then a placeholder for order only); empty otherwise
 *   broker_symbol   the symbol as the broker's file wrote it (`MESH5` for `MESH25`); empty when
 *                   not known (fills stored before Edgebook kept it)
 *
 * The last two came after the first version: an importer reads a file without them as before.
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
  'executed_on',
  'broker_symbol',
] as const;

const NUMBER_COLUMNS: ReadonlySet<string> = new Set([
  'quantity',
  'price',
  'commission',
  'fees',
  'multiplier',
  'stop_price',
  'target_price',
  'risk_amount',
  'rating',
]);

/** The kind of each column of EDGEBOOK_CSV_COLUMNS, in its order: numbers stay numbers. */
export const EDGEBOOK_CSV_KINDS: readonly CsvCellKind[] = EDGEBOOK_CSV_COLUMNS.map((column) =>
  NUMBER_COLUMNS.has(column) ? 'number' : 'text',
);

// With PGlite a query runs on this thread: a batch's query is as long as other requests can wait.
const TRADES_PER_BATCH = 500;

/** One part of a trade with its fill, and the trade's journal (repeated on each of its rows). */
type ExportRow = {
  trade_id: string;
  account_id: string;
  opening_execution_id: string;
  opened_at: string;
  stop_price: string | null;
  target_price: string | null;
  risk_amount: string | null;
  strategy_id: string | null;
  mistakes: string | string[];
  emotions: string | string[];
  rating: number | null;
  /** Only on the opening fill's row (the only one that shows it). */
  notes: string;
  role: 'entry' | 'exit';
  part_quantity: string;
  execution_id: string;
  executed_at: string;
  executed_on: string | null;
  symbol: string;
  broker_symbol: string | null;
  asset_class: string;
  side: string;
  quantity: string;
  price: string;
  commission: string;
  fees: string;
  multiplier: string;
  currency: string;
  broker_exec_id: string | null;
  fingerprint: string;
  sequence: string | number;
};

/**
 * The next batch: TRADES_PER_BATCH trades opened after `after` (every trade tied with the
 * last one's opening time included, so trades opened at one instant are never split), each with
 * its parts and fills, in one statement. The batch is a keyset range on the (user_id, opened_at)
 * index; parts and fills are primary-key lookups. Times come back as ISO text so that no Date
 * objects are built per row.
 */
async function listBatchRows(
  db: Db,
  params: { userId: string; after: string | null; filter: SQL[] },
): Promise<ExportRow[]> {
  const { userId, after } = params;
  // Unaliased, so that the list's filter conditions (which name "trades"."…") apply as they are.
  const conditions = [eq(trades.userId, userId), ...params.filter];
  if (after !== null) conditions.push(sql`${trades.openedAt} > ${after}::timestamptz`);
  const where = and(...conditions);
  const rows = await selectRows<ExportRow>(
    db,
    sql`
    with bound as (
      select ${trades.openedAt} as opened_at from ${trades} where ${where}
      order by ${trades.openedAt} offset ${TRADES_PER_BATCH - 1} limit 1
    ), batch as (
      select ${trades}.id, ${trades}.account_id, ${trades}.opening_execution_id, ${trades}.opened_at,
        j.stop_price, j.target_price, j.risk_amount, j.strategy_id, coalesce(j.mistakes, '[]'::jsonb) as mistakes,
        coalesce(j.emotions, '[]'::jsonb) as emotions, j.rating, coalesce(j.notes, '') as notes
      from ${trades} left join ${tradeJournals} j on j.opening_execution_id = ${trades.openingExecutionId}
      where ${where} and ${trades.openedAt} <= coalesce((select opened_at from bound), 'infinity'::timestamptz)
    )
    select b.id as trade_id, b.account_id, b.opening_execution_id,
      to_char(b.opened_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as opened_at,
      b.stop_price, b.target_price, b.risk_amount, b.strategy_id, b.mistakes, b.emotions, b.rating,
      case when e.id = b.opening_execution_id then b.notes else '' end as notes,
      te.role, te.quantity as part_quantity, e.id as execution_id,
      to_char(e.executed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as executed_at,
      e.executed_on::text as executed_on, e.symbol, e.broker_symbol, e.asset_class, e.side, e.quantity, e.price, e.commission, e.fees, e.multiplier, e.currency,
      e.broker_exec_id, e.fingerprint, e.sequence
    from batch b
    join ${tradeParts} te on te.trade_id = b.id
    join ${executions} e on e.id = te.execution_id
    order by b.opened_at, b.id, e.executed_at, e.sequence`,
  );
  return rows;
}

/** jsonb arrives parsed from PGlite and as text from some drivers: both read as a list. */
function toList(value: string | string[]): string[] {
  return typeof value === 'string' ? (JSON.parse(value) as string[]) : value; // the column holds string[] JSON
}

/**
 * The user's trades as Edgebook CSV (optionally only those matching the trade list's filters),
 * produced in batches of about 500 trades: one keyset query each, so memory stays flat and
 * other requests are served between batches whatever the number of trades.
 */
export async function* streamTradesCsv(
  db: Db,
  params: { userId: string; filter?: ResolvedTradeFilter },
): AsyncGenerator<string> {
  const { userId } = params;
  const accountNames = new Map((await listAccounts(db, userId)).map((a) => [a.id, a.name]));
  const strategyNames = new Map((await listStrategies(db, userId)).map((s) => [s.id, s.name]));
  const hasTags = (await listTags(db, userId)).length > 0;
  // The user condition is in the query itself; the filter's conditions apply as the list's do.
  const filter = params.filter ? toTradeFilterSql(params.filter) : [];
  yield toCsvLine(EDGEBOOK_CSV_COLUMNS);
  let after: string | null = null;
  for (;;) {
    const rows = await listBatchRows(db, { userId, after, filter });
    const last = rows[rows.length - 1];
    if (!last) return;
    after = last.opened_at;
    const tags = hasTags
      ? await listTagsByOpener(db, [...new Set(rows.map((row) => row.opening_execution_id))])
      : new Map<string, { name: string }[]>();
    yield toCsvChunk(rows, { accountNames, strategyNames, tags });
    await yieldToEventLoop();
  }
}

/**
 * The CSV lines of one batch. A fill that flipped the position is an exit of one trade for part of
 * its quantity and the entry of the next for the rest: it is listed once, under the trade it
 * opened, so its exit part (the one with less than the fill's quantity) is skipped. Trades come in
 * opening order, ties by their opening fill's sequence (one instrument's replay order).
 */
function toCsvChunk(
  rows: readonly ExportRow[],
  names: {
    accountNames: ReadonlyMap<string, string>;
    strategyNames: ReadonlyMap<string, string>;
    tags: ReadonlyMap<string, { name: string }[]>;
  },
): string {
  const byTrade = new Map<string, ExportRow[]>();
  const openerSequence = new Map<string, number>();
  for (const row of rows) {
    if (row.execution_id === row.opening_execution_id) openerSequence.set(row.trade_id, Number(row.sequence));
    if (row.role === 'exit' && !D(row.part_quantity).eq(D(row.quantity))) continue;
    const list = byTrade.get(row.trade_id);
    if (list) list.push(row);
    else byTrade.set(row.trade_id, [row]);
  }
  const ordered = [...byTrade.values()].sort((a, b) => {
    const x = a[0]!; // lists are never empty
    const y = b[0]!;
    if (x.opened_at !== y.opened_at) return x.opened_at < y.opened_at ? -1 : 1;
    const bySequence = (openerSequence.get(x.trade_id) ?? 0) - (openerSequence.get(y.trade_id) ?? 0);
    return bySequence !== 0 ? bySequence : x.trade_id < y.trade_id ? -1 : 1;
  });
  let chunk = '';
  for (const fills of ordered) {
    for (const fill of fills) {
      const journal =
        fill.execution_id === fill.opening_execution_id
          ? [
              fill.stop_price === null ? '' : toDecimalText(fill.stop_price),
              fill.target_price === null ? '' : toDecimalText(fill.target_price),
              fill.risk_amount === null ? '' : toDecimalText(fill.risk_amount),
              fill.strategy_id === null ? '' : (names.strategyNames.get(fill.strategy_id) ?? ''),
              JSON.stringify((names.tags.get(fill.opening_execution_id) ?? []).map((tag) => tag.name)),
              JSON.stringify(toList(fill.mistakes)),
              JSON.stringify(toList(fill.emotions)),
              fill.rating === null ? '' : String(fill.rating),
              fill.notes,
            ]
          : EMPTY_JOURNAL;
      chunk += toCsvLine(
        [
          fill.trade_id,
          names.accountNames.get(fill.account_id) ?? '',
          fill.executed_at,
          fill.symbol,
          fill.asset_class,
          fill.side,
          toDecimalText(fill.quantity),
          toDecimalText(fill.price),
          toDecimalText(fill.commission),
          toDecimalText(fill.fees),
          toDecimalText(fill.multiplier),
          fill.currency,
          fill.broker_exec_id ?? '',
          toExportedFingerprint(fill.fingerprint),
          ...journal,
          fill.executed_on ?? '',
          fill.broker_symbol ?? '',
        ],
        EDGEBOOK_CSV_KINDS,
      );
    }
  }
  return chunk;
}

const EMPTY_JOURNAL = ['', '', '', '', '', '', '', '', ''] as const;
