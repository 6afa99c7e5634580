import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, meetings, recordings, rooms, users } from '../src/db/schema/index.ts';
import { importBbbRecordings } from '../src/jobs/bbb-recordings-import.ts';
import { storeRecording } from '../src/meetings/apply-provider-event.ts';
import type { Ctx, MeetingRow } from '../src/meetings/meeting-access.ts';
import { onBbbEvents, onBbbRecordingReady, onZoomEvent } from '../src/meetings/on-provider-webhook.ts';
import { conferencing } from '../src/providers/conferencing/index.ts';
import { signJwt } from '../src/providers/conferencing/jwt.ts';
import { BbbSimulator } from './fakes/bbb-simulator.ts';
import { ZoomFake } from './fakes/zoom-fake.ts';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from './services.ts';

/**
 * Recordings as the providers report them (BBB recording-ready and rap-publish-ended, Zoom recording.completed),
 * stored once with their formats, participants and size, against the simulators, on the real database.
 */
describe.each(drivers)('recordings from the providers on %s', (driver) => {
  let database: TestDatabase;
  const sim = new BbbSimulator();
  const zoom = new ZoomFake();
  let config: ReturnType<typeof testConfig>;
  let ctx: Ctx;
  let accountId = '';
  let userId = '';
  let n = 0;

  beforeAll(async () => {
    await sim.start();
    await zoom.start();
    config = testConfig({
      // nothing listens there: the simulator's own deliveries fail fast; the tests hand them over instead
      PUBLIC_URL: 'http://127.0.0.1:9',
      BBB_URL: sim.url,
      BBB_SECRET: sim.secret,
      ZOOM_ACCOUNT_ID: zoom.accountId,
      ZOOM_CLIENT_ID: zoom.clientId,
      ZOOM_CLIENT_SECRET: zoom.clientSecret,
      ZOOM_WEBHOOK_SECRET: zoom.webhookSecret,
      ZOOM_API_URL: zoom.apiUrl,
      ZOOM_OAUTH_URL: zoom.oauthUrl,
    });
    database = await createTestDatabase(driver);
    ctx = { db: database.db, config };
    const [u] = await ctx.db
      .insert(users)
      .values({ email: 'rec@x.test', passwordHash: 'x', fname: 'A', lname: 'B', phone: '+201000000002' })
      .returning();
    const [a] = await ctx.db
      .insert(accounts)
      .values({ kind: 'indv', name: 'A', ownerUserId: u?.id as string })
      .returning();
    userId = u?.id as string;
    accountId = a?.id as string;
  });
  afterAll(async () => {
    await sim.stop();
    await zoom.stop();
    await database?.drop();
    config?.cleanup();
  });

  async function meetingIn(type: 'bbb' | 'zoom'): Promise<MeetingRow> {
    const [room] = await ctx.db.insert(rooms).values({ accountId, name: type, type }).returning();
    const i = ++n;
    const [m] = await ctx.db
      .insert(meetings)
      .values({
        accountId,
        roomId: room?.id as string,
        ownerUserId: userId,
        number: `${driver === 'pglite' ? 5 : 6}${String(i).padStart(9, '0')}`,
        name: `Recorded ${i}`,
        kind: 'permanent',
        timeZone: 'Africa/Cairo',
        durationMinutes: 60,
        status: 'running',
        startedAt: new Date(),
      })
      .returning();
    if (!m) throw new Error('no meeting');
    return m;
  }
  const usedBytes = async (m: MeetingRow) =>
    (await ctx.db.select().from(rooms).where(eq(rooms.id, m.roomId)))[0]?.usedBytes;
  const stored = async (m: MeetingRow) => ctx.db.select().from(recordings).where(eq(recordings.meetingId, m.id));

  /** A BBB meeting of ours the simulator ran, with `people` joined through its client. */
  async function bbbMeeting(people: number) {
    const m = await meetingIn('bbb');
    const bbb = conferencing(config).bbb;
    if (!bbb) throw new Error('BBB not configured');
    const pm = {
      ...m,
      maxParticipants: 10,
      options: {
        autoRecord: true,
        allowStopRecording: false,
        allowBeforeOwner: false,
        allowDownload: true,
        notifyEnterExit: false,
        waitingRoom: false,
      },
    };
    const link = await bbb.start(pm);
    await ctx.db.update(meetings).set(link).where(eq(meetings.id, m.id));
    for (let i = 0; i < people; i++) {
      const url = await bbb.joinUrl(
        { ...pm, ...link },
        { fullName: `P${i}`, userId: `guest-${i}`, role: 'attendee', guest: false },
      );
      const r = await fetch(url, { redirect: 'manual' });
      await fetch(r.headers.get('location') as string);
    }
    return { m: { ...m, ...link } as MeetingRow, meetingID: link.providerMeetingId };
  }

  it('stores a BBB recording once with both formats, its participants and size; a repeat changes nothing', async () => {
    const { m, meetingID } = await bbbMeeting(3);
    const { recordID } = await sim.publishRecording(meetingID, 1000, { video: true });
    const signed = await signJwt({ meeting_id: meetingID, record_id: recordID }, sim.secret);
    expect(await onBbbRecordingReady(ctx, signed)).toBe('ok');
    const [rec] = await stored(m);
    expect(rec).toMatchObject({
      provider: 'bbb',
      providerRecordId: recordID,
      name: m.name,
      sizeBytes: 1000,
      participants: 3,
      published: true,
      deletedAt: null,
      formats: [
        { type: 'presentation', url: `${sim.origin}/playback/presentation/2.3/${recordID}` },
        { type: 'video', url: `${sim.origin}/playback/video/${recordID}/video-0.m4v` },
      ],
    });
    expect(await usedBytes(m)).toBe(1000);
    // again, and the per-format webhooks after it: the server's whole answer is what counts, once
    expect(await onBbbRecordingReady(ctx, signed)).toBe('ok');
    const rap = (format: 'presentation' | 'video', size: number) => ({
      data: {
        id: 'rap-publish-ended',
        attributes: {
          meeting: { 'internal-meeting-id': recordID, 'external-meeting-id': meetingID },
          'record-id': recordID,
          recording: {
            name: m.name,
            size,
            playback: { format, link: `${sim.origin}/playback/${format}/${recordID}/` },
          },
        },
      },
    });
    expect(await onBbbEvents(ctx, [rap('presentation', 500), rap('video', 500)])).toBe(2);
    expect(await stored(m)).toEqual([rec]);
    expect(await usedBytes(m)).toBe(1000);
  });

  it('never brings back a deleted recording, and adds the formats a later report brings', async () => {
    const { m, meetingID } = await bbbMeeting(1);
    const { recordID } = await sim.publishRecording(meetingID, 600);
    // the presentation first (no server answer used: stored as reported), then the video format
    const base = { provider: 'bbb' as const, recordId: recordID, name: m.name, url: null };
    await storeRecording(ctx, m, { ...base, size: 600, formats: [{ type: 'presentation', url: 'https://p/1' }] });
    expect(await storeRecording(ctx, m, { ...base, size: 600, formats: [] })).toBe(false);
    await storeRecording(ctx, m, { ...base, size: 1000, formats: [{ type: 'video', url: 'https://v/1.m4v' }] });
    const [rec] = await stored(m);
    expect(rec?.formats).toEqual([
      { type: 'presentation', url: 'https://p/1' },
      { type: 'video', url: 'https://v/1.m4v' },
    ]);
    expect(rec?.sizeBytes).toBe(1000);
    expect(await usedBytes(m)).toBe(1000);

    // deleted (the recordings service keeps the row as a tombstone): no callback or webhook brings it back
    await ctx.db
      .update(recordings)
      .set({ deletedAt: new Date() })
      .where(eq(recordings.id, rec?.id as string));
    const signed = await signJwt({ meeting_id: meetingID, record_id: recordID }, sim.secret);
    expect(await onBbbRecordingReady(ctx, signed)).toBe('ok');
    expect(await storeRecording(ctx, m, { ...base, size: 5000 })).toBe(false);
    const after = await stored(m);
    expect(after).toHaveLength(1);
    expect(after[0]?.deletedAt).not.toBeNull();
    expect(after[0]?.sizeBytes).toBe(1000);
  });

  it('imports what BBB recorded when its callbacks were lost, once, for meetings that ended lately', async () => {
    const { m, meetingID } = await bbbMeeting(2);
    const old = await bbbMeeting(1);
    const now = new Date();
    await ctx.db.update(meetings).set({ status: 'available', endedAt: now }).where(eq(meetings.id, m.id));
    // ended long ago: not looked for any more
    await ctx.db
      .update(meetings)
      .set({ status: 'available', endedAt: new Date(+now - 4 * 86_400_000) })
      .where(eq(meetings.id, old.m.id));
    // published while we were not listening (the callbacks go nowhere here)
    const { recordID } = await sim.publishRecording(meetingID, 2000, { video: true });
    await sim.publishRecording(old.meetingID, 10);
    const jobCtx = { db: ctx.db, config, now: () => now };
    expect(await importBbbRecordings(jobCtx)).toBe(1);
    expect(await stored(m)).toEqual([
      expect.objectContaining({
        providerRecordId: recordID,
        sizeBytes: 2000,
        participants: 2,
        formats: [expect.objectContaining({ type: 'presentation' }), expect.objectContaining({ type: 'video' })],
      }),
    ]);
    expect(await stored(old.m)).toEqual([]);
    expect(await importBbbRecordings(jobCtx)).toBe(0);
    expect(await usedBytes(m)).toBe(2000);
  });

  it('stores one Zoom recording per meeting instance, its files’ sizes summed and its MP4 as the video', async () => {
    const m = await meetingIn('zoom');
    const z = conferencing(config).zoom;
    const link = await z?.schedule({
      ...m,
      maxParticipants: 10,
      recurrenceDays: [],
      options: {
        autoRecord: true,
        allowStopRecording: true,
        allowBeforeOwner: false,
        allowDownload: true,
        notifyEnterExit: false,
        waitingRoom: false,
      },
    });
    await ctx.db.update(meetings).set({ providerMeetingId: link?.providerMeetingId }).where(eq(meetings.id, m.id));
    const object = zoom.record(Number(link?.providerMeetingId), { mp4Size: 4000 });
    const mp4 = object.recording_files.find((f) => f.file_type === 'MP4');
    const event = { event: 'recording.completed', payload: { object } };
    expect(await onZoomEvent(ctx, event)).toBe(true);
    expect(await onZoomEvent(ctx, event)).toBe(true);
    const all = await stored(m);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      provider: 'zoom',
      providerRecordId: object.uuid,
      name: m.name,
      sizeBytes: object.total_size,
      participants: 0,
      url: mp4?.play_url,
      formats: [{ type: 'video', url: mp4?.download_url }],
    });
    expect(await usedBytes(m)).toBe(object.total_size);
    // the provider operation the recordings service calls to delete it there
    await z?.deleteRecordings([object.uuid]);
    expect(zoom.recordings.get(object.uuid)?.trashed).toBe(true);
  });
});
