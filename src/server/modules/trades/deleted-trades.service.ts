import { randomUUID } from 'node:crypto';
import {
  applyAccountEvents,
  deleteImportEvents,
  hasAccountEvents,
  purgeDeletedEvents,
  restoreImportEvents,
} from './position-events.service';
import type { DeletedTradeJson, DeletedTradeListJson, RestoredTradesJson } from '../../../contracts/trades';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { UserRow } from '../users';
import { isUuid } from '../ids';
import { regroupInstruments, toCuts, type RestoredTrade } from './regroup';
import { toDecimalText } from './trade-json';
import {
  deleteDeletedFills,
  deleteDeletedTradeRows,
  insertDeletedTrades,
  listDeletedTradeRows,
  listDeletedTradesSharingFills,
  listDeletedTradesToRestore,
  listExpiredDeletedTrades,
  listFillIdsOfTrades,
  listLiveImportFillIds,
  listTradeIdsNearImport,
  listTradeRowsForDeletion,
  markFillsDeleted,
  markRestoredImportsDone,
  unmarkFillsDeleted,
  type ChangedFill,
  type DeletedTradeRow,
  type StoredTradeRow,
} from './deleted-trades.queries';
import { hasRunningImportInto } from './trades.queries';
import { getAccountForUpdate } from '../accounts';

/** How long a deleted trade waits in "Recently deleted" before the purge job deletes it for good. */
export const DELETED_TRADE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a deletion answers: the token the toast's Undo sends back, and how many trades went. */
export type TradeDeletion = { undoToken: string; count: number };

/**
 * Soft-deletes trades: lists each as it was in deleted_trades under one undo token, marks its fills
 * deleted and regroups what is left of those instruments. Its journal, tags and screenshots stay
 * keyed by its opening fill, which is kept, so a restore finds them again. A fill that
 * flipped the position belongs to two trades: deleting either takes it, so the other is rebuilt
 * without it (and a restore of this one gives it back). Run inside the transaction holding the
 * accounts' locks.
 */
async function softDeleteTradesInTx(
  tx: Db,
  params: {
    user: UserRow;
    rows: readonly StoredTradeRow[];
    /** Each trade's fills this deletion takes. */
    fillsOf: (trade: StoredTradeRow) => string[];
    importId: string | null;
    now: Date;
  },
): Promise<TradeDeletion> {
  const { user, now } = params;
  const undoToken = randomUUID();
  const expiresAt = new Date(now.getTime() + DELETED_TRADE_DAYS * DAY_MS);
  const fillIds = new Set<string>();
  const records = params.rows.map((trade) => {
    const executionIds = params.fillsOf(trade);
    for (const id of executionIds) fillIds.add(id);
    return {
      userId: user.id,
      undoToken,
      tradeId: trade.id,
      importId: params.importId,
      accountId: trade.accountId,
      openingExecutionId: trade.openingExecutionId,
      symbol: trade.symbol,
      direction: trade.direction,
      status: trade.status,
      openedAt: trade.openedAt,
      closedAt: trade.closedAt,
      openedOn: trade.openedOn,
      closedOn: trade.closedOn,
      assetClass: trade.assetClass,
      netPnl: trade.netPnl,
      currency: trade.currency,
      executionIds,
      tradeCreatedAt: trade.createdAt,
      deletedAt: now,
      expiresAt,
    };
  });
  await insertDeletedTrades(tx, records);
  const marked = await markFillsDeleted(tx, { userId: user.id, ids: [...fillIds], now });
  await regroupInstruments(tx, { cuts: toCuts(marked), defaultRiskAmount: user.defaultRiskAmount, now });
  return { undoToken, count: records.length };
}

/** Locks the accounts in a fixed order (two deletions or restores cannot deadlock); refuses during an import into them. */
async function lockAccounts(tx: Db, params: { userId: string; accountIds: readonly string[]; verb: string }) {
  const accountIds = [...new Set(params.accountIds)].sort();
  for (const id of accountIds)
    if (!(await getAccountForUpdate(tx, { userId: params.userId, id })))
      throw new AppError('NOT_FOUND', 'Account not found');
  if (await hasRunningImportInto(tx, { userId: params.userId, accountIds }))
    throw new AppError(
      'CONFLICT',
      `An import into this account is running: ${params.verb} trades once it has finished.`,
    );
}

/**
 * `DELETE /api/trades/:id` and the bulk delete: the user's trades of these ids go to "Recently
 * deleted" (404 when any is not theirs, nothing deleted).
 */
export async function deleteTrades(
  db: Db,
  params: { user: UserRow; ids: readonly string[]; now: Date },
): Promise<TradeDeletion> {
  const { user } = params;
  const unique = [...new Set(params.ids)];
  if (!unique.every(isUuid)) throw new AppError('NOT_FOUND', 'Trade not found');
  return db.transaction(async (tx) => {
    const seen = await listTradeRowsForDeletion(tx, { userId: user.id, ids: unique });
    if (seen.length !== unique.length) throw new AppError('NOT_FOUND', 'Trade not found');
    await lockAccounts(tx, { userId: user.id, accountIds: seen.map((row) => row.accountId), verb: 'delete' });
    // Read again under the locks: a regroup since the first read may have rewritten them.
    const rows = await listTradeRowsForDeletion(tx, { userId: user.id, ids: unique });
    if (rows.length !== unique.length) throw new AppError('NOT_FOUND', 'Trade not found');
    const fills = await listFillIdsOfTrades(
      tx,
      rows.map((row) => row.id),
    );
    return softDeleteTradesInTx(tx, {
      user,
      rows,
      fillsOf: (trade) => fills.get(trade.id) ?? [],
      importId: null,
      now: params.now,
    });
  });
}

/**
 * An import's undo: its fills go, and every trade that held one is kept in "Recently deleted" under
 * one undo token (the fills of the import it held, which a restore brings back). Run in the
 * transaction holding the account's lock.
 */
export async function deleteImportFills(
  tx: Db,
  params: { user: UserRow; importId: string; accountId: string; now: Date },
): Promise<TradeDeletion> {
  const { user, importId } = params;
  // Its position events go first (kept for a restore), and with them the fills they stood for (the
  // account's other events applied again, as if the import had never come).
  const eventInstruments = await deleteImportEvents(tx, { accountId: params.accountId, importId, now: params.now });
  if (eventInstruments.length > 0)
    await applyAccountEvents(tx, {
      accountId: params.accountId,
      defaultRiskAmount: user.defaultRiskAmount,
      now: params.now,
      cuts: eventInstruments.map((instrumentKey) => ({ accountId: params.accountId, instrumentKey, changedAt: null })),
    });
  const batch = new Set(await listLiveImportFillIds(tx, { userId: user.id, importId }));
  const candidates = await listTradeIdsNearImport(tx, { userId: user.id, accountId: params.accountId, importId });
  const fills = await listFillIdsOfTrades(tx, candidates);
  const held = new Map<string, string[]>();
  for (const [tradeId, ids] of fills) {
    const own = ids.filter((id) => batch.has(id));
    if (own.length > 0) held.set(tradeId, own);
  }
  const rows = await listTradeRowsForDeletion(tx, { userId: user.id, ids: [...held.keys()] });
  const deletion = await softDeleteTradesInTx(tx, {
    user,
    rows,
    fillsOf: (trade) => held.get(trade.id) ?? [],
    importId,
    now: params.now,
  });
  // Fills in no trade (none should be): marked too, so the undo takes every fill the import added.
  const left = await markFillsDeleted(tx, { userId: user.id, ids: [...batch], now: params.now });
  if (left.length > 0)
    await regroupInstruments(tx, { cuts: toCuts(left), defaultRiskAmount: user.defaultRiskAmount, now: params.now });
  return deletion;
}

/**
 * `POST /api/trades/restore`: the deleted trades of an undo token, or of these trade ids, come back
 * with their ids and journals; with them, any other deleted trade that shared one of their fills.
 * Another user's token or ids, or expired ones, are a 404 and restore nothing.
 */
export async function restoreTrades(
  db: Db,
  params: { user: UserRow; now: Date } & ({ undoToken: string } | { tradeIds: readonly string[] }),
): Promise<RestoredTradesJson> {
  const { user, now } = params;
  const request = 'undoToken' in params ? { undoToken: params.undoToken } : { tradeIds: [...new Set(params.tradeIds)] };
  return db.transaction(async (tx) => {
    const found = await listDeletedTradesToRestore(tx, { userId: user.id, now, ...request });
    const isComplete =
      'undoToken' in request
        ? found.length > 0
        : new Set(found.map((row) => row.tradeId)).size === request.tradeIds.length;
    if (!isComplete) throw new AppError('NOT_FOUND', 'Deleted trade not found');
    await lockAccounts(tx, { userId: user.id, accountIds: found.map((row) => row.accountId), verb: 'restore' });
    const records = await withSharedFills(tx, { userId: user.id, now, records: found });
    const fillIds = [...new Set(records.flatMap((row) => row.executionIds))];
    const changed: ChangedFill[] = await unmarkFillsDeleted(tx, { userId: user.id, ids: fillIds });
    const restored = new Map<string, RestoredTrade>(
      records.map((row) => [row.openingExecutionId, { id: row.tradeId, createdAt: row.tradeCreatedAt }]),
    );
    await deleteDeletedTradeRows(
      tx,
      records.map((row) => row.id),
    );
    const importIds = [...new Set(records.flatMap((row) => (row.importId ? [row.importId] : [])))];
    const done = await markRestoredImportsDone(tx, { userId: user.id, importIds });
    const cuts = toCuts(changed);
    // An undone import's events come back with its trades (restoreImportEvents); in an account with
    // events, they apply again to the fills back (a fill before a split, a reinvestment's lots): the
    // fills they stand for are written again and the instruments regrouped with the restored ones.
    await restoreImportEvents(tx, {
      userId: user.id,
      importIds: done,
      partly: {
        importIds: importIds.filter((id) => !done.includes(id)),
        instrumentKeys: [...new Set(cuts.map((cut) => cut.instrumentKey))],
      },
    });
    const accountIds = [...new Set(records.map((row) => row.accountId))];
    const plain = [];
    for (const accountId of accountIds) {
      const own = cuts.filter((cut) => cut.accountId === accountId);
      if (await hasAccountEvents(tx, accountId))
        await applyAccountEvents(tx, {
          accountId,
          defaultRiskAmount: user.defaultRiskAmount,
          now,
          cuts: own,
          restored,
        });
      else plain.push(...own);
    }
    if (plain.length > 0)
      await regroupInstruments(tx, { cuts: plain, defaultRiskAmount: user.defaultRiskAmount, now, restored });
    return { count: records.length, tradeIds: [...new Set(records.map((row) => row.tradeId))] };
  });
}

/** The records and every other one sharing a fill with them, until no more join. */
async function withSharedFills(
  tx: Db,
  params: { userId: string; now: Date; records: readonly DeletedTradeRow[] },
): Promise<DeletedTradeRow[]> {
  const byId = new Map(params.records.map((row) => [row.id, row]));
  let fresh = [...params.records];
  while (fresh.length > 0) {
    const fillIds = [...new Set(fresh.flatMap((row) => row.executionIds))];
    fresh = (await listDeletedTradesSharingFills(tx, { userId: params.userId, fillIds, now: params.now })).filter(
      (row) => !byId.has(row.id),
    );
    for (const row of fresh) byId.set(row.id, row);
  }
  return [...byId.values()];
}

/** `GET /api/trades/deleted`: "Recently deleted", newest deletion first. */
export async function listDeletedTrades(db: Db, params: { userId: string; now: Date }): Promise<DeletedTradeListJson> {
  const rows = await listDeletedTradeRows(db, params);
  return { trades: rows.map((row) => toDeletedTradeJson(row, params.now)) };
}

export function toDeletedTradeJson(row: DeletedTradeRow & { accountName: string }, now: Date): DeletedTradeJson {
  return {
    id: row.tradeId,
    undoToken: row.undoToken,
    accountId: row.accountId,
    accountName: row.accountName,
    symbol: row.symbol,
    direction: row.direction,
    status: row.status,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    ...(row.openedOn ? { openedOn: row.openedOn } : {}),
    ...(row.closedOn ? { closedOn: row.closedOn } : {}),
    ...(row.assetClass ? { assetClass: row.assetClass } : {}),
    netPnl: toDecimalText(row.netPnl),
    currency: row.currency,
    fromImport: row.importId !== null,
    deletedAt: row.deletedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    // Whole days left, counting a started day as one (a trade due in an hour has 1 day left).
    daysLeft: Math.max(0, Math.ceil((row.expiresAt.getTime() - now.getTime()) / DAY_MS)),
  };
}

/** Deleted trades purged per transaction: each pass is short, so requests go on between them. */
const PURGE_BATCH = 500;

/**
 * The purge job: deleted trades whose 30 days are over are deleted for good, their fills with them
 * (their tags and screenshots by cascade). Idempotent: it only finds what is still there. Answers
 * how many it purged; the screenshots' files are removed after each pass commits.
 */
export async function purgeDeletedTrades(
  db: Db,
  params: { now: Date; removeFiles?: (keys: readonly string[]) => Promise<void> },
): Promise<number> {
  let purged = 0;
  for (;;) {
    const { count, keys } = await db.transaction(async (tx) => {
      const expired = await listExpiredDeletedTrades(tx, { now: params.now, limit: PURGE_BATCH });
      const storageKeys = await deleteDeletedFills(tx, [...new Set(expired.flatMap((row) => row.executionIds))]);
      await deleteDeletedTradeRows(
        tx,
        expired.map((row) => row.id),
      );
      return { count: expired.length, keys: storageKeys };
    });
    if (keys.length > 0) await params.removeFiles?.(keys);
    purged += count;
    if (count < PURGE_BATCH) {
      // The events of imports undone as long ago: their trades cannot be restored any more.
      await purgeDeletedEvents(db, { before: new Date(params.now.getTime() - DELETED_TRADE_DAYS * DAY_MS) });
      return purged;
    }
  }
}
