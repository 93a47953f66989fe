// `npm test`: every check, in the order CI runs them. Stops at the first failing step.
// Integration tests run on PGlite, or on PostgreSQL when DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const steps = [
  // Chromium and the Python reference's packages: installed when missing (Debian, as root).
  ['system packages', 'bash', ['scripts/system-deps.sh']],
  ['type-check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['type-check (pure core)', 'npx', ['tsc', '-p', 'tsconfig.core.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ['unit tests', 'npx', ['vitest', 'run', '--project', 'unit']],
  [
    `integration tests (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    'npx',
    ['vitest', 'run', '--project', 'integration'],
  ],
  ['build', 'npm', ['run', 'build', '--silent']],
  ['browser tests (Chromium)', 'npx', ['vitest', 'run', '--project', 'e2e']],
];

const started = Date.now();
for (const [name, command, args] of steps) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, TZ: 'UTC' } });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
  console.log(`✔ ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
