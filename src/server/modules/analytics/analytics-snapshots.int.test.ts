import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsBreakdownJson, AnalyticsSummaryJson } from '../../../contracts/analytics';
import type { AccountJson, ExecutionInput, StrategyJson, TagJson, TradeListJson } from '../../../contracts/trades';
import { buildApp } from '../../app';
import { analyticsSnapshots, trades, users } from '../../db/schema';
import { createUser, getAnalyticsVersion } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { waitUntil } from '../../../../test/helpers/wait-until';
import { expectedEngine } from '../../../../test/helpers/test-database';
import { createDbTradeFactsSource } from './trade-facts-cache';
import { readTradeFactsSnapshot, saveTradeFactsSnapshot } from './trade-facts-snapshots.queries';

/**
 * On PostgreSQL a user's analytics are stored as a snapshot after the cache reads all their
 * trades, so a restarted (or another) instance starts from it and the changes logged since,
 * instead of reading every trade again. Whatever it starts from, it answers exactly what SQL answers; deleted trades
 * do not live on in a snapshot.
 */
const PASSWORD = 'long-enough-password';
let t: TestApp;
/** The same database with the cache off: every answer computed by SQL. */
let bySql: { app: FastifyInstance; client: TestClient };
let alice: TestClient;
let aliceId: string;
let account: AccountJson;
let second: AccountJson;

function roundTrips(count: number, offset: number): ExecutionInput[] {
  return Array.from({ length: count }, (_, i) => {
    const close = Date.UTC(2025, 2, 3, 15) + (offset + i) * 3_600_000;
    const symbol = ['AAA', 'BBB', 'CCC'][i % 3]!;
    return [
      { executedAt: new Date(close - 60_000).toISOString(), symbol, side: 'buy' as const, quantity: '1', price: '100' },
      {
        executedAt: new Date(close).toISOString(),
        symbol,
        side: 'sell' as const,
        quantity: '1',
        price: `${95 + (i % 11)}`,
      },
    ];
  }).flat();
}

async function addTrades(count: number, offset: number, into: AccountJson = account): Promise<void> {
  const res = await alice.post('/api/executions', { accountId: into.id, executions: roundTrips(count, offset) });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function storedVersion(): Promise<number | null> {
  const [row] = await t.database.db
    .select({ version: analyticsSnapshots.version })
    .from(analyticsSnapshots)
    .where(eq(analyticsSnapshots.userId, aliceId));
  return row?.version ?? null;
}

/** What the dashboard shows, as the given client is answered: every column a snapshot holds shows in one. */
async function answers(c: TestClient) {
  const breakdown = (by: string) => c.json<AnalyticsBreakdownJson>(c.get(`/api/analytics/breakdown?by=${by}&tz=UTC`));
  return {
    summary: await c.json<AnalyticsSummaryJson>(c.get('/api/analytics/summary?tz=UTC')),
    inSecondAccount: await c.json<AnalyticsSummaryJson>(c.get(`/api/analytics/summary?tz=UTC&accountId=${second.id}`)),
    bySymbol: await breakdown('symbol'),
    byTag: await breakdown('tag'),
    byStrategy: await breakdown('strategy'),
    bySide: await breakdown('side'),
    byHoldingTime: await breakdown('holdingTime'),
    byR: await breakdown('rBucket'),
    calendar: await c.json<unknown>(c.get('/api/analytics/calendar?month=2025-03&tz=UTC')),
  };
}

/** Bumps the data version `times` times with a logged change each (a note edited in SQL). */
async function editNotes(times: number): Promise<void> {
  const [first] = await t.database.db.select({ id: trades.id }).from(trades).where(eq(trades.userId, aliceId)).limit(1);
  for (let i = 0; i < times; i++)
    await t.database.db
      .update(trades)
      .set({ hasNotes: i % 2 === 0 })
      .where(eq(trades.id, first!.id));
}

/** A restart: a new instance on the same database, its cache empty; the answers it gives Alice first. */
async function answersAfterRestart(): Promise<{ via: string | null; answers: Awaited<ReturnType<typeof answers>> }> {
  const restarted = await buildApp({ config: t.config, database: t.database, distDir: null });
  try {
    const client = new TestClient(await restarted.listen({ port: 0, host: '127.0.0.1' }));
    await client.login('alice@example.com', PASSWORD);
    const first = await answers(client);
    return { via: restarted.analyticsCache.stats().lastLoadVia, answers: first };
  } finally {
    await restarted.close();
  }
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000', ANALYTICS_SNAPSHOT_MIN_TRADES: '5' } });
  aliceId = (
    await createUser(t.database.db, {
      email: 'alice@example.com',
      password: PASSWORD,
      isVerified: true,
      now: new Date(),
    })
  ).id;
  alice = new TestClient(t.url(''));
  await alice.login('alice@example.com', PASSWORD);
  account = await alice.json<AccountJson>(alice.post('/api/accounts', { name: 'Main' }));
  second = await alice.json<AccountJson>(alice.post('/api/accounts', { name: 'Second' }));
  await addTrades(30, 0);
  await addTrades(8, 50, second);
  // A journal: strategies, tags and R on some trades, so every column of the snapshot matters.
  const list = await alice.json<TradeListJson>(alice.get('/api/trades?limit=100'));
  const ids = list.trades.map((trade) => trade.id);
  const strategy = await alice.json<StrategyJson>(alice.post('/api/strategies', { name: 'Breakout' }));
  const [aPlus, late] = [
    await alice.json<TagJson>(alice.post('/api/tags', { name: 'A+' })),
    await alice.json<TagJson>(alice.post('/api/tags', { name: 'Late' })),
  ];
  const bulk = async (body: unknown) => expect((await alice.post('/api/trades/bulk', body)).status).toBe(200);
  await bulk({ action: 'setStrategy', ids: ids.filter((_, i) => i % 3 === 0), strategyId: strategy.id });
  await bulk({ action: 'addTags', ids: ids.filter((_, i) => i % 4 === 0), tagIds: [aPlus!.id, late!.id] });
  await bulk({ action: 'addTags', ids: ids.filter((_, i) => i % 5 === 1), tagIds: [late!.id] });
  for (const id of ids.filter((_, i) => i % 2 === 0))
    expect((await alice.request('PATCH', `/api/trades/${id}`, { initialRisk: '4' })).status).toBe(200);
  const app = await buildApp({
    config: { ...t.config, analyticsCacheMaxTrades: 0 },
    database: t.database,
    distDir: null,
  });
  bySql = { app, client: new TestClient(await app.listen({ port: 0, host: '127.0.0.1' })) };
  await bySql.client.login('alice@example.com', PASSWORD);
});
afterAll(async () => {
  await bySql.app.close();
  await t.close();
});

const isPostgres = expectedEngine() === 'postgres';

describe.runIf(isPostgres)('the stored analytics snapshot (PostgreSQL)', () => {
  it('is stored after the cache reads every trade, and a restarted instance starts from it', async () => {
    await answers(alice);
    const version = await getAnalyticsVersion(t.database.db, aliceId);
    await waitUntil(async () => (await storedVersion()) === version);
    expect(await storedVersion()).toBe(version);
    const restarted = await answersAfterRestart();
    expect(restarted.via).toBe('snapshot');
    expect(restarted.answers).toEqual(await answers(bySql.client));
  });

  it('is brought up to date with the changes logged since it was stored', async () => {
    const stored = await storedVersion();
    // Journal edits in SQL (another instance) and new trades through the API.
    const [first] = await t.database.db.select({ id: trades.id }).from(trades).where(eq(trades.userId, aliceId));
    await t.database.db.update(trades).set({ hasNotes: true }).where(eq(trades.id, first!.id));
    await addTrades(4, 100);
    expect(await getAnalyticsVersion(t.database.db, aliceId)).toBeGreaterThan(stored!);
    const restarted = await answersAfterRestart();
    expect(restarted.via).toBe('snapshot');
    expect(restarted.answers).toEqual(await answers(bySql.client));
    expect(restarted.answers.summary.trades.count).toBe(42);
  });

  it('goes with the trades it holds: deleting trades deletes it in the same statement', async () => {
    await answers(alice);
    await waitUntil(async () => (await storedVersion()) !== null);
    const [gone] = await t.database.db
      .select({ id: trades.id })
      .from(trades)
      .where(and(eq(trades.userId, aliceId), eq(trades.symbol, 'CCC')))
      .limit(1);
    await t.database.db.delete(trades).where(eq(trades.id, gone!.id));
    expect(await storedVersion()).toBeNull();
  });

  it('is stored again after a deletion through the app, without the deleted trade', async () => {
    const list = await alice.json<TradeListJson>(alice.get('/api/trades?symbol=BBB'));
    const res = await alice.request('DELETE', `/api/trades/${list.trades[0]!.id}`);
    expect(res.status).toBeLessThan(300);
    const version = await getAnalyticsVersion(t.database.db, aliceId);
    // The writer's cache reloads in the background and, finding no snapshot, stores one.
    await waitUntil(async () => (await storedVersion()) === version);
    expect(await storedVersion()).toBe(version);
    const snapshot = await readTradeFactsSnapshot(t.database.db, { userId: aliceId, maxTrades: 1000, newerThan: -1 });
    const expected = await answers(bySql.client);
    expect(snapshot?.facts.count).toBe(expected.summary.trades.count);
    const restarted = await answersAfterRestart();
    expect(restarted.via).toBe('snapshot');
    expect(restarted.answers).toEqual(expected);
  });

  it('is stored a while after the read that calls for it, not while that read is answered; at once when settled', async () => {
    const source = createDbTradeFactsSource(t.database.db, 'postgres', {
      snapshotFromTrades: 5,
      snapshotDelayMs: 60_000,
    });
    // The version moves with nothing logged: neither the log nor the snapshot can say what changed.
    await t.database.db
      .update(users)
      .set({ analyticsVersion: sql`${users.analyticsVersion} + 1` })
      .where(eq(users.id, aliceId));
    const version = await getAnalyticsVersion(t.database.db, aliceId);
    const loaded = await source.load(aliceId, { maxTrades: 1_000, previous: null });
    expect(loaded.via).toBe('full');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await storedVersion()).not.toBe(version);
    await source.settle!();
    expect(await storedVersion()).toBe(version);
  });

  it('is stored after a full read at most once a minute, so full reads back to back do not each store one', async () => {
    const bumpAndReadAll = async (source: ReturnType<typeof createDbTradeFactsSource>) => {
      await t.database.db
        .update(users)
        .set({ analyticsVersion: sql`${users.analyticsVersion} + 1` })
        .where(eq(users.id, aliceId));
      expect((await source.load(aliceId, { maxTrades: 1_000, previous: null })).via).toBe('full');
      await source.settle!();
      return getAnalyticsVersion(t.database.db, aliceId);
    };
    const options = { snapshotFromTrades: 5, snapshotDelayMs: 0 };
    const source = createDbTradeFactsSource(t.database.db, 'postgres', options);
    const first = await bumpAndReadAll(source);
    expect(await storedVersion()).toBe(first);
    await bumpAndReadAll(source);
    expect(await storedVersion()).toBe(first);
    const unlimited = createDbTradeFactsSource(t.database.db, 'postgres', { ...options, fullReadSnapshotEveryMs: 0 });
    const third = await bumpAndReadAll(unlimited);
    expect(await storedVersion()).toBe(third);
  });

  it('is never stored for a version the data has moved past', async () => {
    const version = await getAnalyticsVersion(t.database.db, aliceId);
    const snapshot = await readTradeFactsSnapshot(t.database.db, { userId: aliceId, maxTrades: 1000, newerThan: -1 });
    await t.database.db.delete(analyticsSnapshots).where(eq(analyticsSnapshots.userId, aliceId));
    await t.database.db
      .update(users)
      .set({ analyticsVersion: sql`${users.analyticsVersion} + 1` })
      .where(eq(users.id, aliceId));
    const isStored = await saveTradeFactsSnapshot(t.database.db, { userId: aliceId, version, facts: snapshot!.facts });
    expect(isStored).toBe(false);
    expect(await storedVersion()).toBeNull();
  });

  it('is read everything anew when its bytes are damaged or of another layout, then replaced', async () => {
    await answers(alice);
    const version = await getAnalyticsVersion(t.database.db, aliceId);
    await waitUntil(async () => (await storedVersion()) === version);
    await t.database.db
      .update(analyticsSnapshots)
      .set({ data: new TextEncoder().encode('EBF0 of an older release') })
      .where(eq(analyticsSnapshots.userId, aliceId));
    const restarted = await answersAfterRestart();
    expect(restarted.via).toBe('full');
    expect(restarted.answers).toEqual(await answers(bySql.client));
    // The damaged bytes were dropped and, after that full read, a snapshot stored again.
    const again = await readTradeFactsSnapshot(t.database.db, { userId: aliceId, maxTrades: 1000, newerThan: -1 });
    expect(again?.version).toBe(version);
    expect(again?.facts.count).toBe(restarted.answers.summary.trades.count);
  });

  it('is replaced once it is 50 versions behind what the cache loads', async () => {
    await answers(alice);
    const stored = await storedVersion();
    expect(stored).not.toBeNull();
    await editNotes(10);
    await answers(alice);
    await t.app.analyticsCache.close();
    expect(await storedVersion()).toBe(stored);
    await editNotes(45);
    const version = await getAnalyticsVersion(t.database.db, aliceId);
    const restarted = await answersAfterRestart();
    expect(restarted.via).toBe('snapshot');
    // The restarted instance found it 55 versions behind and stored what it loaded.
    expect(await storedVersion()).toBe(version);
  });

  it('is used by an instance holding older facts when the log cannot say what changed', async () => {
    const fresh = await buildApp({ config: t.config, database: t.database, distDir: null });
    try {
      const client = new TestClient(await fresh.listen({ port: 0, host: '127.0.0.1' }));
      await client.login('alice@example.com', PASSWORD);
      await answers(client);
      // The version moves with nothing logged, then another instance reads everything and stores it.
      await t.database.db
        .update(users)
        .set({ analyticsVersion: sql`${users.analyticsVersion} + 1` })
        .where(eq(users.id, aliceId));
      const other = await answersAfterRestart();
      expect(other.via).toBe('full');
      expect(await storedVersion()).toBe(await getAnalyticsVersion(t.database.db, aliceId));
      await answers(client);
      expect(fresh.analyticsCache.stats().lastLoadVia).toBe('snapshot');
      expect(await answers(client)).toEqual(await answers(bySql.client));
    } finally {
      await fresh.close();
    }
  });

  it('is not used once more than 200 versions old: the log no longer reaches back to it', async () => {
    await answers(alice);
    await t.app.analyticsCache.close();
    const stored = await storedVersion();
    expect(stored).not.toBeNull();
    // Keep the snapshot where it is: no instance loads in between.
    await editNotes(201);
    const restarted = await answersAfterRestart();
    expect(restarted.via).toBe('full');
    expect(restarted.answers).toEqual(await answers(bySql.client));
  });

  it('stays when an open trade is deleted: a snapshot holds closed trades only', async () => {
    await answersAfterRestart();
    const stored = await storedVersion();
    expect(stored).not.toBeNull();
    const res = await alice.post('/api/executions', {
      accountId: account.id,
      executions: [{ executedAt: '2025-09-01T15:00:00Z', symbol: 'OPEN', side: 'buy', quantity: '1', price: '10' }],
    });
    expect(res.status).toBe(200);
    const [open] = await t.database.db
      .select({ id: trades.id })
      .from(trades)
      .where(and(eq(trades.userId, aliceId), eq(trades.status, 'open')));
    await t.database.db.delete(trades).where(eq(trades.id, open!.id));
    expect(await storedVersion()).toBe(stored);
  });

  it('is not stored from a read that a deletion being committed makes stale', async () => {
    const { db } = t.database;
    const facts = (await readTradeFactsSnapshot(db, { userId: aliceId, maxTrades: 1000, newerThan: -1 }))!.facts;
    await db.delete(analyticsSnapshots).where(eq(analyticsSnapshots.userId, aliceId));
    const version = await getAnalyticsVersion(db, aliceId);
    let commit!: () => void;
    let saving!: Promise<boolean>;
    await db.transaction(async (tx) => {
      // The deletion has run (its triggers bumped the version and found no snapshot) but not committed.
      await tx
        .delete(trades)
        .where(and(eq(trades.userId, aliceId), eq(trades.symbol, 'AAA'), eq(trades.status, 'closed')));
      saving = saveTradeFactsSnapshot(db, { userId: aliceId, version, facts });
      await new Promise<void>((resolve) => {
        commit = resolve;
        setTimeout(resolve, 300);
      });
    });
    commit();
    // The store waited for the deletion to commit, then found the version moved.
    expect(await saving).toBe(false);
    expect(await storedVersion()).toBeNull();
  });

  it('is not read for a user over the cache’s cap', async () => {
    await answersAfterRestart();
    expect(await storedVersion()).not.toBeNull();
    await t.database.db.update(analyticsSnapshots).set({ tradeCount: 1_000_000 });
    expect(await readTradeFactsSnapshot(t.database.db, { userId: aliceId, maxTrades: 1000, newerThan: -1 })).toBeNull();
    // A cap past 32 bits (no cap) reads it.
    const unlimited = await readTradeFactsSnapshot(t.database.db, {
      userId: aliceId,
      maxTrades: Number.MAX_SAFE_INTEGER,
      newerThan: -1,
    });
    expect(unlimited?.facts.count).toBeGreaterThan(0);
  });
});

describe.runIf(!isPostgres)('the analytics snapshot on PGlite', () => {
  it('is never stored: its one connection would wait on the bytes longer than a full read takes', async () => {
    await answers(alice);
    await addTrades(3, 200);
    const restarted = await answersAfterRestart();
    expect(restarted.via).toBe('full');
    expect(restarted.answers).toEqual(await answers(bySql.client));
    await t.app.analyticsCache.close();
    expect(await storedVersion()).toBeNull();
  });
});
