import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A Node process running one of the repository's TypeScript entry points (the server, the CLI). */
export type NodeProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** A loopback port no one listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The environment of a server (or CLI) process for a test: on PGlite in `dataDir`, or on
 * PostgreSQL at `databaseUrl`; no SMTP, Stripe or language model; sign-in limits out of the way.
 */
export function serverEnvironment(params: { dataDir: string; port: number; databaseUrl?: string }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: params.dataDir,
    DATABASE_URL: params.databaseUrl ?? '',
    PORT: String(params.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${params.port}`,
    SMTP_URL: '',
    STRIPE_SECRET_KEY: '',
    LLM_BASE_URL: '',
    LOGIN_RATE_LIMIT: '1000',
    LOGIN_ACCOUNT_RATE_LIMIT: '1000',
  };
}

/** Runs `script` (relative to the repository) with tsx, collecting its output. */
export function runNode(script: string, args: string[], env: NodeJS.ProcessEnv): NodeProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * `npm start`'s server (src/server/main.ts, without the build step), once it answers its health
 * check on `port` and `isReady` (if given) says so.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  port: number,
  isReady: () => boolean = () => true,
): Promise<NodeProcess> {
  const server = runNode('src/server/main.ts', [], env);
  // No deadline of its own: a slow machine only makes the test's timeout the limit.
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    if (res?.status === 200 && isReady()) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** kill -9, and the exit seen. */
export async function killProcess(process: NodeProcess): Promise<void> {
  if (process.child.exitCode !== null) return;
  process.child.kill('SIGKILL');
  await process.exited;
}
