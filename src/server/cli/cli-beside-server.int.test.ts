import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/helpers/http-client';
import {
  freePort,
  runNode,
  serverEnvironment,
  startServerProcess,
  type NodeProcess,
} from '../../../test/helpers/server-process';
import { openDatabase } from '../db/client';
import { DataDirLockedError, LOCK_FILE } from '../db/data-dir-lock';
import { getUserByEmail } from '../modules/users';
import { CLI_SOCKET_FILE } from './cli-socket';

const PASSWORD = 'correct-horse-battery';
const WRITES = 20;

const environment = (dataDir: string, port: number) => serverEnvironment({ dataDir, port });

function startServer(dataDir: string, port: number): Promise<NodeProcess> {
  // The socket is opened right after it listens.
  return startServerProcess(environment(dataDir, port), port, () => existsSync(join(dataDir, CLI_SOCKET_FILE)));
}

async function cli(dataDir: string, port: number, line: string) {
  const run = runNode('src/server/cli/main.ts', line.split(' '), environment(dataDir, port));
  const exitCode = await run.exited;
  return { exitCode, output: run.output() };
}

// The lock guards PGlite's data directory; on PostgreSQL there is none to guard.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the operations CLI beside a running server on PGlite', () => {
  let dataDir: string;
  let port: number;
  let server: NodeProcess;
  const client = () => new TestClient(`http://127.0.0.1:${port}`, `http://127.0.0.1:${port}`);
  const login = (email: string) => client().post('/api/auth/login', { email, password: PASSWORD });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'edgebook-lock-'));
    port = await freePort();
    server = await startServer(dataDir, port);
  }, 180_000);
  afterAll(async () => {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs every user command through the server, which sees each change at once', async () => {
    const created = await cli(dataDir, port, `user create --email ops@example.com --password ${PASSWORD} --verified`);
    expect(created).toMatchObject({ exitCode: 0 });
    expect(created.output).toContain('Created user ops@example.com (verified)');
    expect((await login('ops@example.com')).status).toBe(200);

    const disabled = await cli(dataDir, port, 'user disable --email ops@example.com');
    expect(disabled).toMatchObject({ exitCode: 0 });
    expect(disabled.output).toContain('Disabled ops@example.com');
    const refused = await login('ops@example.com');
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('ACCOUNT_DISABLED');

    expect(await cli(dataDir, port, 'user enable --email ops@example.com')).toMatchObject({ exitCode: 0 });
    expect((await login('ops@example.com')).status).toBe(200);

    const trial = await cli(dataDir, port, 'user set-trial --email ops@example.com --days-remaining 3');
    expect(trial).toMatchObject({ exitCode: 0 });
    expect(trial.output).toContain('Trial of ops@example.com now ends');

    // A mistake is the server's answer too, exit code and all.
    const unknown = await cli(dataDir, port, 'user disable --email nobody@example.com');
    expect(unknown.exitCode).toBe(1);
    expect(unknown.output).toContain('No user with email nobody@example.com');
  }, 180_000);

  it('refuses a second server, and any other process, while the server holds DATA_DIR', async () => {
    const second = runNode('src/server/main.ts', [], environment(dataDir, await freePort()));
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`the server (pid ${server.child.pid}) is using DATA_DIR`);
    expect(second.output()).toContain('run this command through the server: npm run cli --');

    const opening = openDatabase({ dataDir, holder: 'process' });
    await expect(opening).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(opening).rejects.toThrow(`the server (pid ${server.child.pid}) is using DATA_DIR (${dataDir})`);
    // Its refusal left the server's lock in place.
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
    expect((await login('ops@example.com')).status).toBe(200);
  }, 180_000);

  it('loses no acknowledged write when the server is killed, and the next server takes over', async () => {
    const writer = client();
    await writer.login('ops@example.com', PASSWORD);
    const days = Array.from({ length: WRITES }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);
    for (const [i, day] of days.entries()) {
      const res = await writer.request('PUT', `/api/journal/days/${day}`, { plan: `plan ${i}`, review: '', mood: 3 });
      expect(res.status).toBe(200);
    }
    server.child.kill('SIGKILL');
    await server.exited;
    // The killed server's lock is stale: the next one takes it over.
    server = await startServer(dataDir, port);
    const reader = client();
    await reader.login('ops@example.com', PASSWORD);
    const res = await reader.get('/api/journal/days?from=2026-03-01&to=2026-03-31');
    const { days: kept } = (await res.json()) as { days: Array<{ date: string; plan: string }> };
    expect(kept.map((day) => [day.date, day.plan])).toEqual(days.map((day, i) => [day, `plan ${i}`]));

    // Stopped normally, the directory is free again: the CLI opens it itself, and so does this process.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    const direct = await cli(dataDir, port, 'user disable --email ops@example.com');
    expect(direct).toMatchObject({ exitCode: 0 });
    const database = await openDatabase({ dataDir });
    try {
      const user = await getUserByEmail(database.db, 'ops@example.com');
      expect(user?.disabledAt).not.toBeNull();
      expect(user?.trialEndsAt).not.toBeNull();
    } finally {
      await database.close();
    }
  }, 300_000);
});
