import {
  createFlatChunker,
  D,
  groupTrades,
  keyOfFill,
  type AssetClass,
  type Execution,
  type Trade,
} from '../../../core/trades';
import type { Db } from '../../db/client';
import { getAnalyticsVersion } from '../analytics/analytics.queries';
import type { PreparedExecution } from '../trades/execution-input';
import { buildNewTradeRows, type RegroupCut } from '../trades/regroup';
import { insertTradeRows } from '../trades/trade-rows-insert';
import { hasOtherActiveImport, listInstrumentsWithFills, listTradeIdsOfInstruments } from './imports.queries';

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
 */
export type StreamedGrouping = ReturnType<typeof createStreamedGrouping>;

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
  /** Trade ids written, by instrument (a demoted instrument's are rebuilt, not counted here). */
  const tradeIdsByInstrument = new Map<string, string[]>();
  const demotedCuts: RegroupCut[] = [];
  const existing = new Set<string>();
  let versionAfterLastWrite: number | null = null;

  function demote(instrumentKey: string): void {
    if (!streamed.delete(instrumentKey)) return;
    chunker.drop(keyOfFill({ accountId, instrumentKey }));
    fallback.add(instrumentKey);
    tradeIdsByInstrument.delete(instrumentKey);
    demotedCuts.push({ accountId, instrumentKey, changedAt: null });
  }

  async function writeTrades(tx: Db, stretches: Execution[][]): Promise<void> {
    const grouped: Trade[] = [];
    for (const stretch of stretches) for (const trade of groupTrades(stretch)) grouped.push(trade);
    if (grouped.length > 0) {
      const rows = buildNewTradeRows(grouped, {
        userId,
        assetClassOf: (trade) => assetClasses.get(trade.instrumentKey)!, // set with its first fill
        defaultRiskAmount: params.defaultRiskAmount,
        now: params.now,
      });
      await insertTradeRows(tx, rows);
      for (const row of rows.trades) {
        const list = tradeIdsByInstrument.get(row.instrumentKey);
        if (list) list.push(row.id!);
        else tradeIdsByInstrument.set(row.instrumentKey, [row.id!]); // buildTradeRows sets every id
      }
    }
    versionAfterLastWrite = await getAnalyticsVersion(tx, userId);
  }

  /**
   * Call first in each batch's transaction, holding the account lock, with the batch's
   * instruments: a write by anyone else since the last batch, or another import into the account,
   * demotes every streamed instrument; instruments seen for the first time are streamed unless the
   * account has fills of them or another import is under way.
   */
  async function beginBatch(tx: Db, instrumentKeys: Iterable<string>): Promise<void> {
    const isShared = await hasOtherActiveImport(tx, { userId, accountId, importId });
    if (
      isShared ||
      (versionAfterLastWrite !== null && (await getAnalyticsVersion(tx, userId)) !== versionAfterLastWrite)
    )
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

  return {
    beginBatch,
    /** The batch's inserted fills (duplicates left out), in replay order; then writes the trades closed. */
    async addInserted(
      tx: Db,
      inserted: readonly { id: string; item: PreparedExecution; sequence: number }[],
    ): Promise<void> {
      for (const { id, item, sequence } of inserted) {
        if (!streamed.has(item.instrumentKey)) continue;
        assetClasses.set(item.instrumentKey, item.assetClass);
        const isInOrder = chunker.add({
          id,
          accountId,
          executedAt: item.executedAt,
          symbol: item.symbol,
          instrumentKey: item.instrumentKey,
          side: item.side,
          quantity: D(item.quantity),
          price: D(item.price),
          commission: D(item.commission),
          fees: D(item.fees),
          multiplier: D(item.multiplier),
          currency: item.currency,
          sequence,
        });
        if (!isInOrder) demote(item.instrumentKey);
      }
      await writeTrades(tx, chunker.takeClosed());
    },
    /** At the end, in a transaction holding the account lock: the trades of the stretches still open. */
    /** Answers how many fills those stretches held. */
    async finish(tx: Db): Promise<number> {
      await beginBatch(tx, []);
      const stretches = chunker.takeOpen();
      await writeTrades(tx, stretches);
      return stretches.reduce((sum, stretch) => sum + stretch.length, 0);
    },
    isStreamed: (instrumentKey: string) => streamed.has(instrumentKey),
    /** Cuts that rebuild the demoted instruments from their first fill. */
    demotedCuts: () => [...demotedCuts],
    /** Instruments grouped from the database at the end. */
    fallbackKeys: () => [...fallback],
    /** The ids of the trades written here that stand (not rebuilt with a demoted instrument). */
    tradeIds: () => [...tradeIdsByInstrument.values()].flat(),
    /** The trades the fallback instruments had before this import. */
    existingTradeIds: (): ReadonlySet<string> => existing,
  };
}
