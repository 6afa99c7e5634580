import {
  type CalendarEvent,
  MEETING_PASSCODE,
  type MeetingPage,
  type MeetingTab,
  type MeetingView,
  type OccurrenceView,
  pickFlags,
  type MeetingAction as WireAction,
  type MeetingStatus as WireStatus,
} from '@majlis/contracts/meetings';
import { toAsciiDigits } from '@majlis/i18n';
import { allowedMeetingActions, type MeetingAction, type MeetingStatus } from '@majlis/machines';
import { and, asc, count, desc, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { Config } from '../config.ts';
import { meetingAssistants, meetingOccurrences, meetings, rooms, users } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { roomNameSql } from '../wording/room-name.ts';
import { type Ctx, findMeeting, type MeetingRow, visibleTo } from './meeting-access.ts';
import { expireDueMeetings } from './meeting-status.ts';
import { isValidDay, localParts, todayIn, zonedToUtc } from './time.ts';

/** The reads of the meetings page and the calendar; each first expires what is due, so no list shows a stale status. */

// The contract spells the chart's statuses and buttons again (it imports nothing of ours): a value added on one side
// only stops the build here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameStatuses: Same<MeetingStatus, WireStatus> = true;
const _sameActions: Same<MeetingAction, WireAction> = true;

/** The invitation link: the join page of the number, carrying the passcode when the meeting has one. */
export function joinLink(config: Config, number: string, passcode?: string | null) {
  return `${config.publicUrl}${joinPath(number, passcode)}`;
}

/** The same link without the origin (notifications open it inside the app). */
export function joinPath(number: string, passcode?: string | null) {
  return `/join/${number}${passcode ? `?${MEETING_PASSCODE.param}=${passcode}` : ''}`;
}

export const occurrenceView = (o: typeof meetingOccurrences.$inferSelect): OccurrenceView => ({
  id: o.id,
  startsAt: o.startsAt.toISOString(),
  endsAt: o.endsAt.toISOString(),
  cancelled: o.cancelled,
  edited: o.edited,
});

export async function viewMeetings(ctx: Ctx, actor: Actor, rows: MeetingRow[]): Promise<MeetingView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const roomRows = await ctx.db
    .select({ id: rooms.id, name: roomNameSql(actor.locale, rooms.name, rooms.nameKey), type: rooms.type })
    .from(rooms)
    .where(inArray(rooms.id, [...new Set(rows.map((r) => r.roomId))]));
  const assistants = await ctx.db
    .select({
      meetingId: meetingAssistants.meetingId,
      id: users.id,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
    })
    .from(meetingAssistants)
    .innerJoin(users, eq(users.id, meetingAssistants.userId))
    .where(inArray(meetingAssistants.meetingId, ids));
  const owners = await ctx.db
    .select({ id: users.id, fname: users.fname, lname: users.lname })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((r) => r.ownerUserId))]));
  const now = new Date();
  const nexts = await ctx.db
    .selectDistinctOn([meetingOccurrences.meetingId])
    .from(meetingOccurrences)
    .where(
      and(
        inArray(meetingOccurrences.meetingId, ids),
        eq(meetingOccurrences.cancelled, false),
        gt(meetingOccurrences.endsAt, now),
      ),
    )
    .orderBy(meetingOccurrences.meetingId, asc(meetingOccurrences.startsAt));
  // the real days of each series (cancelled ones left out), so the card, the e-mail and the .ics count the same
  const spans = await ctx.db
    .select({
      meetingId: meetingOccurrences.meetingId,
      n: count(),
      last: sql<Date | string>`max(${meetingOccurrences.startsAt})`,
    })
    .from(meetingOccurrences)
    .where(and(inArray(meetingOccurrences.meetingId, ids), eq(meetingOccurrences.cancelled, false)))
    .groupBy(meetingOccurrences.meetingId);
  return rows.map((m) => {
    const span = spans.find((x) => x.meetingId === m.id);
    const mine = assistants.filter((a) => a.meetingId === m.id).map(({ meetingId: _, ...a }) => a);
    const isOwner = m.ownerUserId === actor.userId;
    const isAsst = mine.some((a) => a.id === actor.userId);
    const next = nexts.find((o) => o.meetingId === m.id);
    const room = roomRows.find((r) => r.id === m.roomId) ?? { id: m.roomId, name: '', type: 'jitsi' as const };
    const owner = owners.find((o) => o.id === m.ownerUserId) ?? { id: m.ownerUserId, fname: '', lname: '' };
    return {
      id: m.id,
      number: m.number,
      name: m.name,
      description: m.description,
      type: m.kind,
      room,
      owner,
      day: m.day,
      hour: m.hour,
      timeZone: m.timeZone,
      startsAt: m.startsAt?.toISOString() ?? null,
      durationHours: Math.floor(m.durationMinutes / 60),
      durationMinutes: m.durationMinutes % 60,
      recurrenceDays: m.recurrenceDays,
      repeatDays: m.repeatDays,
      repeatUntil: m.repeatUntil,
      occurrenceCount: m.kind === 'scheduled' ? (span?.n ?? 0) : 0,
      lastStartsAt: m.kind === 'scheduled' && span?.last ? new Date(span.last).toISOString() : null,
      assistants: mine,
      ...pickFlags(m),
      status: m.status,
      active: m.active,
      joinUrl: joinLink(ctx.config, m.number, m.passcode),
      passcode: m.passcode,
      nextOccurrence: next ? occurrenceView(next) : null,
      isOwner,
      isAssistant: isAsst,
      actions: allowedMeetingActions(m.status, m.active),
      createdAt: m.createdAt.toISOString(),
    };
  });
}

export async function getMeetingView(ctx: Ctx, actor: Actor, id: string): Promise<MeetingView> {
  await expireDueMeetings(ctx.db, { meetingId: id });
  const m = await findMeeting(ctx.db, actor, id);
  return (await viewMeetings(ctx, actor, [m]))[0] as MeetingView;
}

export async function listMeetings(
  ctx: Ctx,
  actor: Actor,
  q: { tab: MeetingTab; page: number; pageSize: number; search?: string },
): Promise<MeetingPage> {
  await expireDueMeetings(ctx.db, { accountId: actor.accountId });
  const tabWhere: Record<MeetingTab, SQL | undefined> = {
    upcoming: eq(meetings.status, 'available'),
    running: eq(meetings.status, 'running'),
    finished: inArray(meetings.status, ['finished', 'expired']),
    favourites: and(eq(meetings.favourite, true), sql`${meetings.status} <> 'deleted'`),
  };
  const term = q.search?.trim();
  const where = and(
    eq(meetings.accountId, actor.accountId),
    sql`${meetings.status} <> 'deleted'`,
    tabWhere[q.tab],
    visibleTo(actor),
    term
      ? or(
          sql`${meetings.name} ilike ${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
          /\d/.test(toAsciiDigits(term))
            ? sql`${meetings.number} like ${`%${toAsciiDigits(term).replace(/\D/g, '')}%`}`
            : undefined,
        )
      : undefined,
  );
  const [total] = await ctx.db.select({ n: count() }).from(meetings).where(where);
  const nextStart = sql`(select min(${meetingOccurrences.startsAt}) from ${meetingOccurrences}
    where ${meetingOccurrences.meetingId} = ${meetings.id} and not ${meetingOccurrences.cancelled}
    and ${meetingOccurrences.endsAt} > now())`;
  const order =
    q.tab === 'upcoming'
      ? [sql`${nextStart} asc nulls first`, desc(meetings.createdAt)]
      : q.tab === 'finished'
        ? [desc(sql`coalesce(${meetings.endedAt}, ${meetings.startsAt}, ${meetings.createdAt})`)]
        : [desc(meetings.updatedAt)];
  const rows = await ctx.db
    .select()
    .from(meetings)
    .where(where)
    .orderBy(...order, asc(meetings.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { results: await viewMeetings(ctx, actor, rows), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** Occurrences overlapping [from, to] (days in the user's time zone, `to` inclusive), for the calendar. */
export async function calendarFeed(ctx: Ctx, actor: Actor, from: string, to: string): Promise<CalendarEvent[]> {
  if (!isValidDay(from) || !isValidDay(to) || to < from) {
    throw new AppError(400, 'VALIDATION_FAILED', { from: 'field.day', to: 'field.day' });
  }
  const start = zonedToUtc(from, '00:00', actor.timeZone);
  const end = new Date(+zonedToUtc(to, '00:00', actor.timeZone) + 24 * 3600_000);
  if (+end - +start > 100 * 24 * 3600_000) throw new AppError(400, 'CALENDAR_RANGE');
  await expireDueMeetings(ctx.db, { accountId: actor.accountId });
  const rows = await ctx.db
    .select({ o: meetingOccurrences, m: meetings, roomType: rooms.type })
    .from(meetingOccurrences)
    .innerJoin(meetings, eq(meetings.id, meetingOccurrences.meetingId))
    .innerJoin(rooms, eq(rooms.id, meetings.roomId))
    .where(
      and(
        eq(meetings.accountId, actor.accountId),
        sql`${meetings.status} <> 'deleted'`,
        eq(meetingOccurrences.cancelled, false),
        lt(meetingOccurrences.startsAt, end),
        gt(meetingOccurrences.endsAt, start),
        visibleTo(actor),
      ),
    )
    .orderBy(asc(meetingOccurrences.startsAt));
  const today = todayIn(actor.timeZone);
  return rows.map(({ o, m, roomType }) => ({
    id: o.id,
    meetingId: m.id,
    number: m.number,
    title: m.name,
    start: o.startsAt.toISOString(),
    end: o.endsAt.toISOString(),
    status: m.status,
    roomType,
    recurring: m.recurrenceDays.length > 0,
    edited: o.edited,
    editable:
      allowedMeetingActions(m.status, m.active).includes('edit') && localParts(o.startsAt, actor.timeZone).day >= today,
  }));
}
