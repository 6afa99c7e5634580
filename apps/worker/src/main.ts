import { loadConfigOrExit } from '@majlis/core/config';
import { createBatcher } from '@majlis/core/jobs/batch';
import { jobs, startRunId } from '@majlis/core/jobs/index';
import type { JobContext } from '@majlis/core/jobs/types';
import { configureLogging, logger, loggingFor } from '@majlis/core/log';
import { busPusher, createFlusher } from '@majlis/core/notifications/push-notifications';
import { transportsFor } from '@majlis/core/providers/messaging/transport';
import { createRuntime } from '@majlis/core/runtime';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';

/**
 * Scale-out job runner: one BullMQ queue per job family, repeatable jobs through job schedulers,
 * the handlers from packages/core/jobs. SIGTERM lets the current job finish, then exits.
 */
const config = loadConfigOrExit();
configureLogging(loggingFor(config, 'worker'));
if (!config.REDIS_URL || !config.DATABASE_URL) {
  process.stderr.write('Invalid configuration: REDIS_URL and DATABASE_URL are required by the worker\n');
  process.exit(1);
}
const runtime = await createRuntime(config);
const prefix = `${config.REDIS_PREFIX}bull`;
// Workers block on Redis: BullMQ requires maxRetriesPerRequest null; producers fail fast instead.
const workerConnection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
const producerConnection = new Redis(config.REDIS_URL, { enableOfflineQueue: false, lazyConnect: true });
await producerConnection.connect();

// Browsers are reached through the bus the BFFs subscribe to (Redis pub/sub): the worker runs no socket.io server and
// renders nothing; each BFF's realtime delivery renders a notification for its reader (language, digits), as it does its
// own. Clients drop a repeated notification by id (a flush cut short by a crash is pushed again).
const push = busPusher(runtime.bus);
const ctx: JobContext = { db: runtime.db, config, push, transports: transportsFor(config), now: () => new Date() };
const flusher = createFlusher(ctx, (err) => logger.error({ err }, 'push flush failed'));
ctx.requestFlush = flusher.request;

// Jobs whose cost is their write are run in batches of those running at the same time (issue 14: one insert and one
// fsync for many notifications); each BullMQ job still completes or fails on its own.
const batchers = new Map(
  jobs.flatMap((job) => {
    const { handleBatch } = job;
    return handleBatch ? [[job.name, createBatcher((items: unknown[]) => handleBatch(ctx, items))] as const] : [];
  }),
);

const queues = new Map<string, Queue>();
for (const job of jobs) {
  const queue = queues.get(job.queue) ?? new Queue(job.queue, { connection: producerConnection, prefix });
  queues.set(job.queue, queue);
  if (!job.everyMs) continue;
  await queue.upsertJobScheduler(job.name, { every: job.everyMs }, { name: job.name, data: {} });
  // The `atStart` ones also once now (an expired room is told at start, not an hour later); handlers are idempotent, and workers
  // starting together add it once (same job id).
  if (job.atStart)
    await queue.add(
      job.name,
      {},
      { jobId: startRunId(job.name, new Date()), removeOnComplete: true, removeOnFail: 100 },
    );
}

const workers = [...queues.keys()].map(
  (name) =>
    new Worker(
      name,
      async (bullJob) => {
        const job = jobs.find((j) => j.name === bullJob.name);
        if (!job) throw new Error(`unknown job ${bullJob.name}`);
        const data = job.payload.parse(bullJob.data);
        const batcher = batchers.get(job.name);
        // a run's counts (web-push: how many sent) are its return value, which the queue dashboard shows
        if (batcher) await batcher.add(data);
        else return await job.handle(ctx, data);
      },
      {
        connection: workerConnection,
        prefix,
        concurrency: jobs.some((j) => j.queue === name && batchers.has(j.name))
          ? config.WORKER_BATCH_CONCURRENCY
          : config.WORKER_CONCURRENCY,
        lockDuration: config.WORKER_LOCK_MS,
        stalledInterval: config.WORKER_STALLED_INTERVAL_MS,
        // A job whose worker died is retried, not failed: handlers are idempotent.
        maxStalledCount: 5,
        removeOnComplete: { count: 1000 },
        removeOnFail: { count: 5000 },
      },
    ),
);
for (const w of workers) {
  // Never err.message by hand: a failed query's message holds its parameters (the logger describes err safely).
  w.on('failed', (job, err) => logger.error({ err, job: job?.name, id: job?.id }, 'job failed'));
  w.on('completed', (job) => logger.debug({ job: job.name, id: job.id }, 'job completed'));
}
// Whatever LOG_LEVEL says: scripts and tests wait for this line to know the worker is ready.
logger
  .child({}, { level: 'info' })
  .info(`Majlis worker ${process.pid}: ${jobs.length} job(s) on ${queues.size} queue(s)`);

async function shutdown(signal: string) {
  logger.info(`${signal}: finishing the current jobs`);
  await Promise.all(workers.map((w) => w.close()));
  await flusher.stop();
  await Promise.all([...queues.values()].map((q) => q.close()));
  await Promise.allSettled([workerConnection.quit(), producerConnection.quit()]);
  await runtime.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
