import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/test-database';
import { toNewTradeRows } from '../modules/trades';
import { ANALYTICS_ROW_SQL } from './analytics-row';
import type { Database } from './client';
import { executions, tradeExecutions, tradeJournals, trades } from './schema';

/**
 * The schema (schema.ts) is what the app's bulk writes and the analytics row are derived from, and
 * the migrations are what the database has: a column added to one and not the other fails here,
 * not as a COPY that drops it, a regroup that forgets it or an analytics row of another layout.
 */
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const namesOf = (table: PgTable) =>
  Object.values(getTableColumns(table) as Record<string, PgColumn>).map((column) =>
    column.keyAsName ? toSnakeCase(column.name) : column.name,
  );

async function listDatabaseColumns(table: string): Promise<{ name: string; isGenerated: boolean }[]> {
  const result = (await database.db.execute(sql`
    select column_name as name, is_generated = 'ALWAYS' as "isGenerated" from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`)) as unknown as {
    rows: { name: string; isGenerated: boolean }[];
  };
  return result.rows;
}

describe('the schema and the migrated database', () => {
  it.each([trades, tradeJournals, tradeExecutions, executions])('declare the same columns of %#', async (table) => {
    const declared = namesOf(table).sort();
    const migrated = (await listDatabaseColumns(getTableName(table))).map((column) => column.name).sort();
    expect(migrated).toEqual(declared);
  });

  it('write every column of a trade but the generated one by COPY (regrouping and imports alike)', async () => {
    const written = (await listDatabaseColumns('trades')).filter((column) => !column.isGenerated).map((c) => c.name);
    const copied = toNewTradeRows({ trades: [], parts: [] }).trades.columns.map((column) => column.name);
    expect([...copied].sort()).toEqual([...written].sort());
    expect((await listDatabaseColumns('trades')).filter((column) => column.isGenerated)).toEqual([
      { name: 'analytics_row', isGenerated: true },
    ]);
  });

  it('generate analytics_row by the expression its layout gives (analytics-row.ts)', async () => {
    // The same expression on a copy of the table, so PostgreSQL prints both alike.
    // Inside the transaction that made the copy: on PGlite a statement outside it waits for its end.
    const expressionOf = async (tx: Pick<Database['db'], 'execute'>, table: string) => {
      const result = (await tx.execute(sql`
        select pg_get_expr(d.adbin, d.adrelid) as expression from pg_attrdef d
        join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
        where d.adrelid = ${table}::regclass and a.attname = 'analytics_row'`)) as unknown as {
        rows: { expression: string }[];
      };
      return result.rows[0]?.expression;
    };
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temp table trades_layout_probe (like trades) on commit drop`);
      await tx.execute(sql`alter table trades_layout_probe drop column analytics_row`);
      await tx.execute(
        sql.raw(`alter table trades_layout_probe add column analytics_row bytea
          generated always as (${ANALYTICS_ROW_SQL}) stored`),
      );
      const declared = await expressionOf(tx, 'trades_layout_probe');
      expect(declared).toBeTruthy();
      expect(await expressionOf(tx, 'trades')).toBe(declared);
    });
  });
});
