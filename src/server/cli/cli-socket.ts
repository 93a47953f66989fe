import { chmodSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import type { CliResult } from './cli';

/**
 * The operations commands, sent to the running server. PGlite's data directory is the server's
 * alone (`db/data-dir-lock.ts`), so `npm run cli` hands its arguments to the server over a Unix
 * socket in that directory and prints the server's answer: the change is made by the process that
 * serves the users, which sees it at once and keeps it. The socket file is readable and writable
 * by its owner only, the operating-system user who could open the data directory anyway.
 *
 * One request per connection: a line of JSON `{ "argv": [...] }`, answered by a line of JSON
 * `{ exitCode, stdout, stderr }`.
 */

export const CLI_SOCKET_FILE = 'edgebook.sock';

/** Longest path a Unix socket may have (sun_path, 108 bytes with its terminating NUL). */
const MAX_SOCKET_PATH_BYTES = 107;
const MAX_REQUEST_BYTES = 64 * 1024;
const REPLY_TIMEOUT_MS = 60_000;

export function canListenAt(socketPath: string): boolean {
  return Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH_BYTES;
}

/**
 * Listens on `socketPath` for operations commands, run by `run` one after another; answers the
 * function that stops listening and removes the socket file.
 */
export async function listenForCliCommands(params: {
  socketPath: string;
  run: (argv: string[]) => Promise<CliResult>;
}): Promise<() => Promise<void>> {
  // Only the lock's holder listens here, so a socket file left behind is a killed server's.
  removeQuietly(params.socketPath);
  let queue = Promise.resolve();
  const server: Server = createServer((socket) => {
    let request = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      request += chunk;
      if (request.length > MAX_REQUEST_BYTES) return socket.destroy();
      const end = request.indexOf('\n');
      if (end < 0) return;
      socket.pause();
      const argv = parseRequest(request.slice(0, end));
      const answer = (result: CliResult) => void socket.end(`${JSON.stringify(result)}\n`);
      if (!argv) return answer({ exitCode: 2, stdout: '', stderr: 'Error: not an operations command\n' });
      queue = queue.then(() =>
        params
          .run(argv)
          .then(answer, (err: unknown) =>
            answer({ exitCode: 1, stdout: '', stderr: `Error: ${err instanceof Error ? err.message : String(err)}\n` }),
          ),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(params.socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(params.socketPath, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await queue;
    removeQuietly(params.socketPath);
  };
}

/** Sends one operations command to the server listening on `socketPath` and answers its result. */
export function sendCliCommand(socketPath: string, argv: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let reply = '';
    socket.setEncoding('utf8');
    socket.setTimeout(REPLY_TIMEOUT_MS, () =>
      socket.destroy(new Error(`the server did not answer within ${REPLY_TIMEOUT_MS / 1000} s`)),
    );
    socket.on('connect', () => socket.write(`${JSON.stringify({ argv })}\n`));
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const result = parseResult(reply);
      if (result) resolve(result);
      else reject(new Error('the server closed the connection without an answer'));
    });
  });
}

function parseRequest(line: string): string[] | null {
  try {
    const { argv } = JSON.parse(line) as { argv?: unknown };
    return Array.isArray(argv) && argv.every((arg) => typeof arg === 'string') ? argv : null;
  } catch {
    return null;
  }
}

function parseResult(text: string): CliResult | null {
  try {
    const value = JSON.parse(text.trim()) as Partial<CliResult>;
    if (typeof value.exitCode !== 'number' || typeof value.stdout !== 'string' || typeof value.stderr !== 'string')
      return null;
    return { exitCode: value.exitCode, stdout: value.stdout, stderr: value.stderr };
  } catch {
    return null;
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
