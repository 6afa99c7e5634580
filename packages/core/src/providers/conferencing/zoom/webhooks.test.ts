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
    const participant = { participant_user_id: 'p-1', user_name: 'Omar', join_time: '2026-04-09T08:01:00Z' };
    expect(parseZoomEvent(body('meeting.participant_joined', { participant }))?.events).toEqual([
      {
        type: 'joined',
        session: 'sess==',
        providerUserId: 'p-1',
        name: 'Omar',
        role: 'VIEWER',
        at: new Date('2026-04-09T08:01:00Z'),
      },
    ]);
    const leaving = { user_id: 'p-2', leave_time: '2026-04-09T09:00:00Z' };
    expect(parseZoomEvent(body('meeting.participant_left', { participant: leaving }))?.events).toEqual([
      { type: 'left', session: 'sess==', providerUserId: 'p-2', at: new Date('2026-04-09T09:00:00Z') },
    ]);
  });

  it('reads one recording per cloud recording file, named after the topic', () => {
    const recording_files = [
      { id: 'f-1', file_size: 100, play_url: 'https://zoom.example/p/1', recording_start: '2026-04-09T08:00:00Z' },
      { id: 'f-2' },
    ];
    const events = parseZoomEvent(body('recording.completed', { recording_files }))?.events;
    expect(events).toEqual([
      {
        type: 'recording',
        recording: {
          provider: 'zoom',
          recordId: 'f-1',
          name: 'Weekly',
          size: 100,
          url: 'https://zoom.example/p/1',
          start: new Date('2026-04-09T08:00:00Z'),
          end: undefined,
        },
      },
      {
        type: 'recording',
        recording: {
          provider: 'zoom',
          recordId: 'f-2',
          name: 'Weekly',
          size: 0,
          url: null,
          start: undefined,
          end: undefined,
        },
      },
    ]);
    expect(parseZoomEvent(body('recording.completed'))?.events).toEqual([]);
  });

  it('ignores events it does not follow', () => {
    expect(parseZoomEvent(body('meeting.sharing_started'))).toBeNull();
    expect(parseZoomEvent({ event: 'endpoint.url_validation' })).toBeNull();
  });
});
