import {
  and,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  ilike,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  DecimalRange,
  FieldType,
  NumberRange,
  ResolvedTradeFilter,
  ResolvedValueOf,
  TradeField,
} from '../../core/query';
import { executions, positionEvents, trades, tradeTags } from './schema';

/**
 * The trade filter compiled to SQL: one entry per field of the registry (src/core/query/fields.ts),
 * each a parameterised Drizzle condition on the `trades` row (unaliased) or an `exists` on its
 * side table. The type requires an entry for every field, and a test checks each against the
 * in-memory predicate on both engines. Every trade query (the list, the export, the analytics)
 * filters through here.
 */
export type TradeSqlContext = {
  /**
   * What `from`/`to` bound: the trade's date, its close or (still open) its open. A caller whose
   * rows are all closed, or all open, names that column so its index applies.
   */
  dateColumn: PgColumn | SQL;
};

type SqlCompiler<T extends FieldType> = (value: ResolvedValueOf<T>, context: TradeSqlContext) => SQL | undefined;
type SqlCompilers = { [F in TradeField as F['id']]: SqlCompiler<F['type']> };

/** The trade's date: when it closed, or when it opened while still open. */
export const TRADE_DATE_SQL = sql`coalesce(${trades.closedAt}, ${trades.openedAt})`;

const instant = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

function inRange(column: PgColumn, range: DecimalRange | NumberRange): SQL | undefined {
  return and(
    range.min === undefined ? undefined : gte(column, range.min),
    range.max === undefined ? undefined : lte(column, range.max),
  );
}

/** The trade's tags among `ids` (tags live on the opening execution, in a side table; each once). */
const tagsAmong = (ids: string[]) =>
  sql`from ${tradeTags} tt where tt.opening_execution_id = ${trades.openingExecutionId} and tt.tag_id = any(${sql.param(ids)}::uuid[])`;

/**
 * A trade that went through a symbol change (issue #45) whose former symbol matches: an applied
 * symbol change of its account into its instrument while it was open. The list finds it by either name.
 */
const formerSymbol = (match: SQL) =>
  sql`exists (select 1 from ${positionEvents} pe where pe.account_id = ${trades.accountId}
    and pe.applied_instrument_key = ${trades.instrumentKey} and pe.kind = 'symbolChange' and pe.problem is null
    and pe.at >= ${trades.openedAt} and (${trades.closedAt} is null or pe.at <= ${trades.closedAt}) and ${match})`;

export const TRADE_FIELD_SQL: SqlCompilers = {
  from: (ms, { dateColumn }) => sql`${dateColumn} >= ${instant(ms)}`,
  to: (ms, { dateColumn }) => sql`${dateColumn} < ${instant(ms)}`,
  openedFrom: (ms) => sql`${trades.openedAt} >= ${instant(ms)}`,
  openedTo: (ms) => sql`${trades.openedAt} < ${instant(ms)}`,
  symbols: (symbols) =>
    or(
      symbols.length === 1 ? eq(trades.symbol, symbols[0]!) : inArray(trades.symbol, symbols),
      formerSymbol(sql`pe.from_symbol = any(${sql.param(symbols)}::text[])`),
    ),
  excludeSymbols: (symbols) => notInArray(trades.symbol, symbols),
  search: (prefix) => {
    // `\\` escapes LIKE's wildcards in the text.
    const pattern = `${prefix.replace(/[\\%_]/g, '\\$&')}%`;
    // The normalised symbol starts with the underlying (an OCC option with its root, a future with
    // its root, a pair with its base), so a ticker finds its options and futures; the opening fill
    // keeps the broker's own spelling (`MESH5` for `MESH25`). A primary-key look-up per trade.
    // A symbol the position had before a rename or spin-off finds it too.
    return or(
      ilike(trades.symbol, pattern),
      sql`exists (select 1 from ${executions} e where e.id = ${trades.openingExecutionId} and e.broker_symbol ilike ${pattern})`,
      formerSymbol(sql`pe.from_symbol ilike ${pattern}`),
    );
  },
  assetClasses: (classes) => inArray(trades.assetClass, classes),
  accountIds: (ids) => (ids.length === 1 ? eq(trades.accountId, ids[0]!) : inArray(trades.accountId, ids)),
  side: (side) => eq(trades.direction, side as 'long' | 'short'), // validated against the field's values
  status: (status) => eq(trades.status, status as 'open' | 'closed'), // validated against the field's values
  outcomes: (outcomes) =>
    and(
      eq(trades.status, 'closed'),
      or(
        outcomes.includes('win') ? gt(trades.netPnl, '0') : undefined,
        outcomes.includes('loss') ? lt(trades.netPnl, '0') : undefined,
        outcomes.includes('breakeven') ? eq(trades.netPnl, '0') : undefined,
      ),
    ),
  quantity: (range) => inRange(trades.quantity, range),
  netPnl: (range) => inRange(trades.netPnl, range),
  rMultiple: (range) => inRange(trades.rMultiple, range),
  holdingSeconds: (range) => inRange(trades.holdingSeconds, range),
  strategyIds: (ids) => inArray(trades.strategyId, ids),
  excludeStrategyIds: (ids) => or(isNull(trades.strategyId), notInArray(trades.strategyId, ids)),
  hasStrategy: (hasStrategy) => (hasStrategy ? isNotNull(trades.strategyId) : isNull(trades.strategyId)),
  tagsAny: (ids) => sql`exists (select 1 ${tagsAmong(ids)})`,
  tagsAll: (ids) => sql`(select count(*) ${tagsAmong(ids)}) = ${ids.length}`,
  tagsNone: (ids) => sql`not exists (select 1 ${tagsAmong(ids)})`,
  hasNotes: (hasNotes) => eq(trades.hasNotes, hasNotes),
};

/**
 * The filter's conditions on `trades` (without the user: callers add theirs). `dateColumn`
 * defaults to the trade's date (TRADE_DATE_SQL).
 */
export function toTradeFilterSql(filter: ResolvedTradeFilter, context: Partial<TradeSqlContext> = {}): SQL[] {
  const full: TradeSqlContext = { dateColumn: context.dateColumn ?? TRADE_DATE_SQL };
  const out: SQL[] = [];
  for (const [id, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    const compile = TRADE_FIELD_SQL[id as keyof SqlCompilers] as SqlCompiler<FieldType> | undefined; // a resolved filter's keys are field ids
    if (!compile) throw new Error(`No SQL for the filter field ${id}`);
    const condition = compile(value as never, full); // the value resolved for this very field
    if (condition) out.push(condition);
  }
  return out;
}
