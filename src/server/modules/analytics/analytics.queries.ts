import { and, eq, gte, inArray, isNotNull, lt, ne, sql, sum, type SQL } from 'drizzle-orm';
import type { AnalyticsTrade, AnalyticsTradeDetail } from '../../../core/analytics';
import type { Db } from '../../db/client';
import { accounts, analyticsChanges, strategies, tags, trades, tradeTags, users } from '../../db/schema';
import { dateConditions, filterConditions, type TradeFilter } from '../trades/trades.queries';
import { createCellReader, replaceTradesClosedAt, type TradeFacts } from './trade-facts';

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

/** The user's analytics data version: triggers bump it on every change to their trades or trade tags. */
export async function getAnalyticsVersion(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ version: users.analyticsVersion }).from(users).where(eq(users.id, userId));
  return row?.version ?? 0;
}

/** The user's strategies and tags by id, for names as they are now. */
export async function listStrategyRefs(db: Db, userId: string): Promise<Map<string, { id: string; name: string }>> {
  const rows = await db
    .select({ id: strategies.id, name: strategies.name })
    .from(strategies)
    .where(eq(strategies.userId, userId));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function listTagRefs(db: Db, userId: string): Promise<Map<string, { id: string; name: string }>> {
  const rows = await db.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.userId, userId));
  return new Map(rows.map((row) => [row.id, row]));
}

export type LoadedTradeFacts = {
  /** The data version the facts were read at (one statement: one snapshot). */
  version: number;
  /** The user's closed trades. */
  count: number;
  /** Null when there are more than `maxTrades`: then nothing past the count was read. */
  facts: TradeFacts | null;
};

/** A range of close times, [from, before), in epoch ms; either end open. */
export type CloseRange = { from: number | null; before: number | null };

export type LoadTradeFactsParams = {
  userId: string;
  maxTrades: number;
  /**
   * Close times (epoch ms, ascending) to split the read at: each range is read by its own
   * statement, all at once, which on PostgreSQL runs them on as many connections and cores. The
   * parts are kept only when they all read the same data version (no write between them);
   * otherwise it reads again in one statement.
   */
  splitAt?: readonly number[];
};

/**
 * Every closed trade of the user as {@link TradeFacts}, with the data version, in one statement per
 * part (see SEP above for the text encoding). Accounts and strategies travel as their position in
 * the user's sorted id list (the id itself when it is not there), tags as the ids of the user's
 * tags on the trade's opening fill (the API puts no one else's there). Reads the rows only when
 * there are at most `maxTrades`, so a user far over the cap costs a count, not a 1 GB string.
 */
export async function loadTradeFacts(db: Db, params: LoadTradeFactsParams): Promise<LoadedTradeFacts> {
  const ranges = toCloseRanges(params.splitAt ?? []);
  if (ranges.length > 1) {
    const parts = await Promise.all(ranges.map((range) => readFactsText(db, { ...params, range })));
    const [first] = parts;
    const isOneSnapshot = parts.every(
      (part) =>
        part.version === first!.version &&
        part.account_ids === first!.account_ids &&
        part.strategy_ids === first!.strategy_ids,
    );
    if (isOneSnapshot) return toLoaded(mergeFactsText(parts), params.maxTrades);
  }
  return toLoaded(await readFactsText(db, { ...params, range: { from: null, before: null } }), params.maxTrades);
}

/** How the user's trades changed since a data version: the close times touched, or null when not known. */
export type AnalyticsChanges = { version: number; closedAt: number[] | null };

/**
 * What the triggers logged (analytics_changes) for every version after `since` up to the current
 * one. Null times when a version has no entry (pruned, or written before the log existed), an
 * entry too large to list, or more than `maxTimes` distinct times.
 */
export async function readAnalyticsChanges(
  db: Db,
  params: { userId: string; since: number; maxTimes: number },
): Promise<AnalyticsChanges> {
  const { userId, since } = params;
  const inRange = sql`c.user_id = u.id and c.version > ${since} and c.version <= u.analytics_version`;
  const result = await db.execute(sql`
    select
      u.analytics_version::text as version,
      logged.entries,
      logged.unknown,
      (select string_agg(ms::text, ',') from (
        select distinct round(date_part('epoch', t) * 1000) as ms
        from ${analyticsChanges} c, unnest(c.closed_at) as t where ${inRange}
        limit ${params.maxTimes + 1}
      ) x) as times
    from ${users} u, lateral (
      select count(*)::int as entries, (count(*) filter (where c.closed_at is null))::int as unknown
      from ${analyticsChanges} c where ${inRange}
    ) logged
    where u.id = ${userId}`);
  // Both drivers answer a raw statement as { rows }, here one row of this select list.
  const [row] = (result as unknown as { rows: ChangesRow[] }).rows;
  const version = Number(row?.version ?? 0);
  const times = row?.times ? row.times.split(',').map(Number) : [];
  const isComplete = row !== undefined && row.entries === version - since && row.unknown === 0;
  return { version, closedAt: isComplete && times.length <= params.maxTimes ? times : null };
}

type ChangesRow = { version: string; entries: number; unknown: number; times: string | null };

/**
 * `previous` brought up to date by reading again only the trades closed at the times changed since
 * its version (see readAnalyticsChanges), merged in; null when the changes are not known or a
 * write came between the two reads: then read everything (loadTradeFacts).
 */
export async function loadTradeFactsChanges(
  db: Db,
  params: { userId: string; maxTrades: number; maxTimes: number; previous: { version: number; facts: TradeFacts } },
): Promise<LoadedTradeFacts | null> {
  const { previous } = params;
  const changes = await readAnalyticsChanges(db, { ...params, since: previous.version });
  if (changes.closedAt === null) return null;
  if (changes.closedAt.length === 0)
    return { version: changes.version, count: previous.facts.count, facts: previous.facts };
  const row = await readFactsText(db, {
    ...params,
    range: { from: null, before: null },
    closedAtIn: changes.closedAt,
    isRefById: true,
  });
  if (Number(row.version) !== changes.version) return null;
  const fresh = toTradeFacts(row, Number(row.count), previous.facts);
  const facts = replaceTradesClosedAt(previous.facts, changes.closedAt, fresh);
  return { version: changes.version, count: facts.count, facts: facts.count > params.maxTrades ? null : facts };
}

function toCloseRanges(splitAt: readonly number[]): CloseRange[] {
  const cuts = [...new Set(splitAt)].sort((a, b) => a - b);
  return [...cuts, null].map((before, i) => ({ from: i === 0 ? null : cuts[i - 1]!, before }));
}

function toLoaded(row: FactsRow | undefined, maxTrades: number): LoadedTradeFacts {
  const count = Number(row?.count ?? 0);
  return { version: Number(row?.version ?? 0), count, facts: count > maxTrades ? null : toTradeFacts(row, count) };
}

/** The parts in close order as one: their counts add up, their texts join with the separator. */
function mergeFactsText(parts: FactsRow[]): FactsRow {
  const count = parts.reduce((sum, part) => sum + Number(part.count), 0);
  const texts = parts.filter((part) => Number(part.count) > 0).map((part) => part.data);
  return {
    ...parts[0]!,
    count,
    data: texts.some((text) => text === null) ? null : texts.join(SEP),
  };
}

type ReadFactsParams = {
  userId: string;
  maxTrades: number;
  range: CloseRange;
  /** Only the trades closed at these times (epoch ms). */
  closedAtIn?: readonly number[];
  /** Accounts and strategies as their ids, not as positions in the sorted lists. */
  isRefById?: boolean;
};

async function readFactsText(db: Db, params: ReadFactsParams): Promise<FactsRow> {
  const { userId, range, closedAtIn } = params;
  const toRef = (column: typeof trades.accountId | typeof trades.strategyId, list: SQL) =>
    params.isRefById ? sql`${column}::text` : sql`coalesce(array_position(${list}, ${column})::text, ${column}::text)`;
  const tagIds = db
    .select({
      openingExecutionId: tradeTags.openingExecutionId,
      ids: sql<string>`string_agg(${tradeTags.tagId}::text, ',' order by ${tradeTags.tagId})`.as('ids'),
    })
    .from(tradeTags)
    .innerJoin(tags, eq(tags.id, tradeTags.tagId))
    .where(eq(tags.userId, userId))
    .groupBy(tradeTags.openingExecutionId)
    .as('tag_ids');
  // date_part is float8 arithmetic (extract is numeric, slower); rounding gives the exact ms of a
  // timestamp(3). The open travels as its distance to the close (fewer digits); trim_scale drops
  // the numerics' trailing zeros (half their bytes).
  const closedMs = sql`round(date_part('epoch', ${trades.closedAt}) * 1000)`;
  const openMs = sql`round((date_part('epoch', ${trades.closedAt}) - date_part('epoch', ${trades.openedAt})) * 1000)`;
  const fields = [
    closedMs,
    sql`trim_scale(${trades.netPnl})`,
    sql`trim_scale(${trades.rMultiple})`,
    openMs,
    sql`${trades.symbol}`,
    sql`left(${trades.direction}, 1)`,
    sql`${trades.assetClass}`,
    toRef(trades.strategyId, sql`ref.strategy_ids`),
    sql`${trades.holdingSeconds}`,
    toRef(trades.accountId, sql`ref.account_ids`),
    sql`trim_scale(${trades.grossPnl})`,
    sql`trim_scale(${trades.fees} + ${trades.commission})`,
    sql`case when ${trades.notes} <> '' then '1' end`,
    sql`${tagIds.ids}`,
  ];
  const closed = and(
    eq(trades.userId, userId),
    eq(trades.status, 'closed'),
    isNotNull(trades.closedAt),
    range.from === null ? undefined : gte(trades.closedAt, new Date(range.from)),
    range.before === null ? undefined : lt(trades.closedAt, new Date(range.before)),
    closedAtIn === undefined
      ? undefined
      : sql`${trades.closedAt} = any(${sql.param(closedAtIn.map((ms) => new Date(ms).toISOString()))}::timestamptz[])`,
  );
  // concat() reads a null as '': an empty cell is a null.
  const rows = db
    .select({
      data: sql<string>`string_agg(concat(${sql.join(fields, sql`, ${sepSql}, `)}), ${sepSql} order by ${trades.closedAt}, ${trades.id})`,
    })
    .from(trades)
    .leftJoin(tagIds, eq(tagIds.openingExecutionId, trades.openingExecutionId))
    .where(closed);
  const result = await db.execute(sql`
    with ref as (
      select
        (select coalesce(array_agg(id order by id), '{}') from ${accounts} where user_id = ${userId}) as account_ids,
        (select coalesce(array_agg(id order by id), '{}') from ${strategies} where user_id = ${userId}) as strategy_ids
    ), n as (select count(*)::int as count from ${trades} where ${closed})
    select
      (select analytics_version from ${users} where id = ${userId})::text as version,
      ref.account_ids::text as account_ids,
      ref.strategy_ids::text as strategy_ids,
      n.count,
      case when n.count <= ${params.maxTrades}::bigint then (${rows}) end as data
    from ref, n`);
  // Both drivers answer a raw statement as { rows }, here one row of this select list.
  const [row] = (result as unknown as { rows: FactsRow[] }).rows;
  return row ?? { version: null, account_ids: '{}', strategy_ids: '{}', count: 0, data: null };
}

type FactsRow = {
  version: string | null;
  account_ids: string;
  strategy_ids: string;
  count: number;
  data: string | null;
};

/** '{a,b}' (an array's text) as its items. */
const toIdList = (text: string | undefined) => (!text || text === '{}' ? [] : text.slice(1, -1).split(','));

/** Interns strings as indexes into a list. */
function createDictionary(initial: string[] = []) {
  const values = [...initial];
  const index = new Map(values.map((value, i) => [value, i]));
  return {
    values,
    indexOf(value: string): number {
      let i = index.get(value);
      if (i === undefined) {
        i = values.length;
        values.push(value);
        index.set(value, i);
      }
      return i;
    },
  };
}

/** The lists of facts read earlier, which facts read now extend (see replaceTradesClosedAt). */
type FactsLists = Pick<TradeFacts, 'accountIds' | 'strategyIds' | 'symbols' | 'assetClasses' | 'tagIds'>;

function toTradeFacts(row: FactsRow | undefined, count: number, extending?: FactsLists): TradeFacts {
  const accounts = createDictionary(extending?.accountIds ?? toIdList(row?.account_ids));
  const strategyDict = createDictionary(extending?.strategyIds ?? toIdList(row?.strategy_ids));
  const symbols = createDictionary(extending?.symbols);
  const assetClasses = createDictionary(extending?.assetClasses);
  const tagDict = createDictionary(extending?.tagIds);
  const facts: TradeFacts = {
    count,
    closedAt: new Float64Array(count),
    openedAt: new Float64Array(count),
    netPnl: new Float64Array(count),
    rMultiple: new Float64Array(count),
    hasR: new Uint8Array(count),
    holdingSeconds: new Float64Array(count),
    hasHolding: new Uint8Array(count),
    isShort: new Uint8Array(count),
    hasNote: new Uint8Array(count),
    account: new Int32Array(count),
    accountIds: accounts.values,
    symbol: new Int32Array(count),
    symbols: symbols.values,
    assetClass: new Int32Array(count),
    assetClasses: assetClasses.values,
    strategy: new Int32Array(count),
    strategyIds: strategyDict.values,
    tagStart: new Int32Array(count + 1),
    tagIndex: new Int32Array(0),
    tagIds: tagDict.values,
    grossPnl: { whole: new Float64Array(count), frac: new Float64Array(count) },
    fees: { whole: new Float64Array(count), frac: new Float64Array(count) },
  };
  const cells = createCellReader(count === 0 ? '' : (row?.data ?? ''), SEP.charCodeAt(0));
  // A position (1-based) in the sorted id list, else the id itself.
  const toRef = (cell: string, dictionary: ReturnType<typeof createDictionary>) =>
    cell.length < 12 ? Number(cell) - 1 : dictionary.indexOf(cell);
  const tagIndex: number[] = [];
  for (let i = 0; i < count; i++) {
    facts.closedAt[i] = cells.nextNumber();
    facts.netPnl[i] = cells.nextNumber();
    if (!cells.skipEmpty()) {
      facts.rMultiple[i] = cells.nextNumber();
      facts.hasR[i] = 1;
    }
    facts.openedAt[i] = facts.closedAt[i]! - cells.nextNumber();
    facts.symbol[i] = symbols.indexOf(cells.next());
    facts.isShort[i] = cells.next() === 's' ? 1 : 0;
    facts.assetClass[i] = assetClasses.indexOf(cells.next());
    facts.strategy[i] = cells.skipEmpty() ? -1 : toRef(cells.next(), strategyDict);
    if (!cells.skipEmpty()) {
      facts.holdingSeconds[i] = cells.nextNumber();
      facts.hasHolding[i] = 1;
    }
    facts.account[i] = toRef(cells.next(), accounts);
    cells.nextExact(facts.grossPnl, i);
    cells.nextExact(facts.fees, i);
    facts.hasNote[i] = cells.skipEmpty() ? 0 : (cells.next(), 1);
    if (!cells.skipEmpty()) for (const id of cells.next().split(',')) tagIndex.push(tagDict.indexOf(id));
    facts.tagStart[i + 1] = tagIndex.length;
  }
  facts.tagIndex = Int32Array.from(tagIndex);
  return facts;
}
