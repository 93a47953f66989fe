import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * The server's Node flags, as `npm start` runs it and the import bench measures it.
 *
 * V8's heap (src/server/node-flags.json): a young generation of 64 MB per half instead of 16 lets
 * the short-lived rows of a large import die young instead of being copied into the old
 * generation, about 10 % of a 200,000-row import on PostgreSQL. But V8 starts marking the old
 * generation once less than the young generation's size is left below its limit, which it sets
 * at about 1.3 times what survived the last full collection: with 50 MB surviving, after only
 * 15–30 MB more, about once a second during a large import, each pause held by every request. An
 * old generation of 256 MB at least (V8 skips full collections below the size configured) leaves
 * 140 MB.
 *
 * V8's helper threads: one fewer than the cores, at most Node's default of four. With four on two
 * cores, the collector's concurrent work for the server's heap ran on four threads beside the
 * server's own and the import's worker, and a 25 ms step of a large import's rebuild on PGlite
 * took 103 ms while they competed. With one, PGlite's event loop stalled over 45 ms 11–16 times in
 * an import of 1,000,000 rows against 21–29, and neither engine's import was slower
 * (docs/import-bench.md).
 */
export function serverNodeFlags() {
  const v8Flags = JSON.parse(readFileSync(new URL('../src/server/node-flags.json', import.meta.url), 'utf8'));
  const helpers = Math.min(4, Math.max(1, availableParallelism() - 1));
  return [...v8Flags, `--v8-pool-size=${helpers}`];
}
