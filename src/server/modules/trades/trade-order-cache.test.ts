import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTradeOrderCache, TOO_LARGE, toPagePositions, toPosition, type TradeOrder } from './trade-order-cache';

const orderOf = (count: number, tag = 't'): TradeOrder => ({
  ids: Array.from({ length: count }, (_, i) => `${tag}${i}`),
  values: Array.from({ length: count }, (_, i) => String(i)),
});

describe('toPagePositions', () => {
  it('answers the next `limit` positions after the cursor in either direction, as a keyset walk would', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom('asc' as const, 'desc' as const),
        fc.option(fc.record({ before: fc.nat(60), isInOrder: fc.boolean() }), { nil: null }),
        (count, limit, direction, rawCursor) => {
          // A cursor's trade in the order stands at `before`, so at most count − 1 come before it.
          const cursor =
            rawCursor && (rawCursor.isInOrder ? rawCursor.before < count : rawCursor.before <= count)
              ? rawCursor
              : null;
          // The model: every position, in the direction, keeping those after the cursor's place.
          const all = Array.from({ length: count }, (_, i) => i);
          const after = all.filter((i) =>
            cursor === null
              ? true
              : direction === 'asc'
                ? i >= cursor.before + (cursor.isInOrder ? 1 : 0)
                : i < cursor.before,
          );
          const ordered = direction === 'asc' ? after : after.reverse();
          const { positions, hasMore } = toPagePositions({ count, direction, limit, cursor });
          expect(positions).toEqual(ordered.slice(0, limit));
          expect(hasMore).toBe(ordered.length > limit);
        },
      ),
    );
  });
});

describe('createTradeOrderCache', () => {
  it('reads an order once per key and version, shared by requests that come meanwhile', async () => {
    const cache = createTradeOrderCache({ maxEntries: 4, maxIds: 100 });
    let reads = 0;
    const read = async () => {
      reads += 1;
      return orderOf(3);
    };
    const [a, b] = await Promise.all([cache.get('k', 1, read), cache.get('k', 1, read)]);
    expect(a).toBe(b);
    expect(await cache.get('k', 1, read)).toBe(a);
    expect(reads).toBe(1);
    // The user's trades changed: read again, and keep that one.
    const c = await cache.get('k', 2, read);
    expect(c).not.toBe(a);
    expect(await cache.get('k', 2, read)).toBe(c);
    expect(reads).toBe(2);
  });

  it('reads again after a read that failed', async () => {
    const cache = createTradeOrderCache({ maxEntries: 4, maxIds: 100 });
    await expect(cache.get('k', 1, () => Promise.reject(new Error('connection lost')))).rejects.toThrow();
    await Promise.resolve(); // the failure's handler runs
    const order = orderOf(2);
    expect(await cache.get('k', 1, async () => order)).toBe(order);
  });

  it('keeps at most maxIds ids and maxEntries orders, the least recently used going first', async () => {
    const cache = createTradeOrderCache({ maxEntries: 3, maxIds: 10 });
    const reads: string[] = [];
    const get = async (key: string, count: number) => {
      const order = await cache.get(key, 1, async () => {
        reads.push(key);
        return orderOf(count, key);
      });
      await Promise.resolve(); // the cache counts the order's ids
      return order;
    };
    await get('a', 4);
    await get('b', 4);
    await get('a', 4); // a used last: b goes first
    await get('c', 4); // 12 ids > 10
    await get('a', 4);
    await get('b', 4);
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
    // Entries: after b came back, c (least recently used) went; three small ones fit, a fourth does not.
    for (const key of ['x', 'y', 'z']) await get(key, 1);
    reads.length = 0;
    await get('z', 1);
    await get('x', 1);
    expect(reads).toEqual([]);
    await get('a', 1);
    expect(reads).toEqual(['a']);
  });

  it('answers an order larger than maxIds to the request that read it, then TOO_LARGE without reading again', async () => {
    const cache = createTradeOrderCache({ maxEntries: 3, maxIds: 5 });
    let reads = 0;
    const read = async () => {
      reads += 1;
      return orderOf(6);
    };
    const first = await cache.get('big', 1, read);
    expect(first).not.toBe(TOO_LARGE);
    expect((first as TradeOrder).ids).toHaveLength(6);
    await Promise.resolve();
    expect(await cache.get('big', 1, read)).toBe(TOO_LARGE);
    expect(reads).toBe(1);
    // At another version it is read again (the trades may be fewer now).
    await cache.get('big', 2, async () => orderOf(2));
    await Promise.resolve();
    expect(((await cache.get('big', 2, read)) as TradeOrder).ids).toHaveLength(2);
  });
});

describe('toPosition', () => {
  it('finds where an id stands, and nothing for one not in the order', () => {
    const order = orderOf(5);
    expect(toPosition(order, 't3')).toBe(3);
    expect(toPosition(order, 't0')).toBe(0);
    expect(toPosition(order, 'nope')).toBeUndefined();
  });
});
