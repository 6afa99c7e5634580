import { describeWeekdays } from '@majlis/contracts/meeting-schedule';
import { formatDateTime, LOCALE_INFO, type Locale, withHijri } from '@majlis/i18n';
import { t } from '@majlis/i18n/server';
import { decideLanguage } from '@majlis/machines';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { invitations, meetingOccurrences, users } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { EventBus } from '../events/bus.ts';
import { accountToTell, actorName, notifyUsers } from '../notifications/notify-users.ts';
import { enqueueMessage } from '../outbox/enqueue.ts';
import { joinLink, joinPath } from './find-meetings.ts';
import { meetingIcs } from './ics.ts';
import { type Ctx, findMeeting, type MeetingRow } from './meeting-access.ts';

/**
 * Spec §4: a series is told as its weekdays, its real number of days (cancelled ones left out) and its last day; the
 * first day's Hijri date beside it for a reader who asked for it in their profile (issue 26).
 */
async function whenText(ctx: Ctx, m: MeetingRow, locale: Locale, timeZone: string, hijri = false): Promise<string> {
  if (m.kind === 'permanent' || !m.startsAt) return t(locale, 'meeting.permanent');
  const first = formatDateTime(locale, m.startsAt, timeZone, { dateStyle: 'full', timeStyle: 'short' });
  const when = withHijri(locale, first, m.startsAt, timeZone, hijri);
  if (!m.recurrenceDays.length) return when;
  const [span] = await ctx.db
    .select({ n: count(), last: sql<Date | string>`max(${meetingOccurrences.startsAt})` })
    .from(meetingOccurrences)
    .where(and(eq(meetingOccurrences.meetingId, m.id), eq(meetingOccurrences.cancelled, false)));
  const intl = LOCALE_INFO[locale].intl;
  const dayName = new Intl.DateTimeFormat(intl, { weekday: 'long', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday
  const names = Array.from({ length: 7 }, (_, d) => dayName.format(new Date(Date.UTC(2023, 0, 1 + d))));
  const days = describeWeekdays(m.recurrenceDays, names, {
    order: locale === 'ar' ? [6, 0, 1, 2, 3, 4, 5] : [1, 2, 3, 4, 5, 6, 0],
    range: locale === 'ar' ? ' إلى ' : '–',
    list: locale === 'ar' ? '، ' : ', ',
  });
  const last = span?.last ? new Date(span.last) : m.startsAt;
  const until = formatDateTime(locale, last, timeZone, { dateStyle: 'long', timeStyle: undefined });
  return `${when} — ${t(locale, 'meeting.recurring', { count: span?.n ?? 0, days, until })}`;
}

/**
 * Invitations by e-mail through the outbox, in the invitee's language (a known user's own, else the inviter's),
 * each with the join link and an .ics file (METHOD:REQUEST, RRULE for recurring meetings).
 */
export async function inviteToMeeting(
  ctx: Ctx & { bus?: EventBus },
  actor: Actor,
  id: string,
  emails: string[],
): Promise<{ sent: number }> {
  const m = await findMeeting(ctx.db, actor, id);
  if (m.status === 'deleted' || m.status === 'expired' || m.status === 'finished') {
    throw new AppError(409, `MEETING_${m.status.toUpperCase()}`);
  }
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  const known = await ctx.db
    .select({ id: users.id, email: users.email, locale: users.locale, timeZone: users.timeZone, hijri: users.hijri })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, wanted));
  const inviter = `${actor.fname} ${actor.lname}`.trim();
  let sent = 0;
  for (const email of wanted) {
    const user = known.find((u) => u.email.toLowerCase() === email);
    // Somebody without an account is written to in the inviter's language.
    const locale = decideLanguage({ profile: user?.locale ?? actor.locale });
    const timeZone = user?.timeZone ?? actor.timeZone;
    const ics = await meetingIcs(ctx.db, ctx.config, m, {
      method: 'REQUEST',
      organizer: { name: inviter, email: actor.email },
      attendee: email,
    });
    // read before the transaction: on one connection (PGlite) a read beside an open transaction would wait for it
    const when = await whenText(ctx, m, locale, timeZone, user?.hijri ?? false);
    await ctx.db.transaction(async (tx) => {
      const outboxId = await enqueueMessage(tx, {
        channel: 'email',
        to: email,
        locale,
        template: 'meetingInvite',
        values: {
          inviter,
          name: m.name,
          number: m.number,
          link: joinLink(ctx.config, m.number, m.passcode),
          when,
          description: m.description || '—',
        },
        attachments: [
          { filename: 'invite.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: ics },
        ],
      });
      await tx
        .insert(invitations)
        .values({ meetingId: m.id, email, userId: user?.id ?? null, locale, invitedBy: actor.userId, outboxId });
    });
    sent++;
    // A platform user also finds it in their notifications, in the account where they see it (this one when they
    // are a member here, else their own). Inviting again while it is unread updates that one.
    const accountId = user && user.id !== actor.userId ? await accountToTell(ctx.db, user.id, actor.accountId) : null;
    if (user && accountId) {
      await notifyUsers(ctx, actor.userId, accountId, [user.id], {
        type: 'notif',
        titleId: 'notif.meeting.invited.title',
        messageId: 'notif.meeting.invited.message',
        values: { actor: actorName(actor), name: m.name, number: m.number, link: joinPath(m.number, m.passcode) },
        collapseKey: `invite:${m.id}`,
        eventMeta: { meetingId: m.id, link: joinPath(m.number, m.passcode) },
      });
    }
  }
  return { sent };
}

export async function listInvitations(ctx: Ctx, actor: Actor, id: string) {
  const m = await findMeeting(ctx.db, actor, id);
  const rows = await ctx.db.select().from(invitations).where(eq(invitations.meetingId, m.id));
  return rows.map((r) => ({ id: r.id, email: r.email, locale: r.locale, createdAt: r.createdAt.toISOString() }));
}
