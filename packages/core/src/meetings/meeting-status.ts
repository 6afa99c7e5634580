import { pickOptions } from '@majlis/contracts/meetings';
import { decideMeeting, type MeetingStatus, type MeetingStatusEvent } from '@majlis/machines';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { requireOpenAccount } from '../accounts/open-account.ts';
import { seatsInForce } from '../billing/periods.ts';
import { requireRoomTime, takeDayIfDue } from '../billing/subscriptions.ts';
import type { Db, Tx } from '../db/connect.ts';
import { meetingOccurrences, meetings, rooms } from '../db/schema/index.ts';
import { AppError, notFound } from '../errors.ts';
import { logger } from '../log.ts';
import { providerFor } from '../providers/conferencing/index.ts';
import { type ConferencingProvider, ProviderError, type ProviderMeeting } from '../providers/conferencing/port.ts';
import type { Ctx, MeetingRow, RoomRow } from './meeting-access.ts';
import { closeOpenAttendance } from './record-attendance.ts';

const log = logger.child({ module: 'meetings' });

/** A meeting's status moves only where the meetingStatus statechart says, with the provider effects it names. */

/** Refusals of the statechart, named after where the meeting stands. */
export function refused(status: MeetingStatus, active: boolean): AppError {
  if (status === 'deleted') return new AppError(409, 'MEETING_DELETED');
  if (status === 'expired') return new AppError(409, 'MEETING_EXPIRED');
  if (status === 'finished') return new AppError(409, 'MEETING_FINISHED');
  if (status === 'running') return new AppError(409, 'MEETING_RUNNING');
  if (!active) return new AppError(409, 'MEETING_INACTIVE');
  return new AppError(409, 'MEETING_TRANSITION');
}

/** A future (or current) occurrence exists after `now`: permanent meetings always have one. */
async function hasNext(db: Db | Tx, m: MeetingRow, now = new Date()): Promise<boolean> {
  if (m.kind === 'permanent') return true;
  const [row] = await db
    .select({ n: count() })
    .from(meetingOccurrences)
    .where(
      and(
        eq(meetingOccurrences.meetingId, m.id),
        eq(meetingOccurrences.cancelled, false),
        gt(meetingOccurrences.startsAt, now),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/**
 * The chart's `meeting.expire` for every available scheduled meeting whose last (not cancelled) day has ended.
 * Run before reads and by the sweeper job; idempotent.
 */
export async function expireDueMeetings(
  db: Db | Tx,
  filter: { accountId?: string; meetingId?: string } = {},
  now = new Date(),
) {
  if (!decideMeeting('available', true, { type: 'meeting.expire' }).ok) return 0;
  const rows = await db
    .update(meetings)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(meetings.status, 'available'),
        eq(meetings.kind, 'scheduled'),
        filter.accountId ? eq(meetings.accountId, filter.accountId) : undefined,
        filter.meetingId ? eq(meetings.id, filter.meetingId) : undefined,
        sql`coalesce((select max(${meetingOccurrences.endsAt}) from ${meetingOccurrences}
             where ${meetingOccurrences.meetingId} = ${meetings.id} and not ${meetingOccurrences.cancelled}), '-infinity') < ${now.toISOString()}`,
      ),
    )
    .returning({ id: meetings.id });
  return rows.length;
}

export interface Transition {
  status: MeetingStatus;
  active: boolean;
  effects: string[];
}

/** Asks the statechart; a refusal becomes the matching bilingual 409. */
export function decide(m: Pick<MeetingRow, 'status' | 'active'>, event: MeetingStatusEvent): Transition {
  const d = decideMeeting(m.status, m.active, event);
  if (!d.ok) throw refused(m.status, m.active);
  return d;
}

export async function providerMeetingOf(db: Db | Tx, m: MeetingRow, room?: RoomRow): Promise<ProviderMeeting> {
  const r = room ?? (await db.select().from(rooms).where(eq(rooms.id, m.roomId)))[0];
  if (!r) throw notFound();
  return {
    id: m.id,
    accountId: m.accountId,
    roomId: m.roomId,
    number: m.number,
    name: m.name,
    description: m.description,
    kind: m.kind,
    startsAt: m.startsAt,
    durationMinutes: m.durationMinutes,
    timeZone: m.timeZone,
    recurrenceDays: m.recurrenceDays,
    repeatDays: m.repeatDays,
    // the tier paid for at this moment (billing/periods.ts), never the room's stored field
    maxParticipants: (await seatsInForce(db, [r])).get(r.id) ?? r.participants,
    options: pickOptions(m),
    passcode: m.passcode,
    providerMeetingId: m.providerMeetingId,
    providerData: m.providerData,
  };
}

/** Provider failures reach the user as one bilingual 503. */
export async function onProvider<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    if (err instanceof ProviderError) {
      log.warn({ err }, 'provider call failed');
      throw new AppError(503, 'PROVIDER_UNAVAILABLE');
    }
    throw err;
  }
}

/**
 * Applies one statechart event to a stored meeting: decide, run the named effects on the provider, persist.
 * The write only lands if the status read is still the stored one; otherwise the event is decided again on the new
 * row, so concurrent starts and ends serialise.
 */
export async function applyMeetingEvent(
  ctx: Ctx,
  meetingId: string,
  event: MeetingStatusEvent | ((m: MeetingRow) => Promise<MeetingStatusEvent>),
  opts: { provider?: ConferencingProvider; strict?: boolean } = {},
): Promise<MeetingRow> {
  const [m] = await ctx.db.select().from(meetings).where(eq(meetings.id, meetingId));
  if (!m) throw notFound();
  const ev = typeof event === 'function' ? await event(m) : event;
  const d = decideMeeting(m.status, m.active, ev);
  if (!d.ok) {
    if (opts.strict === false) return m;
    throw refused(m.status, m.active);
  }
  const patch: Partial<MeetingRow> = { status: d.status, active: d.active, updatedAt: new Date() };
  // nothing is started at a provider for a suspended or banned account, whichever path asks (join.ts refuses first)
  if (d.effects.includes('createOnProvider')) await requireOpenAccount(ctx.db, m.accountId);
  // a start needs the room's subscription to run (spec §8 "Meeting has expired"); a daily plan takes its day after
  const paid = d.effects.includes('createOnProvider') ? await requireRoomTime(ctx.db, m.roomId) : null;
  if (d.effects.length) {
    const [room] = await ctx.db.select().from(rooms).where(eq(rooms.id, m.roomId));
    const provider = opts.provider ?? providerFor(ctx.config, room?.type ?? 'jitsi');
    const pm = await providerMeetingOf(ctx.db, m, room);
    for (const effect of d.effects) {
      if (effect === 'createOnProvider') {
        const link = await onProvider(() => provider.start(pm));
        patch.providerMeetingId = link.providerMeetingId;
        patch.providerData = link.providerData;
      } else if (effect === 'endOnProvider') {
        await onProvider(() => provider.end(pm));
      } else if (effect === 'removeFromProvider') {
        await provider.unschedule(pm).catch((err: Error) => log.warn({ err }, 'unschedule at the provider failed'));
      }
    }
  }
  if (d.status === 'running' && m.status !== 'running') patch.startedAt = new Date();
  const ends = m.status === 'running' && d.status !== 'running';
  if (ends) patch.endedAt = new Date();
  if (d.status === 'deleted') patch.deletedAt = new Date();
  const [saved] = await ctx.db
    .update(meetings)
    .set(patch)
    .where(and(eq(meetings.id, m.id), eq(meetings.status, m.status), eq(meetings.active, m.active)))
    .returning();
  if (!saved) return applyMeetingEvent(ctx, meetingId, ev, opts); // changed meanwhile: decide again on the new row
  if (paid) await takeDayIfDue(ctx.db, paid);
  // the stays still open end with the meeting (a leave kept before its join is closed already)
  if (ends && saved.endedAt) await closeOpenAttendance(ctx.db, saved.id, saved.endedAt);
  return saved;
}

/** `meeting.end` / `provider.ended` with hasNext computed from the occurrences. */
export const endEvent =
  (type: 'meeting.end' | 'provider.ended', db: Db) =>
  async (m: MeetingRow): Promise<MeetingStatusEvent> => ({ type, hasNext: await hasNext(db, m) });
