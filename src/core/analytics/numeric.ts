/**
 * Numerical building blocks of the analytics engine: compensated sums, moments, the type-7
 * quantile and the standard normal quantile. Statistics are computed in binary floating point
 * (IEEE doubles), as the reference implementations (numpy, R) do; money totals use a compensated
 * sum so that 100,000 cent values add up to within an ulp of the exact total.
 */

/**
 * Σ values with Neumaier's compensation: within about one ulp of the exact sum whatever the order
 * and magnitudes (Python's `math.fsum` is exactly rounded; this differs from it by ≤ 1 ulp).
 */
export function sumCompensated(values: ArrayLike<number>): number {
  let total = 0;
  let carry = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    const t = total + x;
    carry += Math.abs(total) >= Math.abs(x) ? total - t + x : x - t + total;
    total = t;
  }
  return total + carry;
}

/** Arithmetic mean (compensated sum ÷ n); null for no values. */
export function computeMean(values: ArrayLike<number>): number | null {
  return values.length === 0 ? null : sumCompensated(values) / values.length;
}

/**
 * Central moment m_k = (1/n) Σ (x − mean)^k (the population, "biased", moment), two-pass. k ≥ 2.
 */
export function computeCentralMoment(values: ArrayLike<number>, mean: number, k: 2 | 3 | 4): number {
  const terms = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const d = values[i]! - mean;
    terms[i] = k === 2 ? d * d : k === 3 ? d * d * d : d * d * d * d;
  }
  return sumCompensated(terms) / values.length;
}

/** Sample standard deviation (divisor n − 1); null when n < 2. */
export function computeSampleStdev(values: ArrayLike<number>): number | null {
  const n = values.length;
  if (n < 2) return null;
  const mean = computeMean(values)!;
  return Math.sqrt((computeCentralMoment(values, mean, 2) * n) / (n - 1));
}

/**
 * `num / den` with the JSON policy of analytics-definitions.md: ±Infinity for a non-zero number
 * over zero, null for 0/0 or a missing operand.
 */
export function divideOrInfinity(num: number | null, den: number | null): number | null {
  if (num === null || den === null || Number.isNaN(num) || Number.isNaN(den)) return null;
  if (den === 0) return num === 0 ? null : num > 0 ? Infinity : -Infinity;
  return num / den;
}

/**
 * The type-7 quantile (R's default, numpy's "linear") of values already sorted ascending:
 * with h = (n − 1)·α, x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋+1] − x[⌊h⌋]). Interpolates as numpy 1.24 does
 * (from the upper neighbour when the fraction is ≥ 0.5) so results agree to the last bit.
 * Null for no values.
 */
export function computeQuantileSorted(sorted: ArrayLike<number>, alpha: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const h = (n - 1) * alpha;
  const lo = Math.min(Math.max(Math.floor(h), 0), n - 1);
  const hi = Math.min(lo + 1, n - 1);
  const t = h - lo;
  const a = sorted[lo]!;
  const b = sorted[hi]!;
  if (t === 0 || a === b) return a;
  const diff = b - a;
  return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
}

/** A sorted copy (ascending) as a Float64Array. */
export function toSortedArray(values: ArrayLike<number>): Float64Array {
  const out = Float64Array.from(values as ArrayLike<number>);
  out.sort();
  return out;
}

/**
 * Φ⁻¹(p), the standard normal quantile, by Wichura's algorithm AS 241 (PPND16, as in R's
 * `qnorm`): about 16 significant digits. −Infinity at 0, +Infinity at 1, NaN outside [0, 1].
 */
export function normalQuantile(p: number): number {
  if (Number.isNaN(p) || p < 0 || p > 1) return Number.NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (
      (q *
        (((((((r * 2509.0809287301227 + 33430.57558358813) * r + 67265.7709270087) * r + 45921.95393154987) * r +
          13731.69376550946) *
          r +
          1971.5909503065513) *
          r +
          133.14166789178438) *
          r +
          3.3871328727963665)) /
      (((((((r * 5226.495278852546 + 28729.085735721943) * r + 39307.89580009271) * r + 21213.794301586597) * r +
        5394.196021424751) *
        r +
        687.1870074920579) *
        r +
        42.31333070160091) *
        r +
        1)
    );
  }
  let r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  let value: number;
  if (r <= 5) {
    r -= 1.6;
    value =
      (((((((r * 0.0007745450142783414 + 0.022723844989269184) * r + 0.2417807251774506) * r + 1.2704582524523684) * r +
        3.6478483247632045) *
        r +
        5.769497221460691) *
        r +
        4.630337846156546) *
        r +
        1.4234371107496835) /
      (((((((r * 1.0507500716444169e-9 + 0.0005475938084995345) * r + 0.015198666563616457) * r + 0.14810397642748008) *
        r +
        0.6897673349851) *
        r +
        1.6763848301838038) *
        r +
        2.053191626637759) *
        r +
        1);
  } else {
    r -= 5;
    value =
      (((((((r * 2.0103343992922881e-7 + 2.7115555687434876e-5) * r + 0.0012426609473880784) * r +
        0.026532189526576124) *
        r +
        0.29656057182850487) *
        r +
        1.7848265399172913) *
        r +
        5.463784911164114) *
        r +
        6.657904643501103) /
      (((((((r * 2.0442631033899397e-15 + 1.421511758316446e-7) * r + 1.8463183175100548e-5) * r +
        0.0007868691311456133) *
        r +
        0.014875361290850615) *
        r +
        0.1369298809227358) *
        r +
        0.599832206555888) *
        r +
        1);
  }
  return q < 0 ? -value : value;
}
