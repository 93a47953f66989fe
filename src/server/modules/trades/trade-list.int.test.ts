import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRADE_SORT_COLUMNS,
  type AccountJson,
  type ExecutionInput,
  type TradeJson,
  type TradeListJson,
} from '../../../contracts/trades';
import { D } from '../../../core/trades';
import { trades } from '../../db/schema';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

/** A trade as stored (the list's sort columns are the row's own). */
type TradeRow = typeof trades.$inferSelect;

const PASSWORD = 'long-enough-password';
const SYMBOLS = ['AAPL', 'MSFT', 'AMD', 'TSLA'];
let t: TestApp;
let c: TestClient;
let userId: string;
let main: AccountJson;
let second: AccountJson;
/** Ground truth: the user's trades as stored. */
let rows: TradeRow[];

const at = (minutes: number) => new Date(Date.UTC(2025, 0, 6, 14, 30) + minutes * 60_000).toISOString();

/**
 * 36 trades in the main account (8 closed per symbol, then one open per symbol) and 6 in the
 * second: longs and shorts, wins, losses and breakevens, many equal P&Ls and holding times (ties
 * for the keyset), some with a stop (R) and most without (R null).
 */
function makeFills(count: number, offset: number): ExecutionInput[] {
  const fills: ExecutionInput[] = [];
  for (let i = 0; i < count; i++) {
    const symbol = SYMBOLS[i % SYMBOLS.length]!;
    const isShort = i % 3 === 0;
    const quantity = String((i % 4) + 1);
    const move = [1, -1, 0, 2, -0.5][i % 5]!;
    const exit = String(100 + (isShort ? -move : move));
    const open = offset + i * 30;
    fills.push({ executedAt: at(open), symbol, side: isShort ? 'sell' : 'buy', quantity, price: '100' });
    fills.push({
      executedAt: at(open + 5 + (i % 3) * 5),
      symbol,
      side: isShort ? 'buy' : 'sell',
      quantity,
      price: exit,
    });
  }
  return fills;
}

/** A new user signed in, with `count` round trips in an account of theirs, and a reader of their trades. */
async function signUpWithFills(app: TestApp, email: string, count: number) {
  const user = await createUser(app.database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
  const client = new TestClient(app.url(''));
  await client.login(email, PASSWORD);
  const account = await client.json<AccountJson>(client.post('/api/accounts', { name: 'Main' }));
  const res = await client.post('/api/executions', { accountId: account.id, executions: makeFills(count, 0) });
  expect(res.status).toBe(200);
  return { client, rows: () => app.database.db.select().from(trades).where(eq(trades.userId, user.id)) };
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  const user = await createUser(t.database.db, {
    email: 'lister@example.com',
    password: PASSWORD,
    isVerified: true,
    now: new Date(),
  });
  userId = user.id;
  c = new TestClient(t.url(''));
  await c.login('lister@example.com', PASSWORD);
  main = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Main' }));
  second = await c.json<AccountJson>(c.post('/api/accounts', { name: 'IRA', currency: 'USD' }));
  const opens = SYMBOLS.map((symbol, i) => ({
    executedAt: at(5_000 + i),
    symbol,
    side: 'buy' as const,
    quantity: '1',
    price: '50',
  }));
  for (const [accountId, executions] of [
    [main.id, [...makeFills(32, 0), ...opens]],
    [second.id, makeFills(6, 7)],
  ] as const) {
    const res = await c.post('/api/executions', { accountId, executions });
    expect(res.status).toBe(200);
  }
  const some = await t.database.db.select().from(trades).where(eq(trades.userId, userId)).limit(40);
  for (const row of some.filter((_, i) => i % 5 === 0)) {
    const stop = row.direction === 'long' ? '99' : '101';
    const res = await c.request('PATCH', `/api/trades/${row.id}`, { stopPrice: stop });
    expect(res.status).toBe(200);
  }
  rows = await t.database.db.select().from(trades).where(eq(trades.userId, userId));
  expect(rows).toHaveLength(42);
});
afterAll(() => t.close());

async function walk(query: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await c.get(`/api/trades?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as TradeListJson;
    expect(page.trades.length).toBeLessThanOrEqual(limit);
    ids.push(...page.trades.map((tr) => tr.id));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { ids, pages };
}

type Value = string | number | null;
function compareValues(a: Value, b: Value, column: string): number {
  if (a === null || b === null) return 0; // handled by the caller
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (column === 'symbol') return a < b ? -1 : a > b ? 1 : 0;
  if (column === 'closedAt' || column === 'openedAt') return 0;
  return D(String(a)).cmp(D(String(b)));
}

/** The order the API promises: by the column (nulls first when descending, last when ascending), then id. */
function expectedOrder(sort: string, order: 'asc' | 'desc', subset: TradeRow[] = rows): string[] {
  const sign = order === 'asc' ? 1 : -1;
  const valueOf = (row: TradeRow): Value => {
    const value = row[sort as keyof TradeRow];
    return value instanceof Date ? value.getTime() : (value as Value);
  };
  return [...subset]
    .sort((x, y) => {
      const a = valueOf(x);
      const b = valueOf(y);
      if (a === null || b === null) {
        if (a !== b) return (a === null ? -1 : 1) * (order === 'desc' ? 1 : -1);
      } else {
        const byValue = compareValues(a, b, sort);
        if (byValue !== 0) return sign * byValue;
      }
      return sign * (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
    })
    .map((row) => row.id);
}

describe('GET /api/trades pagination', () => {
  it.each(TRADE_SORT_COLUMNS.flatMap((sort) => [[sort, 'desc'] as const, [sort, 'asc'] as const]))(
    'walks every trade exactly once sorted by %s %s',
    async (sort, order) => {
      const { ids, pages } = await walk(`sort=${sort}&order=${order}`, 8);
      expect(new Set(ids).size).toBe(rows.length);
      expect(ids).toEqual(expectedOrder(sort, order));
      expect(pages).toBe(Math.ceil(rows.length / 8));
    },
  );

  it('serves the default first page: closedAt descending with open trades first', async () => {
    const page = await c.json<TradeListJson>(c.get('/api/trades'));
    expect(page.trades).toHaveLength(42);
    expect(page.nextCursor).toBeNull();
    expect(page.trades.slice(0, 4).every((tr) => tr.status === 'open')).toBe(true);
    expect(page.trades.map((tr) => tr.id)).toEqual(expectedOrder('closedAt', 'desc'));
  });

  it('refuses a forged cursor or one from another sort', async () => {
    const first = await c.json<TradeListJson>(c.get('/api/trades?limit=3&sort=netPnl'));
    expect((await c.get(`/api/trades?limit=3&sort=fees&cursor=${first.nextCursor}`)).status).toBe(400);
    const forged = Buffer.from(JSON.stringify({ s: 'netPnl', o: 'desc', v: "1'; drop", k: rows[0]!.id })).toString(
      'base64url',
    );
    expect((await c.get(`/api/trades?sort=netPnl&cursor=${forged}`)).status).toBe(400);
    expect((await c.get('/api/trades?cursor=%%%')).status).toBe(400);
    expect((await c.get('/api/trades?limit=0')).status).toBe(400);
  });
});

describe('GET /api/trades filters', () => {
  const net = (row: TradeRow) => D(row.netPnl);
  const dayOf = (row: TradeRow) => (row.closedAt ?? row.openedAt).getTime();
  const cases: [string, (row: TradeRow) => boolean][] = [
    ['symbol=AAPL', (row) => row.symbol === 'AAPL'],
    ['symbol=aapl&side=short', (row) => row.symbol === 'AAPL' && row.direction === 'short'],
    ['status=open', (row) => row.status === 'open'],
    ['status=closed', (row) => row.status === 'closed'],
    ['outcome=win', (row) => row.status === 'closed' && net(row).gt(0)],
    ['outcome=loss', (row) => row.status === 'closed' && net(row).lt(0)],
    ['outcome=breakeven', (row) => row.status === 'closed' && net(row).eq(0)],
    ['side=long&outcome=win', (row) => row.direction === 'long' && row.status === 'closed' && net(row).gt(0)],
    [`from=${at(100)}&to=${at(400)}`, (row) => dayOf(row) >= Date.parse(at(100)) && dayOf(row) <= Date.parse(at(400))],
    [`from=${at(4_000)}`, (row) => dayOf(row) >= Date.parse(at(4_000))],
  ];

  it.each(cases)('%s', async (query, predicate) => {
    const expected = rows.filter(predicate);
    expect(expected.length).toBeGreaterThan(0);
    for (const sort of ['closedAt', 'netPnl'] as const) {
      const { ids } = await walk(`${query}&sort=${sort}`, 6);
      expect(ids).toEqual(expectedOrder(sort, 'desc', expected));
    }
  });

  it('filters by account', async () => {
    const { ids } = await walk(`accountId=${second.id}`, 100);
    expect(ids.sort()).toEqual(
      rows
        .filter((row) => row.accountId === second.id)
        .map((row) => row.id)
        .sort(),
    );
    expect(ids).toHaveLength(6);
  });

  it('answers an empty page for a filter matching nothing', async () => {
    const page = await c.json<TradeListJson>(c.get('/api/trades?symbol=NOPE'));
    expect(page).toEqual({ trades: [], nextCursor: null });
    const json: TradeJson[] = (await c.json<TradeListJson>(c.get(`/api/trades?accountId=${main.id}&limit=1`))).trades;
    expect(json[0]).toHaveProperty('tags');
  });
});

describe('GET /api/trades sorted by a column without an index, as the trades change', () => {
  let other: TestClient;
  let otherRows: () => Promise<TradeRow[]>;

  beforeAll(async () => {
    const trader = await signUpWithFills(t, 'changer@example.com', 12);
    other = trader.client;
    otherRows = trader.rows;
  });

  const page = async (query: string) => other.json<TradeListJson>(other.get(`/api/trades?${query}`));
  const idsOf = (list: TradeListJson) => list.trades.map((trade) => trade.id);

  it('answers the new order after a trade changes, and never another user’s trades', async () => {
    const before = await page('sort=rMultiple&order=desc&limit=100');
    const now = await otherRows();
    expect(idsOf(before)).toEqual(expectedOrder('rMultiple', 'desc', now));
    // A stop gives the trade an R: it moves out of the nulls, which come first descending. Not the
    // last of them (ties go by id, which is random): that one might land where it was.
    const nulls = idsOf(before)
      .map((id) => now.find((row) => row.id === id)!)
      .filter((row) => row.rMultiple === null);
    const moved = nulls.slice(0, -1).find((row) => row.direction === 'long')!;
    expect(moved).toBeDefined();
    const patched = await other.request('PATCH', `/api/trades/${moved.id}`, { stopPrice: '99' });
    expect(patched.status).toBe(200);
    const after = await page('sort=rMultiple&order=desc&limit=100');
    expect(idsOf(after)).toEqual(expectedOrder('rMultiple', 'desc', await otherRows()));
    expect(idsOf(after)).not.toEqual(idsOf(before));
    expect(after.trades.every((trade) => !rows.some((row) => row.id === trade.id))).toBe(true);
  });

  it.each(['asc', 'desc'] as const)(
    'goes on right after a cursor whose trade was deleted since the page before (%s)',
    async (order) => {
      const first = await page(`sort=netPnl&order=${order}&limit=4`);
      const gone = first.trades.at(-1)!;
      const del = await other.delete(`/api/trades/${gone.id}`);
      expect(del.status).toBe(200); // with its undo token (#43 item 2)
      const next = await page(`sort=netPnl&order=${order}&limit=4&cursor=${first.nextCursor}`);
      // Where the deleted trade stood in the order before, among the trades there are now.
      const expected = expectedOrder('netPnl', order, [...(await otherRows()), toRowOf(gone)]);
      const after = expected.slice(expected.indexOf(gone.id) + 1);
      expect(idsOf(next)).toEqual(after.slice(0, 4));
    },
  );
});

/** Enough of a listed trade to place it in expectedOrder. */
function toRowOf(trade: TradeJson): TradeRow {
  return { id: trade.id, netPnl: trade.netPnl } as TradeRow;
}

describe('GET /api/trades sorted by a column without an index, for a user with more trades than the cache keeps', () => {
  let small: TestApp;
  let lister: TestClient;
  let theirs: TradeRow[];

  beforeAll(async () => {
    small = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000', TRADE_LIST_CACHE_MAX_TRADES: '5' } });
    const trader = await signUpWithFills(small, 'many@example.com', 16);
    lister = trader.client;
    theirs = await trader.rows();
  });
  afterAll(() => small.close());

  it.each(['symbol', 'netPnl', 'holdingSeconds'].flatMap((sort) => [[sort, 'desc'] as const, [sort, 'asc'] as const]))(
    'pages every trade once by a keyset query, sorted by %s %s',
    async (sort, order) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const page: TradeListJson = await lister.json<TradeListJson>(
          lister.get(`/api/trades?sort=${sort}&order=${order}&limit=3${cursor ? `&cursor=${cursor}` : ''}`),
        );
        ids.push(...page.trades.map((trade) => trade.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(ids).toEqual(expectedOrder(sort, order, theirs));
    },
  );
});
