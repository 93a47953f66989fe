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
/**
 * The steps running now, so that a failure or a signal stops them all. A step run beside others
 * leads a process group of its own (its tools' processes with it); a step run alone is our child.
 */
const running = new Map();

function stopRunning() {
  for (const [child, isGroup] of running) {
    try {
      process.kill(isGroup ? -child.pid : child.pid, 'SIGTERM');
    } catch {
      // It ended before its 'close' event ran: nothing left to stop.
    }
  }
}

/** Reports a failed step and sets the exit code; the caller stops. Output still being written is kept. */
function reportFailure(name, code) {
  stopRunning();
  console.error(`\n✖ ${name} failed (exit ${code}).`);
  process.exitCode = typeof code === 'number' && code !== 0 ? code : 1;
}

/** Runs a step to its end: its exit code, or the signal that ended it. */
function runStep([command, args], { isGroup, output }) {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      env,
      detached: isGroup,
      stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    running.set(child, isGroup);
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      running.delete(child);
      done(code ?? signal);
    });
  });
}

/** One step with its output straight to the terminal. Answers whether it passed. */
async function runAlone([name, command, args]) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const code = await runStep([command, args], { isGroup: false, output: null });
  if (code !== 0) {
    reportFailure(name, code);
    return false;
  }
  console.log(`✔ ${name} (${seconds(started)} s)`);
  return true;
}

/**
 * Steps side by side, as many at a time as the machine has cores; each one's output is held and
 * printed whole when it ends, so the log reads as if they had run one after another. The first
 * to fail stops the others. Answers whether all passed.
 */
async function runTogether(group) {
  const queue = [...group];
  let hasFailed = false;
  const worker = async () => {
    for (let step = queue.shift(); step && !hasFailed; step = queue.shift()) {
      const [name, command, args] = step;
      const started = Date.now();
      const output = [];
      const code = await runStep([command, args], { isGroup: true, output });
      if (hasFailed) return; // stopped because another step failed: that one is the report
      console.log(`\n▶ ${name}`);
      process.stdout.write(Buffer.concat(output));
      if (code !== 0) {
        hasFailed = true;
        reportFailure(name, code);
        return;
      }
      console.log(`✔ ${name} (${seconds(started)} s)`);
    }
  };
  const width = Math.max(2, Math.min(group.length, availableParallelism()));
  await Promise.all(Array.from({ length: width }, worker));
  return !hasFailed;
}

// A signal to this process alone (Ctrl-C reaches only the terminal's process group, a CI's cancel
// may reach only us) stops every step, those in groups of their own included.
for (const [signal, number] of [
  ['SIGINT', 2],
  ['SIGTERM', 15],
  ['SIGHUP', 1],
]) {
  process.on(signal, () => {
    stopRunning();
    process.exit(128 + number);
  });
}

const started = Date.now();
let hasPassed = true;
for (const step of steps) {
  hasPassed = Array.isArray(step[0]) ? await runTogether(step) : await runAlone(step);
  if (!hasPassed) break;
}
if (hasPassed) console.log(`\nAll checks passed in ${seconds(started).replace(/\.\d$/, '')} s.`);
