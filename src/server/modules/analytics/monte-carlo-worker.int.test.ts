import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountJson, ExecutionInput } from '../../../contracts/trades';
import { runMonteCarlo, type MonteCarloResult } from '../../../core/analytics';
import type { ErrorBody } from '../../errors';
import { createUser } from '../users';
import { TestClient } from '../../../../test/helpers/http-client';
import { startTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { FAULTY_WORKER_RUNS, FAULTY_WORKER_URL } from '../../../../test/fixtures/workers/faulty-worker-runs';
import { manualTimeLimit } from '../../../../test/helpers/manual-time-limit';
import { configureMonteCarloPool, type MonteCarloPoolOptions } from './monte-carlo-pool';

const PASSWORD = 'long-enough-password';
const STARTING_BALANCE = 25_000;
/** Net P&L of each seeded trade, in close order (multiples of 2.5: exact as decimals and doubles). */
const PNL = Array.from({ length: 40 }, (_, i) => (((i * 37) % 91) - 40) * 2.5);

let t: TestApp;
let client: TestClient;
let account: AccountJson;

const simulate = (body: Record<string, unknown>) =>
  client.post('/api/analytics/monte-carlo', { accountId: account.id, ...body });

/**
 * What the route answers, the engine run in this thread for the seeded trades (the service's
 * defaults otherwise): the answer's currency (the account's, USD) first, then the result.
 */
const simulateInThread = (params: { runs: number; seed: number }) => ({
  currency: 'USD',
  unconverted: [],
  unconvertedStartingBalances: [],
  ...runMonteCarlo({
    outcomes: PNL,
    startingEquity: STARTING_BALANCE,
    horizon: PNL.length,
    method: 'bootstrap',
    sizing: 'fixed-dollar',
    riskFraction: 0.01,
    ruinDrawdownFrac: 0.5,
    ...params,
  }),
});

/**
 * One worker that hangs on FAULTY_WORKER_RUNS.hang, under a time limit only the test reaches
 * (manualTimeLimit): what runs, waits or overruns never depends on the machine's speed.
 */
async function configureManualPool(options: Partial<MonteCarloPoolOptions> = {}) {
  const limit = manualTimeLimit();
  await configureMonteCarloPool({ size: 1, startTimer: limit.startTimer, workerUrl: FAULTY_WORKER_URL, ...options });
  return limit;
}

beforeAll(async () => {
  t = await startTestApp();
  await createUser(t.database.db, { email: 'sim@example.com', password: PASSWORD, isVerified: true, now: new Date() });
  client = new TestClient(t.url(''));
  await client.login('sim@example.com', PASSWORD);
  account = await client.json<AccountJson>(
    client.post('/api/accounts', { name: 'Main', startingBalance: String(STARTING_BALANCE) }),
  );
  // One lot per trade, each on its own symbol, closed a day apart: net P&L = sell − buy, no fees.
  const executions: ExecutionInput[] = PNL.flatMap((pnl, i) => {
    const closedAt = Date.UTC(2024, 0, 2 + i, 15);
    return [
      {
        executedAt: new Date(closedAt - 60_000).toISOString(),
        symbol: `MC${i}`,
        side: 'buy',
        quantity: '1',
        price: '10000',
      },
      {
        executedAt: new Date(closedAt).toISOString(),
        symbol: `MC${i}`,
        side: 'sell',
        quantity: '1',
        price: (10_000 + pnl).toFixed(2),
      },
    ];
  });
  const res = await client.post('/api/executions', { accountId: account.id, executions });
  expect(res.status, await res.clone().text()).toBe(200);
});

afterAll(async () => {
  await configureMonteCarloPool({});
  await t.close();
});

describe('POST /api/analytics/monte-carlo on the worker pool', () => {
  it('answers byte for byte what the engine answers in the thread for the same seed', async () => {
    const res = await simulate({ runs: 3_000, seed: 123_456_789 });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(JSON.stringify(simulateInThread({ runs: 3_000, seed: 123_456_789 })));
  });

  it('keeps answering other requests while a simulation runs', async () => {
    // One that never ends: on the request thread no health check would be answered at all, so this
    // holds however fast or slow the machine is.
    const limit = await configureManualPool();
    const simulation = simulate({ runs: FAULTY_WORKER_RUNS.hang, seed: 1 });
    await limit.whenRunning();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(t.url('/api/health'));
      await res.arrayBuffer();
      expect(res.status).toBe(200);
    }
    await configureMonteCarloPool({}); // closing the pool answers the simulation 503
    expect((await simulation).status).toBe(503);
  });

  it('answers 503 BUSY with Retry-After when the queue is full, and the rest in turn', async () => {
    // The first never ends until the test stops it, so the queue is certainly full for the third.
    const limit = await configureManualPool({ maxQueued: 1 });
    const running = simulate({ runs: FAULTY_WORKER_RUNS.hang, seed: 1 });
    await limit.whenRunning();
    const requests = [2, 3].map(async (seed) => {
      const res = await simulate({ runs: 2_000, seed });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as unknown };
    });
    // Whichever arrived second is refused at once; the other waits behind the first.
    const refused = await Promise.race(requests);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      error: 'BUSY',
      message: 'The server is busy running other simulations. Please try again in a moment.',
    } satisfies ErrorBody);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    await limit.overrunNext();
    expect((await running).status).toBe(500);
    expect((await Promise.all(requests)).map((a) => a.status).sort()).toEqual([200, 503]);
    // The queue has drained: the next one is accepted.
    expect((await simulate({ runs: 1_000, seed: 4 })).status).toBe(200);
  });

  it('answers 500 with a clear message when the worker crashes, and the next request works', async () => {
    await configureMonteCarloPool({ size: 1, workerUrl: FAULTY_WORKER_URL });
    const res = await simulate({ runs: FAULTY_WORKER_RUNS.exit, seed: 5 });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      error: 'INTERNAL',
      message: 'The simulation stopped unexpectedly. Please try again.',
    } satisfies ErrorBody);
    const next = await simulate({ runs: 2_000, seed: 6 });
    expect(next.status).toBe(200);
    expect(await next.text()).toBe(JSON.stringify(simulateInThread({ runs: 2_000, seed: 6 })));
  });

  it('stops a simulation over the time limit with a clear 500, and the next request works', async () => {
    // The test reaches the limit itself: a real one could stop the next simulation on a slow machine.
    const limit = await configureManualPool({ timeoutMs: 2_000 });
    const answer = simulate({ runs: FAULTY_WORKER_RUNS.hang, seed: 7 });
    await limit.overrunNext();
    const res = await answer;
    expect(res.status).toBe(500);
    expect(((await res.json()) as ErrorBody).message).toBe(
      'The simulation took longer than 2 seconds and was stopped. Try fewer runs or a shorter horizon.',
    );
    const next = await simulate({ runs: 2_000, seed: 8 });
    expect(next.status).toBe(200);
    expect(((await next.json()) as MonteCarloResult).seed).toBe(8);
  });
});
