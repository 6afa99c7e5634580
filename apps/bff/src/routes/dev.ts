import { schema } from '@majlis/core';
import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Env } from '../env.ts';

/** The embedded default's outbox: e-mail and SMS that would have been sent, newest first. */
export const devRoutes = new Hono<Env>().get('/outbox', async (c) => {
  const rows = await c.get('runtime').db.select().from(schema.outbox).orderBy(desc(schema.outbox.id)).limit(200);
  return c.json(rows);
});
