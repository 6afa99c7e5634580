import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import * as schema from '@majlis/core/db/schema/index';
import { addDays, localParts, todayIn } from '@majlis/core/meetings/time';
import { BigBlueButton } from '@majlis/core/providers/conferencing/bbb';
import { signJwt } from '@majlis/core/providers/conferencing/jwt';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BbbSimulator } from '../../../packages/core/test/fakes/bbb-simulator.ts';
import { ZoomFake } from '../../../packages/core/test/fakes/zoom-fake.ts';
import { createApp } from '../src/app.ts';
import { TestClient } from './client.ts';

const PASSWORD = 'Demo-password-1';
const TZ = 'Africa/Cairo';
const tomorrow = () => addDays(todayIn(TZ), 1);
/** An instant as an .ics value with TZID: the wall clock of the meeting's zone. */
const icsLocal = (iso: string) => {
  const { day, hour } = localParts(new Date(iso), TZ);
  return `${day.replace(/-/g, '')}T${hour.replace(':', '')}00`;
};
const arabicDigits = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

describe.each(drivers)('meetings, rooms and join on %s', (driver) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let server: Server;
  let base = '';
  const sim = new BbbSimulator();
  const zoom = new ZoomFake();
  let config: ReturnType<typeof testConfig>;
  const client = () => new TestClient((url, init) => fetch(url, { ...init, redirect: 'manual' }), base);
  const signedIn = async (email: string) => {
    const c = client();
    expect((await c.login(email, PASSWORD)).status).toBe(200);
    return c;
  };
  const meetingBody = (roomId: string, over: Record<string, unknown> = {}) => ({
    name: 'اجتماع الفريق',
    description: 'Weekly sync; agenda, notes',
    type: 'scheduled',
    roomId,
    day: tomorrow(),
    hour: '10:30',
    durationHours: 1,
    durationMinutes: 30,
    ...over,
  });

  beforeAll(async () => {
    await sim.start();
    await zoom.start();
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    config = testConfig({
      PUBLIC_URL: base,
      BBB_URL: sim.url,
      BBB_SECRET: sim.secret,
      ZOOM_ACCOUNT_ID: zoom.accountId,
      ZOOM_CLIENT_ID: zoom.clientId,
      ZOOM_CLIENT_SECRET: zoom.clientSecret,
      ZOOM_WEBHOOK_SECRET: zoom.webhookSecret,
      ZOOM_API_URL: zoom.apiUrl,
      ZOOM_OAUTH_URL: zoom.oauthUrl,
    });
    database = await createTestDatabase(driver, { seeded: true });
    runtime = await createRuntime(config, { database });
    await runtime.db.update(schema.users).set({ timeZone: TZ });
    server.on('request', getRequestListener(createApp(runtime).fetch));
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await sim.stop();
    await zoom.stop();
    await runtime?.close();
    await database?.drop();
    config?.cleanup();
  });

  describe('rooms', () => {
    it('a new room is unpaid until bought; an individual account cannot add a second one', async () => {
      const owner = await signedIn('owner@demo.test');
      const res = await owner.post('/api/rooms', { name: 'غرفتي', type: 'jitsi', participants: 20 });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        name: 'غرفتي',
        type: 'jitsi',
        participants: 20,
        storageBytes: 10 * 1024 ** 3,
        usedBytes: 0,
        status: 'active',
        meetingsCount: 0,
        subscription: { status: 'unpaid', trial: false, remainingDays: 0, expired: true },
      });
      // the demo's individual user holds her one room, on the free trial (day 3 of 7)
      const c = await signedIn('solo@demo.test');
      const [own] = (await c.get('/api/rooms')).json.rooms;
      expect(own.subscription).toMatchObject({ period: 'trial', status: 'trial', trial: true, remainingDays: 5 });
      const second = await c.post('/api/rooms', { name: 'Another', type: 'jitsi', participants: 10 });
      expect(second.status).toBe(409);
      expect(second.json.code).toBe('INDIVIDUAL_ONE_ROOM');
      expect(second.json.errorMessage.en).toMatch(/enterprise account/);
      expect(second.json.errorMessage.ar).toMatch(/حساب مؤسسة/);
      expect((await c.get('/api/rooms')).json.rooms).toHaveLength(1);
    });

    it('gives the spec messages for a room without name, type or participants', async () => {
      const c = await signedIn('owner@demo.test');
      const res = await c.post('/api/rooms', {});
      expect(res.status).toBe(400);
      expect(res.json.fields.name.en).toBe('Enter the room name');
      expect(res.json.fields.type.en).toBe('Select a room type');
      expect(res.json.fields.participants.en).toBe('Select the number of participants');
      expect(res.json.fields.type.ar).toBe('اختر نوع الغرفة');
    });

    it('lets owners and admins manage rooms, not members; assign and de-assign (deleting the meetings)', async () => {
      const owner = await signedIn('owner@demo.test');
      const member = await signedIn('member@demo.test');
      expect((await member.post('/api/rooms', { name: 'x', type: 'jitsi', participants: 5 })).status).toBe(403);
      const room = (await owner.post('/api/rooms', { name: 'قاعة أ', type: 'jitsi', participants: 50 })).json;
      const memberId = (await member.get('/api/user/info')).json.info.id;
      expect((await member.get('/api/rooms')).json.rooms.map((r: { id: string }) => r.id)).not.toContain(room.id);
      const assigned = await owner.request('PUT', `/api/rooms/${room.id}/assign`, { body: { userId: memberId } });
      expect(assigned.json.assignedUser.id).toBe(memberId);
      expect((await member.get('/api/rooms')).json.rooms.map((r: { id: string }) => r.id)).toContain(room.id);
      const m = await member.post('/api/meetings', meetingBody(room.id));
      expect(m.status).toBe(201);
      const out = await owner.request('DELETE', `/api/rooms/${room.id}/assign`);
      expect(out.json).toEqual({ deletedMeetings: 1 });
      // Both changes are in the owner's activity list (issue 11: an audit row for every administrative change).
      const audit = (await owner.get('/api/users/audit?limit=2')).json.rows as { action: string; target: string }[];
      expect(audit.map((r) => [r.action, r.target])).toEqual([
        ['room.unassign', room.id],
        ['room.assign', room.id],
      ]);
      expect((await member.get(`/api/meetings/${m.json.id}`)).status).toBe(404);
      expect((await client().get(`/api/join/${m.json.number}`)).json.meeting.status).toBe('deleted');
    });

    it('answers 404 for rooms of another account', async () => {
      const owner = await signedIn('owner@demo.test');
      const solo = await signedIn('solo@demo.test');
      const room = (await owner.post('/api/rooms', { name: 'private', type: 'jitsi', participants: 5 })).json;
      expect((await solo.get(`/api/rooms/${room.id}`)).status).toBe(404);
      expect((await solo.request('PUT', `/api/rooms/${room.id}`, { body: { name: 'mine' } })).status).toBe(404);
      expect((await solo.request('DELETE', `/api/rooms/${room.id}`)).status).toBe(404);
    });
  });

  describe('meetings', () => {
    it('validates name, room and a day before today with the spec messages', async () => {
      const c = await signedIn('owner@demo.test');
      const room = (await c.post('/api/rooms', { name: 'r', type: 'jitsi', participants: 5 })).json;
      const empty = await c.post('/api/meetings', { name: ' ', type: 'scheduled' });
      expect(empty.status).toBe(400);
      expect(empty.json.fields.name.en).toBe('Enter the meeting name');
      expect(empty.json.fields.roomId.en).toBe('Select a room');
      const past = await c.post('/api/meetings', meetingBody(room.id, { day: addDays(todayIn(TZ), -1) }));
      expect(past.status).toBe(400);
      expect(past.json.fields.day.en).toBe('A meeting cannot be created for a day before today');
      expect(past.json.fields.day.ar).toMatch(/يوم سابق/);
    });

    it('expands a recurrence, deletes and moves one day, feeds the calendar and the .ics, and edits all days', async () => {
      const c = await signedIn('owner@demo.test');
      const room = (await c.post('/api/rooms', { name: 'r', type: 'jitsi', participants: 5 })).json;
      const created = await c.post('/api/meetings', meetingBody(room.id, { recurrenceDays: [0, 2, 4], repeatDays: 6 }));
      expect(created.status).toBe(201);
      const id = created.json.id;
      expect(created.json.number).toMatch(/^\d{10}$/);
      expect(created.json.actions).toEqual(['start', 'edit', 'deactivate', 'delete']);
      const occ = (await c.get(`/api/meetings/${id}/occurrences`)).json.occurrences;
      expect(occ).toHaveLength(6);
      for (const o of occ)
        expect([0, 2, 4]).toContain(new Date(new Date(o.startsAt).getTime() + 2 * 3600_000).getUTCDay());
      const from = tomorrow();
      const to = addDays(from, 20);
      const feed = async () =>
        (await c.get(`/api/calendar?from=${from}&to=${to}`)).json.events.filter(
          (e: { meetingId: string }) => e.meetingId === id,
        );
      expect(await feed()).toHaveLength(6);
      expect((await c.request('DELETE', `/api/meetings/${id}/occurrences/${occ[1].id}`)).status).toBe(200);
      const moved = new Date(new Date(occ[2].startsAt).getTime() + 3600_000).toISOString();
      const move = await c.request('PUT', `/api/meetings/${id}/occurrences/${occ[2].id}`, {
        body: { startsAt: moved },
      });
      expect(move.json).toMatchObject({ startsAt: moved, edited: true });
      const events = await feed();
      expect(events).toHaveLength(5);
      expect(events.find((e: { id: string }) => e.id === occ[2].id).start).toBe(moved);
      const ics = await c.get(`/api/meetings/${id}/ics`);
      expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
      expect(ics.text).toMatch(/RRULE:FREQ=WEEKLY;BYDAY=SU,TU,TH;COUNT=6\r\n/);
      expect(ics.text).toContain(`EXDATE;TZID=${TZ}:${icsLocal(occ[1].startsAt)}`);
      expect(ics.text).toContain(`RECURRENCE-ID;TZID=${TZ}:${icsLocal(occ[2].startsAt)}`);
      expect(ics.text).toContain('DESCRIPTION:Weekly sync\\; agenda\\, notes');
      expect(ics.text).toContain(`URL;VALUE=URI:${base}/join/${created.json.number}`);
      const edited = await c.request('PUT', `/api/meetings/${id}`, {
        body: meetingBody(room.id, { name: 'Renamed', recurrenceDays: [1], repeatDays: 2 }),
      });
      expect(edited.status).toBe(200);
      expect(edited.json).toMatchObject({ name: 'Renamed', recurrenceDays: [1], repeatDays: 2 });
      expect((await c.get(`/api/meetings/${id}/occurrences`)).json.occurrences).toHaveLength(2);
    });

    it('invites by e-mail in the invitee language with an .ics attachment', async () => {
      const c = await signedIn('owner@demo.test');
      const room = (await c.post('/api/rooms', { name: 'r', type: 'jitsi', participants: 5 })).json;
      const m = (await c.post('/api/meetings', meetingBody(room.id, { recurrenceDays: [1, 3], repeatDays: 4 }))).json;
      const res = await c.post(`/api/meetings/${m.id}/invitations`, {
        emails: ['member@demo.test', 'guest@example.test'],
      });
      expect(res.status).toBe(201);
      // No SMTP server in these tests: the answer says the invitations are kept in the outbox, not sent.
      expect(res.json).toEqual({ sent: 2, delivery: 'outbox' });
      const rows = await runtime.db.select().from(schema.outbox).where(eq(schema.outbox.template, 'meetingInvite'));
      const toMember = rows.find((r) => r.to === 'member@demo.test');
      const toGuest = rows.find((r) => r.to === 'guest@example.test');
      expect(toMember?.locale).toBe('en');
      expect(toMember?.subject).toMatch(/invites you/);
      expect(toGuest?.locale).toBe('ar');
      expect(toGuest?.body).toContain(`${base}/join/${m.number}`);
      const ics = toGuest?.attachments[0];
      expect(ics?.filename).toBe('invite.ics');
      expect(ics?.content).toMatch(/METHOD:REQUEST/);
      expect(ics?.content).toMatch(/RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4/);
      expect(ics?.content).toMatch(new RegExp(`UID:${m.id}@127.0.0.1`));
    });

    it('lists by tab with paging and search, and keeps meetings of other accounts out (404)', async () => {
      const c = await signedIn('owner@demo.test');
      const room = (await c.post('/api/rooms', { name: 'r', type: 'jitsi', participants: 5 })).json;
      const a = (await c.post('/api/meetings', meetingBody(room.id, { name: 'Alpha search-me', favourite: true })))
        .json;
      await c.post('/api/meetings', meetingBody(room.id, { name: 'Beta' }));
      const found = await c.get('/api/meetings?tab=upcoming&q=search-me');
      expect(found.json.results.map((r: { id: string }) => r.id)).toEqual([a.id]);
      const page = await c.get('/api/meetings?tab=upcoming&page=1&pageSize=1');
      expect(page.json.results).toHaveLength(1);
      expect(page.json.total).toBeGreaterThan(1);
      expect((await c.get('/api/meetings?tab=favourites')).json.results.map((r: { id: string }) => r.id)).toContain(
        a.id,
      );
      const solo = await signedIn('solo@demo.test');
      expect((await solo.get(`/api/meetings/${a.id}`)).status).toBe(404);
      expect((await solo.request('DELETE', `/api/meetings/${a.id}`)).status).toBe(404);
      expect((await solo.get(`/api/meetings/${a.id}/ics`)).status).toBe(404);
      expect((await solo.get('/api/meetings?tab=favourites')).json.results).toHaveLength(0);
    });
  });

  describe('join by number', () => {
    it('answers the spec errors: no meeting, deleted, expired, deactivated, not started', async () => {
      const c = await signedIn('owner@demo.test');
      const anon = client();
      await anon.csrf();
      const none = await anon.get('/api/join/99999999999');
      expect(none.status).toBe(404);
      expect(none.json.code).toBe('MEETING_NUMBER_NOT_FOUND');
      expect(none.json.errorMessage).toEqual({
        ar: 'لا يوجد اجتماع بهذا الرقم',
        en: 'There is no meeting at this number',
      });
      const room = (await c.post('/api/rooms', { name: 'r', type: 'jitsi', participants: 5 })).json;
      const m = (await c.post('/api/meetings', meetingBody(room.id))).json;
      const look = await anon.get(`/api/join/${arabicDigits(m.number)}`);
      expect(look.json).toEqual({
        meeting: {
          number: m.number,
          name: m.name,
          status: 'available',
          startsAt: m.startsAt,
          provider: 'jitsi',
          // The organiser's zone, which a guest sees named beside their own.
          timeZone: 'Africa/Cairo',
          // a new meeting has a passcode (issue 30; passcode.test.ts); the lookup says only that one is asked
          passcodeRequired: true,
        },
      });
      const early = await anon.post(`/api/join/${m.number}`, { name: 'Visitor', passcode: m.passcode });
      expect(early.status).toBe(409);
      expect(early.json.errorMessage.en).toBe("The meeting hasn't started yet");
      await c.post(`/api/meetings/${m.id}/deactivate`);
      expect((await anon.post(`/api/join/${m.number}`, { name: 'Visitor', passcode: m.passcode })).json.code).toBe(
        'MEETING_INACTIVE',
      );
      await c.post(`/api/meetings/${m.id}/activate`);
      await runtime.db
        .update(schema.meetingOccurrences)
        .set({ startsAt: sql`now() - interval '3 hours'`, endsAt: sql`now() - interval '2 hours'` })
        .where(eq(schema.meetingOccurrences.meetingId, m.id));
      const expired = await anon.post(`/api/join/${m.number}`, { name: 'Visitor', passcode: m.passcode });
      expect(expired.json.errorMessage.en).toBe('Meeting has expired');
      expect((await c.get(`/api/meetings/${m.id}`)).json.actions).toEqual(['edit', 'delete']);
      const m2 = (await c.post('/api/meetings', meetingBody(room.id))).json;
      expect((await c.request('DELETE', `/api/meetings/${m2.id}`)).status).toBe(200);
      const deleted = await anon.post(`/api/join/${m2.number}`, { name: 'Visitor', passcode: m2.passcode });
      expect(deleted.status).toBe(409);
      expect(deleted.json.errorMessage).toEqual({ ar: 'تم حذف هذا الاجتماع', en: 'This meeting has been deleted' });
    });

    it('Jitsi works out of the box; BigBlueButton and Zoom rooms say when they are not configured', async () => {
      const bare = testConfig();
      const rt2 = await createRuntime(bare, { database });
      const app2 = createApp(rt2);
      const c = new TestClient((url, init) => app2.request(url, init));
      await c.login('solo@demo.test', PASSWORD);
      const bbb = await c.post('/api/rooms', { name: 'x', type: 'bbb', participants: 5 });
      expect(bbb.status).toBe(409);
      expect(bbb.json.errorMessage.en).toMatch(/BigBlueButton is not set up/);
      expect((await c.get('/api/rooms/types')).json.types).toEqual([
        { type: 'bbb', label: 'BigBlueButton', available: false, optionProfile: 'bbb' },
        { type: 'zoom', label: 'Zoom', available: false, optionProfile: 'zoom' },
        { type: 'jitsi', label: 'Jitsi Meet', available: true, optionProfile: 'jitsi' },
      ]);
      const room = (await c.get('/api/rooms')).json.rooms[0];
      // issue 25: without an app secret no option applies on Jitsi: each is saved off, as the form shows it
      const allOn = { allowBeforeOwner: true, autoRecord: true, allowStopRecording: true, allowDownload: true };
      const ignored = await c.post(
        '/api/meetings',
        meetingBody(room.id, { ...allOn, notifyEnterExit: true, waitingRoom: true, favourite: true }),
      );
      expect(ignored.status).toBe(201);
      expect(ignored.json).toMatchObject({
        favourite: true,
        allowBeforeOwner: false,
        autoRecord: false,
        allowStopRecording: false,
        allowDownload: false,
        notifyEnterExit: false,
        waitingRoom: false,
      });
      expect((await c.request('DELETE', `/api/meetings/${ignored.json.id}`)).status).toBe(200);
      const m = (await c.post('/api/meetings', meetingBody(room.id, { type: 'permanent' }))).json;
      const start = await c.post(`/api/meetings/${m.id}/start`);
      expect(start.json.role).toBe('moderator');
      expect(start.json.url).toMatch(/^https:\/\/meet\.jit\.si\/Majlis\d+[0-9a-f]{10}#userInfo\.displayName=/);
      const guest = new TestClient((url, init) => app2.request(url, init));
      await guest.csrf();
      const joined = await guest.post(`/api/join/${m.number}`, { name: 'ضيف', passcode: m.passcode });
      expect(joined.json.url.split('#')[0]).toBe(start.json.url.split('#')[0]);
      expect((await c.get(`/api/meetings/${m.id}/attendance`)).json.attendance).toHaveLength(2);
      await rt2.close();
      bare.cleanup();
    });
  });

  describe('BigBlueButton', () => {
    it('rejects a bad checksum with checksumError and answers duplicateWarning on a repeated create', async () => {
      const bad = await fetch(`${sim.url}/api/getMeetings?checksum=${'0'.repeat(64)}`);
      expect(await bad.text()).toMatch(/<returncode>FAILED<\/returncode><messageKey>checksumError<\/messageKey>/);
      const wrongSecret = new BigBlueButton({ url: sim.url, secret: 'wrong', checksum: 'sha256', publicUrl: base });
      await expect(wrongSecret.call('getMeetings')).rejects.toMatchObject({ key: 'checksumError' });
      const sha1 = new BigBlueButton({ url: sim.url, secret: sim.secret, checksum: 'sha1', publicUrl: base });
      const first = await sha1.call('create', { name: 'Probe', meetingID: 'probe-1' });
      const again = await sha1.call('create', { name: 'Probe', meetingID: 'probe-1' });
      expect(first.children.find((n) => n.name === 'messageKey')?.text).toBe('');
      expect(again.children.find((n) => n.name === 'messageKey')?.text).toBe('duplicateWarning');
    });

    it('runs the whole flow: moderator, participants, attendance, end, recording counted against storage', async () => {
      const owner = await signedIn('owner@demo.test');
      const member = await signedIn('member@demo.test');
      const adminId = (await (await signedIn('admin@demo.test')).get('/api/user/info')).json.info.id;
      const room = (await owner.paidRoom({ name: 'BBB', type: 'bbb', participants: 30 })).json;
      const m = (
        await owner.post(
          '/api/meetings',
          meetingBody(room.id, { autoRecord: true, allowStopRecording: false, assistants: [adminId] }),
        )
      ).json;
      expect(m.assistants.map((a: { id: string }) => a.id)).toEqual([adminId]);
      const start = await owner.post(`/api/meetings/${m.id}/start`);
      expect(start.status).toBe(200);
      expect(start.json.role).toBe('moderator');
      const create = sim.calls.find((x) => x.call === 'create' && x.params.meetingID === `majlis-${m.id}`);
      expect(create?.params).toMatchObject({
        record: 'true',
        autoStartRecording: 'true',
        allowStartStopRecording: 'false',
        guestPolicy: 'ALWAYS_ACCEPT',
        maxParticipants: '30',
        duration: '90',
        'meta_majlis-meeting': m.id,
      });
      expect(create?.params['meta_bbb-recording-ready-url']).toBe(`${base}/api/webhooks/bbb/recording-ready`);
      expect(sim.hooks.size).toBe(1);
      const follow = async (url: string) => {
        const r = await fetch(url, { redirect: 'manual' });
        expect(r.status).toBe(302);
        const page = await fetch(r.headers.get('location') as string);
        return page.text();
      };
      expect(new URL(start.json.url).searchParams.get('role')).toBe('MODERATOR');
      expect(await follow(start.json.url)).toMatch(/data-state="joined"/);
      expect((await owner.get(`/api/meetings/${m.id}`)).json).toMatchObject({
        status: 'running',
        actions: ['end', 'delete'],
      });

      const anon = client();
      await anon.csrf();
      const guest = await anon.post(`/api/join/${arabicDigits(m.number)}`, { name: 'زائر', passcode: m.passcode });
      expect(guest.json.role).toBe('attendee');
      expect(new URL(guest.json.url).searchParams.get('role')).toBe('VIEWER');
      await follow(guest.json.url);
      const asOwner = await member.post(`/api/join/${m.number}`, { asOwner: true, passcode: m.passcode });
      expect(asOwner.json.role).toBe('attendee');
      expect(asOwner.json.notice.en).toBe(
        'You do not have permission to start the meeting as the owner (joins as a participant)',
      );
      await follow(asOwner.json.url);
      await sim.settled();
      let attendance = (await owner.get(`/api/meetings/${m.id}/attendance`)).json.attendance;
      expect(attendance.map((a: { name: string }) => a.name).sort()).toEqual(
        ['Omar Khaled', 'أحمد الشريف', 'زائر'].sort(),
      );
      expect(attendance.every((a: { leftAt: string | null }) => a.leftAt === null)).toBe(true);
      const memberId = (await member.get('/api/user/info')).json.info.id;
      await sim.leave(`majlis-${m.id}`, memberId);
      attendance = (await owner.get(`/api/meetings/${m.id}/attendance`)).json.attendance;
      expect(attendance.find((a: { name: string }) => a.name === 'Omar Khaled').leftAt).not.toBeNull();

      const end = await owner.post(`/api/meetings/${m.id}/end`);
      expect(end.json.status).toBe('available'); // its day (tomorrow) is still ahead
      for (let i = 0; i < 100 && !sim.deliveries.some((d) => d.url.includes('/api/webhooks/bbb/end')); i++) {
        await new Promise((r) => setTimeout(r, 30));
      }
      await sim.settled();
      expect(sim.deliveries.find((d) => d.url.includes('/api/webhooks/bbb/end'))?.status).toBe(200);
      attendance = (await owner.get(`/api/meetings/${m.id}/attendance`)).json.attendance;
      expect(attendance.every((a: { leftAt: string | null }) => a.leftAt !== null)).toBe(true);

      const size = 73_400_320;
      const published = await sim.publishRecording(`majlis-${m.id}`, size);
      expect(published.status).toBe(200);
      await sim.settled();
      const recs = (await owner.get(`/api/meetings/${m.id}/recordings`)).json.recordings;
      expect(recs).toEqual([expect.objectContaining({ sizeBytes: size, name: m.name })]);
      const again = await fetch(`${base}/api/webhooks/bbb/recording-ready`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `signed_parameters=${await signJwt({ meeting_id: `majlis-${m.id}`, record_id: published.recordID }, sim.secret)}`,
      });
      expect(again.status).toBe(200);
      const rooms = (await owner.get('/api/rooms')).json.rooms;
      expect(rooms.find((r: { id: string }) => r.id === room.id).usedBytes).toBe(size);
    });

    it('refuses callbacks and webhooks that are not signed with the shared secret', async () => {
      const forged = await fetch(`${base}/api/webhooks/bbb/recording-ready`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `signed_parameters=${await signJwt({ meeting_id: 'x', record_id: 'y' }, 'not-the-secret')}`,
      });
      expect(forged.status).toBe(401);
      const hook = await fetch(`${base}/api/webhooks/bbb/events?checksum=${'a'.repeat(40)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'event=%5B%5D&timestamp=1',
      });
      expect(hook.status).toBe(401);
      expect((await fetch(`${base}/api/webhooks/bbb/end?meetingID=x&token=bad`)).status).toBe(401);
    });
  });

  describe('Zoom', () => {
    it('creates a recurring meeting with a cached token, follows webhooks, validates signature and URL', async () => {
      const owner = await signedIn('owner@demo.test');
      const room = (await owner.paidRoom({ name: 'Zoom', type: 'zoom', participants: 100 })).json;
      const m = (
        await owner.post(
          '/api/meetings',
          meetingBody(room.id, { recurrenceDays: [1, 3], repeatDays: 4, waitingRoom: true }),
        )
      ).json;
      const [zm] = [...zoom.meetings.values()];
      expect(zm).toMatchObject({
        topic: m.name,
        type: 8,
        duration: 90,
        timezone: TZ,
        recurrence: { type: 2, weekly_days: '2,4', end_times: 4 },
        settings: { waiting_room: true, join_before_host: false, auto_recording: 'none' },
      });
      const start = await owner.post(`/api/meetings/${m.id}/start`);
      expect(start.json.url).toBe(zm?.start_url);
      expect(zoom.tokenRequests).toBe(1);
      const hook = `${base}/api/webhooks/zoom`;
      expect(await zoom.validateUrl(hook)).toBe(true);
      expect((await zoom.sendWebhook(hook, 'meeting.ended', { id: zm?.id }, { badSignature: true })).status).toBe(401);
      const object = { id: String(zm?.id), uuid: zm?.uuid, topic: m.name };
      await zoom.sendWebhook(hook, 'meeting.participant_joined', {
        ...object,
        participant: { user_id: '16778240', user_name: 'Zoom user', join_time: new Date().toISOString() },
      });
      // the host's own join (start_url: Zoom reports it under the Zoom account's name) and the Zoom user
      const names = (await owner.get(`/api/meetings/${m.id}/attendance`)).json.attendance.map(
        (a: { name: string }) => a.name,
      );
      expect(names).toHaveLength(2);
      expect(names).toContain('Zoom user');
      await zoom.sendWebhook(hook, 'meeting.ended', object);
      expect((await owner.get(`/api/meetings/${m.id}`)).json.status).toBe('available');
      await zoom.sendWebhook(hook, 'recording.completed', {
        ...object,
        recording_files: [{ id: 'f1', file_size: 5000, play_url: 'https://zoom.example/rec/play/f1' }],
      });
      expect((await owner.get(`/api/rooms/${room.id}`)).json.usedBytes).toBe(5000);
      const occ = (await owner.get(`/api/meetings/${m.id}/occurrences`)).json.occurrences;
      await owner.request('DELETE', `/api/meetings/${m.id}/occurrences/${occ[0].id}`);
      expect(zm?.deletedOccurrences).toEqual([String(new Date(occ[0].startsAt).getTime())]);
      await owner.request('DELETE', `/api/meetings/${m.id}`);
      expect(zoom.meetings.has(zm?.id as number)).toBe(false);
      expect(zoom.tokenRequests).toBe(1);
    });
  });

  describe('options a provider honours (issue 25)', () => {
    it('Zoom: the create call carries the recording option; "allow the owner to stop" is no Zoom field', async () => {
      const owner = await signedIn('owner@demo.test');
      const room = (await owner.paidRoom({ name: 'Zoom rec', type: 'zoom', participants: 10 })).json;
      const before = new Set(zoom.meetings.keys());
      const m = await owner.post(
        '/api/meetings',
        meetingBody(room.id, { autoRecord: true, allowStopRecording: true, allowBeforeOwner: true }),
      );
      expect(m.status).toBe(201);
      const zm = [...zoom.meetings.values()].find((z) => !before.has(z.id));
      expect(zm?.settings).toMatchObject({ auto_recording: 'cloud', join_before_host: true });
      // Zoom decides pausing and stopping in the account's recording settings: saved off, shown unavailable
      expect(m.json).toMatchObject({ autoRecord: true, allowStopRecording: false, allowBeforeOwner: true });
      expect((await owner.get('/api/rooms/types')).json.types).toContainEqual(
        expect.objectContaining({ type: 'zoom', optionProfile: 'zoom' }),
      );
      // an edit turning recording off is sent to Zoom too
      const edited = await owner.request('PUT', `/api/meetings/${m.json.id}`, {
        body: meetingBody(room.id, { autoRecord: false }),
      });
      expect(edited.status).toBe(200);
      expect(zm?.settings).toMatchObject({ auto_recording: 'none' });
      await owner.request('DELETE', `/api/meetings/${m.json.id}`);
    });
  });

  it('documents every meetings route in /api/openapi.json', async () => {
    const doc = (await client().get('/api/openapi.json')).json;
    for (const path of [
      '/api/rooms',
      '/api/meetings',
      '/api/meetings/{id}/ics',
      '/api/join/{number}',
      '/api/meetings/{id}/passcode',
      '/api/calendar',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/meetings'].post.requestBody).toBeDefined();
  });
});
