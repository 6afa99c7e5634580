import type { ChildProcess } from 'node:child_process';
import { connectDatabase, type Database, queryRows } from '@majlis/core/db/connect';
import {
  createPostgresDatabase,
  dropRedisPrefix,
  randomRedisPrefix,
  redisUrl,
  serviceMissing,
  startWorker,
} from '@majlis/core/testing';
import { Queue } from 'bullmq';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from './listen.ts';

const skip = serviceMissing('DATABASE_URL') ?? serviceMissing('REDIS_URL');
const JOBS = 1500;

/**
 * Issue 14: send-notification jobs are stored in batches (one insert for the jobs a worker runs together) and pushed
 * by id. Two worker processes share the queue, as two instances do; a subscriber on the bus stands in for the BFFs and
 * counts every push of the owner's.
 */
describe.skipIf(skip)(`notification jobs in batches, two workers${skip ? ` (${skip})` : ''}`, () => {
  let pg: { url: string; drop(): Promise<void> };
  let database: Database;
  let owner: { user_id: string; account_id: string };
  let received: number[];
  let stopListening: () => Promise<void>;
  const prefix = randomRedisPrefix();
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    pg = await createPostgresDatabase({ seeded: true });
    database = await connectDatabase({ url: pg.url });
    [owner] = (await queryRows<{ user_id: string; account_id: string }>(
      database.db,
      sql`select u.id as user_id, a.id as account_id from users u join accounts a on a.owner_user_id = u.id where u.email = 'solo@demo.test'`,
    )) as [typeof owner];
    ({ received, close: stopListening } = await listen(prefix, () => ({
      userId: owner.user_id,
      accountId: owner.account_id,
    })));
    const env = { DATABASE_URL: pg.url, REDIS_URL: redisUrl as string, REDIS_PREFIX: prefix, WORKER_CONCURRENCY: '40' };
    workers.push((await startWorker(env)).proc, (await startWorker(env)).proc);
  });

  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    await stopListening?.();
    await database?.close();
    await pg?.drop();
    await dropRedisPrefix(prefix);
  });

  const add = async (tag: string) => {
    const queue = new Queue('notifications', {
      connection: new Redis(redisUrl as string, { maxRetriesPerRequest: null }),
      prefix: `${prefix}bull`,
    });
    await queue.addBulk(
      Array.from({ length: JOBS }, (_, i) => ({
        name: 'send-notification',
        data: {
          accountId: owner.account_id,
          userId: owner.user_id,
          type: 'notif',
          titleId: 'notif.meeting.reminder.title',
          messageId: 'notif.meeting.reminder.message',
          values: { name: 'batch', minutes: 15, number: String(i) },
          dedupeKey: `batch-test:${i}`,
        },
        opts: { jobId: `${tag}-${i}` },
      })),
    );
    await queue.close();
  };
  const stored = async () =>
    (
      await queryRows<{ id: string; pending: boolean; tx: string }>(
        database.db,
        sql`select id, push_pending as pending, xmin::text as tx from notifications where dedupe_key like 'batch-test:%'`,
      )
    ).map((r) => ({ ...r, id: Number(r.id) }));
  const until = async (what: string, check: () => Promise<boolean>) => {
    const deadline = Date.now() + 90_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('1,500 jobs over two workers: stored once each in far fewer transactions, each pushed exactly once; the same jobs again change nothing', async () => {
    await add('first');
    await until('every notification stored and pushed', async () => {
      const rows = await stored();
      return rows.length === JOBS && rows.every((r) => !r.pending);
    });
    const rows = await stored();
    const ids = new Set(rows.map((r) => r.id));
    await until('the pushes to arrive', async () => received.filter((id) => ids.has(id)).length >= JOBS);
    // Batched: many rows share a transaction (each job alone would be one transaction per row).
    expect(new Set(rows.map((r) => r.tx)).size).toBeLessThan(JOBS / 2);

    // The same notifications queued again (new job ids, same dedupe keys): nothing stored, nothing pushed.
    await add('again');
    const queue = new Queue('notifications', {
      connection: new Redis(redisUrl as string, { maxRetriesPerRequest: null }),
      prefix: `${prefix}bull`,
    });
    // The queue also holds the scheduled jobs' next runs: only the repeated ones are waited for.
    const left = async (states: ('waiting' | 'active' | 'failed')[]) =>
      (await queue.getJobs(states)).filter((j) => j.id?.startsWith('again-')).length;
    await until('the repeated jobs to finish', async () => (await left(['waiting', 'active'])) === 0);
    expect(await left(['failed'])).toBe(0);
    await queue.close();
    await new Promise((r) => setTimeout(r, 1000));
    expect(await stored()).toHaveLength(JOBS);
    const pushes = received.filter((id) => ids.has(id));
    expect(new Set(pushes).size).toBe(JOBS);
    expect(pushes.length).toBe(JOBS);
  });
});
