import * as schema from '@majlis/core/db/schema/index';
import { AppError } from '@majlis/core/errors';
import { deliverOutbox } from '@majlis/core/jobs/deliver-outbox';
import { noPush } from '@majlis/core/jobs/types';
import { transportsFor } from '@majlis/core/providers/messaging/transport';
import { and, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Env } from '../env.ts';
import { socketAddress } from '../http/session.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const DAY_MS = 86_400_000;

// A test-only body (this route exists only under NODE_ENV=test on the embedded stack), not a product wire shape: kept here, not in contracts.
const ZAgeBody = z.strictObject({ email: z.email(), daysPastEnd: z.number().int().min(-60).max(60) });

/**
 * Test-only hooks for the end-to-end stack (e2e/stack.ts sets NODE_ENV=test): mounted by app.ts only when
 * NODE_ENV=test in the embedded default, so `npm start` (development or production) never has them, and they answer
 * this machine alone. The browser cannot wait a month: this moves an institution's month to have ended
 * `daysPastEnd` days ago (a negative number: still running), as the renewals job would have left it. Nor need it wait
 * for the outbox's 10 s timer: /deliver-outbox runs that job's delivery now (the same claim, the same SMTP transport).
 */
export const testHookRoutes = new Hono<Env>()
  .use(async (c, next) => {
    if (!LOOPBACK.has(socketAddress(c))) throw new AppError(404, 'NOT_FOUND');
    await next();
  })
  .post('/institution-month', async (c) => {
    const parsed = ZAgeBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw new AppError(400, 'VALIDATION_FAILED');
    const { email, daysPastEnd } = parsed.data;
    const { db } = c.get('runtime');
    const owned = db
      .select({ id: schema.accounts.id })
      .from(schema.accounts)
      .innerJoin(schema.users, eq(schema.users.id, schema.accounts.ownerUserId))
      .where(and(eq(schema.users.email, email.toLowerCase()), eq(schema.accounts.kind, 'inst')));
    const ends = new Date(Date.now() - daysPastEnd * DAY_MS);
    const moved = await db
      .update(schema.subscriptions)
      .set({
        renewsAt: ends,
        startsAt: new Date(+ends - 30 * DAY_MS),
        status: daysPastEnd > 0 ? 'expired' : 'active',
      })
      .where(and(inArray(schema.subscriptions.accountId, owned), eq(schema.subscriptions.period, 'enterprise')))
      .returning({ id: schema.subscriptions.id });
    if (!moved.length) throw new AppError(404, 'NOT_FOUND');
    return c.json({ ok: true, renewsAt: ends.toISOString() });
  })
  .post('/deliver-outbox', async (c) => {
    const { db, config } = c.get('runtime');
    const result = await deliverOutbox({
      db,
      config,
      push: noPush,
      transports: transportsFor(config),
      now: () => new Date(),
    });
    return c.json(result);
  });
