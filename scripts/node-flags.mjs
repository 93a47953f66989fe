import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * The server's Node flags, as `npm start` runs it and the import bench measures it: V8's
 * (src/server/node-flags.json, why in start.mjs), and V8's helper threads one fewer than the
 * cores, at most Node's default of four. With four on two cores, the collector's concurrent work
 * for the server's heap ran on four threads beside the server's own and the import's worker, and
 * a 25 ms step of a large import's rebuild on PGlite took 103 ms while they competed. With one,
 * PGlite's event loop stalled over 45 ms 11–16 times in an import of 1,000,000 rows against 21–29,
 * and neither engine's import was slower (docs/import-bench.md).
 */
export function serverNodeFlags() {
  const v8Flags = JSON.parse(readFileSync(new URL('../src/server/node-flags.json', import.meta.url), 'utf8'));
  const helpers = Math.min(4, Math.max(1, availableParallelism() - 1));
  return [...v8Flags, `--v8-pool-size=${helpers}`];
}
