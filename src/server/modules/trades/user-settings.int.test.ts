import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountJson, ExecutionInput, TradeDetailJson, TradeJson, TradeListJson } from '../../../contracts/trades';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

const PASSWORD = 'long-enough-password';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
});
afterAll(() => t.close());

/** A new signed-in user with one account. */
async function signUp(email: string): Promise<{ c: TestClient; account: AccountJson }> {
  await createUser(t.database.db, { email, password: PASSWORD, isVerified: true, now: new Date() });
  const c = new TestClient(t.url(''));
  await c.login(email, PASSWORD);
  const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Main' }));
  return { c, account };
}

/** A one-minute long round trip on `symbol` that closes at `closedAt` (ISO), with the given exit price. */
function roundTrip(symbol: string, closedAt: string, exitPrice = '101'): ExecutionInput[] {
  const opened = new Date(Date.parse(closedAt) - 60_000).toISOString();
  return [
    { executedAt: opened, symbol, side: 'buy', quantity: '10', price: '100' },
    { executedAt: closedAt, symbol, side: 'sell', quantity: '10', price: exitPrice },
  ];
}

async function addFills(c: TestClient, account: AccountJson, executions: ExecutionInput[]): Promise<void> {
  const res = await c.post('/api/executions', { accountId: account.id, executions });
  expect(res.status).toBe(200);
}

async function setProfile(c: TestClient, patch: Record<string, unknown>): Promise<Response> {
  return c.request('PATCH', '/api/auth/user', patch);
}

async function listSymbols(c: TestClient, query: string): Promise<string[]> {
  const sort = query.includes('sort=') ? '' : 'sort=closedAt&order=asc&';
  const res = await c.get(`/api/trades?${sort}${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as TradeListJson).trades.map((trade) => trade.symbol);
}

/** The symbols in the export's rows, in file order, each once. */
async function exportSymbols(c: TestClient, query: string): Promise<string[]> {
  const res = await c.get(`/api/trades/export.csv?${query}`);
  expect(res.status).toBe(200);
  const lines = (await res.text()).trim().split('\r\n').slice(1);
  return [...new Set(lines.map((line) => line.split(',')[3]!))];
}

describe('PATCH /api/auth/user', () => {
  it('sets the timezone to an IANA name and refuses an unknown one', async () => {
    const { c } = await signUp('zone@example.com');
    expect((await c.json<{ timezone: string }>(c.get('/api/auth/user'))).timezone).toBe('UTC');
    const res = await setProfile(c, { timezone: 'Europe/Berlin' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ timezone: 'Europe/Berlin', defaultRiskAmount: null });
    expect((await c.json<{ timezone: string }>(c.get('/api/auth/user'))).timezone).toBe('Europe/Berlin');
    for (const timezone of ['Mars/Olympus_Mons', 'EST5EDT; drop table users', '']) {
      const bad = await setProfile(c, { timezone });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ fields: { timezone: expect.any(String) } });
    }
    expect((await setProfile(c, { timezone: 'UTC' })).status).toBe(200);
  });

  it('refuses a default risk that is not a positive amount, and fields it does not know', async () => {
    const { c } = await signUp('risky@example.com');
    for (const defaultRiskAmount of ['0', '-5', 'abc', '1e3']) {
      expect((await setProfile(c, { defaultRiskAmount })).status).toBe(400);
    }
    expect((await setProfile(c, { role: 'admin' })).status).toBe(400);
  });

  it('needs a signed-in session', async () => {
    expect((await new TestClient(t.url('')).request('PATCH', '/api/auth/user', { timezone: 'UTC' })).status).toBe(401);
  });
});

describe('GET /api/trades from/to dates', () => {
  it('reads the days in a timezone west of UTC, across the spring-forward change', async () => {
    const { c, account } = await signUp('newyork@example.com');
    expect((await setProfile(c, { timezone: 'America/New_York' })).status).toBe(200);
    // 2024-03-10 in New York runs from 05:00Z (EST) to 04:00Z the next day (EDT): 23 hours.
    await addFills(c, account, [
      ...roundTrip('BEFORE', '2024-03-10T04:59:00.000Z'), // 23:59 on the 9th
      ...roundTrip('FIRST', '2024-03-10T05:00:00.000Z'), // 00:00 on the 10th
      ...roundTrip('AFTERJUMP', '2024-03-10T07:30:00.000Z'), // 03:30 EDT, just after 02:00 → 03:00
      ...roundTrip('LAST', '2024-03-11T03:59:00.000Z'), // 23:59 EDT on the 10th
      ...roundTrip('NEXTDAY', '2024-03-11T04:00:00.000Z'), // 00:00 on the 11th
    ]);
    expect(await listSymbols(c, 'from=2024-03-10&to=2024-03-10')).toEqual(['FIRST', 'AFTERJUMP', 'LAST']);
    expect(await listSymbols(c, 'from=2024-03-11')).toEqual(['NEXTDAY']);
    expect(await listSymbols(c, 'to=2024-03-09')).toEqual(['BEFORE']);
    // Other sorts filter on the same days.
    expect((await listSymbols(c, 'from=2024-03-10&to=2024-03-10&sort=netPnl')).sort()).toEqual(
      ['AFTERJUMP', 'FIRST', 'LAST'].sort(),
    );
    expect(await exportSymbols(c, 'from=2024-03-10&to=2024-03-10')).toEqual(['FIRST', 'AFTERJUMP', 'LAST']);
  });

  it('reads the day of the fall-back change as 25 hours', async () => {
    const { c, account } = await signUp('fallback@example.com');
    expect((await setProfile(c, { timezone: 'America/New_York' })).status).toBe(200);
    await addFills(c, account, [
      ...roundTrip('EARLY', '2024-11-03T04:00:00.000Z'), // 00:00 EDT on the 3rd
      ...roundTrip('REPEAT', '2024-11-03T06:30:00.000Z'), // 01:30 EST, the second 01:30 of the night
      ...roundTrip('LATE', '2024-11-04T04:59:00.000Z'), // 23:59 EST on the 3rd
      ...roundTrip('NEXT', '2024-11-04T05:00:00.000Z'), // 00:00 on the 4th
    ]);
    expect(await listSymbols(c, 'from=2024-11-03&to=2024-11-03')).toEqual(['EARLY', 'REPEAT', 'LATE']);
  });

  it('reads the days in a timezone east of UTC', async () => {
    const { c, account } = await signUp('tokyo@example.com');
    expect((await setProfile(c, { timezone: 'Asia/Tokyo' })).status).toBe(200);
    // 2024-06-03 in Tokyo (UTC+9) runs from 2024-06-02T15:00Z to 2024-06-03T15:00Z.
    await addFills(c, account, [
      ...roundTrip('PREV', '2024-06-02T14:59:00.000Z'),
      ...roundTrip('MORNING', '2024-06-02T16:00:00.000Z'), // 01:00 on the 3rd, still the 2nd in UTC
      ...roundTrip('NIGHT', '2024-06-03T14:59:00.000Z'),
      ...roundTrip('AFTER', '2024-06-03T15:00:00.000Z'), // 00:00 on the 4th, still the 3rd in UTC
    ]);
    expect(await listSymbols(c, 'from=2024-06-03&to=2024-06-03')).toEqual(['MORNING', 'NIGHT']);
    expect(await exportSymbols(c, 'from=2024-06-03&to=2024-06-03')).toEqual(['MORNING', 'NIGHT']);
    // The same dates for a user on UTC are other trades.
    expect((await setProfile(c, { timezone: 'UTC' })).status).toBe(200);
    expect(await listSymbols(c, 'from=2024-06-03&to=2024-06-03')).toEqual(['NIGHT', 'AFTER']);
    // An exact instant is still an instant.
    expect(await listSymbols(c, 'from=2024-06-02T16:00:00Z&to=2024-06-03T14:59:00Z')).toEqual(['MORNING', 'NIGHT']);
  });

  it('refuses a date that is not one', async () => {
    const { c } = await signUp('baddate@example.com');
    expect((await c.get('/api/trades?from=2024-02-30')).status).toBe(400);
    expect((await c.get('/api/trades?to=yesterday')).status).toBe(400);
  });
});

describe('the default risk per trade', () => {
  it('gives R to the trades without a stop or risk of their own, and follows its changes', async () => {
    const { c, account } = await signUp('defaultrisk@example.com');
    await addFills(c, account, [
      ...roundTrip('PLAIN', '2024-05-01T15:00:00.000Z', '103'), // net +30
      ...roundTrip('STOPPED', '2024-05-01T16:00:00.000Z', '103'), // +30, stop 99 → risk 10
      ...roundTrip('OWNRISK', '2024-05-01T17:00:00.000Z', '98'), // −20, own risk 40
      { executedAt: '2024-05-01T18:00:00.000Z', symbol: 'OPEN', side: 'buy', quantity: '5', price: '10' },
    ]);
    const bySymbol = async () => {
      const page = await c.json<TradeListJson>(c.get('/api/trades'));
      return new Map(page.trades.map((trade): [string, TradeJson] => [trade.symbol, trade]));
    };
    const before = await bySymbol();
    const patch = async (symbol: string, body: object) => {
      const res = await c.request('PATCH', `/api/trades/${before.get(symbol)!.id}`, body);
      expect(res.status).toBe(200);
      return (await res.json()) as TradeDetailJson;
    };
    await patch('STOPPED', { stopPrice: '99' });
    await patch('OWNRISK', { initialRisk: '40' });
    const risks = async () =>
      Object.fromEntries(
        [...(await bySymbol())].map(([symbol, trade]) => [symbol, [trade.initialRisk, trade.rMultiple]]),
      );
    const mine = { STOPPED: ['10', '3'], OWNRISK: ['40', '-0.5'] };
    expect(await risks()).toEqual({ PLAIN: [null, null], OPEN: [null, null], ...mine });

    const set = await setProfile(c, { defaultRiskAmount: '120' });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ defaultRiskAmount: '120' });
    expect(await risks()).toEqual({ PLAIN: ['120', '0.25'], OPEN: ['120', null], ...mine });

    expect((await setProfile(c, { defaultRiskAmount: '45.5' })).status).toBe(200);
    expect(await risks()).toEqual({ PLAIN: ['45.5', '0.65934066'], OPEN: ['45.5', null], ...mine });

    // A trade that loses its stop falls back on the default; one added later gets it at once.
    await patch('STOPPED', { stopPrice: null });
    await addFills(c, account, roundTrip('LATER', '2024-05-02T15:00:00.000Z', '99')); // −10
    expect(await risks()).toMatchObject({ STOPPED: ['45.5', '0.65934066'], LATER: ['45.5', '-0.21978022'] });

    expect((await setProfile(c, { defaultRiskAmount: null })).status).toBe(200);
    expect(await risks()).toEqual({
      PLAIN: [null, null],
      OPEN: [null, null],
      STOPPED: [null, null],
      LATER: [null, null],
      OWNRISK: ['40', '-0.5'],
    });
  });

  it('leaves other users’ trades alone', async () => {
    const first = await signUp('risk-a@example.com');
    const second = await signUp('risk-b@example.com');
    await addFills(second.c, second.account, roundTrip('OTHER', '2024-05-01T15:00:00.000Z', '102'));
    expect((await setProfile(first.c, { defaultRiskAmount: '10' })).status).toBe(200);
    const page = await second.c.json<TradeListJson>(second.c.get('/api/trades'));
    expect(page.trades.map((trade) => trade.rMultiple)).toEqual([null]);
  });
});
