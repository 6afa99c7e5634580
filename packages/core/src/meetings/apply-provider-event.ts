import { and, eq, isNull, sql } from 'drizzle-orm';
import { attendance, meetings, recordings, rooms } from '../db/schema/index.ts';
import type { Ctx, MeetingRow } from './meeting-access.ts';
import { applyMeetingEvent, endEvent } from './meeting-status.ts';

/**
 * What the providers tell us (callbacks and webhooks), once each provider's wire format is read
 * (providers/conferencing/{bbb,zoom}/webhooks.ts): meeting state, attendance, recordings.
 */

export interface NewRecording {
  provider: 'bbb' | 'zoom';
  recordId: string;
  name: string;
  size: number;
  url: string | null;
  start?: Date;
  end?: Date;
}

/** One provider-neutral fact about a meeting. A recording without a name takes the meeting's. */
export type ProviderEvent =
  | { type: 'started' }
  | { type: 'ended' }
  | { type: 'joined'; session: string; providerUserId: string; name: string; role: string; at: Date; userId?: string }
  | { type: 'left'; session: string; providerUserId: string; at: Date }
  | { type: 'recording'; recording: Omit<NewRecording, 'name'> & { name?: string } };

/** The events one provider message carries, for the meeting the provider knows by `providerMeetingId`. */
export interface ProviderReport {
  providerMeetingId: string;
  events: ProviderEvent[];
}

export async function meetingByProviderId(ctx: Ctx, providerMeetingId: string): Promise<MeetingRow | null> {
  const [m] = await ctx.db.select().from(meetings).where(eq(meetings.providerMeetingId, providerMeetingId));
  return m ?? null;
}

/**
 * Applies a provider's report to the meeting it names; false when no meeting of ours has that provider id.
 * State changes go through the statechart without refusing (`strict: false`): a provider reporting what the chart does
 * not allow (a start of a deleted meeting) is ignored, not an error to answer the provider with.
 */
export async function applyProviderReport(ctx: Ctx, report: ProviderReport): Promise<boolean> {
  const m = await meetingByProviderId(ctx, report.providerMeetingId);
  if (!m) return false;
  for (const e of report.events) {
    if (e.type === 'started') await applyMeetingEvent(ctx, m.id, { type: 'provider.started' }, { strict: false });
    else if (e.type === 'ended')
      await applyMeetingEvent(ctx, m.id, endEvent('provider.ended', ctx.db), { strict: false });
    else if (e.type === 'joined') await joined(ctx, m, e);
    else if (e.type === 'left') await left(ctx, m, e);
    else await storeRecording(ctx, m, { ...e.recording, name: e.recording.name ?? m.name });
  }
  return true;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function joined(ctx: Ctx, m: MeetingRow, e: Extract<ProviderEvent, { type: 'joined' }>) {
  await ctx.db
    .insert(attendance)
    .values({
      meetingId: m.id,
      session: e.session,
      providerUserId: e.providerUserId,
      // the provider echoes the user id we passed at join; anything else (a guest) is not one of our users
      userId: e.userId && UUID.test(e.userId) ? e.userId : null,
      name: e.name,
      role: e.role,
      joinedAt: e.at,
    })
    .onConflictDoNothing();
}

async function left(ctx: Ctx, m: MeetingRow, e: Extract<ProviderEvent, { type: 'left' }>) {
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
export async function storeRecording(ctx: Ctx, m: MeetingRow, r: NewRecording): Promise<boolean> {
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
