import type { Db } from '../db/connect.ts';
import { purgeSessionsJob } from './purge-sessions.ts';

export interface JobContext {
  db: Db;
}

/** Every job, run by apps/worker with BullMQ in scale-out, or in-process on timers in the embedded default. */
export const jobs = [purgeSessionsJob];

/** Embedded default: the same handlers on timers inside the BFF process. Returns a stop function. */
export function runJobsInProcess(ctx: JobContext, onError: (job: string, err: unknown) => void): () => void {
  const timers = jobs.map((job) =>
    setInterval(() => {
      job.handle(ctx).catch((err: unknown) => onError(job.name, err));
    }, job.everyMs),
  );
  for (const t of timers) t.unref();
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
