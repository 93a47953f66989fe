import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from './client';

/** The PostgreSQL type of a column's values, as the element type of the array parameter. */
export type BulkColumnType =
  'uuid' | 'text' | 'numeric' | 'timestamptz' | 'bigint' | 'integer' | 'smallint' | 'float8' | 'jsonb';

export type BulkColumn<Row> = {
  /** The column's name in the table (snake_case). */
  name: string;
  type: BulkColumnType;
  value: (row: Row) => string | number | Date | readonly unknown[] | null | undefined;
};

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

/** The characters COPY's text format escapes in a value. */
const NEEDS_ESCAPE = /[\\\t\n\r]/;

function escapeText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

// The last Date written and its text: a batch's rows mostly share one (created_at, updated_at).
let lastDate: Date | null = null;
let lastTime = Number.NaN;
let lastDateText = '';

/** One value in COPY's text format (`\N` for null). */
function toCopyField(value: ReturnType<BulkColumn<unknown>['value']>, type: BulkColumnType): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Date) {
    // Compared by time too: a Date is mutable.
    if (value !== lastDate || value.getTime() !== lastTime) {
      lastDate = value;
      lastTime = value.getTime();
      lastDateText = value.toISOString();
    }
    return lastDateText;
  }
  if (type === 'jsonb') return Array.isArray(value) && value.length === 0 ? '[]' : escapeText(JSON.stringify(value));
  if (typeof value === 'number') return String(value);
  // Every string is escaped, whatever its column's type: a stray tab or line break must never
  // shift a field or start a row.
  return escapeText(value as string);
}

/**
 * The characters of a piece of COPY text at most, give or take a line. A string of 128 KB or more
 * is a large object to V8, in pages mapped for it alone and unmapped after: joining a batch's COPY
 * text into one such string and encoding it cost 2.4 ms a batch, against 0.1 ms for the same text
 * in pieces under that size (BENCHMARKS.md).
 */
export const COPY_PIECE_CHARS = 32 * 1024;

/**
 * The rows as COPY text: a line per row, fields separated by tabs, in pieces of whole lines of
 * about COPY_PIECE_CHARS each (none for no rows). Joined from parts rather than appended to: `+=`
 * builds a tree of pieces that turning the text into bytes must first flatten, which cost more
 * than the encoding itself.
 */
export function toCopyTexts<Row>(columns: readonly BulkColumn<Row>[], rows: readonly Row[]): string[] {
  const fields: string[] = new Array<string>(columns.length);
  const pieces: string[] = [];
  let lines: string[] = [];
  let chars = 0;
  for (const row of rows) {
    for (let index = 0; index < columns.length; index += 1) {
      const column = columns[index]!;
      fields[index] = toCopyField(column.value(row), column.type);
    }
    const line = fields.join('\t');
    lines.push(line);
    chars += line.length + 1;
    if (chars >= COPY_PIECE_CHARS) {
      lines.push('');
      pieces.push(lines.join('\n'));
      lines = [];
      chars = 0;
    }
  }
  if (lines.length > 0) {
    lines.push('');
    pieces.push(lines.join('\n'));
  }
  return pieces;
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
 * The pieces as one buffer of UTF-8, sent as one message: a buffer is outside V8's heap, where one
 * string of them all would be a large object (COPY_PIECE_CHARS), and a message a piece would be a
 * write to the socket each.
 */
function toUtf8(texts: readonly string[]): Buffer {
  let length = 0;
  for (const text of texts) length += Buffer.byteLength(text);
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (const text of texts) at += bytes.write(text, at);
  return bytes;
}

async function copyFromStdin(client: pg.ClientBase, statement: string, texts: readonly string[]): Promise<void> {
  const stream = client.query(copyFrom(`${statement} from stdin`));
  await new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    stream.on('finish', resolve);
    stream.end(toUtf8(texts));
  });
}

/** Rows for insertNewRows. */
export type NewRows<Row> = {
  table: PgTable;
  columns: readonly BulkColumn<Row>[];
  rows: readonly Row[];
};

/**
 * Inserts rows that conflict with nothing (new ids; fingerprints that cannot be there) by COPY in
 * text format: the database parses plain lines, with no statement or array parameter per batch.
 * On PostgreSQL FROM STDIN, inside a transaction on its own connection: several times cheaper than
 * insertByUnnest for the large import it bounds (BENCHMARKS.md, Import). On PGlite from
 * `/dev/blob`: on disk, as the app keeps it, 1,000,000 fills in 300-row transactions took 15.7 µs
 * each against 21.2 by insertByUnnest, flat throughout (in memory it slows down as the table's
 * file is copied whole on each growth, which only tests' small tables see).
 */
export async function insertNewRows<Row>(db: Db, params: NewRows<Row>): Promise<void> {
  if (params.rows.length === 0) return;
  await insertCopyText(db, {
    table: getTableName(params.table),
    columnNames: params.columns.map((column) => column.name),
    texts: toCopyTexts(params.columns, params.rows),
  });
}

/**
 * Writes rows already in COPY text (toCopyTexts with these columns, in this order), as
 * insertNewRows does: for rows encoded elsewhere, such as in a large import's worker thread.
 */
export async function insertCopyText(
  db: Db,
  params: { table: string; columnNames: readonly string[]; texts: readonly string[] },
): Promise<void> {
  const texts = params.texts.filter((text) => text !== '');
  if (texts.length === 0) return;
  const client = clientOf(db);
  const names = params.columnNames.map((name) => `"${name}"`).join(', ');
  const statement = `copy "${params.table}" (${names})`;
  if (client instanceof pg.Client) return copyFromStdin(client, statement, texts);
  if (!(client instanceof pg.Pool)) {
    await client.query(`${statement} from '/dev/blob'`, [], { blob: new Blob(texts) }); // PGlite
    return;
  }
  const connection = await client.connect();
  try {
    await copyFromStdin(connection, statement, texts);
    connection.release();
  } catch (err) {
    // A COPY cut off midway leaves the connection in an unknown state: close it, do not reuse it.
    connection.release(err instanceof Error ? err : true);
    throw err;
  }
}
