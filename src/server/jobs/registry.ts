import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createLeases, type Leases } from '../db/leases';
import { checkpointPgliteIfDue } from '../db/maintenance';
import { toQueueSql } from '../db/queue-sql';
import { requestPasswordReset, resendVerification, type AuthDeps } from '../modules/auth';
import { runSubscriptionLifecycle } from '../modules/billing';
import {
  createImportDeps,
  expireAbandonedPreviews,
  type ImportDeps,
  importRunPayloadSchema,
  recoverInterruptedImports,
  runImportJob,
} from '../modules/imports';
import { getUserById } from '../modules/users';
import { deleteStoredObjects } from '../modules/screenshots';
import { purgeDeletedTrades } from '../modules/trades';
import { createJobQueue, type JobDefinition, type JobQueue } from './queue';

/** What every job's handler is given: the app's services, and the leases on running work. */
export type JobContext = {
  app: FastifyInstance;
  leases: Leases;
  imports: ImportDeps;
  loadUser: (id: string) => ReturnType<typeof getUserById>;
};

/** One job; its payload type comes from its schema. */
const defineJob = <P>(job: JobDefinition<P, JobContext>) => job;

const authDeps = ({ app }: JobContext): AuthDeps => ({
  db: app.db,
  clock: app.clock,
  mailer: app.mailer,
  config: app.config.publicConfig,
});

/** What a periodic job (no payload; its cron on one server at a time) has in common. */
const periodic = (cron: string) => ({ payload: z.object({}), cron, pollingSeconds: 15 });

/**
 * Every background job of the app, by name: what it carries, how it retries, when it runs by
 * itself, and what it does. Handlers are idempotent (by the job's id, or by the state they find),
 * so a retry, a restart or a second server never does the work twice. Send one with
 * `app.jobs.send(name, payload)`.
 */
export const JOBS = {
  /** Delivers an outbox message over SMTP (the mailer queues it), retried while SMTP refuses. */
  'mail-deliver': defineJob({
    payload: z.object({ outboxId: z.uuid() }),
    idOf: (payload) => payload.outboxId,
    retry: { limit: 6, delaySeconds: 30 },
    concurrency: 2,
    handle: ({ app }, { outboxId }) => app.mailer.deliver(outboxId),
  }),
  /**
   * A forgot-password request: the request only queues this, for any address, so an answer takes
   * as long whether the address has an account or not.
   */
  'auth-password-reset': defineJob({
    payload: z.object({ email: z.string(), ip: z.string().nullable() }),
    retry: { limit: 3, delaySeconds: 5 },
    // Run at the next poll, never during the answer to the request that sent it.
    wakesOnSend: false,
    handle: (context, payload) => requestPasswordReset(authDeps(context), payload),
  }),
  /** A resend-verification request, queued for any address as the password reset is. */
  'auth-verification-resend': defineJob({
    payload: z.object({ email: z.string() }),
    retry: { limit: 3, delaySeconds: 5 },
    wakesOnSend: false,
    handle: (context, { email }) => resendVerification(authDeps(context), email),
  }),
  /** A large import, committed: runs once (its id is the import's), in the background, with progress on the import. */
  'import-run': defineJob({
    payload: importRunPayloadSchema,
    idOf: (payload) => payload.importId,
    retry: { limit: 4, delaySeconds: 5 },
    // A 1,000,000-row import takes about a minute; an attempt is never cut short by its expiry
    // (it holds its lease: a retry meanwhile finds it running and leaves it).
    expireInSeconds: 6 * 60 * 60,
    concurrency: 2,
    handle: (context, payload) => runImportJob(context.imports, payload, context),
  }),
  /** Imports a stopped process left queued or running: taken out again and marked failed. */
  'import-recover': defineJob({
    ...periodic('*/5 * * * *'),
    retry: { limit: 2, delaySeconds: 30 },
    handle: async (context) => {
      const failed = await recoverInterruptedImports(context.imports, {
        ...context,
        hasPendingJob: (importId) => context.app.jobs.isPending('import-run', importId),
      });
      if (failed.length > 0) context.app.log.warn({ imports: failed }, 'imports a stop cut off were marked failed');
    },
  }),
  /** Previews left uncommitted for 24 hours leave the import history, and their files the disk. */
  'import-preview-expire': defineJob({
    ...periodic('*/30 * * * *'),
    retry: { limit: 2, delaySeconds: 60 },
    handle: async (context) => {
      const expired = await expireAbandonedPreviews(context.imports, { now: context.app.clock.now() });
      if (expired.files > 0) context.app.log.info(expired, 'abandoned import previews expired');
    },
  }),
  /** Trial e-mails, conversions and closings; every step is idempotent. */
  'subscription-lifecycle': defineJob({
    ...periodic('*/10 * * * *'),
    retry: { limit: 2, delaySeconds: 60 },
    handle: async ({ app }) => {
      const result = await runSubscriptionLifecycle({
        db: app.db,
        clock: app.clock,
        mailer: app.mailer,
        config: app.config.publicConfig,
        provider: app.paymentProvider,
      });
      if (result.notices || result.converted || result.closed) app.log.info(result, 'subscription lifecycle');
    },
  }),
  /**
   * Deleted trades whose 30 days in "Recently deleted" are over: deleted for good, with their fills,
   * tags and screenshots (the files after each pass commits). Finds only what is still there.
   */
  'trades-purge-deleted': defineJob({
    ...periodic('7 * * * *'),
    retry: { limit: 2, delaySeconds: 60 },
    handle: async ({ app }) => {
      const purged = await purgeDeletedTrades(app.db, {
        now: app.clock.now(),
        removeFiles: (keys) =>
          deleteStoredObjects({ storage: app.storage, log: (msg, err) => app.log.error({ err }, msg) }, keys),
      });
      if (purged > 0) app.log.info({ purged }, 'deleted trades purged after 30 days');
    },
  }),
  /**
   * PGlite: a checkpoint when enough write-ahead log was written since the last, so its files are
   * reused rather than piling up on disk between restarts. PostgreSQL checkpoints on its own.
   */
  'pglite-checkpoint': defineJob({
    ...periodic('*/10 * * * *'),
    retry: { limit: 0, delaySeconds: 0 },
    handle: async ({ app }) => {
      if (app.dbEngine === 'pglite' && (await checkpointPgliteIfDue(app.db)))
        app.log.info('PGlite checkpointed its write-ahead log');
    },
  }),
};

type Jobs = typeof JOBS;
export type JobPayloads = { [N in keyof Jobs]: Jobs[N] extends JobDefinition<infer P, JobContext> ? P : never };
export type AppJobQueue = JobQueue<JobPayloads>;

/**
 * The app's job queue on its database: `start` (once the app is ready) runs this process's
 * workers and schedules, `stop` lets running jobs finish for a while and hands the rest back.
 */
export function createAppJobQueue(app: FastifyInstance) {
  const queue = createJobQueue<JobContext, JobPayloads>({ sql: toQueueSql(app.db), jobs: JOBS, log: app.log });
  let closeImports = async () => {};
  return {
    ...queue,
    async start() {
      const imports = createImportDeps(app);
      closeImports = imports.close;
      await queue.start({
        app,
        leases: createLeases(app.db),
        imports: imports.deps,
        loadUser: (id) => getUserById(app.db, id),
      });
    },
    async stop() {
      await queue.stop();
      await closeImports();
    },
  };
}
