import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BbbSimulator } from '../../../test/fakes/bbb-simulator.ts';
import { BBB_CALLBACK_PATHS, BigBlueButton } from './bbb.ts';
import { verifyJwt } from './jwt.ts';
import { providerMeeting } from './provider-meeting.test-data.ts';

/**
 * The BigBlueButton simulator (test fake) as the end-to-end stack drives it: our client against it, its webhooks and
 * callbacks landing on a small receiver, its control API, its recordings and playback.
 */
describe('BigBlueButton simulator', () => {
  const sim = new BbbSimulator();
  let receiver: Server;
  let bbb: BigBlueButton;
  /** What the simulator delivered to us: webhook event ids and callback paths, in order. */
  const received: string[] = [];

  beforeAll(async () => {
    await sim.start();
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://x');
        const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const event = body.get('event');
        if (event) for (const e of JSON.parse(event)) received.push(e.data.id);
        else received.push(url.pathname);
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const publicUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    bbb = new BigBlueButton({ url: sim.url, secret: sim.secret, checksum: 'sha256', publicUrl });
  });
  afterAll(async () => {
    await sim.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const control = (path: string, body?: unknown) =>
    fetch(`${sim.origin}/sim/meetings${path}`, {
      method: body === undefined && !path ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** Starts a recorded meeting and joins `users` through the HTML5 client, as browsers would. */
  async function meetingWith(id: string, users: { userId: string; fullName: string }[]) {
    const meeting = providerMeeting({ id, options: { ...providerMeeting().options, autoRecord: true } });
    const link = await bbb.start(meeting);
    const started = { ...meeting, ...link };
    for (const u of users) {
      const r = await fetch(await bbb.joinUrl(started, { ...u, role: 'attendee', guest: false }), {
        redirect: 'manual',
      });
      expect(r.status).toBe(302);
      expect(await (await fetch(r.headers.get('location') as string)).text()).toMatch(/data-state="joined"/);
    }
    await sim.settled();
    return link.providerMeetingId;
  }

  it('lists meetings and attendees, and answers leave and end once their webhooks and callbacks were delivered', async () => {
    const meetingID = await meetingWith('11111111-1111-4111-8111-111111111111', [
      { userId: 'u-1', fullName: 'سارة' },
      { userId: 'guest-2', fullName: 'Guest' },
    ]);
    const listed = (await (await fetch(`${sim.origin}/sim/meetings`)).json()) as {
      meetingID: string;
      attendees: { userID: string; fullName: string; role: string }[];
    }[];
    expect(listed.find((m) => m.meetingID === meetingID)?.attendees).toEqual([
      { userID: 'u-1', fullName: 'سارة', role: 'VIEWER' },
      { userID: 'guest-2', fullName: 'Guest', role: 'VIEWER' },
    ]);
    expect(received).toEqual(['meeting-created', 'user-joined', 'user-joined']);

    const left = await control(`/${meetingID}/leave`, { userID: 'u-1' });
    expect(left.status).toBe(200);
    expect(await left.json()).toEqual({ ok: true });
    expect(received.at(-1)).toBe('user-left');
    expect((await control(`/${meetingID}/leave`, { userID: 'u-1' })).status).toBe(404);

    const ended = await control(`/${meetingID}/end`, {});
    expect(await ended.json()).toEqual({ ok: true });
    // the other attendee leaves, then meeting-ended, then the end callback
    expect(received.slice(-3)).toEqual(['user-left', 'meeting-ended', BBB_CALLBACK_PATHS.end]);
    expect((await control('/nope/end', {})).status).toBe(404);
  });

  it('publishes a recording with both formats, counts its participants, publishes, unpublishes and deletes it', async () => {
    const meetingID = await meetingWith('22222222-2222-4222-8222-222222222222', [
      { userId: 'u-1', fullName: 'One' },
      { userId: 'u-2', fullName: 'Two' },
      { userId: 'u-3', fullName: 'Three' },
    ]);
    await control(`/${meetingID}/leave`, { userID: 'u-3' });
    await control(`/${meetingID}/end`, {});
    received.length = 0;
    const published = await control(`/${meetingID}/publish`, { size: 1000, video: true });
    const { recordID, status } = (await published.json()) as { recordID: string; status: number };
    expect(status).toBe(200);
    // one rap-publish-ended per format, then the recording-ready callback
    expect(received).toEqual(['rap-publish-ended', 'rap-publish-ended', BBB_CALLBACK_PATHS.recordingReady]);
    const ready = sim.deliveries.find((d) => d.url.endsWith(BBB_CALLBACK_PATHS.recordingReady));
    const signed = new URLSearchParams(ready?.body).get('signed_parameters') as string;
    expect(await verifyJwt(signed, sim.secret)).toMatchObject({ meeting_id: meetingID, record_id: recordID });

    const [rec] = await bbb.getRecordings({ recordID });
    expect(rec).toMatchObject({
      recordID,
      meetingID,
      published: true,
      participants: 3,
      size: 1000,
      formats: [
        { type: 'presentation', url: `${sim.origin}/playback/presentation/2.3/${recordID}` },
        { type: 'video', url: `${sim.origin}/playback/video/${recordID}/video-0.m4v` },
      ],
    });

    const page = await fetch(`${sim.origin}/playback/presentation/2.3/${recordID}`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toMatch(/<title>Weekly sync<\/title>.*data-testid="bbb-playback"/s);
    expect(await (await fetch(`${sim.origin}/playback/video/${recordID}/`)).text()).toMatch(/<video[^>]+video-0\.m4v/);
    const file = await fetch(`${sim.origin}/playback/video/${recordID}/video-0.m4v`);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${recordID}.m4v"`);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);

    await bbb.publishRecordings([recordID], false);
    expect((await bbb.getRecordings({ recordID }))[0]?.published).toBe(false);
    expect(await bbb.getRecordings({ recordID, state: 'published' })).toEqual([]);
    await bbb.publishRecordings([recordID], true);
    expect((await bbb.getRecordings({ recordID }))[0]?.published).toBe(true);
    await expect(bbb.publishRecordings(['unknown'], true)).rejects.toMatchObject({ key: 'notFound' });

    await bbb.deleteRecordings([recordID, 'unknown']);
    expect(await bbb.getRecordings({ recordID })).toEqual([]);
    expect((await bbb.getRecordings({ recordID, state: 'deleted' }))[0]?.recordID).toBe(recordID);
    expect((await fetch(`${sim.origin}/playback/presentation/2.3/${recordID}`)).status).toBe(404);
    await sim.settled();
    expect(received).toEqual(expect.arrayContaining(['rap-unpublished', 'rap-published', 'rap-deleted']));
  });

  it('makes the presentation only, unless the server produces video', async () => {
    const meetingID = await meetingWith('33333333-3333-4333-8333-333333333333', [{ userId: 'u-1', fullName: 'One' }]);
    const { recordID } = await sim.publishRecording(meetingID, 500);
    const [rec] = await bbb.getRecordings({ meetingID });
    expect(rec).toMatchObject({ recordID, participants: 1, size: 500, formats: [{ type: 'presentation' }] });
    expect((await fetch(`${sim.origin}/playback/video/${recordID}/video-0.m4v`)).status).toBe(404);
  });
});
