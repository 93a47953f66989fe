import { PGlite } from '@electric-sql/pglite';
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { BulkColumn, BulkColumnType } from './bulk-insert';
import type { Db } from './client';

/**
 * Rows per COPY on PGlite, whose work holds the event loop: a thousand trades' rows take tens of
 * milliseconds there. PostgreSQL streams any number in one statement.
 */
export const PGLITE_ROWS_PER_COPY = 1_000;

/** The characters COPY's text format escapes in a value. */
const NEEDS_ESCAPE = /[\\\t\n\r]/;

function escapeText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/** One value in COPY's text format (`\N` for null). */
function toCopyField(value: ReturnType<BulkColumn<unknown>['value']>, type: BulkColumnType): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (type === 'jsonb') return escapeText(JSON.stringify(value));
  if (typeof value === 'number') return String(value);
  // Every string is escaped, whatever its column's type: a stray tab or line break must never
  // shift a field or start a row.
  return escapeText(value as string);
}

/** The rows as COPY text: a line per row, fields separated by tabs. */
export function toCopyText<Row>(columns: readonly BulkColumn<Row>[], rows: readonly Row[]): string {
  let out = '';
  for (const row of rows) {
    let line = '';
    for (let index = 0; index < columns.length; index += 1) {
      const column = columns[index]!;
      if (index > 0) line += '\t';
      line += toCopyField(column.value(row), column.type);
    }
    out += line + '\n';
  }
  return out;
}

type CopyTarget = { kind: 'pglite'; client: Pick<PGlite, 'query'> } | { kind: 'postgres'; client: pg.ClientBase };

/**
 * The connection under `db`: a transaction's own (PostgreSQL's pooled client, PGlite's
 * transaction), or the database's. A COPY must run on the transaction's connection to be part of it.
 */
function connectionOf(db: Db): { target: CopyTarget } | { pool: pg.Pool } {
  const session = (db as unknown as { session?: { client?: unknown } }).session;
  const client = session?.client ?? (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return { pool: client };
  if (client instanceof pg.Client) return { target: { kind: 'postgres', client: client as pg.ClientBase } };
  if (client instanceof PGlite || typeof (client as { query?: unknown }).query === 'function')
    return { target: { kind: 'pglite', client: client as Pick<PGlite, 'query'> } };
  throw new Error('copyRows: not a PostgreSQL or PGlite database');
}

async function copyOn<Row>(
  target: CopyTarget,
  statement: string,
  columns: readonly BulkColumn<Row>[],
  rows: readonly Row[],
  pgliteRowsPerCopy = PGLITE_ROWS_PER_COPY,
) {
  if (target.kind === 'postgres') {
    const stream = target.client.query(copyFrom(`${statement} from stdin`));
    await new Promise<void>((resolve, reject) => {
      stream.on('error', reject);
      stream.on('finish', resolve);
      stream.end(toCopyText(columns, rows));
    });
    return;
  }
  for (let start = 0; start < rows.length; start += pgliteRowsPerCopy) {
    const text = toCopyText(columns, rows.slice(start, start + pgliteRowsPerCopy));
    await target.client.query(`${statement} from '/dev/blob'`, [], { blob: new Blob([text]) });
  }
}

/**
 * Inserts rows with COPY … FROM: the server parses plain text lines, with no statement, parameter
 * or array per batch. Several times cheaper for the server than `insert … select from unnest(…)`
 * (BENCHMARKS.md, Import), which is what a large import is bound by. No `on conflict`: the caller
 * makes sure no row conflicts (new ids, fingerprints checked). Inside a transaction it runs on the
 * transaction's connection; on PostgreSQL outside one, on a connection of the pool.
 */
export async function copyRows<Row>(
  db: Db,
  params: {
    table: PgTable;
    columns: readonly BulkColumn<Row>[];
    rows: readonly Row[];
    /** PGlite only: rows per COPY (PGLITE_ROWS_PER_COPY). */
    pgliteRowsPerCopy?: number;
  },
): Promise<void> {
  if (params.rows.length === 0) return;
  const names = params.columns.map((column) => `"${column.name}"`).join(', ');
  const statement = `copy "${getTableName(params.table)}" (${names})`;
  const connection = connectionOf(db);
  if ('target' in connection)
    return copyOn(connection.target, statement, params.columns, params.rows, params.pgliteRowsPerCopy);
  const client = await connection.pool.connect();
  try {
    await copyOn({ kind: 'postgres', client }, statement, params.columns, params.rows);
    client.release();
  } catch (err) {
    // A COPY cut off midway leaves the connection in an unknown state: close it, do not reuse it.
    client.release(err instanceof Error ? err : true);
    throw err;
  }
}
