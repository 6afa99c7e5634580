import { randomInt } from 'node:crypto';
import { honouredOptions, ignoredOptions } from '@majlis/contracts/meeting-options';
import { meetingScheduleIssues } from '@majlis/contracts/meeting-schedule';
import { MEETING_OPTION_DEFAULTS, type MeetingInput, type MeetingView, pickFlags } from '@majlis/contracts/meetings';
import type { OptionProfile } from '@majlis/contracts/option-profiles';
import type { MeetingStatusEvent } from '@majlis/machines';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { Db, Tx } from '../db/connect.ts';
import { meetingAssistants, meetingOccurrences, meetings, memberships, rooms } from '../db/schema/index.ts';
import { AppError, notFound } from '../errors.ts';
import type { EventBus } from '../events/bus.ts';
import { logger } from '../log.ts';
import { optionProfileOf, providerFor } from '../providers/conferencing/index.ts';
import { getMeetingView } from './find-meetings.ts';
import { type Ctx, findMeeting, isManager, type MeetingRow, type RoomRow } from './meeting-access.ts';
import { applyMeetingEvent, decide, endEvent } from './meeting-status.ts';
import { newPasscode } from './passcode.ts';
import { syncProvider } from './sync-provider.ts';
import { tellAssistants } from './tell-assistants.ts';
import { expandOccurrences, todayIn } from './time.ts';

/** Create, "edit all", and the small per-meeting changes (status buttons, favourite, leaving as assistant). */

const log = logger.child({ module: 'meetings' });

const NUMBER_DIGITS = 10;
/** A generated public number: ten digits, no leading zero (the demo seeds its meetings with it too). */
export function newNumber(): string {
  let s = String(randomInt(1, 10));
  while (s.length < NUMBER_DIGITS) s += String(randomInt(0, 10));
  return s;
}

interface Normalised {
  startsAt: Date | null;
  day: string | null;
  hour: string | null;
  durationMinutes: number;
  occurrences: Date[];
}

/** Spec §5: room and name required, no day before today in the user's time zone; returns the days to store. */
function normalise(actor: Actor, input: MeetingInput, opts: { allowPastDay?: boolean } = {}): Normalised {
  // The same rules the client's meeting form asks before sending (contracts meeting-schedule.ts).
  const fields: Record<string, string> = meetingScheduleIssues(input, {
    today: opts.allowPastDay ? undefined : todayIn(actor.timeZone),
  });
  const durationMinutes = input.durationHours * 60 + input.durationMinutes;
  let occurrences: Date[] = [];
  if (input.type === 'scheduled') {
    if (!Object.keys(fields).length) {
      occurrences = expandOccurrences({
        day: input.day as string,
        hour: input.hour as string,
        timeZone: actor.timeZone,
        recurrenceDays: input.recurrenceDays,
        repeatDays: input.repeatDays,
        repeatUntil: input.repeatUntil,
      });
      if (!opts.allowPastDay && occurrences.every((o) => +o + durationMinutes * 60_000 < Date.now())) {
        fields.hour = 'field.hourPast';
      }
    }
  }
  if (Object.keys(fields).length) throw new AppError(400, 'VALIDATION_FAILED', fields);
  return {
    startsAt: occurrences[0] ?? null,
    day: input.type === 'scheduled' ? (input.day as string) : null,
    hour: input.type === 'scheduled' ? (input.hour as string) : null,
    durationMinutes,
    occurrences,
  };
}

async function usableRoom(db: Db | Tx, actor: Actor, roomId: string): Promise<RoomRow> {
  const [room] = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.id, roomId), eq(rooms.accountId, actor.accountId)));
  const usable = room && (isManager(actor) || room.assignedUserId === actor.userId) && room.status === 'active';
  if (!usable) {
    const [any] = await db.select({ n: count() }).from(rooms).where(eq(rooms.accountId, actor.accountId));
    throw new AppError(400, 'VALIDATION_FAILED', { roomId: any?.n ? 'field.room' : 'field.addRoom' });
  }
  return room;
}

async function checkAssistants(db: Db | Tx, actor: Actor, ids: string[]) {
  const wanted = [...new Set(ids)].filter((id) => id !== actor.userId);
  if (!wanted.length) return wanted;
  const found = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.accountId, actor.accountId),
        eq(memberships.active, true),
        inArray(memberships.userId, wanted),
      ),
    );
  if (found.length !== wanted.length) throw new AppError(400, 'VALIDATION_FAILED', { assistants: 'field.assistants' });
  return wanted;
}

async function replaceOccurrences(tx: Tx, meetingId: string, starts: Date[], durationMinutes: number, now: Date) {
  const keep = new Set(starts.map((d) => d.toISOString()));
  // past days stay as they were (history); future ones follow the new rule, keeping edits of the same instance
  const future = await tx
    .select()
    .from(meetingOccurrences)
    .where(and(eq(meetingOccurrences.meetingId, meetingId), gt(meetingOccurrences.startsAt, now)));
  const drop = future.filter((o) => !keep.has(o.originalStartsAt.toISOString())).map((o) => o.id);
  if (drop.length) await tx.delete(meetingOccurrences).where(inArray(meetingOccurrences.id, drop));
  if (starts.length) {
    await tx
      .insert(meetingOccurrences)
      .values(
        starts.map((s) => ({
          meetingId,
          originalStartsAt: s,
          startsAt: s,
          endsAt: new Date(+s + durationMinutes * 60_000),
        })),
      )
      .onConflictDoNothing();
    // same instance, new duration: untouched instances follow the meeting's duration
    await tx
      .update(meetingOccurrences)
      .set({ endsAt: sql`${meetingOccurrences.startsAt} + make_interval(mins => ${durationMinutes})` })
      .where(and(eq(meetingOccurrences.meetingId, meetingId), eq(meetingOccurrences.edited, false)));
  }
}

/**
 * The columns a create and an edit both take from the form. An option the room's provider cannot honour (contracts
 * meeting-options.ts; the form shows it disabled) is saved off, so what the meeting says is what the provider does;
 * one sent on anyway (an older client, the API) is ignored with a warning, not refused: the body's defaults turn
 * some on (allowStopRecording) whatever the room.
 */
function formColumns(input: MeetingInput, n: Normalised, profile: OptionProfile) {
  // a default left on (allowStopRecording) is not worth a warning; an option the caller turned on is
  const ignored = ignoredOptions(profile, input).filter((o) => !MEETING_OPTION_DEFAULTS[o]);
  if (ignored.length) log.warn({ profile, ignored }, 'meeting options the provider cannot honour were saved off');
  const recurring = input.type === 'scheduled';
  return {
    name: input.name,
    description: input.description,
    kind: input.type,
    startsAt: n.startsAt,
    day: n.day,
    hour: n.hour,
    durationMinutes: n.durationMinutes,
    recurrenceDays: recurring ? [...new Set(input.recurrenceDays)].sort() : [],
    // the days a count or a last day gave (an "until" is stored as the count it came to)
    repeatDays: recurring && input.recurrenceDays.length ? n.occurrences.length : 1,
    repeatUntil: recurring && input.recurrenceDays.length ? (input.repeatUntil ?? null) : null,
    ...honouredOptions(profile, pickFlags(input)),
  };
}

export async function createMeeting(ctx: Ctx, actor: Actor, input: MeetingInput): Promise<MeetingView> {
  const n = normalise(actor, input);
  const room = await usableRoom(ctx.db, actor, input.roomId);
  providerFor(ctx.config, room.type); // a clear 503 now rather than at start
  const assistants = await checkAssistants(ctx.db, actor, input.assistants);
  let row: MeetingRow | undefined;
  // a generated number may collide with an existing one: the insert then does nothing and another number is tried
  for (let attempt = 0; !row && attempt < 5; attempt++) {
    const number = input.number ?? newNumber();
    row = await ctx.db.transaction(async (tx) => {
      const [m] = await tx
        .insert(meetings)
        .values({
          accountId: actor.accountId,
          roomId: room.id,
          ownerUserId: actor.userId,
          number,
          // on by default for new meetings (issue 30); turned off or changed from the meeting
          passcode: newPasscode(),
          ...formColumns(input, n, optionProfileOf(ctx.config, room.type)),
          timeZone: actor.timeZone,
        })
        .onConflictDoNothing({ target: meetings.number })
        .returning();
      if (!m) return undefined;
      if (assistants.length)
        await tx.insert(meetingAssistants).values(assistants.map((userId) => ({ meetingId: m.id, userId })));
      await replaceOccurrences(tx, m.id, n.occurrences, n.durationMinutes, new Date(0));
      return m;
    });
    if (!row && input.number) throw new AppError(409, 'NUMBER_TAKEN', { number: 'error.NUMBER_TAKEN' });
  }
  if (!row) throw new Error('could not allocate a meeting number');
  row = await syncProvider(ctx, row);
  return getMeetingView(ctx, actor, row.id);
}

/** "Edit all": every field; the recurrence is expanded again (past days stay as history). */
export async function updateMeeting(
  ctx: Ctx & { bus?: EventBus },
  actor: Actor,
  id: string,
  input: MeetingInput,
): Promise<MeetingView> {
  const m = await findMeeting(ctx.db, actor, id);
  const sameDay = input.day === m.day;
  const n = normalise(actor, input, { allowPastDay: sameDay && m.kind === 'scheduled' });
  const room = input.roomId === m.roomId ? undefined : await usableRoom(ctx.db, actor, input.roomId);
  const [old] = await ctx.db.select().from(rooms).where(eq(rooms.id, m.roomId));
  if (room && old && old.type !== room.type)
    throw new AppError(409, 'MEETING_ROOM_TYPE', { roomId: 'error.MEETING_ROOM_TYPE' });
  const type = room?.type ?? old?.type;
  if (!type) throw notFound();
  const assistants = await checkAssistants(ctx.db, { ...actor, accountId: m.accountId }, input.assistants);
  const now = new Date();
  const next =
    input.type === 'permanent' ||
    n.occurrences.some((o) => +o > +now) ||
    (await ctx.db
      .select({ n: count() })
      .from(meetingOccurrences)
      .where(
        and(
          eq(meetingOccurrences.meetingId, id),
          eq(meetingOccurrences.cancelled, false),
          gt(meetingOccurrences.startsAt, now),
        ),
      )
      .then((r) => (r[0]?.n ?? 0) > 0 && input.type === m.kind && sameDay));
  const d = decide(m, { type: 'meeting.edit', hasNext: next });
  const saved = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(meetings)
      .set({
        ...formColumns(input, n, optionProfileOf(ctx.config, type)),
        roomId: room?.id ?? m.roomId,
        timeZone: n.day === m.day && n.hour === m.hour ? m.timeZone : actor.timeZone,
        status: d.status,
        active: d.active,
        updatedAt: now,
      })
      .where(eq(meetings.id, id))
      .returning();
    await tx.delete(meetingAssistants).where(eq(meetingAssistants.meetingId, id));
    if (assistants.length)
      await tx.insert(meetingAssistants).values(assistants.map((userId) => ({ meetingId: id, userId })));
    if (input.type === 'permanent') await tx.delete(meetingOccurrences).where(eq(meetingOccurrences.meetingId, id));
    else await replaceOccurrences(tx, id, n.occurrences, n.durationMinutes, now);
    return row as MeetingRow;
  });
  await syncProvider(ctx, saved);
  // Its assistants (the ones it keeps) are told when its time changed.
  const when = (r: MeetingRow) =>
    JSON.stringify([r.kind, r.day, r.hour, r.durationMinutes, r.recurrenceDays, r.repeatDays]);
  if (when(saved) !== when(m)) {
    // Told to when it now starts: its next day (a scheduled meeting), on the meeting's clock.
    const [next] = await ctx.db
      .select({ at: meetingOccurrences.startsAt })
      .from(meetingOccurrences)
      .where(and(eq(meetingOccurrences.meetingId, id), gt(meetingOccurrences.startsAt, now)))
      .orderBy(meetingOccurrences.startsAt)
      .limit(1);
    await tellAssistants(
      ctx,
      actor,
      saved,
      'moved',
      assistants,
      next ? { at: next.at, timeZone: saved.timeZone } : undefined,
    );
  }
  return getMeetingView(ctx, actor, id);
}

/** Status-bar and dashboard actions decided by the chart: activate, deactivate, end, delete. */
export async function changeMeetingStatus(
  ctx: Ctx & { bus?: EventBus },
  actor: Actor,
  id: string,
  action: 'activate' | 'deactivate' | 'end' | 'delete',
): Promise<MeetingView | null> {
  const m = await findMeeting(ctx.db, actor, id);
  const event =
    action === 'end' ? endEvent('meeting.end', ctx.db) : ({ type: `meeting.${action}` } as MeetingStatusEvent);
  await applyMeetingEvent(ctx, m.id, event);
  if (action === 'delete') await tellAssistants(ctx, actor, m, 'deleted');
  if (action === 'deactivate') await tellAssistants(ctx, actor, m, 'cancelled');
  return action === 'delete' ? null : getMeetingView(ctx, actor, id);
}

export async function setFavourite(ctx: Ctx, actor: Actor, id: string, favourite: boolean) {
  const m = await findMeeting(ctx.db, actor, id);
  await ctx.db.update(meetings).set({ favourite }).where(eq(meetings.id, m.id));
  return getMeetingView(ctx, actor, id);
}

/** An assistant may drop their own assistant status (DESIGN §8). */
export async function leaveAssistants(ctx: Ctx, actor: Actor, id: string) {
  const m = await findMeeting(ctx.db, actor, id);
  const removed = await ctx.db
    .delete(meetingAssistants)
    .where(and(eq(meetingAssistants.meetingId, m.id), eq(meetingAssistants.userId, actor.userId)))
    .returning();
  if (!removed.length) throw notFound();
}
