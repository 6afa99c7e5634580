import type { OccurrenceView } from '@majlis/contracts/meetings';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/connect.ts';
import { meetingOccurrences, meetings, rooms } from '../db/schema/index.ts';
import { AppError, notFound } from '../errors.ts';
import type { EventBus } from '../events/bus.ts';
import { logger } from '../log.ts';
import { providerFor } from '../providers/conferencing/index.ts';
import { occurrenceView } from './find-meetings.ts';
import { type Ctx, findMeeting } from './meeting-access.ts';
import { decide, expireDueMeetings, onProvider, providerMeetingOf, refused } from './meeting-status.ts';
import { tellAssistants } from './tell-assistants.ts';
import { isValidDay, localParts, todayIn, zonedToUtc } from './time.ts';

const log = logger.child({ module: 'meetings' });

/** "This day only": the single days of a scheduled meeting, listed, moved, resized or cancelled one at a time. */

export async function listOccurrences(ctx: Ctx, actor: Actor, id: string): Promise<OccurrenceView[]> {
  const m = await findMeeting(ctx.db, actor, id);
  const rows = await ctx.db
    .select()
    .from(meetingOccurrences)
    .where(eq(meetingOccurrences.meetingId, m.id))
    .orderBy(asc(meetingOccurrences.startsAt));
  return rows.map(occurrenceView);
}

async function findOccurrence(db: Db, meetingId: string, occurrenceId: string) {
  const [o] = await db
    .select()
    .from(meetingOccurrences)
    .where(and(eq(meetingOccurrences.id, occurrenceId), eq(meetingOccurrences.meetingId, meetingId)));
  if (!o || o.cancelled) throw notFound();
  return o;
}

/** "This day only": move or resize one occurrence (also the calendar's drag). Not to a day before today. */
export async function updateOccurrence(
  ctx: Ctx & { bus?: EventBus },
  actor: Actor,
  id: string,
  occurrenceId: string,
  input: { startsAt?: string; day?: string; hour?: string; durationHours?: number; durationMinutes?: number },
): Promise<OccurrenceView> {
  const m = await findMeeting(ctx.db, actor, id);
  decide(m, { type: 'meeting.edit', hasNext: true });
  const o = await findOccurrence(ctx.db, m.id, occurrenceId);
  const local = localParts(o.startsAt, m.timeZone);
  let start = o.startsAt;
  if (input.startsAt) start = new Date(input.startsAt);
  else if (input.day || input.hour) start = zonedToUtc(input.day ?? local.day, input.hour ?? local.hour, m.timeZone);
  if (input.day && !isValidDay(input.day)) throw new AppError(400, 'VALIDATION_FAILED', { day: 'field.day' });
  if (Number.isNaN(+start)) throw new AppError(400, 'VALIDATION_FAILED', { startsAt: 'field.invalid' });
  if (localParts(start, actor.timeZone).day < todayIn(actor.timeZone)) {
    throw new AppError(400, 'VALIDATION_FAILED', { [input.startsAt ? 'startsAt' : 'day']: 'field.dayPast' });
  }
  const minutes =
    input.durationHours !== undefined || input.durationMinutes !== undefined
      ? (input.durationHours ?? 0) * 60 + (input.durationMinutes ?? 0)
      : (+o.endsAt - +o.startsAt) / 60_000;
  if (minutes <= 0 || minutes > 24 * 60)
    throw new AppError(400, 'VALIDATION_FAILED', { durationMinutes: 'field.duration' });
  const [saved] = await ctx.db
    .update(meetingOccurrences)
    .set({ startsAt: start, endsAt: new Date(+start + minutes * 60_000), edited: true })
    .where(eq(meetingOccurrences.id, o.id))
    .returning();
  await refreshMeetingStart(ctx.db, m.id);
  const [room] = await ctx.db.select().from(rooms).where(eq(rooms.id, m.roomId));
  const provider = room ? providerFor(ctx.config, room.type) : null;
  if (provider?.updateOccurrence && m.providerMeetingId) {
    const pm = await providerMeetingOf(ctx.db, m, room);
    await onProvider(() => provider.updateOccurrence?.(pm, o.originalStartsAt, start, minutes) ?? Promise.resolve());
  }
  if (+start !== +o.startsAt || minutes * 60_000 !== +o.endsAt - +o.startsAt) {
    await tellAssistants(ctx, actor, m, 'moved', undefined, { at: start, timeZone: m.timeZone });
  }
  return occurrenceView(saved as typeof meetingOccurrences.$inferSelect);
}

/** "This day only": cancel one occurrence; the meeting's other days stay. */
export async function cancelOccurrence(
  ctx: Ctx & { bus?: EventBus },
  actor: Actor,
  id: string,
  occurrenceId: string,
): Promise<void> {
  const m = await findMeeting(ctx.db, actor, id);
  if (m.status === 'deleted') throw refused(m.status, m.active);
  const o = await findOccurrence(ctx.db, m.id, occurrenceId);
  await ctx.db.update(meetingOccurrences).set({ cancelled: true }).where(eq(meetingOccurrences.id, o.id));
  await refreshMeetingStart(ctx.db, m.id);
  const [room] = await ctx.db.select().from(rooms).where(eq(rooms.id, m.roomId));
  const provider = room ? providerFor(ctx.config, room.type) : null;
  if (provider?.cancelOccurrence && m.providerMeetingId) {
    const pm = await providerMeetingOf(ctx.db, m, room);
    await provider
      .cancelOccurrence(pm, o.originalStartsAt)
      .catch((err: Error) => log.warn({ err }, 'cancelling the day at the provider failed'));
  }
  await expireDueMeetings(ctx.db, { meetingId: m.id });
  await tellAssistants(ctx, actor, m, 'cancelled');
}

/** meetings.starts_at follows the first remaining day. */
async function refreshMeetingStart(db: Db, meetingId: string) {
  await db.execute(sql`update ${meetings} set starts_at = coalesce((select min(${meetingOccurrences.startsAt}) from ${meetingOccurrences}
      where ${meetingOccurrences.meetingId} = ${meetingId} and not ${meetingOccurrences.cancelled}), ${meetings.startsAt}),
      updated_at = now() where ${meetings.id} = ${meetingId}`);
}
