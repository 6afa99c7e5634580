import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS, DEMO_STAFF_EMAILS } from '@majlis/core/demo/seed-demo';
import { addDays, todayIn } from '@majlis/core/meetings/time';
import { testConfig } from '@majlis/core/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BbbSimulator } from '../../../packages/core/test/fakes/bbb-simulator.ts';
import { ZoomFake } from '../../../packages/core/test/fakes/zoom-fake.ts';
import type { TestClient } from './client.ts';
import { startBff, type TestBff } from './server.ts';

const TZ = 'Africa/Cairo';
const arabicDigits = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
/** Another passcode than `p` (same length). */
const other = (p: string) => String((Number(p) + 1) % 1_000_000).padStart(6, '0');

/**
 * Issue 30, meeting passcodes: on for new meetings, shown to hosts only, carried by the invitation link and the .ics,
 * asked on join by number (either digit style), limited per IP and per meeting, passed to BigBlueButton and Zoom, and
 * changed or turned off by a host.
 */
describe('meeting passcodes', () => {
  let bff: TestBff;
  const sim = new BbbSimulator();
  const zoom = new ZoomFake();
  let owner: TestClient;
  let bbbRoom = '';
  let jitsiRoom = '';
  const anon = async () => {
    const c = bff.client();
    await c.csrf();
    return c;
  };
  const meetingBody = (roomId: string, over: Record<string, unknown> = {}) => ({
    name: 'مجلس القسم',
    type: 'scheduled',
    roomId,
    day: addDays(todayIn(TZ), 1),
    hour: '10:30',
    durationHours: 1,
    durationMinutes: 0,
    // guests may start it: a join that passes the passcode check gets in without a host
    allowBeforeOwner: true,
    ...over,
  });
  const newMeeting = async (roomId = bbbRoom, over: Record<string, unknown> = {}) => {
    const res = await owner.post('/api/meetings', meetingBody(roomId, over));
    expect(res.status).toBe(201);
    return res.json as { id: string; number: string; passcode: string | null; joinUrl: string };
  };

  beforeAll(async () => {
    await sim.start();
    await zoom.start();
    bff = await startBff({
      mode: 'embedded',
      config: (url) =>
        testConfig({
          PUBLIC_URL: url,
          TRUST_PROXY: '1',
          BBB_URL: sim.url,
          BBB_SECRET: sim.secret,
          ZOOM_ACCOUNT_ID: zoom.accountId,
          ZOOM_CLIENT_ID: zoom.clientId,
          ZOOM_CLIENT_SECRET: zoom.clientSecret,
          ZOOM_WEBHOOK_SECRET: zoom.webhookSecret,
          ZOOM_API_URL: zoom.apiUrl,
          ZOOM_OAUTH_URL: zoom.oauthUrl,
          LOG_LEVEL: 'error',
        }),
      prepare: (db) => db.update(schema.users).set({ timeZone: TZ }),
    });
    owner = (await bff.signIn(DEMO_EMAILS.owner)).http;
    bbbRoom = (await owner.paidRoom({ name: 'BBB', type: 'bbb', participants: 30 })).json.id;
    jitsiRoom = (await owner.paidRoom({ name: 'Jitsi', type: 'jitsi', participants: 30 })).json.id;
  });
  afterAll(async () => {
    await bff?.stop();
    await sim.stop();
    await zoom.stop();
  });

  it('a new meeting has six digits, shown to its hosts and carried by its invitation link and .ics', async () => {
    const m = await newMeeting();
    expect(m.passcode).toMatch(/^\d{6}$/);
    expect(m.joinUrl).toBe(`${bff.url}/join/${m.number}?pwd=${m.passcode}`);
    const ics = await owner.get(`/api/meetings/${m.id}/ics`);
    expect(ics.text.replace(/\r\n[ \t]/g, '')).toContain(`/join/${m.number}?pwd=${m.passcode}`);
    // an assistant and the account's admin are hosts: they see it; the public lookup only says one is needed
    const admin = (await bff.signIn(DEMO_EMAILS.admin)).http;
    expect((await admin.get(`/api/meetings/${m.id}`)).json.passcode).toBe(m.passcode);
    const look = await (await anon()).get(`/api/join/${m.number}`);
    expect(look.json.meeting.passcodeRequired).toBe(true);
    expect(JSON.stringify(look.json)).not.toContain(m.passcode);
    // a member who is no host of it never reads the meeting, so never its passcode
    const member = (await bff.signIn(DEMO_EMAILS.member)).http;
    expect((await member.get(`/api/meetings/${m.id}`)).status).toBe(404);
    expect(JSON.stringify((await member.get('/api/meetings?tab=upcoming')).json)).not.toContain(m.passcode);
  });

  it('join by number: no passcode or a wrong one is refused in both languages; the link, or Arabic digits, let in', async () => {
    const m = await newMeeting();
    const guest = await anon();
    const none = await guest.post(`/api/join/${m.number}`, { name: 'زائر' });
    expect(none.status).toBe(403);
    expect(none.json.code).toBe('MEETING_PASSCODE_REQUIRED');
    expect(none.json.errorMessage).toEqual({
      ar: 'لهذا الاجتماع رمز مرور: أدخله للانضمام',
      en: 'This meeting has a passcode: enter it to join',
    });
    const wrong = await guest.post(`/api/join/${m.number}`, { name: 'زائر', passcode: other(m.passcode as string) });
    expect(wrong.status).toBe(403);
    expect(wrong.json.code).toBe('MEETING_PASSCODE_WRONG');
    expect(wrong.json.errorMessage.ar).toBe('رمز المرور غير صحيح: تحقق منه وحاول مرة أخرى');
    expect(wrong.json.fields.passcode.en).toBe('The passcode is wrong: check it and try again');
    const malformed = await guest.post(`/api/join/${m.number}`, { name: 'زائر', passcode: '12a' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.fields.passcode.en).toBe('Enter the passcode: 6 digits');
    // the invitation link's ?pwd= is what the join page sends: in, without typing (allowBeforeOwner starts it)
    const pwd = new URL(m.joinUrl).searchParams.get('pwd');
    const linked = await guest.post(`/api/join/${m.number}`, { name: 'زائر', passcode: pwd });
    expect(linked.status).toBe(200);
    expect(linked.json.role).toBe('attendee');
    // typed in Arabic-Indic digits, with a space
    const typed = await (await anon()).post(`/api/join/${arabicDigits(m.number)}`, {
      name: 'ضيف',
      passcode: ` ${arabicDigits(m.passcode as string).slice(0, 3)} ${arabicDigits(m.passcode as string).slice(3)}`,
    });
    expect(typed.status).toBe(200);
    // a host is never asked
    const host = await owner.post(`/api/join/${m.number}`, {});
    expect(host.status).toBe(200);
    expect(host.json.role).toBe('moderator');
  });

  it('the 11th wrong passcode from one IP is refused for a while, the right one too; another IP still gets in', async () => {
    const m = await newMeeting();
    const guesser = await anon();
    const wrong = other(m.passcode as string);
    for (let i = 0; i < 10; i++) {
      const res = await guesser.post(`/api/join/${m.number}`, { name: 'x', passcode: wrong });
      expect(res.json.code, `try ${i + 1}`).toBe('MEETING_PASSCODE_WRONG');
    }
    const eleventh = await guesser.post(`/api/join/${m.number}`, { name: 'x', passcode: wrong });
    expect(eleventh.status).toBe(429);
    expect(eleventh.json.code).toBe('MEETING_PASSCODE_TRIES');
    expect(eleventh.json.errorMessage.en).toBe('Too many wrong passcodes. Wait 15 minutes and try again');
    expect(eleventh.json.errorMessage.ar).toBe('رموز مرور خاطئة كثيرة. انتظر ١٥ دقيقة ثم حاول مرة أخرى');
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    const right = await guesser.post(`/api/join/${m.number}`, { name: 'x', passcode: m.passcode });
    expect(right.json.code).toBe('MEETING_PASSCODE_TRIES');
    // the block is that IP's: an invitee elsewhere joins
    const invitee = await (await anon()).post(`/api/join/${m.number}`, { name: 'y', passcode: m.passcode });
    expect(invitee.status).toBe(200);
  });

  it('wrong tries from many IPs are limited per meeting; a new passcode starts the count again', async () => {
    const m = await newMeeting();
    const wrong = other(m.passcode as string);
    for (let i = 0; i < 50; i++) {
      const res = await (await anon()).post(`/api/join/${m.number}`, { name: 'x', passcode: wrong });
      expect(res.json.code, `try ${i + 1}`).toBe('MEETING_PASSCODE_WRONG');
    }
    const blocked = await (await anon()).post(`/api/join/${m.number}`, { name: 'x', passcode: m.passcode });
    expect(blocked.json.code).toBe('MEETING_PASSCODE_TRIES');
    const renewed = await owner.post(`/api/meetings/${m.id}/passcode`);
    expect(renewed.status).toBe(200);
    expect(renewed.json.passcode).toMatch(/^\d{6}$/);
    expect(renewed.json.passcode).not.toBe(m.passcode);
    const old = await (await anon()).post(`/api/join/${m.number}`, { name: 'x', passcode: m.passcode });
    expect(old.json.code).toBe('MEETING_PASSCODE_WRONG');
    const fresh = await (await anon()).post(`/api/join/${m.number}`, { name: 'x', passcode: renewed.json.passcode });
    expect(fresh.status).toBe(200);
  });

  it('turned off, the number alone lets people in and the link carries nothing', async () => {
    const m = await newMeeting();
    const off = await owner.request('DELETE', `/api/meetings/${m.id}/passcode`);
    expect(off.status).toBe(200);
    expect(off.json.passcode).toBeNull();
    expect(off.json.joinUrl).toBe(`${bff.url}/join/${m.number}`);
    expect((await (await anon()).get(`/api/join/${m.number}`)).json.meeting.passcodeRequired).toBe(false);
    expect((await (await anon()).post(`/api/join/${m.number}`, { name: 'z' })).status).toBe(200);
  });

  it('a meeting from before passcodes (none stored) joins as it did', async () => {
    const m = await newMeeting();
    await bff.db.update(schema.meetings).set({ passcode: null }).where(eq(schema.meetings.id, m.id));
    expect((await (await anon()).post(`/api/join/${m.number}`, { name: 'z' })).status).toBe(200);
  });

  it('who may change it: owner, admin and assistants; a member gets 404, another account 404, and it is rate limited', async () => {
    const asst = await bff.signIn(DEMO_STAFF_EMAILS.member2);
    const m = await newMeeting(jitsiRoom, { assistants: [asst.userId] });
    expect((await owner.post(`/api/meetings/${m.id}/passcode`)).status).toBe(200);
    const admin = (await bff.signIn(DEMO_EMAILS.admin)).http;
    expect((await admin.post(`/api/meetings/${m.id}/passcode`)).status).toBe(200);
    const byAssistant = await asst.http.request('DELETE', `/api/meetings/${m.id}/passcode`);
    expect(byAssistant.status).toBe(200);
    expect(byAssistant.json.passcode).toBeNull();
    const member = (await bff.signIn(DEMO_EMAILS.member)).http;
    expect((await member.post(`/api/meetings/${m.id}/passcode`)).status).toBe(404);
    expect((await member.request('DELETE', `/api/meetings/${m.id}/passcode`)).status).toBe(404);
    const solo = (await bff.signIn(DEMO_EMAILS.solo)).http;
    const across = await solo.post(`/api/meetings/${m.id}/passcode`);
    expect(across.status).toBe(404);
    expect(across.json.code).toBe('NOT_FOUND');
    expect((await (await anon()).post(`/api/meetings/${m.id}/passcode`)).status).toBe(401);
    // a host regenerates a handful of times; a script is stopped (60 an hour per user)
    let last = 200;
    for (let i = 0; i < 60 && last === 200; i++) last = (await admin.post(`/api/meetings/${m.id}/passcode`)).status;
    expect(last).toBe(429);
  });

  it('BigBlueButton receives the passcode on create; a change while it runs keeps the session, the next takes it', async () => {
    const m = await newMeeting(bbbRoom);
    const started = await owner.post(`/api/meetings/${m.id}/start`);
    expect(started.status).toBe(200);
    const live = sim.meetings.get(`majlis-${m.id}`);
    expect(live?.params.attendeePW).toBe(m.passcode);
    expect(live?.params.moderatorPW).toMatch(/^[0-9a-f]{16}$/);
    // a new passcode while it runs: the host's re-create (idempotent) still succeeds with the session's codes
    const renewed = (await owner.post(`/api/meetings/${m.id}/passcode`)).json;
    const again = await owner.post(`/api/meetings/${m.id}/start`);
    expect(again.status).toBe(200);
    expect(sim.meetings.get(`majlis-${m.id}`)?.params.attendeePW).toBe(m.passcode);
    const guest = await (await anon()).post(`/api/join/${m.number}`, { name: 'g', passcode: renewed.passcode });
    expect(guest.status).toBe(200);
  });

  it('Zoom gets it as the meeting passcode on create and on change', async () => {
    const zoomRoom = (await owner.paidRoom({ name: 'Zoom', type: 'zoom', participants: 30 })).json.id;
    const m = await newMeeting(zoomRoom);
    const at = () => [...zoom.meetings.values()].find((z) => z.topic === 'مجلس القسم' && z.password !== undefined);
    const zoomId = (await bff.db.select().from(schema.meetings).where(eq(schema.meetings.id, m.id)))[0]
      ?.providerMeetingId;
    expect(at()).toBeDefined();
    expect(zoom.meetings.get(Number(zoomId))?.password).toBe(m.passcode);
    const renewed = (await owner.post(`/api/meetings/${m.id}/passcode`)).json;
    expect(zoom.meetings.get(Number(zoomId))?.password).toBe(renewed.passcode);
  });
});
