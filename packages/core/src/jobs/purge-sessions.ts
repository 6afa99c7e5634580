import { z } from 'zod';
import { purgeExpiredSessions } from '../auth/sessions.ts';
import type { JobDefinition } from './types.ts';

/** Deletes sessions past their absolute lifetime (idle ones are refused on read and deleted then). */
export const purgeSessionsJob: JobDefinition = {
  name: 'purge-sessions',
  queue: 'maintenance',
  everyMs: 15 * 60 * 1000,
  payload: z.strictObject({}),
  async handle(ctx) {
    await purgeExpiredSessions(ctx.db);
  },
};
