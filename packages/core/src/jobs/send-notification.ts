import { z } from 'zod';
import { pushSoon, storeJobNotification } from './notify.ts';
import type { JobDefinition } from './types.ts';

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

export const sendNotificationJob: JobDefinition<TSendNotification> = {
  name: 'send-notification',
  queue: 'notifications',
  payload: ZSendNotification,
  async handle(ctx, data) {
    await ctx.db.transaction((tx) => storeJobNotification(tx, data));
    await pushSoon(ctx);
  },
};
