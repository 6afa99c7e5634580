import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { attendance, meetings, recordings, rooms } from '../db/schema/index.ts';
import { conferencing } from '../providers/conferencing/index.ts';
import { applyMeetingEvent, type Ctx, endEvent, findMeeting, type MeetingRow } from './meetings.ts';

/** What the providers tell us (callbacks and webhooks): meeting state, attendance, recordings. */

async function byProviderId(ctx: Ctx, providerMeetingId: string): Promise<MeetingRow | null> {
  const [m] = await ctx.db.select().from(meetings).where(eq(meetings.providerMeetingId, providerMeetingId));
  return m ?? null;
}

async function started(ctx: Ctx, m: MeetingRow) {
  await applyMeetingEvent(ctx, m.id, { type: 'provider.started' }, { strict: false });
}

async function ended(ctx: Ctx, m: MeetingRow) {
  await applyMeetingEvent(ctx, m.id, endEvent('provider.ended', ctx.db), { strict: false });
}

async function joined(
  ctx: Ctx,
  m: MeetingRow,
  e: { session: string; providerUserId: string; name: string; role: string; at: Date; userId?: string },
) {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  await ctx.db
    .insert(attendance)
    .values({
      meetingId: m.id,
      session: e.session,
      providerUserId: e.providerUserId,
      userId: e.userId && uuid.test(e.userId) ? e.userId : null,
      name: e.name,
      role: e.role,
      joinedAt: e.at,
    })
    .onConflictDoNothing();
}

async function left(ctx: Ctx, m: MeetingRow, e: { session: string; providerUserId: string; at: Date }) {
  await ctx.db
    .update(attendance)
    .set({ leftAt: e.at })
    .where(
      and(
        eq(attendance.meetingId, m.id),
        eq(attendance.session, e.session),
        eq(attendance.providerUserId, e.providerUserId),
        isNull(attendance.leftAt),
      ),
    );
}

/**
 * Stores a recording once (by provider and record id) and counts its size against the room's storage,
 * in one transaction, so a repeated callback or webhook changes nothing twice.
 */
export async function storeRecording(
  ctx: Ctx,
  m: MeetingRow,
  r: {
    provider: 'bbb' | 'zoom';
    recordId: string;
    name: string;
    size: number;
    url: string | null;
    start?: Date;
    end?: Date;
  },
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(recordings)
      .values({
        accountId: m.accountId,
        roomId: m.roomId,
        meetingId: m.id,
        provider: r.provider,
        providerRecordId: r.recordId,
        name: r.name,
        sizeBytes: r.size,
        url: r.url,
        startTime: r.start ?? null,
        endTime: r.end ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: recordings.id });
    if (!row) return false;
    await tx
      .update(rooms)
      .set({ usedBytes: sql`${rooms.usedBytes} + ${r.size}` })
      .where(eq(rooms.id, m.roomId));
    return true;
  });
}

// ------------------------------------------------------------ BigBlueButton

/** meta_endCallbackUrl: our URL carries a JWT naming the meeting (BBB does not sign this call). */
export async function onBbbEndCallback(
  ctx: Ctx,
  meetingID: string,
  token: string,
): Promise<'ok' | 'unauthorized' | 'gone'> {
  const bbb = conferencing(ctx.config).bbb;
  if (!bbb || !bbb.verifyEndCallback(meetingID, token)) return 'unauthorized';
  const m = await byProviderId(ctx, meetingID);
  if (!m) return 'gone';
  await ended(ctx, m);
  return 'ok';
}

/**
 * meta_bbb-recording-ready-url: `signed_parameters` is a JWT HS256 with the shared secret, {meeting_id, record_id}.
 * 401 on a bad signature, 410 when the meeting is gone (BBB's conventions); else the recording is fetched and stored.
 */
export async function onBbbRecordingReady(ctx: Ctx, signedParameters: string): Promise<'ok' | 'unauthorized' | 'gone'> {
  const bbb = conferencing(ctx.config).bbb;
  const claims = bbb?.verifyRecordingReady(signedParameters);
  if (!bbb || !claims) return 'unauthorized';
  const m = await byProviderId(ctx, claims.meetingID);
  if (!m || m.status === 'deleted') return 'gone';
  const [rec] = await bbb.getRecordings({ recordID: claims.recordID, state: 'any' });
  if (!rec) return 'gone';
  await storeRecording(ctx, m, {
    provider: 'bbb',
    recordId: rec.recordID,
    name: rec.name || m.name,
    size: rec.size,
    url: rec.playbackUrl,
    start: rec.startTime ? new Date(rec.startTime) : undefined,
    end: rec.endTime ? new Date(rec.endTime) : undefined,
  });
  return 'ok';
}

interface BbbEvent {
  data?: {
    id?: string;
    attributes?: {
      meeting?: Record<string, unknown>;
      user?: Record<string, unknown>;
      recording?: Record<string, unknown>;
      'record-id'?: string;
    };
    event?: { ts?: number };
  };
}

/** bbb-webhooks: form body `event` = JSON (an array in v3), `timestamp`, `domain`; checksum verified by the route. */
export async function onBbbEvents(ctx: Ctx, events: BbbEvent[]): Promise<number> {
  let handled = 0;
  for (const e of events) {
    const id = e.data?.id;
    const meeting = e.data?.attributes?.meeting ?? {};
    const external = String(meeting['external-meeting-id'] ?? '');
    const session = String(meeting['internal-meeting-id'] ?? external);
    if (!id || !external) continue;
    const m = await byProviderId(ctx, external);
    if (!m) continue;
    const at = new Date(e.data?.event?.ts ?? Date.now());
    const user = e.data?.attributes?.user ?? {};
    const providerUserId = String(user['internal-user-id'] ?? user['external-user-id'] ?? '');
    switch (id) {
      case 'meeting-created':
        await started(ctx, m);
        break;
      case 'meeting-ended':
        await ended(ctx, m);
        break;
      case 'user-joined':
        await joined(ctx, m, {
          session,
          providerUserId,
          userId: String(user['external-user-id'] ?? ''),
          name: String(user.name ?? ''),
          role: String(user.role ?? 'VIEWER'),
          at,
        });
        break;
      case 'user-left':
        await left(ctx, m, { session, providerUserId, at });
        break;
      case 'rap-publish-ended': {
        const rec = e.data?.attributes?.recording ?? {};
        const recordId = String(e.data?.attributes?.['record-id'] ?? '');
        if (recordId) {
          const playback = rec.playback as { link?: string } | undefined;
          await storeRecording(ctx, m, {
            provider: 'bbb',
            recordId,
            name: String(rec.name ?? m.name),
            size: Number(rec.size ?? 0),
            url: playback?.link ?? null,
          });
        }
        break;
      }
      default:
        continue;
    }
    handled++;
  }
  return handled;
}

// ------------------------------------------------------------ Zoom

interface ZoomEvent {
  event: string;
  payload?: { object?: Record<string, unknown> };
  event_ts?: number;
}

/** Zoom webhook events (signature verified by the route): state, participants, cloud recordings. */
export async function onZoomEvent(ctx: Ctx, e: ZoomEvent): Promise<boolean> {
  const object = e.payload?.object ?? {};
  const m = await byProviderId(ctx, String(object.id ?? ''));
  if (!m) return false;
  const session = String(object.uuid ?? object.id);
  const participant = (object.participant ?? {}) as Record<string, unknown>;
  const pid = String(participant.participant_user_id ?? participant.user_id ?? participant.id ?? '');
  switch (e.event) {
    case 'meeting.started':
      await started(ctx, m);
      return true;
    case 'meeting.ended':
      await ended(ctx, m);
      return true;
    case 'meeting.participant_joined':
      await joined(ctx, m, {
        session,
        providerUserId: pid,
        name: String(participant.user_name ?? ''),
        role: 'VIEWER',
        at: new Date(String(participant.join_time ?? new Date().toISOString())),
      });
      return true;
    case 'meeting.participant_left':
      await left(ctx, m, {
        session,
        providerUserId: pid,
        at: new Date(String(participant.leave_time ?? new Date().toISOString())),
      });
      return true;
    case 'recording.completed': {
      const files = (object.recording_files ?? []) as {
        id: string;
        file_size?: number;
        play_url?: string;
        recording_start?: string;
        recording_end?: string;
      }[];
      for (const f of files) {
        await storeRecording(ctx, m, {
          provider: 'zoom',
          recordId: f.id,
          name: String(object.topic ?? m.name),
          size: Number(f.file_size ?? 0),
          url: f.play_url ?? null,
          start: f.recording_start ? new Date(f.recording_start) : undefined,
          end: f.recording_end ? new Date(f.recording_end) : undefined,
        });
      }
      return true;
    }
    default:
      return false;
  }
}

// ------------------------------------------------------------ reads

export async function meetingAttendance(ctx: Ctx, actor: Actor, id: string) {
  const m = await findMeeting(ctx.db, actor, id);
  const rows = await ctx.db
    .select()
    .from(attendance)
    .where(eq(attendance.meetingId, m.id))
    .orderBy(asc(attendance.joinedAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    role: r.role,
    userId: r.userId,
    joinedAt: r.joinedAt.toISOString(),
    leftAt: r.leftAt?.toISOString() ?? null,
  }));
}

export async function meetingRecordings(ctx: Ctx, actor: Actor, id: string) {
  const m = await findMeeting(ctx.db, actor, id);
  const rows = await ctx.db
    .select()
    .from(recordings)
    .where(eq(recordings.meetingId, m.id))
    .orderBy(asc(recordings.createdAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    sizeBytes: Number(r.sizeBytes),
    url: r.url,
    downloads: r.downloads,
    startTime: r.startTime?.toISOString() ?? null,
    endTime: r.endTime?.toISOString() ?? null,
  }));
}
