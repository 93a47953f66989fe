import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { insertCopyRows, type CopyRows } from '../../db/bulk-insert';
import { executions, tradeExecutions, trades } from '../../db/schema';
import { getAnalyticsVersion } from '../users';
import { type InsertedFill, insertExecutionCopyDataChecked, insertExecutionRows, type RegroupCut } from '../trades';
import type { FlatInstrument, GroupedBatch, InstrumentPart, OpenTrades } from './batch-grouping';
import { isUniqueViolation } from '../unique-violation';
import { getImportBatchState, listTradeIdsOfInstruments } from './imports.queries';

/**
 * Writes a large import's batches as its worker grouped them (batch-grouping.ts), each in one
 * transaction holding the account's lock: the fills and the trades of the instruments streamed,
 * as COPY data (their keyed fills checked only when the account has one of them already,
 * copyIfAllNew), and the other fills checked. Before anything goes in it checks what the grouping
 * took for granted:
 *
 * - nothing else wrote the user's trades since the last batch (the analytics data version did not
 *   move) and no other import into the account is under way (it adds fills without trades until
 *   its end): otherwise every streamed instrument is taken out, since its trades may rest on fills
 *   this import does not know;
 * - every keyed or checked fill of a streamed instrument went in (a broker's id the account had
 *   already would leave a trade resting on a fill that is not stored), and none of its fills behind
 *   the account's last fill of it did (it would change trades before the import's): otherwise that
 *   instrument is.
 *
 * An instrument taken out has this batch's trades dropped, is rebuilt from the database from its
 * first fill once every fill is in (demotedCuts), and its worker is told (onDemote,
 * onStopStreaming) so its next fills come checked. Its fills sent as new go in checked when it was
 * taken out before the batch's fills went in; a checked fill found already there takes out its
 * instrument after they went in (the new ones go first, so that such a fill is the one skipped).
 */
export type BatchWriter = ReturnType<typeof createBatchWriter>;

/**
 * COPYs fills that are nearly always new (a broker's ids in a file not imported before) in a
 * nested transaction (a savepoint): answers false, with none of them written, when the account has
 * one's key already (the unique index refuses the whole COPY); the caller then sends them checked.
 * Checking every fill instead makes a large file with execution ids far slower on both engines.
 */
async function copyIfAllNew(tx: Db, copies: readonly CopyRows[]): Promise<boolean> {
  if (copies.every((copy) => copy.data.length === 0)) return true;
  try {
    await tx.transaction((savepoint) => insertCopyRows(savepoint, { table: getTableName(executions), copies }));
    return true;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return false;
  }
}

/** What a batch added: how many fills, and those inserted checked (the instruments not streamed are regrouped from them). */
export type WrittenBatch = { added: number; insertedChecked: InsertedFill[] };

export function createBatchWriter(params: {
  userId: string;
  accountId: string;
  importId: string;
  /** The user's analytics data version when the import started, read under the account lock. */
  version: number;
  onDemote: (instrumentKeys: string[]) => void;
  onStopStreaming: () => void;
  /** The instruments the account had and was flat in, with the span of its fills (BatchGrouperParams). */
  flatInstruments?: readonly FlatInstrument[];
}) {
  const { userId, accountId, importId } = params;
  const flatUntil = new Map(params.flatInstruments?.map(([key, , last]) => [key, last]));
  /** The earliest of the import's fills written as streamed, per instrument. */
  const firstStreamedAt = new Map<string, string>();
  const owner = { userId, accountId, importId };
  /** Instruments whose trades are written as they come, with how many stand so far. */
  const tradesByInstrument = new Map<string, number>();
  const demoted = new Set<string>();
  const demotedCuts: RegroupCut[] = [];
  let isStreamingOver = false;
  /** Instruments seen, and the trades the account had of theirs before (they count as updated). */
  const seen = new Set<string>();
  const existing = new Set<string>();
  let version = params.version;

  /** Takes an instrument out of the streaming (see the module comment). */
  function demote(instrumentKey: string): boolean {
    if (demoted.has(instrumentKey)) return false;
    demoted.add(instrumentKey);
    tradesByInstrument.delete(instrumentKey);
    // A new instrument is rebuilt whole; one the account had, from just after its last fill there
    // (its trades before are the account's own; a fill the import added behind them cuts earlier),
    // or from the import's first fill written as streamed before the account's (an older statement).
    const until = flatUntil.get(instrumentKey);
    const streamedAt = firstStreamedAt.get(instrumentKey);
    const changedAt =
      until === undefined
        ? null
        : new Date(Math.min(Date.parse(until) + 1, streamedAt === undefined ? Infinity : Date.parse(streamedAt)));
    demotedCuts.push({ accountId, instrumentKey, changedAt });
    return true;
  }

  /** Checks the batch's state under the account's lock (its first statement), and what it means. */
  async function begin(tx: Db): Promise<void> {
    const { isShared, analyticsVersion } = await getImportBatchState(tx, { userId, accountId, importId });
    if (!isStreamingOver && (isShared || analyticsVersion !== version)) {
      isStreamingOver = true;
      for (const key of [...tradesByInstrument.keys()]) demote(key);
      params.onStopStreaming();
    }
  }

  const isStreamedNow = (part: { instrumentKey: string; isStreamed: boolean }) =>
    part.isStreamed && !isStreamingOver && !demoted.has(part.instrumentKey);

  /** Counts the trades of instruments written as they come (an instrument with none yet counts 0). */
  function countTrades(parts: readonly Pick<InstrumentPart, 'instrumentKey' | 'tradeCount'>[]): void {
    for (const part of parts)
      tradesByInstrument.set(part.instrumentKey, (tradesByInstrument.get(part.instrumentKey) ?? 0) + part.tradeCount);
  }

  const writeCopy = (tx: Db, table: PgTable, copies: readonly CopyRows[]) =>
    insertCopyRows(tx, { table: getTableName(table), copies });

  /** The trades of streamed instruments still streamed, as one COPY each for trades and their parts. */
  async function writeTrades(tx: Db, parts: readonly Pick<InstrumentPart, 'trades' | 'tradeParts'>[]) {
    await writeCopy(
      tx,
      trades,
      parts.map((part) => part.trades),
    );
    await writeCopy(
      tx,
      tradeExecutions,
      parts.map((part) => part.tradeParts),
    );
  }

  return {
    /**
     * Writes one grouped batch in its transaction (see the module comment). `endBatch` is its last
     * statement, answering the user's data version after it (getAnalyticsVersion by default): the
     * next batch compares it to see a write by anyone else.
     */
    async writeBatch(
      tx: Db,
      batch: GroupedBatch,
      options: { endBatch?: (tx: Db) => Promise<number> } = {},
    ): Promise<WrittenBatch> {
      await begin(tx);
      for (const key of batch.demoted) demote(key); // the worker took them out itself
      // The trades the account had of an instrument not written as it comes: they count as updated
      // when it is rebuilt (another writer may have added some since the import started).
      const rebuilt = batch.parts.filter(
        (part) => !seen.has(part.instrumentKey) && (part.wasInAccount || !isStreamedNow(part)),
      );
      for (const part of batch.parts) seen.add(part.instrumentKey);
      if (rebuilt.length > 0)
        for (const id of await listTradeIdsOfInstruments(tx, {
          accountId,
          instrumentKeys: rebuilt.map((part) => part.instrumentKey),
        }))
          existing.add(id);

      const streamed = batch.parts.filter(isStreamedNow);
      const takenOut = batch.parts.filter((part) => part.isStreamed && !isStreamedNow(part));
      for (const part of takenOut) demote(part.instrumentKey);
      const insertedChecked: InsertedFill[] = [];
      const insertedByInstrument = new Map<string, number>();
      const count = (instrumentKey: string, fills: number) =>
        insertedByInstrument.set(instrumentKey, (insertedByInstrument.get(instrumentKey) ?? 0) + fills);
      const countChecked = (fills: readonly InsertedFill[]) => {
        for (const fill of fills) {
          insertedChecked.push(fill);
          count(fill.instrumentKey, 1);
        }
      };
      // Fills sent as new or keyed of an instrument taken out since they were grouped (another
      // writer came between): checked, since they may be in the account now.
      const fills = takenOut.flatMap((part) => [part.newFills, part.keyedFills]);
      countChecked(await insertExecutionCopyDataChecked(tx, fills));
      // The new ones first: a keyed or checked fill that is one of them is then skipped, and its
      // instrument taken out below, rather than the COPY failing on a key already there.
      await writeCopy(
        tx,
        executions,
        streamed.map((part) => part.newFills),
      );
      for (const { instrumentKey, firstStreamedAt: at } of streamed) {
        const earliest = firstStreamedAt.get(instrumentKey);
        if (at !== null && (earliest === undefined || at < earliest)) firstStreamedAt.set(instrumentKey, at);
      }
      const keyed = streamed.filter((part) => part.keyedFillCount > 0);
      const keyedFills = keyed.map((part) => part.keyedFills);
      const areKeyedNew = await copyIfAllNew(tx, keyedFills);
      let keyedAdded = 0;
      if (areKeyedNew) {
        for (const part of keyed) {
          count(part.instrumentKey, part.keyedFillCount);
          keyedAdded += part.keyedFillCount;
        }
      } else countChecked(await insertExecutionCopyDataChecked(tx, keyedFills));
      countChecked(
        await insertExecutionRows(
          tx,
          owner,
          batch.parts.flatMap((part) => part.checked),
        ),
      );
      // Fills behind the account's last fill of an instrument it had: any that goes in (the
      // account did not have it) changes trades before the import's, so the instrument is taken out.
      const changedBehind = new Set<string>();
      for (const fill of await insertExecutionRows(
        tx,
        owner,
        batch.parts.flatMap((part) => part.behind),
      )) {
        insertedChecked.push(fill);
        changedBehind.add(fill.instrumentKey);
      }
      // A streamed instrument's trades rest on every fill sent: any keyed or checked one that did
      // not go in (the account had it) takes the instrument out.
      const written = streamed.filter((part) => {
        const sent = part.keyedFillCount + part.checked.length;
        const isComplete =
          (insertedByInstrument.get(part.instrumentKey) ?? 0) === sent && !changedBehind.has(part.instrumentKey);
        if (!isComplete) demote(part.instrumentKey);
        return isComplete;
      });
      const newlyOut = [...takenOut, ...streamed.filter((part) => !written.includes(part))];
      if (newlyOut.length > 0) params.onDemote(newlyOut.map((part) => part.instrumentKey));
      await writeTrades(tx, written);
      countTrades(written);
      version = await (options.endBatch ?? ((db: Db) => getAnalyticsVersion(db, userId)))(tx);
      const added = streamed.reduce((sum, part) => sum + part.newFillCount, 0) + keyedAdded + insertedChecked.length;
      return { added, insertedChecked };
    },
    /**
     * At the end, in a transaction: the trades of the stretches still open (BatchGrouper.finish);
     * an older statement's position open before the account's fills is rebuilt instead.
     */
    async finish(tx: Db, open: OpenTrades): Promise<void> {
      await begin(tx);
      const streamed = open.filter((part) => isStreamedNow({ ...part, isStreamed: true }));
      for (const part of streamed) if (part.isBeforeAccount) demote(part.instrumentKey);
      const written = streamed.filter((part) => !part.isBeforeAccount);
      await writeTrades(tx, written);
      countTrades(written);
      version = await getAnalyticsVersion(tx, userId);
    },
    /** Whether the instrument's trades are written as it comes (not rebuilt from the database). */
    isStreamed: (instrumentKey: string) => tradesByInstrument.has(instrumentKey),
    /** Cuts that rebuild the instruments taken out from their first fill. */
    demotedCuts: () => [...demotedCuts],
    /** Instruments taken out of the streaming. */
    demotedKeys: () => [...demoted],
    /** How many trades written as they came stand (all new). */
    tradeCount: () => {
      let count = 0;
      for (const trades of tradesByInstrument.values()) count += trades;
      return count;
    },
    /** The trades the instruments the account had before the import held then. */
    existingTradeIds: (): ReadonlySet<string> => existing,
  };
}
