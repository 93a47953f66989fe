// `npm run build`: client bundle, server-rendering bundle, then the prerendered public pages.
// DIST_DIR (default ./dist) lets parallel builds, e.g. in separate checkouts of work, not collide.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import zlib, { brotliCompressSync, gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, process.env.DIST_DIR ?? 'dist');
const steps = [
  ['npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', `${dist}/web`]],
  ['npx', ['vite', 'build', '--logLevel', 'warn', '--ssr', 'src/web/entry-server.tsx', '--outDir', `${dist}/ssr`]],
  ['npx', ['tsx', 'scripts/prerender.ts']],
];
for (const [command, args] of steps) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, DIST_DIR: dist } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Precompress the hashed assets once, so the server never spends CPU compressing them per request.
const assetsDir = join(dist, 'web', 'assets');
for (const name of readdirSync(assetsDir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = join(assetsDir, name);
  const content = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
}
