/**
 * `npm run bench`: runs every benchmark section and writes BENCHMARKS.md.
 *
 *   npm run bench                          every section
 *   npm run bench -- --only trades-api     one section (comma-separate several); the others keep
 *                                          what BENCHMARKS.md already says
 *   npm run bench -- --postgres            also PostgreSQL at postgres://root@127.0.0.1:5432 (a
 *                                          fresh database, dropped afterwards); DATABASE_URL set
 *                                          does the same with that server
 *   npm run bench -- --trades 10000        a quicker trades-api run on fewer trades
 *
 * Sections: public-pages, trades-api, import, csv-readers, analytics, reports, dashboard. The last five run
 * their standalone scripts (scripts/bench/import-parse.ts and import.ts, csv-readers.ts, analytics.ts, reports.ts,
 * dashboard-render.ts: it needs `npm run build` first)
 * as child processes once they exist: a script prints its section's markdown on stdout, from its `## `
 * heading on (anything before that heading is progress output and is dropped), and exits non-zero
 * when it misses a budget. The environment tells it the PostgreSQL URL (BENCH_DATABASE_URL, empty
 * for PGlite only).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp, DEFAULT_DIST_DIR } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { measurePublicPages } from './public-pages';
import { benchTradesApi, renderTradesApiSection } from './trades-api';

const root = resolve(import.meta.dirname, '../..');
const REPORT = join(root, 'BENCHMARKS.md');
const JS_BUDGET_KB = 120;
const DEFAULT_POSTGRES_URL = 'postgres://root@127.0.0.1:5432/postgres';

type SectionContext = { postgresUrl: string | null; tradeCount: number | undefined };
/** A section's markdown (from its `## ` heading) and whether it met its budgets. */
type SectionResult = { markdown: string; isWithinBudget: boolean };
type Section = { id: string; title: string; run: (ctx: SectionContext) => Promise<SectionResult> };

const SECTIONS: Section[] = [
  { id: 'public-pages', title: 'Public pages: bytes before the first interaction', run: runPublicPages },
  { id: 'trades-api', title: 'Trades API at 100,000 trades (one user)', run: runTradesApi },
  { id: 'import', title: 'Import', run: (ctx) => runScripts(['import-parse.ts', 'import.ts'], 'Import', ctx) },
  {
    id: 'csv-readers',
    title: 'CSV readers: own, papaparse, csv-parse',
    run: (ctx) => runScripts(['csv-readers.ts'], 'CSV readers: own, papaparse, csv-parse', ctx),
  },
  { id: 'analytics', title: 'Analytics', run: (ctx) => runScripts(['analytics.ts'], 'Analytics', ctx) },
  { id: 'reports', title: 'Advanced reports', run: (ctx) => runScripts(['reports.ts'], 'Advanced reports', ctx) },
  {
    id: 'dashboard',
    title: 'Dashboard first render',
    run: (ctx) => runScripts(['dashboard-render.ts'], 'Dashboard first render', ctx),
  },
];

function readArgs(argv: readonly string[]): { only: string[] | null; postgresUrl: string | null; tradeCount?: number } {
  const valueOf = (flag: string) => {
    const index = argv.indexOf(flag);
    return index === -1 ? undefined : argv[index + 1];
  };
  const only =
    valueOf('--only')
      ?.split(',')
      .map((id) => id.trim()) ?? null;
  for (const id of only ?? []) {
    if (!SECTIONS.some((s) => s.id === id)) {
      console.error(`bench: no section "${id}"; sections: ${SECTIONS.map((s) => s.id).join(', ')}`);
      process.exit(2);
    }
  }
  const envUrl = process.env.DATABASE_URL?.trim() || null;
  const postgresUrl = envUrl ?? (argv.includes('--postgres') ? DEFAULT_POSTGRES_URL : null);
  const trades = valueOf('--trades');
  return { only, postgresUrl, tradeCount: trades === undefined ? undefined : Number(trades) };
}

function describeMachine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}`;
}

/** How this run was started, for the report. */
const COMMAND = ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' ');

/** "Measured on …" for one section: sections are measured at different times and machines, each says its own. */
function describeRun(command = COMMAND): string {
  const [one, five] = loadavg();
  return (
    `_Measured on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`${command}\` on ` +
    `${describeMachine()}; load average ${one?.toFixed(1)} (1 min) / ${five?.toFixed(1)} (5 min) as the ` +
    'section started._'
  );
}

async function runPublicPages(): Promise<SectionResult> {
  if (!existsSync(join(DEFAULT_DIST_DIR, 'pages'))) {
    const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`bench: npm run build failed (${built.status})`);
  }
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', PORT: '3000', DATABASE_URL: '' });
  const database = await openDatabase({ dataDir: null });
  const app = await buildApp({ config, database });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const pages = await measurePublicPages({ baseUrl, distDir: DEFAULT_DIST_DIR });
  await app.close();
  await database.close();

  const worst = Math.max(...pages.map((p) => p.jsGzipKb));
  const rows = pages
    .map(
      (p) =>
        `| \`${p.path}\` | ${p.scripts} | ${p.jsGzipKb.toFixed(1)} | ${p.cssGzipKb.toFixed(1)} | ${p.htmlGzipKb.toFixed(1)} | ${p.loadMs.toFixed(0)} |`,
    )
    .join('\n');
  const markdown = `## Public pages: bytes before the first interaction

${describeRun()}

Each page is loaded in headless Chromium from the production build served by the real server;
every script and stylesheet fetched before the network goes idle is counted at its gzip -9 size.
Budget: about ${JS_BUDGET_KB} kB of gzipped JavaScript. Worst page: **${worst.toFixed(1)} kB** — ${worst <= JS_BUDGET_KB ? 'within' : 'OVER'} budget.
App code and charts load only behind sign-in.

| Page | Scripts | JS (kB gz) | CSS (kB gz) | HTML (kB gz) | Load to network idle (ms, loopback) |
| --- | ---: | ---: | ---: | ---: | ---: |
${rows}
`;
  return { markdown, isWithinBudget: worst <= JS_BUDGET_KB };
}

async function runTradesApi(ctx: SectionContext): Promise<SectionResult> {
  const pglite = await benchTradesApi({ engine: 'pglite', tradeCount: ctx.tradeCount });
  const postgres = ctx.postgresUrl
    ? await benchTradesApi({ engine: 'postgres', databaseUrl: ctx.postgresUrl, tradeCount: ctx.tradeCount })
    : null;
  return renderTradesApiSection({ pglite, postgres, intro: describeRun() });
}

/** A standalone section script, run as a child process (see the module comment). */
async function runScript(file: string, title: string, ctx: SectionContext): Promise<SectionResult> {
  const path = join(import.meta.dirname, file);
  if (!existsSync(path)) {
    return {
      markdown: `## ${title}\n\nNot measured yet: \`scripts/bench/${file}\` does not exist.\n`,
      isWithinBudget: true,
    };
  }
  const run = spawnSync(join(root, 'node_modules/.bin/tsx'), [path], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_DATABASE_URL: ctx.postgresUrl ?? '' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const out = run.stdout ?? '';
  const start = out.search(/^## /m);
  const body = start === -1 ? `## ${title}\n\n${out.trim() || '(the script printed nothing)'}\n` : out.slice(start);
  const [heading, ...rest] = body.trimEnd().split('\n');
  return {
    markdown: `${heading}\n\n${describeRun()}\n${rest.join('\n')}\n`,
    isWithinBudget: run.status === 0,
  };
}

/** Several scripts' sections as one (in order): within budget only when every script is. */
async function runScripts(files: readonly string[], title: string, ctx: SectionContext): Promise<SectionResult> {
  const results: SectionResult[] = [];
  for (const file of files) results.push(await runScript(file, title, ctx));
  return {
    markdown: results.map((r) => r.markdown.trim()).join('\n\n'),
    isWithinBudget: results.every((r) => r.isWithinBudget),
  };
}

const marker = (id: string) => [`<!-- bench:${id} -->`, `<!-- /bench:${id} -->`] as const;

/** The sections BENCHMARKS.md holds now, by id (written by earlier runs of this script). */
function readSections(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const section of SECTIONS) {
    const [open, close] = marker(section.id);
    const start = text.indexOf(open);
    const end = text.indexOf(close);
    if (start !== -1 && end > start) found.set(section.id, text.slice(start + open.length, end).trim());
  }
  return found;
}

const args = readArgs(process.argv.slice(2));
const previous = existsSync(REPORT) ? readSections(readFileSync(REPORT, 'utf8')) : new Map<string, string>();
const ctx: SectionContext = { postgresUrl: args.postgresUrl, tradeCount: args.tradeCount };
let isWithinBudget = true;
const parts: string[] = [];
for (const section of SECTIONS) {
  const [open, close] = marker(section.id);
  let markdown = previous.get(section.id);
  if (!args.only || args.only.includes(section.id)) {
    console.error(`bench: ${section.id}…`);
    try {
      const result = await section.run(ctx);
      markdown = result.markdown.trim();
      isWithinBudget &&= result.isWithinBudget;
      console.log(`${markdown}\n`);
    } catch (error) {
      // One broken section (a build that fails mid-change) must not cost the others their run.
      console.error(`bench: ${section.id} failed:`, error);
      isWithinBudget = false;
      const note = `> The last run of this section (${new Date().toISOString().slice(0, 10)}) failed: ${String(error).split('\n')[0]}`;
      markdown = markdown ? `${markdown}\n\n${note}` : `## ${section.title}\n\n${note}`;
    }
  }
  parts.push(
    `${open}\n${markdown ?? `## ${section.title}\n\nNot measured yet: run \`npm run bench -- --only ${section.id}\`.`}\n${close}`,
  );
}

const report = `# Benchmarks

Written by \`npm run bench\` (every section; \`npm run bench -- --only <section>\` re-measures one and
keeps the others; \`--postgres\` or DATABASE_URL adds PostgreSQL). Last run ${new Date().toISOString().slice(0, 10)}.
Machine: ${describeMachine()}.

${parts.join('\n\n')}
`;
writeFileSync(REPORT, report);
console.error(`bench: wrote ${REPORT}`);
if (!isWithinBudget) process.exitCode = 1;
