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
// With the server's Node flags (node-flags.mjs says why each).
run(process.execPath, [...serverNodeFlags(), '--import', 'tsx', join(root, 'src/server/main.ts')]);
