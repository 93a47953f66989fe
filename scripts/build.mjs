// `npm run build`: client bundle, server-rendering bundle, then the prerendered public pages, into a
// new build that DIST_DIR (default ./dist) links to once it is complete (build-output.mjs says how).
// DIST_DIR lets parallel builds, e.g. in separate checkouts of work, not collide.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib, { brotliCompressSync, gzipSync } from 'node:zlib';
import { ensureBuild, hashBuildInputs, toDistDir } from './build-output.mjs';

const root = resolve(import.meta.dirname, '..');

/** Writes a whole build into `dir` (which nothing serves yet). Throws when a step fails. */
export function buildInto(dir) {
  const steps = [
    ['npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', `${dir}/web`]],
    ['npx', ['vite', 'build', '--logLevel', 'warn', '--ssr', 'src/web/entry-server.tsx', '--outDir', `${dir}/ssr`]],
    ['npx', ['tsx', 'scripts/prerender.ts']],
  ];
  for (const [command, args] of steps) {
    const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, DIST_DIR: dir } });
    if (result.status !== 0) {
      throw Object.assign(new Error(`${command} ${args.join(' ')} failed`), { exitCode: result.status ?? 1 });
    }
  }

  // Precompress the hashed assets once, so the server never spends CPU compressing them per request.
  const assetsDir = join(dir, 'web', 'assets');
  for (const name of readdirSync(assetsDir)) {
    if (!/\.(js|css|svg|json)$/.test(name)) continue;
    const file = join(assetsDir, name);
    const content = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    // Always a new build (start.mjs reuses one of the same inputs instead).
    await ensureBuild({
      distDir: toDistDir(),
      digest: hashBuildInputs(),
      build: buildInto,
      isForced: true,
      log: console.log,
    });
  } catch (err) {
    console.error(err.message);
    process.exit(err.exitCode ?? 1);
  }
}
