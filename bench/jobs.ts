/**
 * bench/jobs.ts (`npm run bench:jobs`): the storage scan over 10,000 rooms, then 1,000 delayed notification jobs
 * through BullMQ with one worker process, to a socket.io client behind the Redis adapter.
 * Prints jobs/s, scheduled-time-to-browser latency and peak memory. Needs PostgreSQL and Redis (the machine's local
 * ones by default); uses its own database and key prefix and removes them.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { memberRoom } from '@majlis/contracts/socket-rooms';
import { parseConfig } from '@majlis/core/config';
import { connectDatabase, queryRows } from '@majlis/core/db/connect';
import * as schema from '@majlis/core/db/schema/index';
import { seedDemo } from '@majlis/core/demo/seed-demo';
import { scanStorage } from '@majlis/core/jobs/storage-scan';
import { type JobContext, noPush } from '@majlis/core/jobs/types';
import { createAdapter } from '@socket.io/redis-adapter';
import { Queue } from 'bullmq';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { peakKb } from './lib/cpu.ts';
import { spawnScript } from './lib/processes.ts';
import { percentile } from './lib/report.ts';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';
const redisUrl = process.env.REDIS_URL;
// After the defaults above: the testing helpers read DATABASE_URL when they load.
const { createPostgresDatabase, dropRedisPrefix, randomRedisPrefix } = await import('@majlis/core/testing');
const ROOMS = Number(process.env.BENCH_ROOMS ?? 10_000);
const JOBS = Number(process.env.BENCH_JOBS ?? 1_000);
const CONCURRENCY = process.env.BENCH_CONCURRENCY ?? '50';
const GB = 1024 ** 3;

const pct = (xs: number[], p: number) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    p,
  );

const pg = await createPostgresDatabase();
const prefix = randomRedisPrefix();
const database = await connectDatabase({ url: pg.url });
let worker: ChildProcess | undefined;
try {
  await seedDemo(database.db, 'Bench-password-1');
  const [owner] = await queryRows<{ user_id: string; account_id: string }>(
    database.db,
    sql`select u.id as user_id, a.id as account_id from users u join accounts a on a.owner_user_id = u.id where u.email = 'solo@demo.test'`,
  );
  if (!owner) throw new Error('demo owner missing');

  // 1. Storage scan: 10,000 rooms, 10 % over 85 %, 5 % full.
  const rooms = Array.from({ length: ROOMS }, (_, i) => ({
    accountId: owner.account_id,
    name: `room-${i}`,
    type: 'jitsi' as const,
    storageBytes: 10 * GB,
    usedBytes: Math.round(10 * GB * (i % 20 === 0 ? 1 : i % 10 === 1 ? 0.9 : 0.4)),
  }));
  for (let i = 0; i < rooms.length; i += 1000) await database.db.insert(schema.rooms).values(rooms.slice(i, i + 1000));
  const ctx: JobContext = {
    db: database.db,
    config: parseConfig({ DATABASE_URL: pg.url }),
    push: noPush,
    transports: {},
    now: () => new Date(),
  };
  let t = performance.now();
  const first = await scanStorage(ctx);
  const firstMs = performance.now() - t;
  t = performance.now();
  const steady = await scanStorage(ctx);
  const steadyMs = performance.now() - t;

  // 2. 1,000 delayed notification jobs → one worker → Redis adapter → a browser-side socket.io client.
  const adapterRedis = new Redis(redisUrl);
  const http = createServer();
  const io = new Server(http, {
    path: '/event/',
    adapter: createAdapter(adapterRedis, adapterRedis.duplicate(), { key: `${prefix}socket.io` }),
  });
  io.on('connection', (s) => {
    s.join(memberRoom(s.handshake.auth.accountId, s.handshake.auth.userId));
    s.emit('ready');
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
    path: '/event/',
    auth: { userId: owner.user_id, accountId: owner.account_id },
    transports: ['websocket'],
  });
  // Each job's meeting number comes back in the rendered message: arrivals are matched to due times by it.
  const arrivals = new Map<string, number>();
  client.on('notification', (n: { message: string }) => {
    const number = /(\d{4,})/.exec(n.message)?.[1];
    if (number && !arrivals.has(number)) arrivals.set(number, Date.now());
  });
  await new Promise((r) => client.once('ready', r));

  let out = '';
  worker = spawnScript('apps/worker/src/main.ts', [], {
    REDIS_PREFIX: prefix,
    DATABASE_URL: pg.url,
    WORKER_CONCURRENCY: CONCURRENCY,
    DATABASE_POOL_MAX: process.env.BENCH_POOL ?? '20',
  });
  worker.stdout?.on('data', (d) => {
    out += d;
  });
  worker.stderr?.on('data', (d) => {
    out += d;
  });
  while (!out.includes('Majlis worker')) {
    if (worker.exitCode !== null) throw new Error(out);
    await new Promise((r) => setTimeout(r, 100));
  }

  const queue = new Queue('notifications', {
    connection: new Redis(redisUrl, { maxRetriesPerRequest: null }),
    prefix: `${prefix}bull`,
  });
  const start = Date.now() + 2000;
  const spread = 2000;
  const jobs = Array.from({ length: JOBS }, (_, i) => {
    const due = Math.round(start + (i * spread) / JOBS);
    return {
      name: 'send-notification',
      data: {
        accountId: owner.account_id,
        userId: owner.user_id,
        type: 'notif' as const,
        titleId: 'notif.meeting.reminder.title',
        messageId: 'notif.meeting.reminder.message',
        values: { name: `bench ${i}`, minutes: 15, number: String(1000 + i) },
        dedupeKey: `bench:${i}`,
      },
      due,
    };
  });
  const dueByNumber = new Map(jobs.map((j) => [j.data.values.number, j.due]));
  t = performance.now();
  await queue.addBulk(
    jobs.map((j) => ({
      name: j.name,
      data: j.data,
      opts: { delay: Math.max(0, j.due - Date.now()), jobId: `bench-${j.data.values.number}` },
    })),
  );
  const enqueueMs = performance.now() - t;
  const deadline = Date.now() + 60_000;
  while (arrivals.size < JOBS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const latencies = [...arrivals].map(([number, at]) => at - (dueByNumber.get(number) ?? at));
  const lastArrival = Math.max(...arrivals.values());
  const workerPeak = peakKb(worker.pid);

  const line = (k: string, v: string) => console.log(`${k.padEnd(44)} ${v}`);
  console.log('\nMajlis jobs benchmark (PostgreSQL + Redis on this machine, one worker process)\n');
  line(
    'storage scan, first pass (rooms/s)',
    `${ROOMS} rooms in ${firstMs.toFixed(0)} ms → ${((ROOMS / firstMs) * 1000).toFixed(0)} rooms/s, ${first.changed} crossings, ${first.notified} notifications`,
  );
  line('storage scan, steady state (no change)', `${steadyMs.toFixed(0)} ms (${steady.changed} crossings)`);
  line(
    'enqueue (addBulk)',
    `${JOBS} jobs in ${enqueueMs.toFixed(0)} ms → ${((JOBS / enqueueMs) * 1000).toFixed(0)} jobs/s (goal ≥ 2,000)`,
  );
  line(
    'processed to the browser',
    `${arrivals.size}/${JOBS} in ${((lastArrival - start) / 1000).toFixed(2)} s after the first was due → ${((arrivals.size / Math.max(1, lastArrival - start)) * 1000).toFixed(0)} jobs/s (offered ${((JOBS / spread) * 1000).toFixed(0)}/s)`,
  );
  line(
    'scheduled time → browser latency',
    `p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms, max ${Math.max(...latencies)} ms (goal p99 < 1,500 ms)`,
  );
  line(
    'peak memory (VmHWM)',
    `worker ${(workerPeak / 1024).toFixed(0)} MB, bench process ${(peakKb() / 1024).toFixed(0)} MB`,
  );
  line('lost', `${JOBS - arrivals.size}`);
  client.close();
  await queue.close();
  await new Promise((r) => io.close(r));
  await adapterRedis.quit();
} finally {
  worker?.kill('SIGTERM');
  await database.close();
  await pg.drop();
  await dropRedisPrefix(prefix);
}
process.exit(0);
