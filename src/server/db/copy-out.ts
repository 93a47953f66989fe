import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from './client';

/**
 * The rows of a query, each as its fields' bytes (null for SQL null), read through
 * `COPY (query) TO … (FORMAT binary)`: values come as their binary send form, so a large bytea
 * travels as it is, where a plain query would send it as hex text (twice the bytes, encoded by the
 * server and decoded by the driver). PostgreSQL streams it on a connection of the pool; PGlite
 * writes it to its `/dev/blob`. COPY takes no parameters: `query` must carry its values as
 * literals the caller has validated.
 */
export async function copyOutBinary(db: Db, query: string): Promise<(Buffer | null)[][]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    const result = await client.query(`copy (${query}) to '/dev/blob' (format binary)`);
    return parseBinaryCopy(result.blob ? Buffer.from(await result.blob.arrayBuffer()) : Buffer.alloc(0));
  }
  if (!(client instanceof pg.Pool)) throw new Error('copyOutBinary: a PGlite or pg.Pool database, not a transaction');
  const connection = await client.connect();
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of connection.query(copyTo(`copy (${query}) to stdout (format binary)`))) {
      chunks.push(chunk as Buffer);
    }
    return parseBinaryCopy(Buffer.concat(chunks));
  } finally {
    connection.release();
  }
}

/**
 * PostgreSQL only: in one snapshot (a repeatable-read, read-only transaction), the rows of `head`
 * whole, as copyOutBinary answers them, to `onHead`; then the COPY binary output of `rows` to
 * `onData` piece by piece as it arrives, so the caller decodes while the server still produces.
 * Both queries carry their values as validated literals.
 */
export async function copyOutInSnapshot(
  db: Db,
  params: {
    head: string;
    rows: string;
    onHead: (tuples: (Buffer | null)[][]) => void;
    onData: (piece: Buffer) => void;
  },
): Promise<void> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool))
    throw new Error('copyOutInSnapshot: a pg.Pool database, not PGlite or a transaction');
  const connection = await client.connect();
  try {
    await connection.query('begin isolation level repeatable read read only');
    const headChunks: Buffer[] = [];
    for await (const chunk of connection.query(copyTo(`copy (${params.head}) to stdout (format binary)`)))
      headChunks.push(chunk as Buffer);
    params.onHead(parseBinaryCopy(Buffer.concat(headChunks)));
    for await (const chunk of connection.query(copyTo(`copy (${params.rows}) to stdout (format binary)`)))
      params.onData(chunk as Buffer);
    await connection.query('commit');
    connection.release();
  } catch (err) {
    // A COPY left half read leaves the connection unusable: it is closed, not given back.
    connection.release(err instanceof Error ? err : true);
    throw err;
  }
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** PostgreSQL's binary COPY format: signature, flags, header extension, tuples, −1. */
export function parseBinaryCopy(bytes: Buffer): (Buffer | null)[][] {
  if (bytes.length < SIGNATURE.length + 8 || !bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
    throw new Error('COPY answered something other than its binary format');
  }
  let at = SIGNATURE.length + 4;
  at += 4 + bytes.readUInt32BE(at);
  const tuples: (Buffer | null)[][] = [];
  for (;;) {
    const fieldCount = bytes.readInt16BE(at);
    at += 2;
    if (fieldCount === -1) return tuples;
    const fields: (Buffer | null)[] = [];
    for (let k = 0; k < fieldCount; k++) {
      const length = bytes.readInt32BE(at);
      at += 4;
      if (length === -1) fields.push(null);
      else {
        fields.push(bytes.subarray(at, at + length));
        at += length;
      }
    }
    tuples.push(fields);
  }
}
