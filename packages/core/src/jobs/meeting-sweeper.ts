import { z } from 'zod';
import { expireDueMeetings } from '../meetings/meeting-status.ts';
import type { JobDefinition } from './types.ts';

/** Scheduled meetings whose last occurrence has ended become expired (the meetingStatus chart decides). */
export const meetingSweeperJob: JobDefinition = {
  name: 'meeting-sweeper',
  queue: 'maintenance',
  everyMs: 60 * 1000,
  payload: z.strictObject({}),
  async handle(ctx) {
    await expireDueMeetings(ctx.db, {}, ctx.now());
  },
};
