import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The rows of a statement Drizzle's builder does not express (lateral joins, recursive queries,
 * `insert … select … returning`), typed as the statement's select list says: the caller's `Row`.
 */
export async function selectRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows; // both drivers answer a raw statement as { rows }
}
