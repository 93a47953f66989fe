import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoadedTradeFacts } from './analytics.queries';
import type { TradeFacts } from './trade-facts';
import {
  REFRESH_DELAY_MS,
  createTradeFactsCache,
  toSplitPoints,
  type CachedFacts,
  type TradeFactsSource,
} from './trade-facts-cache';

/** Stands in for the facts: the cache only reads `count`. */
const factsOf = (count: number) => ({ count }) as TradeFacts; // the cache never reads more than count

/** A database stand-in: versions and trade counts per user, loads counted and held until released. */
function createFakeSource(users: Record<string, { version: number; count: number }>) {
  const loads: string[] = [];
  const held: (() => void)[] = [];
  let isHolding = false;
  const source: TradeFactsSource = {
    getVersion: async (userId) => users[userId]?.version ?? 0,
    load: async (userId, { maxTrades }): Promise<LoadedTradeFacts> => {
      loads.push(userId);
      // What the one statement sees: the data as of its start.
      const { version, count } = users[userId] ?? { version: 0, count: 0 };
      if (isHolding) await new Promise<void>((resolve) => held.push(resolve));
      return { version, count, facts: count > maxTrades ? null : factsOf(count) };
    },
  };
  return {
    source,
    loads,
    hold: () => {
      isHolding = true;
    },
    release: () => {
      isHolding = false;
      for (const resolve of held.splice(0)) resolve();
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createTradeFactsCache', () => {
  it('loads a user once per data version', async () => {
    const users = { ann: { version: 1, count: 10 } };
    const fake = createFakeSource(users);
    const cache = createTradeFactsCache({ source: fake.source, maxTrades: 100 });
    expect((await cache.get('ann'))?.count).toBe(10);
    expect((await cache.get('ann'))?.count).toBe(10);
    expect(fake.loads).toEqual(['ann']);
    users.ann = { version: 2, count: 11 };
    expect((await cache.get('ann'))?.count).toBe(11);
    expect(fake.loads).toEqual(['ann', 'ann']);
  });

  it('shares one load among concurrent requests', async () => {
    const fake = createFakeSource({ ann: { version: 1, count: 10 } });
    const cache = createTradeFactsCache({ source: fake.source, maxTrades: 100 });
    fake.hold();
    const pending = Promise.all([cache.get('ann'), cache.get('ann'), cache.get('ann')]);
    await flush();
    fake.release();
    expect((await pending).map((facts) => facts?.count)).toEqual([10, 10, 10]);
    expect(fake.loads).toEqual(['ann']);
  });

  it('loads again for a request that saw a write the running load started before', async () => {
    const users = { ann: { version: 1, count: 10 } };
    const fake = createFakeSource(users);
    const cache = createTradeFactsCache({ source: fake.source, maxTrades: 100 });
    fake.hold();
    const early = cache.get('ann');
    await flush();
    users.ann = { version: 2, count: 12 };
    const late = cache.get('ann');
    await flush();
    fake.release();
    expect((await early)?.count).toBe(10);
    await flush();
    fake.release();
    expect((await late)?.count).toBe(12);
    expect(fake.loads).toEqual(['ann', 'ann']);
    expect((await cache.get('ann'))?.count).toBe(12);
    expect(fake.loads).toHaveLength(2);
  });

  it('drops the least recently used users to stay within the trade cap', async () => {
    const fake = createFakeSource({
      ann: { version: 1, count: 40 },
      bob: { version: 1, count: 40 },
      cid: { version: 1, count: 40 },
    });
    const cache = createTradeFactsCache({ source: fake.source, maxTrades: 100 });
    await cache.get('ann');
    await cache.get('bob');
    await cache.get('ann'); // ann is now the most recently used
    await cache.get('cid'); // 120 > 100: bob goes
    expect(cache.stats()).toMatchObject({ users: 2, trades: 80 });
    await cache.get('ann');
    expect(fake.loads).toEqual(['ann', 'bob', 'cid']);
    await cache.get('bob');
    expect(fake.loads).toEqual(['ann', 'bob', 'cid', 'bob']);
  });

  it('answers null for a user over the cap, without loading again until their data moves', async () => {
    const users = { big: { version: 1, count: 500 } };
    const fake = createFakeSource(users);
    const cache = createTradeFactsCache({ source: fake.source, maxTrades: 100 });
    expect(await cache.get('big')).toBeNull();
    expect(await cache.get('big')).toBeNull();
    expect(fake.loads).toEqual(['big']);
    users.big = { version: 2, count: 90 };
    expect((await cache.get('big'))?.count).toBe(90);
  });

  it('reads nothing when the cap is 0 (the cache is off)', async () => {
    const fake = createFakeSource({ ann: { version: 1, count: 1 } });
    const cache = createTradeFactsCache({ source: fake.source, maxTrades: 0 });
    expect(await cache.get('ann')).toBeNull();
    expect(fake.loads).toEqual([]);
  });

  it('lets a failed load fail its requests and the next request load again', async () => {
    let isFailing = true;
    const cache = createTradeFactsCache({
      maxTrades: 100,
      source: {
        getVersion: async () => 1,
        load: async () => {
          if (isFailing) throw new Error('connection lost');
          return { version: 1, count: 3, facts: factsOf(3) };
        },
      },
    });
    await expect(cache.get('ann')).rejects.toThrow('connection lost');
    isFailing = false;
    expect((await cache.get('ann'))?.count).toBe(3);
  });

  describe('refresh after a write', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('reloads a cached user in the background once, however many writes come in quick succession', async () => {
      vi.useFakeTimers();
      const users = { ann: { version: 1, count: 10 } };
      const fake = createFakeSource(users);
      const cache = createTradeFactsCache({ source: fake.source, maxTrades: 100 });
      await cache.get('ann');
      users.ann = { version: 4, count: 13 };
      cache.refresh('ann');
      await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS / 2);
      cache.refresh('ann');
      cache.refresh('ann');
      expect(fake.loads).toEqual(['ann']);
      await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS);
      expect(fake.loads).toEqual(['ann', 'ann']);
      // The next request is answered from what the refresh loaded.
      expect((await cache.get('ann'))?.count).toBe(13);
      expect(fake.loads).toEqual(['ann', 'ann']);
    });

    it('leaves alone a user whose analytics are not in use, and stops pending refreshes on close', async () => {
      vi.useFakeTimers();
      const users = { ann: { version: 1, count: 10 }, bob: { version: 1, count: 5 } };
      const fake = createFakeSource(users);
      const cache = createTradeFactsCache({ source: fake.source, maxTrades: 100 });
      await cache.get('ann');
      cache.refresh('bob');
      users.ann = { version: 2, count: 11 };
      cache.refresh('ann');
      await cache.close();
      await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS * 4);
      expect(fake.loads).toEqual(['ann']);
    });

    it('closes only once the loads running and the source’s background work are done', async () => {
      const fake = createFakeSource({ ann: { version: 1, count: 10 } });
      let isSettled = false;
      const source: TradeFactsSource = {
        ...fake.source,
        settle: async () => {
          await flush();
          isSettled = true;
        },
      };
      const cache = createTradeFactsCache({ source, maxTrades: 100 });
      fake.hold();
      const loading = cache.get('ann');
      await flush();
      expect(fake.loads).toEqual(['ann']);
      let isClosed = false;
      const closing = cache.close().then(() => (isClosed = true));
      await flush();
      expect(isClosed).toBe(false);
      fake.release();
      await closing;
      expect(isSettled).toBe(true);
      expect((await loading)?.count).toBe(10);
    });

    it('survives a background reload that fails: the next request loads again', async () => {
      vi.useFakeTimers();
      const users = { ann: { version: 1, count: 10 } };
      const fake = createFakeSource(users);
      let isFailing = false;
      const load = fake.source.load;
      const cache = createTradeFactsCache({
        source: {
          ...fake.source,
          load: (userId, params) => (isFailing ? Promise.reject(new Error('connection lost')) : load(userId, params)),
        },
        maxTrades: 100,
      });
      await cache.get('ann');
      users.ann = { version: 2, count: 11 };
      isFailing = true;
      cache.refresh('ann');
      await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS);
      isFailing = false;
      expect((await cache.get('ann'))?.count).toBe(11);
    });
  });

  it('hands each load what it held before and its version, for reading only the changes', async () => {
    const users = { ann: { version: 1, count: 10 } };
    const fake = createFakeSource(users);
    const previous: (CachedFacts | null)[] = [];
    const cache = createTradeFactsCache({
      source: {
        ...fake.source,
        load: (userId, params) => {
          previous.push(params.previous);
          return fake.source.load(userId, params);
        },
      },
      maxTrades: 100,
    });
    const first = await cache.get('ann');
    users.ann = { version: 2, count: 11 };
    await cache.get('ann');
    expect(previous).toEqual([null, { version: 1, facts: first }]);
  });
});

describe('warming the cache', () => {
  it('loads the users least recent first, so the most recent stay when it overflows', async () => {
    const fake = createFakeSource({
      ann: { version: 1, count: 40 },
      ben: { version: 1, count: 40 },
      cid: { version: 1, count: 40 },
    });
    const cache = createTradeFactsCache({ source: fake.source, maxTrades: 100 });
    await cache.warm(['ann', 'ben', 'cid']);
    expect(fake.loads).toEqual(['cid', 'ben', 'ann']);
    // Room for two: cid, loaded first, made room for ann.
    expect(cache.stats()).toMatchObject({ users: 2, trades: 80 });
    await cache.get('ann');
    await cache.get('ben');
    expect(fake.loads).toHaveLength(3);
  });

  it('skips users already cached and a failed load, and stops when the cache closes', async () => {
    const fake = createFakeSource({ ann: { version: 1, count: 5 }, ben: { version: 1, count: 5 } });
    const failing: TradeFactsSource = {
      ...fake.source,
      load: (userId, params) =>
        userId === 'bad' ? Promise.reject(new Error('gone')) : fake.source.load(userId, params),
    };
    const cache = createTradeFactsCache({ source: failing, maxTrades: 100 });
    await cache.get('ann');
    await cache.warm(['ann', 'bad', 'ben']);
    expect(fake.loads).toEqual(['ann', 'ben']);
    await cache.close();
    await cache.warm(['cid']);
    expect(fake.loads).toEqual(['ann', 'ben']);
  });
});

describe('toSplitPoints', () => {
  const factsClosingAt = (closes: number[]) =>
    ({ count: closes.length, closedAt: Float64Array.from(closes) }) as TradeFacts; // only these are read

  it('cuts the previous closes into equal counts, and leaves small or unknown histories whole', () => {
    const closes = Array.from({ length: 40_000 }, (_, i) => 1_000 + i);
    expect(toSplitPoints(factsClosingAt(closes), 2)).toEqual([21_000]);
    expect(toSplitPoints(factsClosingAt(closes), 4)).toEqual([11_000, 21_000, 31_000]);
    expect(toSplitPoints(factsClosingAt(closes.slice(0, 100)), 2)).toEqual([]);
    expect(toSplitPoints(null, 2)).toEqual([]);
    expect(toSplitPoints(factsClosingAt(closes), 1)).toEqual([]);
  });
});
