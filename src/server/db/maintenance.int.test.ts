import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, expectedEngine } from '../../../test/helpers/test-database';
import type { Database } from './client';
import {
  checkpointPgliteIfDue,
  createImportCheckpointer,
  deferCommitFlush,
  maintainAfterBulkWrite,
  readWalBytesSinceCheckpoint,
} from './maintenance';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.close());

const checkpointLsn = async () => {
  const result = await database.db.execute(sql`select checkpoint_lsn::text as lsn from pg_control_checkpoint()`);
  return (result as unknown as { rows: { lsn: string }[] }).rows[0]!.lsn;
};

const hasMoved = async (before: string, after: string) => {
  const moved = await database.db.execute(
    sql`select pg_wal_lsn_diff(${after}::pg_lsn, ${before}::pg_lsn) > 0 as moved`,
  );
  return (moved as unknown as { rows: { moved: boolean }[] }).rows[0]!.moved;
};

describe('checkpointPgliteIfDue', () => {
  it.runIf(expectedEngine() === 'pglite')(
    'checkpoints PGlite once the write-ahead log since the last checkpoint reaches the threshold, not before',
    async () => {
      await database.db.execute(sql`checkpoint`);
      await database.db.execute(
        sql`insert into users (email, password_hash) select 'due' || n || '@example.com', 'x' from generate_series(1, 2000) n`,
      );
      const bytes = await readWalBytesSinceCheckpoint(database.db);
      expect(bytes).toBeGreaterThan(100_000);
      const before = await checkpointLsn();
      expect(await checkpointPgliteIfDue(database.db, bytes * 2)).toBe(false);
      expect(await checkpointLsn()).toBe(before);
      expect(await checkpointPgliteIfDue(database.db, bytes / 2)).toBe(true);
      expect(await hasMoved(before, await checkpointLsn())).toBe(true);
    },
  );
});

describe('createImportCheckpointer', () => {
  const write = (rows: number, tag: string) =>
    database.db.execute(
      sql`insert into users (email, password_hash) select ${tag} || n || '@example.com', 'x' from generate_series(1, ${rows}) n`,
    );

  it.runIf(expectedEngine() === 'pglite')(
    'checkpoints PGlite during an import once the log passed its size, looking only every so many rows',
    async () => {
      await database.db.execute(sql`checkpoint`);
      // 2 MB of log between checkpoints: looked at every 2,000 rows.
      const checkpointer = createImportCheckpointer(database.db, 2_000_000);
      await write(20_000, 'batch');
      const before = await checkpointLsn();
      // Over 2 MB of log already, but only 1,500 rows told: not looked at yet.
      expect(await checkpointer.afterRows(1_500)).toBe(false);
      expect(await checkpointLsn()).toBe(before);
      expect(await checkpointer.afterRows(500)).toBe(true);
      expect(await hasMoved(before, await checkpointLsn())).toBe(true);
      const after = await checkpointLsn();
      await write(10, 'few');
      expect(await checkpointer.afterRows(2_000)).toBe(false); // looked at: far less than 2 MB since
      expect(await checkpointLsn()).toBe(after);
    },
  );

  it.runIf(expectedEngine() === 'postgres')('leaves checkpoints to PostgreSQL', async () => {
    const checkpointer = createImportCheckpointer(database.db, 1);
    await write(100, 'pg');
    expect(await checkpointer.afterRows(1_000_000)).toBe(false);
  });
});

describe('maintainAfterBulkWrite', () => {
  it.runIf(expectedEngine() === 'pglite')(
    'checkpoints PGlite, so the write-ahead log written since is reused rather than kept',
    async () => {
      await database.db.execute(
        sql`insert into users (email, password_hash) select 'bulk' || n || '@example.com', 'x' from generate_series(1, 500) n`,
      );
      const before = await checkpointLsn();
      await maintainAfterBulkWrite(database.db, 'pglite');
      const after = await checkpointLsn();
      const moved = await database.db.execute(
        sql`select pg_wal_lsn_diff(${after}::pg_lsn, ${before}::pg_lsn) > 0 as moved`,
      );
      expect((moved as unknown as { rows: { moved: boolean }[] }).rows).toEqual([{ moved: true }]);
    },
  );

  it.runIf(expectedEngine() === 'postgres')('vacuums and analyzes the trades on PostgreSQL', async () => {
    await maintainAfterBulkWrite(database.db, 'postgres');
    const result = await database.db.execute(
      sql`select last_vacuum is not null as vacuumed from pg_stat_user_tables where relname = 'trades'`,
    );
    expect((result as unknown as { rows: { vacuumed: boolean }[] }).rows).toEqual([{ vacuumed: true }]);
  });
});

describe('deferCommitFlush', () => {
  const synchronousCommit = async (db: Database['db']) => {
    const result = await db.execute(sql`show synchronous_commit`);
    return (result as unknown as { rows: { synchronous_commit: string }[] }).rows[0]!.synchronous_commit;
  };

  it("lets its transaction's commit skip waiting for the flush, and only that transaction's", async () => {
    const usual = await synchronousCommit(database.db);
    expect(usual).not.toBe('off');
    const inside = await database.db.transaction(async (tx) => {
      await deferCommitFlush(tx);
      return synchronousCommit(tx);
    });
    expect(inside).toBe('off');
    // The next transaction, and any statement of the pool's after it, commits as usual.
    expect(await database.db.transaction((tx) => synchronousCommit(tx))).toBe(usual);
    expect(await synchronousCommit(database.db)).toBe(usual);
  });
});
