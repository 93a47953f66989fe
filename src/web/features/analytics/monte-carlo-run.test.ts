import { describe, expect, it } from 'vitest';
import { runMonteCarlo } from '../../../core/analytics';
import { CHUNK_RUNS, makeSeed, runMonteCarloInChunks, type MonteCarloRunParams } from './monte-carlo-run';

const outcomes = [120, -80, 45, -150, 300, -60, 10, -20, 75, -110, 0, 95];
const base: MonteCarloRunParams = {
  outcomes,
  startingEquity: 1_000,
  runs: 2_500,
  horizon: 30,
  method: 'bootstrap',
  sizing: 'fixed-dollar',
  riskFraction: 0.01,
  ruinDrawdownFrac: 0.3,
  seed: 42,
};

describe('runMonteCarloInChunks', () => {
  it('gives exactly the one-call bootstrap result for the same seed', () => {
    expect(runMonteCarloInChunks(base)).toEqual(runMonteCarlo(base));
  });

  it('reports progress after every chunk, ending at the run count', () => {
    const seen: number[] = [];
    runMonteCarloInChunks(base, (done, total) => {
      expect(total).toBe(2_500);
      seen.push(done);
    });
    expect(seen).toEqual([CHUNK_RUNS, 2 * CHUNK_RUNS, 2_500]);
  });

  it('repeats a shuffle run byte for byte with the same seed and differs with another', () => {
    const shuffle = { ...base, method: 'shuffle' as const };
    const first = runMonteCarloInChunks(shuffle);
    expect(runMonteCarloInChunks(shuffle)).toEqual(first);
    expect(runMonteCarloInChunks({ ...shuffle, seed: 43 }).maxDrawdownAbs).not.toEqual(first.maxDrawdownAbs);
  });

  it('ends every shuffled path where history ended (fixed-dollar)', () => {
    const result = runMonteCarloInChunks({ ...base, method: 'shuffle', horizon: outcomes.length });
    const total = 1_000 + outcomes.reduce((a, b) => a + b, 0);
    const last = result.fan.at(-1)!;
    for (const value of [last.p5, last.p25, last.p50, last.p75, last.p95]) expect(value).toBeCloseTo(total, 9);
    expect(result.fan[0]!.p50).toBe(1_000);
  });

  it('ruins every all-loser path that can reach the threshold', () => {
    const result = runMonteCarloInChunks({ ...base, outcomes: [-100, -50], runs: 1_200 });
    expect(result.probabilityOfRuin).toBe(1);
  });
});

describe('makeSeed', () => {
  it('builds a safe integer below 2^48 from two random words', () => {
    const seed = makeSeed((a) => a.fill(0xffffffff));
    expect(Number.isSafeInteger(seed)).toBe(true);
    expect(seed).toBe(2 ** 48 - 1);
    expect(makeSeed((a) => a.fill(0))).toBe(0);
  });
});
