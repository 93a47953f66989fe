// `node scripts/saturate.mjs [command…]`: runs a command (default `npm test`) while two
// busy-looping processes per core keep the machine saturated, as a loaded CI runner or a laptop
// doing other work would be. A test that passes here does not depend on how fast the machine is.
// The command's exit code is this script's; the busy loops end with it (or with a signal to this one).
//
//   node scripts/saturate.mjs                                      # the whole of npm test
//   node scripts/saturate.mjs npx vitest run --project unit        # one project
//   SATURATE_PER_CORE=4 node scripts/saturate.mjs npx vitest run src/core   # harder
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const [command, ...args] = process.argv.length > 2 ? process.argv.slice(2) : ['npm', 'test'];
const perCore = Number(process.env.SATURATE_PER_CORE ?? 2);
if (!Number.isInteger(perCore) || perCore < 0) {
  console.error(`SATURATE_PER_CORE must be a whole number, not ${process.env.SATURATE_PER_CORE}`);
  process.exit(2);
}

// Each loop is a child Node process spinning on the CPU; a check of its parent every second
// ends it if this script is killed without the chance to stop it (SIGKILL).
const SPIN = `const parent = ${process.pid};
let n = 0;
for (let last = Date.now(); ; ) {
  n = (n * 1103515245 + 12345) % 2147483648;
  if (n % 4096 === 0 && Date.now() - last > 1000) {
    last = Date.now();
    try { process.kill(parent, 0); } catch { process.exit(0); }
  }
}`;
const loops = Array.from({ length: perCore * availableParallelism() }, () =>
  spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' }),
);
const stopLoops = () => {
  for (const loop of loops) loop.kill('SIGKILL');
};
console.log(`Saturating: ${loops.length} busy loops beside \`${[command, ...args].join(' ')}\``);

const started = Date.now();
// A process group of its own, so a stop reaches every process of the command (npx does not pass
// signals on to what it runs).
const child = spawn(command, args, { stdio: 'inherit', detached: true });
child.on('error', (error) => {
  stopLoops();
  console.error(`Could not run ${command}: ${error.message}`);
  process.exit(127);
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // It has ended already.
    }
    stopLoops();
  });
}
child.on('close', (code, signal) => {
  stopLoops();
  console.log(
    `\nSaturated run ended (${code ?? signal}) after ${((Date.now() - started) / 1000).toFixed(0)} s with ${loops.length} busy loops.`,
  );
  process.exit(code ?? 1);
});
