import { afterEach, describe, expect, it } from 'vitest';
import { runMonteCarlo, type MonteCarloParams } from '../../../core/analytics';
import { AppError } from '../../errors';
import { FAULTY_WORKER_RUNS, FAULTY_WORKER_URL } from '../../../../test/fixtures/workers/faulty-worker-runs';
import { manualTimeLimit } from '../../../../test/helpers/manual-time-limit';
import { createMonteCarloPool, type MonteCarloPool } from './monte-carlo-pool';

const OUTCOMES = Array.from({ length: 120 }, (_, i) => (((i * 7919) % 23) - 9) * 12.5);
const params = (overrides: Partial<MonteCarloParams & { seed: number }> = {}) => ({
  outcomes: OUTCOMES,
  startingEquity: 10_000,
  runs: 500,
  horizon: 100,
  method: 'bootstrap' as const,
  sizing: 'fixed-dollar' as const,
  riskFraction: 0.01,
  ruinDrawdownFrac: 0.5,
  seed: 42,
  ...overrides,
});

/** The AppError a rejected run gave, or a failure when it resolved or failed otherwise. */
async function rejectionOf(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => new Error('expected the simulation to fail'),
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw err;
  return err;
}

/** A time limit never reached: a simulation meant to finish has no deadline it could miss on a slow machine. */
const NO_DEADLINE = { startTimer: () => () => {} };

let pool: MonteCarloPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('createMonteCarloPool', () => {
  it.each([
    ['bootstrap', 'fixed-dollar'],
    ['bootstrap', 'fixed-fraction'],
    ['shuffle', 'fixed-dollar'],
    ['shuffle', 'fixed-fraction'],
  ] as const)('answers what runMonteCarlo answers in the thread for the same seed (%s, %s)', async (method, sizing) => {
    pool = createMonteCarloPool({ ...NO_DEADLINE, size: 1 });
    const request = params({
      method,
      sizing,
      outcomes: sizing === 'fixed-fraction' ? [1.5, -1, 2, -1, 0.5] : OUTCOMES,
    });
    const result = await pool.run(request);
    expect(JSON.stringify(result)).toBe(JSON.stringify(runMonteCarlo(request)));
  });

  it('leaves the caller its outcomes (the worker gets a transferred copy)', async () => {
    pool = createMonteCarloPool({ ...NO_DEADLINE, size: 1 });
    const outcomes = [...OUTCOMES];
    await pool.run(params({ outcomes }));
    expect(outcomes).toEqual(OUTCOMES);
  });

  it('refuses a simulation with 503 BUSY and a Retry-After once the queue is full', async () => {
    pool = createMonteCarloPool({ ...NO_DEADLINE, size: 1, maxQueued: 1 });
    const running = pool.run(params({ runs: 20_000, horizon: 500 }));
    const waiting = pool.run(params({ seed: 2 }));
    const refused = await rejectionOf(pool.run(params({ seed: 3 })));
    expect(refused.code).toBe('BUSY');
    expect(refused.status).toBe(503);
    expect(refused.message).toMatch(/busy.*try again in a moment/i);
    expect(refused.options.retryAfterSeconds).toBeGreaterThan(0);
    await expect(running).resolves.toMatchObject({ runs: 20_000 });
    await expect(waiting).resolves.toMatchObject({ seed: 2 });
    // The queue drained: the next one is accepted.
    await expect(pool.run(params({ seed: 4 }))).resolves.toMatchObject({ seed: 4 });
  });

  it('answers 500 when the worker exits, and runs the next simulation on a new worker', async () => {
    pool = createMonteCarloPool({ ...NO_DEADLINE, size: 1, workerUrl: FAULTY_WORKER_URL });
    const err = await rejectionOf(pool.run(params({ runs: FAULTY_WORKER_RUNS.exit })));
    expect(err.code).toBe('INTERNAL');
    expect(err.message).toBe('The simulation stopped unexpectedly. Please try again.');
    expect(String(err.cause)).toMatch(/exited with code 1/);
    await expect(pool.run(params())).resolves.toEqual(runMonteCarlo(params()));
  });

  it('answers 500 when the worker throws, with the worker error as the cause', async () => {
    pool = createMonteCarloPool({ ...NO_DEADLINE, size: 1, workerUrl: FAULTY_WORKER_URL });
    const err = await rejectionOf(pool.run(params({ runs: FAULTY_WORKER_RUNS.throw })));
    expect(err.code).toBe('INTERNAL');
    expect(String(err.cause)).toMatch(/Simulated failure/);
    await expect(pool.run(params())).resolves.toEqual(runMonteCarlo(params()));
  });

  it('stops a simulation that overruns the time limit and carries on with a new worker', async () => {
    const limit = manualTimeLimit();
    pool = createMonteCarloPool({
      size: 1,
      timeoutMs: 2_000,
      startTimer: limit.startTimer,
      workerUrl: FAULTY_WORKER_URL,
    });
    const stopped = rejectionOf(pool.run(params({ runs: FAULTY_WORKER_RUNS.hang })));
    await limit.overrunNext();
    const err = await stopped;
    expect(err.code).toBe('INTERNAL');
    expect(err.message).toMatch(/took longer than 2 seconds and was stopped/);
    // Its limit is never reached, however slowly the new worker starts.
    await expect(pool.run(params())).resolves.toEqual(runMonteCarlo(params()));
  });

  it('stops a simulation that never ends on the real timer', async () => {
    pool = createMonteCarloPool({ size: 1, timeoutMs: 1, workerUrl: FAULTY_WORKER_URL });
    const err = await rejectionOf(pool.run(params({ runs: FAULTY_WORKER_RUNS.hang })));
    expect(err.code).toBe('INTERNAL');
    expect(err.message).toMatch(/was stopped/);
    expect(String(err.cause)).toMatch(/time limit/);
  });

  it("rejects the engine's own errors as they are, without losing the worker", async () => {
    pool = createMonteCarloPool({ ...NO_DEADLINE, size: 1 });
    await expect(pool.run(params({ outcomes: [] }))).rejects.toThrow(
      new RangeError('Monte Carlo needs at least one trade'),
    );
    await expect(pool.run(params())).resolves.toMatchObject({ seed: 42 });
  });

  it('answers waiting and running simulations 503 when closed', async () => {
    pool = createMonteCarloPool({ ...NO_DEADLINE, size: 1, workerUrl: FAULTY_WORKER_URL });
    const running = rejectionOf(pool.run(params({ runs: FAULTY_WORKER_RUNS.hang })));
    const waiting = rejectionOf(pool.run(params()));
    await pool.close();
    expect((await running).code).toBe('BUSY');
    expect((await waiting).code).toBe('BUSY');
    expect((await rejectionOf(pool.run(params()))).message).toMatch(/shutting down/);
  });
});
