import { describe, expect, it } from 'vitest';
import { type BbbEvent, parseBbbEvent } from './webhooks.ts';

/** bbb-webhooks v3 shapes (data.id, data.attributes.meeting/user/recording, data.event.ts). */
const meeting = { 'external-meeting-id': 'ext-1', 'internal-meeting-id': 'int-1' };
const at = Date.UTC(2026, 3, 9, 8, 0);
const event = (id: string, attributes: Record<string, unknown> = {}): BbbEvent => ({
  data: { id, attributes: { meeting, ...attributes }, event: { ts: at } },
});

describe('parseBbbEvent', () => {
  it('reads meeting state, joins and leaves for the meeting BBB knows by our external id', () => {
    expect(parseBbbEvent(event('meeting-created'))).toEqual({
      providerMeetingId: 'ext-1',
      events: [{ type: 'started' }],
    });
    expect(parseBbbEvent(event('meeting-ended'))).toEqual({ providerMeetingId: 'ext-1', events: [{ type: 'ended' }] });
    const user = { 'internal-user-id': 'w_1', 'external-user-id': 'u-1', name: 'سارة', role: 'MODERATOR' };
    expect(parseBbbEvent(event('user-joined', { user }))?.events).toEqual([
      {
        type: 'joined',
        session: 'int-1',
        providerUserId: 'w_1',
        externalUserId: 'u-1',
        name: 'سارة',
        role: 'MODERATOR',
        at: new Date(at),
      },
    ]);
    expect(parseBbbEvent(event('user-left', { user }))?.events).toEqual([
      {
        type: 'left',
        session: 'int-1',
        providerUserId: 'w_1',
        at: new Date(at),
        externalUserId: 'u-1',
        name: 'سارة',
        role: 'MODERATOR',
      },
    ]);
  });

  it('reads a published recording, one format per event; without a record id the event stores nothing', () => {
    const recording = {
      name: 'Weekly',
      size: 2048,
      'start-time': 1571938092195,
      'end-time': 1571938108441,
      playback: { format: 'presentation', link: 'https://bbb.example/playback/presentation/2.3/r-1' },
      download: {},
    };
    expect(parseBbbEvent(event('rap-publish-ended', { recording, 'record-id': 'r-1' }))?.events).toEqual([
      {
        type: 'recording',
        recording: {
          provider: 'bbb',
          recordId: 'r-1',
          name: 'Weekly',
          size: 2048,
          url: 'https://bbb.example/playback/presentation/2.3/r-1',
          formats: [{ type: 'presentation', url: 'https://bbb.example/playback/presentation/2.3/r-1' }],
          start: new Date(1571938092195),
          end: new Date(1571938108441),
        },
      },
    ]);
    // the video workflow: its page, and the file it plays (the download when given)
    const video = {
      size: 900,
      playback: { format: 'video', link: 'https://bbb.example/playback/video/r-1/' },
      download: { format: 'video', link: 'https://bbb.example/playback/video/r-1/video-0.m4v' },
    };
    expect(
      parseBbbEvent(event('rap-publish-ended', { recording: video, 'record-id': 'r-1' }))?.events[0],
    ).toMatchObject({
      recording: { formats: [{ type: 'video', url: 'https://bbb.example/playback/video/r-1/video-0.m4v' }] },
    });
    const podcast = { playback: { format: 'podcast', link: 'https://bbb.example/podcast/r-1/audio.ogg' } };
    expect(
      parseBbbEvent(event('rap-publish-ended', { recording: podcast, 'record-id': 'r-1' }))?.events[0],
    ).toMatchObject({ recording: { formats: [] } });
    const unnamed = parseBbbEvent(event('rap-publish-ended', { recording: {}, 'record-id': 'r-2' }))?.events[0];
    expect(unnamed).toMatchObject({ recording: { name: undefined, size: 0, url: null, formats: [] } });
    expect(parseBbbEvent(event('rap-publish-ended'))).toEqual({ providerMeetingId: 'ext-1', events: [] });
  });

  it('ignores events it does not follow and events that name no meeting', () => {
    expect(parseBbbEvent(event('meeting-recording-started'))).toBeNull();
    expect(parseBbbEvent({ data: { id: 'meeting-ended', attributes: {} } })).toBeNull();
    expect(parseBbbEvent({})).toBeNull();
  });
});
