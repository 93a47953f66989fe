// `npm start`: builds the web app when its sources (or the operator's public settings in the pages)
// changed since the last build, then runs the server on that build. Migrations are applied by the
// server at start-up. Servers on other ports or public URLs share a build; two starting at once
// build once (build-output.mjs).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { join, resolve } from 'node:path';
import { buildInto } from './build.mjs';
import { ensureBuild, hashBuildInputs, toDistDir } from './build-output.mjs';
import { serverNodeFlags } from './node-flags.mjs';

const root = resolve(import.meta.dirname, '..');

let buildDir;
try {
  buildDir = await ensureBuild({ distDir: toDistDir(), digest: hashBuildInputs(), build: buildInto, log: console.log });
} catch (err) {
  console.error(err.message);
  process.exit(err.exitCode ?? 1);
}

// With the server's Node flags (node-flags.mjs says why each), on this build whatever DIST_DIR
// links to later (the server marks it in use, so no later build's pruning removes it).
const server = spawn(process.execPath, [...serverNodeFlags(), '--import', 'tsx', join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DIST_DIR: buildDir },
  // A process group of its own, so a signal reaches it once, from here: Ctrl-C reaches only this
  // process, and the server shuts down on its first signal but dies on a second.
  detached: true,
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('close', (code, signal) => {
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
