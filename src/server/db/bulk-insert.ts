import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { concatBytes } from '../../core/bytes';
import type { Db } from './client';
import { COPY_BINARY_HEADER, COPY_BINARY_TRAILER, toCopyBinary, type CopyBytes } from './copy-binary';

/** The PostgreSQL type of a column's values, as the element type of the array parameter. */
export type BulkColumnType =
  'uuid' | 'text' | 'numeric' | 'timestamptz' | 'bigint' | 'integer' | 'smallint' | 'float8' | 'jsonb' | 'boolean';

export type BulkColumn<Row> = {
  /** The column's name in the table (snake_case). */
  name: string;
  type: BulkColumnType;
  value: (row: Row) => string | number | boolean | Date | readonly unknown[] | null | undefined;
};

/** A schema column's bulk type: what its values are encoded as (COPY) or cast to (unnest). */
function toBulkType(column: PgColumn): BulkColumnType {
  const type = column.getSQLType();
  if (type.startsWith('numeric')) return 'numeric';
  if (type.startsWith('timestamp') && type.endsWith('with time zone')) return 'timestamptz';
  if (type === 'double precision') return 'float8';
  if (['uuid', 'text', 'bigint', 'integer', 'smallint', 'jsonb', 'boolean'].includes(type))
    return type as BulkColumnType; // one of the names listed
  throw new Error(`${column.name}: no bulk encoding for ${type}`);
}

/** A column's name in the table: the schema's key in snake_case (the app's Drizzle casing) unless named. */
const toColumnName = (column: PgColumn) => (column.keyAsName ? toSnakeCase(column.name) : column.name);

/** A bulk column of a schema column: its name and type from the schema, its value from `value`. */
export function toBulkColumn<Row>(column: PgColumn, value: BulkColumn<Row>['value']): BulkColumn<Row> {
  return { name: toColumnName(column), type: toBulkType(column), value };
}

/** The keys of a table's columns a row is written with: all but the generated ones. */
export type WrittenKeys<T extends PgTable> = {
  [K in keyof T['_']['columns']]: T['_']['columns'][K]['_']['generated'] extends undefined ? K : never;
}[keyof T['_']['columns']];

/**
 * Every written column of the table (not the generated ones), each row's value under its schema
 * key: the column list of a table's bulk writes, never a hand-written twin of the schema's.
 */
export function toBulkColumns<T extends PgTable, Row extends { [K in WrittenKeys<T> & string]: unknown }>(
  table: T,
): BulkColumn<Row>[] {
  return Object.entries(getTableColumns(table) as Record<string, PgColumn>)
    .filter(([, column]) => !column.generated)
    .map(([key, column]) =>
      // The row has a value for every written column (Row's constraint), of the column's type.
      toBulkColumn<Row>(column, (row) => (row as Record<string, ReturnType<BulkColumn<Row>['value']>>)[key]),
    );
}

/**
 * Rows per statement. Each statement is one array parameter per column, so its cost is in the
 * rows, not in parsing: a few thousand rows keep one statement (which holds PGlite's thread, the
 * event loop's) within tens of milliseconds.
 */
export const BULK_ROWS_PER_STATEMENT = 2_000;

function toParam(value: ReturnType<BulkColumn<unknown>['value']>, type: BulkColumnType): string | number | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (type === 'jsonb') return JSON.stringify(value);
  return value as string | number;
}

/**
 * Inserts many rows with `insert … select … from unnest($1::type[], $2::type[], …)`: one array
 * parameter per column instead of one parameter per cell. Against a multi-row VALUES list built by
 * the ORM this is about three times faster on PGlite and four on PostgreSQL (an import's fills,
 * grouped trades and their links are its bulk), and no statement nears the 65,535-parameter limit.
 * Answers the `returning` columns of the inserted rows (snake_case keys), in no particular order.
 */
export async function insertByUnnest<Row>(
  db: Db,
  params: {
    table: PgTable;
    columns: readonly BulkColumn<Row>[];
    rows: readonly Row[];
    /** Skip rows that violate a unique constraint (`on conflict do nothing`). */
    skipConflicts?: boolean;
    returning?: readonly string[];
    /** Columns with one value for every row, as SQL (`sql\`${userId}::uuid\``). */
    constants?: Readonly<Record<string, SQL>>;
    rowsPerStatement?: number;
  },
): Promise<Record<string, unknown>[]> {
  const { columns, rows } = params;
  const size = params.rowsPerStatement ?? BULK_ROWS_PER_STATEMENT;
  const constants = Object.entries(params.constants ?? {});
  const names = sql.join(
    [...constants.map(([name]) => name), ...columns.map((column) => column.name)].map((name) => sql.identifier(name)),
    sql`, `,
  );
  const aliases = columns.map((_, index) => sql.raw(`c${index}`));
  const selected = sql.join([...constants.map(([, value]) => value), ...aliases], sql`, `);
  const returning = params.returning?.length
    ? sql` returning ${sql.join(
        params.returning.map((name) => sql.identifier(name)),
        sql`, `,
      )}`
    : sql``;
  const out: Record<string, unknown>[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const part = rows.slice(start, start + size);
    const arrays: SQL[] = columns.map(
      (column) =>
        sql`${sql.param(part.map((row) => toParam(column.value(row), column.type)))}::${sql.raw(column.type)}[]`,
    );
    const query = sql`insert into ${sql.identifier(getTableName(params.table))} (${names})
      select ${selected} from unnest(${sql.join(arrays, sql`, `)}) as u(${sql.join(aliases, sql`, `)})
      ${params.skipConflicts ? sql`on conflict do nothing` : sql``}${returning}`;
    const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    if (params.returning?.length) for (const row of result.rows) out.push(row);
  }
  return out;
}

/** What PGlite and its transactions answer a statement with (a COPY's rows come as `blob`). */
type PgliteQueryable = { query: (query: string, params?: unknown[], options?: { blob?: Blob }) => Promise<unknown> };

/**
 * What runs `db`'s statements: on PostgreSQL a transaction's own pooled client (a COPY must run on
 * it to be part of the transaction) or the pool itself; on PGlite the database or its transaction.
 */
function clientOf(db: Db): pg.ClientBase | pg.Pool | PgliteQueryable {
  return (db as unknown as { session: { client: pg.ClientBase | pg.Pool | PgliteQueryable } }).session.client;
}

/**
 * Rows encoded for COPY into a table, which insertCopyRows writes: the columns, and the rows' data
 * in PostgreSQL's binary COPY format (copy-binary.ts; empty for no rows). Bytes, so they can be
 * encoded in one thread and written from another, such as a large import's worker's.
 *
 * Binary on both engines: the database keeps a uuid's sixteen bytes, a time's microseconds and a
 * decimal's base-10,000 digits as they come, instead of parsing their text. PGlite runs the
 * database on the server's own thread, which sets a large import's pace there (its commit 66 → 56
 * s); PostgreSQL's backend spent a fifth less CPU on a 1,000,000-row import (33 → 27 s, six
 * interleaved pairs), for about a second more of the worker's encoding (docs/import-bench.md).
 */
export type CopyRows = { columnNames: string[]; data: CopyBytes };

export function toCopyRows<Row>(params: Pick<NewRows<Row>, 'columns' | 'rows'>): CopyRows {
  const columnNames = params.columns.map((column) => column.name);
  const data = params.rows.length === 0 ? new Uint8Array(0) : toCopyBinary(params.columns, params.rows);
  return { columnNames, data };
}

/** Runs `statement` (a COPY … FROM STDIN) with the data. */
async function copyFromStdin(client: pg.ClientBase, statement: string, data: readonly CopyBytes[]): Promise<void> {
  const stream = client.query(copyFrom(statement));
  await new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    stream.on('finish', resolve);
    // One message: a write each would be a write to the socket each.
    stream.end(Buffer.concat(data));
  });
}

const isSameList = (a: readonly string[], b: readonly string[]) =>
  a === b || (a.length === b.length && a.every((item, i) => item === b[i]));

/**
 * A COPY's data for PGlite's `/dev/blob`, of which PGlite reads only `arrayBuffer()` (its
 * _handleBlob; the bulk insert tests fail if that changes), answered with the pieces joined once.
 * A Blob copies them into a store of its own and arrayBuffer() copies them out again: two copies
 * of the whole COPY on the thread that runs PGlite, the server's (without them a large import
 * had fewer full collections and a shorter commit in two pairs, docs/import-bench.md).
 */
function toPgliteBlob(data: readonly CopyBytes[]): Blob {
  // Never one piece (the header and trailer are among them): the join is a buffer of its own.
  const arrayBuffer = async () => concatBytes(data).buffer;
  return { arrayBuffer } as Blob;
}

/** Rows for insertNewRows. */
export type NewRows<Row> = {
  table: PgTable;
  columns: readonly BulkColumn<Row>[];
  rows: readonly Row[];
};

/**
 * Inserts rows that conflict with nothing (new ids; fingerprints that cannot be there) by COPY
 * (binary, toCopyRows): no statement or array parameter per batch. On PostgreSQL FROM STDIN,
 * inside a transaction on its own connection: several times cheaper than insertByUnnest for the
 * large import it bounds (docs/import-bench.md). On PGlite from `/dev/blob`: on disk, as the app
 * keeps it, 1,000,000 fills in 300-row transactions took 15.7 µs each against 21.2 by
 * insertByUnnest (as text, before binary), flat throughout (in memory it slows down as the
 * table's file is copied whole on each growth, which only tests' small tables see).
 */
export async function insertNewRows<Row>(db: Db, params: NewRows<Row>): Promise<void> {
  await insertCopyRows(db, {
    table: getTableName(params.table),
    copies: [toCopyRows(params)],
  });
}

/**
 * Writes rows encoded apart (toCopyRows), as insertNewRows does, in one statement, in order. They
 * must be of the same columns (a bug otherwise).
 */
export async function insertCopyRows(db: Db, params: { table: string; copies: readonly CopyRows[] }): Promise<void> {
  const copies = params.copies.filter((copy) => copy.data.length > 0);
  if (copies.length === 0) return;
  const { columnNames } = copies[0]!;
  if (copies.some((copy) => !isSameList(copy.columnNames, columnNames)))
    throw new Error(`COPY into ${params.table}: rows of different columns`);
  // One statement's data: the binary format's header, the tuples, its trailer.
  const data = [COPY_BINARY_HEADER, ...copies.map((copy) => copy.data), COPY_BINARY_TRAILER];
  const client = clientOf(db);
  const names = columnNames.map((name) => `"${name}"`).join(', ');
  const copy = `copy "${params.table}" (${names})`;
  const fromStdin = `${copy} from stdin with (format binary)`;
  if (client instanceof pg.Client) return copyFromStdin(client, fromStdin, data);
  if (!(client instanceof pg.Pool)) {
    await client.query(`${copy} from '/dev/blob' with (format binary)`, [], { blob: toPgliteBlob(data) });
    return;
  }
  const connection = await client.connect();
  try {
    await copyFromStdin(connection, fromStdin, data);
    connection.release();
  } catch (err) {
    // A COPY cut off midway leaves the connection in an unknown state: close it, do not reuse it.
    connection.release(err instanceof Error ? err : true);
    throw err;
  }
}
