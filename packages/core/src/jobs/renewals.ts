import { decideSubscription, type SubscriptionStatus } from '@majlis/machines';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../db/connect.ts';
import { flushPushes, storeJobNotification } from '../notifications/push-notifications.ts';
import { roomValues } from '../wording/room-name.ts';
import { runInstitutionLapses } from './institution-lapse.ts';
import type { JobContext, JobDefinition } from './types.ts';

/** Days before renewal on which the owner is reminded (danger, with renew-now in the client). */
export const RENEWAL_REMINDER_DAYS = [7, 3, 1, 0] as const;
const DAY_MS = 24 * 3600 * 1000;
/** The institution's month: reminded and expired as a room is, in words about the institution. */
const INST = {
  renewalTitle: 'notif.institution.renewal.title',
  renewal: 'notif.institution.renewal.message',
  renewalToday: 'notif.institution.renewal.today',
  expiredTitle: 'notif.institution.expired.title',
  expired: 'notif.institution.expired.message',
} as const;

interface Due {
  id: string;
  account_id: string;
  owner_user_id: string;
  period: 'trial' | 'daily' | 'monthly' | 'annual' | 'enterprise';
  status: string;
  renews_at: Date | string;
  room_name: string | null;
  room_name_key: string | null;
}

/**
 * Subscription reminders 7, 3, 1 and 0 days before renewal, and expiry once the date has passed
 * (subscription statechart: active → expiring → expired). Each notification's dedupe key names the subscription,
 * its renewal date and the day, so a scheduler firing twice changes nothing twice.
 */
export async function runRenewals(ctx: JobContext): Promise<{ reminded: number; expired: number }> {
  const now = ctx.now();
  const subs = await queryRows<Due>(
    ctx.db,
    sql`select s.id, s.account_id, a.owner_user_id, s.period, s.status, s.renews_at, r.name as room_name,
               r.name_key as room_name_key
        from subscriptions s join accounts a on a.id = s.account_id left join rooms r on r.id = s.room_id
        where s.status in ('trial', 'active', 'expiring', 'renewed')
          and s.renews_at < ${new Date(now.getTime() + 8 * DAY_MS)}
          -- a daily plan runs on its days (spec §9: unused days never expire), not on a date
          and not (s.period = 'daily' and (s.days_left > 0 or s.day_ends_at > ${now}))`,
  );
  let reminded = 0;
  let expired = 0;
  for (const s of subs) {
    const renewsAt = new Date(s.renews_at);
    const msLeft = renewsAt.getTime() - now.getTime();
    const trial = s.period === 'trial';
    // the institution's own month (billing/institution-month.ts) has no room: its own words
    const inst = s.period === 'enterprise';
    const room = roomValues({ name: s.room_name ?? '', nameKey: s.room_name_key });
    await ctx.db.transaction(async (tx) => {
      if (msLeft <= 0) {
        if (!decideSubscription(s.status as SubscriptionStatus, { type: 'time.ended' }).ok) return;
        const done = await queryRows(
          tx,
          sql`update subscriptions set status = 'expired' where id = ${s.id} and status <> 'expired' returning id`,
        );
        if (!done.length) return;
        expired++;
        await storeJobNotification(tx, {
          accountId: s.account_id,
          userId: s.owner_user_id,
          type: 'danger',
          titleId: trial ? 'notif.trial.expired.title' : inst ? INST.expiredTitle : 'notif.subscription.expired.title',
          messageId: trial ? 'notif.trial.expired.message' : inst ? INST.expired : 'notif.subscription.expired.message',
          values: room,
          dedupeKey: `expired:${s.id}:${renewsAt.toISOString()}`,
          eventMeta: { subscriptionId: s.id, renewNow: true },
        });
        return;
      }
      const days = Math.floor(msLeft / DAY_MS);
      if (!(RENEWAL_REMINDER_DAYS as readonly number[]).includes(days)) return;
      if (s.status === 'active' || s.status === 'renewed') {
        await tx.execute(
          sql`update subscriptions set status = 'expiring' where id = ${s.id} and status in ('active', 'renewed')`,
        );
      }
      const created = await storeJobNotification(tx, {
        accountId: s.account_id,
        userId: s.owner_user_id,
        type: 'danger',
        titleId: trial ? 'notif.trial.ending.title' : inst ? INST.renewalTitle : 'notif.subscription.renewal.title',
        messageId: inst
          ? days === 0
            ? INST.renewalToday
            : INST.renewal
          : days === 0
            ? 'notif.subscription.renewal.today'
            : 'notif.subscription.renewal.message',
        values: { ...room, days },
        dedupeKey: `renewal:${s.id}:${renewsAt.toISOString()}:${days}`,
        eventMeta: { subscriptionId: s.id, renewNow: true },
      });
      if (created) reminded++;
    });
  }
  await flushPushes(ctx);
  return { reminded, expired };
}

/** The user's 7-day free trial (phone-verified) ending: told once. */
export async function runTrialExpiry(ctx: JobContext): Promise<number> {
  const ended = await queryRows<{ user_id: string; account_id: string | null; ends_at: Date | string }>(
    ctx.db,
    sql`select t.user_id, t.ends_at,
          (select a.id from accounts a where a.owner_user_id = t.user_id and a.kind = 'indv' limit 1) as account_id
        from trials t where t.ends_at is not null and t.ends_at <= ${ctx.now()}
          -- a trial given to a room ends with that room's subscription (runRenewals tells it)
          and t.room_id is null`,
  );
  let n = 0;
  for (const t of ended) {
    if (!t.account_id) continue;
    const accountId = t.account_id;
    const created = await ctx.db.transaction((tx) =>
      storeJobNotification(tx, {
        accountId,
        userId: t.user_id,
        type: 'danger',
        titleId: 'notif.trial.expired.title',
        messageId: 'notif.trial.expired.message',
        values: { room: '' },
        dedupeKey: `trial-expired:${t.user_id}:${new Date(t.ends_at).toISOString()}`,
        eventMeta: { renewNow: true },
      }),
    );
    if (created) n++;
  }
  await flushPushes(ctx);
  return n;
}

export const renewalsJob: JobDefinition = {
  name: 'subscription-renewals',
  queue: 'notifications',
  everyMs: 60 * 60 * 1000,
  atStart: true,
  payload: z.strictObject({}),
  async handle(ctx) {
    await runRenewals(ctx);
    await runTrialExpiry(ctx);
    await runInstitutionLapses(ctx);
  },
};
