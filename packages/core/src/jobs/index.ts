import { bbbRecordingsImportJob } from './bbb-recordings-import.ts';
import { chatDigestJob } from './chat-digest.ts';
import { couponReleaseJob } from './coupon-release.ts';
import { deliverOutboxJob } from './deliver-outbox.ts';
import { meetingRemindersJob } from './meeting-reminders.ts';
import { meetingSweeperJob } from './meeting-sweeper.ts';
import { purgeSessionsJob } from './purge-sessions.ts';
import { renewalsJob } from './renewals.ts';
import { sendNotificationJob } from './send-notification.ts';
import { storageScanJob } from './storage-scan.ts';
import type { JobContext, JobDefinition } from './types.ts';
import { webPushJob } from './web-push.ts';

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
  chatDigestJob,
  couponReleaseJob,
  webPushJob,
];

/**
 * Embedded default: the same handlers on timers inside the BFF process, those marked `atStart` also run once at start, so what fell due
 * while the process was down (an expired room) is told within moments, not a period later. Runs are idempotent (the
 * notifications' dedupe keys): a restart tells nothing twice. Returns a stop function; `started` settles when the
 * start runs have.
 */
export function runJobsInProcess(
  ctx: JobContext,
  onError: (job: string, err: unknown) => void,
): (() => void) & { started: Promise<void> } {
  const running = new Set<string>();
  const scheduled = jobs.filter((job) => job.everyMs);
  const run = async (job: JobDefinition<unknown>) => {
    if (running.has(job.name)) return; // a slow run is not overlapped by the next tick
    running.add(job.name);
    await job
      .handle(ctx, {})
      .catch((err: unknown) => onError(job.name, err))
      .finally(() => running.delete(job.name));
  };
  const timers = scheduled.map((job) => setInterval(() => void run(job), job.everyMs));
  for (const t of timers) t.unref();
  let stopped = false;
  const started = (async () => {
    for (const job of scheduled) if (job.atStart && !stopped) await run(job);
  })();
  return Object.assign(
    () => {
      stopped = true;
      for (const t of timers) clearInterval(t);
    },
    { started },
  );
}

/** Scale-out: the one-off job id of a scheduled job's start run; workers starting in the same minute add it once. */
export const startRunId = (name: string, now: Date) => `start-${name}-${Math.floor(+now / 60_000)}`;
