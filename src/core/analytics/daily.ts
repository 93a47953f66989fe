import {
  computeCentralMoment,
  computeMean,
  computeQuantileSorted,
  computeSampleStdev,
  divideOrInfinity,
  normalQuantile,
  toSortedArray,
} from './numeric';
import { computeDrawdown } from './trade-stats';
import { toTradeColumns, type TradeInput } from './trade-columns';
import { createZonedCalendar, toDateKey, type ZonedCalendar } from './time-zone';

/** Trading days a year: the daily default of PerformanceAnalytics, empyrical and quantstats. */
export const PERIODS_PER_YEAR = 252;

/** One calendar day (in the chosen time zone) with at least one closed trade. */
export type DailyPoint = {
  /** "YYYY-MM-DD" in the time zone. */
  date: string;
  dayNumber: number;
  trades: number;
  pnl: number;
  startEquity: number;
  endEquity: number;
  /** pnl / startEquity; null when the day starts with no positive equity. */
  return: number | null;
};

/** Daily-return statistics: the oracle's `daily.*` keys in camelCase. Fractions, not percent. */
export type DailyStats = {
  days: number;
  firstDate: string | null;
  lastDate: string | null;
  totalReturn: number | null;
  meanReturn: number | null;
  stdevReturn: number | null;
  volatilityAnnualised: number | null;
  downsideDeviation: number | null;
  downsideDeviationAnnualised: number | null;
  sharpe: number | null;
  sortino: number | null;
  cagr: number | null;
  calmar: number | null;
  skewness: number | null;
  excessKurtosis: number | null;
  maxDrawdownAbs: number;
  maxDrawdownFrac: number | null;
  maxDrawdownAbsPeakEquity: number | null;
  maxDrawdownAbsTroughEquity: number | null;
  maxDrawdownAbsTroughAt: string | null;
  maxDrawdownAbsPeakAt: string | null;
  maxDrawdownFracTroughAt: string | null;
  varHist95: number | null;
  cvarHist95: number | null;
  varHist99: number | null;
  cvarHist99: number | null;
  varGaussian95: number | null;
  varGaussian99: number | null;
  varModified95: number | null;
  varModified99: number | null;
};

/**
 * The daily series: trades bucketed by the calendar day of `closedAt` in `timeZone` (default UTC,
 * as the reference does), only days with a closed trade, in date order. The day's return is its
 * P&L over the equity at its start (starting equity plus every earlier day's P&L), so compounding
 * the returns reproduces the equity curve.
 */
export function toDailySeries(
  input: TradeInput,
  params: { startingEquity: number; timeZone?: string; calendar?: ZonedCalendar },
): DailyPoint[] {
  const calendar = params.calendar ?? createZonedCalendar(params.timeZone ?? 'UTC');
  const { count, closedAt, netPnl } = toTradeColumns(input);
  // Per day: [sum, Neumaier carry, count]. Trades come in close order, so a day's trades mostly
  // follow each other: the map is consulted when the day changes, not for every trade.
  const days = new Map<number, [number, number, number]>();
  let day = Number.NaN;
  let acc: [number, number, number] | undefined;
  for (let i = 0; i < count; i++) {
    const x = netPnl[i]!;
    const tradeDay = calendar.toDayNumber(closedAt[i]!);
    if (tradeDay !== day) {
      day = tradeDay;
      acc = days.get(day);
      if (!acc) {
        acc = [x, 0, 1];
        days.set(day, acc);
        continue;
      }
    }
    const sum = acc![0];
    const t = sum + x;
    acc![1] += Math.abs(sum) >= Math.abs(x) ? sum - t + x : x - t + sum;
    acc![0] = t;
    acc![2] += 1;
  }
  const out: DailyPoint[] = [];
  let cumulative = 0;
  for (const dayNumber of [...days.keys()].sort((a, b) => a - b)) {
    const [total, carry, count] = days.get(dayNumber)!;
    const pnl = total + carry;
    const startEquity = params.startingEquity + cumulative;
    cumulative += pnl;
    out.push({
      date: toDateKey(dayNumber),
      dayNumber,
      trades: count,
      pnl,
      startEquity,
      endEquity: params.startingEquity + cumulative,
      return: startEquity > 0 ? pnl / startEquity : null,
    });
  }
  return out;
}

function historicalVar(sorted: Float64Array, returns: Float64Array, alpha: number): [number, number] {
  const q = computeQuantileSorted(sorted, alpha)!;
  const tail: number[] = [];
  for (const r of returns) if (r < q) tail.push(r);
  // CVaR: mean of the returns strictly below VaR (PerformanceAnalytics ES.historical); VaR if none.
  return [q, tail.length > 0 ? computeMean(tail)! : q];
}

function cornishFisherVar(params: { mean: number; sdPop: number; skew: number; exKurt: number; alpha: number }) {
  const { mean, sdPop, skew: s, exKurt: k, alpha } = params;
  const z = normalQuantile(alpha);
  const h = z + ((z * z - 1) * s) / 6 + ((z ** 3 - 3 * z) * k) / 24 - ((2 * z ** 3 - 5 * z) * s * s) / 36;
  return mean + h * sdPop;
}

/** α of a confidence level p in percent, computed as the reference does (1 − 0.95 = 0.05000000000000004). */
const alphaOf = (percent: number) => 1 - percent / 100;

const EMPTY_DAILY: DailyStats = {
  days: 0,
  firstDate: null,
  lastDate: null,
  totalReturn: null,
  meanReturn: null,
  stdevReturn: null,
  volatilityAnnualised: null,
  downsideDeviation: null,
  downsideDeviationAnnualised: null,
  sharpe: null,
  sortino: null,
  cagr: null,
  calmar: null,
  skewness: null,
  excessKurtosis: null,
  maxDrawdownAbs: 0,
  maxDrawdownFrac: null,
  maxDrawdownAbsPeakEquity: null,
  maxDrawdownAbsTroughEquity: null,
  maxDrawdownAbsTroughAt: null,
  maxDrawdownAbsPeakAt: null,
  maxDrawdownFracTroughAt: null,
  varHist95: null,
  cvarHist95: null,
  varHist99: null,
  cvarHist99: null,
  varGaussian95: null,
  varGaussian99: null,
  varModified95: null,
  varModified99: null,
};

/**
 * Every daily-return statistic of analytics-definitions.md: risk-free rate and MAR 0, 252 periods
 * a year; Sharpe = mean/sample stdev·√252; Sortino = mean/DD·√252 with DD over all n days; CAGR =
 * Π(1+r)^(252/n) − 1; Calmar = CAGR / daily max drawdown; historical VaR the type-7 quantile and
 * CVaR the mean strictly below it; Gaussian and Cornish–Fisher VaR with population moments (PA).
 * VaR and CVaR are returns (a loss is negative). Return-based values are null when some day starts
 * with no positive equity (returns are then undefined).
 */
export function computeDailyStats(series: readonly DailyPoint[], params: { startingEquity: number }): DailyStats {
  const n = series.length;
  if (n === 0) return { ...EMPTY_DAILY };
  const equity = new Float64Array(n + 1);
  equity[0] = params.startingEquity;
  series.forEach((day, i) => (equity[i + 1] = day.endEquity));
  const dd = computeDrawdown(equity);
  const label = (index: number | null) => (index === null || index === 0 ? null : series[index - 1]!.date);
  const base: DailyStats = {
    ...EMPTY_DAILY,
    days: n,
    firstDate: series[0]!.date,
    lastDate: series[n - 1]!.date,
    maxDrawdownAbs: dd.maxDrawdownAbs,
    maxDrawdownFrac: dd.maxDrawdownFrac,
    maxDrawdownAbsPeakEquity: dd.maxDrawdownAbsPeakEquity,
    maxDrawdownAbsTroughEquity: dd.maxDrawdownAbsTroughEquity,
    maxDrawdownAbsTroughAt: label(dd.maxDrawdownAbsTroughIndex),
    maxDrawdownAbsPeakAt: label(dd.maxDrawdownAbsPeakIndex),
    maxDrawdownFracTroughAt: label(dd.maxDrawdownFracTroughIndex),
  };
  if (series.some((day) => day.return === null)) return base;
  const r = Float64Array.from(series, (day) => day.return!);
  const ann = PERIODS_PER_YEAR;
  const mean = computeMean(r)!;
  const sd = computeSampleStdev(r);
  const m2 = computeCentralMoment(r, mean, 2);
  const sdPop = Math.sqrt(m2);
  const downside = Math.sqrt(computeMean(Float64Array.from(r, (x) => (x < 0 ? x * x : 0)))!);
  let growth = 1;
  for (const x of r) growth *= 1 + x;
  const cagr = growth ** (ann / n) - 1;
  const hasMoments = n >= 2 && m2 > 0;
  const skew = hasMoments ? computeCentralMoment(r, mean, 3) / m2 ** 1.5 : null;
  const exKurt = hasMoments ? computeCentralMoment(r, mean, 4) / (m2 * m2) - 3 : null;
  const sorted = toSortedArray(r);
  const [varHist95, cvarHist95] = historicalVar(sorted, r, alphaOf(95));
  const [varHist99, cvarHist99] = historicalVar(sorted, r, alphaOf(99));
  const gaussian = (alpha: number) => (sdPop > 0 ? normalQuantile(alpha) * sdPop + mean : mean);
  const modified = (alpha: number) =>
    skew !== null && exKurt !== null ? cornishFisherVar({ mean, sdPop, skew, exKurt, alpha }) : null;
  return {
    ...base,
    totalReturn: growth - 1,
    meanReturn: mean,
    stdevReturn: sd,
    volatilityAnnualised: sd === null ? null : sd * Math.sqrt(ann),
    downsideDeviation: downside,
    downsideDeviationAnnualised: downside * Math.sqrt(ann),
    sharpe: n >= 2 ? divideOrInfinity(mean * Math.sqrt(ann), sd) : null,
    sortino: n >= 2 ? divideOrInfinity(mean * Math.sqrt(ann), downside) : null,
    cagr,
    calmar: divideOrInfinity(cagr, dd.maxDrawdownFrac),
    skewness: skew,
    excessKurtosis: exKurt,
    varHist95,
    cvarHist95,
    varHist99,
    cvarHist99,
    varGaussian95: gaussian(alphaOf(95)),
    varGaussian99: gaussian(alphaOf(99)),
    varModified95: modified(alphaOf(95)),
    varModified99: modified(alphaOf(99)),
  };
}
