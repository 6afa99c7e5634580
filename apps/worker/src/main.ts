import { createRuntime, jobs, loadConfigOrExit } from '@majlis/core';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';

/**
 * Scale-out job runner: one BullMQ queue per job family, repeatable jobs through job schedulers,
 * the handlers from packages/core/jobs. SIGTERM lets the current job finish, then exits.
 */
const config = loadConfigOrExit();
if (!config.REDIS_URL || !config.DATABASE_URL) {
  process.stderr.write('Invalid configuration: REDIS_URL and DATABASE_URL are required by the worker\n');
  process.exit(1);
}
const runtime = await createRuntime(config);
const prefix = `${config.REDIS_PREFIX}bull`;
// Workers block on Redis: BullMQ requires maxRetriesPerRequest null; producers fail fast instead.
const workerConnection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
const producerConnection = new Redis(config.REDIS_URL, { enableOfflineQueue: false });

const queues = new Map<string, Queue>();
for (const job of jobs) {
  const queue = queues.get(job.queue) ?? new Queue(job.queue, { connection: producerConnection, prefix });
  queues.set(job.queue, queue);
  await queue.upsertJobScheduler(job.name, { every: job.everyMs }, { name: job.name, data: {} });
}

const workers = [...queues.keys()].map(
  (name) =>
    new Worker(
      name,
      async (bullJob) => {
        const job = jobs.find((j) => j.name === bullJob.name);
        if (!job) throw new Error(`unknown job ${bullJob.name}`);
        job.payload.parse(bullJob.data);
        await job.handle({ db: runtime.db });
      },
      { connection: workerConnection, prefix, concurrency: 10 },
    ),
);
console.log(`Majlis worker: ${jobs.length} job(s) on ${queues.size} queue(s)`);

async function shutdown(signal: string) {
  console.log(`[worker] ${signal}: finishing the current jobs`);
  await Promise.all(workers.map((w) => w.close()));
  await Promise.all([...queues.values()].map((q) => q.close()));
  await Promise.allSettled([workerConnection.quit(), producerConnection.quit()]);
  await runtime.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
