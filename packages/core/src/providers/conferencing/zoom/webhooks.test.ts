import { describe, expect, it } from 'vitest';
import { parseZoomEvent, type ZoomEvent } from './webhooks.ts';

/** Zoom webhook bodies: `event`, `payload.object` with the meeting id, uuid, participant or recording files. */
const object = { id: 98765432101, uuid: 'sess==', topic: 'Weekly' };
const body = (event: string, extra: Record<string, unknown> = {}): ZoomEvent => ({
  event,
  payload: { object: { ...object, ...extra } },
});

describe('parseZoomEvent', () => {
  it('reads meeting state and participants for the meeting Zoom knows by its numeric id', () => {
    expect(parseZoomEvent(body('meeting.started'))).toEqual({
      providerMeetingId: '98765432101',
      events: [{ type: 'started' }],
    });
    expect(parseZoomEvent(body('meeting.ended'))?.events).toEqual([{ type: 'ended' }]);
    const participant = {
      participant_user_id: 'p-1',
      user_name: 'Omar',
      join_time: '2026-04-09T08:01:00Z',
      customer_key: 'u-1',
    };
    expect(parseZoomEvent(body('meeting.participant_joined', { participant }))?.events).toEqual([
      {
        type: 'joined',
        session: 'sess==',
        providerUserId: 'p-1',
        name: 'Omar',
        role: 'VIEWER',
        at: new Date('2026-04-09T08:01:00Z'),
        externalUserId: 'u-1',
      },
    ]);
    const leaving = { user_id: 'p-2', leave_time: '2026-04-09T09:00:00Z' };
    expect(parseZoomEvent(body('meeting.participant_left', { participant: leaving }))?.events).toEqual([
      { type: 'left', session: 'sess==', providerUserId: 'p-2', at: new Date('2026-04-09T09:00:00Z') },
    ]);
  });

  it('reads one recording per meeting instance, not per file: sizes summed, the MP4 as its video', () => {
    const file = (
      id: string,
      meeting_id: string,
      file_type: string,
      file_size: number,
      start: string,
      end: string,
    ) => ({
      id,
      meeting_id,
      file_type,
      file_size,
      play_url: `https://zoom.example/rec/play/${id}`,
      download_url: `https://zoom.example/rec/download/${id}`,
      recording_start: start,
      recording_end: end,
    });
    const recording_files = [
      file('f-1', 'sess==', 'MP4', 100, '2026-04-09T08:00:00Z', '2026-04-09T08:50:00Z'),
      file('f-2', 'sess==', 'M4A', 20, '2026-04-09T07:59:00Z', '2026-04-09T08:51:00Z'),
      file('f-3', 'sess==', 'CHAT', 1, '2026-04-09T08:00:00Z', '2026-04-09T08:50:00Z'),
      file('f-4', '/other//', 'M4A', 5, '2026-04-09T10:00:00Z', '2026-04-09T10:30:00Z'),
    ];
    const events = parseZoomEvent(body('recording.completed', { recording_files }))?.events;
    expect(events).toEqual([
      {
        type: 'recording',
        recording: {
          provider: 'zoom',
          recordId: 'sess==',
          name: 'Weekly',
          size: 121,
          url: 'https://zoom.example/rec/play/f-1',
          formats: [{ type: 'video', url: 'https://zoom.example/rec/download/f-1' }],
          participants: 0,
          start: new Date('2026-04-09T07:59:00Z'),
          end: new Date('2026-04-09T08:51:00Z'),
        },
      },
      {
        type: 'recording',
        recording: {
          provider: 'zoom',
          recordId: '/other//',
          name: 'Weekly',
          size: 5,
          url: 'https://zoom.example/rec/play/f-4',
          formats: [],
          participants: 0,
          start: new Date('2026-04-09T10:00:00Z'),
          end: new Date('2026-04-09T10:30:00Z'),
        },
      },
    ]);
    // files without their instance belong to the event's meeting uuid
    const [bare] = parseZoomEvent(body('recording.completed', { recording_files: [{ id: 'f-9' }] }))?.events ?? [];
    expect(bare).toMatchObject({ recording: { recordId: 'sess==', size: 0, url: null, formats: [] } });
    expect(parseZoomEvent(body('recording.completed'))?.events).toEqual([]);
  });

  it('ignores events it does not follow', () => {
    expect(parseZoomEvent(body('meeting.sharing_started'))).toBeNull();
    expect(parseZoomEvent({ event: 'endpoint.url_validation' })).toBeNull();
  });
});
