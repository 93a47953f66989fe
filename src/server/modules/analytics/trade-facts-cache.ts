import { setTimeout as delay } from 'node:timers/promises';
import type { Db, DbEngine } from '../../db/client';
import { toEngine } from '../../db/engine';
import { getAnalyticsVersion } from '../users';
import { loadTradeFacts, loadTradeFactsChanges, type LoadedTradeFacts } from './analytics.queries';
import type { TradeFacts } from './trade-facts';
import {
  getTradeFactsSnapshotVersion,
  readTradeFactsSnapshot,
  saveTradeFactsSnapshot,
} from './trade-facts-snapshots.queries';

/** How a load came by the facts: the change log merged into what was held, a stored snapshot (and the log since), or every trade read. */
export type LoadVia = 'changes' | 'snapshot' | 'full';

/** Where the cache reads from: the database, or a stand-in in tests. */
export type TradeFactsSource = {
  getVersion: (userId: string) => Promise<number>;
  /** `previous`: what the cache held for the user before this load, if anything. */
  load: (
    userId: string,
    params: { maxTrades: number; previous: CachedFacts | null },
  ) => Promise<LoadedTradeFacts & { via?: LoadVia }>;
  /** Finishes the work it started in the background now (snapshots waiting to be stored) and waits for it. */
  settle?: () => Promise<void>;
};

/** A user's facts as cached: at a data version, or null when the user was over the cap at it. */
export type CachedFacts = { version: number; facts: TradeFacts | null };

/**
 * Users with at least this many closed trades are reloaded in parts read at once, where the engine
 * runs reads side by side (Engine.readPartsAtOnce): the one statement is mostly per-row work on one
 * core, so two halves take about half the time.
 */
const SPLIT_FROM_TRADES = 20_000;

/**
 * Changes touching more close times than this are read in full: past a few thousand trades the
 * list of times costs more to send and look up than the plain reload saves.
 */
const MAX_CHANGED_TIMES = 5_000;

/** Users with fewer closed trades are read in full in a few milliseconds: no snapshot is stored. */
const SNAPSHOT_FROM_TRADES = 5_000;
/**
 * A stored snapshot this many versions older than the cache is replaced: the change log keeps 200
 * versions, so a snapshot plus the log since stays enough to start from.
 */
const SNAPSHOT_EVERY_VERSIONS = 50;

/**
 * A snapshot is stored this long after the read that calls for it: deflating 1,000,000 trades'
 * facts takes about half a second of CPU, which the request that waited for the read should not
 * share its cores with.
 */
const SNAPSHOT_DELAY_MS = 1_000;
/**
 * After a full read a snapshot is stored at most this often per user (else only when 50 versions
 * behind): full reads back to back (changes made outside the app, one after another) would each
 * deflate and write every trade again, about half a second of CPU per 1,000,000 trades.
 */
const FULL_READ_SNAPSHOT_EVERY_MS = 60_000;

export type DbTradeFactsSourceOptions = {
  snapshotFromTrades?: number;
  snapshotDelayMs?: number;
  fullReadSnapshotEveryMs?: number;
  /** A snapshot that could not be stored (the cache works on; the next full read tries again). */
  onSnapshotError?: (err: unknown) => void;
};

/**
 * The database as the cache's source. What it held is brought up to date from the change log; with
 * nothing held (a restart), from the user's stored snapshot and the log since (PostgreSQL); only
 * when neither says what changed does it read every trade, and then it stores a snapshot in the
 * background for the next instance (or restart) to start from.
 */
export function createDbTradeFactsSource(
  db: Db,
  engine: DbEngine,
  options: DbTradeFactsSourceOptions = {},
): TradeFactsSource {
  const { storesAnalyticsSnapshots: usesSnapshots, readPartsAtOnce } = toEngine(engine);
  const snapshotFromTrades = options.snapshotFromTrades ?? SNAPSHOT_FROM_TRADES;
  const saving = new Map<string, Promise<void>>();
  let hurry = new AbortController();

  const changesSince = (userId: string, maxTrades: number, previous: { version: number; facts: TradeFacts }) =>
    loadTradeFactsChanges(db, { userId, maxTrades, maxTimes: MAX_CHANGED_TIMES, previous });

  /** Per user, the newest facts loaded that a store waiting or in progress has not taken yet. */
  const pending = new Map<string, { facts: TradeFacts; version: number; isFullRead: boolean }>();
  /** Per user, when a full read last called for a snapshot (performance.now()). */
  const lastFullReadStore = new Map<string, number>();

  /**
   * Stores the facts in the background, a while later, when the stored snapshot is then missing or
   * far behind (always after a full read). One store per user at a time, of the newest facts loaded
   * by then: facts loaded meanwhile replace what waits, and a load during a store is stored after it.
   */
  function keepSnapshot(userId: string, loaded: LoadedTradeFacts, isFullRead: boolean): void {
    const { facts, version } = loaded;
    if (!usesSnapshots || !facts || facts.count < snapshotFromTrades) return;
    const everyMs = options.fullReadSnapshotEveryMs ?? FULL_READ_SNAPSHOT_EVERY_MS;
    const isFullReadDue = isFullRead && !(performance.now() - (lastFullReadStore.get(userId) ?? -Infinity) < everyMs);
    if (isFullReadDue) lastFullReadStore.set(userId, performance.now());
    pending.set(userId, { facts, version, isFullRead: isFullReadDue || (pending.get(userId)?.isFullRead ?? false) });
    if (saving.has(userId)) return;
    const task = (async () => {
      // settle() cuts the wait short (an AbortError, which is the point).
      await delay(options.snapshotDelayMs ?? SNAPSHOT_DELAY_MS, undefined, { signal: hurry.signal }).catch(() => {});
      for (let next = pending.get(userId); next; next = pending.get(userId)) {
        pending.delete(userId);
        const stored = await getTradeFactsSnapshotVersion(db, userId);
        const isDue = stored === null || next.version - stored >= (next.isFullRead ? 1 : SNAPSHOT_EVERY_VERSIONS);
        if (isDue) await saveTradeFactsSnapshot(db, { userId, version: next.version, facts: next.facts });
      }
    })().catch((err: unknown) => {
      pending.delete(userId);
      options.onSnapshotError?.(err);
    });
    saving.set(userId, task);
    void task.finally(() => {
      saving.delete(userId);
      // Facts that came between the last store's end and now.
      const next = pending.get(userId);
      if (next) keepSnapshot(userId, { ...next, count: next.facts.count }, next.isFullRead);
    });
  }

  return {
    getVersion: (userId) => getAnalyticsVersion(db, userId),
    async load(userId, { maxTrades, previous }) {
      // Facts held at an older version: re-read only what the changes since then touched.
      if (previous?.facts) {
        const changed = await changesSince(userId, maxTrades, { version: previous.version, facts: previous.facts });
        if (changed) {
          keepSnapshot(userId, changed, false);
          return { ...changed, via: 'changes' };
        }
      }
      // Nothing held (a restart), or the log cannot say: a snapshot newer than what was held (another
      // instance stores one after reading everything) and the log since.
      const stored = usesSnapshots
        ? await readTradeFactsSnapshot(db, { userId, maxTrades, newerThan: previous?.version ?? -1 })
        : null;
      const changed = stored && (await changesSince(userId, maxTrades, stored));
      if (changed) {
        keepSnapshot(userId, changed, false);
        return { ...changed, via: 'snapshot' };
      }
      const loaded = await loadTradeFacts(db, {
        userId,
        maxTrades,
        splitAt: toSplitPoints(previous?.facts ?? null, readPartsAtOnce),
        expectedRows: previous?.facts?.count,
      });
      keepSnapshot(userId, loaded, true);
      return { ...loaded, via: 'full' };
    },
    /** Stores the snapshots still waiting now, and answers once every store is done. */
    async settle() {
      hurry.abort();
      while (saving.size > 0) await Promise.all(saving.values());
      hurry = new AbortController();
    },
  };
}

/**
 * Close times that cut the previous facts into `parts` equal counts: after a write the user's
 * trades are mostly the same, so the parts read now come out about equal too.
 */
export function toSplitPoints(previous: TradeFacts | null, parts: number): number[] {
  if (!previous || previous.count < SPLIT_FROM_TRADES || parts < 2) return [];
  return Array.from(
    { length: parts - 1 },
    (_, k) => previous.closedAt[Math.floor((previous.count * (k + 1)) / parts)]!,
  );
}

export type TradeFactsCacheStats = {
  users: number;
  trades: number;
  loads: number;
  /** Milliseconds of the last load (SQL and parsing), null before the first. */
  lastLoadMs: number | null;
  /** How the last load came by the facts, null before the first (or from a source that does not say). */
  lastLoadVia: LoadVia | null;
};

export type TradeFactsCache = {
  /**
   * The user's closed trades as they are in the database now, or null when the user has more than
   * the cache may hold (or the cache is off): then the caller reads SQL. Each call reads the
   * user's data version (one indexed row) and reloads only when it moved.
   */
  get: (userId: string) => Promise<TradeFacts | null>;
  /**
   * Called after the user wrote something: when their trades are in the cache (they use the
   * analytics), they are reloaded in the background shortly after, so the dashboard they open
   * next is answered from memory. Writes in quick succession share one reload.
   */
  refresh: (userId: string) => void;
  /**
   * Loads these users one after another in the background (most recently active first in the
   * list; loaded last, so they are the last to make room), skipping users already cached; after a
   * restart, their first dashboard is answered from memory. Stops when the cache closes.
   */
  warm: (userIds: readonly string[]) => Promise<void>;
  /**
   * Cancels the reloads and warming not yet started (the app is closing) and waits for the loads
   * running and the snapshots being stored, so none reaches a closed database.
   */
  close: () => Promise<void>;
  stats: () => TradeFactsCacheStats;
};

/** How long a refresh waits for more writes of the same user before it reloads. */
export const REFRESH_DELAY_MS = 250;

type Entry = CachedFacts;

/**
 * Per-user analytics data in memory, validated on every request against `users.analytics_version`
 * (bumped by triggers in the same transaction as any write to the user's trades or trade tags), so
 * it is exact with several app instances on one PostgreSQL. Least recently used users go first
 * once the cached trades exceed `maxTrades`; a user with more than that alone is never cached.
 * Concurrent requests for a user while it loads wait for the same load.
 */
export function createTradeFactsCache(params: { source: TradeFactsSource; maxTrades: number }): TradeFactsCache {
  const { source, maxTrades } = params;
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<Entry>>();
  let cachedTrades = 0;
  let loads = 0;
  let lastLoadMs: number | null = null;
  let lastLoadVia: LoadVia | null = null;

  const sizeOf = (entry: Entry) => entry.facts?.count ?? 0;

  function store(userId: string, entry: Entry): void {
    const current = entries.get(userId);
    // A slower load of an older version must not replace a newer one.
    if (current && current.version > entry.version) return;
    if (current) {
      entries.delete(userId);
      cachedTrades -= sizeOf(current);
    }
    for (const [otherId, other] of entries) {
      if (cachedTrades + sizeOf(entry) <= maxTrades) break;
      entries.delete(otherId);
      cachedTrades -= sizeOf(other);
    }
    entries.set(userId, entry);
    cachedTrades += sizeOf(entry);
  }

  async function load(userId: string): Promise<Entry> {
    const start = performance.now();
    const loaded = await source.load(userId, { maxTrades, previous: entries.get(userId) ?? null });
    loads += 1;
    lastLoadMs = performance.now() - start;
    lastLoadVia = loaded.via ?? null;
    const entry: Entry = { version: loaded.version, facts: loaded.facts };
    store(userId, entry);
    return entry;
  }

  /** The running load of the user, or a new one. */
  function startLoad(userId: string): Promise<Entry> {
    const running = loading.get(userId);
    if (running) return running;
    const promise = load(userId).finally(() => {
      if (loading.get(userId) === promise) loading.delete(userId);
    });
    loading.set(userId, promise);
    return promise;
  }

  const refreshes = new Map<string, NodeJS.Timeout>();
  /** Reloads started by refresh, which close waits for (one may still be reading the version). */
  const refreshing = new Set<Promise<unknown>>();
  let isClosed = false;

  async function get(userId: string): Promise<TradeFacts | null> {
    if (maxTrades <= 0) return null;
    const version = await source.getVersion(userId);
    const cached = entries.get(userId);
    // Versions only grow: data read at this version or later is as fresh as this request needs.
    if (cached && cached.version >= version) {
      entries.delete(userId);
      entries.set(userId, cached);
      return cached.facts;
    }
    let entry = await startLoad(userId);
    // A load that was already running may have read before the write this request saw.
    if (entry.version < version) entry = await startLoad(userId);
    return entry.facts;
  }

  return {
    get,
    refresh(userId) {
      if (maxTrades <= 0 || isClosed || !entries.has(userId)) return;
      clearTimeout(refreshes.get(userId));
      const timer = setTimeout(() => {
        refreshes.delete(userId);
        // A failed background reload changes nothing: the next request loads (and reports) again.
        const reload = get(userId).catch(() => undefined);
        refreshing.add(reload);
        void reload.finally(() => refreshing.delete(reload));
      }, REFRESH_DELAY_MS);
      timer.unref();
      refreshes.set(userId, timer);
    },
    async warm(userIds) {
      if (maxTrades <= 0) return;
      for (const userId of [...userIds].reverse()) {
        if (isClosed) return;
        // A failed load changes nothing: that user's next request loads (and reports) again.
        if (!entries.has(userId)) await startLoad(userId).catch(() => undefined);
      }
    },
    async close() {
      isClosed = true;
      for (const timer of refreshes.values()) clearTimeout(timer);
      refreshes.clear();
      await Promise.allSettled([...refreshing, ...loading.values()]);
      await Promise.allSettled(loading.values());
      await source.settle?.();
    },
    stats: () => ({ users: entries.size, trades: cachedTrades, loads, lastLoadMs, lastLoadVia }),
  };
}
