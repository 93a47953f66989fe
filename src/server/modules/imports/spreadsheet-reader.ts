/**
 * Reads workbooks in child processes. SheetJS on a damaged .xls or .xlsx can loop for ever, run out
 * of memory, or make V8 abort the process ("invalid array length"): in a worker thread that would
 * still take the whole server down, in a child process it ends the child only. Each upload is
 * read by one child at a time; a child that read a workbook cleanly waits, idle, for the next.
 */
import { fork, type ChildProcess } from 'node:child_process';
import {
  ImportFileError,
  type ImportFileErrorCode,
  type OpenSpreadsheet,
  type OpenSpreadsheetOptions,
  type SpreadsheetSource,
  type TableRow,
  toUnreadableWorkbookError,
} from '../../../core/import/table';
import type { ReaderReply, ReaderRequest } from './spreadsheet-reader-protocol';

export type SpreadsheetReaderOptions = {
  /** Workbooks read at once; more wait their turn. */
  maxProcesses: number;
  /** A child left idle longer is stopped. */
  idleMs: number;
  /** Parsing the whole workbook (a 256 MB xlsx takes tens of seconds). */
  openTimeoutMs: number;
  /** Handing over one batch of rows. */
  batchTimeoutMs: number;
  /** The child's V8 heap limit: a damaged file runs out of it and ends the child, not the machine. */
  maxHeapMb: number;
  /** A workbook left open this long without a read (its reader forgot to close it) frees its child. */
  leaseMs: number;
  /** The child module (tests substitute one that misbehaves). */
  moduleUrl: URL;
};

const DEFAULT_SPREADSHEET_READER_OPTIONS: SpreadsheetReaderOptions = {
  maxProcesses: 2,
  idleMs: 60_000,
  openTimeoutMs: 120_000,
  batchTimeoutMs: 30_000,
  maxHeapMb: 2048,
  leaseMs: 300_000,
  moduleUrl: new URL('./spreadsheet-reader-process.ts', import.meta.url),
};

export type SpreadsheetReader = {
  open: OpenSpreadsheet;
  /** Stops every child, idle or busy; reads in progress fail. */
  close: () => Promise<void>;
};

// The same plain entry that starts TypeScript worker threads registers tsx in the child.
const ENTRY_PATH = new URL('../../workers/ts-worker-entry.mjs', import.meta.url);

type Child = {
  process: ChildProcess;
  isAlive: boolean;
  /** The request awaiting its reply. */
  pending: { resolve: (reply: ReaderReply) => void; reject: (err: Error) => void } | null;
  idleTimer: NodeJS.Timeout | undefined;
};

/** Why a child stopped without answering; the upload is then answered as unreadable. */
class ReaderStopped extends Error {
  constructor(
    readonly reason: 'crashed' | 'timeout' | 'closed',
    readonly timeoutMs = 0,
  ) {
    super(`The spreadsheet reader ${reason === 'timeout' ? 'ran out of time' : reason}.`);
  }
}

/** Reader processes with the default options, bar the `overrides`. */
export function createSpreadsheetReader(overrides: Partial<SpreadsheetReaderOptions> = {}) {
  const options: SpreadsheetReaderOptions = { ...DEFAULT_SPREADSHEET_READER_OPTIONS, ...overrides };
  const idle: Child[] = [];
  /** Every child not yet exited, busy or idle. */
  const children = new Set<Child>();
  const waiting: ((child: Child) => void)[] = [];
  let running = 0;
  let isClosed = false;

  const spawn = (): Child => {
    const child: Child = {
      process: fork(ENTRY_PATH, [options.moduleUrl.href], {
        serialization: 'advanced',
        execArgv: [`--max-old-space-size=${options.maxHeapMb}`],
        // SheetJS writes diagnostics about damaged records to the console: not the server's log.
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      }),
      isAlive: true,
      pending: null,
      idleTimer: undefined,
    };
    const stop = (reason: ReaderStopped['reason']) => {
      if (!child.isAlive) return;
      child.isAlive = false;
      clearTimeout(child.idleTimer);
      child.pending?.reject(new ReaderStopped(reason));
      child.pending = null;
    };
    child.process.on('message', (reply: ReaderReply) => {
      const pending = child.pending;
      child.pending = null;
      pending?.resolve(reply);
    });
    children.add(child);
    child.process.on('exit', () => {
      children.delete(child);
      stop('crashed');
    });
    child.process.on('error', () => {
      stop('crashed');
      child.process.kill('SIGKILL');
    });
    return child;
  };

  const acquire = async (): Promise<Child> => {
    if (isClosed) throw new ReaderStopped('closed');
    for (let ready = idle.pop(); ready; ready = idle.pop()) {
      clearTimeout(ready.idleTimer);
      if (ready.isAlive) return ready;
      running -= 1; // ended while idle
    }
    if (running < options.maxProcesses) {
      running += 1;
      return spawn();
    }
    return new Promise<Child>((resolve) => waiting.push(resolve));
  };

  const release = (child: Child) => {
    if (!child.isAlive || isClosed) {
      if (child.isAlive) kill(child);
      const next = waiting.shift();
      if (next && !isClosed) next(spawn());
      else running -= 1;
      return;
    }
    const next = waiting.shift();
    if (next) return next(child);
    setIdle(child, true);
    child.idleTimer = setTimeout(() => {
      const at = idle.indexOf(child);
      if (at !== -1) idle.splice(at, 1);
      kill(child);
      running -= 1;
    }, options.idleMs);
    child.idleTimer.unref();
    idle.push(child);
  };

  const kill = (child: Child) => {
    child.isAlive = false;
    clearTimeout(child.idleTimer);
    child.process.kill('SIGKILL');
  };

  // An idle child must not keep the server (or a finished test) alive; a busy one must.
  const setIdle = (child: Child, isIdle: boolean) => {
    if (isIdle) {
      child.process.unref();
      child.process.channel?.unref();
    } else {
      child.process.ref();
      child.process.channel?.ref();
    }
  };

  const request = (child: Child, message: ReaderRequest, timeoutMs: number): Promise<ReaderReply> => {
    if (!child.isAlive) return Promise.reject(new ReaderStopped('crashed'));
    setIdle(child, false);
    return new Promise<ReaderReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.pending = null;
        kill(child);
        reject(new ReaderStopped('timeout', timeoutMs));
      }, timeoutMs);
      child.pending = {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      };
      child.process.send(message, (err) => {
        if (err) child.pending?.reject(new ReaderStopped('crashed'));
      });
    });
  };

  const open = async (bytes: Uint8Array, openOptions: OpenSpreadsheetOptions): Promise<SpreadsheetSource> => {
    const child = await acquire();
    let isReleased = false;
    let lease: NodeJS.Timeout | undefined;
    const finish = () => {
      if (isReleased) return;
      isReleased = true;
      clearTimeout(lease);
      release(child);
    };
    // A source that is never read to its end nor closed must not hold its child for ever.
    const renewLease = () => {
      clearTimeout(lease);
      lease = setTimeout(() => {
        kill(child);
        finish();
      }, options.leaseMs);
      lease.unref();
    };
    const ask = async (message: ReaderRequest, timeoutMs: number): Promise<ReaderReply> => {
      let reply: ReaderReply;
      try {
        reply = await request(child, message, timeoutMs);
      } catch (err) {
        finish(); // a child that stopped answering is gone (killed or crashed) and is replaced
        throw err instanceof ReaderStopped ? toStoppedError(err, openOptions.fileType) : err;
      }
      if (reply.type === 'error') {
        // The child caught the failure and dropped the workbook: it reads the next one.
        finish();
        throw toReadError(reply);
      }
      return reply;
    };
    const close = async () => {
      if (isReleased) return;
      clearTimeout(lease);
      await ask({ type: 'close' }, options.batchTimeoutMs).catch(() => undefined);
      finish();
    };
    const opened = await ask({ type: 'open', bytes, options: openOptions }, options.openTimeoutMs);
    if (opened.type !== 'opened') throw new Error(`The spreadsheet reader answered ${opened.type} to open.`);
    renewLease();
    return {
      sheetNames: opened.sheetNames,
      sheetName: opened.sheetName,
      async next(): Promise<TableRow[] | null> {
        if (isReleased) return null;
        clearTimeout(lease);
        const reply = await ask({ type: 'next' }, options.batchTimeoutMs);
        if (reply.type !== 'rows') throw new Error(`The spreadsheet reader answered ${reply.type} to next.`);
        // The last batch read: the child is free for the next workbook at once.
        if (reply.rows === null) await close();
        else renewLease();
        return reply.rows;
      },
      close,
    };
  };

  const close = async () => {
    isClosed = true;
    idle.length = 0;
    for (const child of children) {
      kill(child);
      child.pending?.reject(new ReaderStopped('closed'));
      child.pending = null;
    }
  };

  return { open, close } satisfies SpreadsheetReader;
}

function toReadError(reply: Extract<ReaderReply, { type: 'error' }>): Error {
  if (reply.code) return new ImportFileError(reply.code as ImportFileErrorCode, reply.message);
  return new Error(reply.message);
}

function toStoppedError(stopped: ReaderStopped, fileType: OpenSpreadsheetOptions['fileType']): Error {
  if (stopped.reason === 'closed') return new Error('The server is shutting down: try the import again in a moment.');
  if (stopped.reason === 'timeout') {
    const seconds = Math.max(1, Math.round(stopped.timeoutMs / 1000));
    return new ImportFileError(
      'CORRUPT_FILE',
      `The workbook could not be read within ${seconds} seconds (it may be damaged): save the sheet as .csv and upload that.`,
    );
  }
  return toUnreadableWorkbookError(fileType);
}
