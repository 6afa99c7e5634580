import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/connect.ts';
import { meetingAssistants, meetings, recordings, rooms } from '../db/schema/index.ts';
import type { EventBus } from '../events/bus.ts';
import { logger } from '../log.ts';
import { type Pusher, pushStored, storeJobNotification } from '../notifications/push-notifications.ts';
import type { NewRecording, ProviderRecordingFormat, ProviderReport } from '../providers/conferencing/port.ts';
import type { Ctx, MeetingRow } from './meeting-access.ts';
import { applyMeetingEvent, endEvent } from './meeting-status.ts';
import { providerJoined, providerLeft } from './record-attendance.ts';
import { tellPresence } from './tell-presence.ts';

const log = logger.child({ module: 'recordings' });

export async function meetingByProviderId(ctx: Ctx, providerMeetingId: string): Promise<MeetingRow | null> {
  const [m] = await ctx.db.select().from(meetings).where(eq(meetings.providerMeetingId, providerMeetingId));
  return m ?? null;
}

/**
 * Applies a provider's report to the meeting it names; false when no meeting of ours has that provider id.
 * State changes go through the statechart without refusing (`strict: false`): a provider reporting what the chart does
 * not allow (a start of a deleted meeting) is ignored, not an error to answer the provider with.
 */
export async function applyProviderReport(
  ctx: Ctx & { bus?: EventBus; push?: Pusher; requestFlush?: () => void },
  report: ProviderReport,
): Promise<boolean> {
  const m = await meetingByProviderId(ctx, report.providerMeetingId);
  if (!m) return false;
  for (const e of report.events) {
    if (e.type === 'started') await applyMeetingEvent(ctx, m.id, { type: 'provider.started' }, { strict: false });
    else if (e.type === 'ended')
      await applyMeetingEvent(ctx, m.id, endEvent('provider.ended', ctx.db), { strict: false });
    else if (e.type === 'joined') {
      await providerJoined(ctx.db, m.id, e);
      await tellPresence(ctx, m, e); // after the stay is recorded: a failure is retried by the provider, deduped
    } else if (e.type === 'left') {
      await providerLeft(ctx.db, m.id, e);
      await tellPresence(ctx, m, e);
    } else await storeRecording(ctx, m, { ...e.recording, name: e.recording.name ?? m.name });
  }
  return true;
}

/** The formats of both, one per type, the newer report's winning. */
function mergeFormats(old: ProviderRecordingFormat[], add: ProviderRecordingFormat[]): ProviderRecordingFormat[] {
  const byType = new Map(old.map((f) => [f.type, f]));
  for (const f of add) byType.set(f.type, f);
  return ['presentation' as const, 'video' as const].flatMap((t) => byType.get(t) ?? []);
}

/**
 * Stores a recording (by provider and record id) and counts its size against the room's storage, in one transaction.
 * A later report about the same recording adds the formats it did not have and raises its size (and the room's) when
 * bigger, so repeated callbacks and webhooks change nothing twice; a deleted recording (tombstone) is never brought
 * back. The name and the published state, once stored, are ours to change (the recordings service). True when stored
 * or changed.
 */
export async function storeRecording(
  ctx: Ctx & { bus?: EventBus; push?: Pusher; requestFlush?: () => void },
  m: MeetingRow,
  r: NewRecording,
): Promise<boolean> {
  const formats = mergeFormats([], r.formats ?? (r.url ? [{ type: 'presentation', url: r.url }] : []));
  let told = false;
  const stored = await ctx.db.transaction(async (tx) => {
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
        url: r.url ?? formats[0]?.url ?? null,
        formats,
        participants: r.participants ?? 0,
        published: r.published ?? true,
        startTime: r.start ?? null,
        endTime: r.end ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: recordings.id });
    if (row) {
      await tx
        .update(rooms)
        .set({ usedBytes: sql`${rooms.usedBytes} + ${r.size}` })
        .where(eq(rooms.id, m.roomId));
      told = await tellRecordingReady(tx, m, row.id, r.name);
      return true;
    }
    const [old] = await tx
      .select()
      .from(recordings)
      .where(and(eq(recordings.provider, r.provider), eq(recordings.providerRecordId, r.recordId)))
      .for('update');
    if (!old || old.deletedAt) return false;
    const merged = mergeFormats(old.formats, formats);
    const patch = {
      formats: merged,
      sizeBytes: Math.max(old.sizeBytes, r.size),
      participants: Math.max(old.participants, r.participants ?? 0),
      url: old.url ?? r.url ?? merged[0]?.url ?? null,
      startTime: old.startTime ?? r.start ?? null,
      endTime: old.endTime ?? r.end ?? null,
    };
    // jsonb keeps its own key order: compared field by field
    const key = (fs: ProviderRecordingFormat[]) => fs.map((f) => `${f.type} ${f.url}`).join('\n');
    const same =
      key(merged) === key(old.formats) &&
      patch.sizeBytes === old.sizeBytes &&
      patch.participants === old.participants &&
      patch.url === old.url &&
      +(patch.startTime ?? 0) === +(old.startTime ?? 0) &&
      +(patch.endTime ?? 0) === +(old.endTime ?? 0);
    if (same) return false;
    await tx
      .update(recordings)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(recordings.id, old.id));
    if (patch.sizeBytes !== old.sizeBytes) {
      await tx
        .update(rooms)
        .set({ usedBytes: sql`${rooms.usedBytes} + ${patch.sizeBytes - old.sizeBytes}` })
        .where(eq(rooms.id, old.roomId));
    }
    return true;
  });
  if (told) await pushStored(ctx).catch((err: unknown) => log.warn({ err }, 'recording notifications not pushed yet'));
  return stored;
}

/**
 * A new recording: the meeting's owner and assistants are told, once each (dedupe key per recording and user), in
 * the transaction that stores it; pushed after the commit.
 */
async function tellRecordingReady(tx: Tx, m: MeetingRow, recordingId: string, name: string): Promise<boolean> {
  const assistants = await tx
    .select({ userId: meetingAssistants.userId })
    .from(meetingAssistants)
    .where(eq(meetingAssistants.meetingId, m.id));
  let told = false;
  for (const userId of new Set([m.ownerUserId, ...assistants.map((a) => a.userId)])) {
    const link = `/recording/${recordingId}`;
    const created = await storeJobNotification(tx, {
      accountId: m.accountId,
      userId,
      type: 'success',
      titleId: 'notif.recording.ready.title',
      messageId: 'notif.recording.ready.message',
      values: { name: name || m.name, link },
      dedupeKey: `recording-ready:${recordingId}:${userId}`,
      eventMeta: { recordingId, meetingId: m.id, link },
    });
    told ||= created;
  }
  return told;
}
