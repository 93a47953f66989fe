import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, expectedEngine } from '../../../test/helpers/test-database';
import { waitUntil } from '../../../test/helpers/wait-until';
import type { Database } from '../db/client';
import { toQueueSql } from '../db/queue-sql';
import { createJobQueue, type JobDefinition } from './queue';

type Seen = { payload: { id: string; failures: number }; retryCount: number; at: number };
type Context = { seen: Seen[] };

const log = { warn: () => {}, error: () => {} };
const payload = z.object({ id: z.uuid(), failures: z.number().int() });

/** A job that records each attempt and throws on the first `failures` of them. */
const recording = (concurrency: number): JobDefinition<z.infer<typeof payload>, Context> => ({
  payload,
  idOf: (p) => p.id,
  retry: { limit: 3, delaySeconds: 1 },
  concurrency,
  handle: async ({ seen }, p, attempt) => {
    seen.push({ payload: p, retryCount: attempt.retryCount, at: Date.now() });
    if (attempt.retryCount < p.failures) throw new Error(`attempt ${attempt.retryCount} fails`);
  },
});

function startQueue(database: Database, concurrency: number) {
  const context: Context = { seen: [] };
  const queue = createJobQueue<Context, { 'test-record': z.infer<typeof payload> }>({
    sql: toQueueSql(database.db),
    jobs: { 'test-record': recording(concurrency) },
    log,
  });
  return { queue, context, started: queue.start(context) };
}

describe(`the job queue on ${expectedEngine()}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('keeps a job sent before a stop and runs it in the next process that starts the queue', async () => {
    // A process without workers for the job: it is stored, not run.
    const first = startQueue(database, 0);
    await first.started;
    const id = randomUUID();
    expect(await first.queue.send('test-record', { id, failures: 0 })).toBe(id);
    await first.queue.stop();

    const second = startQueue(database, 1);
    await second.started;
    await second.queue.settle();
    await second.queue.stop();
    expect(second.context.seen.map((s) => s.payload.id)).toEqual([id]);
  });

  it('runs a job sent twice with the same id once', async () => {
    const { queue, context, started } = startQueue(database, 2);
    await started;
    const id = randomUUID();
    expect(await queue.send('test-record', { id, failures: 0 })).toBe(id);
    expect(await queue.send('test-record', { id, failures: 0 })).toBeNull();
    await queue.settle();
    await queue.stop();
    expect(context.seen.filter((s) => s.payload.id === id)).toHaveLength(1);
  });

  it('retries a job that throws, after a delay that doubles', async () => {
    const { queue, context, started } = startQueue(database, 1);
    await started;
    const id = randomUUID();
    await queue.send('test-record', { id, failures: 2 });
    await waitUntil(() => context.seen.length === 3);
    await queue.settle();
    await queue.stop();
    const attempts = context.seen.filter((s) => s.payload.id === id);
    expect(attempts.map((s) => s.retryCount)).toEqual([0, 1, 2]);
    // pg-boss's backoff waits 1–2 s, then 2–4 s (random within), and a worker looks when it polls.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1_900);
    expect(await queue.isPending('test-record', id)).toBe(false);
  });

  it('answers stop only once the statement that marks the last job complete has finished', async () => {
    // pg-boss marks a job complete without awaiting it; slowed here, that statement would still run
    // after stop answered, and so after the app closed its pool.
    const base = toQueueSql(database.db);
    let hasStopped = false;
    const settledAfterStop: string[] = [];
    const context: Context = { seen: [] };
    const queue = createJobQueue<Context, { 'test-record': z.infer<typeof payload> }>({
      sql: {
        executeSql: async (text, values) => {
          const answer = await base.executeSql(text, values);
          if (/'completed'/.test(text)) await new Promise((resolve) => setTimeout(resolve, 300));
          if (hasStopped) settledAfterStop.push(text.trim().slice(0, 60));
          return answer;
        },
      },
      jobs: { 'test-record': recording(1) },
      log,
    });
    await queue.start(context);
    await queue.send('test-record', { id: randomUUID(), failures: 0 });
    await waitUntil(() => context.seen.length === 1);
    await queue.stop();
    hasStopped = true;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(settledAfterStop).toEqual([]);
  });

  it('refuses a payload its schema does not accept, before storing anything', async () => {
    const { queue, started } = startQueue(database, 0);
    await started;
    await expect(queue.send('test-record', { id: 'not-a-uuid', failures: 0 })).rejects.toThrow();
    await queue.stop();
  });
});
