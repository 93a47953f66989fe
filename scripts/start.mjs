// `npm start`: builds the web app when its sources (or the operator's public settings) changed
// since the last build, then runs the server. Migrations are applied by the server at start-up.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serverNodeFlags } from './node-flags.mjs';

const root = resolve(import.meta.dirname, '..');
const STAMP = join(resolve(root, process.env.DIST_DIR ?? 'dist'), '.build-stamp');
const INPUTS = [
  'src/web',
  'src/core',
  'src/server/config.ts',
  'src/server/modules/site',
  'public',
  'scripts/prerender.ts',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
const PUBLIC_ENV = [
  'BRAND_NAME',
  'SUPPORT_EMAIL',
  'PUBLIC_URL',
  'PORT',
  'COMPANY_LEGAL_NAME',
  'GOVERNING_LAW_STATE',
  'FOUNDER_NAME',
  'FOUNDER_BIO',
  'AD_CONVERSION_ID',
  'WALKTHROUGH_VIDEO_URL',
  'TRIAL_DATA_RETENTION_DAYS',
];

function hashInputs() {
  const hash = createHash('sha256');
  const visit = (path) => {
    const full = join(root, path);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) visit(join(path, name));
    } else {
      hash.update(path).update(readFileSync(full));
    }
  };
  INPUTS.forEach(visit);
  for (const name of PUBLIC_ENV) hash.update(`${name}=${process.env[name] ?? ''}`);
  return hash.digest('hex');
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const digest = hashInputs();
const isFresh = existsSync(STAMP) && readFileSync(STAMP, 'utf8') === digest;
if (!isFresh) {
  console.log('Building the web app…');
  run('npm', ['run', 'build', '--silent']);
  writeFileSync(STAMP, digest);
}
// The server's flags (node-flags.mjs). Of V8's own (src/server/node-flags.json): a young
// generation of 64 MB per half instead of 16 lets the short-lived rows of a large import die young instead of being copied into the
// old generation, about 10 % of a 200,000-row import on PostgreSQL. But V8 starts marking the old
// generation once less than the young generation's size is left below its limit, which it sets
// at about 1.3 times what survived the last full collection: with 50 MB surviving, after only
// 15–30 MB more, about once a second during a large import, each pause held by every request. An
// old generation of 256 MB at least (V8 skips full collections below the size configured) leaves
// 140 MB (docs/import-bench.md).
run(process.execPath, [...serverNodeFlags(), '--import', 'tsx', join(root, 'src/server/main.ts')]);
