import { normalQuantile } from '../analytics/numeric';

/**
 * 95% confidence intervals of the report's statistics: the Wilson score interval of a win rate and
 * the Student t interval of a mean (expectancy in money or in R). Doubles, as the analytics engine
 * computes its statistics; the money figures they bound are rounded by the caller.
 */

/** z of a two-sided 95% interval: Φ⁻¹(0.975) = 1.959963984540054. */
export const Z_95 = normalQuantile(0.975);

/**
 * The Wilson score interval of `successes` out of `trials` at 95%:
 * (p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n). Null for no trials. Both ends lie in [0, 1]
 * and bracket p̂ (unlike the Wald interval, it stays honest at 0 or n successes and small n).
 */
export function computeWilsonInterval(successes: number, trials: number): [number, number] | null {
  if (trials <= 0) return null;
  const p = successes / trials;
  const z2 = Z_95 * Z_95;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (Z_95 * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  // Clamped against rounding: p̂ = 0 gives a lower end of exactly 0 in exact arithmetic.
  return [Math.min(p, Math.max(0, centre - half)), Math.max(p, Math.min(1, centre + half))];
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9: about 15 significant digits). */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let a = c[0]!;
  const t = y + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (y + i);
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The continued fraction of the regularized incomplete beta (modified Lentz). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return h;
}

/** I_x(a, b), the regularized incomplete beta function, for 0 ≤ x ≤ 1. */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2)
    ? (front * betaContinuedFraction(x, a, b)) / a
    : 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

/** P(T ≤ t) for Student's t with `df` degrees of freedom. */
export function studentTCdf(t: number, df: number): number {
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

const quantileMemo = new Map<number, number>();

/**
 * t₀.₉₇₅ with `df` degrees of freedom (df ≥ 1): the two-sided 95% critical value, as R's
 * `qt(0.975, df)` to about 12 significant digits. Closed forms for df 1 and 2; otherwise bisection
 * on the CDF (memoised: a report asks for few distinct sample sizes).
 */
export function studentT975(df: number): number {
  if (df === 1) return Math.tan(Math.PI * 0.475);
  if (df === 2) return 0.95 * Math.sqrt(2 / (4 * 0.975 * 0.025));
  const known = quantileMemo.get(df);
  if (known !== undefined) return known;
  // Between z (df → ∞) and t at df = 2 (4.30): the CDF is increasing, bisection converges.
  let lo = Z_95;
  let hi = 4.31;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (studentTCdf(mid, df) < 0.975) lo = mid;
    else hi = mid;
  }
  const value = (lo + hi) / 2;
  if (quantileMemo.size < 10_000) quantileMemo.set(df, value);
  return value;
}

/**
 * Mean, sample standard deviation (n − 1) and the Student t 95% interval of the mean,
 * mean ± t₀.₉₇₅(n − 1)·s/√n, of the values at the given positions (two passes). Interval null
 * below two values; mean null for none.
 */
export function computeMeanInterval(values: ArrayLike<number>): {
  mean: number | null;
  interval: [number, number] | null;
} {
  const n = values.length;
  if (n === 0) return { mean: null, interval: null };
  let total = 0;
  for (let i = 0; i < n; i++) total += values[i]!;
  const mean = total / n;
  if (n < 2) return { mean, interval: null };
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const d = values[i]! - mean;
    squares += d * d;
  }
  const half = (studentT975(n - 1) * Math.sqrt(squares / (n - 1))) / Math.sqrt(n);
  return { mean, interval: [mean - half, mean + half] };
}
