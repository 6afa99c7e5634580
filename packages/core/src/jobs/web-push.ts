import { z } from 'zod';
import { sendWebPushes } from '../notifications/web-push.ts';
import type { JobDefinition } from './types.ts';

/** Issue 31: sends the notifications marked for Web Push to the users' devices, in batches (notifications/web-push). */
export const webPushJob: JobDefinition = {
  name: 'web-push',
  queue: 'notifications',
  everyMs: 5000,
  payload: z.strictObject({}),
  async handle(ctx) {
    await sendWebPushes(ctx.db, ctx.config);
  },
};
