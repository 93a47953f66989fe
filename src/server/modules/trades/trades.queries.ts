import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  max,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { TRADE_SORT_COLUMNS } from '../../../contracts/trades';
import { hasDateRange, type BreakevenBands, type ResolvedTradeFilter } from '../../../core/query';
import {
  insertByUnnest,
  insertCopyRows,
  insertNewRows,
  type BulkColumn,
  type CopyRows,
  type NewRows,
} from '../../db/bulk-insert';
import type { Db } from '../../db/client';
import { newRowId } from '../../db/row-id';
import { toTradeFilterSql, TRADE_DATE_SQL } from '../../db/trade-filter-sql';
import {
  accounts,
  executions,
  fxRates,
  imports,
  tags,
  tradeJournals,
  tradeParts,
  trades,
  tradeTags,
  users,
} from '../../db/schema';
import type { PreparedExecution } from './execution-input';
import { toJournal } from './trade-journals.queries';
import type { TradePartRow, TradeRow, TradeTagJson } from './trade-json';
import type { TradeOrder } from './trade-order-cache';

export type TradeSortColumn = (typeof TRADE_SORT_COLUMNS)[number];
export type SortOrder = 'asc' | 'desc';
/** Where the previous page ended: the sort column's value there (null for a null) and the trade id. */
export type TradeCursor = { sort: TradeSortColumn; order: SortOrder; value: string | number | null; id: string };
/** One page of the trade list: at most `limit` trades after the cursor (from the start without one). */
export type TradePageParams = {
  userId: string;
  filter: ResolvedTradeFilter;
  sort: TradeSortColumn;
  order: SortOrder;
  limit: number;
  cursor: TradeCursor | null;
};

/** A fill as it goes in: its new id, entry-order number and file row. */
export type ExecutionInsertRow = {
  id: string;
  item: PreparedExecution;
  fingerprint: string;
  sequence: number;
  sourceRow: number | null;
};
const EXECUTION_COLUMNS: BulkColumn<ExecutionInsertRow>[] = [
  { name: 'id', type: 'uuid', value: (r) => r.id },
  { name: 'executed_at', type: 'timestamptz', value: (r) => r.item.executedAt },
  { name: 'executed_on', type: 'date', value: (r) => r.item.executedOn ?? null },
  { name: 'symbol', type: 'text', value: (r) => r.item.symbol },
  { name: 'broker_symbol', type: 'text', value: (r) => r.item.brokerSymbol },
  { name: 'instrument_key', type: 'text', value: (r) => r.item.instrumentKey },
  { name: 'asset_class', type: 'text', value: (r) => r.item.assetClass },
  { name: 'side', type: 'text', value: (r) => r.item.side },
  { name: 'quantity', type: 'numeric', value: (r) => r.item.quantity },
  { name: 'price', type: 'numeric', value: (r) => r.item.price },
  { name: 'commission', type: 'numeric', value: (r) => r.item.commission },
  { name: 'fees', type: 'numeric', value: (r) => r.item.fees },
  { name: 'multiplier', type: 'numeric', value: (r) => r.item.multiplier },
  { name: 'currency', type: 'text', value: (r) => r.item.currency },
  { name: 'broker_exec_id', type: 'text', value: (r) => r.item.brokerExecId },
  { name: 'quantity_step', type: 'numeric', value: (r) => r.item.quantityStep ?? null },
  { name: 'unconverted_fee', type: 'numeric', value: (r) => r.item.unconvertedFee ?? null },
  { name: 'unconverted_fee_asset', type: 'text', value: (r) => r.item.unconvertedFeeAsset ?? null },
  { name: 'broker_pnl', type: 'numeric', value: (r) => r.item.broker?.pnl ?? null },
  { name: 'broker_net', type: 'numeric', value: (r) => r.item.broker?.net ?? null },
  { name: 'broker_currency', type: 'text', value: (r) => r.item.broker?.currency ?? null },
  { name: 'fx_rate', type: 'numeric', value: (r) => r.item.broker?.fxRate ?? null },
  { name: 'fingerprint', type: 'uuid', value: (r) => r.fingerprint },
  { name: 'sequence', type: 'bigint', value: (r) => r.sequence },
  { name: 'source_row', type: 'integer', value: (r) => r.sourceRow },
];
export type ExecutionOwner = { userId: string; accountId: string; importId: string | null };
/** The columns for insertNewRows, which takes no SQL: the owner's ids as a value in every row. */
const ownedExecutionColumns = (owner: ExecutionOwner): BulkColumn<ExecutionInsertRow>[] => [
  { name: 'user_id', type: 'uuid', value: () => owner.userId },
  { name: 'account_id', type: 'uuid', value: () => owner.accountId },
  { name: 'import_id', type: 'uuid', value: () => owner.importId },
  ...EXECUTION_COLUMNS,
];
const IDS_PER_QUERY = 5_000;

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The last entry-order number the account's imports under way reserved (0 for none). */
export async function getMaxReservedSequence(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ max: max(imports.reservedSequenceThrough) })
    .from(imports)
    .where(and(eq(imports.accountId, accountId), inArray(imports.status, ['queued', 'running'])));
  return Number(row?.max ?? 0);
}

/**
 * The highest sequence among these instruments' fills at or after `from`, or reserved by the
 * account's imports under way (0 for none): new fills are numbered after it.
 */
export async function getMaxSequenceFrom(
  db: Db,
  params: { accountId: string; instrumentKeys: string[]; from: Date },
): Promise<number> {
  const [row] = await db
    .select({ max: max(executions.sequence) })
    .from(executions)
    .where(
      and(
        eq(executions.accountId, params.accountId),
        inArray(executions.instrumentKey, params.instrumentKeys),
        gte(executions.executedAt, params.from),
      ),
    );
  return Math.max(Number(row?.max ?? 0), await getMaxReservedSequence(db, params.accountId));
}

export type InsertedExecution = {
  id: string;
  instrumentKey: string;
  executedAt: Date;
  fingerprint: string;
  /** The input it was inserted from, and the entry-order number it got. */
  item: PreparedExecution;
  sequence: number;
};

export type InsertExecutionsParams = {
  userId: string;
  accountId: string;
  items: readonly PreparedExecution[];
  firstSequence: number;
  /** The import batch these fills come from (undo removes exactly them), and each one's file row. */
  importId?: string;
  sourceRows?: readonly number[];
  /** Explicit entry-order numbers (an import numbers by file row); else from `firstSequence` on. */
  sequences?: readonly number[];
  /** True for a fill that cannot be in the account yet: it goes in unchecked (see below). */
  isNew?: (item: PreparedExecution) => boolean;
};

/**
 * Inserts fills in bulk, skipping any whose fingerprint the account already has (and all but the
 * first of equal ones); answers the rows inserted, in no particular order. `firstSequence` numbers
 * them in input order.
 *
 * A fill `isNew` says cannot clash (a content fingerprint of an instrument the account had no fill
 * of, under the account lock) goes in by insertNewRows (COPY on PostgreSQL), several times cheaper
 * for the server; the others by `insert … on conflict do nothing` (insertByUnnest), which skips the
 * known ones. No look-up first: with a large import's statistics still those of the empty account,
 * PostgreSQL plans a fingerprint look-up as a scan of all the account's fills.
 */
export function insertExecutions(db: Db, params: InsertExecutionsParams): Promise<InsertedExecution[]> {
  return insertExecutionRows(db, params, toExecutionInsertRows(params));
}

/**
 * insertExecutions for fills already numbered (toExecutionInsertRows). One statement after the
 * other: a client runs one query at a time (pg 9 refuses a query sent while another runs).
 */
export async function insertExecutionRows(
  db: Db,
  params: Pick<InsertExecutionsParams, 'userId' | 'accountId' | 'importId' | 'isNew'>,
  rows: readonly ExecutionInsertRow[],
): Promise<InsertedExecution[]> {
  const { userId, accountId, importId = null } = params;
  const fresh: ExecutionInsertRow[] = [];
  const others: ExecutionInsertRow[] = [];
  for (const row of rows) (params.isNew?.(row.item) ? fresh : others).push(row);
  const copied = [...byFirstFingerprint(fresh).values()];
  await insertNewRows(db, newExecutionRows({ userId, accountId, importId }, copied));
  const result = await insertByUnnest(db, {
    table: executions,
    columns: EXECUTION_COLUMNS,
    rows: others,
    skipConflicts: true,
    returning: ['id'],
    constants: {
      user_id: sql`${userId}::uuid`,
      account_id: sql`${accountId}::uuid`,
      import_id: sql`${importId}::uuid`,
    },
  });
  const insertedIds = new Set(result.map((row) => row.id as string));
  return toInsertedExecutions([...copied, ...others.filter((row) => insertedIds.has(row.id))]);
}

/** The fills as they go in: a new time-ordered id each, numbered as `params` says. */
export function toExecutionInsertRows(
  params: Pick<InsertExecutionsParams, 'items' | 'firstSequence' | 'sequences' | 'sourceRows'>,
): ExecutionInsertRow[] {
  const now = Date.now();
  return params.items.map((item, index) => ({
    id: newRowId(now),
    item,
    fingerprint: item.fingerprint,
    sequence: params.sequences?.[index] ?? params.firstSequence + index,
    sourceRow: params.sourceRows?.[index] ?? null,
  }));
}

/** Fills that cannot clash, as insertNewRows takes them (or toCopyRows encodes them). */
export function newExecutionRows(
  owner: ExecutionOwner,
  rows: readonly ExecutionInsertRow[],
): NewRows<ExecutionInsertRow> {
  return { table: executions, columns: ownedExecutionColumns(owner), rows };
}

/** A fill as inserted, enough to regroup from it and to find its journal. */
export type InsertedFill = Pick<InsertedExecution, 'id' | 'instrumentKey' | 'executedAt' | 'fingerprint'>;

/**
 * Fills encoded as newExecutionRows' COPY data (in a large import's worker), inserted checked, as
 * insertExecutionRows inserts the others: `insert … on conflict do nothing` from a temporary table
 * the data is copied into. For the rare batch whose fills were sent as new but may no longer be
 * (another writer came between). Run it in a transaction: the temporary table is its connection's.
 */
export async function insertExecutionCopyDataChecked(db: Db, fills: readonly CopyRows[]): Promise<InsertedFill[]> {
  if (fills.every((part) => part.data.length === 0)) return [];
  const columnNames = newExecutionRows({ userId: '', accountId: '', importId: null }, []).columns.map((c) => c.name);
  const names = sql.raw(columnNames.map((name) => `"${name}"`).join(', '));
  await db.execute(
    sql`create temporary table if not exists import_fills (like executions including defaults) on commit delete rows`,
  );
  await insertCopyRows(db, { table: 'import_fills', copies: fills });
  const result = (await db.execute(sql`
    insert into ${executions} (${names}) select ${names} from import_fills
    on conflict do nothing
    returning id, instrument_key, executed_at, fingerprint`)) as unknown as {
    rows: { id: string; instrument_key: string; executed_at: string | Date; fingerprint: string }[];
  };
  await db.execute(sql`truncate import_fills`);
  return result.rows.map((row) => ({
    id: row.id,
    instrumentKey: row.instrument_key,
    executedAt: new Date(row.executed_at),
    fingerprint: row.fingerprint,
  }));
}

export function toInsertedExecutions(rows: readonly ExecutionInsertRow[]): InsertedExecution[] {
  return rows.map(({ id, item, sequence }) => ({
    id,
    fingerprint: item.fingerprint,
    instrumentKey: item.instrumentKey,
    executedAt: new Date(item.executedAt),
    item,
    sequence,
  }));
}

/** Items by fingerprint, the first of equal ones, in input order. */
export function byFirstFingerprint<T extends { fingerprint: string }>(items: readonly T[]): Map<string, T> {
  const out = new Map<string, T>();
  for (const item of items) if (!out.has(item.fingerprint)) out.set(item.fingerprint, item);
  return out;
}

/**
 * True while a large import into one of these accounts is running: it stores its fills batch by
 * batch and regroups the instruments the account had only at its end, so until then a trade's
 * stretch of fills may hold fills that are not yet grouped.
 */
export async function hasRunningImportInto(db: Db, params: { userId: string; accountIds: string[] }): Promise<boolean> {
  if (params.accountIds.length === 0) return false;
  const [row] = await db
    .select({ id: imports.id })
    .from(imports)
    .where(
      and(
        eq(imports.userId, params.userId),
        inArray(imports.accountId, params.accountIds),
        eq(imports.status, 'running'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A trade row's columns (not its analytics bytes), and its journal's (null without one). */
const { analyticsRow: _bytes, ...TRADE_COLUMNS } = getTableColumns(trades);
const TRADE_ROW_SELECTION = { trade: TRADE_COLUMNS, journal: getTableColumns(tradeJournals) };

/** Trades with their journals: chain where, order and limit, then map each result with toTradeRow. */
const selectTradeRows = (db: Db) =>
  db
    .select(TRADE_ROW_SELECTION)
    .from(trades)
    .leftJoin(tradeJournals, eq(tradeJournals.openingExecutionId, trades.openingExecutionId));

type TradeRowResult = {
  trade: Omit<typeof trades.$inferSelect, 'analyticsRow'>;
  journal: typeof tradeJournals.$inferSelect | null;
};

/** A trade as the JSON mappers take it: its row and its journal (empty without one). */
function toTradeRow({ trade, journal }: TradeRowResult): TradeRow {
  return { ...trade, journal: toJournal(journal) };
}

export async function getTradeRow(db: Db, params: { userId: string; id: string }): Promise<TradeRow | undefined> {
  const [row] = await selectTradeRows(db)
    .where(and(eq(trades.id, params.id), eq(trades.userId, params.userId)))
    .limit(1);
  return row && toTradeRow(row);
}

/** The user's trades with these ids, in opening order. */
export async function listTradeRowsByIds(
  db: Db,
  params: { userId: string; ids: readonly string[] },
): Promise<TradeRow[]> {
  const rows: TradeRow[] = [];
  for (const ids of chunk(params.ids, IDS_PER_QUERY)) {
    rows.push(
      ...(await selectTradeRows(db).where(and(eq(trades.userId, params.userId), inArray(trades.id, ids)))).map(
        toTradeRow,
      ),
    );
  }
  return rows.sort((a, b) => a.openedAt.getTime() - b.openedAt.getTime() || (a.id < b.id ? -1 : 1));
}

/** The user's trades among these ids: id, account and opening fill. */
export async function listOwnTradeRefs(
  db: Db,
  params: { userId: string; ids: readonly string[] },
): Promise<{ id: string; accountId: string; openingExecutionId: string }[]> {
  const refs: { id: string; accountId: string; openingExecutionId: string }[] = [];
  for (const ids of chunk([...new Set(params.ids)], IDS_PER_QUERY)) {
    refs.push(
      ...(await db
        .select({ id: trades.id, accountId: trades.accountId, openingExecutionId: trades.openingExecutionId })
        .from(trades)
        .where(and(eq(trades.userId, params.userId), inArray(trades.id, ids)))),
    );
  }
  return refs;
}

/** Tags by opening execution id, each list by name. */
export async function listTagsByOpener(db: Db, openerIds: readonly string[]): Promise<Map<string, TradeTagJson[]>> {
  const byOpener = new Map<string, TradeTagJson[]>();
  for (const ids of chunk([...new Set(openerIds)], IDS_PER_QUERY)) {
    const rows = await db
      .select({ openerId: tradeTags.openingExecutionId, id: tags.id, name: tags.name, color: tags.color })
      .from(tradeTags)
      .innerJoin(tags, eq(tags.id, tradeTags.tagId))
      // One array parameter rather than one per id: far less to parse and plan (PGlite especially).
      .where(sql`${tradeTags.openingExecutionId} = any(${sql.param(ids)}::uuid[])`)
      .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
    for (const { openerId, ...tag } of rows) {
      const list = byOpener.get(openerId);
      if (list) list.push(tag);
      else byOpener.set(openerId, [tag]);
    }
  }
  return byOpener;
}

/** An account's currency (trade detail shows a trade in it, issue 42), or undefined. */
export async function getAccountCurrency(db: Db, accountId: string): Promise<string | undefined> {
  const [row] = await db.select({ currency: accounts.currency }).from(accounts).where(eq(accounts.id, accountId));
  return row?.currency;
}

/**
 * The rate table's rate from `from` to `to` for each of these days: its latest on or before the
 * day (as the stored account-currency P&L takes it, account-pnl.queries.ts), by day; a day with
 * none is absent. Direct pairs only, as that statement reads them.
 */
export async function listTableRatesOnOrBefore(
  db: Db,
  params: { userId: string; from: string; to: string; days: readonly string[] },
): Promise<Map<string, { day: string; rate: string }>> {
  const found = new Map<string, { day: string; rate: string }>();
  if (params.days.length === 0) return found;
  const latest = params.days.reduce((a, b) => (a > b ? a : b));
  const rows = await db
    .select({ day: fxRates.day, rate: fxRates.rate })
    .from(fxRates)
    .where(
      and(
        eq(fxRates.userId, params.userId),
        eq(fxRates.fromCurrency, params.from),
        eq(fxRates.toCurrency, params.to),
        lte(fxRates.day, latest),
      ),
    )
    .orderBy(desc(fxRates.day));
  for (const day of params.days) {
    const row = rows.find((r) => r.day <= day);
    if (row) found.set(day, row);
  }
  return found;
}

/** The parts of these trades with their fills, each trade's in replay order. */
export async function listTradeParts(db: Db, tradeIds: readonly string[]): Promise<Map<string, TradePartRow[]>> {
  const byTrade = new Map<string, TradePartRow[]>();
  for (const ids of chunk(tradeIds, IDS_PER_QUERY)) {
    const rows = await db
      .select({
        tradeId: tradeParts.tradeId,
        executionId: tradeParts.executionId,
        role: tradeParts.role,
        quantity: tradeParts.quantity,
        commission: tradeParts.commission,
        fees: tradeParts.fees,
        split: tradeParts.split,
        executedAt: executions.executedAt,
        executedOn: executions.executedOn,
        brokerSymbol: executions.brokerSymbol,
        side: executions.side,
        price: executions.price,
        sequence: executions.sequence,
        unconvertedFee: executions.unconvertedFee,
        unconvertedFeeAsset: executions.unconvertedFeeAsset,
        fxRate: executions.fxRate,
      })
      .from(tradeParts)
      .innerJoin(executions, eq(executions.id, tradeParts.executionId))
      .where(inArray(tradeParts.tradeId, ids))
      .orderBy(asc(executions.executedAt), asc(executions.sequence));
    for (const row of rows) {
      const list = byTrade.get(row.tradeId);
      if (list) list.push(row);
      else byTrade.set(row.tradeId, [row]);
    }
  }
  return byTrade;
}

/**
 * The trade that contains this fill as an entry (the one it opened or scaled into): the last of
 * its instrument's trades to open at or before it, if the fill is an entry there.
 */
export async function getTradeIdByEntry(db: Db, executionId: string): Promise<string | undefined> {
  const opener = alias(executions, 'opener');
  const fill = alias(executions, 'fill');
  const [latest] = await db
    .select({ id: trades.id })
    .from(trades)
    .innerJoin(
      fill,
      and(
        eq(fill.id, executionId),
        eq(fill.accountId, trades.accountId),
        eq(fill.instrumentKey, trades.instrumentKey),
        lte(trades.openedAt, fill.executedAt),
      ),
    )
    .innerJoin(opener, eq(opener.id, trades.openingExecutionId))
    .where(sql`(${opener.executedAt}, ${opener.sequence}) <= (${fill.executedAt}, ${fill.sequence})`)
    .orderBy(desc(trades.openedAt), desc(opener.sequence))
    .limit(1);
  if (!latest) return undefined;
  const [part] = await db
    .select({ role: tradeParts.role })
    .from(tradeParts)
    .where(and(eq(tradeParts.tradeId, latest.id), eq(tradeParts.executionId, executionId)));
  return part?.role === 'entry' ? latest.id : undefined;
}

/** Sets columns of the user's trade; false when it is not there. */
export async function updateTradeRow(
  db: Db,
  params: { userId: string; id: string; patch: Partial<typeof trades.$inferInsert> },
): Promise<boolean> {
  const rows = await db
    .update(trades)
    .set(params.patch)
    .where(and(eq(trades.id, params.id), eq(trades.userId, params.userId)))
    .returning({ id: trades.id });
  return rows.length > 0;
}

/** Sets the tags of one opening fill to exactly `tagIds`. */
export async function replaceTradeTags(
  db: Db,
  params: { openingExecutionId: string; tagIds: string[] },
): Promise<void> {
  await db.delete(tradeTags).where(eq(tradeTags.openingExecutionId, params.openingExecutionId));
  if (params.tagIds.length === 0) return;
  await db
    .insert(tradeTags)
    .values([...new Set(params.tagIds)].map((tagId) => ({ openingExecutionId: params.openingExecutionId, tagId })))
    .onConflictDoNothing();
}

/** Adds each tag to each of the user's trades among `tradeIds` (a trade keeps tags it already has). */
export async function addTagsToTrades(
  db: Db,
  params: { userId: string; tradeIds: string[]; tagIds: string[] },
): Promise<void> {
  for (const ids of chunk(params.tradeIds, IDS_PER_QUERY)) {
    await db.execute(sql`
      insert into ${tradeTags} (opening_execution_id, tag_id)
      select t.opening_execution_id, g.id from ${trades} t cross join ${tags} g
      where t.user_id = ${params.userId} and t.id = any(${sql.param(ids)}::uuid[])
        and g.user_id = ${params.userId} and g.id = any(${sql.param(params.tagIds)}::uuid[])
      on conflict do nothing`);
  }
}

export async function removeTagsFromTrades(
  db: Db,
  params: { userId: string; tradeIds: string[]; tagIds: string[] },
): Promise<void> {
  for (const ids of chunk(params.tradeIds, IDS_PER_QUERY)) {
    const openers = db
      .select({ id: trades.openingExecutionId })
      .from(trades)
      .where(and(eq(trades.userId, params.userId), inArray(trades.id, ids)));
    await db
      .delete(tradeTags)
      .where(and(inArray(tradeTags.openingExecutionId, openers), inArray(tradeTags.tagId, params.tagIds)));
  }
}

export async function setTradesStrategy(
  db: Db,
  params: { userId: string; tradeIds: string[]; strategyId: string | null; now: Date },
): Promise<void> {
  for (const ids of chunk(params.tradeIds, IDS_PER_QUERY)) {
    await db
      .update(trades)
      .set({ strategyId: params.strategyId, updatedAt: params.now })
      .where(and(eq(trades.userId, params.userId), inArray(trades.id, ids)));
  }
}

// --- The trade list: filters, any sort, keyset pagination ------------------------------------

/** `isIndexed`: a (user_id, column, id) index serves the sort's keyset pages (listTradesPage). */
type SortSpec = { column: PgColumn; cast: string; isNullable: boolean; isIndexed: boolean };

const SORTS: Record<TradeSortColumn, SortSpec> = {
  closedAt: { column: trades.closedAt, cast: 'timestamptz', isNullable: true, isIndexed: true },
  openedAt: { column: trades.openedAt, cast: 'timestamptz', isNullable: false, isIndexed: true },
  symbol: { column: trades.symbol, cast: 'text', isNullable: false, isIndexed: false },
  netPnl: { column: trades.netPnl, cast: 'numeric', isNullable: false, isIndexed: false },
  grossPnl: { column: trades.grossPnl, cast: 'numeric', isNullable: false, isIndexed: false },
  rMultiple: { column: trades.rMultiple, cast: 'numeric', isNullable: true, isIndexed: false },
  quantity: { column: trades.quantity, cast: 'numeric', isNullable: false, isIndexed: false },
  holdingSeconds: { column: trades.holdingSeconds, cast: 'float8', isNullable: true, isIndexed: false },
  fees: { column: trades.fees, cast: 'numeric', isNullable: false, isIndexed: false },
};

/** Whether listTradesPage pages the sort by its index; the others page a TradeOrder (trade-order-cache.ts). */
export const isIndexedSort = (sort: TradeSortColumn): boolean => SORTS[sort].isIndexed;

/**
 * A nullable sort column splits the list in two segments, each read by its own keyset query so
 * that both can walk an index: the rows with a value and the rows without. Nulls come first in
 * descending order and last in ascending order (PostgreSQL's default, which a backward index scan
 * gives for free).
 */
export type Segment = 'value' | 'null';

function toSegments(spec: SortSpec, order: SortOrder): Segment[] {
  if (!spec.isNullable) return ['value'];
  return order === 'desc' ? ['null', 'value'] : ['value', 'null'];
}

/** The cursor value of a row for a sort column: timestamps as ISO text, numerics as their text. */
export function toCursorValue(row: TradeRow, sort: TradeSortColumn): string | number | null {
  const value = row[sort];
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * The filter's conditions for the list, with the user's. `from`/`to` bound the trade's date: when
 * it closed, or when it opened while still open. When the list is sorted by closedAt each segment
 * states it on its own column, so the index applies.
 */
export function listConditions(
  userId: string,
  filter: ResolvedTradeFilter,
  sort: TradeSortColumn,
  segment: Segment,
): SQL[] {
  const dateColumn: PgColumn | SQL =
    sort !== 'closedAt' ? TRADE_DATE_SQL : segment === 'value' ? trades.closedAt : trades.openedAt;
  return [eq(trades.userId, userId), ...toTradeFilterSql(filter, { dateColumn })];
}

function keysetCondition(spec: SortSpec, segment: Segment, cursor: TradeCursor): SQL {
  const op = sql.raw(cursor.order === 'desc' ? '<' : '>');
  if (segment === 'null') return sql`${trades.id} ${op} ${cursor.id}::uuid`;
  return sql`(${spec.column}, ${trades.id}) ${op} (${cursor.value}::${sql.raw(spec.cast)}, ${cursor.id}::uuid)`;
}

/**
 * One page of the user's trades, at most `limit`, plus whether more follow. Keyset pagination on
 * (sort column, id): each page is an index range scan whatever its depth, and a trade added or
 * removed between pages never shifts the others.
 */
export async function listTradesPage(db: Db, params: TradePageParams): Promise<{ rows: TradeRow[]; hasMore: boolean }> {
  const { sort, order, limit, cursor } = params;
  const spec = SORTS[sort];
  const segments = toSegments(spec, order);
  const first =
    cursor && cursor.value === null && spec.isNullable
      ? segments.indexOf('null')
      : cursor
        ? segments.indexOf('value')
        : 0;
  const direction = order === 'desc' ? desc : asc;
  const hasDates = hasDateRange(params.filter);
  // Descending from the top (or from inside the nulls), both segments come out of one backward
  // index scan: PostgreSQL orders DESC with nulls first. This is the default first page.
  if (spec.isNullable && order === 'desc' && (!cursor || cursor.value === null) && !hasDates) {
    const base = listConditions(params.userId, params.filter, sort, 'value');
    const conditions = cursor
      ? [...base, sql`((${spec.column} is null and ${trades.id} < ${cursor.id}::uuid) or ${spec.column} is not null)`]
      : base;
    const rows = await selectTradeRows(db)
      .where(and(...conditions))
      .orderBy(desc(spec.column), desc(trades.id))
      .limit(limit + 1);
    return { rows: rows.slice(0, limit).map(toTradeRow), hasMore: rows.length > limit };
  }
  const rows: TradeRow[] = [];
  for (let i = first; i < segments.length && rows.length <= limit; i++) {
    const segment = segments[i]!; // i < segments.length
    const conditions = listConditions(params.userId, params.filter, sort, segment);
    if (spec.isNullable) conditions.push(segment === 'null' ? isNull(spec.column) : isNotNull(spec.column));
    if (cursor && i === first) conditions.push(keysetCondition(spec, segment, cursor));
    const orderBy = segment === 'null' ? [direction(trades.id)] : [direction(spec.column), direction(trades.id)];
    rows.push(
      ...(
        await selectTradeRows(db)
          .where(and(...conditions))
          .orderBy(...orderBy)
          .limit(limit + 1 - rows.length)
      ).map(toTradeRow),
    );
  }
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** A uuid's text, as listTradeOrder's ids come, end to end. */
const UUID_TEXT_LENGTH = 36;

/**
 * Every trade of the user matching the filter, in ascending (column, id) order with nulls last,
 * and each one's value: the order a sort without an index pages through (trade-order-cache.ts).
 * Descending is its reverse, as PostgreSQL orders `desc` (nulls first). The ids come as one text
 * and the values as one JSON array: two aggregates hand over far faster than a row per trade,
 * PGlite's above all.
 */
export async function listTradeOrder(
  db: Db,
  params: { userId: string; filter: ResolvedTradeFilter; sort: TradeSortColumn },
): Promise<TradeOrder> {
  const spec = SORTS[params.sort];
  const order = sql`${spec.column} asc nulls last, ${trades.id} asc`;
  const conditions = and(...listConditions(params.userId, params.filter, params.sort, 'value'));
  const result = (await db.execute(sql`
    select string_agg(${trades.id}::text, '' order by ${order}) as ids,
      json_agg(${spec.column}::text order by ${order}) as values
    from ${trades} where ${conditions}`)) as unknown as {
    rows: { ids: string | null; values: (string | null)[] | null }[];
  };
  const [row] = result.rows;
  const text = row?.ids ?? '';
  const ids = new Array<string>(text.length / UUID_TEXT_LENGTH);
  for (let index = 0; index < ids.length; index++)
    ids[index] = text.slice(index * UUID_TEXT_LENGTH, (index + 1) * UUID_TEXT_LENGTH);
  // As a row's own value reads (toCursorValue): float8 as a number, numerics and text as text.
  const isNumber = spec.cast === 'float8';
  const values = (row?.values ?? []).map((value) => (value !== null && isNumber ? Number(value) : value));
  return { ids, values };
}

/**
 * How many trades of listTradeOrder's come before the cursor: the database's own comparison of
 * (column, id), for a cursor whose trade is no longer where the page before left it.
 */
export async function countTradesBefore(
  db: Db,
  params: { userId: string; filter: ResolvedTradeFilter; sort: TradeSortColumn; cursor: TradeCursor },
): Promise<number> {
  const spec = SORTS[params.sort];
  const { cursor } = params;
  // Nulls come last: before a null cursor come every value and the nulls of lower id.
  const before =
    cursor.value === null
      ? sql`(${spec.column} is not null or ${trades.id} < ${cursor.id}::uuid)`
      : sql`(${spec.column}, ${trades.id}) < (${cursor.value}::${sql.raw(spec.cast)}, ${cursor.id}::uuid)`;
  const conditions = [...listConditions(params.userId, params.filter, params.sort, 'value'), before];
  return db.$count(trades, and(...conditions));
}

/** How many of the user's trades the filter selects (what an export of the list will hold). */
export function countTrades(db: Db, params: { userId: string; filter: ResolvedTradeFilter }): Promise<number> {
  return db.$count(trades, and(...listConditions(params.userId, params.filter, 'openedAt', 'value')));
}

/** The user's trades with these ids, in the order given (any no longer there are left out). */
export async function listTradeRowsInOrder(
  db: Db,
  params: { userId: string; ids: readonly string[] },
): Promise<TradeRow[]> {
  const byId = new Map((await listTradeRowsByIds(db, params)).map((row) => [row.id, row]));
  return params.ids.flatMap((id) => byId.get(id) ?? []);
}

// --- R from the user's default risk --------------------------------------------------------------

/** A trade whose R rests on the user's default risk: no stop and no risk of its own. */
export type DefaultRiskTradeRow = Pick<
  TradeRow,
  'id' | 'direction' | 'status' | 'openedAt' | 'multiplier' | 'netPnl' | 'initialRisk' | 'rMultiple'
>;

/** The next `limit` of the user's trades without a stop or risk of their own, by id after `afterId`. */
export async function listDefaultRiskTrades(
  db: Db,
  params: { userId: string; afterId: string | null; limit: number },
): Promise<DefaultRiskTradeRow[]> {
  return db
    .select({
      id: trades.id,
      direction: trades.direction,
      status: trades.status,
      openedAt: trades.openedAt,
      multiplier: trades.multiplier,
      netPnl: trades.netPnl,
      initialRisk: trades.initialRisk,
      rMultiple: trades.rMultiple,
    })
    .from(trades)
    .where(
      and(
        eq(trades.userId, params.userId),
        // Without a stop or risk of its own: no journal, or one without either.
        sql`not exists (select 1 from ${tradeJournals} j where j.opening_execution_id = ${trades.openingExecutionId}
          and (j.stop_price is not null or j.risk_amount is not null))`,
        params.afterId === null ? undefined : gt(trades.id, params.afterId),
      ),
    )
    .orderBy(asc(trades.id))
    .limit(params.limit);
}

/** Sets initialRisk and rMultiple of many trades in one statement. */
export async function updateTradeRisks(
  db: Db,
  params: {
    userId: string;
    items: readonly { id: string; initialRisk: string | null; rMultiple: string | null }[];
    now: Date;
  },
): Promise<void> {
  if (params.items.length === 0) return;
  const { items } = params;
  await db.execute(sql`
    update ${trades} t set initial_risk = u.initial_risk, r_multiple = u.r_multiple, updated_at = ${params.now.toISOString()}::timestamptz
    from unnest(${sql.param(items.map((i) => i.id))}::uuid[], ${sql.param(items.map((i) => i.initialRisk))}::numeric[],
      ${sql.param(items.map((i) => i.rMultiple))}::numeric[]) as u(id, initial_risk, r_multiple)
    where t.id = u.id and t.user_id = ${params.userId}::uuid`);
}

/** The user's breakeven band, per asset class (none set: only 0 is breakeven). */
export async function getBreakevenBands(db: Db, userId: string): Promise<BreakevenBands> {
  const [row] = await db.select({ bands: users.breakevenBands }).from(users).where(eq(users.id, userId));
  return row?.bands ?? {};
}

/** Those of `ids` that are trades of these instruments, in the order given. */
export async function filterTradeIdsOfInstruments(
  db: Db,
  params: { ids: readonly string[]; instrumentKeys: readonly string[] },
): Promise<string[]> {
  if (params.ids.length === 0 || params.instrumentKeys.length === 0) return [];
  const rows = await db
    .select({ id: trades.id })
    .from(trades)
    .where(and(inArray(trades.id, [...params.ids]), inArray(trades.instrumentKey, [...params.instrumentKeys])));
  const kept = new Set(rows.map((row) => row.id));
  return params.ids.filter((id) => kept.has(id));
}
