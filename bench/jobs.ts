/**
 * bench/jobs.ts (`npm run bench:jobs`): the storage scan over 10,000 rooms, then notification jobs through BullMQ with
 * one worker process, over the bus, to a socket.io client of a stand-in BFF (reference A3, A-goals 5; issue 14's rows).
 *
 * Two loads, each run first by the peer (BullMQ alone: a no-op processor over the same queue, in this process) and then
 * by the Majlis worker (`apps/worker/src/main.ts` as it runs), each side after a warm-up burst of 500 not counted: a
 * paced one, BENCH_JOBS (1,000) due evenly over 2 s, for due → browser latency; and a burst, BENCH_BURST (5,000) all
 * due at once, for jobs processed to the browser per second. Then what each job cost (CPU of the worker, PostgreSQL
 * and Redis; Redis commands; PostgreSQL commits) and the CPU other processes took meanwhile (the box is shared:
 * figures are noisy when that is high). The goal rows also go to bench/output/results for `npm run bench`'s table.
 *
 * Needs PostgreSQL and Redis (the machine's local ones by default); uses its own database and key prefix and removes
 * them. BENCH_CONCURRENCY (default 50) and BENCH_POOL (20) set the worker's; BENCH_PROFILE=1 has the worker write a CPU
 * profile under bench/output/profiles (`npm run bench:profile <folder>` prints its top self times).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { memberRoom } from '@majlis/contracts/socket-rooms';
import { parseConfig } from '@majlis/core/config';
import { connectDatabase, queryRows } from '@majlis/core/db/connect';
import * as schema from '@majlis/core/db/schema/index';
import { seedDemo } from '@majlis/core/demo/seed-demo';
import { createRedisBus } from '@majlis/core/events/bus';
import { scanStorage } from '@majlis/core/jobs/storage-scan';
import { type JobContext, noPush } from '@majlis/core/jobs/types';
import {
  NOTIFICATION_TOPIC,
  type NotificationEvent,
  renderNotification,
} from '@majlis/core/notifications/notifications';
import { Queue } from 'bullmq';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { peakKb } from './lib/cpu.ts';
import {
  Arrivals,
  type BenchJob,
  enqueue,
  loadAverage,
  makeJobs,
  perJob,
  type RunResult,
  spent,
  startPeer,
} from './lib/job-load.ts';
import { repo, stop, track } from './lib/processes.ts';
import { positive } from './lib/report.ts';
import { writeResults } from './lib/results.ts';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';
const redisUrl = process.env.REDIS_URL;
// After the defaults above: the testing helpers read DATABASE_URL when they load.
const { createPostgresDatabase, dropRedisPrefix, randomRedisPrefix } = await import('@majlis/core/testing');
const ROOMS = positive(process.env.BENCH_ROOMS, 10_000);
const JOBS = positive(process.env.BENCH_JOBS, 1_000);
const BURST = positive(process.env.BENCH_BURST, 5_000);
const CONCURRENCY = positive(process.env.BENCH_CONCURRENCY, 50);
const SPREAD_MS = 2000;
const WARM_UP = 500;
const GOAL_RATE = 2000;
const GOAL_P99_MS = 300;
const GB = 1024 ** 3;
const PROFILE_DIR =
  process.env.BENCH_PROFILE === '1'
    ? join(repo, 'bench/output/profiles', `jobs-${new Date().toISOString().replace(/[:.]/g, '-')}`)
    : undefined;

const say = (line = '') => process.stdout.write(`${line}\n`);
const pg = await createPostgresDatabase();
const prefix = randomRedisPrefix();
const database = await connectDatabase({ url: pg.url });
const commits = async () =>
  Number(
    (
      await queryRows<{ n: string }>(
        database.db,
        sql`select xact_commit as n from pg_stat_database where datname = current_database()`,
      )
    )[0]?.n ?? 0,
  );
let worker: ReturnType<typeof spawn> | undefined;
try {
  await seedDemo(database.db, 'Bench-password-1');
  const [owner] = await queryRows<{ user_id: string; account_id: string }>(
    database.db,
    sql`select u.id as user_id, a.id as account_id from users u join accounts a on a.owner_user_id = u.id where u.email = 'solo@demo.test'`,
  );
  if (!owner) throw new Error('demo owner missing');
  say(`Majlis jobs bench: load average before ${loadAverage()}`);

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

  // 2. Notification jobs → a worker → the bus (Redis pub/sub) → a stand-in BFF that renders each for its reader, as
  // realtime/delivery.ts does (issue 27: the worker renders nothing) → a browser-side socket.io client.
  const bus = createRedisBus(redisUrl, `${prefix}bus:`);
  const http = createServer();
  const io = new Server(http, { path: '/event/' });
  bus.subscribe(NOTIFICATION_TOPIC, (event) => {
    const { accountId, userId, notification } = event as NotificationEvent;
    io.to(memberRoom(accountId, userId)).emit('notification', renderNotification(notification, 'en', 'latn'));
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
  const arrivals = new Arrivals();
  // Each job's number comes back in the rendered message: arrivals are matched to due times by it.
  client.on('notification', (n: { message: string }) => {
    const number = /(\d{6,})/.exec(n.message)?.[1];
    if (number) arrivals.seen(number);
  });
  await new Promise((r) => client.once('ready', r));

  const queue = new Queue('notifications', {
    connection: new Redis(redisUrl, { maxRetriesPerRequest: null }),
    prefix: `${prefix}bull`,
  });
  /** One load: enqueued, then awaited at `into` (the browser's arrivals or the peer's). */
  const run = async (jobs: BenchJob[], into: Arrivals): Promise<RunResult & { enqueueMs: number }> => {
    const enqueueMs = await enqueue(queue, jobs);
    if (Date.now() > Math.min(...jobs.map((j) => j.due))) say(`WARNING: enqueueing took past the first due time`);
    return { ...(await into.result(jobs)), enqueueMs };
  };
  const paced = (first: number) => makeJobs(owner, first, JOBS, Date.now() + 1500, SPREAD_MS);
  const burst = (first: number) => makeJobs(owner, first, BURST, Date.now() + 1500 + BURST / 2, 0);

  // The peer first, alone: BullMQ with a processor that does nothing, the worker's concurrency, the same queue.
  const peerArrivals = new Arrivals();
  const peer = startPeer(
    'notifications',
    new Redis(redisUrl, { maxRetriesPerRequest: null }),
    `${prefix}bull`,
    CONCURRENCY,
    peerArrivals,
  );
  const statsRedis = new Redis(redisUrl);
  // Each side first takes a warm-up burst, not counted (JIT, connections, the worker's start runs), then the loads.
  const warmUp = (first: number) => makeJobs(owner, first, WARM_UP, Date.now() + 1000, 0);
  await run(warmUp(150_000), peerArrivals);
  const peerBefore = await spent(undefined, statsRedis, async () => 0);
  const peerPaced = await run(paced(100_000), peerArrivals);
  const peerBurst = await run(burst(200_000), peerArrivals);
  const peerCost = perJob(peerBefore, await spent(undefined, statsRedis, async () => 0), JOBS + BURST);
  await peer.close();

  let out = '';
  const nodeArgs = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  worker = track(
    spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/worker/src/main.ts'], {
      cwd: repo,
      env: {
        ...process.env,
        REDIS_PREFIX: prefix,
        DATABASE_URL: pg.url,
        WORKER_CONCURRENCY: String(CONCURRENCY),
        WORKER_BATCH_CONCURRENCY: String(CONCURRENCY),
        DATABASE_POOL_MAX: process.env.BENCH_POOL ?? '20',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
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
  await run(warmUp(350_000), arrivals);
  const before = await spent(worker.pid, statsRedis, commits);
  const ours = await run(paced(300_000), arrivals);
  const oursBurst = await run(burst(400_000), arrivals);
  const after = await spent(worker.pid, statsRedis, commits);
  const workerPeak = peakKb(worker.pid);
  // Backends report their commits to pg_stat_database by the time they close: read after the worker has stopped.
  await stop(worker);
  after.commits = await commits();
  const cost = perJob(before, after, JOBS + BURST);

  // Timed rows on a busy box (other processes above a quarter of a core) are flagged: re-run them quiet.
  const busy = cost.otherProcs > 0.25 ? ` (box busy: other procs ${(cost.otherProcs * 100).toFixed(0)}%)` : '';
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const row = (k: string, figure: string, peerFigure: string, goal: string, verdict = '') =>
    say(`${k.padEnd(40)} ${figure.padEnd(26)} ${peerFigure.padEnd(26)} ${goal.padEnd(12)} ${verdict}`);
  say(`\nMajlis jobs benchmark (PostgreSQL + Redis on this machine, one worker process, concurrency ${CONCURRENCY})\n`);
  say(
    `storage scan, first pass: ${ROOMS} rooms in ${firstMs.toFixed(0)} ms → ${((ROOMS / firstMs) * 1000).toFixed(0)} rooms/s, ${first.changed} crossings, ${first.notified} notifications; steady state ${steadyMs.toFixed(0)} ms (${steady.changed} crossings)\n`,
  );
  row('measure', 'Majlis worker', 'peer: BullMQ alone (no-op)', 'goal', 'verdict');
  const enqRate = ((JOBS + BURST) / (ours.enqueueMs + oursBurst.enqueueMs)) * 1000;
  row('enqueue (addBulk)', `${enqRate.toFixed(0)} jobs/s`, '–', '≥ 2,000/s', met(enqRate >= 2000));
  row(
    `processed to the browser (burst ${BURST})`,
    `${oursBurst.jobsPerSecond.toFixed(0)} jobs/s`,
    `${peerBurst.jobsPerSecond.toFixed(0)} jobs/s`,
    `≥ ${GOAL_RATE}/s`,
    met(oursBurst.jobsPerSecond >= GOAL_RATE && oursBurst.seen === BURST) + busy,
  );
  row(
    `due → browser p99 (${((JOBS / SPREAD_MS) * 1000).toFixed(0)}/s paced)`,
    `${ours.p99} ms (p50 ${ours.p50}, max ${ours.max})`,
    `${peerPaced.p99} ms (p50 ${peerPaced.p50}, max ${peerPaced.max})`,
    `< ${GOAL_P99_MS} ms`,
    met(ours.p99 < GOAL_P99_MS && ours.seen === JOBS) + busy,
  );
  row(
    'due → browser p99 in the burst',
    `${oursBurst.p99} ms (p50 ${oursBurst.p50})`,
    `${peerBurst.p99} ms (p50 ${peerBurst.p50})`,
    '–',
  );
  row(
    'lost / shown twice',
    `${JOBS + BURST - ours.seen - oursBurst.seen} / ${oursBurst.repeats}`,
    `${JOBS + BURST - peerPaced.seen - peerBurst.seen} / ${peerBurst.repeats}`,
    '0 / 0',
    met(ours.seen + oursBurst.seen === JOBS + BURST && oursBurst.repeats === 0),
  );
  say(
    `\nPer job: worker CPU ${cost.worker} µs, Redis CPU ${cost.redis} µs, this process (enqueueing, the stand-in BFF rendering, socket.io server + client) ${cost.bench} µs, PostgreSQL CPU (every backend on the box) ${cost.postgres} µs; ${cost.redisCalls} Redis commands (those Lua scripts run included), ${cost.commits} PostgreSQL commits`,
  );
  say(
    `Peer per job: BullMQ alone (its worker and the enqueueing, in this process) ${peerCost.bench} µs CPU, Redis CPU ${peerCost.redis} µs; ${peerCost.redisCalls} Redis commands`,
  );
  say(
    `Other procs during the Majlis runs: ${(cost.otherProcs * 100).toFixed(0)}% of a core; load average after ${loadAverage()}`,
  );
  say(
    `Peak memory (VmHWM): worker ${(workerPeak / 1024).toFixed(0)} MB, bench process ${(peakKb() / 1024).toFixed(0)} MB`,
  );
  if (PROFILE_DIR) say(`Worker CPU profile: npm run bench:profile ${PROFILE_DIR}`);
  const note = `other procs ${(cost.otherProcs * 100).toFixed(0)}% of a core, load average ${loadAverage()}`;
  writeResults('jobs', [
    {
      measure: `notification jobs processed to the browser (burst of ${BURST})`,
      figure: Math.round(oursBurst.jobsPerSecond),
      unit: 'jobs/s',
      peer: `BullMQ alone (no-op processor, same queue): ${peerBurst.jobsPerSecond.toFixed(0)} jobs/s`,
      goal: `≥ ${GOAL_RATE.toLocaleString('en')} jobs/s`,
      target: GOAL_RATE,
      higherIsBetter: true,
      note,
    },
    {
      measure: `due → browser p99 (${((JOBS / SPREAD_MS) * 1000).toFixed(0)} jobs/s paced)`,
      figure: ours.p99,
      unit: 'ms',
      peer: `BullMQ alone, due → processor: p99 ${peerPaced.p99} ms`,
      goal: `< ${GOAL_P99_MS} ms`,
      target: GOAL_P99_MS - 1,
      note,
    },
    {
      measure: 'notification jobs: lost + shown twice',
      figure: JOBS + BURST - ours.seen - oursBurst.seen + oursBurst.repeats,
      unit: '',
      peer: `${JOBS + BURST} jobs`,
      goal: '0',
      target: 0,
    },
  ]);
  client.close();
  await queue.close();
  await statsRedis.quit();
  await new Promise((r) => io.close(r));
  await bus.close();
} finally {
  if (worker) await stop(worker);
  await database.close();
  await pg.drop();
  await dropRedisPrefix(prefix);
}
process.exit(0);
