/**
 * The trade list in the order of a column without an index of its own (symbol, P&L, R, quantity,
 * holding time, fees), kept in memory per user, filter and column while the user's trades stay as
 * they were. An index per sortable column made every page an index range scan, but together they
 * made writing every trade dearer (a large import noticeably slower on PGlite); now the first page of such a sort reads the matching trades' ids once,
 * sorted by the database (its collation and numeric order, exactly as a keyset query would), and
 * every further page is a slice of that list and a look-up of its rows by id.
 *
 * An entry is valid at the user's analytics data version it was read at: every write to the
 * user's trades or to the tags on them moves that version (migration 0005), so a list is never
 * served after anything it rests on changed. Bounded: at most `maxEntries` lists and `maxIds` ids
 * in all, the least recently used going first.
 */

/** A sort column's value as the list and its cursors carry it (numerics as text, as read). */
export type TradeSortValue = string | number | null;

/** Ids in ascending (value, id) order with nulls last, and each one's value. */
export type TradeOrder = { ids: string[]; values: TradeSortValue[] };

/** An order with more trades than the cache keeps: the caller pages that sort another way. */
export const TOO_LARGE = 'too large';

/** `order` is null for an order found too large to keep (only that is remembered). */
type Entry = { version: number; order: Promise<TradeOrder> | null; size: number };

export type TradeOrderCache = {
  /**
   * The order for `key` at `version`: the one kept when it was read at that version, else
   * `read()`'s (kept from then on; concurrent requests share one read). `read` must see the
   * trades at `version` or later, so read the version first. An order over the cache's size is
   * answered once, to the requests that read it, and TOO_LARGE after that (at that version).
   */
  get: (key: string, version: number, read: () => Promise<TradeOrder>) => Promise<TradeOrder | typeof TOO_LARGE>;
};

// Each order's positions by id, made when a cursor is first looked up in it.
const positionsOf = new WeakMap<TradeOrder, Map<string, number>>();

/** Where trade `id` stands in `order`, if it is there. */
export function toPosition(order: TradeOrder, id: string): number | undefined {
  let positions = positionsOf.get(order);
  if (!positions) {
    positions = new Map(order.ids.map((tradeId, index) => [tradeId, index]));
    positionsOf.set(order, positions);
  }
  return positions.get(id);
}

export function createTradeOrderCache(limits: { maxEntries: number; maxIds: number }): TradeOrderCache {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, Entry>();
  let ids = 0;

  function evict(): void {
    for (const [key, entry] of entries) {
      if (entries.size <= limits.maxEntries && ids <= limits.maxIds) return;
      entries.delete(key);
      ids -= entry.size;
    }
  }

  function remove(key: string, entry: Entry): void {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    ids -= entry.size;
  }

  return {
    get(key, version, read) {
      const found = entries.get(key);
      if (found && found.version === version) {
        entries.delete(key);
        entries.set(key, found);
        return found.order ?? Promise.resolve(TOO_LARGE);
      }
      if (found) remove(key, found);
      const order = read();
      const entry: Entry = { version, order, size: 0 };
      entries.set(key, entry);
      order.then(
        (read) => {
          if (entries.get(key) !== entry) return;
          if (read.ids.length > limits.maxIds) {
            entry.order = null; // remembered as too large, its ids let go
            return;
          }
          entry.size = read.ids.length;
          ids += entry.size;
          evict();
        },
        () => remove(key, entry), // the next request reads again
      );
      return order;
    },
  };
}

/** Where a page starts: how many of the order's trades come before the cursor, and whether it is one of them. */
export type CursorPlace = { before: number; isInOrder: boolean };

/**
 * The positions in an ascending order of `count` trades of one page read in `direction`: after
 * the cursor's place (from the start without one), at most `limit`, and whether more follow.
 */
export function toPagePositions(params: {
  count: number;
  direction: 'asc' | 'desc';
  limit: number;
  cursor: CursorPlace | null;
}): { positions: number[]; hasMore: boolean } {
  const { count, limit, cursor } = params;
  const positions: number[] = [];
  if (params.direction === 'asc') {
    const first = cursor ? cursor.before + (cursor.isInOrder ? 1 : 0) : 0;
    for (let i = first; i < Math.min(count, first + limit); i++) positions.push(i);
    return { positions, hasMore: first + limit < count };
  }
  const end = cursor ? cursor.before : count;
  for (let i = end - 1; i >= Math.max(0, end - limit); i--) positions.push(i);
  return { positions, hasMore: end - limit > 0 };
}
