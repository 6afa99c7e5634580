import { z } from 'zod';
import { logger } from '../log.ts';
import { sendWebPushes } from '../notifications/web-push.ts';
import type { JobDefinition } from './types.ts';

const log = logger.child({ module: 'web-push' });

/**
 * Issue 31: sends the notifications marked for Web Push to the users' devices, in batches (notifications/web-push).
 * Each run is a job of the notifications queue, counted on the queue dashboard (/admin/queues) with the others; how
 * many pushes a run sent is its return value there (and logged).
 */
export const webPushJob: JobDefinition = {
  name: 'web-push',
  queue: 'notifications',
  everyMs: 5000,
  payload: z.strictObject({}),
  async handle(ctx) {
    const sent = await sendWebPushes(ctx.db, ctx.config);
    if (sent) log.info({ sent }, 'web pushes sent');
    return { sent };
  },
};
