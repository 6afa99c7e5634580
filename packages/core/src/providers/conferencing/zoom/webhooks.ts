import type { NewRecording, ProviderEvent, ProviderReport } from '../port.ts';

/**
 * Zoom webhook events (signature verified by the route), read into provider-neutral reports: meeting state,
 * participants, cloud recordings. Acting on them is the meetings domain's (meetings/on-provider-webhook.ts).
 */

/** One Zoom webhook body; only the fields we read. */
export interface ZoomEvent {
  event: string;
  payload?: { object?: Record<string, unknown> };
  event_ts?: number;
}

interface ZoomRecordingFile {
  id: string;
  /** The meeting instance (uuid) the file was recorded in. */
  meeting_id?: string;
  file_type?: string;
  file_size?: number;
  play_url?: string;
  download_url?: string;
  recording_start?: string;
  recording_end?: string;
}

const time = (iso: string | undefined) => (iso ? new Date(iso) : undefined);

/**
 * recording.completed: one recording per meeting instance (its uuid), not one per file. Its size is all the files';
 * the first MP4 is its 'video' format (the download_url, else the play_url), which plays and downloads; Zoom does not
 * say how many took part (0).
 */
export function zoomRecordings(object: Record<string, unknown>): Omit<NewRecording, 'name'>[] {
  const files = (object.recording_files ?? []) as ZoomRecordingFile[];
  const bySession = new Map<string, ZoomRecordingFile[]>();
  for (const f of files) {
    const session = String(f.meeting_id ?? object.uuid ?? object.id);
    bySession.set(session, [...(bySession.get(session) ?? []), f]);
  }
  return [...bySession].map(([recordId, group]) => {
    const mp4 = group.find((f) => (f.file_type ?? '').toUpperCase() === 'MP4');
    const videoUrl = mp4?.download_url ?? mp4?.play_url;
    const starts = group.flatMap((f) => time(f.recording_start) ?? []).sort((a, b) => +a - +b);
    const ends = group.flatMap((f) => time(f.recording_end) ?? []).sort((a, b) => +b - +a);
    return {
      provider: 'zoom' as const,
      recordId,
      size: group.reduce((sum, f) => sum + Number(f.file_size ?? 0), 0),
      url: mp4?.play_url ?? group.find((f) => f.play_url)?.play_url ?? null,
      formats: videoUrl ? [{ type: 'video' as const, url: videoUrl }] : [],
      participants: 0,
      start: starts[0],
      end: ends[0],
    };
  });
}

/** Reads one Zoom webhook body; null for events we do not follow. */
export function parseZoomEvent(e: ZoomEvent): ProviderReport | null {
  const object = e.payload?.object ?? {};
  const providerMeetingId = String(object.id ?? '');
  const session = String(object.uuid ?? object.id);
  const participant = (object.participant ?? {}) as Record<string, unknown>;
  const pid = String(participant.participant_user_id ?? participant.user_id ?? participant.id ?? '');
  // customer_key: the id we gave at join, when the client passes one (Meeting SDK customerKey)
  const externalUserId = participant.customer_key == null ? undefined : String(participant.customer_key);
  // a retry of one event carries the same times: the event's own when the participant's is missing, not ours
  const now = (e.event_ts ? new Date(e.event_ts) : new Date()).toISOString();
  switch (e.event) {
    case 'meeting.started':
      return { providerMeetingId, events: [{ type: 'started' }] };
    case 'meeting.ended':
      return { providerMeetingId, events: [{ type: 'ended' }] };
    case 'meeting.participant_joined':
      return {
        providerMeetingId,
        events: [
          {
            type: 'joined',
            session,
            providerUserId: pid,
            name: String(participant.user_name ?? ''),
            role: 'VIEWER',
            at: new Date(String(participant.join_time ?? now)),
            ...(externalUserId ? { externalUserId } : {}),
          },
        ],
      };
    case 'meeting.participant_left':
      return {
        providerMeetingId,
        events: [
          {
            type: 'left',
            session,
            providerUserId: pid,
            at: new Date(String(participant.leave_time ?? now)),
            ...(externalUserId ? { externalUserId } : {}),
            ...(participant.user_name == null ? {} : { name: String(participant.user_name) }),
          },
        ],
      };
    case 'recording.completed': {
      const name = object.topic == null ? undefined : String(object.topic);
      return {
        providerMeetingId,
        events: zoomRecordings(object).map(
          (recording): ProviderEvent => ({ type: 'recording', recording: { ...recording, name } }),
        ),
      };
    }
    default:
      return null;
  }
}
