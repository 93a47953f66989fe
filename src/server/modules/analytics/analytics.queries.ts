import { and, eq, inArray, isNotNull, ne, sql, sum, type SQL } from 'drizzle-orm';
import type { AnalyticsTrade, AnalyticsTradeDetail } from '../../../core/analytics';
import type { Db } from '../../db/client';
import { accounts, strategies, tags, trades, tradeTags } from '../../db/schema';
import { dateConditions, filterConditions, type TradeFilter } from '../trades/trades.queries';

/**
 * Reading 100,000 trades as rows costs more in the drivers than in the database (one JS object per
 * row and per numeric). The analytics queries therefore aggregate the few columns they need into
 * one text value, fields and rows separated by the ASCII unit separator (which no symbol, id or
 * number contains), and split it in one pass. Rows come in (closed_at, id) order: the index order.
 */
const SEP = '\u001f';
const sepSql = sql.raw('chr(31)');

/** The user's closed trades matching the filter; `from`/`before` bound the close. */
function closedTradeConditions(userId: string, filter: TradeFilter): SQL[] {
  return [
    ...filterConditions(userId, { ...filter, status: 'closed' }),
    isNotNull(trades.closedAt),
    ...dateConditions(filter, 'closedAt', 'value'),
  ];
}

const epochMs = (column: typeof trades.closedAt | typeof trades.openedAt) =>
  sql`(extract(epoch from ${column}) * 1000)::bigint`;

async function aggregateRows(
  db: Db,
  params: { userId: string; filter: TradeFilter; fields: SQL[] },
): Promise<{ count: number; cells: string[] }> {
  const row = sql.join(params.fields, sql`, ${sepSql}, `);
  const [result] = await db
    .select({
      count: sql<number>`count(*)::int`,
      data: sql<string | null>`string_agg(concat(${row}), ${sepSql} order by ${trades.closedAt}, ${trades.id})`,
    })
    .from(trades)
    .where(and(...closedTradeConditions(params.userId, params.filter)));
  const count = Number(result?.count ?? 0);
  return { count, cells: count === 0 || !result?.data ? [] : result.data.split(SEP) };
}

const toNumberOrNull = (text: string) => (text === '' ? null : Number(text));

/** The closed trades' close time, net P&L and R, in (closedAt, id) order. */
export async function listAnalyticsTrades(
  db: Db,
  params: { userId: string; filter: TradeFilter },
): Promise<AnalyticsTrade[]> {
  const { count, cells } = await aggregateRows(db, {
    ...params,
    fields: [epochMs(trades.closedAt), sql`${trades.netPnl}`, sql`coalesce(${trades.rMultiple}::text, '')`],
  });
  const out: AnalyticsTrade[] = new Array<AnalyticsTrade>(count);
  for (let i = 0, c = 0; i < count; i++, c += 3) {
    out[i] = { closedAt: Number(cells[c]), netPnl: Number(cells[c + 1]), rMultiple: toNumberOrNull(cells[c + 2]!) };
  }
  return out;
}

/** Totals the trade statistics add: gross P&L (before fees) and fees plus commissions. */
export async function getFeeTotals(
  db: Db,
  params: { userId: string; filter: TradeFilter },
): Promise<{ grossPnl: number; fees: number }> {
  const [row] = await db
    .select({
      grossPnl: sql<string | null>`sum(${trades.grossPnl})::text`,
      fees: sql<string | null>`sum(${trades.fees} + ${trades.commission})::text`,
    })
    .from(trades)
    .where(and(...closedTradeConditions(params.userId, params.filter)));
  return { grossPnl: Number(row?.grossPnl ?? 0), fees: Number(row?.fees ?? 0) };
}

/**
 * The closed trades with what breakdowns and the heatmap group by. Tags (several per trade) are
 * read only when asked for, by the trades' opening fills.
 */
export async function listAnalyticsTradeDetails(
  db: Db,
  params: { userId: string; filter: TradeFilter; withTags: boolean },
): Promise<AnalyticsTradeDetail[]> {
  const fields = [
    epochMs(trades.closedAt),
    sql`${trades.netPnl}`,
    sql`coalesce(${trades.rMultiple}::text, '')`,
    epochMs(trades.openedAt),
    sql`${trades.symbol}`,
    sql`${trades.direction}`,
    sql`${trades.assetClass}`,
    sql`coalesce(${trades.strategyId}::text, '')`,
    sql`coalesce(${trades.holdingSeconds}::text, '')`,
    params.withTags ? sql`${trades.openingExecutionId}` : sql`''`,
  ];
  const width = fields.length;
  const [{ count, cells }, strategyRows, tagsByOpener] = await Promise.all([
    aggregateRows(db, { ...params, fields }),
    db
      .select({ id: strategies.id, name: strategies.name })
      .from(strategies)
      .where(eq(strategies.userId, params.userId)),
    params.withTags
      ? listTagsByOpener(db, params.userId)
      : Promise.resolve(new Map<string, { id: string; name: string }[]>()),
  ]);
  const strategyById = new Map(strategyRows.map((s) => [s.id, s]));
  const out: AnalyticsTradeDetail[] = new Array<AnalyticsTradeDetail>(count);
  for (let i = 0, c = 0; i < count; i++, c += width) {
    const strategyId = cells[c + 7]!;
    out[i] = {
      closedAt: Number(cells[c]),
      netPnl: Number(cells[c + 1]),
      rMultiple: toNumberOrNull(cells[c + 2]!),
      openedAt: Number(cells[c + 3]),
      symbol: cells[c + 4]!,
      side: cells[c + 5] === 'short' ? 'short' : 'long',
      assetClass: cells[c + 6]!,
      strategy: strategyId === '' ? null : (strategyById.get(strategyId) ?? { id: strategyId, name: strategyId }),
      holdingSeconds: toNumberOrNull(cells[c + 8]!),
      tags: params.withTags ? (tagsByOpener.get(cells[c + 9]!) ?? []) : [],
    };
  }
  return out;
}

/** Every tag of the user's trades, by opening fill. */
async function listTagsByOpener(db: Db, userId: string): Promise<Map<string, { id: string; name: string }[]>> {
  const rows = await db
    .select({ openerId: tradeTags.openingExecutionId, id: tags.id, name: tags.name })
    .from(tradeTags)
    .innerJoin(tags, eq(tags.id, tradeTags.tagId))
    .where(eq(tags.userId, userId));
  const out = new Map<string, { id: string; name: string }[]>();
  for (const { openerId, ...tag } of rows) {
    const list = out.get(openerId);
    if (list) list.push(tag);
    else out.set(openerId, [tag]);
  }
  return out;
}

/** Close times of the filtered trades that carry a journal note (the calendar's mark). */
export async function listNotedCloseTimes(db: Db, params: { userId: string; filter: TradeFilter }): Promise<number[]> {
  const rows = await db
    .select({ closedAt: trades.closedAt })
    .from(trades)
    .where(and(...closedTradeConditions(params.userId, params.filter), ne(trades.notes, '')));
  return rows.flatMap((row) => (row.closedAt ? [row.closedAt.getTime()] : []));
}

/**
 * The starting equity of the selection: the sum of the starting balances of the user's accounts,
 * or of the one account filtered on (0 for someone else's account).
 */
export async function getStartingEquity(db: Db, params: { userId: string; accountId?: string }): Promise<number> {
  const [row] = await db
    .select({ total: sum(accounts.startingBalance) })
    .from(accounts)
    .where(
      and(eq(accounts.userId, params.userId), params.accountId ? inArray(accounts.id, [params.accountId]) : undefined),
    );
  return Number(row?.total ?? 0);
}
