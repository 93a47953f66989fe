/**
 * `npm run bench`: builds if needed, starts the real server on a free port and measures; writes
 * BENCHMARKS.md. Later issues add their benchmarks here (API latency at 100,000 trades, import).
 */
import { cpus, totalmem } from 'node:os';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildApp, DEFAULT_DIST_DIR } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { measurePublicPages } from './public-pages';

const root = resolve(import.meta.dirname, '../..');
const JS_BUDGET_KB = 120;

if (!existsSync(join(DEFAULT_DIST_DIR, 'pages'))) {
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const config = loadConfig({ ...process.env, NODE_ENV: 'production', PORT: '3000', DATABASE_URL: '' });
const database = await openDatabase({ dataDir: null });
const app = await buildApp({ config, database });
const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });

const pages = await measurePublicPages({ baseUrl, distDir: DEFAULT_DIST_DIR });
await app.close();
await database.close();

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const machine = `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}`;
const worst = Math.max(...pages.map((p) => p.jsGzipKb));
const rows = pages
  .map(
    (p) =>
      `| \`${p.path}\` | ${p.scripts} | ${p.jsGzipKb.toFixed(1)} | ${p.cssGzipKb.toFixed(1)} | ${p.htmlGzipKb.toFixed(1)} | ${p.loadMs.toFixed(0)} |`,
  )
  .join('\n');

const report = `# Benchmarks

Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}.
Machine: ${machine}.

## Public pages: bytes before the first interaction

Each page is loaded in headless Chromium from the production build served by the real server;
every script and stylesheet fetched before the network goes idle is counted at its gzip -9 size.
Budget: about ${JS_BUDGET_KB} kB of gzipped JavaScript. Worst page: **${worst.toFixed(1)} kB** — ${worst <= JS_BUDGET_KB ? 'within' : 'OVER'} budget.
App code and charts load only behind sign-in.

| Page | Scripts | JS (kB gz) | CSS (kB gz) | HTML (kB gz) | Load to network idle (ms, loopback) |
| --- | ---: | ---: | ---: | ---: | ---: |
${rows}
`;
writeFileSync(join(root, 'BENCHMARKS.md'), report);
console.log(report);
if (worst > JS_BUDGET_KB) process.exitCode = 1;
