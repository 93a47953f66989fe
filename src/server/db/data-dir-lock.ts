import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * One process per PGlite data directory. PGlite is PostgreSQL in one process's memory: a second
 * process opening the same files (the operations CLI beside the server, a second server, a bench)
 * writes behind the first one's back, its changes are never seen and the write-ahead log of both
 * ends up unreadable. So the process that opens the directory holds a lock file in it, and every
 * other one refuses at once.
 *
 * The file names its holder's pid and that process's start time, so a lock left by a killed
 * process is recognised as stale (no such pid, or the pid now belongs to another process) and
 * taken over. It is created whole or not at all (written beside, then hard-linked into place),
 * so a reader never sees a half-written one.
 */

export const LOCK_FILE = 'edgebook.lock';

/** What the process holding the lock runs; the server also names the socket it takes commands on. */
export type DataDirHolderKind = 'server' | 'cli' | 'process';

export type DataDirHolder = {
  pid: number;
  /** The process's start time as the kernel counts it, null where /proc is missing. */
  startedAt: string | null;
  kind: DataDirHolderKind;
  /** The server's operations socket (`src/server/cli/cli-socket.ts`), when it listens on one. */
  socketPath: string | null;
};

export type DataDirLock = {
  readonly path: string;
  /** Names the socket other processes may send operations commands to. */
  setSocketPath: (socketPath: string | null) => void;
  /** Removes the lock file, if it is still this process's. */
  release: () => void;
};

const HOLDER_LABEL: Record<DataDirHolderKind, string> = {
  server: 'the server',
  cli: 'an operations command (npm run cli)',
  process: 'another Edgebook process',
};

export class DataDirLockedError extends Error {
  constructor(
    readonly holder: DataDirHolder,
    readonly dataDir: string,
  ) {
    super(
      `${HOLDER_LABEL[holder.kind]} (pid ${holder.pid}) is using DATA_DIR (${dataDir}); stop it, or run this command ` +
        `through the server: npm run cli -- user … sends the user commands to the running server`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Takes the data directory's lock for this process, or throws DataDirLockedError naming its holder. */
export function acquireDataDirLock(dataDir: string, kind: DataDirHolderKind): DataDirLock {
  const directory = resolve(dataDir);
  mkdirSync(directory, { recursive: true });
  const path = join(directory, LOCK_FILE);
  let mine: DataDirHolder = { pid: process.pid, startedAt: processStartTime(process.pid), kind, socketPath: null };
  const write = (target: string) => writeFileSync(target, `${JSON.stringify(mine)}\n`, { mode: 0o600 });
  const beside = `${path}.${process.pid}`;

  // Three tries: a stale lock is removed, then another process may take it first.
  for (let attempt = 0; ; attempt++) {
    write(beside);
    try {
      linkSync(beside, path);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(beside);
    }
    const raw = readRaw(path);
    const holder = raw === null ? null : parseHolder(raw);
    if (holder && isRunning(holder)) throw new DataDirLockedError(holder, directory);
    if (attempt === 2) throw new Error(`Could not take the lock ${path}: another process keeps taking it`);
    // Stale (its process is gone) or unreadable: removed only if it is still the one just read.
    if (raw !== null && readRaw(path) === raw) unlinkQuietly(path);
  }

  const release = () => {
    process.off('exit', release);
    const raw = readRaw(path);
    const holder = raw === null ? null : parseHolder(raw);
    if (holder?.pid === process.pid && holder.startedAt === mine.startedAt) unlinkQuietly(path);
  };
  // A process that exits without closing the database (an uncaught error) leaves no lock behind;
  // one that is killed leaves a stale one, which the next process takes over.
  process.on('exit', release);
  return {
    path,
    setSocketPath: (socketPath) => {
      mine = { ...mine, socketPath };
      write(beside);
      renameSync(beside, path);
    },
    release,
  };
}

/** The process holding the data directory's lock, if one that still runs does. */
export function readDataDirHolder(dataDir: string): DataDirHolder | null {
  const raw = readRaw(join(resolve(dataDir), LOCK_FILE));
  const holder = raw === null ? null : parseHolder(raw);
  return holder && isRunning(holder) ? holder : null;
}

function isRunning(holder: DataDirHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: it runs, as another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The pid may have been given to another process since the holder was killed.
  const startedAt = processStartTime(holder.pid);
  return startedAt === null || holder.startedAt === null || startedAt === holder.startedAt;
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks after boot. */
function processStartTime(pid: number): string | null {
  const stat = readRaw(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function parseHolder(raw: string): DataDirHolder | null {
  try {
    const value = JSON.parse(raw) as Partial<DataDirHolder>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return null;
    return {
      pid: value.pid,
      startedAt: typeof value.startedAt === 'string' ? value.startedAt : null,
      kind: value.kind === 'server' || value.kind === 'cli' ? value.kind : 'process',
      socketPath: typeof value.socketPath === 'string' ? value.socketPath : null,
    };
  } catch {
    return null;
  }
}

function readRaw(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
