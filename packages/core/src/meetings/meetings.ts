import { randomInt } from 'node:crypto';
import type { CalendarEvent, MeetingInput, MeetingTab, MeetingView, OccurrenceView } from '@majlis/contracts/meetings';
import { toAsciiDigits } from '@majlis/i18n';
import {
  allowedMeetingActions,
  decideMeeting,
  type MeetingAction,
  type MeetingStatus,
  type MeetingStatusEvent,
} from '@majlis/machines';
import { and, asc, count, desc, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Actor, activeRoleIn } from '../auth/actor.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/connect.ts';
import {
  attendance,
  meetingAssistants,
  meetingOccurrences,
  meetings,
  memberships,
  rooms,
  users,
} from '../db/schema/index.ts';
import { AppError, notFound } from '../errors.ts';
import { providerFor } from '../providers/conferencing/index.ts';
import {
  type ConferencingProvider,
  ProviderError,
  type ProviderKind,
  type ProviderMeeting,
} from '../providers/conferencing/port.ts';
import { expandOccurrences, isValidDay, localParts, todayIn, zonedToUtc } from './time.ts';

export type { CalendarEvent, MeetingInput, MeetingTab, MeetingView, OccurrenceView } from '@majlis/contracts/meetings';
export type MeetingRow = typeof meetings.$inferSelect;
type RoomRow = typeof rooms.$inferSelect;
export interface Ctx {
  db: Db;
  config: Config;
}

const manager = (actor: Actor) => actor.role === 'owner' || actor.role === 'admin';

/** Refusals of the statechart, named after where the meeting stands. */
function refused(status: MeetingStatus, active: boolean): AppError {
  if (status === 'deleted') return new AppError(409, 'MEETING_DELETED');
  if (status === 'expired') return new AppError(409, 'MEETING_EXPIRED');
  if (status === 'finished') return new AppError(409, 'MEETING_FINISHED');
  if (status === 'running') return new AppError(409, 'MEETING_RUNNING');
  if (!active) return new AppError(409, 'MEETING_INACTIVE');
  return new AppError(409, 'MEETING_TRANSITION');
}

export async function isAssistant(db: Db | Tx, meetingId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ u: meetingAssistants.userId })
    .from(meetingAssistants)
    .where(and(eq(meetingAssistants.meetingId, meetingId), eq(meetingAssistants.userId, userId)));
  return !!row;
}

/**
 * The meeting's owner, its assistants, and the owner/admins of its account (acting in it) may manage it, each only
 * while an active member of the meeting's account: `ownerUserId` and the assistant rows outlive a removal, and
 * joining by number (join.ts) reaches meetings of accounts the actor is not acting in.
 */
export async function canManageMeeting(db: Db | Tx, actor: Actor | null, m: MeetingRow): Promise<boolean> {
  if (!actor) return false;
  const role = await activeRoleIn(db, actor.userId, m.accountId);
  if (!role) return false;
  if (m.ownerUserId === actor.userId) return true;
  if (actor.accountId === m.accountId && (role === 'owner' || role === 'admin')) return true;
  return isAssistant(db, m.id, actor.userId);
}

/** A meeting the actor may see in the acting account (managers: all; others: their own and those they assist). */
export async function findMeeting(db: Db | Tx, actor: Actor, id: string): Promise<MeetingRow> {
  const [m] = await db
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, id), eq(meetings.accountId, actor.accountId)));
  if (!m || m.status === 'deleted') throw notFound();
  if (!(await canManageMeeting(db, actor, m))) throw notFound();
  return m;
}

/** Who is a host here: the meeting's owner, an assistant, or an owner/admin of its account. */
function visibleTo(actor: Actor): SQL | undefined {
  if (manager(actor)) return undefined;
  return or(
    eq(meetings.ownerUserId, actor.userId),
    sql`exists (select 1 from ${meetingAssistants} where ${meetingAssistants.meetingId} = ${meetings.id} and ${meetingAssistants.userId} = ${actor.userId})`,
  );
}

// ---------------------------------------------------------------- status

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
    maxParticipants: r.participants,
    options: {
      allowBeforeOwner: m.allowBeforeOwner,
      autoRecord: m.autoRecord,
      allowStopRecording: m.allowStopRecording,
      allowDownload: m.allowDownload,
      notifyEnterExit: m.notifyEnterExit,
      waitingRoom: m.waitingRoom,
    },
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
      console.warn(`[meetings] ${err.message}`);
      throw new AppError(503, 'PROVIDER_UNAVAILABLE');
    }
    throw err;
  }
}

/**
 * Applies one statechart event to a stored meeting: decide, run the named effects on the provider, persist.
 * The row is re-read under a lock so concurrent starts and ends serialise.
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
        await provider.unschedule(pm).catch((err: Error) => console.warn(`[meetings] unschedule: ${err.message}`));
      }
    }
  }
  if (d.status === 'running' && m.status !== 'running') patch.startedAt = new Date();
  if (m.status === 'running' && d.status !== 'running') {
    patch.endedAt = new Date();
    await ctx.db
      .update(attendance)
      .set({ leftAt: new Date() })
      .where(and(eq(attendance.meetingId, m.id), sql`${attendance.leftAt} is null`));
  }
  if (d.status === 'deleted') patch.deletedAt = new Date();
  const [saved] = await ctx.db
    .update(meetings)
    .set(patch)
    .where(and(eq(meetings.id, m.id), eq(meetings.status, m.status), eq(meetings.active, m.active)))
    .returning();
  if (!saved) return applyMeetingEvent(ctx, meetingId, ev, opts); // changed meanwhile: decide again on the new row
  return saved;
}

/** `meeting.end` / `provider.ended` with hasNext computed from the occurrences. */
export const endEvent =
  (type: 'meeting.end' | 'provider.ended', db: Db) =>
  async (m: MeetingRow): Promise<MeetingStatusEvent> => ({ type, hasNext: await hasNext(db, m) });

// ---------------------------------------------------------------- create / edit

const NUMBER_DIGITS = 10;
function newNumber(): string {
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
  const fields: Record<string, string> = {};
  const durationMinutes = input.durationHours * 60 + input.durationMinutes;
  if (durationMinutes <= 0 || durationMinutes > 24 * 60) fields.durationMinutes = 'field.duration';
  let occurrences: Date[] = [];
  if (input.type === 'scheduled') {
    if (!input.day || !isValidDay(input.day)) fields.day = 'field.day';
    else if (!opts.allowPastDay && input.day < todayIn(actor.timeZone)) fields.day = 'field.dayPast';
    if (!input.hour || !/^([01]\d|2[0-3]):[0-5]\d$/.test(input.hour)) fields.hour = 'field.hour';
    if (input.recurrenceDays.length && (input.repeatDays < 1 || input.repeatDays > 100))
      fields.repeatDays = 'field.repeatDays';
    if (!Object.keys(fields).length) {
      occurrences = expandOccurrences({
        day: input.day as string,
        hour: input.hour as string,
        timeZone: actor.timeZone,
        recurrenceDays: input.recurrenceDays,
        repeatDays: input.repeatDays,
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
  const usable = room && (manager(actor) || room.assignedUserId === actor.userId) && room.status === 'active';
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

async function syncProvider(ctx: Ctx, m: MeetingRow) {
  const [room] = await ctx.db.select().from(rooms).where(eq(rooms.id, m.roomId));
  if (!room) return m;
  const provider = providerFor(ctx.config, room.type);
  const link = await onProvider(async () => provider.schedule(await providerMeetingOf(ctx.db, m, room)));
  const [saved] = await ctx.db
    .update(meetings)
    .set({ providerMeetingId: link.providerMeetingId, providerData: link.providerData })
    .where(eq(meetings.id, m.id))
    .returning();
  return saved ?? m;
}

/** The columns a create and an edit both take from the form. */
function formColumns(input: MeetingInput, n: Normalised) {
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
    repeatDays: recurring && input.recurrenceDays.length ? input.repeatDays : 1,
    favourite: input.favourite,
    allowBeforeOwner: input.allowBeforeOwner,
    autoRecord: input.autoRecord,
    allowStopRecording: input.allowStopRecording,
    allowDownload: input.allowDownload,
    notifyEnterExit: input.notifyEnterExit,
    waitingRoom: input.waitingRoom,
  };
}

export async function createMeeting(ctx: Ctx, actor: Actor, input: MeetingInput): Promise<MeetingView> {
  const n = normalise(actor, input);
  const room = await usableRoom(ctx.db, actor, input.roomId);
  providerFor(ctx.config, room.type); // a clear 503 now rather than at start
  const assistants = await checkAssistants(ctx.db, actor, input.assistants);
  let row: MeetingRow | undefined;
  for (let attempt = 0; !row && attempt < 5; attempt++) {
    const number = input.number ?? newNumber();
    try {
      row = await ctx.db.transaction(async (tx) => {
        const [m] = await tx
          .insert(meetings)
          .values({
            accountId: actor.accountId,
            roomId: room.id,
            ownerUserId: actor.userId,
            number,
            ...formColumns(input, n),
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
    } catch (err) {
      throw err;
    }
    if (!row && input.number) throw new AppError(409, 'NUMBER_TAKEN', { number: 'error.NUMBER_TAKEN' });
  }
  if (!row) throw new Error('could not allocate a meeting number');
  row = await syncProvider(ctx, row);
  return getMeetingView(ctx, actor, row.id);
}

/** "Edit all": every field; the recurrence is expanded again (past days stay as history). */
export async function updateMeeting(ctx: Ctx, actor: Actor, id: string, input: MeetingInput): Promise<MeetingView> {
  const m = await findMeeting(ctx.db, actor, id);
  const sameDay = input.day === m.day;
  const n = normalise(actor, input, { allowPastDay: sameDay && m.kind === 'scheduled' });
  const room = input.roomId === m.roomId ? undefined : await usableRoom(ctx.db, actor, input.roomId);
  if (room) {
    const [old] = await ctx.db.select().from(rooms).where(eq(rooms.id, m.roomId));
    if (old && old.type !== room.type)
      throw new AppError(409, 'MEETING_ROOM_TYPE', { roomId: 'error.MEETING_ROOM_TYPE' });
  }
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
        ...formColumns(input, n),
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
  return getMeetingView(ctx, actor, id);
}

/** Status-bar and dashboard actions decided by the chart: activate, deactivate, end, delete. */
export async function changeMeetingStatus(
  ctx: Ctx,
  actor: Actor,
  id: string,
  action: 'activate' | 'deactivate' | 'end' | 'delete',
): Promise<MeetingView | null> {
  const m = await findMeeting(ctx.db, actor, id);
  const event =
    action === 'end' ? endEvent('meeting.end', ctx.db) : ({ type: `meeting.${action}` } as MeetingStatusEvent);
  await applyMeetingEvent(ctx, m.id, event);
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

// ---------------------------------------------------------------- occurrences

export async function listOccurrences(ctx: Ctx, actor: Actor, id: string): Promise<OccurrenceView[]> {
  const m = await findMeeting(ctx.db, actor, id);
  const rows = await ctx.db
    .select()
    .from(meetingOccurrences)
    .where(eq(meetingOccurrences.meetingId, m.id))
    .orderBy(asc(meetingOccurrences.startsAt));
  return rows.map(occurrenceView);
}

const occurrenceView = (o: typeof meetingOccurrences.$inferSelect): OccurrenceView => ({
  id: o.id,
  startsAt: o.startsAt.toISOString(),
  endsAt: o.endsAt.toISOString(),
  cancelled: o.cancelled,
  edited: o.edited,
});

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
  ctx: Ctx,
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
  return occurrenceView(saved as typeof meetingOccurrences.$inferSelect);
}

/** "This day only": cancel one occurrence; the meeting's other days stay. */
export async function cancelOccurrence(ctx: Ctx, actor: Actor, id: string, occurrenceId: string): Promise<void> {
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
      .catch((err: Error) => console.warn(`[meetings] ${err.message}`));
  }
  await expireDueMeetings(ctx.db, { meetingId: m.id });
}

/** meetings.starts_at follows the first remaining day. */
async function refreshMeetingStart(db: Db, meetingId: string) {
  await db.execute(sql`update ${meetings} set starts_at = coalesce((select min(${meetingOccurrences.startsAt}) from ${meetingOccurrences}
      where ${meetingOccurrences.meetingId} = ${meetingId} and not ${meetingOccurrences.cancelled}), ${meetings.startsAt}),
      updated_at = now() where ${meetings.id} = ${meetingId}`);
}

// ---------------------------------------------------------------- reads

export function joinLink(config: Config, number: string) {
  return `${config.publicUrl}/join/${number}`;
}

export async function viewMeetings(ctx: Ctx, actor: Actor, rows: MeetingRow[]): Promise<MeetingView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const roomRows = await ctx.db
    .select({ id: rooms.id, name: rooms.name, type: rooms.type })
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
  return rows.map((m) => {
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
      assistants: mine,
      favourite: m.favourite,
      allowBeforeOwner: m.allowBeforeOwner,
      autoRecord: m.autoRecord,
      allowStopRecording: m.allowStopRecording,
      allowDownload: m.allowDownload,
      notifyEnterExit: m.notifyEnterExit,
      waitingRoom: m.waitingRoom,
      status: m.status,
      active: m.active,
      joinUrl: joinLink(ctx.config, m.number),
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
) {
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

/** De-assigning a room deletes that user's meetings in it (spec §4), each through the chart's `meeting.delete`. */
export async function unassignRoom(ctx: Ctx, actor: Actor, roomId: string): Promise<{ deletedMeetings: number }> {
  if (!manager(actor)) throw new AppError(403, 'FORBIDDEN');
  const [room] = await ctx.db
    .select()
    .from(rooms)
    .where(and(eq(rooms.id, roomId), eq(rooms.accountId, actor.accountId)));
  if (!room) throw notFound();
  let deleted = 0;
  if (room.assignedUserId) {
    const theirs = await ctx.db
      .select({ id: meetings.id })
      .from(meetings)
      .where(
        and(
          eq(meetings.roomId, roomId),
          eq(meetings.ownerUserId, room.assignedUserId),
          sql`${meetings.status} <> 'deleted'`,
        ),
      );
    for (const { id } of theirs) {
      await applyMeetingEvent(ctx, id, { type: 'meeting.delete' });
      deleted++;
    }
  }
  await ctx.db.update(rooms).set({ assignedUserId: null }).where(eq(rooms.id, roomId));
  return { deletedMeetings: deleted };
}
