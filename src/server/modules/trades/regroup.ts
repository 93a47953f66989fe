import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  applyPositionEvents,
  buildTradeRows,
  countToLastFlat,
  D,
  EMPTY_JOURNAL,
  groupTradesInSlices,
  type AssetClass,
  type Execution,
  type PositionEvent,
  type Trade,
  type TradeExecution,
  type TradeJournal,
} from '../../../core/trades';
import type { Db } from '../../db/client';
import { newRowId } from '../../db/row-id';
import { yieldToEventLoop } from '../../event-loop';
import { executions, tradeExecutions, trades, tradeTags } from '../../db/schema';
import { listJournalsByOpener, moveJournals } from './trade-journals.queries';
import { insertTradeRows, type TradeExecutionInsert, type TradeInsert } from './trade-rows-insert';
import { listAccountCurrencies, updatePendingAccountPnl } from './account-pnl.queries';
import { updateTradeIncome } from './trade-income.queries';
import { listRestatingEvents } from './position-events.queries';

/**
 * Regrouping: trades are derived from executions, so whenever an instrument's executions change
 * (fills added, a trade deleted) its trades are rebuilt — but only from the last flat point before
 * the change. Everything earlier is, by construction, unchanged: the replay of one account and
 * instrument is sequential, and a trade that closed before the first changed fill (and whose
 * closing fill opens no later trade) cannot depend on it.
 *
 * The journal (trade_journals) and tags (trade_tags) belong to the trade's opening execution, not
 * to the trade row: a rebuilt trade keeps the old one's id and finds them where they were, so a
 * trade keeps its id, notes and tags across re-imports. When a change makes an old opening fill
 * part of another trade (a missed earlier fill is added), that trade inherits its journal and tags
 * (they are re-keyed to its opening fill) unless its own opening fill had some. The row's
 * journal-derived columns (R, strategy, has notes) are derived again for every rebuilt trade.
 */

export type RegroupCut = {
  accountId: string;
  instrumentKey: string;
  /** The earliest changed fill's time (added or removed); null rebuilds the whole instrument. */
  changedAt: Date | null;
  /**
   * Where an earlier step of the same rebuild stopped (regroupStep's `rest`): a flat point, so the
   * replay starts exactly there. Only valid while nothing else wrote the instrument's trades since.
   */
  resumeAt?: FlatPoint;
};

/** A fill's place in replay order: (executedAt, sequence). */
export type FlatPoint = { executedAt: Date; sequence: number };

/** What one step of a rebuild did, and what it left for the next (see regroupStep). */
export type RegroupStep = {
  /** The rebuilt trades' ids, in opening order. */
  tradeIds: string[];
  /**
   * The instruments left for another step: each cut short goes on from where it stopped
   * (`resumeAt`); one with no flat point within its share of the step comes back as it was given,
   * to have a step of its own.
   */
  rest: RegroupCut[];
  /** Fills replayed. */
  replayed: number;
};

export type RegroupParams = {
  cuts: readonly RegroupCut[];
  /** The user's default risk per trade (text, as stored), for R when a trade has no stop or risk. */
  defaultRiskAmount: string | null;
  now: Date;
  /**
   * Deleted trades coming back (restore), keyed by opening execution id: the trade that opens with
   * that fill again gets its old id and creation time, unless a trade it still has opens there (its
   * journal and tags, kept by that fill, come back by themselves).
   */
  restored?: ReadonlyMap<string, RestoredTrade>;
};

/** A deleted trade's id and creation time, as a restore hands them back to regrouping. */
export type RestoredTrade = { id: string; createdAt: Date };

/** What a rebuilt trade keeps of the old one it replaces. */
type OldTrade = { id: string; openingExecutionId: string; createdAt: Date };

// A replay start before every fill: PostgreSQL's '-infinity' time and the lowest sequence.
const MIN_SEQUENCE = Number.MIN_SAFE_INTEGER;
const BEFORE_ALL: Start = { at: '-infinity', sequence: MIN_SEQUENCE };
/** A replay end after every fill of its time ('infinity' with it: after every fill). */
const MAX_SEQUENCE = Number.MAX_SAFE_INTEGER;
/** Cuts per pass: six arrays of this length travel as parameters. */
const CUTS_PER_PASS = 2_000;
/**
 * Fills read, and trades built, between two yields to the event loop. A large import's rebuild
 * step on PostgreSQL (2,000 fills) did all of it in one go: 150 ms in which the server answered
 * nothing, on a machine whose two cores the database and the collector kept busy. A tenth of that
 * is a few milliseconds of work.
 */
const GROUP_SLICE = 500;
const BUILD_SLICE = 500;

/** Replay from this (executedAt, sequence) on; `at` is ISO-8601 or '-infinity'. */
type Start = { at: string; sequence: number };

/** A replay start exactly at a fill's place. */
const startAt = (point: FlatPoint): Start => ({ at: point.executedAt.toISOString(), sequence: point.sequence });

const keyOf = (accountId: string, instrumentKey: string) => `${accountId}\u0000${instrumentKey}`;

/**
 * The rows of trades that have no earlier version (instruments new to the account): new ids, no
 * journal.
 */
export function buildNewTradeRows(
  grouped: readonly Trade[],
  params: {
    userId: string;
    assetClassOf: (trade: Trade) => AssetClass;
    defaultRiskAmount: string | null;
    now: Date;
    /** The account's currency (one account's trades). */
    accountCurrency: string;
  },
): { trades: TradeInsert[]; parts: TradeExecutionInsert[] } {
  const out = { trades: [] as TradeInsert[], parts: [] as TradeExecutionInsert[] };
  for (const trade of grouped) {
    const built = buildTradeRows({
      trade,
      userId: params.userId,
      assetClass: params.assetClassOf(trade),
      journal: EMPTY_JOURNAL,
      defaultRiskAmount: params.defaultRiskAmount,
      id: newRowId(),
      createdAt: params.now,
      now: params.now,
      accountCurrency: params.accountCurrency,
    });
    out.trades.push(built.trade);
    for (const part of built.parts) out.parts.push(part);
  }
  return out;
}

/**
 * Rebuilds the trades of the given instruments from each cut on (see the module comment) and
 * answers the ids of the rebuilt trades, in opening order. Run it inside the transaction that
 * changed the executions, after the change, holding the account lock (getAccountForUpdate).
 */
export async function regroupInstruments(tx: Db, params: RegroupParams): Promise<string[]> {
  return (await regroupInPasses(tx, params, mergeCuts(params.cuts), null)).tradeIds;
}

/**
 * One step of a rebuild that may take several transactions: like regroupInstruments, but the
 * instruments share about `maxFills` replayed fills, each replaying its share from its start up to
 * the last flat point in it. The instruments cut short come back in `rest`, each to be passed again
 * (in a later transaction) from the point it stopped at. The trades before that point are rebuilt
 * and final; those after it are still the old ones until the step that reaches them. An instrument
 * with no flat point in its share comes back untouched, for a step of its own; alone, with no flat
 * point in all `maxFills`, it replays whole (a position held throughout: its one trade rests on
 * all of them). On PGlite one transaction holds every request, so a large rebuild goes in steps of
 * a few tens of milliseconds (import-runner.ts).
 */
export async function regroupStep(tx: Db, params: RegroupParams & { maxFills: number }): Promise<RegroupStep> {
  const merged = mergeCuts(params.cuts);
  const share = { fills: Math.max(1, Math.floor(params.maxFills / merged.length)), mayDefer: merged.length > 1 };
  return regroupInPasses(tx, params, merged, share);
}

/** The merged cuts in passes of CUTS_PER_PASS (regroupPass), their results joined. */
async function regroupInPasses(
  tx: Db,
  params: RegroupParams,
  given: readonly RegroupCut[],
  share: StepShare | null,
): Promise<RegroupStep> {
  let merged = given;
  const out: RegroupStep = { tradeIds: [], rest: [], replayed: 0 };
  const { families, events, others } = await splitEventFamilies(tx, merged);
  if (families.length > 0) {
    // Instruments a split or symbol change went through: rebuilt whole, the events applied.
    const pass = await regroupPass(tx, params, families, null, events);
    for (const id of pass.tradeIds) out.tradeIds.push(id);
    out.replayed += pass.replayed;
  }
  merged = others;
  for (let i = 0; i < merged.length; i += CUTS_PER_PASS) {
    const pass = await regroupPass(tx, params, merged.slice(i, i + CUTS_PER_PASS), share);
    for (const id of pass.tradeIds) out.tradeIds.push(id);
    for (const cut of pass.rest) out.rest.push(cut);
    out.replayed += pass.replayed;
  }
  return out;
}

/**
 * For a rebuild in steps that something else wrote to between two steps (import-runner.ts): the
 * cuts whose resume point a trade now spans (a fill was added before it, and the position is no
 * longer flat there) go on by the usual rule from its time (findStarts); the others still resume
 * exactly there. Only a real change moves a start back: a trade that merely closed at the same
 * millisecond, before the resume point, does not.
 */
export async function checkResumePoints(tx: Db, cuts: readonly RegroupCut[]): Promise<RegroupCut[]> {
  const resumed = cuts.flatMap((cut) =>
    cut.resumeAt ? [{ accountId: cut.accountId, instrumentKey: cut.instrumentKey, ...startAt(cut.resumeAt) }] : [],
  );
  if (resumed.length === 0) return [...cuts];
  const closing = alias(executions, 'closing');
  // The trade opened last before each resume point: the one that would span it.
  const last = tx
    .select({ status: trades.status, closingId: trades.closingExecutionId })
    .from(trades)
    .innerJoin(executions, eq(executions.id, trades.openingExecutionId))
    .where(
      sql`${trades.accountId} = c.account_id and ${trades.instrumentKey} = c.instrument_key and ${trades.openedAt} <= c.at
        and (${executions.executedAt}, ${executions.sequence}) < (c.at, c.seq)`,
    )
    .orderBy(desc(trades.openedAt), desc(executions.sequence))
    .limit(1)
    .as('t');
  const spanned = await tx
    .select({ accountId: sql<string>`c.account_id`, instrumentKey: sql<string>`c.instrument_key` })
    .from(cutsTable(resumed))
    .innerJoinLateral(last, sql`true`)
    .leftJoin(closing, eq(closing.id, last.closingId))
    .where(sql`${last.status} = 'open' or (${closing.executedAt}, ${closing.sequence}) >= (c.at, c.seq)`);
  const isSpanned = new Set(spanned.map((row) => keyOf(row.accountId, row.instrumentKey)));
  return cuts.map((cut) => (isSpanned.has(keyOf(cut.accountId, cut.instrumentKey)) ? withoutResumePoint(cut) : cut));
}

/** The cut without its resume point: on by the usual rule from that point's time. */
function withoutResumePoint({ resumeAt: _, ...cut }: RegroupCut): RegroupCut {
  return cut;
}

/**
 * The cuts in instruments a split or symbol change of their account went through, widened to every
 * instrument the events link them with (a renamed position's old and new names), each whole; the
 * events that restate them; and the other cuts, as they were.
 */
async function splitEventFamilies(
  tx: Db,
  cuts: readonly RegroupCut[],
): Promise<{ families: RegroupCut[]; events: EventReplay | null; others: RegroupCut[] }> {
  const listed = await listRestatingEvents(tx, [...new Set(cuts.map((cut) => cut.accountId))]);
  const restating = listed.events;
  if (restating.length === 0) return { families: [], events: null, others: [...cuts] };
  // Union-find over each account's instruments the events link.
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    let root = key;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(key, root);
    return root;
  };
  const link = (a: string, b: string) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra, rb);
  };
  for (const event of restating) {
    const from = keyOf(event.accountId, event.instrumentKey);
    find(from);
    if (event.toInstrumentKey) link(from, keyOf(event.accountId, event.toInstrumentKey));
  }
  const wanted = new Set<string>();
  const others: RegroupCut[] = [];
  for (const cut of cuts) {
    const key = keyOf(cut.accountId, cut.instrumentKey);
    if (parent.has(key)) wanted.add(find(key));
    else others.push(cut);
  }
  if (wanted.size === 0) return { families: [], events: null, others };
  const families: RegroupCut[] = [];
  for (const key of parent.keys()) {
    if (!wanted.has(find(key))) continue;
    const [accountId, instrumentKey] = key.split('\u0000') as [string, string];
    families.push({ accountId, instrumentKey, changedAt: null });
  }
  const events = restating.filter((event) => wanted.has(find(keyOf(event.accountId, event.instrumentKey))));
  return { families, events: { events, sequenceOf: listed.sequenceOf }, others };
}

/** The splits and symbol changes a rebuild applies, and each event's place for the fills events stand for. */
type EventReplay = { events: readonly PositionEvent[]; sequenceOf: ReadonlyMap<string, number> };

/** One cut per instrument: the earliest (null, the whole instrument, first of all). */
function mergeCuts(cuts: readonly RegroupCut[]): RegroupCut[] {
  const merged = new Map<string, RegroupCut>();
  for (const cut of cuts) {
    const key = keyOf(cut.accountId, cut.instrumentKey);
    const seen = merged.get(key);
    if (!seen) merged.set(key, cut);
    else {
      // A resume point holds for the rebuild it came from alone: merged, the earlier cut decides.
      const changedAt =
        seen.changedAt === null || cut.changedAt === null
          ? null
          : new Date(Math.min(seen.changedAt.getTime(), cut.changedAt.getTime()));
      merged.set(key, { accountId: cut.accountId, instrumentKey: cut.instrumentKey, changedAt });
    }
  }
  return [...merged.values()];
}

/** A step's share of fills for each instrument, and whether one with no flat point in it waits for a step of its own. */
type StepShare = { fills: number; mayDefer: boolean };

async function regroupPass(
  tx: Db,
  params: RegroupParams,
  cuts: RegroupCut[],
  share: StepShare | null,
  events: EventReplay | null = null,
): Promise<RegroupStep> {
  const starts = await findStarts(tx, cuts);
  const allStarts = cuts.map((cut) => {
    const start = starts.get(keyOf(cut.accountId, cut.instrumentKey)) ?? BEFORE_ALL;
    return { accountId: cut.accountId, instrumentKey: cut.instrumentKey, ...start };
  });
  const { rows, ends, deferred } =
    share === null
      ? { rows: await listFills(tx, allStarts, null), ends: new Map<string, FlatPoint>(), deferred: new Set<string>() }
      : await listFillsToLastFlat(tx, allStarts, share);
  const rest: RegroupCut[] = cuts.flatMap((cut) => {
    const key = keyOf(cut.accountId, cut.instrumentKey);
    const end = ends.get(key);
    if (end)
      return [{ accountId: cut.accountId, instrumentKey: cut.instrumentKey, changedAt: end.executedAt, resumeAt: end }];
    return deferred.has(key) ? [cut] : [];
  });
  const startRows =
    deferred.size === 0 ? allStarts : allStarts.filter((row) => !deferred.has(keyOf(row.accountId, row.instrumentKey)));

  // The old trades the replay rebuilds: those opening from the start on (up to where it stops).
  // Their journals are read as they go: DELETE … RETURNING hands back the old rows.
  const ranges = cutsTable(
    startRows.map((row) => {
      const end = ends.get(keyOf(row.accountId, row.instrumentKey));
      return end ? { ...row, end: startAt(end) } : row;
    }),
  );
  const doomed = tx
    .select({ id: trades.id })
    .from(trades)
    .innerJoin(ranges, sql`c.account_id = ${trades.accountId} and c.instrument_key = ${trades.instrumentKey}`)
    .innerJoin(executions, eq(executions.id, trades.openingExecutionId))
    // openedAt is the opening fill's time: filtering on it first spares a fill lookup per older trade.
    .where(
      sql`${trades.openedAt} >= c.at and ${trades.openedAt} <= c.end_at
        and (${executions.executedAt}, ${executions.sequence}) >= (c.at, c.seq)
        and (${executions.executedAt}, ${executions.sequence}) < (c.end_at, c.end_seq)`,
    );
  const old: OldTrade[] = await tx.delete(trades).where(inArray(trades.id, doomed)).returning({
    id: trades.id,
    openingExecutionId: trades.openingExecutionId,
    createdAt: trades.createdAt,
  });
  const replayed = rows.length;
  if (rows.length === 0) return { tradeIds: [], rest, replayed };

  // In slices: regrouping a large import's hundreds of thousands of fills must not stall other requests.
  const byId = new Map<string, (typeof rows)[number]>();
  const fills: Execution[] = [];
  for (const [index, row] of rows.entries()) {
    if (index > 0 && index % GROUP_SLICE === 0) await yieldToEventLoop();
    byId.set(row.id, row);
    const fill = toExecution(row);
    // A fill an event stands for replays at its event's place among the others (toEventSequence).
    const eventSequence = row.positionEventId === null ? undefined : events?.sequenceOf.get(row.positionEventId);
    fills.push(eventSequence === undefined ? fill : { ...fill, sequence: eventSequence });
  }
  // Splits and symbol changes restate the open position's fills (position-events.service.ts).
  const replay = events ? applyPositionEvents(fills, events.events).executions : fills;
  const grouped = await groupTradesInSlices(replay, { sliceSize: GROUP_SLICE, pause: yieldToEventLoop });

  const oldByOpener = new Map(old.map((trade) => [trade.openingExecutionId, trade]));
  const newOpeners = new Set(grouped.map((trade) => trade.openingExecutionId));
  // The journals of the rebuilt trades' opening fills, and of the old ones they may inherit.
  const journals = await listJournalsByOpener(tx, [...newOpeners, ...oldByOpener.keys()]);
  const accountCurrencies = await listAccountCurrencies(tx, [...new Set(cuts.map((cut) => cut.accountId))]);
  const tradeRows: TradeInsert[] = [];
  const partRows: TradeExecutionInsert[] = [];
  const movedTags: { from: string; to: string }[] = [];
  const movedJournals: { from: string; to: string }[] = [];
  for (const [index, trade] of grouped.entries()) {
    if (index > 0 && index % BUILD_SLICE === 0) await yieldToEventLoop();
    const own = oldByOpener.get(trade.openingExecutionId);
    const restored = own ? undefined : params.restored?.get(trade.openingExecutionId);
    // A restored trade is itself again: it inherits nothing from the trades rebuilt without its fills.
    const inherited = own || restored ? undefined : findInherited(trade.executions, oldByOpener, newOpeners);
    let journal: TradeJournal | undefined = journals.get(trade.openingExecutionId);
    if (inherited) {
      const move = { from: inherited.openingExecutionId, to: trade.openingExecutionId };
      movedTags.push(move);
      const theirs = journals.get(inherited.openingExecutionId);
      if (!journal && theirs) {
        journal = theirs;
        movedJournals.push(move);
      }
    }
    const source = own ?? inherited;
    const opening = byId.get(trade.openingExecutionId)!; // every trade opens with one of the replayed rows
    const built = buildTradeRows({
      trade,
      userId: opening.userId,
      assetClass: opening.assetClass as AssetClass, // written from parseInstrument's asset class
      journal: journal ?? EMPTY_JOURNAL,
      defaultRiskAmount: params.defaultRiskAmount,
      id: source?.id ?? restored?.id ?? newRowId(),
      createdAt: source?.createdAt ?? restored?.createdAt ?? params.now,
      now: params.now,
      // A fill's account exists while the fill does (its key), and so its currency.
      accountCurrency: accountCurrencies.get(trade.accountId) ?? trade.currency,
    });
    tradeRows.push(built.trade);
    partRows.push(...built.parts);
  }

  // Encoding the rows for COPY is the last stretch of work in one go.
  await yieldToEventLoop();
  await insertTradeRows(tx, { trades: tradeRows, parts: partRows });
  const pendingAccounts = new Set(
    tradeRows.flatMap((row) => (row.accountPnlIssue === 'pending' ? [row.accountId] : [])),
  );
  await updatePendingAccountPnl(tx, [...pendingAccounts]);
  await updateTradeIncome(tx, {
    tradeIds: tradeRows.map((row) => row.id),
    accountIds: [...new Set(cuts.map((cut) => cut.accountId))],
  });
  await moveJournals(tx, movedJournals);
  if (movedTags.length > 0) await moveTags(tx, movedTags);
  return { tradeIds: tradeRows.map((row) => row.id), rest, replayed };
}

/** A cut's replay start, as cutsTable takes it. */
type StartRow = { accountId: string; instrumentKey: string } & Start;

const FILL_COLUMNS = {
  id: executions.id,
  userId: executions.userId,
  accountId: executions.accountId,
  executedAt: executions.executedAt,
  executedOn: executions.executedOn,
  symbol: executions.symbol,
  instrumentKey: executions.instrumentKey,
  assetClass: executions.assetClass,
  side: executions.side,
  quantity: executions.quantity,
  price: executions.price,
  commission: executions.commission,
  fees: executions.fees,
  multiplier: executions.multiplier,
  currency: executions.currency,
  sequence: executions.sequence,
  quantityStep: executions.quantityStep,
  unconvertedFee: executions.unconvertedFee,
  unconvertedFeeAsset: executions.unconvertedFeeAsset,
  positionEventId: executions.positionEventId,
};

/**
 * Every live fill the account has in these instruments (deleted ones, kept for a restore, left
 * out), as regrouping reads them: what an import's preview groups its new fills with.
 */
export async function listFillsOfInstruments(
  db: Db,
  params: { accountId: string; instrumentKeys: readonly string[] },
): Promise<FillRow[]> {
  const out: FillRow[] = [];
  const keys = [...params.instrumentKeys];
  for (let i = 0; i < keys.length; i += 1_000) {
    const rows = await db
      .select(FILL_COLUMNS)
      .from(executions)
      .where(
        and(
          eq(executions.accountId, params.accountId),
          inArray(executions.instrumentKey, keys.slice(i, i + 1_000)),
          isNull(executions.deletedAt),
        ),
      );
    for (const row of rows) out.push(row);
  }
  return out;
}

/** A column's value as read: null too where the column is nullable. */
type ColumnValue<C extends { _: { data: unknown; notNull: boolean } }> = C['_']['notNull'] extends true
  ? C['_']['data']
  : C['_']['data'] | null;
type FillRow = { [K in keyof typeof FILL_COLUMNS]: ColumnValue<(typeof FILL_COLUMNS)[K]> };

/** Each cut's fills from its start on: all of them, or the first `limit` in replay order. */
async function listFills(tx: Db, starts: readonly StartRow[], limit: number | null): Promise<FillRow[]> {
  // A deleted fill (kept for a restore, deleted_trades) is grouped with nothing.
  const fromStart = sql`${executions.executedAt} >= c.at and (${executions.executedAt}, ${executions.sequence}) >= (c.at, c.seq)
    and ${executions.deletedAt} is null`;
  if (limit === null)
    return tx
      .select(FILL_COLUMNS)
      .from(executions)
      .innerJoin(
        cutsTable(starts),
        sql`c.account_id = ${executions.accountId} and c.instrument_key = ${executions.instrumentKey}`,
      )
      .where(fromStart);
  // Per cut, by the (account, instrument, time) index, stopping at the limit.
  const first = tx
    .select(FILL_COLUMNS)
    .from(executions)
    .where(
      sql`${executions.accountId} = c.account_id and ${executions.instrumentKey} = c.instrument_key and ${fromStart}`,
    )
    .orderBy(executions.executedAt, executions.sequence)
    .limit(limit)
    .as('f');
  // The subquery's fields under the same names: its rows are FILL_COLUMNS' rows (drizzle types a
  // subquery's fields by name, not as the columns they select, hence the casts).
  const columns = Object.fromEntries(Object.keys(FILL_COLUMNS).map((name) => [name, first[name as keyof FillRow]]));
  return (await tx
    .select(columns as unknown as typeof FILL_COLUMNS)
    .from(cutsTable(starts))
    .innerJoinLateral(first, sql`true`)) as FillRow[];
}

/**
 * Each cut's fills from its start up to the last flat point within its share, and where each
 * instrument cut short stopped: the next fill, or just after the last one read when that one left
 * it flat. An instrument with no flat point in its share is deferred (`share.mayDefer`: nothing of
 * it is read or rebuilt) or read whole.
 */
async function listFillsToLastFlat(
  tx: Db,
  starts: readonly StartRow[],
  share: StepShare,
): Promise<{ rows: FillRow[]; ends: Map<string, FlatPoint>; deferred: Set<string> }> {
  const byKey = new Map<string, FillRow[]>();
  for (const row of await listFills(tx, starts, share.fills)) {
    const key = keyOf(row.accountId, row.instrumentKey);
    const list = byKey.get(key);
    if (list) list.push(row);
    else byKey.set(key, [row]);
  }
  const rows: FillRow[] = [];
  const ends = new Map<string, FlatPoint>();
  const deferred = new Set<string>();
  const whole: StartRow[] = [];
  for (const start of starts) {
    const key = keyOf(start.accountId, start.instrumentKey);
    const list = byKey.get(key) ?? [];
    if (list.length < share.fills) {
      for (const row of list) rows.push(row);
      continue;
    }
    list.sort((a, b) => a.executedAt.getTime() - b.executedAt.getTime() || a.sequence - b.sequence);
    const flat = countToLastFlat(
      list.map((row) => ({
        side: row.side,
        quantity: D(row.quantity),
        quantityStep: row.quantityStep === null ? null : D(row.quantityStep),
      })),
    );
    if (flat === 0) {
      if (share.mayDefer) deferred.add(key);
      else whole.push(start);
      continue;
    }
    for (let i = 0; i < flat; i += 1) rows.push(list[i]!);
    const next = list[flat];
    const last = list[flat - 1]!;
    // Sequences are whole numbers: (time, sequence + 1) is the first place after the last fill read.
    ends.set(
      key,
      next
        ? { executedAt: next.executedAt, sequence: next.sequence }
        : { executedAt: last.executedAt, sequence: last.sequence + 1 },
    );
  }
  if (whole.length > 0) for (const row of await listFills(tx, whole, null)) rows.push(row);
  return { rows, ends, deferred };
}

/** A stored fill as the database hands it back: times as Dates, decimals as text. */
export type StoredExecution = Omit<
  Execution,
  'executedAt' | 'quantity' | 'price' | 'commission' | 'fees' | 'multiplier' | 'quantityStep' | 'unconvertedFee'
> & {
  executedAt: Date;
  quantity: string;
  price: string;
  commission: string;
  fees: string;
  multiplier: string;
  /** Absent where a caller (sample data) has none. */
  quantityStep?: string | null;
  unconvertedFee?: string | null;
  unconvertedFeeAsset?: string | null;
};

/** A stored fill as the grouping engine takes it. */
export function toExecution(row: StoredExecution): Execution {
  return {
    id: row.id,
    accountId: row.accountId,
    executedAt: row.executedAt.toISOString(),
    executedOn: row.executedOn ?? null,
    symbol: row.symbol,
    instrumentKey: row.instrumentKey,
    side: row.side,
    quantity: D(row.quantity),
    price: D(row.price),
    commission: D(row.commission),
    fees: D(row.fees),
    multiplier: D(row.multiplier),
    currency: row.currency,
    sequence: row.sequence,
    quantityStep: row.quantityStep ? D(row.quantityStep) : null,
    unconvertedFee:
      row.unconvertedFee && row.unconvertedFeeAsset
        ? { amount: D(row.unconvertedFee), asset: row.unconvertedFeeAsset }
        : null,
  };
}

/** The earliest old trade whose opening fill is now inside this trade and opens nothing any more. */
function findInherited(
  parts: readonly TradeExecution[],
  oldByOpener: ReadonlyMap<string, OldTrade>,
  newOpeners: ReadonlySet<string>,
): OldTrade | undefined {
  for (const part of parts) {
    if (newOpeners.has(part.executionId)) continue;
    const old = oldByOpener.get(part.executionId);
    if (old) return old;
  }
  return undefined;
}

/**
 * The cut rows as a relation `c(account_id, instrument_key, at, seq, end_at, end_seq)`: six array
 * parameters. A row without an end runs to after every fill ('infinity').
 */
function cutsTable(rows: readonly (StartRow & { end?: Start })[]): SQL {
  return sql`unnest(${sql.param(rows.map((r) => r.accountId))}::uuid[], ${sql.param(
    rows.map((r) => r.instrumentKey),
  )}::text[], ${sql.param(rows.map((r) => r.at))}::timestamptz[], ${sql.param(
    rows.map((r) => r.sequence),
  )}::bigint[], ${sql.param(rows.map((r) => r.end?.at ?? 'infinity'))}::timestamptz[], ${sql.param(
    rows.map((r) => r.end?.sequence ?? MAX_SEQUENCE),
  )}::bigint[]) as c(account_id, instrument_key, at, seq, end_at, end_seq)`;
}

/**
 * Where each instrument's replay starts. With a change at time P: the earliest trade still open or
 * closed at or after P is affected, and so is everything after it. Its opening fill is a flat
 * point — unless that fill also closed the previous trade (a flip), in which case the replay goes
 * back to the last opening fill that did not. The start is that fill, or P itself when P comes
 * first (a fill added in a flat stretch, or after the last trade).
 */
async function findStarts(tx: Db, cuts: readonly RegroupCut[]): Promise<Map<string, Start>> {
  const starts = new Map<string, Start>();
  const incremental: { accountId: string; instrumentKey: string; at: string; sequence: number }[] = [];
  for (const cut of cuts) {
    if (cut.resumeAt) starts.set(keyOf(cut.accountId, cut.instrumentKey), startAt(cut.resumeAt));
    else if (cut.changedAt === null) starts.set(keyOf(cut.accountId, cut.instrumentKey), BEFORE_ALL);
    else incremental.push({ ...cut, at: cut.changedAt.toISOString(), sequence: MIN_SEQUENCE });
  }
  if (incremental.length === 0) return starts;

  const openerColumns = {
    accountId: trades.accountId,
    instrumentKey: trades.instrumentKey,
    openingExecutionId: trades.openingExecutionId,
    executedAt: executions.executedAt,
    sequence: executions.sequence,
  };
  const earliest = await tx
    .selectDistinctOn([trades.accountId, trades.instrumentKey], openerColumns)
    .from(trades)
    .innerJoin(
      cutsTable(incremental),
      sql`c.account_id = ${trades.accountId} and c.instrument_key = ${trades.instrumentKey}`,
    )
    .innerJoin(executions, eq(executions.id, trades.openingExecutionId))
    .where(sql`(${trades.closedAt} is null or ${trades.closedAt} >= c.at)`)
    .orderBy(trades.accountId, trades.instrumentKey, executions.executedAt, executions.sequence);

  const flips =
    earliest.length === 0
      ? new Set<string>()
      : new Set(
          (
            await tx
              .select({ id: tradeExecutions.executionId })
              .from(tradeExecutions)
              .where(
                and(
                  eq(tradeExecutions.role, 'exit'),
                  inArray(
                    tradeExecutions.executionId,
                    earliest.map((row) => row.openingExecutionId),
                  ),
                ),
              )
          ).map((row) => row.id),
        );
  const flipped = earliest.filter((row) => flips.has(row.openingExecutionId));
  const clean = new Map<string, { executedAt: Date; sequence: number }>();
  if (flipped.length > 0) {
    const rows = await tx
      .selectDistinctOn([trades.accountId, trades.instrumentKey], openerColumns)
      .from(trades)
      .innerJoin(
        cutsTable(flipped.map((row) => ({ ...row, at: row.executedAt.toISOString() }))),
        sql`c.account_id = ${trades.accountId} and c.instrument_key = ${trades.instrumentKey}`,
      )
      .innerJoin(executions, eq(executions.id, trades.openingExecutionId))
      .where(
        sql`(${executions.executedAt}, ${executions.sequence}) <= (c.at, c.seq) and not exists (
          select 1 from ${tradeExecutions} x where x.execution_id = ${trades.openingExecutionId} and x.role = 'exit')`,
      )
      .orderBy(trades.accountId, trades.instrumentKey, desc(executions.executedAt), desc(executions.sequence));
    for (const row of rows) clean.set(keyOf(row.accountId, row.instrumentKey), row);
  }

  const earliestByKey = new Map(earliest.map((row) => [keyOf(row.accountId, row.instrumentKey), row]));
  for (const cut of incremental) {
    const key = keyOf(cut.accountId, cut.instrumentKey);
    const first = earliestByKey.get(key);
    const changedAt = Date.parse(cut.at);
    if (!first) {
      starts.set(key, { at: cut.at, sequence: MIN_SEQUENCE });
      continue;
    }
    const opener = flips.has(first.openingExecutionId) ? clean.get(key) : first;
    if (!opener) starts.set(key, BEFORE_ALL);
    else if (opener.executedAt.getTime() < changedAt)
      starts.set(key, { at: opener.executedAt.toISOString(), sequence: opener.sequence });
    else starts.set(key, { at: cut.at, sequence: MIN_SEQUENCE });
  }
  return starts;
}

/** Re-keys tags from an old opening fill to the trade that inherited its journal. */
async function moveTags(tx: Db, moves: readonly { from: string; to: string }[]): Promise<void> {
  const from = sql.param(moves.map((m) => m.from));
  const to = sql.param(moves.map((m) => m.to));
  await tx.execute(sql`
    insert into ${tradeTags} (opening_execution_id, tag_id)
    select m.to_id, tt.tag_id from ${tradeTags} tt
    join unnest(${from}::uuid[], ${to}::uuid[]) as m(from_id, to_id) on tt.opening_execution_id = m.from_id
    on conflict do nothing`);
  await tx.execute(sql`delete from ${tradeTags} where opening_execution_id = any(${from}::uuid[])`);
}

/** The earliest changed time per instrument of one account: what regrouping starts from. */
export function toCuts(
  changed: readonly { accountId: string; instrumentKey: string; executedAt: Date }[],
): RegroupCut[] {
  const cuts = new Map<string, RegroupCut>();
  for (const row of changed) {
    const key = `${row.accountId}\u0000${row.instrumentKey}`;
    const cut = cuts.get(key);
    if (!cut || (cut.changedAt !== null && row.executedAt < cut.changedAt))
      cuts.set(key, { accountId: row.accountId, instrumentKey: row.instrumentKey, changedAt: row.executedAt });
  }
  return [...cuts.values()];
}
