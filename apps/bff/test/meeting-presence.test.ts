import { LANG_COOKIE } from '@majlis/contracts/cookies';
import type { NotificationView } from '@majlis/contracts/notifications';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import { addDays, todayIn } from '@majlis/core/meetings/time';
import { randomRedisPrefix, redisUrl, testConfig } from '@majlis/core/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BbbSimulator } from '../../../packages/core/test/fakes/bbb-simulator.ts';
import { ZoomFake } from '../../../packages/core/test/fakes/zoom-fake.ts';
import { TestClient } from './client.ts';
import { ChatClient, realtimeModes, sleep, waitFor } from './realtime-client.ts';
import { startBff, type TestBff } from './server.ts';

const PASSWORD = 'Demo-password-1';
const TZ = 'Africa/Cairo';
/** A guest's name with markup in it: shown as text in the notification, never as HTML. */
const GUEST = 'سارة <i>x</i> & co';
const GUEST_ESCAPED = 'سارة &lt;i&gt;x&lt;/i&gt; &amp; co';
const ARABIC_DIGIT = /[\u0660-\u0669]/;

/**
 * Issue 25: "notify when someone enters or leaves" tells the meeting's owner and assistants live, from the provider's
 * join/leave webhooks (BigBlueButton's bbb-webhooks, Zoom's participant events), each in their own language and
 * digits, once per event however often the provider delivers it, and only when the meeting has the option on.
 */
describe.each(realtimeModes('meeting presence'))('enter/leave notifications (%s)', (mode) => {
  let bff: TestBff;
  let url = '';
  const sim = new BbbSimulator();
  const zoom = new ZoomFake();
  const prefix = randomRedisPrefix();
  const sockets: ChatClient[] = [];
  let owner: TestClient;
  let adminId = '';
  /** The owner reads Arabic with Arabic-Indic digits; the admin, an assistant, reads English. */
  let ownerInbox: ChatClient;
  let adminInbox: ChatClient;
  let bbbRoom = '';

  const http = () => new TestClient((u, init) => fetch(u, { ...init, redirect: 'manual' }), url);
  async function signIn(who: 'owner' | 'admin', lang: 'ar' | 'en') {
    const c = http();
    c.jar.set(LANG_COOKIE, lang);
    const res = await c.login(DEMO_EMAILS[who], PASSWORD);
    expect(res.status).toBe(200);
    expect((await c.request('PUT', '/api/profile/locale', { body: { locale: lang } })).status).toBe(200);
    return { c, id: res.json.user.id as string };
  }
  async function socketOf(c: TestClient) {
    const s = new ChatClient(url, c.jar);
    sockets.push(s);
    await s.connected();
    return s;
  }
  const meetingBody = (roomId: string, over: Record<string, unknown> = {}) => ({
    name: 'مراجعة الربع',
    type: 'scheduled',
    roomId,
    day: addDays(todayIn(TZ), 1),
    hour: '10:30',
    durationHours: 1,
    durationMinutes: 0,
    notifyEnterExit: true,
    assistants: [adminId],
    ...over,
  });
  /** Follows a BigBlueButton join URL as a browser does: the HTML5 client loads, the user is in. */
  const enter = async (joinUrl: string) => {
    const r = await fetch(joinUrl, { redirect: 'manual' });
    expect(r.status).toBe(302);
    await (await fetch(r.headers.get('location') as string)).text();
  };
  /** A started BigBlueButton meeting (the owner in it), and a guest who joined by its number. */
  async function bbbMeetingWithGuest(over: Record<string, unknown> = {}) {
    const m = (await owner.post('/api/meetings', meetingBody(bbbRoom, over))).json;
    const start = await owner.post(`/api/meetings/${m.id}/start`);
    expect(start.status).toBe(200);
    await enter(start.json.url);
    const anon = http();
    await anon.csrf();
    const guest = await anon.post(`/api/join/${m.number}`, { name: GUEST, passcode: m.passcode });
    expect(guest.status).toBe(200);
    await enter(guest.json.url);
    await sim.settled();
    const guestId = sim.meetings.get(`majlis-${m.id}`)?.attendees.find((a) => a.fullName === GUEST)?.userID;
    return { m, guestId: guestId as string };
  }
  /** Waits for one push matching, then a moment more (a second one would have come by then); answers all that did. */
  async function pushed(s: ChatClient, match: (n: NotificationView) => boolean, what: string) {
    await waitFor(() => s.notifications.some(match), 5000, what);
    await sleep(300);
    return s.notifications.filter(match);
  }
  const about = (meetingId: string, title: string) => (n: NotificationView) =>
    n.event_meta.meetingId === meetingId && n.title === title && n.message.includes(GUEST_ESCAPED);

  beforeAll(async () => {
    await sim.start();
    await zoom.start();
    // the config needs the server's address (PUBLIC_URL): the harness makes it once the server listens
    bff = await startBff({
      mode,
      config: (url) =>
        testConfig({
          PUBLIC_URL: url,
          BBB_URL: sim.url,
          BBB_SECRET: sim.secret,
          ZOOM_ACCOUNT_ID: zoom.accountId,
          ZOOM_CLIENT_ID: zoom.clientId,
          ZOOM_CLIENT_SECRET: zoom.clientSecret,
          ZOOM_WEBHOOK_SECRET: zoom.webhookSecret,
          ZOOM_API_URL: zoom.apiUrl,
          ZOOM_OAUTH_URL: zoom.oauthUrl,
          LOG_LEVEL: 'error',
          ...(mode === 'scale-out' ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix } : {}),
        }),
      prepare: async (db) => {
        await db.update(schema.users).set({ timeZone: TZ });
        await db.update(schema.users).set({ digits: 'arab' }).where(eq(schema.users.email, DEMO_EMAILS.owner));
      },
    });
    ({ url } = bff);
    const o = await signIn('owner', 'ar');
    const a = await signIn('admin', 'en');
    owner = o.c;
    adminId = a.id;
    [ownerInbox, adminInbox] = await Promise.all([socketOf(o.c), socketOf(a.c)]);
    bbbRoom = (await owner.paidRoom({ name: 'BBB', type: 'bbb', participants: 30 })).json.id;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await bff?.stop();
    await sim.stop();
    await zoom.stop();
  });

  it('a guest joining a BigBlueButton meeting: one notification on the owner socket, in Arabic, name escaped', async () => {
    const { m } = await bbbMeetingWithGuest();
    const mine = await pushed(ownerInbox, about(m.id, 'انضم مشارك'), 'owner told of the guest');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.message).toContain(`<bdi>${GUEST_ESCAPED}</bdi>`);
    expect(mine[0]?.message).not.toContain('<i>');
    expect(mine[0]?.message).toMatch(ARABIC_DIGIT);
    expect(mine[0]?.message).toContain(m.name);
    // the assistant too, in English with Latin digits
    const theirs = await pushed(adminInbox, about(m.id, 'A participant joined'), 'assistant told of the guest');
    expect(theirs).toHaveLength(1);
    expect(theirs[0]?.message).toMatch(/ joined .* at \d/);
    // the owner is not told of their own join (the assistant is)
    expect(ownerInbox.notifications.filter((n) => n.event_meta.meetingId === m.id)).toHaveLength(1);
  });

  it('the guest leaving: one "left" notification on the owner socket', async () => {
    const { m, guestId } = await bbbMeetingWithGuest();
    await sim.leave(`majlis-${m.id}`, guestId);
    const left = await pushed(ownerInbox, about(m.id, 'غادر مشارك'), 'owner told the guest left');
    expect(left).toHaveLength(1);
    expect(left[0]?.message).toMatch(/^غادر /);
  });

  it('bbb-webhooks delivering the same user-joined twice makes one notification', async () => {
    const { m } = await bbbMeetingWithGuest();
    const joined = sim.deliveries.filter((d) => {
      const event = new URLSearchParams(d.body ?? '').get('event') ?? '';
      return event.includes('"user-joined"') && event.includes(`majlis-${m.id}`) && event.includes('x</i>');
    });
    expect(joined).toHaveLength(1);
    expect(await sim.redeliver(joined[0] as { url: string; body?: string })).toBe(200);
    const mine = await pushed(ownerInbox, about(m.id, 'انضم مشارك'), 'owner told once');
    expect(mine).toHaveLength(1);
    const list = (await owner.get('/api/notif/notify')).json as NotificationView[];
    expect(list.filter(about(m.id, 'انضم مشارك'))).toHaveLength(1);
  });

  it('no notification when the meeting has the option off', async () => {
    const { m, guestId } = await bbbMeetingWithGuest({ notifyEnterExit: false });
    await sim.leave(`majlis-${m.id}`, guestId);
    await sleep(300);
    expect(ownerInbox.notifications.filter((n) => n.event_meta.meetingId === m.id)).toEqual([]);
    expect(adminInbox.notifications.filter((n) => n.event_meta.meetingId === m.id)).toEqual([]);
    // attendance is still kept
    const attendance = (await owner.get(`/api/meetings/${m.id}/attendance`)).json.attendance;
    expect(attendance.map((a: { name: string }) => a.name)).toContain(GUEST);
  });

  it('Zoom meeting.participant_joined (signed) tells the owner once', async () => {
    const room = (await owner.paidRoom({ name: 'Zoom', type: 'zoom', participants: 30 })).json;
    const m = (await owner.post('/api/meetings', meetingBody(room.id))).json;
    expect((await owner.post(`/api/meetings/${m.id}/start`)).status).toBe(200);
    const [zm] = [...zoom.meetings.values()];
    const object = {
      id: String(zm?.id),
      uuid: 'zoom-session-1',
      participant: { user_id: '16778240', user_name: GUEST, join_time: new Date().toISOString() },
    };
    const hook = `${url}/api/webhooks/zoom`;
    expect((await zoom.sendWebhook(hook, 'meeting.participant_joined', object, { badSignature: true })).status).toBe(
      401,
    );
    expect((await zoom.sendWebhook(hook, 'meeting.participant_joined', object)).status).toBe(200);
    // Zoom retries an event it got no 200 for in time: the same event again
    expect((await zoom.sendWebhook(hook, 'meeting.participant_joined', object)).status).toBe(200);
    const mine = await pushed(ownerInbox, about(m.id, 'انضم مشارك'), 'owner told of the Zoom participant');
    expect(mine).toHaveLength(1);
  });
});
