/** What the standalone bench scripts share: a median, a timed loop, and counts from flags or env. */

export const median = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
};

/** The median time of `runs` calls of `run` (ms), after `warmups` untimed ones. */
export async function measure(
  run: () => Promise<unknown> | unknown,
  params: { warmups: number; runs: number },
): Promise<number> {
  for (let i = 0; i < params.warmups; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < params.runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}

/** A whole number from `--flag N`, else the environment variable, else `fallback` (`1_000_000` allowed). */
export function readCount(flag: string, envName: string, fallback: number): number {
  const index = process.argv.indexOf(flag);
  const raw = index === -1 ? process.env[envName] : process.argv[index + 1];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.replaceAll('_', ''));
  if (!Number.isInteger(value) || value < 0) throw new Error(`${flag} / ${envName}: not a whole number: ${raw}`);
  return value;
}
