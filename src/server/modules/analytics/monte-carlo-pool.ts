/**
 * Monte Carlo simulations on a small pool of worker threads: 100,000 runs take seconds of CPU, which
 * on the request thread would stall every other request of the server meanwhile.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { MonteCarloParams, MonteCarloResult } from '../../../core/analytics';
import { AppError } from '../../errors';
import { startTsWorker } from '../../workers/ts-worker';
import type { MonteCarloJob, MonteCarloReply } from './monte-carlo-job';

export type MonteCarloPoolOptions = {
  /** Worker threads, started on first need and kept; idle ones do not hold the process open. */
  size: number;
  /** Simulations that may wait for a free worker; one more is refused with 503 BUSY. */
  maxQueued: number;
  /** A simulation running longer is stopped: its worker is terminated and replaced. */
  timeoutMs: number;
  /**
   * Starts one simulation's time limit: calls `onOverrun` once `ms` have passed, unless the returned
   * function cancels it first. A real timer by default; tests pass one they fire themselves, so
   * whether a simulation overruns never depends on how fast the machine is.
   */
  startTimer: (ms: number, onOverrun: () => void) => () => void;
  /** The worker module (tests substitute one that fails). */
  workerUrl: URL;
};

/**
 * One thread per CPU but one (left to the event loop), at most 2. The largest request accepted
 * (100,000 runs × 10,000 trades) takes well under the time limit on an idle machine, so the limit
 * leaves room for a slow or loaded one.
 */
export const DEFAULT_MONTE_CARLO_POOL_OPTIONS: MonteCarloPoolOptions = {
  size: Math.min(2, Math.max(1, availableParallelism() - 1)),
  maxQueued: 8,
  timeoutMs: 60_000,
  startTimer: (ms, onOverrun) => {
    const timer = setTimeout(onOverrun, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
  workerUrl: new URL('./monte-carlo-worker.ts', import.meta.url),
};

const RETRY_AFTER_SECONDS = 5;
const SHUTTING_DOWN = 'The server is shutting down. Please try again in a moment.';
const CRASHED = 'The simulation stopped unexpectedly. Please try again.';

const toBusyError = (message: string) =>
  new AppError('BUSY', message, undefined, { retryAfterSeconds: RETRY_AFTER_SECONDS });

export type MonteCarloPool = {
  /** The result `runMonteCarlo(params)` gives in the calling thread, computed in a worker. */
  run: (params: MonteCarloParams & { seed: number }) => Promise<MonteCarloResult>;
  /** Stops every worker; waiting and running simulations are answered 503 BUSY. */
  close: () => Promise<void>;
};

type Task = { job: MonteCarloJob; resolve: (result: MonteCarloResult) => void; reject: (err: Error) => void };
type Slot = { worker: Worker; task: Task | null; stopTimer: () => void; failure: Error | undefined };

const toEngineError = ({ name, message }: { name: string; message: string }) => {
  const err = name === 'RangeError' ? new RangeError(message) : new Error(message);
  if (err.name !== name) err.name = name;
  return err;
};

/**
 * A pool running one simulation per worker at a time, the rest in a bounded FIFO queue. A worker
 * that crashes or overruns the time limit answers its simulation 500 and is replaced on next need.
 */
export function createMonteCarloPool(overrides: Partial<MonteCarloPoolOptions> = {}): MonteCarloPool {
  const options: MonteCarloPoolOptions = { ...DEFAULT_MONTE_CARLO_POOL_OPTIONS, ...overrides };
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let isClosed = false;

  /** Takes the slot's task off it (the worker is idle again, or gone) and returns it. */
  const release = (slot: Slot): Task | null => {
    const task = slot.task;
    slot.task = null;
    slot.stopTimer();
    slot.worker.unref();
    return task;
  };

  /** Drops a worker that crashed or overran: its task gets `err`, a new worker takes the next one. */
  const discard = (slot: Slot, err: AppError) => {
    const index = slots.indexOf(slot);
    if (index === -1) return;
    slots.splice(index, 1);
    release(slot)?.reject(err);
    void slot.worker.terminate();
    dispatch();
  };

  const startSlot = (): Slot => {
    const slot: Slot = {
      worker: startTsWorker(options.workerUrl),
      task: null,
      stopTimer: () => {},
      failure: undefined,
    };
    slot.worker.unref();
    slot.worker.on('message', (reply: MonteCarloReply) => {
      const task = release(slot);
      if (task) {
        if ('result' in reply) task.resolve(reply.result);
        else task.reject(toEngineError(reply.error));
      }
      dispatch();
    });
    // 'error' (an uncaught exception in the thread) is followed by 'exit'.
    slot.worker.on('error', (err) => (slot.failure = err));
    slot.worker.on('messageerror', (err) => (slot.failure = err));
    slot.worker.on('exit', (code) => {
      const cause = slot.failure ?? new Error(`The Monte Carlo worker exited with code ${code}`);
      discard(slot, new AppError('INTERNAL', CRASHED, undefined, { cause }));
    });
    slots.push(slot);
    return slot;
  };

  const startTask = (slot: Slot, task: Task) => {
    slot.task = task;
    // NOTE: a busy worker keeps the process alive until its answer, an idle one does not.
    slot.worker.ref();
    slot.stopTimer = options.startTimer(options.timeoutMs, () => {
      if (slot.task !== task) return; // a limit reached after its simulation ended
      const seconds = Math.round(options.timeoutMs / 1000);
      const message = `The simulation took longer than ${seconds} seconds and was stopped. Try fewer runs or a shorter horizon.`;
      discard(slot, new AppError('INTERNAL', message, undefined, { cause: new Error('Monte Carlo time limit') }));
    });
    slot.worker.postMessage(task.job, [task.job.outcomes.buffer]);
  };

  /** Starts waiting tasks on idle workers, starting workers up to the pool's size. */
  function dispatch() {
    while (queue.length > 0 && !isClosed) {
      const slot = slots.find((s) => s.task === null) ?? (slots.length < options.size ? startSlot() : null);
      if (!slot) return;
      startTask(slot, queue.shift()!); // the loop condition holds an element
    }
  }

  const isSaturated = () => slots.length >= options.size && slots.every((s) => s.task !== null);

  return {
    run: async (params) => {
      if (isClosed) throw toBusyError(SHUTTING_DOWN);
      if (isSaturated() && queue.length >= options.maxQueued) {
        throw toBusyError('The server is busy running other simulations. Please try again in a moment.');
      }
      const { outcomes, ...rest } = params;
      const job: MonteCarloJob = { params: rest, outcomes: Float64Array.from(outcomes) };
      return new Promise<MonteCarloResult>((resolve, reject) => {
        queue.push({ job, resolve, reject });
        dispatch();
      });
    },
    close: async () => {
      isClosed = true;
      const err = toBusyError(SHUTTING_DOWN);
      for (const task of queue.splice(0)) task.reject(err);
      const stopped = slots.splice(0);
      for (const slot of stopped) release(slot)?.reject(err);
      await Promise.all(stopped.map((slot) => slot.worker.terminate()));
    },
  };
}

let shared: MonteCarloPool | null = null;
let sharedOverrides: Partial<MonteCarloPoolOptions> = {};

/**
 * `runMonteCarlo(params)` on the process's shared pool, started on first use: the same result for
 * the same seed. Rejects with 503 BUSY when too many simulations wait, with 500 INTERNAL when the
 * worker crashes or overruns the time limit.
 */
export function runMonteCarloInWorker(params: MonteCarloParams & { seed: number }): Promise<MonteCarloResult> {
  shared ??= createMonteCarloPool(sharedOverrides);
  return shared.run(params);
}

/** Stops the shared pool's workers (the app's onClose); a later simulation starts it again. */
export async function closeMonteCarloPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}

/**
 * Sets the shared pool's options over the defaults (tests: a short queue, a short time limit). The
 * current pool is closed, so simulations in flight are answered 503; the next one starts a new pool.
 */
export async function configureMonteCarloPool(overrides: Partial<MonteCarloPoolOptions>): Promise<void> {
  await closeMonteCarloPool();
  sharedOverrides = overrides;
}
