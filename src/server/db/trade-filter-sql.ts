import { and, eq, inArray, isNotNull, ilike, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  ADJUSTED_ROOT_PATTERN,
  FUTURES_SUFFIX_PATTERN,
  OCC_PATTERN,
  toFilterContext,
  UNDERLYING_OF_ROOT,
  type BreakevenBands,
  type DecimalRange,
  type FieldType,
  type FilterContext,
  type NumberRange,
  type ResolvedTradeFilter,
  type ResolvedValueOf,
  type TradeField,
} from '../../core/query';
import {
  accounts,
  executions,
  journalDays,
  positionEvents,
  ruleChecks,
  screenshots,
  strategyRules,
  tradeJournals,
  tradeParts,
  trades,
  tradeTags,
} from './schema';

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
} & FilterContext;

type SqlCompiler<T extends FieldType> = (value: ResolvedValueOf<T>, context: TradeSqlContext) => SQL | undefined;
type SqlCompilers = { [F in TradeField as F['id']]: SqlCompiler<F['type']> };

/** The trade's date: when it closed, or when it opened while still open. */
export const TRADE_DATE_SQL = sql`coalesce(${trades.closedAt}, ${trades.openedAt})`;

const instant = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

function inRange(column: PgColumn | SQL, range: DecimalRange | NumberRange): SQL | undefined {
  return and(
    range.min === undefined ? undefined : sql`${column} >= ${range.min}`,
    range.max === undefined ? undefined : sql`${column} <= ${range.max}`,
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
    and pe.deleted_at is null    and pe.at >= ${trades.openedAt} and (${trades.closedAt} is null or pe.at <= ${trades.closedAt}) and ${match})`;

/** A wall-clock time of the trade in a zone (a `timestamp` without zone). */
const zoned = (column: PgColumn | SQL, timeZone: string) => sql`(${column} at time zone ${timeZone})`;
const intsIn = (part: SQL, values: number[]) => sql`${part}::int = any(${sql.param(values)}::int[])`;
const textsIn = (text: SQL, values: string[]) => sql`lower(${text}) = any(${sql.param(values)}::text[])`;

/**
 * The band of the trade row `alias` (its asset class's, 0 when none): the breakeven band's half
 * width. Net P&L above it is a win, below its negative a loss (core/query/breakeven.ts).
 */
function bandOf(alias: SQL, bands: BreakevenBands): SQL {
  const entries = Object.entries(bands).filter(([, amount]) => amount !== undefined && Number(amount) !== 0);
  if (entries.length === 0) return sql`0`;
  return sql`(case ${alias}.asset_class ${sql.join(
    entries.map(([assetClass, amount]) => sql`when ${assetClass} then ${amount}::numeric`),
    sql` `,
  )} else 0 end)`;
}

/** The outcome of the closed trade row `alias`, as text, by the user's band. */
const outcomeOf = (alias: SQL, bands: BreakevenBands) => {
  const band = bandOf(alias, bands);
  return sql`(case when ${alias}.net_pnl > ${band} then 'win' when ${alias}.net_pnl < -${band} then 'loss' else 'breakeven' end)`;
};

const T = sql.raw('"trades"');
const P = sql.raw('p');
const Q = sql.raw('q');

/** The same account's trades closed at or before this one opened (itself left out), as `alias`. */
const closedBefore = (alias: SQL) =>
  sql`from ${trades} ${alias} where ${alias}.user_id = ${trades.userId} and ${alias}.account_id = ${trades.accountId} and ${alias}.status = 'closed' and ${alias}.closed_at <= ${trades.openedAt} and ${alias}.id <> ${trades.id}`;
/** Of those, the previous trade: the last by (close, id). */
const previousTrade = (select: SQL) =>
  sql`(select ${select} ${closedBefore(P)} order by p.closed_at desc, p.id desc limit 1)`;

// The instrument's facets from its stored symbol: the twins of core/query/instrument-facets.ts.
const optionRoot = sql`rtrim(substr(${trades.symbol}, 1, 6))`;
const isOcc = sql`(${trades.assetClass} = 'option' and ${trades.symbol} ~ ${OCC_PATTERN})`;
const futuresRoot = sql`regexp_replace(${trades.symbol}, ${FUTURES_SUFFIX_PATTERN}, '')`;
const expiryText = sql`('20' || substr(${trades.symbol}, 7, 2) || '-' || substr(${trades.symbol}, 9, 2) || '-' || substr(${trades.symbol}, 11, 2))`;
const underlying = sql`(case ${trades.assetClass}
  when 'option' then (case ${optionRoot} ${sql.join(
    Object.entries(UNDERLYING_OF_ROOT).map(([root, of]) => sql`when ${root} then ${of}`),
    sql` `,
  )} else regexp_replace(${optionRoot}, ${ADJUSTED_ROOT_PATTERN}, ${'\\1'}) end)
  when 'future' then ${futuresRoot}
  when 'forex' then split_part(${trades.symbol}, '/', 1)
  when 'crypto' then split_part(${trades.symbol}, '/', 1)
  else ${trades.symbol} end)`;

/** The trade's journal row (by its opening fill) holds a row matching `condition` on `j`. */
const journalHas = (condition: SQL) =>
  sql`exists (select 1 from ${tradeJournals} j where j.opening_execution_id = ${trades.openingExecutionId} and ${condition})`;
const journalListHas = (column: 'mistakes' | 'emotions', values: string[]) =>
  journalHas(
    sql`exists (select 1 from jsonb_array_elements_text(j.${sql.raw(column)}) m(v) where lower(m.v) = any(${sql.param(values)}::text[]))`,
  );
const partsOf = (role: 'entry' | 'exit') =>
  sql`(select count(*) from ${tradeParts} tp where tp.trade_id = ${trades.id} and tp.role = ${role})`;
const entryPrice = sql`${trades.avgEntryPrice}`;
/**
 * The trade's answers to its strategy's rules (`rc`, with the rule as `r`): checks live on the
 * opening execution; answers to another strategy's rules (the trade's strategy changed) never count.
 */
const answersOf = sql`from ${ruleChecks} rc join ${strategyRules} r on r.id = rc.rule_id
  where rc.opening_execution_id = ${trades.openingExecutionId} and r.strategy_id = ${trades.strategyId}`;
/** Any of these rules answered `state` on the trade (a removed rule too: its own history). */
const ruleAnswered = (ids: string[], state: 'followed' | 'broken') =>
  sql`exists (select 1 ${answersOf} and rc.rule_id = any(${sql.param(ids)}::uuid[]) and rc.state = ${state})`;
const FOLLOWED = sql`count(*) filter (where rc.state = 'followed')`;
const ANSWERED = sql`count(*) filter (where rc.state in ('followed', 'broken'))`;
/** Selects nothing: a field whose data does not exist yet (its registry entry says so). */
const NOTHING = sql`false`;

export const TRADE_FIELD_SQL: SqlCompilers = {
  from: (ms, { dateColumn }) => sql`${dateColumn} >= ${instant(ms)}`,
  to: (ms, { dateColumn }) => sql`${dateColumn} < ${instant(ms)}`,
  openedFrom: (ms) => sql`${trades.openedAt} >= ${instant(ms)}`,
  openedTo: (ms) => sql`${trades.openedAt} < ${instant(ms)}`,
  weekdays: (days, { timeZone }) => intsIn(sql`extract(isodow from ${zoned(trades.openedAt, timeZone)})`, days),
  months: (months, { timeZone }) => intsIn(sql`extract(month from ${zoned(TRADE_DATE_SQL, timeZone)})`, months),
  years: (years, { timeZone }) => intsIn(sql`extract(year from ${zoned(TRADE_DATE_SQL, timeZone)})`, years),
  entryHours: (hours, { timeZone }) =>
    and(isNull(trades.openedOn), intsIn(sql`extract(hour from ${zoned(trades.openedAt, timeZone)})`, hours)),
  exitHours: (hours, { timeZone }) =>
    and(
      isNotNull(trades.closedAt),
      isNull(trades.closedOn),
      intsIn(sql`extract(hour from ${zoned(sql`${trades.closedAt}`, timeZone)})`, hours),
    ),
  session: (sessions) => {
    const et = zoned(trades.openedAt, 'America/New_York');
    const minute = sql`(extract(hour from ${et}) * 60 + extract(minute from ${et}))`;
    return and(
      isNull(trades.openedOn),
      sql`(case when ${minute} < 570 then 'pre' when ${minute} < 960 then 'regular' else 'after' end) = any(${sql.param(sessions)}::text[])`,
    );
  },
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
  underlyings: (values) => textsIn(underlying, values),
  optionRight: (right) => and(isOcc, sql`substr(${trades.symbol}, 13, 1) = ${right === 'call' ? 'C' : 'P'}`),
  expiryFrom: (date) => and(isOcc, sql`${expiryText} >= ${date}`),
  expiryTo: (date) => and(isOcc, sql`${expiryText} <= ${date}`),
  dteAtEntry: (range, { timeZone }) =>
    and(isOcc, inRange(sql`(${expiryText}::date - ${zoned(trades.openedAt, timeZone)}::date)`, range)),
  strike: (range) => and(isOcc, inRange(sql`(substr(${trades.symbol}, 14, 8)::numeric / 1000)`, range)),
  futuresRoots: (values) => and(eq(trades.assetClass, 'future'), textsIn(futuresRoot, values)),
  currencies: (values) => textsIn(sql`${trades.currency}`, values),
  brokers: (values) =>
    sql`exists (select 1 from ${accounts} a where a.id = ${trades.accountId} and lower(a.broker) = any(${sql.param(values)}::text[]))`,
  accountIds: (ids) => (ids.length === 1 ? eq(trades.accountId, ids[0]!) : inArray(trades.accountId, ids)),
  side: (side) => eq(trades.direction, side as 'long' | 'short'), // validated against the field's values
  status: (status) => eq(trades.status, status as 'open' | 'closed'), // validated against the field's values
  outcomes: (outcomes, { breakeven }) =>
    and(eq(trades.status, 'closed'), sql`${outcomeOf(T, breakeven)} = any(${sql.param(outcomes)}::text[])`),
  quantity: (range) => inRange(trades.quantity, range),
  positionValue: (range) => inRange(sql`(${entryPrice} * ${trades.quantity} * ${trades.multiplier})`, range),
  entryPrice: (range) => inRange(trades.avgEntryPrice, range),
  exitPrice: (range) => inRange(trades.avgExitPrice, range),
  netPnl: (range) => inRange(trades.netPnl, range),
  grossPnl: (range) => inRange(trades.grossPnl, range),
  fees: (range) => inRange(sql`(${trades.fees} + ${trades.commission})`, range),
  // pct between min and max, as products (exact): costs × 100 against bound × |gross|.
  feesPctOfGross: (range) =>
    and(
      sql`${trades.grossPnl} <> 0`,
      range.min === undefined
        ? undefined
        : sql`(${trades.fees} + ${trades.commission}) * 100 >= ${range.min}::numeric * abs(${trades.grossPnl})`,
      range.max === undefined
        ? undefined
        : sql`(${trades.fees} + ${trades.commission}) * 100 <= ${range.max}::numeric * abs(${trades.grossPnl})`,
    ),
  rMultiple: (range) => inRange(trades.rMultiple, range),
  returnPct: (range) => {
    const value = sql`(${entryPrice} * ${trades.quantity} * ${trades.multiplier})`;
    return and(
      sql`${value} > 0`,
      range.min === undefined ? undefined : sql`${trades.netPnl} * 100 >= ${range.min}::numeric * ${value}`,
      range.max === undefined ? undefined : sql`${trades.netPnl} * 100 <= ${range.max}::numeric * ${value}`,
    );
  },
  mae: () => NOTHING,
  mfe: () => NOTHING,
  hasStop: (hasStop) => {
    const has = journalHas(sql`j.stop_price is not null`);
    return hasStop ? has : sql`not ${has}`;
  },
  initialRisk: (range) => inRange(trades.initialRisk, range),
  stopDistancePct: (range) =>
    journalHas(
      and(
        sql`j.stop_price is not null and ${entryPrice} > 0`,
        range.min === undefined
          ? undefined
          : sql`abs(${entryPrice} - j.stop_price) * 100 >= ${range.min}::numeric * ${entryPrice}`,
        range.max === undefined
          ? undefined
          : sql`abs(${entryPrice} - j.stop_price) * 100 <= ${range.max}::numeric * ${entryPrice}`,
      )!,
    ),
  plannedRewardRisk: (range) =>
    journalHas(
      and(
        sql`j.stop_price is not null and j.target_price is not null and j.stop_price <> ${entryPrice}`,
        range.min === undefined
          ? undefined
          : sql`abs(j.target_price - ${entryPrice}) >= ${range.min}::numeric * abs(${entryPrice} - j.stop_price)`,
        range.max === undefined
          ? undefined
          : sql`abs(j.target_price - ${entryPrice}) <= ${range.max}::numeric * abs(${entryPrice} - j.stop_price)`,
      )!,
    ),
  holdingSeconds: (range) => inRange(trades.holdingSeconds, range),
  intraday: (isIntraday, { timeZone }) =>
    and(
      eq(trades.status, 'closed'),
      sql`${zoned(trades.openedAt, timeZone)}::date ${sql.raw(isIntraday ? '=' : '<>')} ${zoned(sql`${trades.closedAt}`, timeZone)}::date`,
    ),
  executionCount: (range) => inRange(trades.executionCount, range),
  scaledIn: (isScaled) => sql`${partsOf('entry')} ${sql.raw(isScaled ? '>' : '<=')} 1`,
  scaledOut: (isScaled) => sql`${partsOf('exit')} ${sql.raw(isScaled ? '>' : '<=')} 1`,
  // 1 + the user's trades opened earlier the same day (in the zone), ties by id.
  nthTradeOfDay: (range, { timeZone }) =>
    inRange(
      sql`(select count(*) from ${trades} o where o.user_id = ${trades.userId} and o.opened_at >= (date_trunc('day', ${zoned(trades.openedAt, timeZone)}) at time zone ${timeZone}) and (o.opened_at < ${trades.openedAt} or (o.opened_at = ${trades.openedAt} and o.id <= ${trades.id})))`,
      range,
    ),
  previousOutcome: (outcomes, { breakeven }) =>
    sql`${previousTrade(outcomeOf(P, breakeven))} = any(${sql.param(outcomes)}::text[])`,
  // The losses before it with no other outcome after them (up to its open).
  lossesInARowBefore: (range, { breakeven }) =>
    inRange(
      sql`(select count(*) ${closedBefore(P)} and p.net_pnl < -${bandOf(P, breakeven)} and not exists (select 1 ${closedBefore(Q)} and q.net_pnl >= -${bandOf(Q, breakeven)} and (q.closed_at, q.id) > (p.closed_at, p.id)))`,
      range,
    ),
  minutesSincePrevious: (range) =>
    inRange(sql`floor(extract(epoch from (${trades.openedAt} - ${previousTrade(sql`p.closed_at`)})) / 60)`, range),
  strategyIds: (ids) => inArray(trades.strategyId, ids),
  excludeStrategyIds: (ids) => or(isNull(trades.strategyId), notInArray(trades.strategyId, ids)),
  hasStrategy: (hasStrategy) => (hasStrategy ? isNotNull(trades.strategyId) : isNull(trades.strategyId)),
  tagsAny: (ids) => sql`exists (select 1 ${tagsAmong(ids)})`,
  tagsAll: (ids) => sql`(select count(*) ${tagsAmong(ids)}) = ${ids.length}`,
  tagsNone: (ids) => sql`not exists (select 1 ${tagsAmong(ids)})`,
  hasNotes: (hasNotes) => eq(trades.hasNotes, hasNotes),
  mistakes: (values) => journalListHas('mistakes', values),
  rating: (range) =>
    journalHas(
      and(
        range.min === undefined ? undefined : sql`j.rating >= ${range.min}`,
        range.max === undefined ? undefined : sql`j.rating <= ${range.max}`,
      )!,
    ),
  hasScreenshots: (has) => {
    const exists = sql`exists (select 1 from ${screenshots} s where s.opening_execution_id = ${trades.openingExecutionId})`;
    return has ? exists : sql`not ${exists}`;
  },
  emotions: (values) => journalListHas('emotions', values),
  // followed ÷ (followed + broken) × 100 of its current rules within the range, as products
  // (exact); a trade with none answered followed or broken has no adherence and is never selected.
  ruleAdherencePct: (range) =>
    sql`exists (select 1 ${answersOf} and r.removed_at is null having ${and(
      sql`${ANSWERED} > 0`,
      range.min === undefined ? undefined : sql`${FOLLOWED} * 100 >= ${range.min}::numeric * ${ANSWERED}`,
      range.max === undefined ? undefined : sql`${FOLLOWED} * 100 <= ${range.max}::numeric * ${ANSWERED}`,
    )})`,
  rulesFollowed: (ids) => ruleAnswered(ids, 'followed'),
  rulesBroken: (ids) => ruleAnswered(ids, 'broken'),
  importIds: (ids) =>
    sql`exists (select 1 from ${executions} e where e.id = ${trades.openingExecutionId} and e.import_id = any(${sql.param(ids)}::uuid[]))`,
  dayHadPlan: (hasPlan, { timeZone }) => {
    const exists = sql`exists (select 1 from ${journalDays} d where d.user_id = ${trades.userId} and d.day = ${zoned(trades.openedAt, timeZone)}::date and btrim(d.plan) <> '')`;
    return hasPlan ? exists : sql`not ${exists}`;
  },
  dayPlanFollowed: () => NOTHING,
};

/**
 * The filter's conditions on `trades` (without the user: callers add theirs). `dateColumn`
 * defaults to the trade's date (TRADE_DATE_SQL).
 */
export function toTradeFilterSql(filter: ResolvedTradeFilter, context: Partial<TradeSqlContext> = {}): SQL[] {
  const full: TradeSqlContext = { ...toFilterContext(filter), dateColumn: context.dateColumn ?? TRADE_DATE_SQL };
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
