import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase } from '../../../../test/helpers/test-database';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';

// Two `npm start` from one checkout (test/fixtures/build/start-like.mjs does what start.mjs does
// before the server, with a stand-in for the slow web build), on other ports and public URLs.
const START_LIKE = new URL('../../../../test/fixtures/build/start-like.mjs', import.meta.url).pathname;

type Started = { output: string[]; exited: Promise<number | null> };

function startLike(env: Record<string, string>, paths: { dist: string; count: string; release: string }): Started {
  const child = spawn(process.execPath, [START_LIKE, paths.dist, paths.count, paths.release], {
    env: { ...process.env, PORT: '', PUBLIC_URL: '', FORCE_BUILD: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const output: string[] = [];
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? ''; // a line not yet ended
    output.push(...lines);
  });
  return { output, exited: new Promise((resolve) => child.on('close', resolve)) };
}

/** Waits, with no deadline of its own (the test's applies), until `isDone`. */
async function waitFor(isDone: () => boolean): Promise<void> {
  while (!isDone()) await new Promise((resolve) => setTimeout(resolve, 20));
}

const builtDir = (started: Started) => started.output.find((line) => line.startsWith('BUILD '))?.slice(6);

let base: string;
let paths: { dist: string; count: string; release: string };
let database: Database;
const apps: FastifyInstance[] = [];
let firstBuild: string | undefined;

/** A server as main.ts starts it on a build (no need to listen: inject answers as HTTP would). */
async function startServer(distDir: string, env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', ...env }), database, distDir });
  apps.push(app);
  return app;
}
const get = async (app: FastifyInstance, url: string) => (await app.inject({ method: 'GET', url })).body;

beforeAll(async () => {
  database = await createTestDatabase(); // one for both servers: only their pages differ
  base = mkdtempSync(join(tmpdir(), 'shared-build-'));
  paths = { dist: join(base, 'dist'), count: join(base, 'builds-made'), release: join(base, 'release') };
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database.close();
  rmSync(base, { recursive: true, force: true });
});

describe('two servers from one checkout', () => {
  it('build once when they start together on other ports and public URLs, and each serves its own URL', async () => {
    const first = startLike({ PORT: '3000' }, paths);
    const second = startLike({ PORT: '3001', PUBLIC_URL: 'https://journal.example.com/' }, paths);
    // One is building and the other waits for it before the build may end: they overlap for certain.
    const isBuilding = (s: Started) => s.output.includes('Building the web app…');
    const isWaiting = (s: Started) => s.output.includes('Waiting for another build of the web app to finish…');
    await waitFor(() => (isBuilding(first) && isWaiting(second)) || (isBuilding(second) && isWaiting(first)));
    writeFileSync(paths.release, '');
    expect(await first.exited).toBe(0);
    expect(await second.exited).toBe(0);

    expect(readFileSync(paths.count, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(builtDir(first)).toBeDefined();
    expect(builtDir(second)).toBe(builtDir(first));
    firstBuild = builtDir(first);

    const local = await startServer(paths.dist, { PORT: '3000', PUBLIC_URL: '' });
    const hosted = await startServer(paths.dist, { PORT: '3001', PUBLIC_URL: 'https://journal.example.com/' });
    for (const [app, url] of [
      [local, 'http://localhost:3000'],
      [hosted, 'https://journal.example.com'],
    ] as const) {
      const html = await get(app, '/');
      expect(html).toContain(`<link rel="canonical" href="${url}/" />`);
      expect(html).toContain(`<meta property="og:url" content="${url}/" />`);
      expect(html).toContain(`{"baseUrl":"${url}"}`);
      expect(html).not.toContain('edgebook.invalid');
      expect(await get(app, '/sitemap.xml')).toContain(`<loc>${url}/</loc>`);
    }
  });

  it('keeps serving its own build while a new one is made and linked', async () => {
    const [local] = apps;
    if (!local) throw new Error('the first test starts the servers');
    const before = await get(local, '/built-by.txt');
    const rebuild = startLike({ FORCE_BUILD: '1' }, paths); // `npm run build`; the release file exists
    expect(await rebuild.exited).toBe(0);
    expect(readFileSync(paths.count, 'utf8').trim().split('\n')).toHaveLength(2);
    expect(builtDir(rebuild)).not.toBe(firstBuild);
    expect(realpathSync(paths.dist)).toBe(builtDir(rebuild)); // DIST_DIR links to the new one
    expect(existsSync(join(firstBuild ?? '', 'web', 'built-by.txt'))).toBe(true); // in use: kept
    expect(await get(local, '/built-by.txt')).toBe(before);
  });
});
