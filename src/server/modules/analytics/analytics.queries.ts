import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnalyticsTrade, AnalyticsTradeDetail } from '../../../core/analytics';
import type { Db } from '../../db/client';
import { engineOf } from '../../db/engine';
import { yieldToEventLoop } from '../../event-loop';
import { accounts, analyticsChanges, strategies, tags, trades, tradeTags, users } from '../../db/schema';
import type { ResolvedTradeFilter } from '../../../core/query';
import { toTradeFilterSql } from '../../db/trade-filter-sql';
import { replaceTradesClosedAt, type TradeFacts } from './trade-facts';
import { createTradeFactsReader, type TradeFactsReader, type TradeFactsSegment } from './trade-facts-rows';
import { selectRows } from '../../db/raw-rows';
import {
  createConvertedSum,
  createUnconvertedTally,
  toConvertedNumber,
  type CurrencyScope,
  type UnconvertedTotal,
} from './currency-scope';
import Big from 'big.js';

/**
 * Reading 100,000 trades as rows costs more in the drivers than in the database (one JS object per
 * row and per numeric). The analytics queries therefore aggregate the few columns they need into
 * one text value, fields and rows separated by the ASCII unit separator (which no symbol, id or
 * number contains), and split it in one pass. Rows come in (closed_at, id) order: the index order.
 */
const SEP = '\u001f';
const sepSql = sql.raw('chr(31)');

/** The user's closed trades matching the filter; `from`/`to` bound the close. */
export function closedTradeConditions(userId: string, filter: ResolvedTradeFilter): SQL[] {
  return [
    eq(trades.userId, userId),
    eq(trades.status, 'closed'),
    isNotNull(trades.closedAt),
    ...toTradeFilterSql(filter, { dateColumn: trades.closedAt }),
  ];
}

const epochMs = (column: typeof trades.closedAt | typeof trades.openedAt) =>
  sql`(extract(epoch from ${column}) * 1000)::bigint`;

async function aggregateRows(
  db: Db,
  params: { userId: string; filter: ResolvedTradeFilter; fields: SQL[] },
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

/**
 * A trade's P&L in its account's currency (issue 42) and, when it could not be converted, its own
 * currency (else ''); then its account: the last three fields of each analytics row.
 */
const CURRENCY_FIELDS = [
  sql`coalesce(${trades.accountNetPnl}, ${trades.netPnl})`,
  sql`CASE WHEN ${trades.accountNetPnl} IS NULL THEN ${trades.currency} ELSE '' END`,
  sql`${trades.accountId}`,
];

/**
 * The rows in the scope's currency (CurrencyScope, as the cache does it: trade-facts-currency.ts):
 * `cells` from `at` are the CURRENCY_FIELDS of each row.
 */
function convertCells<T extends { closedAt: number; netPnl: number }>(
  rows: readonly T[],
  cells: readonly string[],
  params: { at: number; width: number; scope: CurrencyScope },
): { rows: T[]; unconverted: UnconvertedTotal[] } {
  const { at, width, scope } = params;
  const tally = createUnconvertedTally();
  const kept: T[] = [];
  for (let i = 0, c = at; i < rows.length; i++, c += width) {
    const row = rows[i]!;
    const own = cells[c + 1]!;
    const currency = own !== '' ? own : (scope.accountCurrency.get(cells[c + 2]!) ?? '');
    if (currency === scope.currency) {
      kept.push(row);
      continue;
    }
    const rate = scope.rateOf(currency, row.closedAt);
    if (rate === null) tally.add(currency, new Big(cells[c]!));
    else kept.push({ ...row, netPnl: toConvertedNumber(row.netPnl, rate) });
  }
  return { rows: kept, unconverted: tally.list() };
}

/** The closed trades' close time, net P&L (in the scope's currency) and R, in (closedAt, id) order. */
export async function listAnalyticsTrades(
  db: Db,
  params: { userId: string; filter: ResolvedTradeFilter; scope: CurrencyScope },
): Promise<{ rows: (AnalyticsTrade & { assetClass: string })[]; unconverted: UnconvertedTotal[] }> {
  const fields = [
    epochMs(trades.closedAt),
    sql`coalesce(${trades.rMultiple}::text, '')`,
    ...CURRENCY_FIELDS,
    // Its breakeven band is its asset class's.
    sql`${trades.assetClass}`,
  ];
  const width = fields.length;
  const { count, cells } = await aggregateRows(db, { ...params, fields });
  const out = new Array<AnalyticsTrade & { assetClass: string }>(count);
  for (let i = 0, c = 0; i < count; i++, c += width) {
    out[i] = {
      closedAt: Number(cells[c]),
      netPnl: Number(cells[c + 2]),
      rMultiple: toNumberOrNull(cells[c + 1]!),
      assetClass: cells[c + 5]!,
    };
  }
  return convertCells(out, cells, { at: 2, width, scope: params.scope });
}

/**
 * Totals the trade statistics add: gross P&L (before fees) and fees plus commissions, in the
 * scope's currency, summed per currency and close day and converted as the cache does
 * (createConvertedSum); trades without a rate left out.
 */
export async function getFeeTotals(
  db: Db,
  params: { userId: string; filter: ResolvedTradeFilter; scope: CurrencyScope },
): Promise<{ grossPnl: number; fees: number }> {
  const currency = sql<string>`CASE WHEN ${trades.accountNetPnl} IS NULL THEN ${trades.currency} ELSE ${accounts.currency} END`;
  const dayMs = sql<string>`(floor(extract(epoch from ${trades.closedAt}) / 86400) * 86400000)::bigint`;
  const rows = await db
    .select({
      currency,
      dayMs,
      grossPnl: sql<string | null>`sum(coalesce(${trades.accountGrossPnl}, ${trades.grossPnl}))::text`,
      fees: sql<string | null>`sum(coalesce(${trades.accountFees}, ${trades.fees} + ${trades.commission}))::text`,
    })
    .from(trades)
    .innerJoin(accounts, eq(accounts.id, trades.accountId))
    .where(and(...closedTradeConditions(params.userId, params.filter)))
    .groupBy(currency, dayMs);
  const gross = createConvertedSum(params.scope);
  const fees = createConvertedSum(params.scope);
  for (const row of rows) {
    const closedAt = Number(row.dayMs);
    if (params.scope.rateOf(row.currency, closedAt) === null) continue;
    gross.add(row.currency, closedAt, new Big(row.grossPnl ?? 0));
    fees.add(row.currency, closedAt, new Big(row.fees ?? 0));
  }
  return { grossPnl: gross.total(), fees: fees.total() };
}

/**
 * The closed trades with what breakdowns and the heatmap group by. Tags (several per trade) are
 * read only when asked for, by the trades' opening fills.
 */
export async function listAnalyticsTradeDetails(
  db: Db,
  params: { userId: string; filter: ResolvedTradeFilter; withTags: boolean; scope: CurrencyScope },
): Promise<{ rows: AnalyticsTradeDetail[]; unconverted: UnconvertedTotal[] }> {
  const fields = [
    epochMs(trades.closedAt),
    sql`coalesce(${trades.accountNetPnl}, ${trades.netPnl})`,
    sql`coalesce(${trades.rMultiple}::text, '')`,
    epochMs(trades.openedAt),
    sql`${trades.symbol}`,
    sql`${trades.direction}`,
    sql`${trades.assetClass}`,
    sql`coalesce(${trades.strategyId}::text, '')`,
    sql`coalesce(${trades.holdingSeconds}::text, '')`,
    params.withTags ? sql`${trades.openingExecutionId}` : sql`''`,
    ...CURRENCY_FIELDS,
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
  return convertCells(out, cells, { at: 10, width, scope: params.scope });
}

/** Every tag of the user's trades, by opening fill. */
export async function listTagsByOpener(db: Db, userId: string): Promise<Map<string, { id: string; name: string }[]>> {
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
export async function listNotedCloseTimes(
  db: Db,
  params: { userId: string; filter: ResolvedTradeFilter },
): Promise<number[]> {
  const rows = await db
    .select({ closedAt: trades.closedAt })
    .from(trades)
    .where(and(...closedTradeConditions(params.userId, params.filter), eq(trades.hasNotes, true)));
  return rows.flatMap((row) => (row.closedAt ? [row.closedAt.getTime()] : []));
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
  /** Null when there are more than `maxTrades`: then nothing past the cap was read. */
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
  /** About how many trades there are (the cache's count before), so the columns need not grow. */
  expectedRows?: number;
  /** Trades per statement where the engine reads in pages (FACTS_PAGE_ROWS by default). */
  pageRows?: number;
  /** Runs between two pages, where the engine reads in pages (tests write there). */
  betweenPages?: () => Promise<void>;
};

/**
 * Trades per statement where a statement holds up every other request (Engine.statementPageRows:
 * PGlite runs in this thread, on one connection): 500,000 trades in one would stall every request
 * for the whole read; a page of these lets them in between.
 */
export const FACTS_PAGE_ROWS = 25_000;

/**
 * Every closed trade of the user as {@link TradeFacts}, with the data version, in one statement per
 * part: the bytes each trade keeps in `analytics_row` (see trade-facts-rows.ts), joined in index
 * order. Reads at most `maxTrades` + 1 rows, so a user far over the cap costs a count, not 1 GB.
 */
export async function loadTradeFacts(db: Db, params: LoadTradeFactsParams): Promise<LoadedTradeFacts> {
  const ranges = toCloseRanges(params.splitAt ?? []);
  const expectedRows = params.expectedRows ?? 0;
  if (ranges.length > 1) {
    // The parts share one reader: their rows are decoded as they come, into lists both use.
    const reader = createTradeFactsReader(undefined, { expectedRows: (expectedRows / ranges.length) * 1.1 });
    const parts = await Promise.all(ranges.map((range) => readFactsRows(db, { ...params, range, reader })));
    if (parts.every((part) => part.version === parts[0]!.version)) return toLoaded(db, params, reader, parts);
  }
  const pageRows = engineOf(db).statementPageRows(params.pageRows ?? FACTS_PAGE_ROWS);
  if (pageRows !== null) {
    const reader = createTradeFactsReader(undefined, { expectedRows: expectedRows * 1.1 });
    const range = { from: null, before: null };
    const part = await readFactsRowsInPages(db, { ...params, range, reader, pageRows });
    if (part) return toLoaded(db, params, reader, [part]);
  }
  const reader = createTradeFactsReader(undefined, { expectedRows: expectedRows * 1.1 });
  const part = await readFactsRows(db, { ...params, range: { from: null, before: null }, reader });
  return toLoaded(db, params, reader, [part]);
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
  const [row] = await selectRows<ChangesRow>(
    db,
    sql`
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
    where u.id = ${userId}`,
  );
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
  const reader = createTradeFactsReader(previous.facts);
  const part = await readFactsRows(db, {
    ...params,
    maxTrades: Number.MAX_SAFE_INTEGER,
    range: { from: null, before: null },
    closedAtIn: changes.closedAt,
    reader,
  });
  if (part.version !== changes.version) return null;
  const fresh = reader.finish([part.segment]);
  const facts = replaceTradesClosedAt(previous.facts, changes.closedAt, fresh);
  return { version: changes.version, count: facts.count, facts: facts.count > params.maxTrades ? null : facts };
}

function toCloseRanges(splitAt: readonly number[]): CloseRange[] {
  const cuts = [...new Set(splitAt)].sort((a, b) => a - b);
  return [...cuts, null].map((before, i) => ({ from: i === 0 ? null : cuts[i - 1]!, before }));
}

/** The parts (of one data version, in close order) as loaded facts; over the cap, only counted. */
async function toLoaded(
  db: Db,
  params: { userId: string; maxTrades: number },
  reader: TradeFactsReader,
  parts: readonly FactsRowsPart[],
): Promise<LoadedTradeFacts> {
  const version = parts[0]?.version ?? 0;
  const facts = reader.finish(parts.map((part) => part.segment));
  if (facts.count <= params.maxTrades) return { version, count: facts.count, facts };
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(trades)
    .where(and(eq(trades.userId, params.userId), sql`${trades}.analytics_row is not null`));
  return { version, count: row?.count ?? facts.count, facts: null };
}

type ReadFactsParams = {
  userId: string;
  maxTrades: number;
  range: CloseRange;
  /** Only the trades closed at these times (epoch ms). */
  closedAtIn?: readonly number[];
  /** Decodes the rows as they arrive. */
  reader: TradeFactsReader;
};

type FactsRowsPart = { version: number; segment: TradeFactsSegment };

/** The SQL of a facts read: the trades' filter, the row limit and the data version (literals checked). */
function toFactsSql(params: Pick<ReadFactsParams, 'userId' | 'maxTrades' | 'range' | 'closedAtIn'>) {
  const { userId, range, closedAtIn } = params;
  // COPY takes no parameters: every value below is a checked uuid, an integer or a formatted date.
  if (!UUID.test(userId)) throw new Error(`readFactsRows: not a uuid: ${userId}`);
  if (!Number.isSafeInteger(params.maxTrades)) throw new Error('readFactsRows: maxTrades must be an integer');
  const closed = [
    `t.user_id = '${userId}'`,
    't.analytics_row is not null',
    ...(range.from === null ? [] : [`t.closed_at >= ${timestampLiteral(range.from)}`]),
    ...(range.before === null ? [] : [`t.closed_at < ${timestampLiteral(range.before)}`]),
    ...(closedAtIn === undefined ? [] : [`t.closed_at in (${closedAtIn.map(timestampLiteral).join(', ') || 'null'})`]),
  ].join(' and ');
  return {
    closed,
    limit: Math.min(params.maxTrades, Number.MAX_SAFE_INTEGER - 1) + 1,
    version: `(select analytics_version from users where id = '${userId}')::text`,
    /** The tags on the opening fills of `trades` (rows with opening_execution_id), as addTags reads them. */
    tagsOf: (trades: string) => `(select string_agg(x.opening || ':' || x.ids, ';') from (
      select tt.opening_execution_id::text as opening, string_agg(tt.tag_id::text, ',' order by tt.tag_id) as ids
      from trade_tags tt
      join tags g on g.id = tt.tag_id and g.user_id = '${userId}'
      join ${trades} on p.opening_execution_id = tt.opening_execution_id
      group by tt.opening_execution_id
    ) x)`,
  };
}

/** A page's last trade, `closed_at|id` as PostgreSQL writes them: where the next page starts. */
const PAGE_KEY = /^([^|]+)\|([0-9a-f-]{36})$/;

/**
 * readFactsRows a page of trades per statement, in (closed_at, id) order, letting the
 * event loop run between pages (see FACTS_PAGE_ROWS). Pages are separate snapshots: when a
 * write came between two (the data version moved), answers null and the caller reads in one.
 */
async function readFactsRowsInPages(
  db: Db,
  params: ReadFactsParams & Pick<LoadTradeFactsParams, 'betweenPages'> & { pageRows: number },
): Promise<FactsRowsPart | null> {
  const { closed, limit, version, tagsOf } = toFactsSql(params);
  const { pageRows } = params;
  if (!Number.isSafeInteger(pageRows) || pageRows < 1)
    throw new Error('readFactsRows: pageRows must be a positive integer');
  const segment = params.reader.createSegment();
  let readVersion: number | null = null;
  let after = '';
  for (let read = 0; read < limit;) {
    const rows = Math.min(pageRows, limit - read);
    const [tuple] = await engineOf(db).copyOutTuples(
      db,
      `with page as materialized (
        select t.analytics_row, t.closed_at, t.id, t.opening_execution_id from trades t
        where ${closed}${after} order by t.closed_at, t.id limit ${rows}
      )
      select ${version},
        (select string_agg(p.analytics_row, ''::bytea order by p.closed_at, p.id) from page p),
        (select count(*)::text from page),
        (select p.closed_at::text || '|' || p.id::text from page p order by p.closed_at desc, p.id desc limit 1),
        ${tagsOf('page p')}`,
    );
    const [versionText, joined, countText, lastKey, tagText] = tuple ?? [];
    const pageVersion = Number(versionText?.toString() ?? 0);
    if (readVersion !== null && pageVersion !== readVersion) return null;
    readVersion = pageVersion;
    params.reader.addTags(tagText?.toString() ?? null);
    if (joined) segment.pushRows(joined);
    const count = Number(countText?.toString() ?? 0);
    read += count;
    const key = PAGE_KEY.exec(lastKey?.toString() ?? '');
    if (count < rows || !key) break;
    // Both parts come from the database's own output (a timestamp's text, a uuid): nothing to escape.
    after = ` and (t.closed_at, t.id) > ('${key[1]!.replace(/'/g, "''")}'::timestamptz, '${key[2]!}'::uuid)`;
    await (params.betweenPages ?? yieldToEventLoop)();
  }
  return { version: readVersion ?? 0, segment };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A timestamptz literal of epoch ms (an ISO text made here from a number: nothing to escape). */
const timestampLiteral = (ms: number) => `'${new Date(ms).toISOString()}'::timestamptz`;

/**
 * One range's rows (at most maxTrades + 1), decoded as they arrive, and the tags of those that
 * have any, with the data version, in one snapshot. The rows are copied out in binary, one
 * `analytics_row` per tuple (see Engine.copyOutRowsInSnapshot: about 106 bytes a trade, travelling as they
 * are), from the index on (user_id, closed_at, id), which carries them, in its order, without a
 * visit to the table once vacuum has marked its pages all-visible.
 */
async function readFactsRows(db: Db, params: ReadFactsParams): Promise<FactsRowsPart> {
  const { closed, limit, version, tagsOf } = toFactsSql(params);
  const rows = `select t.analytics_row from trades t where ${closed} order by t.closed_at, t.id limit ${limit}`;
  // The tags on the opening fills of the range's trades (the API puts no other user's there).
  const tags = tagsOf(`(select t.opening_execution_id from trades t where ${closed}) p`);
  const segment = params.reader.createSegment();
  let readVersion = 0;
  await engineOf(db).copyOutRowsInSnapshot(db, {
    head: [version, tags],
    rows,
    column: 'analytics_row',
    onHead: ([versionText, tagText]) => {
      readVersion = Number(versionText?.toString() ?? 0);
      params.reader.addTags(tagText?.toString() ?? null);
    },
    sink: segment,
  });
  return { version: readVersion, segment };
}
