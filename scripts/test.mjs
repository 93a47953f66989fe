// `npm test`: every check, in the order CI runs them. Stops at the first failing step.
// Integration tests run on PGlite, or on PostgreSQL when DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const env = { ...process.env, TZ: 'UTC' };
/** A step: its name and command; a list of steps runs them side by side (see runTogether). */
const steps = [
  // Chromium and the Python reference's packages: installed when missing (Debian, as root).
  ['system packages', 'bash', ['scripts/system-deps.sh']],
  // The static checks each use one core: side by side they take the time of the longest.
  [
    ['type-check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
    ['type-check (pure core)', 'npx', ['tsc', '-p', 'tsconfig.core.json', '--noEmit']],
    ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ],
  ['unit tests', 'npx', ['vitest', 'run', '--project', 'unit']],
  [
    `integration tests (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    'npx',
    ['vitest', 'run', '--project', 'integration'],
  ],
  ['build', 'npm', ['run', 'build', '--silent']],
  ['browser tests (Chromium)', 'npx', ['vitest', 'run', '--project', 'e2e']],
];

const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
/** Steps still running beside one that failed: stopped with it (each leads its own process group). */
const running = new Set();

const stopRunning = () => {
  for (const child of running) process.kill(-child.pid, 'SIGTERM');
};

function fail(name, code) {
  stopRunning();
  console.error(`\n✖ ${name} failed (exit ${code}).`);
  process.exit(typeof code === 'number' && code !== 0 ? code : 1);
}

/** One step with its output straight to the terminal. */
function runAlone([name, command, args]) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    child.on('close', (code, signal) => {
      if (code !== 0) fail(name, code ?? signal);
      console.log(`✔ ${name} (${seconds(started)} s)`);
      done();
    });
  });
}

/**
 * Steps side by side, as many at a time as the machine has cores; each one's output is held and
 * printed whole when it ends, so the log reads as if they had run one after another.
 */
async function runTogether(group) {
  const queue = [...group];
  const worker = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const [name, command, args] = step;
      const started = Date.now();
      const output = [];
      const code = await new Promise((done) => {
        const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
        running.add(child);
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (exit, signal) => {
          running.delete(child);
          done(exit ?? signal);
        });
      });
      console.log(`\n▶ ${name}`);
      process.stdout.write(Buffer.concat(output));
      if (code !== 0) fail(name, code);
      console.log(`✔ ${name} (${seconds(started)} s)`);
    }
  };
  const width = Math.max(2, Math.min(group.length, availableParallelism()));
  await Promise.all(Array.from({ length: width }, worker));
}

// Ctrl-C reaches the terminal's process group only: the steps running in groups of their own stop too.
process.on('SIGINT', () => {
  stopRunning();
  process.exit(130);
});

const started = Date.now();
for (const step of steps) {
  if (Array.isArray(step[0])) await runTogether(step);
  else await runAlone(step);
}
console.log(`\nAll checks passed in ${seconds(started).replace(/\.\d$/, '')} s.`);
