import { isPglite, type Db, type DbEngine } from './client';
import { copyOutBinary, copyOutInSnapshot } from './copy-out';
import { deferCommitFlush } from './maintenance';

/** Where rows copied out in binary go: whole (one value of them all joined) or as COPY pieces. */
export type CopiedRowsSink = {
  /** The rows' values joined, back to back, as one bytea. */
  pushRows: (joined: Buffer) => void;
  /** A piece of `COPY (rows) TO STDOUT (FORMAT binary)`; a row may straddle pieces. */
  pushCopyData: (piece: Buffer) => void;
  /** After the last piece of COPY data. */
  endCopyData: () => void;
};

/**
 * What differs between PGlite and PostgreSQL, as the behaviours a module needs. A module asks its
 * engine (`engineOf(db)`) how long a transaction may take or how to copy rows out; it never asks
 * which engine it runs on.
 *
 * PGlite runs PostgreSQL in this thread on one connection: each statement and transaction holds up
 * every other request, and nothing runs beside it. PostgreSQL runs elsewhere, with a pool.
 */
export type Engine = {
  /** For logs and the health answer only. */
  readonly name: DbEngine;
  /** False where one connection serves everything (PGlite): no other transaction can take a lock meanwhile. */
  readonly hasConcurrentTransactions: boolean;
  /** Reads of one user's trades worth splitting in parts that run at once: 1 where they would only queue. */
  readonly readPartsAtOnce: number;
  /** Whether stored analytics snapshots pay off (see trade-facts-cache.ts). */
  readonly storesAnalyticsSnapshots: boolean;
  /**
   * How long one of a long job's transactions may take: `targetMs` where a transaction holds up every
   * other request, 0 (no budget: one size for all) where transactions run beside one another.
   */
  transactionBudgetMs: (targetMs: number) => number;
  /** Rows one statement of a long read may take where a statement holds up every other request; null elsewhere. */
  statementPageRows: (rows: number) => number | null;
  /**
   * Lets this bulk-write transaction's commit return before its write-ahead log is flushed, where
   * that is safe (PGlite, see deferCommitFlush in maintenance.ts); nothing elsewhere.
   */
  deferCommitFlush: (tx: Db) => Promise<void>;
  /**
   * In one snapshot: the fields of `head` (SQL expressions, one row) to `onHead`, and the one bytea
   * column `column` of the rows of `rows` to `sink`. PostgreSQL streams the rows by COPY while the
   * caller decodes; PGlite, whose COPY writes slowly a tuple at a time, joins them in one value of
   * the same statement. `head` and `rows` carry their values as literals the caller has checked.
   */
  copyOutRowsInSnapshot: (
    db: Db,
    params: {
      head: string[];
      rows: string;
      column: string;
      onHead: (fields: (Buffer | null)[]) => void;
      sink: CopiedRowsSink;
    },
  ) => Promise<void>;
  /** The rows of `query`, each as its fields' bytes, read by COPY in binary (copyOutBinary). */
  copyOutTuples: (db: Db, query: string) => Promise<(Buffer | null)[][]>;
};

const pglite: Engine = {
  name: 'pglite',
  hasConcurrentTransactions: false,
  readPartsAtOnce: 1,
  // A bytea of 2 MB takes longer to read and write than the trades it saves reading, on the one
  // connection every request waits for; and its one instance restarts with the data on its own disk.
  storesAnalyticsSnapshots: false,
  transactionBudgetMs: (targetMs) => targetMs,
  statementPageRows: (rows) => rows,
  deferCommitFlush,
  async copyOutRowsInSnapshot(db, params) {
    // One statement is one snapshot on the one connection.
    const joined = `(select string_agg(r.${params.column}, ''::bytea) from (${params.rows}) r)`;
    const [tuple] = await copyOutBinary(db, `select ${[...params.head, joined].join(', ')}`);
    const fields = tuple ?? [];
    params.onHead(fields.slice(0, params.head.length));
    const rows = fields[params.head.length];
    if (rows) params.sink.pushRows(rows);
  },
  copyOutTuples: copyOutBinary,
};

const postgres: Engine = {
  name: 'postgres',
  hasConcurrentTransactions: true,
  readPartsAtOnce: 2,
  storesAnalyticsSnapshots: true,
  transactionBudgetMs: () => 0,
  statementPageRows: () => null,
  // Its server can crash and recover while the app runs on: every commit is flushed.
  deferCommitFlush: async () => {},
  async copyOutRowsInSnapshot(db, params) {
    await copyOutInSnapshot(db, {
      head: `select ${params.head.join(', ')}`,
      rows: params.rows,
      onHead: ([tuple]) => params.onHead(tuple ?? []),
      onData: (piece) => params.sink.pushCopyData(piece),
    });
    params.sink.endCopyData();
  },
  copyOutTuples: copyOutBinary,
};

/** The engine `db` (or one of its transactions) runs on. */
export function engineOf(db: Db): Engine {
  return isPglite(db) ? pglite : postgres;
}

/** The engine of that name (where only the name was kept, as the app's `dbEngine`). */
export function toEngine(name: DbEngine): Engine {
  return name === 'pglite' ? pglite : postgres;
}
