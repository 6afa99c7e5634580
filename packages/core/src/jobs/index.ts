import { bbbRecordingsImportJob } from './bbb-recordings-import.ts';
import { deliverOutboxJob } from './deliver-outbox.ts';
import { meetingRemindersJob } from './meeting-reminders.ts';
import { meetingSweeperJob } from './meeting-sweeper.ts';
import { purgeSessionsJob } from './purge-sessions.ts';
import { renewalsJob } from './renewals.ts';
import { sendNotificationJob } from './send-notification.ts';
import { storageScanJob } from './storage-scan.ts';
import type { JobContext, JobDefinition } from './types.ts';

/**
 * Every job, run by apps/worker with BullMQ in scale-out, or in-process on timers in the embedded default.
 * Their payloads differ, hence `unknown`: a runner passes `job.payload.parse(data)`, checked by the job's own schema.
 */
export const jobs: JobDefinition<unknown>[] = [
  purgeSessionsJob,
  deliverOutboxJob,
  storageScanJob,
  renewalsJob,
  meetingRemindersJob,
  meetingSweeperJob,
  sendNotificationJob,
  bbbRecordingsImportJob,
];

/** Embedded default: the same handlers on timers inside the BFF process. Returns a stop function. */
export function runJobsInProcess(ctx: JobContext, onError: (job: string, err: unknown) => void): () => void {
  const running = new Set<string>();
  const timers = jobs
    .filter((job) => job.everyMs)
    .map((job) =>
      setInterval(() => {
        if (running.has(job.name)) return; // a slow run is not overlapped by the next tick
        running.add(job.name);
        job
          .handle(ctx, {})
          .catch((err: unknown) => onError(job.name, err))
          .finally(() => running.delete(job.name));
      }, job.everyMs),
    );
  for (const t of timers) t.unref();
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
