import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { releaseCoupon } from '../billing/coupons.ts';
import { queryRows } from '../db/connect.ts';
import type { JobContext, JobDefinition } from './types.ts';

/** An order not paid within this long is abandoned as far as its coupon goes: the use goes back to the account. */
export const COUPON_HOLD_HOURS = 24;

/**
 * A coupon is reserved when checkout prices the order (one use per account, counted against the coupon's limit), so
 * two tabs cannot both spend it; an order never paid (closed at the provider's page, or failed and left) would hold
 * that use for good. Hourly, orders still pending or failed after COUPON_HOLD_HOURS give theirs back, each in its
 * own transaction. A late payment of such an order is still honoured by the ledger (the price was fixed at checkout).
 * Answers how many were released.
 */
export async function releaseAbandonedCoupons(ctx: Pick<JobContext, 'db' | 'now'>): Promise<number> {
  const before = new Date(ctx.now().getTime() - COUPON_HOLD_HOURS * 3600_000);
  const held = await queryRows<{ order_id: string }>(
    ctx.db,
    sql`select r.order_id from coupon_redemptions r join orders o on o.id = r.order_id
        where o.status in ('pending', 'failed') and o.created_at < ${before}
        limit 500`,
  );
  for (const { order_id } of held) await ctx.db.transaction((tx) => releaseCoupon(tx, order_id));
  return held.length;
}

export const couponReleaseJob: JobDefinition = {
  name: 'coupon-release',
  queue: 'maintenance',
  everyMs: 60 * 60 * 1000,
  payload: z.strictObject({}),
  async handle(ctx) {
    await releaseAbandonedCoupons(ctx);
  },
};
