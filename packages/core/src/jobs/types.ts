import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { Pusher } from '../notifications/push-notifications.ts';
import type { MessageTransport } from '../providers/messaging/transport.ts';

/** A job's pusher (notifications/push-notifications.ts says how each process pushes). */
export type { Pusher };

export interface JobContext {
  db: Db;
  config: Config;
  push: Pusher;
  transports: Partial<Record<'email' | 'sms', MessageTransport>>;
  now(): Date;
  /**
   * Asks for pending notifications to be pushed soon, coalescing many jobs into one flush (see createFlusher): those
   * given by id (just stored: claimed by primary key), or without ids every one still marked. Without it a job
   * flushes itself.
   */
  requestFlush?: (ids?: number[]) => void;
}

/** Counts a run reports, shown on the queue dashboard (bull-board) as the job's return value. */
export type JobCounts = Record<string, number>;

/**
 * A job: name, queue, zod payload and an idempotent handler (running it twice changes nothing twice).
 * `everyMs` makes it a scheduled job (BullMQ job scheduler in the worker, a timer in the embedded default).
 */
export interface JobDefinition<P = Record<string, never>> {
  name: string;
  queue: string;
  payload: z.ZodType<P>;
  everyMs?: number;
  /**
   * Also run once when the jobs start (the worker, or the embedded default), for a scheduled job whose period is long
   * enough that waiting for it shows: an expired room told within a minute of start, not an hour later. Not for the
   * frequent or heavy ones: a storage scan at every worker start doubled the scan a fault test ran beside it.
   */
  atStart?: boolean;
  /** What a run answers (counts such as `{ sent: 12 }`) is the job's return value on the queue dashboard. */
  handle(ctx: JobContext, data: P): Promise<JobCounts | undefined>;
  /**
   * Many runs at once, for a job whose cost is its write (notifications: one insert and one fsync for the lot). The
   * worker gathers the jobs it runs at the same time (createBatcher); each item's outcome is answered apart, so one
   * that fails (and is retried by its queue) does not fail the others.
   */
  handleBatch?(ctx: JobContext, items: P[]): Promise<PromiseSettledResult<void>[]>;
}

export const noPush: Pusher = { notify() {} };
