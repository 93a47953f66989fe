import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsSummaryJson } from '../../../contracts/analytics';
import type { CurrentUser } from '../../../contracts/auth';
import type {
  AccountJson,
  AddExecutionsJson,
  DeletedTradeListJson,
  TradeDetailJson,
  TradeEventJson,
  TradeJson,
  TradeListJson,
} from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { importCsv } from '../../../../test/helpers/imports';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { eq } from 'drizzle-orm';
import { ManualClock } from '../../clock';
import { positionEvents } from '../../db/schema';
import { purgeDeletedTrades } from '../trades';
import { createUser } from '../users';

/**
 * Issue #45, what happens to position events after their import: its undo and the restore of its
 * trades, fills added by hand into an instrument with events, the income setting, and the cost
 * basis a transfer in asks for once.
 */
const PASSWORD = 'long-enough-password';
const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
let clock: ManualClock;

const SCHWAB_HEADER = '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"';
const SCHWAB_FIXTURE = readFileSync(
  new URL('../../../../test/fixtures/import/position-events/charles-schwab.csv', import.meta.url),
  'utf8',
);

beforeAll(async () => {
  clock = new ManualClock();
  t = await startTestApp({ clock, env: { LOGIN_RATE_LIMIT: '1000', LOGIN_ACCOUNT_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await t.close();
});

let users = 0;
/** A new user, signed in, with one account. */
async function signIn(): Promise<{ c: TestClient; accountId: string }> {
  users += 1;
  const email = `lifecycle-${users}@example.com`;
  await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: clock.now() });
  const c = new TestClient(t.url(''));
  await c.login(email, PASSWORD);
  const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Schwab', timezone: 'America/New_York' }));
  return { c, accountId: account.id };
}

async function importFile(c: TestClient, accountId: string, content: string) {
  return importCsv(c, (path) => t.url(path), { accountId, name: 'schwab.csv', content });
}

async function listTrades(c: TestClient, accountId: string): Promise<TradeJson[]> {
  return (await c.json<TradeListJson>(c.get(`/api/trades?accountId=${accountId}&sort=openedAt&order=asc&limit=100`)))
    .trades;
}

/** What a trader checks of their positions: symbol, status, quantity and net P&L. */
const positions = (trades: TradeJson[]) => trades.map((tr) => [tr.symbol, tr.status, tr.quantity, tr.netPnl]);

const detail = (c: TestClient, id: string) => c.json<TradeDetailJson>(c.get(`/api/trades/${id}`));
const patch = (c: TestClient, path: string, body: unknown) => c.request('PATCH', path, body);
const summary = (c: TestClient, accountId: string) =>
  c.json<AnalyticsSummaryJson>(c.get(`/api/analytics/summary?accountId=${accountId}&tz=UTC`));

describe('an import’s undo and the restore of its trades from Recently deleted', () => {
  it('brings the positions back as they were, events applied', async () => {
    const { c, accountId } = await signIn();
    const done = await importFile(c, accountId, SCHWAB_FIXTURE);
    expect(done.errors).toEqual([]);
    const before = await listTrades(c, accountId);
    expect(positions(before)).toContainEqual(['NVDA', 'closed', '100', '7000']);

    expect((await c.delete(`/api/imports/${done.id}`)).status).toBe(200);
    expect(await listTrades(c, accountId)).toEqual([]);
    const deleted = await c.json<DeletedTradeListJson>(c.get('/api/trades/deleted'));
    const tokens = [...new Set(deleted.trades.map((tr) => tr.undoToken))];
    expect(tokens).toHaveLength(1);

    expect((await c.post('/api/trades/restore', { undoToken: tokens[0] })).status).toBe(200);
    const after = await listTrades(c, accountId);
    // Every position as before the undo: the split, the reverse split, the name change and the
    // reinvestment applied again (without them NVDA would be 10 shares sold as 100: a short).
    expect(positions(after)).toEqual(positions(before));
    // With their ids (and so their journals); not AAPL's, opened by the transfer's own fill, which
    // the undo took out with its event rather than to Recently deleted.
    const idsOf = (trades: TradeJson[]) => trades.filter((tr) => tr.symbol !== 'AAPL').map((tr) => tr.id);
    expect(idsOf(after)).toEqual(idsOf(before));
    const nvda = await detail(c, after.find((tr) => tr.symbol === 'NVDA')!.id);
    expect(nvda.events.map((event) => event.kind)).toEqual(['dividend', 'split']);
    // Closed flat: the 10 bought count as the 100 sold once split, not as 90 sold beyond the position.
    expect(nvda.residual).toBeUndefined();
    expect((await detail(c, after.find((tr) => tr.symbol === 'XYZ')!.id)).residual).toBeUndefined();
    // The file again adds nothing: its fills and events are all there.
    expect(await importFile(c, accountId, SCHWAB_FIXTURE)).toMatchObject({ executionsAdded: 0, errors: [] });
    expect(positions(await listTrades(c, accountId))).toEqual(positions(before));
  });
});

describe('a restore of some of an undone import’s trades', () => {
  it('applies the events of the positions restored, and the rest once every trade is back', async () => {
    const { c, accountId } = await signIn();
    const done = await importFile(c, accountId, SCHWAB_FIXTURE);
    const before = await listTrades(c, accountId);
    expect((await c.delete(`/api/imports/${done.id}`)).status).toBe(200);
    const deleted = (await c.json<DeletedTradeListJson>(c.get('/api/trades/deleted'))).trades;
    const nvda = deleted.find((tr) => tr.symbol === 'NVDA')!;
    expect((await c.post('/api/trades/restore', { tradeIds: [nvda.id] })).status).toBe(200);
    // NVDA with its split; no trade of SCHD's reinvestment alone while SCHD waits in Recently deleted.
    expect(positions(await listTrades(c, accountId))).toEqual([['NVDA', 'closed', '100', '7000']]);

    expect((await c.post('/api/trades/restore', { undoToken: nvda.undoToken })).status).toBe(200);
    // Every trade back: the import's other events too (the journaled AAPL shares).
    expect(positions(await listTrades(c, accountId))).toEqual(positions(before));
  });
});

describe('fills added through the API into an instrument with events', () => {
  const SPLIT_ONLY = [SCHWAB_HEADER, '"06/10/2024","Stock Split","NVDA","NVIDIA CORP","90","","",""'].join('\n');

  it('POST /api/executions: a buy before a split the account could not apply is split by it now', async () => {
    const { c, accountId } = await signIn();
    const done = await importFile(c, accountId, SPLIT_ONLY);
    expect(done.errors).toEqual([{ row: 2, message: 'a split of NVDA, a position the account does not hold.' }]);

    const added = await c.json<AddExecutionsJson>(
      c.post('/api/executions', {
        accountId,
        executions: [
          { executedAt: '2024-01-02T15:00:00Z', symbol: 'NVDA', side: 'buy', quantity: '10', price: '500' },
          { executedAt: '2024-11-01T15:00:00Z', symbol: 'NVDA', side: 'sell', quantity: '100', price: '120' },
        ],
      }),
    );
    expect(added.inserted).toBe(2);
    // 10 @ 500 split 10-for-1 → 100 @ 50, sold at 120: closed flat, not a short of 90.
    expect(added.trades).toMatchObject([{ symbol: 'NVDA', status: 'closed', quantity: '100', netPnl: '7000' }]);
    expect(positions(await listTrades(c, accountId))).toEqual([['NVDA', 'closed', '100', '7000']]);
    const nvda = await detail(c, added.trades[0]!.id);
    expect(nvda.events).toMatchObject([{ kind: 'split', ratio: '10', quantityDelta: '90' }]);
  });

  it('POST /api/trades: a manual trade across a reinvestment includes the reinvested shares', async () => {
    const { c, accountId } = await signIn();
    const file = [
      SCHWAB_HEADER,
      '"03/20/2024","Reinvest Shares","SCHD","SCHWAB US DIVIDEND EQUITY ETF","0.88","$75.00","","-$66.00"',
    ].join('\n');
    const done = await importFile(c, accountId, file);
    expect(done.errors).toEqual([]);
    const res = await c.post('/api/trades', {
      accountId,
      symbol: 'SCHD',
      direction: 'long',
      quantity: '100',
      entryPrice: '75',
      entryAt: '2024-01-03T15:00:00Z',
    });
    expect(res.status).toBe(201);
    // The manual buy and the reinvestment are one position of 100.88.
    expect(positions(await listTrades(c, accountId))).toEqual([['SCHD', 'open', '100.88', '0']]);
    const added = await c.json<AddExecutionsJson>(
      c.post('/api/executions', {
        accountId,
        executions: [
          { executedAt: '2024-12-02T15:00:00Z', symbol: 'SCHD', side: 'sell', quantity: '100.88', price: '80' },
        ],
      }),
    );
    // 100.88 bought at 75, sold at 80.
    expect(added.trades).toMatchObject([{ symbol: 'SCHD', status: 'closed', netPnl: '504.4' }]);
  });
});

describe('the income setting (dividends in net P&L)', () => {
  it('is off by default: income beside the trade, not in its P&L; on: in it and in analytics, and back off', async () => {
    const { c, accountId } = await signIn();
    const me = await c.json<CurrentUser>(c.get('/api/auth/user'));
    expect(me.isIncomeInNetPnl).toBe(false);
    // R from a default risk of 1,000 per trade.
    expect((await patch(c, '/api/auth/user', { defaultRiskAmount: '1000' })).status).toBe(200);
    expect((await importFile(c, accountId, SCHWAB_FIXTURE)).errors).toEqual([]);

    const nvdaOf = async () => (await listTrades(c, accountId)).find((tr) => tr.symbol === 'NVDA')!;
    const off = await nvdaOf();
    expect(off).toMatchObject({ netPnl: '7000', rMultiple: '7' });
    expect((await detail(c, off.id)).income).toBe('4');
    const totalOff = Number((await summary(c, accountId)).trades.netPnl);
    expect(totalOff).toBe(7000 + 504.4 + 50 + 3000);

    const on = await c.json<CurrentUser>(patch(c, '/api/auth/user', { isIncomeInNetPnl: true }));
    expect(on.isIncomeInNetPnl).toBe(true);
    // NVDA's $4 dividend and SCHD's $66 are in their trades' net P&L, and in analytics.
    expect(await nvdaOf()).toMatchObject({ netPnl: '7004', rMultiple: '7.004' });
    expect((await listTrades(c, accountId)).find((tr) => tr.symbol === 'SCHD')!.netPnl).toBe('570.4');
    expect((await summary(c, accountId)).trades.netPnl).toBeCloseTo(totalOff + 70, 6);

    // A trade rebuilt while the setting is on keeps its income in (the file imported again
    // regroups nothing, so add a fill to a position with a dividend).
    const added = await c.json<AddExecutionsJson>(
      c.post('/api/executions', {
        accountId,
        executions: [
          { executedAt: '2024-03-16T15:00:00Z', symbol: 'NVDA', side: 'buy', quantity: '1', price: '500' },
          { executedAt: '2024-03-17T15:00:00Z', symbol: 'NVDA', side: 'sell', quantity: '1', price: '500' },
        ],
      }),
    );
    expect(added.trades.find((tr) => tr.symbol === 'NVDA')).toMatchObject({ netPnl: '7004', rMultiple: '7.004' });

    await c.json<CurrentUser>(patch(c, '/api/auth/user', { isIncomeInNetPnl: false }));
    expect(await nvdaOf()).toMatchObject({ netPnl: '7000', rMultiple: '7' });
    expect((await summary(c, accountId)).trades.netPnl).toBeCloseTo(totalOff, 6);
  });
});

describe('a transfer in without a cost basis', () => {
  const TRANSFER = [
    SCHWAB_HEADER,
    '"03/01/2024","Sell","AAPL","APPLE INC","5","$190.00","","$950.00"',
    '"02/01/2024","Journaled Shares","AAPL","APPLE INC","5","","",""',
  ].join('\n');

  it('is flagged on its trade until the trader gives one, then counts at that cost', async () => {
    const { c, accountId } = await signIn();
    expect((await importFile(c, accountId, TRANSFER)).errors).toEqual([]);
    const [aapl] = await listTrades(c, accountId);
    // At no cost the whole sale looks like profit.
    expect(aapl).toMatchObject({ symbol: 'AAPL', status: 'closed', netPnl: '950' });
    const [transfer] = (await detail(c, aapl!.id)).events;
    expect(transfer).toMatchObject({ kind: 'transfer', quantityDelta: '5', isCostBasisMissing: true });

    const res = await patch(c, `/api/position-events/${transfer!.id}`, { costBasis: '170' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: transfer!.id, price: '170' } satisfies Partial<TradeEventJson>);
    const [after] = await listTrades(c, accountId);
    // 5 @ 170 sold at 190.
    expect(after).toMatchObject({ id: aapl!.id, netPnl: '100' });
    const [given] = (await detail(c, after!.id)).events;
    expect(given).toMatchObject({ kind: 'transfer', price: '170' });
    expect(given!.isCostBasisMissing).toBeUndefined();
  });

  it('answers 404 for another user’s event and 400 for an event that is not a transfer in', async () => {
    const { c, accountId } = await signIn();
    await importFile(c, accountId, SCHWAB_FIXTURE);
    const trades = await listTrades(c, accountId);
    const eventOf = async (symbol: string) => (await detail(c, trades.find((tr) => tr.symbol === symbol)!.id)).events;
    // The fixture's journaled AAPL shares: held, cost basis asked for.
    const [transfer] = await eventOf('AAPL');
    expect(transfer).toMatchObject({ kind: 'transfer', isCostBasisMissing: true });
    const other = await signIn();
    expect((await patch(other.c, `/api/position-events/${transfer!.id}`, { costBasis: '1' })).status).toBe(404);
    expect((await patch(other.c, '/api/position-events/not-an-id', { costBasis: '1' })).status).toBe(404);
    expect((await eventOf('AAPL'))[0]).toMatchObject({ isCostBasisMissing: true });
    expect((await patch(c, `/api/position-events/${transfer!.id}`, { costBasis: '-1' })).status).toBe(400);
    const split = (await eventOf('NVDA')).find((event) => event.kind === 'split')!;
    expect((await patch(c, `/api/position-events/${split.id}`, { costBasis: '1' })).status).toBe(400);
  });
});

describe('the events of an undone import', () => {
  it('are purged with its trades after 30 days, and not before', async () => {
    const { c, accountId } = await signIn();
    const done = await importFile(c, accountId, SCHWAB_FIXTURE);
    expect((await c.delete(`/api/imports/${done.id}`)).status).toBe(200);
    const kept = () => t.database.db.select().from(positionEvents).where(eq(positionEvents.importId, done.id));
    expect(await kept()).toHaveLength(7);
    clock.advance(29 * DAY_MS);
    await purgeDeletedTrades(t.database.db, { now: clock.now() });
    expect(await kept()).toHaveLength(7);
    clock.advance(DAY_MS);
    await purgeDeletedTrades(t.database.db, { now: clock.now() });
    expect(await kept()).toEqual([]);
  });
});
