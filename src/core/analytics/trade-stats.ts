import { computeMean, computeSampleStdev, divideOrInfinity, sumCompensated } from './numeric';
import { toTradeColumns, type TradeInput } from './trade-columns';

/**
 * One closed trade as the analytics engine sees it. Money is in the account currency as a double:
 * statistics are floating point by nature (the reference implementation is numpy); totals are
 * compensated sums. `closedAt` and `openedAt` are epoch milliseconds.
 */
export type AnalyticsTrade = {
  closedAt: number;
  /** Net P&L after fees: > 0 is a win, < 0 a loss, exactly 0 a breakeven (no epsilon). */
  netPnl: number;
  /** P&L in units of initial risk; null when the risk is unknown. */
  rMultiple: number | null;
};

/** Maximum drawdown of an equity path whose first point is the starting equity (the first peak). */
export type DrawdownStats = {
  /** max over points of (running peak − equity), in currency; ≥ 0. */
  maxDrawdownAbs: number;
  /** max over points of (running peak − equity) / running peak; null when no peak is positive. */
  maxDrawdownFrac: number | null;
  /** Index (into the path) of the trough of the largest $ drawdown; null when there is none. */
  maxDrawdownAbsTroughIndex: number | null;
  /** Index of the last peak before that trough; null when there is none. */
  maxDrawdownAbsPeakIndex: number | null;
  /** Index of the trough of the largest % drawdown; null when there is none. */
  maxDrawdownFracTroughIndex: number | null;
  /** Equity at the peak and at the trough of the largest $ drawdown (the start when there is none). */
  maxDrawdownAbsPeakEquity: number;
  maxDrawdownAbsTroughEquity: number;
};

/** Trade-level statistics: the oracle's `trades.*` keys in camelCase. */
export type TradeStats = {
  count: number;
  wins: number;
  losses: number;
  breakeven: number;
  winRate: number | null;
  winRateExBreakeven: number | null;
  netPnl: number;
  grossProfit: number;
  grossLoss: number;
  avgWin: number | null;
  avgLoss: number | null;
  payoffRatio: number | null;
  profitFactor: number | null;
  expectancy: number | null;
  expectancyR: number | null;
  /** The same as expectancyR (Van Tharp's expectancy is the average R). */
  avgR: number | null;
  rCount: number;
  rStdev: number | null;
  sqn: number | null;
  sqnCapped100: number | null;
  kelly: number | null;
  maxConsecutiveWins: number;
  maxConsecutiveLosses: number;
  largestWin: number | null;
  largestLoss: number | null;
  startingEquity: number;
  endingEquity: number;
  maxDrawdownAbs: number;
  maxDrawdownFrac: number | null;
  maxDrawdownAbsPeakEquity: number;
  maxDrawdownAbsTroughEquity: number;
  /** closedAt (epoch ms) of the largest $ drawdown's trough and peak; null for none or the start. */
  maxDrawdownAbsTroughAt: number | null;
  maxDrawdownAbsPeakAt: number | null;
  maxDrawdownFracTroughAt: number | null;
};

const SQN_CAP = 100;

/** Longest run of consecutive trades that pass `test` (a breakeven ends both a win and a loss run). */
function computeLongestRun(n: number, test: (i: number) => boolean): number {
  let best = 0;
  let run = 0;
  for (let i = 0; i < n; i++) {
    run = test(i) ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

/**
 * Maximum drawdown of an equity path. `equity[0]` is the starting equity and counts as a peak, so
 * a first losing trade is already a drawdown. The $ and % maxima are taken separately and may sit
 * at different points; the first occurrence wins a tie (numpy argmax).
 */
export function computeDrawdown(equity: ArrayLike<number>): DrawdownStats {
  let peak = -Infinity;
  let peakIndex = 0;
  let bestAbs = 0;
  let bestFrac: number | null = null;
  let absTrough: number | null = null;
  let absPeak: number | null = null;
  let fracTrough: number | null = null;
  for (let i = 0; i < equity.length; i++) {
    const value = equity[i]!;
    if (value >= peak) {
      peak = value;
      peakIndex = i;
    }
    const dd = peak - value;
    if (dd > bestAbs) {
      bestAbs = dd;
      absTrough = i;
      absPeak = peakIndex;
    }
    if (peak > 0) {
      const frac = dd / peak;
      if (bestFrac === null || frac > bestFrac) {
        bestFrac = frac;
        if (frac > 0) fracTrough = i;
      }
    }
  }
  return {
    maxDrawdownAbs: bestAbs,
    maxDrawdownFrac: bestFrac,
    maxDrawdownAbsTroughIndex: absTrough,
    maxDrawdownAbsPeakIndex: absPeak,
    maxDrawdownFracTroughIndex: fracTrough,
    maxDrawdownAbsPeakEquity: equity[absPeak ?? 0] ?? 0,
    maxDrawdownAbsTroughEquity: equity[absTrough ?? 0] ?? 0,
  };
}

function kellyOf(winRate: number | null, payoff: number | null): number | null {
  // K = W − (1 − W) / B (quantstats kelly_criterion); with no loss B = ∞ and K = W.
  if (winRate === null || payoff === null) return null;
  if (payoff === Infinity) return winRate;
  if (payoff === 0) return null;
  return winRate - (1 - winRate) / payoff;
}

/**
 * Every trade-level statistic of analytics-definitions.md, with its conventions: wins p > 0,
 * losses p < 0, breakevens p = 0 exactly (with a `band` column: p above the trade's band, below
 * its negative, within it); average loss and largest loss are negative; profit
 * factor and payoff are ±Infinity for a non-zero over zero and null for 0/0; SQN uses the sample
 * stdev of R over trades that have an R; Kelly takes the win rate without breakevens; drawdowns
 * start from `startingEquity` as the first peak. Trades are taken in `closedAt` order (stable); a
 * NaN R counts as none.
 */
export function computeTradeStats(input: TradeInput, params: { startingEquity: number }): TradeStats {
  const { count: n, closedAt, netPnl: pnl, rMultiple, band } = toTradeColumns(input);
  // A win is p above the trade's breakeven band, a loss below its negative (the band 0 without one).
  const isWin = band === undefined ? (i: number) => pnl[i]! > 0 : (i: number) => pnl[i]! > band[i]!;
  const isLoss = band === undefined ? (i: number) => pnl[i]! < 0 : (i: number) => pnl[i]! < -band[i]!;
  let wins = 0;
  let losses = 0;
  let rCount = 0;
  for (let i = 0; i < n; i++) {
    if (isWin(i)) wins++;
    else if (isLoss(i)) losses++;
    if (!Number.isNaN(rMultiple[i]!)) rCount++;
  }
  // The wins, the losses and the Rs in close order: the lists the definitions sum and average.
  const winValues = new Float64Array(wins);
  const lossValues = new Float64Array(losses);
  const rValues = new Float64Array(rCount);
  let largestWin = -Infinity;
  let largestLoss = Infinity;
  for (let i = 0, w = 0, l = 0, r = 0; i < n; i++) {
    const p = pnl[i]!;
    if (isWin(i)) {
      winValues[w++] = p;
      if (p > largestWin) largestWin = p;
    } else if (isLoss(i)) {
      lossValues[l++] = p;
      if (p < largestLoss) largestLoss = p;
    }
    if (!Number.isNaN(rMultiple[i]!)) rValues[r++] = rMultiple[i]!;
  }
  const grossProfit = sumCompensated(winValues);
  const grossLoss = sumCompensated(lossValues);
  const avgWin = computeMean(winValues);
  const avgLoss = computeMean(lossValues);
  const payoffRatio =
    avgWin !== null && avgLoss !== null
      ? divideOrInfinity(avgWin, Math.abs(avgLoss))
      : avgWin !== null
        ? Infinity
        : null;
  const winRateExBreakeven = divideOrInfinity(wins, wins + losses);
  const rMean = computeMean(rValues);
  const rStdev = computeSampleStdev(rValues);
  const sqn = rCount >= 2 ? divideOrInfinity(Math.sqrt(rCount) * rMean!, rStdev) : null;
  const sqnCapped100 = rCount >= 2 ? divideOrInfinity(Math.sqrt(Math.min(rCount, SQN_CAP)) * rMean!, rStdev) : null;

  const equity = new Float64Array(n + 1);
  equity[0] = params.startingEquity;
  let cumulative = 0;
  for (let i = 0; i < n; i++) {
    cumulative += pnl[i]!;
    equity[i + 1] = params.startingEquity + cumulative;
  }
  const dd = computeDrawdown(equity);
  const at = (index: number | null) => (index === null || index === 0 ? null : closedAt[index - 1]!);
  const netPnl = sumCompensated(pnl);
  return {
    count: n,
    wins,
    losses,
    breakeven: n - wins - losses,
    winRate: divideOrInfinity(wins, n),
    winRateExBreakeven,
    netPnl,
    grossProfit,
    grossLoss,
    avgWin,
    avgLoss,
    payoffRatio,
    profitFactor: divideOrInfinity(grossProfit, Math.abs(grossLoss)),
    expectancy: computeMean(pnl),
    expectancyR: rMean,
    avgR: rMean,
    rCount,
    rStdev,
    sqn,
    sqnCapped100,
    kelly: kellyOf(winRateExBreakeven, payoffRatio),
    maxConsecutiveWins: computeLongestRun(n, isWin),
    maxConsecutiveLosses: computeLongestRun(n, isLoss),
    largestWin: wins > 0 ? largestWin : null,
    largestLoss: losses > 0 ? largestLoss : null,
    startingEquity: params.startingEquity,
    endingEquity: equity[n]!,
    maxDrawdownAbs: dd.maxDrawdownAbs,
    maxDrawdownFrac: dd.maxDrawdownFrac,
    maxDrawdownAbsPeakEquity: dd.maxDrawdownAbsPeakEquity,
    maxDrawdownAbsTroughEquity: dd.maxDrawdownAbsTroughEquity,
    maxDrawdownAbsTroughAt: at(dd.maxDrawdownAbsTroughIndex),
    maxDrawdownAbsPeakAt: at(dd.maxDrawdownAbsPeakIndex),
    maxDrawdownFracTroughAt: at(dd.maxDrawdownFracTroughIndex),
  };
}
