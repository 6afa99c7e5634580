import { INSTITUTION_GRACE_DAYS } from '@majlis/contracts/institution-month';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/connect.ts';
import { flushPushes, storeJobNotification } from '../notifications/push-notifications.ts';
import type { JobContext } from './types.ts';

const DAY_MS = 86_400_000;
/** A month that lapsed longer ago than this was told already (or never will be: nothing repeats a lapse). */
const TELL_WITHIN_DAYS = 30;

/**
 * The institution's month (billing/institution-month.ts) lapsed: its grace past the end is over and no renewal was
 * paid, so its administration is now read-only. The owner is told once per ended month (danger, with renew-now),
 * as runRenewals told them of the end. Runs with the renewals job.
 */
export async function runInstitutionLapses(ctx: JobContext): Promise<number> {
  const now = ctx.now();
  const lapsedBefore = new Date(+now - INSTITUTION_GRACE_DAYS * DAY_MS);
  const rows = await queryRows<{ id: string; account_id: string; owner_user_id: string; renews_at: Date | string }>(
    ctx.db,
    sql`select s.id, s.account_id, a.owner_user_id, s.renews_at
        from subscriptions s join accounts a on a.id = s.account_id
        where s.period = 'enterprise' and a.kind = 'inst'
          and s.renews_at <= ${lapsedBefore}
          and s.renews_at > ${new Date(+lapsedBefore - TELL_WITHIN_DAYS * DAY_MS)}`,
  );
  let told = 0;
  for (const s of rows) {
    const created = await ctx.db.transaction((tx) =>
      storeJobNotification(tx, {
        accountId: s.account_id,
        userId: s.owner_user_id,
        type: 'danger',
        titleId: 'notif.institution.lapsed.title',
        messageId: 'notif.institution.lapsed.message',
        values: {},
        dedupeKey: `institution-lapsed:${s.id}:${new Date(s.renews_at).toISOString()}`,
        eventMeta: { subscriptionId: s.id, renewNow: true },
      }),
    );
    if (created) told++;
  }
  await flushPushes(ctx);
  return told;
}
