import {
  createFlatChunker,
  D,
  groupTrades,
  keyOfFill,
  type AssetClass,
  type Decimal,
  type Execution,
  type Trade,
} from '../../../core/trades';
import { createBoundedMemo } from '../../../core/bounded-memo';
import { encodeNewRows, insertNewRows, type NewRows } from '../../db/bulk-insert';
import type { Db } from '../../db/client';
import { yieldToEventLoop } from '../../event-loop';
import { getAnalyticsVersion } from '../analytics/analytics.queries';
import type { PreparedExecution } from '../trades/execution-input';
import { buildNewTradeRows, type RegroupCut } from '../trades/regroup';
import {
  insertEncodedTradeRows,
  insertTradeRows,
  toNewTradeRows,
  type EncodedTradeRows,
  type TradeRows,
} from '../trades/trade-rows-insert';
import {
  newExecutionRows,
  insertExecutionRows,
  toInsertedExecutions,
  type ExecutionInsertRow,
  type InsertedExecution,
} from '../trades/trades.queries';
import type { StageClock } from './import-stages';
import { getImportBatchState, listInstrumentsWithFills, listTradeIdsOfInstruments } from './imports.queries';

/**
 * Grouping a large import as it is stored, batch by batch, for the instruments new to the account:
 * their fills are cut at flat points (createFlatChunker) and each closed stretch's trades are
 * written in the same transaction as the batch, so the import never reads its fills back. Only the
 * stretches still open are held in memory.
 *
 * An instrument is grouped the usual way (from the database, by cut, once every fill is in) when
 * it already had fills in the account, when its fills come out of time order (a fill listed after
 * later ones; a newest-first file is replayed in reverse, so it streams), when anything else
 * wrote the user's trades between two batches (another tab, another instance: the data version
 * moved), or while another import into the account is queued or running (it adds fills without
 * touching trades until its end), since its trades may then rest on fills this does not know.
 * Such an instrument's streamed trades are rebuilt with the rest of it (a cut from the start).
 * Only a streamed instrument's fills can go in without a conflict check (insertExecutions' isNew).
 *
 * Grouping ahead (planBatch): a batch's fills that cannot clash (fingerprinted from their content,
 * of a streamed instrument) are grouped, and their rows and trades encoded, while the
 * previous batch is still being written, so this thread and the database work at the same time
 * instead of in turn. An instrument demoted on the way (by a fill of the batch out of time order,
 * or meanwhile by another write: settlePlan, in the batch's transaction) has its fills inserted
 * checked and its trades dropped; the rest of the plan is sent as it is.
 * The other fills ("later") go in checked and are grouped as inserted (addInserted); while a batch
 * holds an instrument's fills back, no later batch groups that instrument ahead, so each
 * instrument's fills still reach the chunker in replay order.
 */
export type StreamedGrouping = ReturnType<typeof createStreamedGrouping>;

/**
 * One batch's fills, split: `ahead` are grouped already (their trades in `trades`) and go in
 * unchecked; `later` go in by insert … on conflict do nothing, then addInserted.
 */
export type BatchPlan = {
  ahead: ExecutionInsertRow[];
  later: ExecutionInsertRow[];
  trades: TradeRows;
  /** The batch's instruments. */
  instrumentKeys: Set<string>;
  /** Instruments with fills in `later`: no later batch groups them ahead until this one is written. */
  heldKeys: Set<string>;
  /** `ahead` and `trades` for insertNewRows (in COPY text), as of `changes`. */
  encoded: { fills: NewRows<ExecutionInsertRow>; trades: EncodedTradeRows } | null;
  /** Counts changes to `ahead` and `trades` (an encoding is of the count it was made at). */
  changes: number;
};

/**
 * Distinct decimal texts the grouping remembers (bounded-memo.ts): a file's quantities, costs and
 * multipliers, and many of its prices, repeat, and reading one is most of what feeding a fill to
 * the chunker costs. Decimals are immutable, so fills share them safely.
 */
const DECIMAL_MEMO_SIZE = 20_000;

/** Fills grouped ahead between two looks at the event loop. */
const GROUP_AHEAD_SLICE = 100;

const bySequence = (a: { sequence: number }, b: { sequence: number }) => a.sequence - b.sequence;

export function createStreamedGrouping(params: {
  userId: string;
  accountId: string;
  /** This import (another one into the account stops the streaming). */
  importId: string;
  defaultRiskAmount: string | null;
  now: Date;
}) {
  const { userId, accountId, importId } = params;
  const chunker = createFlatChunker();
  const streamed = new Set<string>();
  const fallback = new Set<string>();
  const assetClasses = new Map<string, AssetClass>();
  /** Trades written, by instrument (a demoted instrument's are rebuilt, not counted here). */
  const tradesByInstrument = new Map<string, number>();
  const demotedCuts: RegroupCut[] = [];
  const existing = new Set<string>();
  let versionAfterLastWrite: number | null = null;
  /** Held-back batches per instrument (BatchPlan.heldKeys). */
  const held = new Map<string, number>();
  const decimalOf = createBoundedMemo<Decimal>(DECIMAL_MEMO_SIZE);
  const decimal = (text: string) => decimalOf(text, () => D(text));

  function demote(instrumentKey: string): void {
    if (!streamed.delete(instrumentKey)) return;
    chunker.drop(keyOfFill({ accountId, instrumentKey }));
    fallback.add(instrumentKey);
    tradesByInstrument.delete(instrumentKey);
    demotedCuts.push({ accountId, instrumentKey, changedAt: null });
  }

  /**
   * The trades of closed stretches, as rows; a demoted instrument's are left out (its trades are
   * rebuilt from the database). They count as this import's.
   */
  function buildTrades(stretches: Execution[][]): TradeRows {
    const fills: Execution[] = [];
    for (const stretch of stretches)
      if (streamed.has(stretch[0]!.instrumentKey)) for (const fill of stretch) fills.push(fill);
    if (fills.length === 0) return { trades: [], parts: [] };
    // One call for all the stretches: each goes from flat to flat, so grouping them together gives
    // each one's own trades (flat-chunks.ts), without a call's set-up for every two fills.
    const grouped: Trade[] = groupTrades(fills);
    const rows = buildNewTradeRows(grouped, {
      userId,
      assetClassOf: (trade) => assetClasses.get(trade.instrumentKey)!, // set with its first fill
      defaultRiskAmount: params.defaultRiskAmount,
      now: params.now,
    });
    for (const row of rows.trades)
      tradesByInstrument.set(row.instrumentKey, (tradesByInstrument.get(row.instrumentKey) ?? 0) + 1);
    return rows;
  }

  async function writeTrades(tx: Db, stretches: Execution[][]): Promise<void> {
    const rows = buildTrades(stretches);
    if (rows.trades.length > 0) await insertTradeRows(tx, rows);
  }

  /** Feeds fills of streamed instruments to the chunker, in replay order; one out of order demotes its instrument. */
  function addToChunker(fills: readonly { id: string; item: PreparedExecution; sequence: number }[]): void {
    for (const { id, item, sequence } of fills) {
      if (!streamed.has(item.instrumentKey)) continue;
      assetClasses.set(item.instrumentKey, item.assetClass);
      const isInOrder = chunker.add({
        id,
        accountId,
        executedAt: item.executedAt,
        symbol: item.symbol,
        instrumentKey: item.instrumentKey,
        side: item.side,
        quantity: decimal(item.quantity),
        price: decimal(item.price),
        commission: decimal(item.commission),
        fees: decimal(item.fees),
        multiplier: decimal(item.multiplier),
        currency: item.currency,
        sequence,
      });
      if (!isInOrder) demote(item.instrumentKey);
    }
  }

  function hold(plan: BatchPlan, instrumentKey: string): void {
    if (plan.heldKeys.has(instrumentKey)) return;
    plan.heldKeys.add(instrumentKey);
    held.set(instrumentKey, (held.get(instrumentKey) ?? 0) + 1);
  }

  function release(plan: BatchPlan): void {
    for (const key of plan.heldKeys) {
      const count = (held.get(key) ?? 1) - 1;
      if (count > 0) held.set(key, count);
      else held.delete(key);
    }
    plan.heldKeys.clear();
  }

  /**
   * Groups the fills of `candidates` (replay order) that can be grouped now into `plan.ahead`;
   * the rest go to `plan.later`, and from an instrument's first fill held back on, all its others.
   */
  async function groupAhead(plan: BatchPlan, candidates: readonly ExecutionInsertRow[]): Promise<void> {
    const now: ExecutionInsertRow[] = [];
    const later: ExecutionInsertRow[] = [];
    for (const fill of candidates) {
      const key = fill.item.instrumentKey;
      if (fill.item.fingerprintFromContent && streamed.has(key) && !plan.heldKeys.has(key) && !held.has(key))
        now.push(fill);
      else {
        later.push(fill);
        hold(plan, key);
      }
    }
    const trades = [...plan.trades.trades];
    const parts = [...plan.trades.parts];
    // In slices, with the event loop let run between them: the previous batch's statements go out
    // and its answers come in meanwhile.
    for (let start = 0; start < now.length; start += GROUP_AHEAD_SLICE) {
      if (start > 0) await yieldToEventLoop();
      addToChunker(now.slice(start, start + GROUP_AHEAD_SLICE));
      const rows = buildTrades(chunker.takeClosed());
      for (const row of rows.trades) trades.push(row);
      for (const part of rows.parts) parts.push(part);
    }
    plan.trades = { trades, parts };
    for (const fill of now) plan.ahead.push(fill);
    plan.later = later;
    if (now.length > 0) plan.changes += 1;
    // An instrument demoted by a fill out of order in a later slice: its fills of this batch go in
    // checked, and the trades its earlier slices closed are dropped with them.
    dropDemoted(plan);
  }

  /**
   * `plan.ahead` and its trades without what a demoted instrument had there: its fills go in
   * checked, its trades are rebuilt from the database.
   */
  function dropDemoted(plan: BatchPlan): void {
    const gone = plan.ahead.filter((fill) => !streamed.has(fill.item.instrumentKey));
    plan.ahead = plan.ahead.filter((fill) => streamed.has(fill.item.instrumentKey));
    plan.later = [...plan.later, ...gone].sort(bySequence);
    const trades = plan.trades.trades.filter((trade) => streamed.has(trade.instrumentKey));
    if (gone.length === 0 && trades.length === plan.trades.trades.length) return;
    const ids = new Set(trades.map((trade) => trade.id));
    plan.trades = { trades, parts: plan.trades.parts.filter((part) => ids.has(part.tradeId)) };
    plan.changes += 1;
  }

  const owner = { userId, accountId, importId };

  /** The plan's rows for insertNewRows, in COPY text, encoded in slices. */
  async function encode(plan: BatchPlan): Promise<NonNullable<BatchPlan['encoded']>> {
    const fills = await encodeNewRows(newExecutionRows(owner, plan.ahead), yieldToEventLoop);
    const rows = toNewTradeRows(plan.trades);
    const trades = await encodeNewRows(rows.trades, yieldToEventLoop);
    return { fills, trades: { trades, parts: await encodeNewRows(rows.parts, yieldToEventLoop) } };
  }

  /**
   * Call first in each batch's transaction (it takes the account lock), with the batch's
   * instruments: a write by anyone else since the last batch, or another import into the account,
   * demotes every streamed instrument; instruments seen for the first time are streamed unless the
   * account has fills of them or another import is under way.
   */
  async function beginBatch(tx: Db, instrumentKeys: Iterable<string>): Promise<void> {
    const { isShared, analyticsVersion } = await getImportBatchState(tx, { userId, accountId, importId });
    if (isShared || (versionAfterLastWrite !== null && analyticsVersion !== versionAfterLastWrite))
      for (const key of [...streamed]) demote(key);
    const unseen = [...new Set(instrumentKeys)].filter((key) => !streamed.has(key) && !fallback.has(key));
    if (unseen.length === 0) return;
    const withFills = await listInstrumentsWithFills(tx, { accountId, instrumentKeys: unseen });
    const known = unseen.filter((key) => withFills.has(key));
    for (const key of unseen) (withFills.has(key) || isShared ? fallback : streamed).add(key);
    // Their trades before this import: a rebuilt one keeps its id and counts as updated.
    if (known.length > 0)
      for (const id of await listTradeIdsOfInstruments(tx, { accountId, instrumentKeys: known })) existing.add(id);
  }

  /**
   * In the batch's transaction, after beginBatch: a demoted instrument's fills planned ahead go
   * in checked instead (its trades are dropped), and fills held back behind a batch written since
   * are grouped now.
   */
  async function settlePlan(plan: BatchPlan): Promise<void> {
    const seen = plan.changes;
    dropDemoted(plan);
    release(plan);
    await groupAhead(plan, plan.later);
    if (plan.changes !== seen) plan.encoded = null; // encoded again by writePlan
  }

  /** Writes `plan.ahead` and its trades. */
  async function writePlan(tx: Db, plan: BatchPlan): Promise<void> {
    const encoded = plan.encoded ?? (await encode(plan));
    await insertNewRows(tx, encoded.fills);
    await insertEncodedTradeRows(tx, encoded.trades);
  }

  async function addInserted(
    tx: Db,
    inserted: readonly { id: string; item: PreparedExecution; sequence: number }[],
  ): Promise<void> {
    addToChunker(inserted);
    if (inserted.length > 0) await writeTrades(tx, chunker.takeClosed());
  }

  return {
    /**
     * A batch's fills, numbered: groups what it can now (see BatchPlan) and encodes the rows. Call
     * in replay order of batches, once the previous batch's writeBatch has called `settled`.
     */
    async planBatch(fills: readonly ExecutionInsertRow[]): Promise<BatchPlan> {
      const plan: BatchPlan = {
        ahead: [],
        later: [],
        trades: { trades: [], parts: [] },
        instrumentKeys: new Set(fills.map((fill) => fill.item.instrumentKey)),
        heldKeys: new Set(),
        encoded: null,
        changes: 0,
      };
      await groupAhead(plan, [...fills].sort(bySequence));
      plan.encoded = await encode(plan);
      return plan;
    },
    /**
     * Writes a planned batch in its transaction: takes the account lock and decides its instruments
     * (beginBatch), settles the plan, sends the fills and trades grouped ahead, then inserts the
     * held-back fills checked and groups those that went in. Answers the fills inserted.
     * `settled` is called once the batch's grouping is decided: the next batch may be planned.
     */
    async writeBatch(
      tx: Db,
      plan: BatchPlan,
      options: {
        settled?: () => void;
        clock?: StageClock;
        /**
         * The batch's last statement, answering the user's analytics data version after it (the
         * next batch compares it to see a write by anyone else); getAnalyticsVersion by default.
         */
        endBatch?: (tx: Db) => Promise<number>;
      } = {},
    ): Promise<InsertedExecution[]> {
      try {
        await beginBatch(tx, plan.instrumentKeys);
        await settlePlan(plan);
        options.settled?.();
        const started = performance.now();
        await writePlan(tx, plan);
        const added = await insertExecutionRows(
          tx,
          // A held-back fill of a streamed instrument, fingerprinted here, cannot be there already.
          { ...owner, isNew: (item) => item.fingerprintFromContent && streamed.has(item.instrumentKey) },
          plan.later,
        );
        const groupStarted = performance.now();
        options.clock?.add(
          'insert the fills and the trades grouped ahead',
          groupStarted - started,
          plan.ahead.length + plan.later.length,
        );
        await addInserted(tx, [...added].sort(bySequence));
        versionAfterLastWrite = await (options.endBatch ?? ((db: Db) => getAnalyticsVersion(db, userId)))(tx);
        options.clock?.add('group and write the held-back fills', performance.now() - groupStarted, added.length);
        return [...toInsertedExecutions(plan.ahead), ...added];
      } finally {
        release(plan);
      }
    },
    /** At the end, in a transaction holding the account lock: the trades of the stretches still open. */
    /** Answers how many fills those stretches held. */
    async finish(tx: Db): Promise<number> {
      await beginBatch(tx, []);
      const stretches = chunker.takeOpen();
      await writeTrades(tx, stretches);
      versionAfterLastWrite = await getAnalyticsVersion(tx, userId);
      return stretches.reduce((sum, stretch) => sum + stretch.length, 0);
    },
    isStreamed: (instrumentKey: string) => streamed.has(instrumentKey),
    /** Cuts that rebuild the demoted instruments from their first fill. */
    demotedCuts: () => [...demotedCuts],
    /** Instruments grouped from the database at the end. */
    fallbackKeys: () => [...fallback],
    /** How many trades written here stand (not rebuilt with a demoted instrument): all new. */
    tradeCount: () => {
      let count = 0;
      for (const trades of tradesByInstrument.values()) count += trades;
      return count;
    },
    /** The trades the fallback instruments had before this import. */
    existingTradeIds: (): ReadonlySet<string> => existing,
  };
}
