import { describe, expect, it } from 'vitest';
import { ZoomFake } from '../../../test/fakes/zoom-fake.ts';
import { providerMeeting } from './provider-meeting.test-data.ts';
import { ZOOM_MAX_OCCURRENCES, Zoom } from './zoom.ts';

interface Call {
  method: string;
  path: string;
}

/** A Zoom whose API answers the meeting `meeting` to GET and 204 to changes; the calls made are kept. */
function zoomWith(meeting: Record<string, unknown>) {
  const calls: Call[] = [];
  const zoom = new Zoom({
    accountId: 'acc',
    clientId: 'id',
    clientSecret: 'secret',
    apiUrl: 'https://api.zoom.example/v2',
    oauthUrl: 'https://zoom.example/oauth/token',
    fetch: async (input, init) => {
      const url = new URL(String(input));
      if (url.pathname === '/oauth/token') return Response.json({ access_token: 't', expires_in: 3600 });
      calls.push({ method: init?.method ?? 'GET', path: `${url.pathname.replace('/v2', '')}${url.search}` });
      return init?.method === 'GET' ? Response.json(meeting) : new Response(null, { status: 204 });
    },
  });
  return { zoom, calls };
}

const base = { id: 81234567890, join_url: 'https://zoom.example/j/1', start_url: 'https://zoom.example/s/1' };
const first = new Date('2026-04-09T08:00:00Z');
const day51 = new Date('2027-03-25T08:00:00Z');

describe('Zoom recurrence', () => {
  it('asks Zoom for at most 50 days (its documented maximum), however many days the meeting has', () => {
    const { zoom } = zoomWith(base);
    const body = (repeatDays: number) =>
      zoom.meetingBody(providerMeeting({ recurrenceDays: [4, 0], repeatDays })).recurrence;
    expect(body(6)).toEqual({ type: 2, repeat_interval: 1, weekly_days: '1,5', end_times: 6 });
    expect(body(100)?.end_times).toBe(ZOOM_MAX_OCCURRENCES);
    expect(ZOOM_MAX_OCCURRENCES).toBe(50);
    expect(zoom.meetingBody(providerMeeting()).type).toBe(2);
  });

  it('moves and cancels a day Zoom has, and leaves a day after its 50th to Majlis alone', async () => {
    const { zoom, calls } = zoomWith({ ...base, occurrences: [{ occurrence_id: String(+first), start_time: '' }] });
    const meeting = providerMeeting({ recurrenceDays: [4], repeatDays: 100, providerMeetingId: String(base.id) });
    await zoom.updateOccurrence(meeting, first, new Date('2026-04-09T09:00:00Z'), 30);
    await zoom.cancelOccurrence(meeting, first);
    await zoom.updateOccurrence(meeting, day51, new Date('2027-03-25T09:00:00Z'), 30);
    await zoom.cancelOccurrence(meeting, day51);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      { method: 'PATCH', path: `/meetings/${base.id}?occurrence_id=${+first}` },
      { method: 'DELETE', path: `/meetings/${base.id}?occurrence_id=${+first}` },
    ]);
  });

  it('still sends the change when Zoom’s answer lists no occurrences', async () => {
    const { zoom, calls } = zoomWith(base);
    const meeting = providerMeeting({ recurrenceDays: [4], repeatDays: 6, providerMeetingId: String(base.id) });
    await zoom.cancelOccurrence(meeting, first);
    expect(calls.at(-1)).toEqual({ method: 'DELETE', path: `/meetings/${base.id}?occurrence_id=${+first}` });
  });
});

describe('Zoom cloud recordings', () => {
  it('moves a meeting instance’s recording to the trash (uuid double-encoded when Zoom asks), gone ones are done', async () => {
    const fake = await new ZoomFake().start();
    try {
      const zoom = new Zoom({
        accountId: fake.accountId,
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        apiUrl: fake.apiUrl,
        oauthUrl: fake.oauthUrl,
      });
      const { providerMeetingId } = await zoom.schedule(providerMeeting());
      const id = Number(providerMeetingId);
      const plain = fake.record(id, { uuid: 'aDYlohsHRtCd4ii1uC2+hA==' }).uuid;
      const slashed = fake.record(id, { uuid: '/ajXp112QmuoKj4854875==' }).uuid;
      await zoom.deleteRecordings([plain, slashed, 'never-recorded']);
      expect(fake.recordings.get(plain)?.trashed).toBe(true);
      expect(fake.recordings.get(slashed)?.trashed).toBe(true);
      await zoom.deleteRecordings([plain]); // again: already in the trash
    } finally {
      await fake.stop();
    }
  });
});
