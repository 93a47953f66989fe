import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, expectedEngine } from '../../../test/helpers/test-database';
import type { Database, Db } from './client';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const TEXT_VALUES = sql`select timestamptz '2025-01-02 03:04:05.678+00' as at, timestamp '2025-01-02 03:04:05' as local,
  date '2025-01-02' as day, interval '1 day 2 hours' as span, array[timestamptz '2025-01-02 03:04:05+00'] as ats,
  array[1.5, 2]::numeric[] as amounts, 1.5::numeric as amount, 7::int8 as count, true as flag`;

async function readTextValues(db: Db) {
  return ((await db.execute(TEXT_VALUES)) as unknown as { rows: Record<string, unknown>[] }).rows[0];
}

describe('PGlite for Drizzle: its parsers set once', () => {
  it.runIf(expectedEngine() === 'pglite')(
    'reads times, dates, intervals and their arrays as text, in a transaction too, and every other type as before',
    async () => {
      const expected = {
        at: '2025-01-02 03:04:05.678+00',
        local: '2025-01-02 03:04:05',
        day: '2025-01-02',
        span: '1 day 02:00:00',
        ats: '{"2025-01-02 03:04:05+00"}',
        amounts: '{1.5,2}',
        amount: '1.5',
        count: 7,
        flag: true,
      };
      expect(await readTextValues(database.db)).toEqual(expected);
      expect(await database.db.transaction((tx) => readTextValues(tx))).toEqual(expected);
      // PGlite rebuilds its array types' parsers when asked: statements keep their own then.
      await (database.db as unknown as { $client: PGlite }).$client.refreshArrayTypes();
      expect(await readTextValues(database.db)).toEqual(expected);
    },
  );
});
