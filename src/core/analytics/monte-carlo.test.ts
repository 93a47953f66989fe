import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readOracleCsv, readOracleExpected, readOracleJson } from '../../../test/fixtures/oracle/oracle-fixtures';
import {
  computePathStats,
  createRandom,
  runMonteCarlo,
  simulateMonteCarlo,
  type MonteCarloMethod,
  type MonteCarloParams,
  type MonteCarloPaths,
  type MonteCarloSizing,
} from '.';

type ExactMode = {
  paths: number;
  terminal_mean: number;
  terminal_stdev: number;
  p_terminal_below_start: number;
  max_dd_abs_mean: number;
  max_dd_frac_mean: number;
  max_dd_frac_stdev: number;
  p_max_dd_frac_at_least: Record<string, number>;
  p_ruin: number;
  loss_streak_mean: number;
  p_loss_streak_at_least: Record<string, number>;
  mean_equity_path: number[];
};
type ExactFile = {
  inputs: { starting_equity: number; pnl: number[]; r_multiple: number[]; fixed_fraction: number };
  analytic: Record<string, number>;
} & Record<string, ExactMode>;

const exact = readOracleJson<ExactFile>('mc_exact.expected.json');
const { starting_equity: E0, pnl: PNL, r_multiple: R, fixed_fraction: F } = exact.inputs;
const RUIN_FRAC = 0.28;
const Z = 4.5;
const S = 10_000;

function paramsFor(method: MonteCarloMethod, sizing: MonteCarloSizing, runs = S): MonteCarloParams {
  return {
    outcomes: sizing === 'fixed-dollar' ? PNL : R,
    startingEquity: E0,
    runs,
    horizon: PNL.length,
    method,
    sizing,
    riskFraction: F,
    ruinDrawdownFrac: RUIN_FRAC,
  };
}

const simulate = (params: MonteCarloParams, seed: number) =>
  simulateMonteCarlo({ ...params, random: createRandom(seed) });

const mean = (xs: ArrayLike<number>) => Array.from(xs).reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: ArrayLike<number>) => {
  const m = mean(xs);
  return Math.sqrt(Array.from(xs).reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
};
const share = (xs: ArrayLike<number>, test: (x: number) => boolean) => Array.from(xs).filter(test).length / xs.length;

function expectProbability(observed: number, p: number, runs: number, label: string) {
  const tolerance = Z * Math.sqrt((p * (1 - p)) / runs) + 1e-12;
  expect(Math.abs(observed - p), `${label}: ${observed} vs ${p} ± ${tolerance}`).toBeLessThanOrEqual(tolerance);
}
function expectMean(observed: number, mu: number, sigma: number, runs: number, label: string) {
  const tolerance = (Z * sigma) / Math.sqrt(runs) + 1e-9 * Math.max(1, Math.abs(mu));
  expect(Math.abs(observed - mu), `${label}: ${observed} vs ${mu} ± ${tolerance}`).toBeLessThanOrEqual(tolerance);
}

/** Equity at step k of every run. */
function equityAt(paths: MonteCarloPaths, step: number): Float64Array {
  const j = paths.fanSteps.indexOf(step);
  if (j < 0) throw new Error(`step ${step} not in the fan`);
  return paths.fanEquity.subarray(j * paths.runs, (j + 1) * paths.runs);
}

const MODES: [MonteCarloMethod, MonteCarloSizing, string][] = [
  ['shuffle', 'fixed-dollar', 'shuffle_fixed_dollar'],
  ['shuffle', 'fixed-fraction', 'shuffle_fixed_fraction'],
  ['bootstrap', 'fixed-dollar', 'bootstrap_fixed_dollar'],
  ['bootstrap', 'fixed-fraction', 'bootstrap_fixed_fraction'],
];

describe.each(MODES)('Monte Carlo %s with %s sizing against the enumerated distribution', (method, sizing, key) => {
  const want = exact[key]!;
  const paths = simulate(paramsFor(method, sizing), 20_240_601);

  it('matches the terminal equity distribution', () => {
    expectMean(mean(paths.terminal), want.terminal_mean, want.terminal_stdev, S, 'terminal mean');
    expectProbability(
      share(paths.terminal, (x) => x < E0),
      want.p_terminal_below_start,
      S,
      'P(final < start)',
    );
  });

  it('matches the maximum drawdown distribution', () => {
    expectMean(mean(paths.maxDrawdownFrac), want.max_dd_frac_mean, want.max_dd_frac_stdev, S, 'max DD % mean');
    expectMean(mean(paths.maxDrawdownAbs), want.max_dd_abs_mean, sd(paths.maxDrawdownAbs), S, 'max DD $ mean');
    for (const [threshold, p] of Object.entries(want.p_max_dd_frac_at_least)) {
      expectProbability(
        share(paths.maxDrawdownFrac, (x) => x >= Number(threshold)),
        p,
        S,
        `P(DD ≥ ${threshold})`,
      );
    }
  });

  it('matches the probability of ruin and the losing streaks', () => {
    expectProbability(
      share(paths.ruined, (x) => x === 1),
      want.p_ruin,
      S,
      'P(ruin)',
    );
    expectMean(mean(paths.longestLosingStreak), want.loss_streak_mean, sd(paths.longestLosingStreak), S, 'streak');
    for (const [threshold, p] of Object.entries(want.p_loss_streak_at_least)) {
      expectProbability(
        share(paths.longestLosingStreak, (x) => x >= Number(threshold)),
        p,
        S,
        `P(streak ≥ ${threshold})`,
      );
    }
  });

  it('matches the mean equity path', () => {
    want.mean_equity_path.forEach((mu, step) => {
      const column = equityAt(paths, step);
      expectMean(mean(column), mu, sd(column) || 0, S, `mean equity at step ${step}`);
    });
  });
});

describe('Monte Carlo invariants', () => {
  it('gives byte-identical results for a seed and different paths for another seed', () => {
    const params = paramsFor('bootstrap', 'fixed-dollar', 2_000);
    const a = JSON.stringify(runMonteCarlo({ ...params, seed: 7 }));
    expect(JSON.stringify(runMonteCarlo({ ...params, seed: 7 }))).toBe(a);
    expect(JSON.stringify(runMonteCarlo({ ...params, seed: 8 }))).not.toBe(a);
    expect(JSON.parse(a)).toMatchObject({ seed: 7, runs: 2_000 });
  });

  it('ends every shuffled path where history ended, under both sizings', () => {
    for (const sizing of ['fixed-dollar', 'fixed-fraction'] as const) {
      const result = runMonteCarlo({ ...paramsFor('shuffle', sizing, 500), seed: 1 });
      const analytic =
        sizing === 'fixed-dollar'
          ? exact.analytic.shuffle_fixed_dollar_terminal!
          : exact.analytic.shuffle_fixed_fraction_terminal!;
      const last = result.fan[result.fan.length - 1]!;
      for (const value of [
        last.p5,
        last.p25,
        last.p50,
        last.p75,
        last.p95,
        result.finalEquity.min,
        result.finalEquity.max,
      ])
        expect(value).toBeCloseTo(analytic, 9);
    }
  });

  it('starts the fan at the starting equity, keeps percentiles ordered and probabilities in [0, 1]', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -500, max: 500 }), { minLength: 1, maxLength: 30 }),
        fc.constantFrom<MonteCarloMethod>('bootstrap', 'shuffle'),
        fc.constantFrom<MonteCarloSizing>('fixed-dollar', 'fixed-fraction'),
        fc.integer({ min: 0, max: 1_000_000 }),
        (outcomes, method, sizing, seed) => {
          const result = runMonteCarlo({
            outcomes: sizing === 'fixed-dollar' ? outcomes : outcomes.map((x) => x / 100),
            startingEquity: 1_000,
            runs: 200,
            horizon: 20,
            method,
            sizing,
            riskFraction: 0.1,
            ruinDrawdownFrac: 0.5,
            seed,
          });
          expect(result.fan[0]).toMatchObject({ step: 0, p5: 1_000, p95: 1_000 });
          for (const point of result.fan) {
            expect(point.p5).toBeLessThanOrEqual(point.p25);
            expect(point.p25).toBeLessThanOrEqual(point.p50);
            expect(point.p50).toBeLessThanOrEqual(point.p75);
            expect(point.p75).toBeLessThanOrEqual(point.p95);
            expect(point.p5).toBeGreaterThanOrEqual(0);
          }
          expect(result.maxDrawdownFrac.min).toBeGreaterThanOrEqual(0);
          expect(result.maxDrawdownFrac.max).toBeLessThanOrEqual(1);
          for (const p of [
            result.probabilityOfRuin,
            result.probabilityOfDrawdownAtLeast,
            result.finalEquity.probabilityBelowStart,
          ]) {
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(1);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it.each(['small50', 'fat2000'] as const)(
    'reproduces the historical drawdown and losing streak of %s in history order',
    (name) => {
      const startingEquity = name === 'small50' ? 25_000 : 100_000;
      const trades = readOracleCsv(name).sort((a, b) => a.closedAt - b.closedAt);
      const want = readOracleExpected(name).trades;
      const path = computePathStats({ outcomes: trades.map((t) => t.netPnl), startingEquity, sizing: 'fixed-dollar' });
      expect(path.maxDrawdownAbs).toBeCloseTo(want.max_drawdown_abs as number, 6);
      expect(path.maxDrawdownFrac).toBeCloseTo(want.max_drawdown_frac as number, 12);
      expect(path.longestLosingStreak).toBe(want.max_consecutive_losses);
      expect(path.terminal).toBeCloseTo(want.ending_equity as number, 6);
    },
  );

  it('handles one trade, all winners, all losers and a loss of more than the whole account', () => {
    const base = { startingEquity: 1_000, runs: 300, horizon: 10, riskFraction: 0.5, ruinDrawdownFrac: 0.5, seed: 3 };
    const one = runMonteCarlo({ ...base, outcomes: [50], method: 'shuffle', sizing: 'fixed-dollar' });
    expect(one.horizon).toBe(1);
    expect(one.finalEquity.min).toBe(1_050);
    const winners = runMonteCarlo({ ...base, outcomes: [10, 20, 5], method: 'bootstrap', sizing: 'fixed-dollar' });
    expect(winners.maxDrawdownAbs.max).toBe(0);
    expect(winners.probabilityOfRuin).toBe(0);
    const losers = runMonteCarlo({ ...base, outcomes: [-100, -60], method: 'bootstrap', sizing: 'fixed-dollar' });
    expect(losers.probabilityOfRuin).toBe(1);
    expect(losers.longestLosingStreak.min).toBeGreaterThanOrEqual(9);
    const blowUp = runMonteCarlo({ ...base, outcomes: [-2, -3], method: 'bootstrap', sizing: 'fixed-fraction' });
    expect(blowUp.probabilityOfRuin).toBe(1);
    expect(blowUp.finalEquity.min).toBe(0);
    expect(blowUp.maxDrawdownFrac.max).toBe(1);
    expect(() => runMonteCarlo({ ...base, outcomes: [], method: 'bootstrap', sizing: 'fixed-dollar' })).toThrow(
      RangeError,
    );
  });
});

describe('Monte Carlo statistics', () => {
  it('matches the analytic moments of a bootstrap on the fat-tailed fat2000 trades', () => {
    const trades = readOracleCsv('fat2000');
    const pnl = trades.map((t) => t.netPnl);
    const H = 250;
    const runs = 20_000;
    const paths = simulate(
      {
        outcomes: pnl,
        startingEquity: 1e7,
        runs,
        horizon: H,
        method: 'bootstrap',
        sizing: 'fixed-dollar',
        riskFraction: 0,
        ruinDrawdownFrac: 1,
      },
      11,
    );
    const mu = mean(pnl);
    const sdPop = Math.sqrt(pnl.reduce((a, b) => a + (b - mu) ** 2, 0) / pnl.length);
    const sdFinal = Math.sqrt(H) * sdPop;
    expectMean(mean(paths.terminal), 1e7 + H * mu, sdFinal, runs, 'E[final]');
    // The sample stdev of S draws has standard error ≈ σ·√((κ − 1)/(4S)); κ of a sum of 250 draws is near 3.
    expect(Math.abs(sd(paths.terminal) / sdFinal - 1)).toBeLessThan(Z * Math.sqrt(2 / (4 * runs)) * 1.5);

    const r = trades.filter((t) => t.rMultiple !== null).map((t) => t.rMultiple!);
    const f = 0.01;
    const fraction = simulate(
      {
        outcomes: r,
        startingEquity: 100_000,
        runs,
        horizon: H,
        method: 'bootstrap',
        sizing: 'fixed-fraction',
        riskFraction: f,
        ruinDrawdownFrac: 1,
      },
      12,
    );
    expectMean(
      mean(fraction.terminal),
      100_000 * (1 + f * mean(r)) ** H,
      sd(fraction.terminal),
      runs,
      'E[final] fixed-fraction',
    );
  });

  it('has an empirical CDF within the DKW band of the enumerated distribution', () => {
    // Every one of the 6^6 bootstrap sequences, enumerated here: the exact CDF of max DD and final equity.
    const all: { dd: number; terminal: number }[] = [];
    const seq = [0, 0, 0, 0, 0, 0];
    for (let code = 0; code < 6 ** 6; code++) {
      for (let i = 0, c = code; i < 6; i++, c = Math.floor(c / 6)) seq[i] = c % 6;
      const path = computePathStats({ outcomes: seq.map((i) => PNL[i]!), startingEquity: E0, sizing: 'fixed-dollar' });
      all.push({ dd: path.maxDrawdownFrac, terminal: path.terminal });
    }
    expect(mean(all.map((x) => x.dd))).toBeCloseTo(exact.bootstrap_fixed_dollar!.max_dd_frac_mean, 12);
    const paths = simulate(paramsFor('bootstrap', 'fixed-dollar'), 99);
    const epsilon = 0.025; // P(sup|F̂ − F| > ε) ≤ 2·exp(−2Sε²) = 7.5e-6 at S = 10,000
    for (const [exactValues, simulated] of [
      [all.map((x) => x.dd), paths.maxDrawdownFrac],
      [all.map((x) => x.terminal), paths.terminal],
    ] as const) {
      const points = [...new Set(exactValues.map((x) => Math.round(x * 1e9) / 1e9))].sort((a, b) => a - b);
      let sup = 0;
      for (const x of points) {
        const F = share(exactValues, (v) => v <= x + 1e-9);
        const Fhat = share(simulated, (v) => v <= x + 1e-9);
        sup = Math.max(sup, Math.abs(F - Fhat));
      }
      expect(sup).toBeLessThan(epsilon);
    }
  });

  it('puts the reported share of paths at or below each fan percentile', () => {
    const paths = simulate({ ...paramsFor('bootstrap', 'fixed-fraction'), horizon: 30 }, 5);
    const result = runMonteCarlo({ ...paramsFor('bootstrap', 'fixed-fraction'), horizon: 30, seed: 5 });
    for (const point of result.fan.filter((p) => p.step > 0)) {
      const column = equityAt(paths, point.step);
      for (const [q, value] of [
        [0.05, point.p5],
        [0.25, point.p25],
        [0.5, point.p50],
        [0.75, point.p75],
        [0.95, point.p95],
      ] as const) {
        const below = share(column, (x) => x < value - 1e-9);
        const atOrBelow = share(column, (x) => x <= value + 1e-9);
        // A discrete distribution puts mass at the percentile: q must lie within [P(X < v), P(X ≤ v)] up to noise.
        const tolerance = Z * Math.sqrt((q * (1 - q)) / S);
        expect(below).toBeLessThanOrEqual(q + tolerance);
        expect(atOrBelow).toBeGreaterThanOrEqual(q - tolerance);
      }
    }
  });

  it('converges like 1/√S', () => {
    const p = exact.bootstrap_fixed_dollar!.p_ruin;
    const rmse = (runs: number) => {
      let squares = 0;
      for (let seed = 1; seed <= 20; seed++) {
        const paths = simulate(paramsFor('bootstrap', 'fixed-dollar', runs), seed * 1_000 + runs);
        squares += (share(paths.ruined, (x) => x === 1) - p) ** 2;
      }
      return Math.sqrt(squares / 20);
    };
    const ratio = rmse(1_000) / rmse(16_000);
    expect(ratio).toBeGreaterThan(2.5);
    expect(ratio).toBeLessThan(6);
  });

  it('draws every trade equally often when bootstrapping (χ² test)', () => {
    const n = 10;
    const outcomes = Array.from({ length: n }, (_, i) => 2 ** i); // the final equity names the trade drawn
    const runs = 50_000;
    const paths = simulate(
      {
        outcomes,
        startingEquity: 1,
        runs,
        horizon: 1,
        method: 'bootstrap',
        sizing: 'fixed-dollar',
        riskFraction: 0,
        ruinDrawdownFrac: 1,
      },
      2024,
    );
    const counts = new Array<number>(n).fill(0);
    for (const x of paths.terminal) counts[Math.log2(x - 1)]! += 1;
    const expected = runs / n;
    const chi2 = counts.reduce((a, c) => a + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(44.81); // χ²(9) at 1 − 1e-6
  });

  it('gives each ordering of three trades the same chance when shuffling (χ² test)', () => {
    const outcomes = [1, 10, 100];
    const runs = 60_000;
    const paths = simulate(
      {
        outcomes,
        startingEquity: 1_000,
        runs,
        horizon: 3,
        method: 'shuffle',
        sizing: 'fixed-dollar',
        riskFraction: 0,
        ruinDrawdownFrac: 1,
      },
      77,
    );
    const first = equityAt(paths, 1);
    const second = equityAt(paths, 2);
    const counts = new Map<string, number>();
    for (let r = 0; r < runs; r++) {
      const key = `${first[r]! - 1_000}/${second[r]! - first[r]!}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    const expected = runs / 6;
    const chi2 = [...counts.values()].reduce((a, c) => a + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(35.89); // χ²(5) at 1 − 1e-6
  });

  it('keeps 250 fan points by default, every step on request, and fewer for very many runs', () => {
    const base = {
      outcomes: PNL,
      startingEquity: E0,
      method: 'bootstrap',
      sizing: 'fixed-dollar',
      riskFraction: 0,
      ruinDrawdownFrac: 0.5,
    } as const;
    const fan = simulate({ ...base, runs: 100, horizon: 1_000 }, 1).fanSteps;
    expect(fan).toHaveLength(251);
    expect([fan[0], fan[1], fan[250]]).toEqual([0, 4, 1_000]);
    expect(simulate({ ...base, runs: 100, horizon: 1_000, fanPoints: 1_000 }, 1).fanSteps).toHaveLength(1_001);
    // The memory cap (points × runs) thins the fan for very many runs.
    const capped = simulate(
      { ...base, runs: 1_000, horizon: 1_000, fanPoints: 1_000, maxFanCells: 20_000 },
      1,
    ).fanSteps;
    expect(capped).toHaveLength(20);
    expect(capped[capped.length - 1]).toBe(1_000);
  });
});
