import type { MonteCarloResult } from '../../../core/analytics';

/** What the Monte Carlo worker posts back: progress after each chunk, then a result or an error. */
export type MonteCarloWorkerResponse =
  | { type: 'progress'; done: number; total: number }
  | { type: 'result'; result: MonteCarloResult }
  | { type: 'error'; message: string };
