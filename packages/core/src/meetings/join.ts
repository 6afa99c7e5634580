import { randomBytes } from 'node:crypto';
import { type Bilingual, toAsciiDigits } from '@majlis/i18n';
import { both } from '@majlis/i18n/server';
import { eq } from 'drizzle-orm';
import { requireOpenAccount } from '../accounts/open-account.ts';
import type { Actor } from '../auth/actor.ts';
import { meetings, rooms } from '../db/schema/index.ts';
import { AppError, notFound } from '../errors.ts';
import { providerFor } from '../providers/conferencing/index.ts';
import type { RateLimits } from '../rate-limit.ts';
import { type Ctx, canManageMeeting, findMeeting, type MeetingRow } from './meeting-access.ts';
import { applyMeetingEvent, endEvent, expireDueMeetings, onProvider, providerMeetingOf } from './meeting-status.ts';
import { checkPasscode } from './passcode.ts';
import { recordOwnJoin } from './record-attendance.ts';

/** Digits only after mapping Arabic-Indic digits (spec: join by number typed in Arabic). */
export function normaliseNumber(raw: string): string {
  return toAsciiDigits(raw).replace(/[\s-]/g, '');
}

async function byNumber(ctx: Ctx, raw: string): Promise<MeetingRow> {
  const number = normaliseNumber(raw);
  if (!/^\d{4,20}$/.test(number)) throw new AppError(404, 'MEETING_NUMBER_NOT_FOUND');
  const [found] = await ctx.db
    .select({ id: meetings.id, accountId: meetings.accountId })
    .from(meetings)
    .where(eq(meetings.number, number));
  if (!found) throw new AppError(404, 'MEETING_NUMBER_NOT_FOUND');
  // A suspended or banned account's meetings are closed to everyone: nothing below runs (no provider call, no start,
  // no attendance), and the page says why rather than "no meeting at this number"
  await requireOpenAccount(ctx.db, found.accountId);
  await expireDueMeetings(ctx.db, { meetingId: found.id });
  const [m] = await ctx.db.select().from(meetings).where(eq(meetings.id, found.id));
  if (!m) throw new AppError(404, 'MEETING_NUMBER_NOT_FOUND');
  return m;
}

export interface PublicMeeting {
  number: string;
  name: string;
  status: MeetingRow['status'];
  startsAt: string | null;
  provider: 'bbb' | 'zoom' | 'jitsi';
  timeZone: string;
  passcodeRequired: boolean;
}

/** GET /api/join/{number}: what the join page shows before asking for a name. */
export async function lookupMeeting(ctx: Ctx, raw: string): Promise<{ meeting: PublicMeeting }> {
  const m = await byNumber(ctx, raw);
  const [room] = await ctx.db.select({ type: rooms.type }).from(rooms).where(eq(rooms.id, m.roomId));
  return {
    meeting: {
      number: m.number,
      name: m.name,
      status: m.status,
      startsAt: m.startsAt?.toISOString() ?? null,
      provider: room?.type ?? 'jitsi',
      timeZone: m.timeZone,
      passcodeRequired: !!m.passcode,
    },
  };
}

export interface JoinResult {
  url: string;
  role: 'moderator' | 'attendee';
  /** Spec §8: asked to start as owner without permission → joins as a participant, with this message. */
  notice?: Bilingual;
}

/** A running meeting whose provider session is gone (ended without telling us) is ended here first. */
async function followProvider(ctx: Ctx, m: MeetingRow): Promise<MeetingRow> {
  if (m.status !== 'running' || !m.startedAt || Date.now() - +m.startedAt < 60_000) return m;
  const [room] = await ctx.db.select().from(rooms).where(eq(rooms.id, m.roomId));
  if (!room || room.type === 'jitsi') return m;
  const provider = providerFor(ctx.config, room.type);
  const running = await provider.isRunning(await providerMeetingOf(ctx.db, m, room)).catch(() => null);
  if (running !== false) return m;
  return applyMeetingEvent(ctx, m.id, endEvent('provider.ended', ctx.db), { strict: false });
}

/**
 * POST /api/join/{number}: the provider's join URL, or the spec §8 error that applies.
 * Hosts (owner, assistants, account owner/admin) start it when needed and join as moderators; others join
 * a running meeting, or start it themselves when participants may join before the owner.
 */
export async function joinMeeting(
  ctx: Ctx & { limits?: RateLimits },
  actor: Actor | null,
  raw: string,
  body: { name?: string; asOwner?: boolean; passcode?: string },
  from: { ip: string } = { ip: 'unknown' },
): Promise<JoinResult> {
  const found = await byNumber(ctx, raw);
  const host = await canManageMeeting(ctx.db, actor, found);
  // Hosts are never asked; everyone else first shows the passcode (issue 30), before any provider call
  if (!host) await checkPasscode(ctx.limits, found, body.passcode, from.ip);
  let m = await followProvider(ctx, found);
  if (m.status === 'deleted') throw new AppError(409, 'MEETING_DELETED');
  if (m.status === 'expired') throw new AppError(409, 'MEETING_EXPIRED');
  if (m.status === 'finished') throw new AppError(409, 'MEETING_FINISHED');
  const notice = body.asOwner && !host ? both('error.START_AS_OWNER_DENIED') : undefined;
  const fullName = (body.name?.trim() || (actor ? `${actor.fname} ${actor.lname}`.trim() : '')).slice(0, 100);
  if (!fullName) throw new AppError(400, 'VALIDATION_FAILED', { name: 'field.joinName' });
  const [room] = await ctx.db.select().from(rooms).where(eq(rooms.id, m.roomId));
  if (!room) throw notFound();
  const provider = providerFor(ctx.config, room.type);
  if (m.status === 'available') {
    if (!m.active) throw new AppError(409, 'MEETING_INACTIVE');
    if (!host && !m.allowBeforeOwner) throw new AppError(409, 'MEETING_NOT_STARTED');
    m = await applyMeetingEvent(ctx, m.id, { type: 'meeting.start' }, { provider, strict: false });
  } else if (host && room.type === 'bbb') {
    // create is idempotent: a host re-creates the session if the server lost it
    const link = await onProvider(async () => provider.start(await providerMeetingOf(ctx.db, m, room)));
    const [saved] = await ctx.db
      .update(meetings)
      .set({ providerMeetingId: link.providerMeetingId, providerData: link.providerData })
      .where(eq(meetings.id, m.id))
      .returning();
    m = saved ?? m;
  }
  if (m.status !== 'running') throw new AppError(409, 'MEETING_NOT_STARTED');
  const userId = actor?.userId ?? `guest-${randomBytes(6).toString('hex')}`;
  const role = host ? 'moderator' : 'attendee';
  const url = await onProvider(async () =>
    provider.joinUrl(await providerMeetingOf(ctx.db, m, room), {
      fullName,
      userId,
      role,
      guest: !host && m.waitingRoom,
    }),
  );
  // Our own record of the join, on every provider: the only one on Jitsi (it reports nothing back); BBB's and Zoom's
  // join reports turn it into theirs (record-attendance.ts)
  await recordOwnJoin(ctx.db, m, {
    session: ownSession(m),
    externalUserId: userId,
    userId: actor?.userId ?? null,
    name: fullName,
    role: role === 'moderator' ? 'MODERATOR' : 'VIEWER',
  });
  return notice ? { url, role, notice } : { url, role };
}

/** The provider session our join belongs to: BBB's internal meeting id when create gave one, else this run's start. */
function ownSession(m: MeetingRow): string {
  const internal = m.providerData.internalMeetingID;
  if (typeof internal === 'string' && internal) return internal;
  return `${m.providerMeetingId}:${m.startedAt?.toISOString() ?? ''}`;
}

/** The dashboard's start button: the same as joining by number as a host. */
export async function startMeeting(ctx: Ctx, actor: Actor, id: string): Promise<JoinResult> {
  // A request that began before its account was suspended says so, rather than "not found"
  await requireOpenAccount(ctx.db, actor.accountId);
  const m = await findMeeting(ctx.db, actor, id);
  return joinMeeting(ctx, actor, m.number, { asOwner: true });
}
