import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { memberRoom } from '@majlis/contracts/socket-rooms';
import { connectDatabase, type Database, queryRows } from '@majlis/core/db/connect';
import {
  createPostgresDatabase,
  dropRedisPrefix,
  randomRedisPrefix,
  redisUrl,
  serviceMissing,
} from '@majlis/core/testing';
import { createAdapter } from '@socket.io/redis-adapter';
import { Queue } from 'bullmq';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const skip = serviceMissing('DATABASE_URL') ?? serviceMissing('REDIS_URL');
const JOBS = 1500;

async function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], {
    cwd: repo,
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr?.on('data', (d) => {
    out += d;
  });
  while (!out.includes('Majlis worker')) {
    if (proc.exitCode !== null) throw new Error(`worker exited: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return proc;
}

/**
 * Issue 14: send-notification jobs are stored in batches (one insert for the jobs a worker runs together) and pushed
 * by id. Two worker processes share the queue, as two instances do; a socket.io server with the Redis adapter stands in
 * for the BFFs, and a client in the owner's member room counts what arrives.
 */
describe.skipIf(skip)(`notification jobs in batches, two workers${skip ? ` (${skip})` : ''}`, () => {
  let pg: { url: string; drop(): Promise<void> };
  let database: Database;
  let io: Server;
  let client: Socket;
  let adapterRedis: Redis;
  let owner: { user_id: string; account_id: string };
  const received: number[] = [];
  const prefix = randomRedisPrefix();
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    pg = await createPostgresDatabase({ seeded: true });
    database = await connectDatabase({ url: pg.url });
    [owner] = (await queryRows<{ user_id: string; account_id: string }>(
      database.db,
      sql`select u.id as user_id, a.id as account_id from users u join accounts a on a.owner_user_id = u.id where u.email = 'solo@demo.test'`,
    )) as [typeof owner];
    adapterRedis = new Redis(redisUrl as string);
    const http = createServer();
    io = new Server(http, {
      path: '/event/',
      adapter: createAdapter(adapterRedis, adapterRedis.duplicate(), { key: `${prefix}socket.io` }),
    });
    io.on('connection', (socket) => {
      socket.join(memberRoom(socket.handshake.auth.accountId, socket.handshake.auth.userId));
      socket.emit('ready');
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
      path: '/event/',
      auth: { userId: owner.user_id, accountId: owner.account_id },
      transports: ['websocket'],
    });
    client.on('notification', (n: { id: number }) => received.push(Number(n.id)));
    await new Promise((r) => client.once('ready', r));
    const env = { DATABASE_URL: pg.url, REDIS_URL: redisUrl as string, REDIS_PREFIX: prefix, WORKER_CONCURRENCY: '40' };
    workers.push(await startWorker(env), await startWorker(env));
  });

  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    client?.close();
    await new Promise((r) => io?.close(r));
    await adapterRedis?.quit().catch(() => {});
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
