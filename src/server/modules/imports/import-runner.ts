import { createImportCheckpointer, deferCommitFlush } from '../../db/maintenance';
import { isPglite, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { getAccountForUpdate, type AccountRow } from '../accounts/accounts.queries';
import { regroupInstruments, type RegroupCut } from '../trades/regroup';
import { insertAndRegroup, toCuts } from '../trades/trades.service';
import type { UserRow } from '../users/users.queries';
import { normaliseUpload, type Analysis, type NormalisedRow } from './import-engine';
import { normaliseInWorker } from './normalise-in-worker';
import { prepareBatch, type Fill } from './prepare-fills';
import { createBatchWriter } from './batch-writer';
import { createBatchSizer } from './batch-sizer';
import { restoreJournals } from './restore-journals';
import { yieldToIncomingRequests } from '../../event-loop';
import { StageClock } from './import-stages';
import type { ImportedJournal } from '../../../core/import/normalise/edgebook-journal';
import { IdenticalFills } from '../trades/identical-fills';
import {
  deleteImportExecutions,
  getImportBatchState,
  listAccountInstrumentKeys,
  listFlatInstruments,
  listTradeIdsOfInstruments,
  listUnfinishedImports,
  reserveImportSequences,
  setImportProgress,
  updateImport,
  type ImportRow,
} from './imports.queries';
import type { ImportDeps } from './imports.service';

export type ImportRunResult = {
  executionsAdded: number;
  duplicatesSkipped: number;
  tradesCreated: number;
  tradesUpdated: number;
  skipped: { row: number; reason: string }[];
  errors: { row: number; message: string }[];
};

type RunParams = { user: UserRow; importRow: ImportRow; analysis: Analysis; now: Date };

/** Problems and skipped rows kept on the import (the counts say how many more there were). */
const MAX_LISTED = 500;

/** The stage (import-stages.ts) of waiting for the worker's next batch. */
const WAITED_STAGE = 'read, normalise, prepare and group (worker thread; time waited for it)';

/** The stage (import-stages.ts) of the checkpoints PGlite makes during an import; its rows count them. */
export const CHECKPOINT_STAGE = 'checkpoint the write-ahead log as it grows (PGlite; rows: checkpoints)';
/** The stage that counts how often PGlite's batches were resized to the target time (batch-sizer.ts); its rows count them. */
export const RESIZE_STAGE = 'resize the batches to about the target time a transaction (PGlite; rows: times)';
/** The stage that rebuilds instruments from the database at the end; its rows count their new fills. */
export const REGROUP_STAGE = 'regroup from the database (instruments the account had, or fills out of order)';

/** Collects what is not an execution: non-trade rows set aside, rows that could not be read. */
class RowReport {
  readonly skipped: ImportRunResult['skipped'] = [];
  readonly errors: ImportRunResult['errors'] = [];
  private skippedMore = 0;
  private errorsMore = 0;

  add(row: NormalisedRow): void {
    if (row.kind === 'skipped') {
      if (this.skipped.length < MAX_LISTED) this.skipped.push({ row: row.row, reason: row.reason });
      else this.skippedMore += 1;
    } else if (row.kind === 'problem') this.error(row.row, row.message);
  }

  error(row: number, message: string): void {
    if (this.errors.length < MAX_LISTED) this.errors.push({ row, message });
    else this.errorsMore += 1;
  }

  finish(): Pick<ImportRunResult, 'skipped' | 'errors'> {
    const errors = [...this.errors];
    if (this.errorsMore > 0) errors.push({ row: 0, message: `…and ${this.errorsMore} more rows with problems` });
    const skipped = [...this.skipped];
    if (this.skippedMore > 0) skipped.push({ row: 0, reason: `…and ${this.skippedMore} more rows skipped` });
    return { skipped, errors };
  }
}

async function lockAccount(tx: Db, params: { userId: string; accountId: string }): Promise<AccountRow> {
  const account = await getAccountForUpdate(tx, { userId: params.userId, id: params.accountId });
  if (!account) throw new AppError('NOT_FOUND', 'Account not found');
  return account;
}

function countTrades(tradeIds: readonly string[], existing: ReadonlySet<string>) {
  let tradesUpdated = 0;
  for (const id of tradeIds) if (existing.has(id)) tradesUpdated += 1;
  return { tradesCreated: tradeIds.length - tradesUpdated, tradesUpdated };
}

/**
 * Reads the whole file with the final mapping into the account. Files newest-first (by the layout
 * or by their dates) are replayed in reverse file order so equal timestamps keep time order.
 * Small files: one transaction. Large ones: batches of fills, each with the trades it closes
 * (grouped in the worker, batch-grouping.ts; written by batch-writer.ts), then a regrouping of
 * what could not be grouped as it came; on any failure the batch's executions (and with them their
 * trades) are removed again, so the import adds all or nothing.
 */
export async function runImport(deps: ImportDeps, params: RunParams): Promise<ImportRunResult> {
  if (params.analysis.rowCount <= deps.syncRowLimit) return runSmall(deps, params);
  return runLarge(deps, params);
}

async function runSmall(deps: ImportDeps, params: RunParams): Promise<ImportRunResult> {
  const { user, importRow, analysis } = params;
  const accountId = importRow.accountId!; // commit sets it before running
  const report = new RowReport();
  const fills: Fill[] = [];
  const open = () => deps.uploads.open(importRow.id);
  for await (const row of normaliseUpload(open, analysis, { openSpreadsheet: deps.openSpreadsheet })) {
    if (row.kind === 'execution') fills.push(row);
    else report.add(row);
  }
  // insertAndRegroup numbers fills in the order given: replay order.
  fills.sort((a, b) => a.order - b.order);
  return deps.db.transaction(async (tx) => {
    const account = await lockAccount(tx, { userId: user.id, accountId });
    const {
      items,
      rows,
      journals: carried,
    } = prepareBatch(fills, {
      accountCurrency: account.currency,
      occurrences: new IdenticalFills(),
      onError: (error) => report.error(error.row, error.message),
    });
    const existing = await listTradeIdsOfInstruments(tx, {
      accountId,
      instrumentKeys: [...new Set(items.map((item) => item.instrumentKey))],
    });
    const { inserted, tradeIds } = await insertAndRegroup(tx, {
      user,
      account,
      items,
      now: params.now,
      importId: importRow.id,
      sourceRows: rows,
    });
    const journals = new Map<string, ImportedJournal>(carried);
    await restoreJournals(tx, { user, accountId, journals, inserted, now: params.now });
    return {
      executionsAdded: inserted.length,
      duplicatesSkipped: items.length - inserted.length,
      ...countTrades(tradeIds, existing),
      ...report.finish(),
    };
  });
}

async function runLarge(deps: ImportDeps, params: RunParams): Promise<ImportRunResult> {
  const { user, importRow, analysis } = params;
  const { db } = deps;
  const accountId = importRow.accountId!; // commit sets it before running
  const report = new RowReport();
  const cuts: RegroupCut[] = [];
  const journals = new Map<string, ImportedJournal>();
  const insertedWithJournal: { id: string; fingerprint: string }[] = [];
  const fillsByInstrument = new Map<string, number>();
  let executionsAdded = 0;
  let prepared = 0;
  let rowsRead = 0;
  await updateImport(db, { id: importRow.id, values: { status: 'running' } });
  const start = await db.transaction(async (tx) => {
    const account = await lockAccount(tx, { userId: user.id, accountId });
    // Fills are numbered by their place in replay order, which counts the file's rows (a header,
    // a preamble, a row that holds two fills): the reservation leaves room for all of them.
    const firstSequence = await reserveImportSequences(tx, {
      importId: importRow.id,
      accountId,
      count: 2 * analysis.rowCount + 1_000,
    });
    // What the grouping in the worker takes for granted, read under the account's lock: which
    // instruments the account has (and the time of its last fill in those it is flat in), whether
    // another import into it is under way, and the data version each batch compares (batch-writer.ts).
    const state = await getImportBatchState(tx, { userId: user.id, accountId, importId: importRow.id });
    const knownInstruments = await listAccountInstrumentKeys(tx, accountId);
    const flatInstruments = await listFlatInstruments(tx, accountId, knownInstruments);
    return { account, firstSequence, ...state, knownInstruments, flatInstruments };
  });

  const clock = new StageClock();
  const checkpointer = createImportCheckpointer(db, deps.checkpointWalBytes);
  // Reading, preparing and grouping run in a worker thread, batches ahead of the writes here.
  const worker = normaliseInWorker({
    path: deps.uploads.path(importRow.id),
    options: analysis.replay,
    batchRows: deps.batchRows,
    spreadsheetMaxHeapMb: deps.spreadsheetMaxHeapMb,
    prepare: { accountCurrency: start.account.currency, firstSequence: start.firstSequence },
    group: {
      userId: user.id,
      accountId,
      importId: importRow.id,
      defaultRiskAmount: user.defaultRiskAmount,
      now: params.now.getTime(),
      isStreaming: !start.isShared,
      knownInstruments: start.knownInstruments,
      flatInstruments: start.flatInstruments,
    },
  });
  // Only PGlite's transactions hold up other requests (its one connection serves them all).
  const sizer =
    isPglite(db) && deps.batchTargetMs > 0
      ? createBatchSizer({ targetMs: deps.batchTargetMs, initialRows: deps.batchRows })
      : null;
  const writer = createBatchWriter({
    userId: user.id,
    accountId,
    importId: importRow.id,
    version: start.analyticsVersion,
    onDemote: worker.demote,
    onStopStreaming: worker.stopStreaming,
    flatInstruments: start.flatInstruments,
  });
  try {
    let waitStarted = performance.now();
    for await (const batch of worker.batches) {
      // The worker reads, prepares and groups ahead: this is only the time spent waiting for it.
      clock.add(WAITED_STAGE, performance.now() - waitStarted, batch.rowCount);
      clock.add(
        '… of which preparing (symbols, decimals, fingerprints; in the worker)',
        batch.prepareMs,
        batch.rowCount,
      );
      const fills = batch.grouped.parts.reduce((sum, part) => sum + part.fillCount, 0);
      clock.add('… of which grouping and encoding (in the worker)', batch.groupMs, fills);
      rowsRead += batch.rowCount;
      for (const row of batch.others) report.add(row);
      for (const error of batch.errors) report.error(error.row, error.message);
      for (const [fingerprint, journal] of batch.journals) journals.set(fingerprint, journal);
      prepared += fills;
      for (const part of batch.grouped.parts)
        fillsByInstrument.set(part.instrumentKey, (fillsByInstrument.get(part.instrumentKey) ?? 0) + part.fillCount);
      if (fills > 0) {
        const started = performance.now();
        // The progress is set in the batch's transaction (one commit per batch, not two), by the
        // statement that also reads the data version the batch leaves.
        const progress = Math.min(0.8, (0.8 * rowsRead) / Math.max(1, analysis.rowCount));
        const written = await db.transaction(async (tx) => {
          if (isPglite(tx)) await deferCommitFlush(tx);
          return writer.writeBatch(tx, batch.grouped, {
            endBatch: (db) => setImportProgress(db, { id: importRow.id, userId: user.id, progress }),
          });
        });
        const transactionMs = performance.now() - started;
        clock.add('write the fills and the trades (one transaction a batch)', transactionMs, fills);
        const resized = sizer?.observe(batch.rowCount, fills, transactionMs);
        if (resized) {
          worker.setBatchRows(resized);
          clock.add(RESIZE_STAGE, 0, 1);
        }
        executionsAdded += written.added;
        // A fill carrying a journal carries its own key (an Edgebook CSV's), so it goes in checked.
        for (const fill of written.insertedChecked) if (journals.has(fill.fingerprint)) insertedWithJournal.push(fill);
        const checked = written.insertedChecked.filter((fill) => !writer.isStreamed(fill.instrumentKey));
        cuts.push(...toCuts(checked.map((fill) => ({ ...fill, accountId }))));
        const checkpointStarted = performance.now();
        // Maintenance only: a checkpoint that fails (a full disk) is logged, and the import goes on.
        const hasCheckpointed = await checkpointer.afterRows(batch.rowCount).catch((err: unknown) => {
          deps.log('a checkpoint during an import failed', err);
          return false;
        });
        if (hasCheckpointed) clock.add(CHECKPOINT_STAGE, performance.now() - checkpointStarted, 1);
      }
      // Requests that came in during the batch's transaction go before the next one.
      await yieldToIncomingRequests();
      waitStarted = performance.now();
    }
    const open = worker.openTrades();
    await clock.time(
      'write the trades still open at the end',
      open.reduce((sum, part) => sum + part.tradeCount, 0),
      () => db.transaction((tx) => writer.finish(tx, open)),
    );
    cuts.push(...writer.demotedCuts());
    // Instruments the account already had, or that could not be grouped as they came, are
    // regrouped from the database now. A few instruments per transaction: on PGlite a transaction
    // holds the one connection, so other requests wait for at most one slice rather than the
    // whole regrouping. A failure in any slice still takes the whole import out again (below).
    const regrouped: string[] = [];
    const slices = sliceCuts(cuts, fillsByInstrument);
    for (const [index, slice] of slices.entries()) {
      const keys = new Set(slice.map((cut) => cut.instrumentKey));
      const newFills = [...keys].reduce((sum, key) => sum + (fillsByInstrument.get(key) ?? 0), 0);
      const ids = await clock.time(REGROUP_STAGE, newFills, () =>
        db.transaction(async (tx) => {
          await lockAccount(tx, { userId: user.id, accountId });
          return regroupInstruments(tx, { cuts: slice, defaultRiskAmount: user.defaultRiskAmount, now: params.now });
        }),
      );
      for (const id of ids) regrouped.push(id);
      await updateImport(db, { id: importRow.id, values: { progress: 0.8 + (0.19 * (index + 1)) / slices.length } });
    }
    await db.transaction(async (tx) => {
      await lockAccount(tx, { userId: user.id, accountId });
      await restoreJournals(tx, { user, accountId, journals, inserted: insertedWithJournal, now: params.now });
    });
    clock.publish(importRow.id);
    // The streamed trades are all new; a regrouped one that kept its id was there before.
    const { tradesCreated, tradesUpdated } = countTrades(regrouped, writer.existingTradeIds());
    return {
      executionsAdded,
      duplicatesSkipped: prepared - executionsAdded,
      tradesCreated: writer.tradeCount() + tradesCreated,
      tradesUpdated,
      ...report.finish(),
    };
  } catch (err) {
    // The worker ends (if reading the batches has not ended it) before the import is taken out.
    await worker.close();
    await removeBatch(db, { user, importId: importRow.id, accountId, now: params.now });
    throw err;
  }
}

/** New fills regrouped per transaction of a large import (an instrument is never split). */
export const FILLS_PER_REGROUP = 10_000;

/**
 * The cuts of a large import in slices of whole instruments holding about FILLS_PER_REGROUP of the
 * new fills each (`fillsByInstrument`), so each regrouping transaction stays short.
 */
export function sliceCuts(cuts: readonly RegroupCut[], fillsByInstrument: ReadonlyMap<string, number>): RegroupCut[][] {
  const byInstrument = new Map<string, RegroupCut[]>();
  for (const cut of cuts) {
    const list = byInstrument.get(cut.instrumentKey);
    if (list) list.push(cut);
    else byInstrument.set(cut.instrumentKey, [cut]);
  }
  const slices: RegroupCut[][] = [];
  let current: RegroupCut[] = [];
  let fills = 0;
  for (const [instrumentKey, list] of byInstrument) {
    const count = fillsByInstrument.get(instrumentKey) ?? 0;
    if (current.length > 0 && fills + count > FILLS_PER_REGROUP) {
      slices.push(current);
      current = [];
      fills = 0;
    }
    current.push(...list);
    fills += count;
  }
  if (current.length > 0) slices.push(current);
  return slices;
}

/**
 * Takes a failed import's executions out again and rebuilds what they touched, holding the
 * account's lock as every writer of its fills does (another writer must not build a trade on a
 * fill this deletes). An import whose account is gone has no fills left.
 */
async function removeBatch(
  db: Db,
  params: { user: UserRow; importId: string; accountId: string | null; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (params.accountId) await getAccountForUpdate(tx, { userId: params.user.id, id: params.accountId });
    const removed = await deleteImportExecutions(tx, { userId: params.user.id, importId: params.importId });
    await regroupInstruments(tx, {
      cuts: toCuts(removed),
      defaultRiskAmount: params.user.defaultRiskAmount,
      now: params.now,
    });
  });
}

/**
 * On start-up: an import a restart cut off did not finish. Its executions are removed (all or
 * nothing) and it is marked failed, so the user can run it again.
 */
export async function failInterruptedImports(
  db: Db,
  params: { now: Date; loadUser: (id: string) => Promise<UserRow | undefined> },
) {
  for (const row of await listUnfinishedImports(db)) {
    const user = await params.loadUser(row.userId);
    if (user) await removeBatch(db, { user, importId: row.id, accountId: row.accountId, now: params.now });
    await updateImport(db, {
      id: row.id,
      values: {
        status: 'failed',
        failureMessage: 'The server restarted during this import; nothing was added. Please import the file again.',
      },
    });
  }
}
