import { describe, expect, it } from 'vitest';
import { BbbApiError, BigBlueButton } from './bbb.ts';
import {
  checksumErrorAnswer,
  createAnswer,
  getMeetingInfoAnswer,
  getRecordingsAnswer,
  noRecordingsAnswer,
} from './bbb-answers.test-data.ts';
import { signJwt } from './jwt.ts';
import { providerMeeting } from './provider-meeting.test-data.ts';

const SECRET = '8cd8ef52e8e101574e400365b55e11a6';

/** A BigBlueButton whose server answers `body` to every call; the calls made are kept. */
function bbbAnswering(body: string, status = 200) {
  const calls: URL[] = [];
  const bbb = new BigBlueButton({
    url: 'https://bbb.example/bigbluebutton',
    secret: SECRET,
    checksum: 'sha256',
    publicUrl: 'https://majlis.example',
    fetch: async (input) => {
      calls.push(new URL(String(input)));
      return new Response(body, { status, headers: { 'content-type': 'text/xml' } });
    },
  });
  return { bbb, calls };
}

describe('BigBlueButton answers', () => {
  it('keeps internalMeetingID and createTime from create, and signs the end callback with a JWT it accepts', async () => {
    const { bbb, calls } = bbbAnswering(createAnswer);
    const meeting = providerMeeting();
    const link = await bbb.start(meeting);
    expect(link.providerData).toMatchObject({
      internalMeetingID: '640ab2bae07bedc4c163f679a746f7ab7fb5d1fa-1531155809613',
      createTime: '1531155809613',
    });
    const create = calls.find((u) => u.pathname.endsWith('/api/create')) as URL;
    const endUrl = new URL(create.searchParams.get('meta_endCallbackUrl') as string);
    expect(endUrl.pathname).toBe('/api/webhooks/bbb/end');
    const token = endUrl.searchParams.get('token') as string;
    expect(await bbb.verifyEndCallback(`majlis-${meeting.id}`, token)).toBe(true);
    expect(await bbb.verifyEndCallback('majlis-another', token)).toBe(false);
  });

  it('maps getMeetingInfo: running, counts, attendees and metadata', async () => {
    const { bbb } = bbbAnswering(getMeetingInfoAnswer);
    expect(await bbb.getMeetingInfo('gbesu6dht08uobpislzqxsizjzihn87cmewqyacs')).toEqual({
      meetingID: 'gbesu6dht08uobpislzqxsizjzihn87cmewqyacs',
      internalMeetingID: 'a0715c95000a2bcb90604ecc7097dbc94592c690-1715261728123',
      running: true,
      participantCount: 1,
      moderatorCount: 1,
      createTime: '1715261728123',
      attendees: [{ userID: 'w_ftcrsyuh44oj', fullName: 'Anton G', role: 'MODERATOR' }],
      metadata: {
        'bbb-origin-version': 'summit2024-6d8120x',
        'bbb-recording-ready-url': 'https://test30.bigbluebutton.org/recording_ready',
        'bbb-origin': 'greenlight',
        endcallbackurl: 'https://test30.bigbluebutton.org/meeting_ended',
      },
    });
  });

  it('maps getRecordings: the formats’ sizes summed (else rawSize), the first playback URL, the metadata', async () => {
    const { bbb } = bbbAnswering(getRecordingsAnswer);
    const [published, processing] = await bbb.getRecordings({ meetingID: 'c637ba21adcd0191f48f5c4bf23fab0f96ed5c18' });
    expect(published).toMatchObject({
      recordID: 'ffbfc4cc24428694e8b53a4e144f414052431693-1530718721124',
      name: "Fred's Room",
      state: 'published',
      startTime: 1530718721124,
      endTime: 1530718810456,
      size: 1500,
      playbackUrl:
        'https://demo.bigbluebutton.org/podcast/ffbfc4cc24428694e8b53a4e144f414052431693-1530718721124/audio.ogg',
      metadata: { isBreakout: 'false', meetingName: "Fred's Room", 'gl-listed': 'false' },
      // the podcast is not a format we play; the presentation is
      formats: [
        {
          type: 'presentation',
          url: 'https://demo.bigbluebutton.org/playback/presentation/2.0/playback.html?meetingId=ffbfc4cc24428694e8b53a4e144f414052431693-1530718721124&t=1',
        },
      ],
      participants: 3,
      published: true,
    });
    expect(processing).toMatchObject({
      state: 'processing',
      size: 4096,
      playbackUrl: null,
      metadata: {},
      formats: [],
      participants: 0,
      published: false,
    });
    expect(await bbbAnswering(noRecordingsAnswer).bbb.getRecordings({ meetingID: 'x' })).toEqual([]);
  });

  it('turns FAILED into a BbbApiError with the messageKey, and a body that is not XML into "no <response>"', async () => {
    const failed = bbbAnswering(checksumErrorAnswer).bbb.getRecordings({});
    await expect(failed).rejects.toBeInstanceOf(BbbApiError);
    await expect(failed).rejects.toMatchObject({ key: 'checksumError' });
    for (const body of ['', '<html><body><h1>502 Bad Gateway</h1><hr></body></html>', '<response><returncode>SUC']) {
      await expect(bbbAnswering(body, 502).bbb.getRecordings({})).rejects.toThrow(/HTTP 502, no <response>/);
    }
  });
});

describe('BigBlueButton recording-ready callback', () => {
  it('accepts signed_parameters signed with the shared secret, and nothing else', async () => {
    const { bbb } = bbbAnswering(createAnswer);
    const signed = await signJwt({ meeting_id: 'majlis-1', record_id: 'rec-1' }, SECRET);
    expect(await bbb.verifyRecordingReady(signed)).toEqual({ meetingID: 'majlis-1', recordID: 'rec-1' });
    expect(await bbb.verifyRecordingReady(await signJwt({ meeting_id: 'majlis-1', record_id: 'rec-1' }, 'x'))).toBe(
      null,
    );
    expect(await bbb.verifyRecordingReady(await signJwt({ meeting_id: 'majlis-1' }, SECRET))).toBeNull();
    expect(await bbb.verifyRecordingReady('garbage')).toBeNull();
  });
});
