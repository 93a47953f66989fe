/**
 * The Monte Carlo run the browser's worker performs: the core engine, fed in chunks of runs so the
 * worker can report progress between them. Pure and deterministic: the same seed and inputs give
 * the same result, whatever machine runs it.
 */
import {
  createRandom,
  simulateMonteCarlo,
  summariseMonteCarlo,
  toEffectiveHorizon,
  type MonteCarloParams,
  type MonteCarloPaths,
  type MonteCarloResult,
} from '../../../core/analytics';

/** Runs per chunk: one progress report each. */
export const CHUNK_RUNS = 1_000;
/** Fan cells (points × runs) kept, as on the server: about 80 MB at most, 100 fan points at 100,000 runs. */
export const MAX_FAN_CELLS = 10_010_000;

export type MonteCarloRunParams = Omit<MonteCarloParams, 'maxFanCells'> & { seed: number };

/** Fan points (including the start) the core keeps for this many runs over this horizon. */
function toFanPoints(horizon: number, runs: number): number {
  return Math.max(1, Math.min(horizon, Math.floor(MAX_FAN_CELLS / runs) - 1)) + 1;
}

/**
 * Simulates in chunks of {@link CHUNK_RUNS} runs from one seeded generator, yielding the runs done
 * after each chunk and returning the summary. Every chunk keeps the same fan steps, so the merged
 * paths are what one call would give: for bootstrap exactly `runMonteCarlo` (and the server's
 * POST /api/analytics/monte-carlo) for the same seed; for shuffle the same distribution, because
 * each chunk restarts the permutation from history order. Throws the engine's RangeErrors.
 */
export function* simulateInChunks(params: MonteCarloRunParams): Generator<number, MonteCarloResult, void> {
  const { runs, outcomes, seed } = params;
  const random = createRandom(seed);
  const horizon = toEffectiveHorizon({ method: params.method, horizon: params.horizon, sampleSize: outcomes.length });
  const points = toFanPoints(horizon, runs);
  let merged: MonteCarloPaths | null = null;
  for (let first = 0; first < runs; first += CHUNK_RUNS) {
    const size = Math.min(CHUNK_RUNS, runs - first);
    const part = simulateMonteCarlo({ ...params, runs: size, maxFanCells: size * points, random });
    merged ??= {
      runs,
      horizon: part.horizon,
      startingEquity: part.startingEquity,
      ruinEquity: part.ruinEquity,
      terminal: new Float64Array(runs),
      maxDrawdownAbs: new Float64Array(runs),
      maxDrawdownFrac: new Float64Array(runs),
      longestLosingStreak: new Int32Array(runs),
      ruined: new Uint8Array(runs),
      fanSteps: part.fanSteps,
      fanEquity: new Float64Array(part.fanSteps.length * runs),
    };
    merged.terminal.set(part.terminal, first);
    merged.maxDrawdownAbs.set(part.maxDrawdownAbs, first);
    merged.maxDrawdownFrac.set(part.maxDrawdownFrac, first);
    merged.longestLosingStreak.set(part.longestLosingStreak, first);
    merged.ruined.set(part.ruined, first);
    for (let j = 0; j < part.fanSteps.length; j++) {
      merged.fanEquity.set(part.fanEquity.subarray(j * size, (j + 1) * size), j * runs + first);
    }
    yield first + size;
  }
  if (!merged) throw new RangeError('runs must be a positive integer');
  return summariseMonteCarlo(merged, {
    method: params.method,
    sizing: params.sizing,
    riskFraction: params.riskFraction,
    ruinDrawdownFrac: params.ruinDrawdownFrac,
    seed,
    sampleSize: outcomes.length,
  });
}

/** Runs {@link simulateInChunks} to the end, calling `onProgress(done, total)` after each chunk. */
export function runMonteCarloInChunks(
  params: MonteCarloRunParams,
  onProgress?: (done: number, total: number) => void,
): MonteCarloResult {
  const steps = simulateInChunks(params);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    onProgress?.(step.value, params.runs);
  }
}

/** A fresh seed for the "New seed" button: any safe non-negative integer below 2^48, as the server draws. */
export function makeSeed(randomValues: (array: Uint32Array) => Uint32Array): number {
  const words = randomValues(new Uint32Array(2));
  return (words[0]! % 65_536) * 4_294_967_296 + words[1]!;
}
