import { and, desc, eq, inArray, isNotNull, lt, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { engineOf } from '../../db/engine';
import { getAccountForUpdate } from '../accounts';
import { getMaxReservedSequence } from '../trades';
import { AppError } from '../../errors';
import type { FlatInstrument } from './batch-grouping';
import {
  accounts,
  brokerFormatRequests,
  executions,
  importMappingTemplates,
  imports,
  trades,
  users,
} from '../../db/schema';
import { selectRows } from '../../db/raw-rows';

export type ImportRow = typeof imports.$inferSelect;
type ImportValues = Omit<typeof imports.$inferInsert, 'id' | 'userId'>;

export async function insertImport(
  db: Db,
  params: { id: string; userId: string; values: ImportValues },
): Promise<ImportRow> {
  const [row] = await db
    .insert(imports)
    .values({ ...params.values, id: params.id, userId: params.userId })
    .returning();
  if (!row) throw new Error('insertImport: no row returned');
  return row;
}

export async function getImport(db: Db, params: { userId: string; id: string }): Promise<ImportRow | undefined> {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.userId, params.userId), eq(imports.id, params.id)));
  return row;
}

/** Locks the import row for a status change (commit and undo must not race each other). */
export async function getImportForUpdate(
  db: Db,
  params: { userId: string; id: string },
): Promise<ImportRow | undefined> {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.userId, params.userId), eq(imports.id, params.id)))
    .for('update');
  return row;
}

export async function listImports(db: Db, params: { userId: string; limit: number }): Promise<ImportRow[]> {
  return db
    .select()
    .from(imports)
    .where(eq(imports.userId, params.userId))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(params.limit);
}

export async function updateImport(db: Db, params: { id: string; values: Partial<ImportValues> }): Promise<void> {
  await db.update(imports).set(params.values).where(eq(imports.id, params.id));
}

/**
 * Sets a running import's progress and answers its user's analytics data version, in one
 * statement: a large import's batch ends with both (batch-writer.ts, writeBatch).
 */
export async function setImportProgress(
  db: Db,
  params: { id: string; userId: string; progress: number },
): Promise<number> {
  const [row] = await db
    .update(imports)
    .set({ progress: params.progress })
    .where(eq(imports.id, params.id))
    .returning({
      version: sql<string>`(select ${users.analyticsVersion} from ${users} where ${users.id} = ${params.userId})`,
    });
  return Number(row?.version ?? 0);
}

export async function deleteImportRow(db: Db, params: { userId: string; id: string }): Promise<void> {
  await db.delete(imports).where(and(eq(imports.userId, params.userId), eq(imports.id, params.id)));
}

/** Imports a restart interrupted: they did not finish, and nothing will finish them. */
export async function listUnfinishedImports(db: Db): Promise<Pick<ImportRow, 'id' | 'userId' | 'accountId'>[]> {
  return db
    .select({ id: imports.id, userId: imports.userId, accountId: imports.accountId })
    .from(imports)
    .where(inArray(imports.status, ['queued', 'running']));
}

/** Those of the given import ids whose import failed (of any user). */
export async function listFailedImportIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: imports.id })
    .from(imports)
    .where(and(inArray(imports.id, [...ids]), eq(imports.status, 'failed')));
  return rows.map((row) => row.id);
}

/**
 * Deletes the previews (of every user) uploaded before `before` and never committed; answers their
 * ids, whose files the caller removes. A preview committed meanwhile is no longer a preview and stays.
 */
export async function deleteExpiredPreviews(db: Db, params: { before: Date }): Promise<string[]> {
  const rows = await db
    .delete(imports)
    .where(and(eq(imports.status, 'preview'), lt(imports.createdAt, params.before)))
    .returning({ id: imports.id });
  return rows.map((row) => row.id);
}

/** Those of the given ids that have an import (of any user, in any state). */
export async function listKnownImportIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let i = 0; i < ids.length; i += 1_000) {
    const rows = await db
      .select({ id: imports.id })
      .from(imports)
      .where(inArray(imports.id, ids.slice(i, i + 1_000)));
    for (const row of rows) known.add(row.id);
  }
  return known;
}

/** Fingerprint keys looked up per query. */
const FINGERPRINTS_PER_QUERY = 1_000;

/** Those of the fingerprint keys the account's fills have (and meet `condition`), in pages of keys. */
async function findFingerprints(
  db: Db,
  params: { accountId: string; fingerprints: readonly string[] },
  condition?: SQL,
): Promise<Set<string>> {
  const found = new Set<string>();
  const keys = [...new Set(params.fingerprints)];
  for (let i = 0; i < keys.length; i += FINGERPRINTS_PER_QUERY) {
    const rows = await db
      .select({ fingerprint: executions.fingerprint })
      .from(executions)
      .where(
        and(
          eq(executions.accountId, params.accountId),
          inArray(executions.fingerprint, keys.slice(i, i + FINGERPRINTS_PER_QUERY)),
          condition,
        ),
      );
    for (const row of rows) found.add(row.fingerprint);
  }
  return found;
}

/** Those of the given fingerprint keys the account's fills already have. */
export const listAccountFingerprints = (db: Db, params: { accountId: string; fingerprints: readonly string[] }) =>
  findFingerprints(db, params);

/** The account's fills of these fingerprints that wait in "Recently deleted" (deleted_at set). */
export const listDeletedFingerprints = (db: Db, params: { accountId: string; fingerprints: readonly string[] }) =>
  findFingerprints(db, params, isNotNull(executions.deletedAt));

/**
 * Whether the account has any fill waiting in "Recently deleted": a large import looks its batches'
 * fingerprints up among them only then (import-runner.ts). Few fills wait, and their index
 * (executions_deleted_idx) holds only them.
 */
export async function hasDeletedExecutions(db: Db, accountId: string): Promise<boolean> {
  const rows = await db
    .select({ id: executions.id })
    .from(executions)
    .where(and(eq(executions.accountId, accountId), isNotNull(executions.deletedAt)))
    .limit(1);
  return rows.length > 0;
}

/** A stored fill as toExecution takes it. */

/**
 * What a large import's batch does first: takes the account's lock (as getAccountForUpdate),
 * then checks whether another of the user's imports into this account is queued or running (it
 * adds fills between this one's batches without touching any trade until its end) and reads the
 * user's analytics version (which moves with every write to their trades). Throws NOT_FOUND when
 * the account is gone.
 */
export async function getImportBatchState(
  db: Db,
  params: { userId: string; accountId: string; importId: string },
): Promise<{ isShared: boolean; analyticsVersion: number }> {
  // Where other transactions run at once, the lock is a statement of its own, first: a statement
  // that waits for a row lock still reads everything else as it was when it started (read
  // committed), and would miss the very write it waited for. With one connection (PGlite) nothing
  // can hold the lock meanwhile and one statement does both (a round trip fewer in each batch).
  const { hasConcurrentTransactions } = engineOf(db);
  if (hasConcurrentTransactions && !(await getAccountForUpdate(db, { userId: params.userId, id: params.accountId })))
    throw new AppError('NOT_FOUND', 'Account not found');
  const [row] = await db
    .select({
      isShared: sql<boolean>`exists (${db
        .select({ id: imports.id })
        .from(imports)
        .where(
          and(
            eq(imports.userId, params.userId),
            eq(imports.accountId, params.accountId),
            inArray(imports.status, ['queued', 'running']),
            sql`${imports.id} <> ${params.importId}`,
          ),
        )})`,
      analyticsVersion: users.analyticsVersion,
    })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.id, params.accountId), eq(accounts.userId, users.id)))
    .where(eq(users.id, params.userId))
    // The batch's account lock (getAccountForUpdate's), already held on PostgreSQL.
    .for('update', { of: accounts });
  if (!row) throw new AppError('NOT_FOUND', 'Account not found');
  return { isShared: row.isShared, analyticsVersion: row.analyticsVersion };
}

/** Deletes the executions an import added; answers what went, for regrouping. */
export async function deleteImportExecutions(
  db: Db,
  params: { userId: string; importId: string },
): Promise<{ accountId: string; instrumentKey: string; executedAt: Date }[]> {
  return db
    .delete(executions)
    .where(and(eq(executions.userId, params.userId), eq(executions.importId, params.importId)))
    .returning({
      accountId: executions.accountId,
      instrumentKey: executions.instrumentKey,
      executedAt: executions.executedAt,
    });
}

export async function getMappingTemplate(
  db: Db,
  params: { userId: string; headerSignature: string },
): Promise<typeof importMappingTemplates.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(importMappingTemplates)
    .where(
      and(
        eq(importMappingTemplates.userId, params.userId),
        eq(importMappingTemplates.headerSignature, params.headerSignature),
      ),
    );
  return row;
}

export async function upsertMappingTemplate(
  db: Db,
  params: { userId: string; headerSignature: string; headers: string[]; mapping: Record<string, unknown>; now: Date },
): Promise<void> {
  const { userId, headerSignature, headers, mapping, now } = params;
  await db
    .insert(importMappingTemplates)
    .values({ userId, headerSignature, headers, mapping, updatedAt: now })
    .onConflictDoUpdate({
      target: [importMappingTemplates.userId, importMappingTemplates.headerSignature],
      set: { headers, mapping, updatedAt: now },
    });
}

export async function insertBrokerFormatRequest(
  db: Db,
  values: typeof brokerFormatRequests.$inferInsert,
): Promise<{ id: string }> {
  const [row] = await db.insert(brokerFormatRequests).values(values).returning({ id: brokerFormatRequests.id });
  if (!row) throw new Error('insertBrokerFormatRequest: no row returned');
  return row;
}

/** Ids of the trades an account has on these instruments: what an import's regrouping may rebuild. */
export async function listTradeIdsOfInstruments(
  db: Db,
  params: { accountId: string; instrumentKeys: readonly string[] },
): Promise<Set<string>> {
  const ids = new Set<string>();
  const keys = [...params.instrumentKeys];
  for (let i = 0; i < keys.length; i += 1_000) {
    const rows = await db
      .select({ id: trades.id })
      .from(trades)
      .where(and(eq(trades.accountId, params.accountId), inArray(trades.instrumentKey, keys.slice(i, i + 1_000))));
    for (const row of rows) ids.add(row.id);
  }
  return ids;
}

/** Journal keys looked up per query. */
const KEYS_PER_QUERY = 5_000;

/**
 * This import's fills among the given fingerprint keys (the fills an Edgebook CSV carries journals
 * for), whichever of the file's rows put each one in.
 */
export async function listImportFillsByFingerprint(
  db: Db,
  params: { accountId: string; importId: string; fingerprints: readonly string[] },
): Promise<{ id: string; fingerprint: string }[]> {
  const out: { id: string; fingerprint: string }[] = [];
  for (let i = 0; i < params.fingerprints.length; i += KEYS_PER_QUERY) {
    const rows = await db
      .select({ id: executions.id, fingerprint: executions.fingerprint })
      .from(executions)
      .where(
        and(
          eq(executions.accountId, params.accountId),
          inArray(executions.fingerprint, params.fingerprints.slice(i, i + KEYS_PER_QUERY)),
          eq(executions.importId, params.importId),
        ),
      );
    for (const row of rows) out.push(row);
  }
  return out;
}

/**
 * This import's fills put in by the given rows of its file (their source rows), for the journals
 * of rows skipped as their duplicates chunks later (import-engine.ts, journalOf). By the import's
 * index: a scan of its fills, only for such rows, which only a hand-edited Edgebook CSV has.
 */
export async function listImportFillsBySourceRow(
  db: Db,
  params: { accountId: string; importId: string; rows: readonly number[] },
): Promise<{ id: string; fingerprint: string; sourceRow: number }[]> {
  const out: { id: string; fingerprint: string; sourceRow: number }[] = [];
  for (let i = 0; i < params.rows.length; i += KEYS_PER_QUERY) {
    const rows = await db
      .select({ id: executions.id, fingerprint: executions.fingerprint, sourceRow: executions.sourceRow })
      .from(executions)
      .where(
        and(
          eq(executions.accountId, params.accountId),
          eq(executions.importId, params.importId),
          inArray(executions.sourceRow, params.rows.slice(i, i + KEYS_PER_QUERY)),
        ),
      );
    for (const row of rows) if (row.sourceRow !== null) out.push({ ...row, sourceRow: row.sourceRow });
  }
  return out;
}

/**
 * The account's instruments it holds no open trade in, each with the times of its first and last
 * fills: a large import groups its fills outside that span as they come, as for a new instrument
 * (batch-grouping.ts). By the fills' index per instrument; an instrument has at most one open
 * trade, its last.
 */
export async function listFlatInstruments(
  db: Db,
  accountId: string,
  instrumentKeys: readonly string[],
): Promise<FlatInstrument[]> {
  if (instrumentKeys.length === 0) return [];
  const rows = await selectRows<{ key: string; first_at: string; last_at: string }>(
    db,
    sql`
    select k.key,
      to_char(s.first_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as first_at,
      to_char(s.last_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_at
    from unnest(${sql.param([...instrumentKeys])}::text[]) as k(key)
    -- Each by one probe of the fills' (account, instrument, time) index.
    cross join lateral (
      select min(e.executed_at) as first_at, max(e.executed_at) as last_at
      from ${executions} e where e.account_id = ${accountId} and e.instrument_key = k.key
    ) s
    where not exists (
      select 1 from ${trades} t
      where t.account_id = ${accountId} and t.instrument_key = k.key and t.status = 'open'
    )`,
  );
  // The times as the fills' own ISO text (every key is one of the account's instruments, so it has fills).
  return rows.map((row) => [row.key, row.first_at, row.last_at]);
}

/**
 * Every instrument the account has fills of, each found by one probe of the fills' index on
 * (account, instrument, time) rather than by reading all the account's fills: a large import
 * streams the other instruments (batch-grouping.ts).
 */
export async function listAccountInstrumentKeys(db: Db, accountId: string): Promise<string[]> {
  const rows = await selectRows<{ key: string }>(
    db,
    sql`
    with recursive keys(key) as (
      (select e.instrument_key from ${executions} e where e.account_id = ${accountId}
        order by e.instrument_key limit 1)
      union all
      select (select e.instrument_key from ${executions} e
        where e.account_id = ${accountId} and e.instrument_key > keys.key
        order by e.instrument_key limit 1)
      from keys where keys.key is not null
    )
    select key from keys where key is not null`,
  );
  return rows.map((row) => row.key);
}

/**
 * Reserves the entry-order numbers of a large import's fills, in the transaction holding the
 * account lock: `count` numbers from after the account's last fill and every range its other
 * imports under way reserved. Answers the first.
 */
export async function reserveImportSequences(
  db: Db,
  params: { importId: string; accountId: string; count: number },
): Promise<number> {
  const first = (await getMaxSequence(db, params.accountId)) + 1;
  await db
    .update(imports)
    .set({ reservedSequenceThrough: first + params.count - 1 })
    .where(eq(imports.id, params.importId));
  return first;
}

/** The highest entry-order number an account's executions have or its imports under way reserved (0 when none). */
async function getMaxSequence(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ max: max(executions.sequence) })
    .from(executions)
    .where(eq(executions.accountId, accountId));
  return Math.max(Number(row?.max ?? 0), await getMaxReservedSequence(db, accountId));
}
