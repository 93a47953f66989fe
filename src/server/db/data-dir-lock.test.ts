import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, readDataDirHolder } from './data-dir-lock';

describe('the data directory lock', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'edgebook-lock-unit-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const writeLock = (holder: object) => writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify(holder));

  it('is held by one opener at a time, names its holder, and is free again once released', () => {
    const lock = acquireDataDirLock(dataDir, 'server');
    expect(readDataDirHolder(dataDir)).toMatchObject({ pid: process.pid, kind: 'server', socketPath: null });
    lock.setSocketPath('/run/edgebook.sock');
    expect(readDataDirHolder(dataDir)?.socketPath).toBe('/run/edgebook.sock');

    expect(() => acquireDataDirLock(dataDir, 'cli')).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir, 'cli')).toThrow(
      `the server (pid ${process.pid}) is using DATA_DIR (${dataDir}); stop it, or run this command through the server: npm run cli --`,
    );

    lock.release();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    expect(readDataDirHolder(dataDir)).toBeNull();
    acquireDataDirLock(dataDir, 'cli').release();
  });

  it("takes over a killed process's lock", async () => {
    const child = spawn(process.execPath, ['-e', '']);
    const pid = child.pid!;
    await new Promise((resolve) => child.once('exit', resolve));
    writeLock({ pid, startedAt: '1', kind: 'server', socketPath: null });
    expect(readDataDirHolder(dataDir)).toBeNull();
    const lock = acquireDataDirLock(dataDir, 'server');
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process (started at another time)', () => {
    writeLock({ pid: process.pid, startedAt: 'not-this-start', kind: 'server', socketPath: null });
    const lock = acquireDataDirLock(dataDir, 'process');
    expect(readDataDirHolder(dataDir)).toMatchObject({ pid: process.pid, kind: 'process' });
    lock.release();
  });

  it('takes over an unreadable lock file, and leaves a lock it no longer holds alone', () => {
    writeFileSync(join(dataDir, LOCK_FILE), '{"pid":');
    const lock = acquireDataDirLock(dataDir, 'server');
    // Taken over since (say, by an operator who removed it): releasing must not remove the new one.
    writeLock({ pid: process.ppid, startedAt: null, kind: 'server', socketPath: null });
    lock.release();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
    expect(() => acquireDataDirLock(dataDir, 'cli')).toThrow(`(pid ${process.ppid}) is using DATA_DIR`);
  });
});
