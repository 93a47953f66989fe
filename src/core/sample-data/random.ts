/**
 * A small seeded pseudo-random generator (mulberry32). Same seed, same sequence, on every engine:
 * it uses only 32-bit integer operations, and the helpers only `+ − × ÷` on doubles (no `Math.exp`
 * or `Math.log`, whose last bits may differ between engines).
 */
export type Random = {
  /** Uniform in [0, 1). */
  next: () => number;
  /** Uniform integer in [min, max], both included. */
  int: (min: number, max: number) => number;
  /** Uniform in [min, max). */
  between: (min: number, max: number) => number;
  /** True with probability `p`. */
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** One of `items` with probability proportional to its weight. */
  pickWeighted: <T>(items: readonly (readonly [T, number])[]) => T;
  /** Roughly normal with mean 0 and standard deviation 1 (the sum of 4 uniforms, rescaled). */
  gauss: () => number;
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    between: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[int(0, items.length - 1)]!; // index is within bounds
    },
    pickWeighted: (items) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return items[items.length - 1]![0]; // rounding left a sliver: the last item
    },
    // Variance of a uniform is 1/12, so the sum of 4 has variance 1/3: scale by √3.
    gauss: () => (next() + next() + next() + next() - 2) * 1.7320508075688772,
  };
}
