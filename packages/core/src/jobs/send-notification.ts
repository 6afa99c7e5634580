import { z } from 'zod';
import type { Db } from '../db/connect.ts';
import { notifications } from '../db/schema/index.ts';
import { notificationRow } from '../notifications/notifications.ts';
import { pushSoon } from '../notifications/push-notifications.ts';
import type { JobContext, JobDefinition } from './types.ts';

/** One notification to one user, made later (delayed jobs) or off the request path. Payload: ids and catalog ids. */
export const ZSendNotification = z.strictObject({
  accountId: z.uuid(),
  userId: z.uuid(),
  type: z.enum(['notif', 'danger', 'success', 'warning']),
  titleId: z.string().min(1).max(200),
  messageId: z.string().min(1).max(200),
  values: z.record(z.string(), z.union([z.string().max(500), z.number()])).default({}),
  dedupeKey: z.string().min(1).max(300),
});
export type TSendNotification = z.infer<typeof ZSendNotification>;

/**
 * Stores the notifications of many jobs in one statement (one transaction, one fsync), marked for pushing; a dedupe
 * key already stored (a retried or repeated job) is left as it is and not pushed again. Answers the new rows' ids.
 * Payloads carry no collapse key, so no two rows of one insert can update the same row (a multi-row insert with
 * ON CONFLICT DO UPDATE cannot): collapsing notifications are made one at a time, by createNotification.
 */
export async function storeNotifications(db: Db, items: TSendNotification[]): Promise<number[]> {
  const rows = await db
    .insert(notifications)
    .values(items.map((item) => ({ ...notificationRow(item), pushPending: true })))
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}

/**
 * Many jobs' notifications stored together, then pushed by id. A row that fails (a user deleted since the job was
 * queued) fails the statement, and with it the others; they are then stored one by one, so only that job fails and is
 * retried by its queue.
 */
async function storeAndPush(ctx: JobContext, items: TSendNotification[]): Promise<PromiseSettledResult<void>[]> {
  let ids: number[] = [];
  let results: PromiseSettledResult<void>[];
  try {
    ids = await storeNotifications(ctx.db, items);
    results = items.map(() => ({ status: 'fulfilled', value: undefined }));
  } catch (batchErr) {
    if (items.length === 1) throw batchErr;
    results = await Promise.all(
      items.map((item) =>
        storeNotifications(ctx.db, [item]).then(
          (stored) => {
            ids.push(...stored);
            return { status: 'fulfilled', value: undefined } as const;
          },
          (reason: unknown) => ({ status: 'rejected', reason }) as const,
        ),
      ),
    );
  }
  if (ids.length) await pushSoon(ctx, ids);
  return results;
}

export const sendNotificationJob: JobDefinition<TSendNotification> = {
  name: 'send-notification',
  queue: 'notifications',
  payload: ZSendNotification,
  async handle(ctx, data) {
    await storeAndPush(ctx, [data]);
  },
  handleBatch: storeAndPush,
};
