import { applyProviderReport, type ProviderReport } from '../../../meetings/apply-provider-event.ts';
import type { Ctx } from '../../../meetings/meeting-access.ts';

/** Zoom webhook events (signature verified by the route): meeting state, participants, cloud recordings. */

/** One Zoom webhook body; only the fields we read. */
export interface ZoomEvent {
  event: string;
  payload?: { object?: Record<string, unknown> };
  event_ts?: number;
}

interface ZoomRecordingFile {
  id: string;
  file_size?: number;
  play_url?: string;
  recording_start?: string;
  recording_end?: string;
}

/** Reads one Zoom webhook body; null for events we do not follow. */
export function parseZoomEvent(e: ZoomEvent): ProviderReport | null {
  const object = e.payload?.object ?? {};
  const providerMeetingId = String(object.id ?? '');
  const session = String(object.uuid ?? object.id);
  const participant = (object.participant ?? {}) as Record<string, unknown>;
  const pid = String(participant.participant_user_id ?? participant.user_id ?? participant.id ?? '');
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
            at: new Date(String(participant.join_time ?? new Date().toISOString())),
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
            at: new Date(String(participant.leave_time ?? new Date().toISOString())),
          },
        ],
      };
    case 'recording.completed': {
      const files = (object.recording_files ?? []) as ZoomRecordingFile[];
      return {
        providerMeetingId,
        events: files.map((f) => ({
          type: 'recording' as const,
          recording: {
            provider: 'zoom' as const,
            recordId: f.id,
            name: object.topic == null ? undefined : String(object.topic),
            size: Number(f.file_size ?? 0),
            url: f.play_url ?? null,
            start: f.recording_start ? new Date(f.recording_start) : undefined,
            end: f.recording_end ? new Date(f.recording_end) : undefined,
          },
        })),
      };
    }
    default:
      return null;
  }
}

/** True when the event was one we follow, for a meeting of ours. */
export async function onZoomEvent(ctx: Ctx, e: ZoomEvent): Promise<boolean> {
  const report = parseZoomEvent(e);
  return report ? applyProviderReport(ctx, report) : false;
}
