/**
 * Expectancy in R of a strategy described by its win rate and its average win and loss in R.
 * winRate is a fraction in [0, 1]; avgWinR is positive, avgLossR is the (positive) size of the
 * average loss. Breakeven trades are outside this two-outcome model.
 *
 * E = winRate × avgWinR − (1 − winRate) × avgLossR
 */
export function computeExpectancyR(params: { winRate: number; avgWinR: number; avgLossR: number }): number {
  const { winRate, avgWinR, avgLossR } = params;
  if (!(winRate >= 0 && winRate <= 1)) throw new RangeError(`winRate must be within [0, 1], got ${winRate}`);
  if (avgWinR < 0 || avgLossR < 0) throw new RangeError('avgWinR and avgLossR are sizes and must not be negative');
  // Rounded to 10 decimals so that 0.8 × 0.5 − 0.2 × 3 prints as −0.2, not −0.20000000000000007.
  return Math.round((winRate * avgWinR - (1 - winRate) * avgLossR) * 1e10) / 1e10;
}

/** Expectancy of a list of R-multiples: their arithmetic mean; null for an empty list. */
export function computeAverageR(rMultiples: readonly number[]): number | null {
  if (rMultiples.length === 0) return null;
  return rMultiples.reduce((sum, r) => sum + r, 0) / rMultiples.length;
}
