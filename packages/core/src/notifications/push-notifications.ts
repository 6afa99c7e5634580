import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect.ts';
import { notifications } from '../db/schema/index.ts';
import type { EventBus } from '../events/bus.ts';
import {
  createNotification,
  type NewNotification,
  NOTIFICATION_TOPIC,
  type NotificationEvent,
  type NotificationRow,
} from './notifications.ts';

/**
 * Gets a stored notification to the user's browsers: published on the bus (busPusher) as the BFF's own notifications
 * are, so the BFF's realtime delivery alone renders it for each reader (language, digits), counts and replays it:
 * Redis pub/sub from the worker, the in-process bus in the embedded default.
 */
export interface Pusher {
  notify(row: NotificationRow): Promise<void> | void;
}

/**
 * What pushing needs of a job's context (jobs/types.ts JobContext has it): notifications are every domain's to send,
 * so this lives here and jobs and meetings call it, rather than meetings reaching into jobs/.
 */
export interface PushContext {
  db: Db;
  push: Pusher;
  /** As JobContext.requestFlush: coalesces pushes into the process's flusher (createFlusher). */
  requestFlush?: (ids?: number[]) => void;
}

/**
 * Stores a job's notification (idempotent on its dedupe key) marked for pushing. Call inside the transaction that
 * records the state change behind it; push with flushPushes once it has committed.
 */
export async function storeJobNotification(tx: Db | Tx, n: NewNotification & { dedupeKey: string }): Promise<boolean> {
  const { notification, created } = await createNotification(tx as Db, n);
  if (created) await tx.update(notifications).set({ pushPending: true }).where(eq(notifications.id, notification.id));
  return created;
}

/**
 * Hands rows to the pusher in id order, all at once: on the Redis bus the publishes leave back to back on one
 * connection (in order) instead of one round trip each; the first failure fails the flush, whose marks then stay.
 */
async function pushAll(ctx: PushContext, rows: NotificationRow[]): Promise<void> {
  await Promise.all(rows.sort((a, b) => a.id - b.id).map((row) => ctx.push.notify(row)));
}

/**
 * Clearing a push mark is not worth an fsync: were PostgreSQL to lose it in a crash, the notification is pushed again
 * and clients drop a repeat by id (as after a worker killed half-way). The stored notification itself is committed
 * synchronously, before any push. Said after the pushes (it only matters at the commit), so the pushes do not wait
 * for its round trip.
 */
const noFsyncWait = sql`set local synchronous_commit = off`;

/**
 * Pushes every notification still marked pending, then clears the mark, row-locked so two workers never push the
 * same one. A worker killed half-way leaves the marks: the next run pushes again, and clients drop a repeat by id.
 */
export async function flushPushes(ctx: PushContext, batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const pushed = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(notifications)
        .where(eq(notifications.pushPending, true))
        .orderBy(asc(notifications.id))
        .limit(batch)
        .for('update', { skipLocked: true });
      await pushAll(ctx, rows);
      if (rows.length) {
        await tx.execute(noFsyncWait);
        await tx
          .update(notifications)
          .set({ pushPending: false })
          .where(
            inArray(
              notifications.id,
              rows.map((r) => r.id),
            ),
          );
      }
      return rows.length;
    });
    total += pushed;
    if (pushed < batch) return total;
  }
}

/**
 * Pushes the given notifications that are still marked (just stored by this process), claimed by primary key in one
 * statement that clears the mark: no scan for marks, and a row another worker's flush holds or has pushed is not
 * returned (the update waits for its lock, then finds the mark gone), so each is pushed once. Pushed before the
 * commit, as flushPushes does: a crash in between leaves the mark, and the next flush pushes again.
 */
export async function pushClaimed(ctx: PushContext, ids: number[], slice = 500): Promise<number> {
  let total = 0;
  for (let i = 0; i < ids.length; i += slice) {
    total += await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .update(notifications)
        .set({ pushPending: false })
        .where(and(inArray(notifications.id, ids.slice(i, i + slice)), eq(notifications.pushPending, true)))
        .returning();
      await pushAll(ctx, rows);
      if (rows.length) await tx.execute(noFsyncWait);
      return rows.length;
    });
  }
  return total;
}

/**
 * The one push path (DESIGN §6): jobs publish their notifications on the bus, as the BFF's own are, and the BFF's
 * realtime delivery renders each for its reader, counts and replays it. The worker's bus is Redis pub/sub, the
 * embedded default's the in-process one.
 */
export function busPusher(bus: EventBus): Pusher {
  return {
    async notify(row) {
      const event: NotificationEvent = {
        type: NOTIFICATION_TOPIC,
        accountId: row.accountId,
        userId: row.userId,
        notification: row,
      };
      await bus.publish(NOTIFICATION_TOPIC, event);
    },
  };
}

/**
 * Pushes for the process's jobs. Notifications just stored here are claimed and pushed by id at once (pushClaimed:
 * disjoint ids, so batches push side by side and none waits behind another's flush). A scan for any mark left (a
 * crashed worker's, a push that failed) runs every `everyMs` and on a request without ids, one at a time, re-run while
 * requests keep coming: a thousand jobs finishing together cost a few flushes, not a thousand.
 */
export function createFlusher(ctx: PushContext, onError: (err: unknown) => void, everyMs = 2000) {
  let running = false;
  let again = false;
  const scan = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await flushPushes(ctx);
      } while (again);
    } catch (err) {
      onError(err);
    } finally {
      running = false;
    }
  };
  const pushing = new Set<Promise<unknown>>();
  const request = (ids?: number[]) => {
    if (!ids) return void scan();
    if (!ids.length) return;
    const push = pushClaimed(ctx, ids)
      .catch(onError)
      .finally(() => pushing.delete(push));
    pushing.add(push);
  };
  const timer = setInterval(() => void scan(), everyMs);
  timer.unref();
  return {
    request,
    /** Stops the scans; settles once the pushes under way have (before the database closes). */
    stop: async () => {
      clearInterval(timer);
      await Promise.allSettled([...pushing]);
    },
  };
}

/** Pushes now, or leaves it to the process's flusher when there is one; `ids` are those just stored, if known. */
export async function pushSoon(ctx: PushContext, ids?: number[]): Promise<void> {
  if (ctx.requestFlush) ctx.requestFlush(ids);
  else if (ids) await pushClaimed(ctx, ids);
  else await flushPushes(ctx);
}

/**
 * After the commit of a write that stored notifications with storeJobNotification outside a job (a webhook): pushes
 * them through the job's pusher when there is one, else through the bus. A failure is the flusher's to retry later.
 */
export async function pushStored(ctx: {
  db: Db;
  bus?: EventBus | undefined;
  push?: Pusher | undefined;
  requestFlush?: (() => void) | undefined;
}): Promise<void> {
  if (ctx.push) await pushSoon(ctx as PushContext);
  else if (ctx.bus) await flushPushes({ db: ctx.db, push: busPusher(ctx.bus) });
}
