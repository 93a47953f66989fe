import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountJson, ExecutionInput, TradeJson, TradeListJson } from '../../../contracts/trades';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { getAccountForUpdate } from '../accounts';
import { insertExecutions, prepareExecutions, regroupStep, type RegroupCut } from '../trades';
import { createUser, getAnalyticsVersion, type UserRow } from '../users';
import { regroupInSteps as regroupInImportSteps } from './import-runner';
import { PROPERTY_OVER_DATABASE_MS } from '../../../../test/helpers/timeouts';

/**
 * A large rebuild goes in steps, each its own transaction, each stopping at a flat point
 * (regroupStep; import-runner.ts drives it). Whatever the step size, the trades at the end are
 * those the same fills give entered by hand, with their journals kept; and when another writer
 * changes the instrument between two steps, going on by the usual rule from where the last step
 * stopped still gives them (the import's steps see the data version move, import-runner.ts).
 */
const PASSWORD = 'long-enough-password';
let t: TestApp;
let client: TestClient;
let user: UserRow;
let userId: string;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  user = await createUser(t.database.db, {
    email: 'stepped@example.com',
    password: PASSWORD,
    isVerified: true,
    now: new Date(),
  });
  userId = user.id;
  client = new TestClient(t.url(''));
  await client.login('stepped@example.com', PASSWORD);
});
afterAll(() => t.close());

const fillAt = (minute: number, side: 'buy' | 'sell', quantity: number, symbol = 'QQQ'): ExecutionInput => ({
  executedAt: new Date(Date.UTC(2025, 2, 3, 14, 0) + minute * 60_000).toISOString(),
  symbol,
  side,
  quantity: String(quantity),
  price: String(100 + (minute % 7)),
  commission: '0.50',
});

const newAccount = async () =>
  (await client.json<AccountJson>(client.post('/api/accounts', { name: randomUUID() }))).id;

async function tradesOf(accountId: string): Promise<TradeJson[]> {
  const page = await client.json<TradeListJson>(
    client.get(`/api/trades?accountId=${accountId}&limit=500&sort=openedAt&order=asc`),
  );
  return page.trades;
}

/**
 * The trades without their ids, in opening order. Trades opened at the same instant (a fill that
 * closes one and opens the next) come in the list's order of their ids, which are random: they
 * are ordered by their figures instead.
 */
const figures = (list: TradeJson[]) =>
  list
    .map(({ id: _id, accountId: _account, ...rest }) => rest)
    .map((trade) => ({ trade, text: JSON.stringify(trade) }))
    .sort((a, b) => a.trade.openedAt.localeCompare(b.trade.openedAt) || a.text.localeCompare(b.text))
    .map(({ trade }) => trade);

async function enter(accountId: string, fills: ExecutionInput[]) {
  expect((await client.post('/api/executions', { accountId, executions: fills })).status).toBe(200);
}

/** Fills stored as an import stores those it cannot group as they come: no trade rebuilt. */
async function storeOnly(accountId: string, fills: ExecutionInput[], firstSequence: number) {
  await t.database.db.transaction(async (tx) => {
    await getAccountForUpdate(tx, { userId, id: accountId });
    const items = prepareExecutions(fills, { accountCurrency: 'USD' });
    await insertExecutions(tx, { userId, accountId, items, firstSequence });
  });
}

/**
 * Runs steps of `maxFills` until none is left, each in its own transaction, as the import does:
 * the cuts given first together, then each instrument left over in a step of its own. Answers the steps.
 */
async function regroupInSteps(accountId: string, cuts: RegroupCut[], maxFills: number) {
  const pending: RegroupCut[][] = [cuts];
  let steps = 0;
  while (pending.length > 0) {
    const given = pending.shift()!;
    const step = await t.database.db.transaction(async (tx) => {
      await getAccountForUpdate(tx, { userId, id: accountId });
      return regroupStep(tx, { cuts: given, maxFills, defaultRiskAmount: null, now: new Date() });
    });
    steps += 1;
    pending.unshift(...step.rest.map((cut) => [cut]));
  }
  return steps;
}

/** A random walk of fills on two instruments, flat now and then, crossing zero now and then. */
const walk = fc.array(
  fc.record({
    side: fc.constantFrom('buy' as const, 'sell' as const),
    quantity: fc.integer({ min: 1, max: 3 }),
    symbol: fc.constantFrom('QQQ', 'QQQ', 'SPY'),
  }),
  { minLength: 1, maxLength: 40 },
);

describe('a rebuild in steps (regroupStep)', () => {
  // Sized by its runs: each run rebuilds over the database, so a busy machine takes minutes.
  it(
    'gives the trades the fills give entered by hand, whatever the step size, with fills stored out of order',
    { timeout: PROPERTY_OVER_DATABASE_MS },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          walk,
          fc.integer({ min: 0, max: 40 }),
          fc.integer({ min: 1, max: 8 }),
          async (moves, at, size) => {
            const fills = moves.map((move, index) => fillAt(index * 2, move.side, move.quantity, move.symbol));
            const before = fills.filter((_, index) => index < at);
            // Stored after the others but earlier in time for some: each lands between two of them, or
            // at the time of one (at a price none of them has: not the same fill listed again, which
            // the account would count once).
            const later = fills
              .filter((_, index) => index >= at)
              .map((fill, index) => ({
                ...fill,
                executedAt: fillAt(index * 3 + 1, 'buy', 1).executedAt,
                price: '99.99',
              }));
            const accountId = await newAccount();
            if (before.length > 0) await enter(accountId, before);
            await storeOnly(accountId, later, 1_000_000);
            const changedAt =
              later.length > 0 ? new Date(later.map((fill) => fill.executedAt).sort()[0]!) : new Date(0);
            const cuts = ['stock:QQQ', 'stock:SPY'].map((instrumentKey) => ({ accountId, instrumentKey, changedAt }));
            await regroupInSteps(accountId, cuts, size);
            const expected = await newAccount();
            await enter(expected, [...before, ...later]);
            expect(figures(await tradesOf(accountId))).toEqual(figures(await tradesOf(expected)));
          },
        ),
        { numRuns: 25 },
      );
    },
  );

  it('stops at flat points, keeps each trade’s id and journal, and reads a position never flat whole', async () => {
    const accountId = await newAccount();
    // Six round trips, then a position held across twelve fills.
    const trips = Array.from({ length: 6 }, (_, i) => [fillAt(i * 2, 'buy', 2), fillAt(i * 2 + 1, 'sell', 2)]).flat();
    const held = [
      fillAt(20, 'buy', 1),
      ...Array.from({ length: 10 }, (_, i) => fillAt(21 + i, 'buy', 1)),
      fillAt(40, 'sell', 11),
    ];
    await enter(accountId, [...trips, ...held]);
    const trades = await tradesOf(accountId);
    expect(trades).toHaveLength(7);
    const noted = trades[3]!;
    expect(
      (await client.request('PATCH', `/api/trades/${noted.id}`, { notes: 'Waited for the pullback' })).status,
    ).toBe(200);

    const steps = await regroupInSteps(accountId, [{ accountId, instrumentKey: 'stock:QQQ', changedAt: null }], 4);
    // Four fills (two trips) a step, then the held position: 12 fills, no flat point before its last, read whole.
    expect(steps).toBe(4);
    const after = await tradesOf(accountId);
    expect(after.map((trade) => trade.id)).toEqual(trades.map((trade) => trade.id));
    expect(after.find((trade) => trade.id === noted.id)).toMatchObject({ notes: 'Waited for the pullback' });
    expect(after.map(({ notes: _n, ...rest }) => rest)).toEqual(trades.map(({ notes: _n, ...rest }) => rest));
  });

  it('keeps each step of an import near its budget, however many instruments it rebuilds', async () => {
    const accountId = await newAccount();
    const symbols = ['AAA', 'BBB', 'CCC', 'DDD', 'EEE', 'FFF', 'GGG', 'HHH'];
    // Each instrument: one new round trip early, then 20 round trips the account had after it.
    const had = symbols.flatMap((symbol, s) =>
      Array.from({ length: 20 }, (_, i) => [
        fillAt(100 + i * 8 + s, 'buy', 1, symbol),
        fillAt(104 + i * 8 + s, 'sell', 1, symbol),
      ]).flat(),
    );
    const added = symbols.flatMap((symbol, s) => [fillAt(s, 'buy', 2, symbol), fillAt(50 + s, 'sell', 2, symbol)]);
    await enter(accountId, had);
    await storeOnly(accountId, added, 1_000_000);
    const replayed: number[] = [];
    await regroupInImportSteps(t.database.db, {
      user,
      accountId,
      cuts: symbols.map((symbol) => ({
        accountId,
        instrumentKey: `stock:${symbol}`,
        changedAt: new Date(added[0]!.executedAt),
      })),
      fillsByInstrument: new Map(symbols.map((symbol) => [`stock:${symbol}`, 2])),
      now: new Date(),
      stepFills: 40,
      sizer: null,
      time: (_fills, step) => step(),
      endStep: (tx) => getAnalyticsVersion(tx, userId),
      afterStep: async (fills) => void replayed.push(fills),
    });
    expect(replayed.reduce((sum, fills) => sum + fills, 0)).toBeGreaterThanOrEqual(had.length + added.length);
    expect(Math.max(...replayed)).toBeLessThanOrEqual(40);
    const expected = await newAccount();
    await enter(expected, [...added, ...had]);
    expect(figures(await tradesOf(accountId))).toEqual(figures(await tradesOf(expected)));
  });

  it('finishes when the data version moves before every step, with trades closing in the second the next opens', async () => {
    const accountId = await newAccount();
    // Ten trades of three fills: bought 2, sold 1, sold 1, the last sale in the second of the next buy.
    const at = (second: number) => new Date(Date.UTC(2025, 2, 4, 15, 0, second)).toISOString();
    const fills: ExecutionInput[] = Array.from({ length: 10 }, (_, i) => [
      { executedAt: at(i * 2), symbol: 'QQQ', side: 'buy' as const, quantity: '2', price: '100' },
      { executedAt: at(i * 2 + 1), symbol: 'QQQ', side: 'sell' as const, quantity: '1', price: '101' },
      { executedAt: at(i * 2 + 2), symbol: 'QQQ', side: 'sell' as const, quantity: '1', price: '102' },
    ]).flat();
    await storeOnly(accountId, fills, 1);
    // Another account's trade, edited before every step: the user's data version moves each time.
    const elsewhere = await newAccount();
    await enter(elsewhere, [fillAt(0, 'buy', 1), fillAt(1, 'sell', 1)]);
    const [other] = await tradesOf(elsewhere);
    let steps = 0;
    await regroupInImportSteps(t.database.db, {
      user,
      accountId,
      cuts: [{ accountId, instrumentKey: 'stock:QQQ', changedAt: null }],
      fillsByInstrument: new Map([['stock:QQQ', fills.length]]),
      now: new Date(),
      stepFills: 4,
      sizer: null,
      time: async (_fills, step) => {
        steps += 1;
        if (steps > 40) throw new Error(`no end after ${steps} steps`);
        const result = await step();
        expect((await client.request('PATCH', `/api/trades/${other!.id}`, { notes: `step ${steps}` })).status).toBe(
          200,
        );
        return result;
      },
      endStep: (tx) => getAnalyticsVersion(tx, userId),
      afterStep: async () => undefined,
    });
    expect(steps).toBeLessThanOrEqual(10);
    const expected = await newAccount();
    await enter(expected, fills);
    expect(figures(await tradesOf(accountId))).toEqual(figures(await tradesOf(expected)));
  });

  it('goes on right when another writer changes the instrument between two of an import’s steps', async () => {
    const accountId = await newAccount();
    const trips = Array.from({ length: 8 }, (_, i) => [fillAt(i * 4, 'buy', 1), fillAt(i * 4 + 2, 'sell', 1)]).flat();
    await enter(accountId, trips.slice(0, 4));
    await storeOnly(accountId, trips.slice(4), 1_000_000);
    // In another tab, after the import's first step: a buy inside the stretch that step rebuilt,
    // so the position is no longer flat where it stopped.
    const extra = fillAt(9, 'buy', 1);
    let steps = 0;
    const regrouped = await regroupInImportSteps(t.database.db, {
      user,
      accountId,
      cuts: [{ accountId, instrumentKey: 'stock:QQQ', changedAt: new Date(trips[4]!.executedAt) }],
      fillsByInstrument: new Map([['stock:QQQ', 12]]),
      now: new Date(),
      stepFills: 2,
      sizer: null,
      time: async (_fills, step) => {
        const result = await step();
        steps += 1;
        if (steps === 1) await enter(accountId, [extra]);
        return result;
      },
      endStep: (tx) => getAnalyticsVersion(tx, userId),
      afterStep: async () => undefined,
    });
    // From the buy on, the position is never flat again: the second step rebuilds the rest whole.
    expect(steps).toBe(2);
    const expected = await newAccount();
    await enter(expected, [...trips, extra]);
    const trades = await tradesOf(accountId);
    expect(figures(trades)).toEqual(figures(await tradesOf(expected)));
    expect(trades.every((trade) => trade.openedAt < extra.executedAt || regrouped.has(trade.id))).toBe(true);
  });
});
