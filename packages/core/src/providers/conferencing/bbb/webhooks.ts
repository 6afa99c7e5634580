import { type BbbRecording, bbbFormat } from '../bbb.ts';
import type { ProviderEvent, ProviderRecordingFormat, ProviderReport } from '../port.ts';

/**
 * What BigBlueButton calls us with, read into provider-neutral reports: the end callback, recording-ready and
 * bbb-webhooks events. Acting on them is the meetings domain's (meetings/on-provider-webhook.ts).
 */

/** A recording as getRecordings gives it, to store. */
export function fromGetRecordings(rec: BbbRecording, m: { name: string }) {
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
