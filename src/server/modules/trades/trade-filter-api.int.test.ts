import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsSummaryJson } from '../../../contracts/analytics';
import type { FilterCatalogueJson } from '../../../contracts/filter-catalogue';
import type { AccountJson, ExecutionInput, TradeListJson } from '../../../contracts/trades';
import { TRADE_FIELDS, type TradeFilter } from '../../../core/query';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';

/** The query model over HTTP: `?filter=` on the list, the export and analytics; its errors; its schema. */
const PASSWORD = 'long-enough-password';
let t: TestApp;
let c: TestClient;

const fill = (executedAt: string, symbol: string, side: 'buy' | 'sell', price: string): ExecutionInput => ({
  executedAt,
  symbol,
  side,
  quantity: '10',
  price,
});

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  await createUser(t.database.db, {
    email: 'filter@example.com',
    password: PASSWORD,
    isVerified: true,
    now: new Date(),
  });
  c = new TestClient(t.url(''));
  await c.login('filter@example.com', PASSWORD);
  const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Main' }));
  const res = await c.post('/api/executions', {
    accountId: account.id,
    executions: [
      // AAPL: opened on 2024-03-04, closed overnight on 2024-03-05 (UTC, the user's zone), a win.
      fill('2024-03-04T20:00:00Z', 'AAPL', 'buy', '100'),
      fill('2024-03-05T14:00:00Z', 'AAPL', 'sell', '103'),
      // MSFT: a loss within 2024-03-05.
      fill('2024-03-05T15:00:00Z', 'MSFT', 'buy', '400'),
      fill('2024-03-05T16:00:00Z', 'MSFT', 'sell', '398'),
      // NVDA: still open, opened on 2024-03-06.
      fill('2024-03-06T15:00:00Z', 'NVDA', 'buy', '800'),
    ],
  });
  expect(res.status, await res.clone().text()).toBe(200);
}, 240_000);
afterAll(() => t.close());

const q = (filter: TradeFilter) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;

async function listSymbols(query: string): Promise<string[]> {
  const res = await c.get(`/api/trades?sort=openedAt&order=asc&${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as TradeListJson).trades.map((trade) => trade.symbol);
}

async function exportSymbols(query: string): Promise<string[]> {
  const res = await c.get(`/api/trades/export.csv?${query}`);
  expect(res.status).toBe(200);
  const lines = (await res.text()).trim().split('\r\n').slice(1);
  return [...new Set(lines.map((line) => line.split(',')[3]!))];
}

describe('the trade filter over HTTP', () => {
  it('selects trades by any filter of the model, ANDed with the old parameters', async () => {
    expect(await listSymbols(q({ netPnl: { min: '0' } }))).toEqual(['AAPL', 'NVDA']);
    expect(await listSymbols(q({ outcomes: ['win', 'loss'], excludeSymbols: ['msft'] }))).toEqual(['AAPL']);
    // JSON numbers read as decimals.
    const json = encodeURIComponent('{"quantity":{"min":10,"max":10},"status":"open"}');
    expect(await listSymbols(`side=long&filter=${json}`)).toEqual(['NVDA']);
  });

  it('searches symbols by prefix in any case, a ticker finding its options and futures (?search=)', async () => {
    const account = await c.json<AccountJson>(c.post('/api/accounts', { name: 'Derivatives' }));
    const res = await c.post('/api/executions', {
      accountId: account.id,
      executions: [
        { ...fill('2024-04-01T15:00:00Z', 'AAPL  240419C00170000', 'buy', '2'), assetClass: 'option' },
        { ...fill('2024-04-01T16:00:00Z', 'AAPL  240419C00170000', 'sell', '3'), assetClass: 'option' },
        { ...fill('2024-04-02T15:00:00Z', 'MESM4', 'buy', '5200'), assetClass: 'future' },
        { ...fill('2024-04-02T16:00:00Z', 'MESM4', 'sell', '5210'), assetClass: 'future' },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const optionSymbol = (await listSymbols('search=AAPL%20%20')).find((s) => s !== 'AAPL');
    expect(await listSymbols('search=aap')).toEqual(['AAPL', optionSymbol]);
    expect(await listSymbols('search=mes')).toEqual(['MESM24']); // the contract as the instrument parser stores it
    expect(await listSymbols(q({ search: 'Ms' }))).toEqual(['MSFT']);
    expect(await listSymbols('search=%25')).toEqual([]); // LIKE's wildcard is a plain character
    const exported = await exportSymbols('search=aap');
    expect(exported.map((cell) => cell.replaceAll('"', ''))).toEqual(['AAPL', optionSymbol]); // quoted: it has spaces
    const summary = await c.json<AnalyticsSummaryJson>(c.get('/api/analytics/summary?search=aapl'));
    expect(summary.trades.count).toBe(2);
    const both = await c.get(`/api/trades?search=a&${q({ search: 'b' })}`);
    expect(both.status).toBe(400);
  });

  it('reads from/to as the close day everywhere, open trades by their open day', async () => {
    const day = (date: string) => `from=${date}&to=${date}`;
    expect(await listSymbols(day('2024-03-04'))).toEqual([]);
    expect(await listSymbols(day('2024-03-05'))).toEqual(['AAPL', 'MSFT']);
    expect(await listSymbols(day('2024-03-06'))).toEqual(['NVDA']);
    // The export once bounded the open: the overnight AAPL trade now counts on the day it closed.
    expect(await exportSymbols(day('2024-03-04'))).toEqual([]);
    expect(await exportSymbols(day('2024-03-05'))).toEqual(['AAPL', 'MSFT']);
    const summary = await c.json<AnalyticsSummaryJson>(c.get(`/api/analytics/summary?${day('2024-03-05')}`));
    expect(Number(summary.trades.count)).toBe(2);
  });

  it('answers analytics for fields the cache holds and for those only SQL knows', async () => {
    const count = async (filter: TradeFilter) =>
      Number((await c.json<AnalyticsSummaryJson>(c.get(`/api/analytics/summary?${q(filter)}`))).trades.count);
    expect(await count({ netPnl: { max: '0' } })).toBe(1);
    expect(await count({ quantity: { min: '10' }, symbols: ['AAPL'] })).toBe(1);
  });

  it.each([
    ['an unknown condition', q({ colour: 'red' } as TradeFilter), 'filter'],
    ['text that is not JSON', 'filter=%7Bsymbols', 'filter'],
    ['a range with min above max', q({ netPnl: { min: '5', max: '1' } }), 'filter.netPnl'],
    ['a field given both ways', `symbol=AAPL&${q({ symbols: ['MSFT'] })}`, 'symbol'],
    ['a weekday out of 1–7', q({ weekdays: [8] }), 'filter.weekdays.0'],
    ['an hour of the wrong type', q({ entryHours: ['9'] } as unknown as TradeFilter), 'filter.entryHours.0'],
    ['a session that is not one', q({ session: ['lunch'] } as unknown as TradeFilter), 'filter.session.0'],
    ['a days-to-expiry range with min above max', q({ dteAtEntry: { min: 5, max: 1 } }), 'filter.dteAtEntry'],
    ['a rating above 5', q({ rating: { min: 6 } }), 'filter.rating.min'],
  ])('refuses %s with 400, naming the parameter', async (_, query, field) => {
    for (const path of ['/api/trades', '/api/analytics/summary', '/api/trades/export.csv']) {
      const res = await c.get(`${path}?${query}`);
      expect(res.status, path).toBe(400);
      expect(Object.keys(((await res.json()) as { fields: Record<string, string> }).fields)).toContain(field);
    }
  });

  it('takes the new parameters on the list, the export and analytics alike', async () => {
    const count = async (filter: TradeFilter) =>
      Number((await c.json<AnalyticsSummaryJson>(c.get(`/api/analytics/summary?${q(filter)}`))).trades.count);
    // MSFT opened on a Tuesday at 15:00 UTC (10:00 in New York: regular hours), closed within its day.
    const msft: TradeFilter = {
      weekdays: [2],
      session: ['regular'],
      intraday: true,
      entryHours: [15],
      assetClasses: ['stock'],
    };
    expect(await listSymbols(q(msft))).toEqual(['MSFT']);
    expect(await exportSymbols(q(msft))).toEqual(['MSFT']);
    expect(await count(msft)).toBe(1);
    // Each trade opened on a day of its own: each the day's first.
    expect(await listSymbols(q({ nthTradeOfDay: { min: 2 } }))).toEqual([]);
    expect(await listSymbols(q({ nthTradeOfDay: { max: 1 }, symbols: ['NVDA'] }))).toEqual(['NVDA']);
    // MSFT opened an hour after AAPL (a win) closed in its account; MES a day after the option (a win) in its own.
    expect(await listSymbols(q({ previousOutcome: ['win'] }))).toEqual(['MSFT', 'MESM24']);
    expect(await count({ previousOutcome: ['win'], minutesSincePrevious: { max: 60 } })).toBe(1);
    expect(await listSymbols(q({ lossesInARowBefore: { min: 1 } }))).toEqual(['NVDA']);
    const option = (
      await listSymbols(q({ optionRight: 'call', underlyings: ['aapl'], strike: { min: '170', max: '170' } }))
    )[0];
    expect(option).toMatch(/^AAPL {2}240419C00170000$/);
    expect(
      await listSymbols(q({ underlyings: ['AAPL'], expiryTo: '2024-04-19', dteAtEntry: { min: 18, max: 18 } })),
    ).toEqual([option]);
    expect(await listSymbols(q({ futuresRoots: ['mes'] }))).toEqual(['MESM24']);
    expect(await count({ mae: { min: '0' } })).toBe(0);
  });

  it("selects nothing for another user's account, strategy, tag or import", async () => {
    const foreign = 'aaaaaaaa-0000-4000-8000-00000000000f';
    for (const filter of [
      { accountIds: [foreign] },
      { strategyIds: [foreign] },
      { tagsAny: [foreign] },
      { importIds: [foreign] },
    ] as TradeFilter[]) {
      expect(await listSymbols(q(filter)), JSON.stringify(filter)).toEqual([]);
    }
  });

  it('counts a trade inside the breakeven band (Settings) as breakeven', async () => {
    // MSFT lost 20 (10 × 2): a stock band of 25 makes it breakeven; AAPL won 30, still a win.
    expect(await listSymbols(q({ outcomes: ['breakeven'] }))).toEqual([]);
    const patched = await c.request('PATCH', '/api/auth/user', { breakevenBands: { stock: '25' } });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(((await patched.json()) as { breakevenBands: Record<string, string> }).breakevenBands).toEqual({
      stock: '25',
    });
    expect(await listSymbols(q({ outcomes: ['breakeven'] }))).toEqual(['MSFT']);
    expect(await listSymbols(q({ outcomes: ['win'], assetClasses: ['stock'] }))).toEqual(['AAPL']);
    expect(await listSymbols(q({ outcomes: ['loss'] }))).toEqual([]);
    const bad = await c.request('PATCH', '/api/auth/user', { breakevenBands: { stock: '-1' } });
    expect(bad.status).toBe(400);
    await c.request('PATCH', '/api/auth/user', { breakevenBands: {} });
    expect(await listSymbols(q({ outcomes: ['loss'] }))).toEqual(['MSFT']);
  });

  it('answers the filter catalogue: every parameter with its label, group, type and allowed values', async () => {
    const catalogue = await c.json<FilterCatalogueJson>(c.get('/api/reports/filters'));
    expect(catalogue.fields.map((field) => field.id)).toEqual(TRADE_FIELDS.map((field) => field.id));
    expect(catalogue.fields.length).toBeGreaterThanOrEqual(60);
    expect(catalogue.fields.find((field) => field.id === 'weekdays')).toMatchObject({
      group: 'dates',
      type: 'intList',
      range: { min: 1, max: 7 },
      values: expect.arrayContaining([{ value: 1, label: 'Monday' }]),
    });
    expect(catalogue.fields.find((field) => field.id === 'dayPlanFollowed')?.untilDataExists).toBe('nothing');
    expect(catalogue.fields.find((field) => field.id === 'ruleAdherencePct')?.untilDataExists).toBeUndefined();
    expect((await new TestClient(t.url('')).get('/api/reports/filters')).status).toBe(401);
  });

  it('publishes the filter as JSON Schema, one property per field of the registry', async () => {
    const schema = await c.json<{ properties: Record<string, unknown> }>(c.get('/api/trades/filter-schema'));
    expect(Object.keys(schema.properties)).toEqual(TRADE_FIELDS.map((field) => field.id));
  });
});
