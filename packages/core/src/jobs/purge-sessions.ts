import { z } from 'zod';
import { purgeExpiredSessions } from '../auth/sessions.ts';
import type { Db } from '../db/connect.ts';

/** Deletes sessions past their absolute lifetime (idle ones are refused on read and deleted then). */
export const purgeSessionsJob = {
  name: 'purge-sessions',
  queue: 'maintenance',
  everyMs: 15 * 60 * 1000,
  payload: z.object({}).strict(),
  async handle(ctx: { db: Db }): Promise<void> {
    await purgeExpiredSessions(ctx.db);
  },
};
