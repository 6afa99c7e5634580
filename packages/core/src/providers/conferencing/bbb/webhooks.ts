import {
  applyProviderReport,
  meetingByProviderId,
  type ProviderEvent,
  type ProviderReport,
  storeRecording,
} from '../../../meetings/apply-provider-event.ts';
import type { Ctx, MeetingRow } from '../../../meetings/meeting-access.ts';
import { type BbbRecording, type BigBlueButton, bbbFormat } from '../bbb.ts';
import { conferencing } from '../index.ts';
import type { ProviderRecordingFormat } from '../port.ts';

/** What BigBlueButton calls us with: the end callback, recording-ready, and bbb-webhooks events. */

/** meta_endCallbackUrl: our URL carries a JWT naming the meeting (BBB does not sign this call). */
export async function onBbbEndCallback(
  ctx: Ctx,
  meetingID: string,
  token: string,
): Promise<'ok' | 'unauthorized' | 'gone'> {
  const bbb = conferencing(ctx.config).bbb;
  // awaited whether the JWT check is synchronous or not, so a move to an async JWT library cannot skip it
  if (!bbb || !(await bbb.verifyEndCallback(meetingID, token))) return 'unauthorized';
  const found = await applyProviderReport(ctx, { providerMeetingId: meetingID, events: [{ type: 'ended' }] });
  return found ? 'ok' : 'gone';
}

/**
 * meta_bbb-recording-ready-url: `signed_parameters` is a JWT HS256 with the shared secret, {meeting_id, record_id}.
 * 401 on a bad signature, 410 when the meeting is gone (BBB's conventions); else the recording is fetched and stored.
 */
export async function onBbbRecordingReady(ctx: Ctx, signedParameters: string): Promise<'ok' | 'unauthorized' | 'gone'> {
  const bbb = conferencing(ctx.config).bbb;
  const claims = await bbb?.verifyRecordingReady(signedParameters);
  if (!bbb || !claims) return 'unauthorized';
  const m = await meetingByProviderId(ctx, claims.meetingID);
  if (!m || m.status === 'deleted') return 'gone';
  const [rec] = await bbb.getRecordings({ recordID: claims.recordID, state: 'any' });
  if (!rec) return 'gone';
  if (rec.state === 'deleted') return 'ok';
  await storeRecording(ctx, m, fromGetRecordings(rec, m));
  return 'ok';
}

/** A recording as getRecordings gives it, to store. */
export function fromGetRecordings(rec: BbbRecording, m: Pick<MeetingRow, 'name'>) {
  return {
    provider: 'bbb' as const,
    recordId: rec.recordID,
    name: rec.name || m.name,
    size: rec.size,
    url: rec.playbackUrl,
    formats: rec.formats,
    participants: rec.participants,
    published: rec.published,
    start: rec.startTime ? new Date(rec.startTime) : undefined,
    end: rec.endTime ? new Date(rec.endTime) : undefined,
  };
}

/** One bbb-webhooks event (the JSON of the form field `event`); only the fields we read. */
export interface BbbEvent {
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

/** Reads one bbb-webhooks event; null for events we do not follow or that name no meeting. */
export function parseBbbEvent(e: BbbEvent): ProviderReport | null {
  const id = e.data?.id;
  const meeting = e.data?.attributes?.meeting ?? {};
  const external = String(meeting['external-meeting-id'] ?? '');
  if (!id || !external) return null;
  const session = String(meeting['internal-meeting-id'] ?? external);
  const at = new Date(e.data?.event?.ts ?? Date.now());
  const user = e.data?.attributes?.user ?? {};
  const providerUserId = String(user['internal-user-id'] ?? user['external-user-id'] ?? '');
  const report = (...events: ProviderEvent[]): ProviderReport => ({ providerMeetingId: external, events });
  switch (id) {
    case 'meeting-created':
      return report({ type: 'started' });
    case 'meeting-ended':
      return report({ type: 'ended' });
    case 'user-joined':
      return report({
        type: 'joined',
        session,
        providerUserId,
        externalUserId: String(user['external-user-id'] ?? ''),
        name: String(user.name ?? ''),
        role: String(user.role ?? 'VIEWER'),
        at,
      });
    case 'user-left':
      return report({
        type: 'left',
        session,
        providerUserId,
        at,
        externalUserId: String(user['external-user-id'] ?? ''),
        name: String(user.name ?? ''),
        role: String(user.role ?? 'VIEWER'),
      });
    case 'rap-publish-ended': {
      const rec = e.data?.attributes?.recording ?? {};
      const recordId = String(e.data?.attributes?.['record-id'] ?? '');
      // still a followed event without a record id: counted as handled, nothing to store
      if (!recordId) return report();
      // one event per published format: playback {format, link}; the video format's file is also its download
      const playback = rec.playback as { format?: string; link?: string } | undefined;
      const download = rec.download as { format?: string; link?: string } | undefined;
      const formats = [
        bbbFormat(String(playback?.format ?? 'presentation'), String(playback?.link ?? '')),
        download?.link && (download.format === 'video' || playback?.format === 'video')
          ? bbbFormat('video', String(download.link))
          : null,
      ].filter((f): f is ProviderRecordingFormat => f !== null);
      const start = Number(rec['start-time'] ?? 0);
      const end = Number(rec['end-time'] ?? 0);
      return report({
        type: 'recording',
        recording: {
          provider: 'bbb',
          recordId,
          name: rec.name == null ? undefined : String(rec.name),
          size: Number(rec.size ?? 0),
          url: playback?.link ?? null,
          formats: formats.filter((f, i) => formats.findIndex((g) => g.type === f.type) === i),
          ...(start ? { start: new Date(start) } : {}),
          ...(end ? { end: new Date(end) } : {}),
        },
      });
    }
    default:
      return null;
  }
}

/** bbb-webhooks: form body `event` = JSON (an array in v3), `timestamp`, `domain`; checksum verified by the route. */
export async function onBbbEvents(ctx: Ctx, events: BbbEvent[]): Promise<number> {
  const bbb = conferencing(ctx.config).bbb;
  let handled = 0;
  for (const e of events) {
    const report = parseBbbEvent(e);
    if (report && bbb) {
      const events = await Promise.all(report.events.map((ev) => withServerRecording(bbb, ev)));
      report.events = events.filter((ev): ev is ProviderEvent => ev !== null);
    }
    if (report && (await applyProviderReport(ctx, report))) handled++;
  }
  return handled;
}

/**
 * rap-publish-ended tells one format at a time: what getRecordings says of the whole recording (every format, its
 * size, participants, published state) is stored instead, when the server answers; else the event as it is; nothing
 * when the server deleted it meanwhile.
 */
async function withServerRecording(bbb: BigBlueButton, ev: ProviderEvent): Promise<ProviderEvent | null> {
  if (ev.type !== 'recording') return ev;
  const [rec] = await bbb
    .getRecordings({ recordID: ev.recording.recordId, state: 'any' })
    .catch(() => [] as BbbRecording[]);
  if (!rec || rec.recordID !== ev.recording.recordId) return ev;
  if (rec.state === 'deleted') return null; // deleted on the server meanwhile: nothing to keep
  const { name: _unused, ...stored } = fromGetRecordings(rec, { name: '' });
  return { type: 'recording', recording: { ...stored, name: rec.name || ev.recording.name } };
}
