import Big from 'big.js';

/**
 * Exact decimal. Prices, quantities, fees and cash all use this, never `number`.
 *
 * Every `Decimal` is made by this module's own Big constructor, so its configuration (division
 * places, rounding, plain-notation `toString`) never leaks into, or depends on, other users of
 * big.js. Big values are immutable: every operation returns a new value, so sharing one is safe.
 */
export type Decimal = Big & { readonly __brand: 'Decimal' };

/** Decimal places kept by {@link divide} (averages, pro-rata splits, R). */
export const DIVISION_PLACES = 20;

/** big.js rounding modes, named. `halfUp` rounds ties away from zero (−1.005 → −1.01). */
export const ROUNDING = { down: 0, halfUp: 1, halfEven: 2, up: 3 } as const;
export type RoundingMode = (typeof ROUNDING)[keyof typeof ROUNDING];

// A private constructor: `Big()` without arguments returns a fresh, independently configured one.
const DecimalBig = Big();
DecimalBig.DP = DIVISION_PLACES;
// Half-even for division: unbiased over many averages and splits, and 20 places is far below any
// digit that is ever stored (numeric(20, 8)) or shown.
DecimalBig.RM = ROUNDING.halfEven;
// toString never switches to exponent notation ("1e-8"): 0.00000001 BTC prints as such.
DecimalBig.NE = -1e6;
DecimalBig.PE = 1e6;

// Plain or exponent notation, optional sign; at most 4 exponent digits keeps `toString` bounded.
const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,4})?$/;

function brand(value: Big): Decimal {
  return value as Decimal; // brand only: every Big reaching here was built by DecimalBig or from a Decimal
}

/** 0, shared (Decimals are immutable). */
export const ZERO: Decimal = brand(new DecimalBig(0));
/** 1, shared (Decimals are immutable). */
export const ONE: Decimal = brand(new DecimalBig(1));

/**
 * Reads an exact decimal, or null for anything that is not one.
 *
 * - Strings: optional sign, digits with an optional `.` fraction, optional exponent (`1.5`, `-.25`,
 *   `+3`, `1e-8`), surrounding whitespace ignored. Empty strings, `NaN`, `Infinity`, hex, thousands
 *   separators and anything else return null (dialects such as `1.234,56` are the importer's job).
 * - Numbers: finite values only, read through their shortest round-trip decimal (`0.1` → 0.1).
 *   Integers beyond ±2^53 − 1 return null: the number has already lost digits.
 * - Negative zero reads as 0.
 */
export function toDecimal(raw: string | number): Decimal | null {
  let text: string;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return null;
    if (Number.isInteger(raw) && !Number.isSafeInteger(raw)) return null;
    text = String(raw);
  } else {
    text = raw.trim();
    if (!DECIMAL_TEXT.test(text)) return null;
    if (text.startsWith('+')) text = text.slice(1);
  }
  const value = new DecimalBig(text);
  return value.c[0] === 0 ? ZERO : brand(value);
}

/**
 * A decimal literal in code: `D('0.25')`. Throws on anything {@link toDecimal} rejects, because a
 * bad literal is a bug; use `toDecimal` for untrusted input.
 */
export function D(literal: string | number): Decimal {
  const value = toDecimal(literal);
  if (value === null) throw new RangeError(`Not an exact decimal: ${String(literal)}`);
  return value;
}

/** a + b, exact. */
export function add(a: Decimal, b: Decimal): Decimal {
  return brand(a.plus(b));
}

/** a − b, exact. */
export function subtract(a: Decimal, b: Decimal): Decimal {
  return brand(a.minus(b));
}

/** a × b, exact. */
export function multiply(a: Decimal, b: Decimal): Decimal {
  return brand(a.times(b));
}

/**
 * a ÷ b to {@link DIVISION_PLACES} decimal places, ties to even (exact whenever the quotient
 * terminates within those places). Throws a RangeError when b is 0: callers decide what a zero
 * divisor means (R returns null, for example).
 */
export function divide(a: Decimal, b: Decimal): Decimal {
  if (isZero(b)) throw new RangeError('Division by zero');
  // Run the division on DecimalBig so its DP/RM apply even if `a` came from elsewhere.
  return brand(new DecimalBig(a).div(b));
}

/** −a. */
export function negate(a: Decimal): Decimal {
  return isZero(a) ? ZERO : brand(a.neg());
}

/** |a|. */
export function toAbsolute(a: Decimal): Decimal {
  return a.s < 0 ? negate(a) : a;
}

/** Σ values, exact; 0 for none. Linear, with one scaled-integer addition per value. */
export function sum(values: Iterable<Decimal>): Decimal {
  const list = [...values];
  let scale = 0;
  for (const value of list) scale = Math.max(scale, decimalPlaces(value));
  let total = 0n;
  for (const value of list) total += toScaledBigInt(value, scale);
  return fromScaledBigInt(total, scale);
}

/** How many decimal places a has (0 for integers): `decimalPlaces(D('1.250'))` is 2. */
export function decimalPlaces(a: Decimal): number {
  return Math.max(0, a.c.length - 1 - a.e);
}

const POWERS_OF_TEN: bigint[] = [1n];

function toPowerOfTen(exponent: number): bigint {
  for (let i = POWERS_OF_TEN.length; i <= exponent; i++) POWERS_OF_TEN.push((POWERS_OF_TEN[i - 1] ?? 1n) * 10n);
  return POWERS_OF_TEN[exponent] ?? 10n ** BigInt(exponent);
}

/**
 * a × 10^scale as an exact integer: `toScaledBigInt(D('1.25'), 4)` is 12500n. For hot loops that
 * add and compare many decimals (grouping, sums): bigint arithmetic allocates far less than Big.
 * Throws a RangeError when `scale` < `decimalPlaces(a)`, since that would drop digits.
 */
export function toScaledBigInt(a: Decimal, scale: number): bigint {
  const digits = a.c;
  const shift = scale - (digits.length - 1 - a.e);
  if (shift < 0 && digits[0] !== 0) throw new RangeError(`${a.toString()} has more than ${scale} decimal places`);
  let magnitude: bigint;
  if (digits.length <= 15) {
    // Exact in a double: 15 digits < 2^53.
    let small = 0;
    for (const digit of digits) small = small * 10 + digit;
    magnitude = BigInt(small);
  } else {
    magnitude = BigInt(digits.join(''));
  }
  if (shift > 0) magnitude *= toPowerOfTen(shift);
  return a.s < 0 ? -magnitude : magnitude;
}

/** The decimal n × 10^−scale, exact: the inverse of {@link toScaledBigInt}. */
export function fromScaledBigInt(n: bigint, scale: number): Decimal {
  if (n === 0n) return ZERO;
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString();
  // Built in big.js's own form rather than parsed from text (grouping makes several per trade):
  // the digits without trailing zeros (the string has no leading ones), and `e` the power of ten
  // of the first digit.
  let length = digits.length;
  while (digits.charCodeAt(length - 1) === 48) length -= 1;
  const c: number[] = new Array<number>(length);
  for (let i = 0; i < length; i += 1) c[i] = digits.charCodeAt(i) - 48;
  const value = new DecimalBig(ZERO); // copies a Big without parsing anything
  value.s = negative ? -1 : 1;
  value.e = digits.length - 1 - scale;
  value.c = c;
  return brand(value);
}

/**
 * (a × 10^−aScale) ÷ (b × 10^−bScale) as {@link divide} answers it (DIVISION_PLACES places,
 * half-even), computed on the scaled integers: for hot loops that hold their figures that way
 * (grouping's averages), without two decimals made only to be divided. Throws a RangeError when b is 0.
 */
export function divideScaled(a: bigint, aScale: number, b: bigint, bScale: number): Decimal {
  if (b === 0n) throw new RangeError('Division by zero');
  // a·10^bScale / (b·10^aScale), times 10^DIVISION_PLACES, rounded to an integer.
  const numerator = a * toPowerOfTen(bScale + DIVISION_PLACES);
  const denominator = b * toPowerOfTen(aScale);
  let quotient = numerator / denominator; // truncated toward zero
  const remainder = numerator % denominator;
  if (remainder !== 0n) {
    const twice = 2n * (remainder < 0n ? -remainder : remainder);
    const whole = denominator < 0n ? -denominator : denominator;
    if (twice > whole || (twice === whole && quotient % 2n !== 0n)) {
      // Away from zero: the quotient's sign is the exact result's.
      quotient += numerator < 0n !== denominator < 0n ? -1n : 1n;
    }
  }
  return fromScaledBigInt(quotient, DIVISION_PLACES);
}

/** −1, 0 or 1 as a is less than, equal to or greater than b (usable as a sort comparator). */
export function compareDecimals(a: Decimal, b: Decimal): -1 | 0 | 1 {
  return a.cmp(b);
}

/** True for 0 (and −0). */
export function isZero(a: Decimal): boolean {
  return a.c[0] === 0;
}

/** True when a > 0. */
export function isPositive(a: Decimal): boolean {
  return a.s > 0 && a.c[0] !== 0;
}

/** True when a < 0. */
export function isNegative(a: Decimal): boolean {
  return a.s < 0 && a.c[0] !== 0;
}

/** The smaller of a and b (a when equal). */
export function minDecimal(a: Decimal, b: Decimal): Decimal {
  return b.lt(a) ? b : a;
}

/** The larger of a and b (a when equal). */
export function maxDecimal(a: Decimal, b: Decimal): Decimal {
  return b.gt(a) ? b : a;
}

/** The most places big.js rounds to (its MAX_DP): beyond, it throws. */
const BIG_MAX_PLACES = 1e6;

/** a rounded to `places` decimal places (may be negative: −2 rounds to hundreds); half-up by default. */
export function roundDecimal(a: Decimal, places: number, mode: RoundingMode = ROUNDING.halfUp): Decimal {
  // Nothing to round: the same decimal (immutable) rather than a copy, for a large import rounds
  // every figure of every trade it stores, most of which fit. Places big.js would refuse still go
  // to it, and throw there.
  if (Number.isInteger(places) && Math.abs(places) <= BIG_MAX_PLACES) {
    if (a.c[0] === 0) return ZERO;
    if (decimalPlaces(a) <= places) return a;
  }
  const rounded = a.round(places, mode);
  return rounded.c[0] === 0 ? ZERO : brand(rounded);
}

/**
 * A fixed-point string for display and statements: `toMoneyString(D('-1234.5'))` → `-1234.50`.
 *
 * Rounds half-up, ties away from zero (1.005 → 1.01, −1.005 → −1.01), as brokers round cents on
 * statements, so a journal figure matches the statement's. No thousands separators or currency
 * sign (the web formats for the user's locale), and never `-0.00`. Arithmetic never rounds: only
 * this presentation does.
 */
export function toMoneyString(a: Decimal, places = 2): string {
  const text = a.toFixed(places, ROUNDING.halfUp);
  return /^-0(?:\.0*)?$/.test(text) ? text.slice(1) : text;
}
