import { runMonteCarlo, type MonteCarloParams, type MonteCarloResult } from '../../../core/analytics';

/**
 * One simulation as posted to a Monte Carlo worker: `runMonteCarlo`'s parameters, the outcomes as a
 * Float64Array whose buffer is transferred rather than copied.
 */
export type MonteCarloJob = {
  params: Omit<MonteCarloParams, 'outcomes'> & { seed: number };
  outcomes: Float64Array<ArrayBuffer>;
};

/** A worker's answer: the result, or the engine's error (a RangeError for impossible parameters). */
export type MonteCarloReply = { result: MonteCarloResult } | { error: { name: string; message: string } };

/** Runs one job as `runMonteCarlo` would in the calling thread: the same seed gives the same result. */
export function runMonteCarloJob(job: MonteCarloJob): MonteCarloReply {
  try {
    return { result: runMonteCarlo({ ...job.params, outcomes: Array.from(job.outcomes) }) };
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    return { error: { name: error.name, message: error.message } };
  }
}
