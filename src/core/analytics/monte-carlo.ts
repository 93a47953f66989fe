import { computeQuantileSorted, toSortedArray } from './numeric';
import { createRandom, type RandomSource } from './random';
import { computeQuantilesInPlace } from './select';

export const MONTE_CARLO_METHODS = ['bootstrap', 'shuffle'] as const;
export const MONTE_CARLO_SIZINGS = ['fixed-dollar', 'fixed-fraction'] as const;
export type MonteCarloMethod = (typeof MONTE_CARLO_METHODS)[number];
export type MonteCarloSizing = (typeof MONTE_CARLO_SIZINGS)[number];

/** The fan's percentiles (5/25/50/75/95) at each plotted step. */
export const FAN_PERCENTILES = [5, 25, 50, 75, 95] as const;
/** Percentiles reported for the final equity, maximum drawdown and streak distributions. */
export const DISTRIBUTION_PERCENTILES = [1, 5, 10, 25, 50, 75, 90, 95, 99] as const;
/** Fan cells kept in memory (points × runs, 8 bytes each): 80 MB at most. */
const DEFAULT_MAX_FAN_CELLS = 10_010_000;
/**
 * Fan points by default: every step up to 250 trades, else 250 evenly spaced steps (each point
 * carries its step). A chart shows no more, and percentiles at 1,000 steps of 10,000 runs would
 * cost more than the whole simulation; ask for `fanPoints: horizon` to get every step.
 */
export const DEFAULT_FAN_POINTS = 250;
const HISTOGRAM_BINS = 40;
/** Runs walked between two transpositions into the fan. */
const FAN_BLOCK_RUNS = 32;

/**
 * A Monte Carlo request. Conventions (analytics-definitions.md, "Monte Carlo"):
 * - bootstrap draws `horizon` trades with replacement; shuffle replays a random permutation of the
 *   sample (horizon is capped at the sample size, so a full shuffle ends where history ended);
 * - fixed-dollar replays the $ P&L additively; fixed-fraction risks `riskFraction` of current
 *   equity per trade, E ← E·(1 + f·R), compounding;
 * - equity never goes below 0: a step that would take it to 0 or below ends the path at 0 (bust);
 * - the running peak includes the starting equity; drawdown is per trade;
 * - ruin is equity touching `startingEquity · (1 − ruinDrawdownFrac)` at any step, the start included.
 */
export type MonteCarloParams = {
  /** The sample: $ P&L per trade (fixed-dollar) or R-multiples (fixed-fraction), in history order. */
  outcomes: readonly number[];
  startingEquity: number;
  runs: number;
  horizon: number;
  method: MonteCarloMethod;
  sizing: MonteCarloSizing;
  /** f for fixed-fraction sizing (0.01 = risk 1% of current equity per trade). */
  riskFraction: number;
  ruinDrawdownFrac: number;
  /** Fan points after the start (default {@link DEFAULT_FAN_POINTS}, at most the horizon). */
  fanPoints?: number;
  /** At most this many points × runs are kept for the fan (fewer points for many runs). */
  maxFanCells?: number;
};

/** Every simulated path's statistics plus the equity at each fan step (point-major). */
export type MonteCarloPaths = {
  runs: number;
  horizon: number;
  startingEquity: number;
  ruinEquity: number;
  terminal: Float64Array;
  maxDrawdownAbs: Float64Array;
  maxDrawdownFrac: Float64Array;
  longestLosingStreak: Int32Array;
  ruined: Uint8Array;
  /** The trade index (0 = start) of each fan point. */
  fanSteps: Int32Array;
  /** Equity of run r at fan point j is `fanEquity[j * runs + r]`. */
  fanEquity: Float64Array;
};

export type DistributionSummary = {
  mean: number;
  stdev: number;
  min: number;
  max: number;
  /** Type-7 percentiles at {@link DISTRIBUTION_PERCENTILES}. */
  percentiles: { p: number; value: number }[];
  histogram: { from: number; to: number; count: number }[];
};

export type MonteCarloResult = {
  seed: number;
  runs: number;
  horizon: number;
  method: MonteCarloMethod;
  sizing: MonteCarloSizing;
  riskFraction: number | null;
  startingEquity: number;
  sampleSize: number;
  ruinDrawdownFrac: number;
  ruinEquity: number;
  fan: { step: number; mean: number; p5: number; p25: number; p50: number; p75: number; p95: number }[];
  finalEquity: DistributionSummary & { probabilityBelowStart: number };
  maxDrawdownAbs: DistributionSummary;
  maxDrawdownFrac: DistributionSummary;
  longestLosingStreak: DistributionSummary;
  /** Share of paths whose equity touched the ruin level at any step. */
  probabilityOfRuin: number;
  /** Share of paths whose maximum drawdown from peak reached ruinDrawdownFrac. */
  probabilityOfDrawdownAtLeast: number;
};

/** One path's statistics (reused between paths to avoid allocation). */
type PathState = { terminal: number; maxDrawdownAbs: number; maxDrawdownFrac: number; streak: number; ruined: boolean };

type WalkSetup = {
  outcomes: Float64Array;
  startingEquity: number;
  isFraction: boolean;
  riskFraction: number;
  ruinEquity: number;
  /** Trade index (0 = start) of each fan point, ascending. */
  fanSteps: Int32Array;
};

/**
 * Walks one path: applies outcomes[order[0..length)] to the starting equity, records the path's
 * statistics in `state` and, when `fanOut` is given, the equity at each fan step in
 * fanOut[fanOffset + j]. The hot loop of the simulation: keep it free of allocation and calls.
 */
function walkPath(
  setup: WalkSetup,
  order: Int32Array,
  length: number,
  state: PathState,
  fanOut: Float64Array | null,
  fanOffset: number,
): void {
  const outcomes = setup.outcomes;
  const isFraction = setup.isFraction;
  const riskFraction = setup.riskFraction;
  const ruinEquity = setup.ruinEquity;
  const fanSteps = setup.fanSteps;
  let equity = setup.startingEquity;
  let peak = equity;
  let ddAbs = 0;
  let ddFrac = 0;
  let streak = 0;
  let best = 0;
  let ruined = equity <= ruinEquity;
  let busted = equity <= 0;
  let fanIndex = 0;
  let nextFanStep = fanSteps.length > 0 ? fanSteps[0]! : -1;
  if (nextFanStep === 0) {
    if (fanOut) fanOut[fanOffset] = equity;
    fanIndex = 1;
    nextFanStep = fanSteps.length > 1 ? fanSteps[1]! : -1;
  }
  for (let k = 0; k < length; k++) {
    if (!busted) {
      const x = outcomes[order[k]!]!;
      if (isFraction) {
        const growth = 1 + riskFraction * x;
        if (growth <= 0) {
          equity = 0;
          busted = true;
        } else equity *= growth;
      } else {
        equity += x;
        if (equity <= 0) {
          equity = 0;
          busted = true;
        }
      }
      streak = x < 0 ? streak + 1 : 0;
      if (streak > best) best = streak;
      if (equity > peak) peak = equity;
      else {
        const dd = peak - equity;
        if (dd > ddAbs) ddAbs = dd;
        const frac = dd / peak;
        if (frac > ddFrac) ddFrac = frac;
      }
      if (equity <= ruinEquity) ruined = true;
    }
    if (nextFanStep === k + 1) {
      if (fanOut) fanOut[fanOffset + fanIndex] = equity;
      fanIndex++;
      nextFanStep = fanIndex < fanSteps.length ? fanSteps[fanIndex]! : -1;
    }
  }
  state.terminal = equity;
  state.maxDrawdownAbs = ddAbs;
  state.maxDrawdownFrac = ddFrac;
  state.streak = best;
  state.ruined = ruined;
}

/**
 * The statistics of one given path (no randomness): equity after each of `outcomes` in order, with
 * the same conventions as the simulation. A path in history order reproduces the historical
 * maximum drawdown and losing streak.
 */
export function computePathStats(params: {
  outcomes: readonly number[];
  startingEquity: number;
  sizing: MonteCarloSizing;
  riskFraction?: number;
  ruinDrawdownFrac?: number;
}): {
  terminal: number;
  maxDrawdownAbs: number;
  maxDrawdownFrac: number;
  longestLosingStreak: number;
  ruined: boolean;
} {
  const n = params.outcomes.length;
  const state: PathState = { terminal: 0, maxDrawdownAbs: 0, maxDrawdownFrac: 0, streak: 0, ruined: false };
  walkPath(
    {
      outcomes: Float64Array.from(params.outcomes),
      startingEquity: params.startingEquity,
      isFraction: params.sizing === 'fixed-fraction',
      riskFraction: params.riskFraction ?? 0,
      ruinEquity: params.startingEquity * (1 - (params.ruinDrawdownFrac ?? 1)),
      fanSteps: new Int32Array(0),
    },
    Int32Array.from({ length: n }, (_, i) => i),
    n,
    state,
    null,
    0,
  );
  return {
    terminal: state.terminal,
    maxDrawdownAbs: state.maxDrawdownAbs,
    maxDrawdownFrac: state.maxDrawdownFrac,
    longestLosingStreak: state.streak,
    ruined: state.ruined,
  };
}

/** The horizon actually simulated: a shuffle cannot be longer than the sample. */
export function toEffectiveHorizon(params: { method: MonteCarloMethod; horizon: number; sampleSize: number }): number {
  return params.method === 'shuffle' ? Math.min(params.horizon, params.sampleSize) : params.horizon;
}

function toFanSteps(params: { horizon: number; runs: number; maxCells: number; points: number }): Int32Array {
  const { horizon, runs, maxCells } = params;
  const points = Math.max(1, Math.min(horizon, params.points, Math.floor(maxCells / runs) - 1));
  const steps = new Int32Array(points + 1);
  for (let j = 0; j <= points; j++) steps[j] = Math.round((j * horizon) / points);
  return steps;
}

/**
 * Simulates `runs` paths with the given generator (the engine never seeds itself). Throws a
 * RangeError for an empty sample, a non-positive starting equity or run count, or a bad fraction.
 */
export function simulateMonteCarlo(params: MonteCarloParams & { random: RandomSource }): MonteCarloPaths {
  const n = params.outcomes.length;
  const { runs, startingEquity, random } = params;
  if (n === 0) throw new RangeError('Monte Carlo needs at least one trade');
  if (!(startingEquity > 0)) throw new RangeError('Monte Carlo needs a positive starting equity');
  if (!(Number.isInteger(runs) && runs >= 1)) throw new RangeError('runs must be a positive integer');
  if (!(Number.isInteger(params.horizon) && params.horizon >= 1)) throw new RangeError('horizon must be ≥ 1');
  if (params.sizing === 'fixed-fraction' && !(params.riskFraction > 0 && params.riskFraction <= 1))
    throw new RangeError('riskFraction must be in (0, 1]');
  if (!(params.ruinDrawdownFrac > 0 && params.ruinDrawdownFrac <= 1))
    throw new RangeError('ruinDrawdownFrac must be in (0, 1]');
  const horizon = toEffectiveHorizon({ method: params.method, horizon: params.horizon, sampleSize: n });
  const fanSteps = toFanSteps({
    horizon,
    runs,
    maxCells: params.maxFanCells ?? DEFAULT_MAX_FAN_CELLS,
    points: params.fanPoints ?? DEFAULT_FAN_POINTS,
  });
  const fanEquity = new Float64Array(fanSteps.length * runs);
  const ruinEquity = startingEquity * (1 - params.ruinDrawdownFrac);
  const setup: WalkSetup = {
    outcomes: Float64Array.from(params.outcomes),
    startingEquity,
    isFraction: params.sizing === 'fixed-fraction',
    riskFraction: params.riskFraction,
    ruinEquity,
    fanSteps,
  };
  const paths: MonteCarloPaths = {
    runs,
    horizon,
    startingEquity,
    ruinEquity,
    terminal: new Float64Array(runs),
    maxDrawdownAbs: new Float64Array(runs),
    maxDrawdownFrac: new Float64Array(runs),
    longestLosingStreak: new Int32Array(runs),
    ruined: new Uint8Array(runs),
    fanSteps,
    fanEquity,
  };
  const state: PathState = { terminal: 0, maxDrawdownAbs: 0, maxDrawdownFrac: 0, streak: 0, ruined: false };
  const order = Int32Array.from({ length: Math.max(n, horizon) }, (_, i) => i % n);
  // Paths are walked in blocks: each writes its fan points contiguously into `block`, then the block
  // is transposed into the point-major fan, so neither side strides through 80 MB one value at a time.
  const points = fanSteps.length;
  const block = new Float64Array(FAN_BLOCK_RUNS * points);
  for (let first = 0; first < runs; first += FAN_BLOCK_RUNS) {
    const size = Math.min(FAN_BLOCK_RUNS, runs - first);
    for (let b = 0; b < size; b++) {
      const run = first + b;
      if (params.method === 'bootstrap') random.fillInts(order, horizon, n);
      else random.shuffle(order, horizon, n);
      walkPath(setup, order, horizon, state, block, b * points);
      paths.terminal[run] = state.terminal;
      paths.maxDrawdownAbs[run] = state.maxDrawdownAbs;
      paths.maxDrawdownFrac[run] = state.maxDrawdownFrac;
      paths.longestLosingStreak[run] = state.streak;
      paths.ruined[run] = state.ruined ? 1 : 0;
    }
    for (let j = 0; j < points; j++) {
      const base = j * runs + first;
      for (let b = 0; b < size; b++) fanEquity[base + b] = block[b * points + j]!;
    }
  }
  return paths;
}

function summarise(values: ArrayLike<number>): DistributionSummary {
  const sorted = toSortedArray(values);
  const n = sorted.length;
  let total = 0;
  for (const x of sorted) total += x;
  const mean = total / n;
  let squares = 0;
  for (const x of sorted) squares += (x - mean) * (x - mean);
  const min = sorted[0]!;
  const max = sorted[n - 1]!;
  const bins = min === max ? 1 : HISTOGRAM_BINS;
  const width = (max - min) / bins;
  const counts = new Array<number>(bins).fill(0);
  for (const x of sorted) counts[width === 0 ? 0 : Math.min(bins - 1, Math.floor((x - min) / width))]! += 1;
  return {
    mean,
    stdev: n > 1 ? Math.sqrt(squares / (n - 1)) : 0,
    min,
    max,
    percentiles: DISTRIBUTION_PERCENTILES.map((p) => ({ p, value: computeQuantileSorted(sorted, p / 100)! })),
    histogram: counts.map((count, i) => ({
      from: min + i * width,
      to: i === bins - 1 ? max : min + (i + 1) * width,
      count,
    })),
  };
}

/** The fan: type-7 percentiles (and the mean) of equity across runs at each fan step. */
export function computeFan(paths: MonteCarloPaths): MonteCarloResult['fan'] {
  const { runs, fanSteps, fanEquity } = paths;
  const column = new Float64Array(runs);
  const alphas = FAN_PERCENTILES.map((p) => p / 100);
  const out: MonteCarloResult['fan'] = [];
  for (let j = 0; j < fanSteps.length; j++) {
    column.set(fanEquity.subarray(j * runs, (j + 1) * runs));
    let total = 0;
    for (let r = 0; r < runs; r++) total += column[r]!;
    const [p5, p25, p50, p75, p95] = computeQuantilesInPlace(column, alphas) as [
      number,
      number,
      number,
      number,
      number,
    ];
    out.push({ step: fanSteps[j]!, mean: total / runs, p5, p25, p50, p75, p95 });
  }
  return out;
}

/** Summarises simulated paths into what the API answers. */
export function summariseMonteCarlo(
  paths: MonteCarloPaths,
  params: Pick<MonteCarloParams, 'method' | 'sizing' | 'riskFraction' | 'ruinDrawdownFrac'> & {
    seed: number;
    sampleSize: number;
  },
): MonteCarloResult {
  const { runs } = paths;
  let belowStart = 0;
  let ruined = 0;
  let deepDrawdown = 0;
  for (let r = 0; r < runs; r++) {
    if (paths.terminal[r]! < paths.startingEquity) belowStart++;
    ruined += paths.ruined[r]!;
    if (paths.maxDrawdownFrac[r]! >= params.ruinDrawdownFrac) deepDrawdown++;
  }
  return {
    seed: params.seed,
    runs,
    horizon: paths.horizon,
    method: params.method,
    sizing: params.sizing,
    riskFraction: params.sizing === 'fixed-fraction' ? params.riskFraction : null,
    startingEquity: paths.startingEquity,
    sampleSize: params.sampleSize,
    ruinDrawdownFrac: params.ruinDrawdownFrac,
    ruinEquity: paths.ruinEquity,
    fan: computeFan(paths),
    finalEquity: { ...summarise(paths.terminal), probabilityBelowStart: belowStart / runs },
    maxDrawdownAbs: summarise(paths.maxDrawdownAbs),
    maxDrawdownFrac: summarise(paths.maxDrawdownFrac),
    longestLosingStreak: summarise(paths.longestLosingStreak),
    probabilityOfRuin: ruined / runs,
    probabilityOfDrawdownAtLeast: deepDrawdown / runs,
  };
}

/**
 * Runs a seeded Monte Carlo simulation: the same seed and inputs give the same result, byte for
 * byte. See {@link MonteCarloParams} for the conventions.
 */
export function runMonteCarlo(params: MonteCarloParams & { seed: number }): MonteCarloResult {
  const paths = simulateMonteCarlo({ ...params, random: createRandom(params.seed) });
  return summariseMonteCarlo(paths, { ...params, sampleSize: params.outcomes.length });
}
