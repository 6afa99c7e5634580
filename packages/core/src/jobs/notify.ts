import { decideLanguage } from '@majlis/machines';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect.ts';
import { notifications, users } from '../db/schema/index.ts';
import type { EventBus } from '../events/bus.ts';
import {
  createNotification,
  type NewNotification,
  NOTIFICATION_TOPIC,
  type NotificationEvent,
} from '../notifications/notifications.ts';
import type { JobContext, Pusher } from './types.ts';

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
 * Pushes every notification still marked pending, then clears the mark, row-locked so two workers never push the
 * same one. A worker killed half-way leaves the marks: the next run pushes again, and clients drop a repeat by id.
 */
export async function flushPushes(ctx: JobContext, batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const pushed = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select({ n: notifications, locale: users.locale })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(eq(notifications.pushPending, true))
        .orderBy(asc(notifications.id))
        .limit(batch)
        .for('update', { of: notifications, skipLocked: true });
      for (const { n, locale } of rows) await ctx.push.notify(n, decideLanguage({ profile: locale }));
      if (rows.length) {
        await tx
          .update(notifications)
          .set({ pushPending: false })
          .where(
            inArray(
              notifications.id,
              rows.map((r) => r.n.id),
            ),
          );
      }
      return rows.length;
    });
    total += pushed;
    if (pushed < batch) return total;
  }
}

/** Embedded default: jobs hand notifications to the in-process bus; the BFF's socket server renders and pushes them. */
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
 * One flush at a time per process, re-run while requests keep coming: a thousand jobs finishing together cost a few
 * flushes, not a thousand. `everyMs` also flushes what a crashed worker left marked.
 */
export function createFlusher(ctx: JobContext, onError: (err: unknown) => void, everyMs = 2000) {
  let running = false;
  let again = false;
  const run = async () => {
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
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return {
    request: () => void run(),
    stop: () => clearInterval(timer),
  };
}

/** Pushes now, or leaves it to the process's flusher when there is one. */
export async function pushSoon(ctx: JobContext): Promise<void> {
  if (ctx.requestFlush) ctx.requestFlush();
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
  if (ctx.push) await pushSoon(ctx as JobContext);
  else if (ctx.bus) await flushPushes({ db: ctx.db, push: busPusher(ctx.bus) } as JobContext);
}
