import { createImportCheckpointer } from '../../db/maintenance';
import type { Db } from '../../db/client';
import { engineOf } from '../../db/engine';
import type { Leases } from '../../db/leases';
import { AppError } from '../../errors';
import { getAccountForUpdate, type AccountRow } from '../accounts';
import {
  applyAccountEvents,
  checkResumePoints,
  IdenticalFills,
  insertImportEvents,
  type PlacedPositionEvent,
  insertAndRegroup,
  type RegroupCut,
  regroupInstruments,
  updatePendingAccountPnl,
  regroupStep,
  type RegroupStep,
  toCuts,
} from '../trades';
import { getAnalyticsVersion, type UserRow } from '../users';
import { normaliseUpload, type Analysis, type NormalisedRow } from './import-engine';
import { normaliseInWorker } from './normalise-in-worker';
import { prepareBatch, type Fill } from './prepare-fills';
import { createBatchWriter } from './batch-writer';
import { createBatchSizer, type BatchSizer } from './batch-sizer';
import { restoreJournals } from './restore-journals';
import { yieldToIncomingRequests } from '../../event-loop';
import { StageClock } from './import-stages';
import type { ImportedJournal } from '../../../core/import/normalise/edgebook-journal';
import {
  deleteImportExecutions,
  getImport,
  getImportBatchState,
  hasDeletedExecutions,
  listAccountInstrumentKeys,
  listFlatInstruments,
  listDeletedFingerprints,
  listImportFillsByFingerprint,
  listImportFillsBySourceRow,
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
  /** Of those, fills waiting in "Recently deleted" (their trade deleted, or their import undone). */
  duplicatesDeleted: number;
  tradesCreated: number;
  tradesUpdated: number;
  skipped: { row: number; reason: string }[];
  errors: { row: number; message: string }[];
};

type RunParams = { user: UserRow; importRow: ImportRow; analysis: Analysis; now: Date };
/** Of the commit's analysis, a large import needs only what replays it (its job carries these). */
export type LargeRunParams = Omit<RunParams, 'analysis'> & { analysis: Pick<Analysis, 'rowCount' | 'replay'> };

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

function countTrades(tradeIds: Iterable<string>, existing: ReadonlySet<string>) {
  let tradesUpdated = 0;
  let count = 0;
  for (const id of tradeIds) {
    count += 1;
    if (existing.has(id)) tradesUpdated += 1;
  }
  return { tradesCreated: count - tradesUpdated, tradesUpdated };
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
  return runLargeImport(deps, params);
}

async function runSmall(deps: ImportDeps, params: RunParams): Promise<ImportRunResult> {
  const { user, importRow, analysis } = params;
  const accountId = importRow.accountId!; // commit sets it before running
  const report = new RowReport();
  const fills: Fill[] = [];
  const events: PlacedPositionEvent[] = [];
  const open = () => deps.uploads.open(importRow.id);
  for await (const row of normaliseUpload(open, analysis, { openSpreadsheet: deps.openSpreadsheet })) {
    if (row.kind === 'execution') fills.push(row);
    else if (row.kind === 'event') events.push({ event: row.event, slot: row.slot });
    else report.add(row);
  }
  // insertAndRegroup numbers fills in the order given: replay order.
  fills.sort((a, b) => a.order - b.order);
  return deps.db.transaction(async (tx) => {
    const account = await lockAccount(tx, { userId: user.id, accountId });
    const {
      items,
      rows,
      orders,
      journals: carried,
    } = prepareBatch(fills, {
      accountCurrency: account.currency,
      occurrences: new IdenticalFills(),
      onError: (error) => report.error(error.row, error.message),
    });
    const existing = await listTradeIdsOfInstruments(tx, {
      accountId,
      instrumentKeys: [
        ...new Set([
          ...items.map((item) => item.instrumentKey),
          ...events.flatMap(({ event }) => [event.instrumentKey, event.toInstrumentKey ?? event.instrumentKey]),
        ]),
      ],
    });
    const { inserted, tradeIds, firstSequence } = await insertAndRegroup(tx, {
      user,
      account,
      items,
      now: params.now,
      importId: importRow.id,
      sourceRows: rows,
      orders,
    });
    const journals = new Map<string, ImportedJournal>(carried);
    await restoreJournals(tx, { user, accountId, journals, inserted, now: params.now });
    const eventTradeIds = await storeAndApplyEvents(tx, {
      user,
      accountId,
      importId: importRow.id,
      events,
      firstSequence: inserted.length > 0 ? firstSequence : null,
      report,
      now: params.now,
    });
    const added = new Set(inserted.map((fill) => fill.fingerprint));
    const deleted = await listDeletedFingerprints(tx, {
      accountId,
      fingerprints: items.filter((item) => !added.has(item.fingerprint)).map((item) => item.fingerprint),
    });
    return {
      executionsAdded: inserted.length,
      duplicatesSkipped: items.length - inserted.length,
      duplicatesDeleted: deleted.size,
      ...countTrades(new Set([...tradeIds, ...eventTradeIds]), existing),
      ...report.finish(),
    };
  });
}

/**
 * Stores an import's position events and applies the account's (position-events.service.ts): the
 * ones of this import that cannot apply are problems of their rows. Answers the rebuilt trades.
 */
async function storeAndApplyEvents(
  tx: Db,
  params: {
    user: UserRow;
    accountId: string;
    importId: string;
    events: readonly PlacedPositionEvent[];
    firstSequence: number | null;
    report: RowReport;
    now: Date;
  },
): Promise<string[]> {
  const { user, accountId, importId } = params;
  await insertImportEvents(tx, {
    userId: user.id,
    accountId,
    importId,
    events: params.events,
    firstSequence: params.firstSequence,
  });
  const applied = await applyAccountEvents(tx, {
    accountId,
    defaultRiskAmount: user.defaultRiskAmount,
    now: params.now,
  });
  for (const problem of applied.problems)
    if (problem.importId === importId) params.report.error(problem.row ?? 0, problem.message);
  return applied.tradeIds;
}

/** A large import, in batches (runImport); its commit queued it as a job (import-jobs.ts). */
export async function runLargeImport(deps: ImportDeps, params: LargeRunParams): Promise<ImportRunResult> {
  const { user, importRow, analysis } = params;
  const { db } = deps;
  const accountId = importRow.accountId!; // commit sets it before running
  const report = new RowReport();
  const cuts: RegroupCut[] = [];
  const journals = new Map<string, ImportedJournal>();
  /** Journals of rows skipped as duplicates, by the row kept (import-engine.ts, journalOf). */
  const journalsOfRows = new Map<number, ImportedJournal>();
  const fillsByInstrument = new Map<string, number>();
  const events: PlacedPositionEvent[] = [];
  let executionsAdded = 0;
  let duplicatesDeleted = 0;
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
    const hasDeleted = await hasDeletedExecutions(tx, accountId);
    return { account, firstSequence, ...state, knownInstruments, flatInstruments, hasDeleted };
  });

  const clock = new StageClock();
  const checkpointer = createImportCheckpointer(db, deps.checkpointWalBytes);
  const checkpointAfter = async (rows: number) => {
    const started = performance.now();
    // Maintenance only: a checkpoint that fails (a full disk) is logged, and the import goes on.
    const hasCheckpointed = await checkpointer.afterRows(rows).catch((err: unknown) => {
      deps.log('a checkpoint during an import failed', err);
      return false;
    });
    if (hasCheckpointed) clock.add(CHECKPOINT_STAGE, performance.now() - started, 1);
  };
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
      accountCurrency: start.account.currency,
      importId: importRow.id,
      defaultRiskAmount: user.defaultRiskAmount,
      now: params.now.getTime(),
      isStreaming: !start.isShared,
      knownInstruments: start.knownInstruments,
      flatInstruments: start.flatInstruments,
    },
    // Only then are the batches' fills looked up among the deleted ones (below): most accounts have none.
    isListingFingerprints: start.hasDeleted,
  });
  // Batches are sized to a budget only where a transaction holds up every other request.
  const engine = engineOf(db);
  const budgetMs = engine.transactionBudgetMs(deps.batchTargetMs);
  const sizer = budgetMs > 0 ? createBatchSizer({ targetMs: budgetMs, initialRows: deps.batchRows }) : null;
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
      for (const row of batch.others) {
        if (row.kind === 'event') {
          events.push({ event: row.event, slot: row.slot });
          continue;
        }
        report.add(row);
        if (row.kind === 'skipped' && row.journalOf && !journalsOfRows.has(row.journalOf.row))
          journalsOfRows.set(row.journalOf.row, row.journalOf.journal);
      }
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
          await engine.deferCommitFlush(tx);
          const result = await writer.writeBatch(tx, batch.grouped, {
            endBatch: (db) => setImportProgress(db, { id: importRow.id, userId: user.id, progress }),
          });
          // A deleted fill keeps its fingerprint, so the file's copy of it was skipped, as a small
          // import counts it (runSmall); a fill this batch wrote is not one of them.
          const deleted =
            batch.fingerprints.length === 0
              ? 0
              : (await listDeletedFingerprints(tx, { accountId, fingerprints: batch.fingerprints })).size;
          return { ...result, deleted };
        });
        const transactionMs = performance.now() - started;
        clock.add('write the fills and the trades (one transaction a batch)', transactionMs, fills);
        const resized = sizer?.observe(batch.rowCount, fills, transactionMs);
        if (resized) {
          worker.setBatchRows(resized);
          clock.add(RESIZE_STAGE, 0, 1);
        }
        executionsAdded += written.added;
        duplicatesDeleted += written.deleted;
        const checked = written.insertedChecked.filter((fill) => !writer.isStreamed(fill.instrumentKey));
        cuts.push(...toCuts(checked.map((fill) => ({ ...fill, accountId }))));
        await checkpointAfter(batch.rowCount);
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
    // regrouped from the database now, in steps (regroupInSteps). A failure in any step still
    // takes the whole import out again (below).
    const regrouped = await regroupInSteps(db, {
      user,
      accountId,
      cuts,
      fillsByInstrument,
      now: params.now,
      ...(budgetMs > 0
        ? { stepFills: FIRST_BUDGETED_REGROUP_FILLS, sizer: createRegroupSizer(budgetMs) }
        : { stepFills: FILLS_PER_REGROUP, sizer: null }),
      time: (fills, step) => clock.time(REGROUP_STAGE, fills, step),
      endStep: (tx, share) =>
        setImportProgress(tx, { id: importRow.id, userId: user.id, progress: 0.8 + 0.19 * share }),
      afterStep: (replayed) => checkpointAfter(replayed),
    });
    const eventTradeIds = await db.transaction(async (tx) => {
      await lockAccount(tx, { userId: user.id, accountId });
      // The streamed trades in another currency than the account's get their P&L in it (issue 42).
      await updatePendingAccountPnl(tx, [accountId]);
      // A row skipped as the duplicate of a row chunks before gives its journal to that row's fill
      // when the fill has none.
      if (journalsOfRows.size > 0)
        for (const fill of await listImportFillsBySourceRow(tx, {
          accountId,
          importId: importRow.id,
          rows: [...journalsOfRows.keys()],
        }))
          if (!journals.has(fill.fingerprint)) journals.set(fill.fingerprint, journalsOfRows.get(fill.sourceRow)!);
      // The journal goes to its fill whichever of the file's rows put it in: one listed again
      // without its journal, in an earlier batch, goes in first.
      const inserted =
        journals.size === 0
          ? []
          : await listImportFillsByFingerprint(tx, {
              accountId,
              importId: importRow.id,
              fingerprints: [...journals.keys()],
            });
      await restoreJournals(tx, { user, accountId, journals, inserted, now: params.now });
      // The fills are numbered from the reservation on, as the events' slots are (import-engine.ts).
      return storeAndApplyEvents(tx, {
        user,
        accountId,
        importId: importRow.id,
        events,
        firstSequence: start.firstSequence,
        report,
        now: params.now,
      });
    });
    // Trades the events rebuilt were streamed or regrouped above: counted there already.
    void eventTradeIds;
    clock.publish(importRow.id);
    // The streamed trades are all new; a regrouped one that kept its id was there before.
    const { tradesCreated, tradesUpdated } = countTrades(regrouped, writer.existingTradeIds());
    return {
      executionsAdded,
      duplicatesSkipped: prepared - executionsAdded,
      duplicatesDeleted,
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

/**
 * Fills replayed per regrouping transaction of a large import without a transaction budget, and at
 * most with one. Not more, though such transactions hold up no other request: a step's grouping and
 * encoding run on the server's thread, and larger steps kept other requests waiting far longer for
 * a rebuild only a little faster.
 */
export const FILLS_PER_REGROUP = 2_000;
/** The first regrouping steps under a budget, before the sizer has seen what a fill costs. */
const FIRST_BUDGETED_REGROUP_FILLS = 250;

/** Under a transaction budget, each regrouping step sized to about the batches' target time. */
function createRegroupSizer(targetMs: number): BatchSizer {
  return createBatchSizer({
    targetMs,
    initialRows: FIRST_BUDGETED_REGROUP_FILLS,
    minRows: 100,
    maxRows: FILLS_PER_REGROUP,
  });
}

/**
 * An instrument still to regroup: its cuts, the import's new fills in it, how many of those its
 * steps so far count as done (for the progress, settleStep), and whether a step began it.
 */
export type PendingRegroup = { cuts: RegroupCut[]; newFills: number; done: number; isBegun: boolean };

/** The cuts of a large import by instrument, each with the import's new fills in it (`fillsByInstrument`). */
export function groupCutsByInstrument(
  cuts: readonly RegroupCut[],
  fillsByInstrument: ReadonlyMap<string, number>,
): PendingRegroup[] {
  const byInstrument = new Map<string, RegroupCut[]>();
  for (const cut of cuts) {
    const list = byInstrument.get(cut.instrumentKey);
    if (list) list.push(cut);
    else byInstrument.set(cut.instrumentKey, [cut]);
  }
  return [...byInstrument].map(([key, list]) => ({
    cuts: list,
    newFills: fillsByInstrument.get(key) ?? 0,
    done: 0,
    isBegun: false,
  }));
}

/**
 * What a step of `slice` leaves: the instruments it cut short, each for a step of its own, and how
 * many more of the import's new fills count as done, for the progress. An instrument finished has
 * all of its done. One cut short in a step of its own has what the step replayed, up to its new
 * fills: it may replay as many of the account's own fills again, whose number no one counted.
 */
export function settleStep(
  slice: readonly PendingRegroup[],
  step: Pick<RegroupStep, 'rest' | 'replayed'>,
): { done: number; rest: PendingRegroup[] } {
  const byInstrument = new Map(slice.map((item) => [item.cuts[0]!.instrumentKey, item]));
  let done = slice.reduce((sum, item) => sum + item.newFills - item.done, 0);
  const rest = step.rest.map((cut): PendingRegroup => {
    const item = byInstrument.get(cut.instrumentKey)!; // a step cuts short only instruments it was given
    const itemDone = slice.length === 1 ? Math.min(item.newFills, item.done + step.replayed) : item.done;
    done -= item.newFills - itemDone;
    return { cuts: [cut], newFills: item.newFills, done: itemDone, isBegun: true };
  });
  return { done, rest };
}

/**
 * The fewest fills of a step an instrument gets: the step's instruments share its budget, and one
 * whose share has no flat point waits for a step of its own (regroupStep).
 */
export const MIN_SHARE_FILLS = 20;

/**
 * Takes the next step's instruments off the front of `pending`: one begun alone, or instruments
 * not begun holding about `budget` new fills in all, each with a share of at least
 * MIN_SHARE_FILLS; at least one.
 */
export function takeSlice(pending: PendingRegroup[], budget: number): PendingRegroup[] {
  const slice = [pending.shift()!];
  if (slice[0]!.isBegun) return slice;
  let fills = slice[0]!.newFills;
  const most = Math.max(1, Math.floor(budget / MIN_SHARE_FILLS));
  while (pending.length > 0 && slice.length < most && !pending[0]!.isBegun && fills + pending[0]!.newFills <= budget) {
    const next = pending.shift()!;
    slice.push(next);
    fills += next.newFills;
  }
  return slice;
}

export type RegroupInStepsParams = {
  user: UserRow;
  accountId: string;
  cuts: readonly RegroupCut[];
  fillsByInstrument: ReadonlyMap<string, number>;
  now: Date;
  /** Fills replayed in the first step, and in every step unless `sizer` resizes them. */
  stepFills: number;
  sizer: BatchSizer | null;
  time: <T>(fills: number, step: () => Promise<T>) => Promise<T>;
  /** Ends each step's transaction, told the share of the work done; answers the data version it leaves. */
  endStep: (tx: Db, share: number) => Promise<number>;
  afterStep: (replayed: number) => Promise<void>;
};

/**
 * Regroups a large import's instruments from the database in steps of about `stepFills` replayed
 * fills (resized by `sizer`), each step a transaction (regroupStep): on PGlite a transaction holds
 * the one connection, so other requests wait for one step, never the whole rebuild of an
 * instrument with hundreds of thousands of fills. An instrument cut short goes on from where its
 * step stopped; when something else wrote the user's trades in between (the data version moved),
 * from there only if no trade now spans that point (checkResumePoints), which is right whatever
 * was written. Each step ends with `endStep` (setImportProgress). Answers the rebuilt trades' ids.
 */
export async function regroupInSteps(db: Db, params: RegroupInStepsParams): Promise<Set<string>> {
  const { user, accountId } = params;
  const pending = groupCutsByInstrument(params.cuts, params.fillsByInstrument);
  const total = pending.reduce((sum, item) => sum + item.newFills, 0);
  const ids = new Set<string>();
  let stepFills = params.stepFills;
  /** The import's new fills done so far (settleStep). */
  let done = 0;
  let version: number | null = null;
  while (pending.length > 0) {
    const slice = takeSlice(pending, stepFills);
    // The stage counts each instrument's new fills once, in its first step.
    const newFills = slice.reduce((sum, item) => sum + (item.isBegun ? 0 : item.newFills), 0);
    const started = performance.now();
    const step = await params.time(newFills, () =>
      db.transaction(async (tx) => {
        await engineOf(tx).deferCommitFlush(tx);
        await lockAccount(tx, { userId: user.id, accountId });
        const given = slice.flatMap((item) => item.cuts);
        const isUntouched = version === null || (await getAnalyticsVersion(tx, user.id)) === version;
        const result = await regroupStep(tx, {
          cuts: isUntouched ? given : await checkResumePoints(tx, given),
          maxFills: stepFills,
          defaultRiskAmount: user.defaultRiskAmount,
          now: params.now,
        });
        const settled = settleStep(slice, result);
        version = await params.endStep(tx, Math.min(1, (done + settled.done) / Math.max(1, total)));
        return { ...result, settled };
      }),
    );
    for (const id of step.tradeIds) ids.add(id);
    // Each instrument left over has a step of its own, first.
    pending.unshift(...step.settled.rest);
    done += step.settled.done;
    stepFills = params.sizer?.observe(step.replayed, step.replayed, performance.now() - started) ?? stepFills;
    await params.afterStep(step.replayed);
    await yieldToIncomingRequests();
  }
  return ids;
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

/** The lease (db/leases.ts) held by the one process running an import, or taking it out again. */
export const toImportLeaseKey = (importId: string) => `import:${importId}`;

export const INTERRUPTED_IMPORT_MESSAGE =
  'The server restarted during this import; nothing was added. Please import the file again.';

type InterruptedParams = { now: Date; loadUser: (id: string) => Promise<UserRow | undefined> };

/**
 * An import whose process stopped before it finished (the caller holds its lease): its executions
 * are removed (all or nothing) and it is marked failed, so the user can run it again.
 */
export async function failInterruptedImport(
  db: Db,
  params: InterruptedParams & { row: Pick<ImportRow, 'id' | 'userId' | 'accountId'> },
): Promise<void> {
  const { row } = params;
  const user = await params.loadUser(row.userId);
  if (user) await removeBatch(db, { user, importId: row.id, accountId: row.accountId, now: params.now });
  await updateImport(db, { id: row.id, values: { status: 'failed', failureMessage: INTERRUPTED_IMPORT_MESSAGE } });
}

/**
 * Imports still queued or running that no process works on (their lease is free) and that
 * `isOrphan` (default: all) says were left behind are taken out again and marked failed
 * (failInterruptedImport). Answers their ids.
 */
export async function failInterruptedImports(
  db: Db,
  params: InterruptedParams & { leases: Leases; isOrphan?: (row: ImportRow) => Promise<boolean> },
): Promise<string[]> {
  const failed: string[] = [];
  for (const listed of await listUnfinishedImports(db)) {
    const lease = await params.leases.tryHold(toImportLeaseKey(listed.id));
    if (!lease) continue;
    try {
      // Read again under the lease: it may have finished since the list.
      const row = await getImport(db, { userId: listed.userId, id: listed.id });
      if (row?.status !== 'queued' && row?.status !== 'running') continue;
      if (params.isOrphan && !(await params.isOrphan(row))) continue;
      await failInterruptedImport(db, { ...params, row });
      failed.push(row.id);
    } finally {
      await lease.release();
    }
  }
  return failed;
}
