/**
 * A small seedable generator for simulations: xoshiro128** (Blackman and Vigna), seeded through
 * splitmix32 so that nearby seeds give unrelated streams. Never Math.random: the same seed must
 * give the same numbers on every machine and in every JavaScript engine.
 */
export type RandomSource = {
  /** A uniform 32-bit unsigned integer. */
  nextUint32: () => number;
  /** A uniform integer in [0, n) without modulo bias; 1 ≤ n ≤ 2^32. */
  nextInt: (n: number) => number;
  /** A uniform double in [0, 1) with 53 random bits. */
  nextFloat: () => number;
  /** Fills out[0..count) with uniform integers in [0, n), n ≤ 2^21 (bulk {@link nextInt}, same stream). */
  fillInts: (out: Int32Array, count: number, n: number) => void;
  /**
   * Partial Fisher–Yates: makes items[0..count) a uniform random ordered sample of items[0..length)
   * (a uniform permutation when count ≥ length − 1), whatever their order before.
   */
  shuffle: (items: Int32Array, count: number, length: number) => void;
};

const TWO_32 = 4_294_967_296;

function splitmix32(state: number): [number, number] {
  const next = (state + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return [next, (z ^ (z >>> 16)) >>> 0];
}

/**
 * A generator for a seed: any safe integer (both 32-bit halves of it are used). Throws a
 * RangeError for anything else.
 */
export function createRandom(seed: number): RandomSource {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
  const high = Math.floor(seed / TWO_32) | 0;
  let state = (seed | 0) ^ Math.imul(high, 0x27d4eb2d);
  const words: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [next, out] = splitmix32(state);
    state = next;
    words.push(out);
  }
  let [a, b, c, d] = words as [number, number, number, number];
  if ((a | b | c | d) === 0) a = 1; // the all-zero state is a fixed point
  const nextUint32 = (): number => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result;
  };
  // Lemire's multiply-shift with rejection: index = ⌊x·n / 2^32⌋, exact in a double for n ≤ 2^21;
  // rejecting the low part below 2^32 mod n makes every index equally likely.
  const nextIntFast = (n: number): number => {
    const threshold = TWO_32 % n;
    for (;;) {
      const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
      const t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = (d << 11) | (d >>> 21);
      const m = result * n;
      const high = Math.floor(m / TWO_32);
      if (m - high * TWO_32 >= threshold) return high;
    }
  };
  const checkBound = (n: number) => {
    if (!(Number.isInteger(n) && n >= 1 && n <= 2_097_152))
      throw new RangeError(`bound must be in [1, 2^21], got ${n}`);
  };
  return {
    fillInts: (out, count, n) => {
      checkBound(n);
      for (let k = 0; k < count; k++) out[k] = nextIntFast(n);
    },
    shuffle: (items, count, length) => {
      checkBound(length);
      for (let k = 0; k < count && k < length - 1; k++) {
        const j = k + nextIntFast(length - k);
        const t = items[k]!;
        items[k] = items[j]!;
        items[j] = t;
      }
    },
    nextUint32,
    nextInt: (n) => {
      if (!(n >= 1 && n <= TWO_32)) throw new RangeError(`nextInt needs 1 ≤ n ≤ 2^32, got ${n}`);
      // Rejection: accept only x below the largest multiple of n, so every residue is equally likely.
      const limit = TWO_32 - (TWO_32 % n);
      let x = nextUint32();
      while (x >= limit) x = nextUint32();
      return x % n;
    },
    nextFloat: () => ((nextUint32() >>> 5) * 67_108_864 + (nextUint32() >>> 6)) / 9_007_199_254_740_992,
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
