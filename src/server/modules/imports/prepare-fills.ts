import type { ExecutionInput } from '../../../contracts/trades';
import type { ImportedJournal } from '../../../core/import/normalise/edgebook-journal';
import {
  type ExecutionInsertRow,
  IdenticalFills,
  type PreparedExecution,
  prepareExecutions,
  toExecutionInsertRows,
} from '../trades';
import type { NormalisedRow } from './import-engine';

/** A file's fill as the import reads it: its row, its place in replay order, and what it carries. */
export type Fill = {
  row: number;
  order: number;
  execution: ExecutionInput;
  fingerprint?: string;
  journal?: ImportedJournal;
};

export type RowError = { row: number; message: string };

/**
 * Prepares one batch of a file's fills; a fill the journal cannot hold becomes that row's error.
 * Answers the prepared fills with their rows and places in replay order, and the journals an
 * Edgebook CSV carries, by the key of the fill that opens each trade as it is stored.
 */
export function prepareBatch(
  batch: readonly Fill[],
  params: { accountCurrency: string; occurrences: IdenticalFills; onError: (error: RowError) => void },
): {
  items: PreparedExecution[];
  rows: number[];
  orders: number[];
  journals: [fingerprintKey: string, journal: ImportedJournal][];
} {
  const rejected = new Set<number>();
  const items = prepareExecutions(
    batch.map((entry) => entry.execution),
    {
      accountCurrency: params.accountCurrency,
      occurrences: params.occurrences,
      // Edgebook's own CSV carries each fill's identity: importing it again adds nothing.
      fingerprintOf: (index) => batch[index]?.fingerprint,
      fieldName: (_index, field) => field,
      onInvalid: (index, fields) => {
        rejected.add(index);
        const entry = batch[index];
        if (entry)
          params.onError({
            row: entry.row,
            message: Object.entries(fields)
              .map(([field, message]) => `${field}: ${message}`)
              .join('; '),
          });
      },
    },
  );
  const kept = batch.filter((_, index) => !rejected.has(index));
  // The prepared fills are the kept ones, in order: each journal goes by its fill's key as prepared.
  const journals: [string, ImportedJournal][] = [];
  kept.forEach((entry, index) => {
    if (entry.journal) journals.push([items[index]!.fingerprint, entry.journal]);
  });
  return { items, rows: kept.map((entry) => entry.row), orders: kept.map((entry) => entry.order), journals };
}

/**
 * One batch of a large import's rows, prepared in its worker thread: the fills checked, converted,
 * fingerprinted, numbered and given their ids, ready to be grouped and written.
 */
export type PreparedBatch = {
  fills: ExecutionInsertRow[];
  /** Rows that are not fills (set aside, unreadable) and fills refused by the checks. */
  others: Exclude<NormalisedRow, { kind: 'execution' }>[];
  errors: RowError[];
  /** The journals the batch's fills carry (prepareBatch). */
  journals: [fingerprintKey: string, journal: ImportedJournal][];
  /** The file's rows in this batch, fills or not. */
  rowCount: number;
  /** Time spent preparing the fills. */
  prepareMs: number;
};

/**
 * Prepares a large import's rows batch by batch, in replay order: fingerprints count repeated
 * fills across batches, and each fill's sequence is `firstSequence` plus twice its place in replay order (the odd numbers
 * between are the position events').
 */
export function createBatchPreparer(params: {
  accountCurrency: string;
  firstSequence: number;
}): (rows: readonly NormalisedRow[]) => PreparedBatch {
  const occurrences = new IdenticalFills();
  return (rows) => {
    const started = performance.now();
    const batch: Fill[] = [];
    const out: PreparedBatch = { fills: [], others: [], errors: [], journals: [], rowCount: rows.length, prepareMs: 0 };
    for (const row of rows) {
      if (row.kind !== 'execution') out.others.push(row);
      else batch.push(row);
    }
    const {
      items,
      rows: sourceRows,
      orders,
      journals,
    } = prepareBatch(batch, {
      accountCurrency: params.accountCurrency,
      occurrences,
      onError: (error) => out.errors.push(error),
    });
    out.journals = journals;
    out.fills = toExecutionInsertRows({
      items,
      firstSequence: params.firstSequence,
      // Every other number: a position event between two fills takes the one between (import-engine.ts).
      sequences: orders.map((order) => params.firstSequence + 2 * order),
      sourceRows,
    });
    out.prepareMs = performance.now() - started;
    return out;
  };
}
