import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, expectedEngine } from '../../../test/helpers/test-database';
import type { Database } from './client';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.close());

describe('openDatabase', () => {
  it.runIf(expectedEngine() === 'pglite')('has PGlite size new WAL files without zero-filling them first', async () => {
    const result = await database.db.execute(sql`show wal_init_zero`);
    expect((result as unknown as { rows: { wal_init_zero: string }[] }).rows).toEqual([{ wal_init_zero: 'off' }]);
  });

  it.runIf(expectedEngine() === 'pglite')(
    'gives PGlite 64 MB of shared buffers, so a checkpoint has at most that much to write',
    async () => {
      const result = await database.db.execute(sql`show shared_buffers`);
      expect((result as unknown as { rows: { shared_buffers: string }[] }).rows).toEqual([{ shared_buffers: '64MB' }]);
    },
  );

  it('opens a migrated database on its engine', async () => {
    expect(database.engine).toBe(expectedEngine());
    const result = await database.db.execute(sql`select count(*)::int as n from users`);
    expect((result as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 0 }]);
  });
});
