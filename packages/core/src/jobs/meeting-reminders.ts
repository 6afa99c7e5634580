import { formatDateTime, type Locale, withHijri } from '@majlis/i18n';
import { decideLanguage } from '@majlis/machines';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defaultAccountOf } from '../auth/actor.ts';
import { queryRows } from '../db/connect.ts';
import { flushPushes, storeJobNotification } from '../notifications/push-notifications.ts';
import { enqueueMessage } from '../outbox/enqueue.ts';
import type { JobContext, JobDefinition } from './types.ts';

export const REMINDER_MINUTES = 15;

interface Person {
  user_id: string | null;
  email: string;
  locale: 'ar' | 'en';
  member: boolean;
  hijri: boolean;
}

/**
 * The start as a reminder e-mail says it: the time on the meeting's clock, its zone named; for a reader who asked for
 * Hijri dates, the day too with its Umm al-Qura date beside it, as the invitation e-mail writes it (whenText).
 */
export function reminderWhen(locale: Locale, startsAt: Date, timeZone: string, hijri: boolean): string {
  if (!hijri) return formatDateTime(locale, startsAt, timeZone, { dateStyle: undefined, timeStyle: 'short' });
  const day = formatDateTime(locale, startsAt, timeZone, { dateStyle: 'full', timeStyle: 'short' });
  return withHijri(locale, day, startsAt, timeZone, true);
}

interface Upcoming {
  occurrence_id: string;
  starts_at: Date | string;
  meeting_id: string;
  account_id: string;
  name: string;
  number: string;
  owner_user_id: string;
  time_zone: string;
}

/**
 * 15 minutes before an occurrence: a notification to the owner, the assistants and invitees who have an account,
 * an e-mail to invitees who do not, with the start time on the meeting's clock, its zone named. Once per occurrence and
 * person (dedupe keys). None for a suspended or banned account's meetings: their join refuses everyone.
 */
export async function runMeetingReminders(ctx: JobContext): Promise<number> {
  const now = ctx.now();
  const upcoming = await queryRows<Upcoming>(
    ctx.db,
    sql`select o.id as occurrence_id, o.starts_at, m.id as meeting_id, m.account_id, m.name, m.number, m.owner_user_id,
               m.time_zone
        from meeting_occurrences o join meetings m on m.id = o.meeting_id
        where not o.cancelled and m.deleted_at is null and m.status in ('available', 'running')
          and exists (select 1 from accounts a where a.id = m.account_id and a.status = 'active')
          and o.starts_at > ${now} and o.starts_at <= ${new Date(now.getTime() + REMINDER_MINUTES * 60_000)}`,
  );
  let n = 0;
  for (const o of upcoming) {
    // hijri: the recipient's profile asks for the Hijri date (issue 26); an invitee e-mailed is looked up by address
    const people = await queryRows<Person>(
      ctx.db,
      sql`select u.id as user_id, u.email, u.locale, true as member, u.hijri from users u where u.id = ${o.owner_user_id}
          union select u.id, u.email, u.locale, true, u.hijri from meeting_assistants a join users u on u.id = a.user_id where a.meeting_id = ${o.meeting_id}
          union select i.user_id, i.email, i.locale,
                 exists (select 1 from memberships ms where ms.user_id = i.user_id and ms.account_id = ${o.account_id} and ms.active),
                 coalesce((select u.hijri from users u where u.id = i.user_id or lower(u.email) = lower(i.email)
                           order by u.id = i.user_id desc limit 1), false)
          from invitations i where i.meeting_id = ${o.meeting_id}`,
    );
    const seen = new Set<string>();
    const startsAt = new Date(o.starts_at);
    const link = `${ctx.config.publicUrl}/join/${o.number}`;
    for (const p of people) {
      const key = p.user_id ?? p.email.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const dedupeKey = `reminder:${o.occurrence_id}:${key}`;
      if (!p.user_id) {
        // Nobody's profile: the language the invitation was written in.
        const locale = decideLanguage({ profile: p.locale });
        const id = await enqueueMessage(ctx.db, {
          channel: 'email',
          to: p.email,
          locale,
          template: 'reminder',
          values: {
            name: o.name,
            minutes: REMINDER_MINUTES,
            link,
            number: o.number,
            when: reminderWhen(locale, startsAt, o.time_zone, p.hijri),
          },
          dedupeKey,
        });
        if (id) n++;
        continue;
      }
      const accountId = p.member ? o.account_id : await defaultAccountOf(ctx.db, p.user_id);
      if (!accountId) continue;
      const userId = p.user_id;
      const created = await ctx.db.transaction((tx) =>
        storeJobNotification(tx, {
          accountId,
          userId,
          type: 'notif',
          titleId: 'notif.meeting.reminder.title',
          messageId: 'notif.meeting.reminder.message',
          values: { name: o.name, minutes: REMINDER_MINUTES, number: o.number, link },
          dedupeKey,
          eventMeta: { meetingId: o.meeting_id, occurrenceId: o.occurrence_id, startsAt: startsAt.toISOString() },
        }),
      );
      if (created) n++;
    }
  }
  await flushPushes(ctx);
  return n;
}

export const meetingRemindersJob: JobDefinition = {
  name: 'meeting-reminders',
  queue: 'notifications',
  everyMs: 60 * 1000,
  payload: z.strictObject({}),
  async handle(ctx) {
    await runMeetingReminders(ctx);
  },
};
