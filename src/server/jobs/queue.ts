import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { QueueSql } from '../db/queue-sql';

/** Which attempt of a job this is: a handler may leave a failure for the next one, or end it. */
export type JobAttempt = { retryCount: number; isLastAttempt: boolean };

/**
 * One kind of background work: its payload's schema, how it retries, when it runs by itself, and
 * what it does. `C` is what every handler is given (the app's services).
 */
export type JobDefinition<P, C> = {
  payload: z.ZodType<P>;
  /**
   * The job's id (a UUID) from its payload, e.g. the import it runs: a second send of a job with
   * that id is dropped while the first is kept, so a retried request or a second server is safe.
   */
  idOf?: (payload: P) => string;
  /** Attempts after the first, `delaySeconds` after a failure and doubling each time. */
  retry: { limit: number; delaySeconds: number };
  /** A running attempt longer than this counts as failed (and is retried). Default 15 minutes. */
  expireInSeconds?: number;
  /**
   * Runs on this cron (UTC, minutes) and once at start-up, on one server at a time: at most one
   * waits and one runs, whichever server sent it.
   */
  cron?: string;
  /** Jobs of this kind one process runs at once. Default 1. */
  concurrency?: number;
  /** How often an idle worker looks for jobs (another server's, or sends that do not wake it). Default 2 s. */
  pollingSeconds?: number;
  /**
   * Whether a send wakes this process's idle workers at once (default) or leaves the job to their
   * next poll. A job woken at once runs its first statements before the request that sent it has
   * answered (PGlite runs on the server's thread): a request whose answer must not tell whether it
   * queued work that matters, or how much, sets this false.
   */
  wakesOnSend?: boolean;
  handle: (context: C, payload: P, attempt: JobAttempt) => Promise<void>;
};

export type JobSet<C, P extends Record<string, unknown>> = { [N in keyof P]: JobDefinition<P[N], C> };

export type JobQueue<P extends Record<string, unknown>> = {
  /**
   * Queues a job, durably: it runs after a restart if this process stops first. Answers its id, or
   * null when one with its id exists. NOTE: it writes through the app's connections, outside any
   * transaction: never call it inside one on PGlite, whose one connection the transaction holds.
   */
  send: <N extends keyof P & string>(name: N, payload: P[N]) => Promise<string | null>;
  /** Whether the job of this id waits, runs or waits for its retry. */
  isPending: (name: keyof P & string, id: string) => Promise<boolean>;
  /** Waits until no job is waiting or running (tests, a clean shutdown). */
  settle: (timeoutMs?: number) => Promise<void>;
};

type Logger = { warn: (details: object, message: string) => void; error: (details: object, message: string) => void };

/** The queue's tables live in this schema beside the app's (pg-boss's default name). */
const SCHEMA = 'pgboss';
const DEFAULT_EXPIRE_SECONDS = 15 * 60;

/**
 * The app's durable jobs on pg-boss, over the app's own database (PostgreSQL or PGlite alike,
 * through `sql`). Jobs are stored in the database before `send` answers, run by workers in every
 * process that started the queue, retried with backoff when they throw, and survive a restart.
 */
export function createJobQueue<C, P extends Record<string, unknown>>(params: {
  sql: QueueSql;
  jobs: JobSet<C, P>;
  log: Logger;
}): JobQueue<P> & { start: (context: C) => Promise<void>; stop: () => Promise<void> } {
  const { jobs, log } = params;
  const names = Object.keys(jobs) as (keyof P & string)[]; // the keys of a JobSet are P's
  // pg-boss marks a finished job complete without awaiting it, so its stop can answer while that
  // statement still runs: stop waits for every statement in flight, or the pool it runs on could
  // be closed under it (an unhandled rejection after the app closed).
  const inFlight = new Set<Promise<unknown>>();
  const sql: QueueSql = {
    executeSql: (text, values) => {
      const running = params.sql.executeSql(text, values);
      // Settles when the statement does, and never rejects: the caller handles the answer.
      const tracked: Promise<unknown> = running.then(
        () => inFlight.delete(tracked),
        () => inFlight.delete(tracked),
      );
      inFlight.add(tracked);
      return running;
    },
  };
  const boss = new PgBoss({
    db: sql,
    schema: SCHEMA,
    // Completed jobs are archived after a day and dropped a week later.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    deleteAfterDays: 7,
  });
  boss.on('error', (err) => log.warn({ err }, 'job queue'));
  const workerIds = new Map<string, string[]>();
  /** Set by start: sends wait for it. */
  let started: Promise<void> | null = null;
  let isStarted = false;

  const send: JobQueue<P>['send'] = async (name, payload) => {
    // A job for a queue not yet created would be dropped: sends wait for the start.
    if (!started) throw new Error(`The job queue has not started: ${name} not sent`);
    await started;
    const job = jobs[name];
    const data = job.payload.parse(payload);
    const id = await boss.send(name, data as object, job.idOf ? { id: job.idOf(data) } : {}); // a payload is a JSON object
    // This process's idle workers look at once rather than at their next poll.
    if (job.wakesOnSend !== false) for (const workerId of workerIds.get(name) ?? []) boss.notifyWorker(workerId);
    return id;
  };

  const startQueue = async (name: keyof P & string, context: C) => {
    const job = jobs[name];
    const options: PgBoss.Queue = {
      name,
      // A cron job runs on one server at a time; other kinds as many as there are workers.
      policy: job.cron ? 'stately' : 'standard',
      retryLimit: job.retry.limit,
      retryDelay: job.retry.delaySeconds,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
    };
    if (await boss.getQueue(name)) await boss.updateQueue(name, options);
    else await boss.createQueue(name, options);
    const ids: string[] = [];
    for (let i = 0; i < (job.concurrency ?? 1); i++) {
      let workerId = '';
      workerId = await boss.work<object>(
        name,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: job.pollingSeconds ?? 2 },
        async ([item]) => {
          if (!item) return;
          // A worker that found a job looks for the next at once, not after its polling interval.
          boss.notifyWorker(workerId);
          const attempt = { retryCount: item.retryCount, isLastAttempt: item.retryCount >= item.retryLimit };
          try {
            await job.handle(context, job.payload.parse(item.data), attempt);
          } catch (err) {
            // pg-boss keeps the error with the job and retries it; the operator sees it in the log.
            log.error({ err, job: name, id: item.id, ...attempt }, `job ${name} failed`);
            throw err;
          }
        },
      );
      ids.push(workerId);
    }
    workerIds.set(name, ids);
    if (job.cron) {
      await boss.schedule(name, job.cron, {});
      await boss.send(name, {});
      for (const workerId of ids) boss.notifyWorker(workerId);
    }
  };

  return {
    send,
    async start(context) {
      started = (async () => {
        await boss.start();
        for (const name of names) await startQueue(name, context);
      })();
      await started;
      isStarted = true;
    },
    async stop() {
      if (!isStarted) return;
      isStarted = false;
      // Jobs still running after the wait are marked failed, so they are retried after a restart.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async isPending(name, id) {
      const job = await boss.getJobById(name, id);
      return job !== null && (job.state === 'created' || job.state === 'retry' || job.state === 'active');
    },
    async settle(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        let waiting = 0;
        for (const name of names) waiting += await boss.getQueueSize(name, { before: 'completed' });
        if (waiting === 0) return;
        if (Date.now() > deadline) throw new Error(`${waiting} jobs still waiting or running after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
