import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import { runMeetingReminders } from '@majlis/core/jobs/meeting-reminders';
import { runRenewals } from '@majlis/core/jobs/renewals';
import { localParts } from '@majlis/core/meetings/time';
import { busPusher } from '@majlis/core/notifications/push-notifications';
import { sendWebPushes } from '@majlis/core/notifications/web-push';
import { testConfig } from '@majlis/core/testing';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Device, startPushService } from './fakes/push-service.ts';
import { startBff, type TestBff } from './server.ts';

/**
 * Issue 31: Web Push. Devices registered from the profile get the meeting reminder through a push service run here,
 * which decrypts each payload with the device's own keys: once per device, in the recipient's language and digits.
 */

const TZ = 'Africa/Cairo';

describe('web push (issue 31)', () => {
  let bff: TestBff;
  let service: Awaited<ReturnType<typeof startPushService>>;

  beforeAll(async () => {
    service = await startPushService();
    bff = await startBff({
      mode: 'embedded',
      config: (url) => testConfig({ PUBLIC_URL: url }),
      realtime: false,
      prepare: async (db) => {
        await db.update(schema.users).set({ timeZone: TZ, locale: 'en', digits: null });
        await db.update(schema.users).set({ locale: 'ar' }).where(eq(schema.users.email, DEMO_EMAILS.owner));
      },
    });
  });
  afterAll(async () => {
    await bff?.stop();
    await service?.close();
  });

  const register = async (
    http: Awaited<ReturnType<TestBff['signIn']>>['http'],
    device: Device,
    userAgent = device.name,
  ) => {
    const res = await http.post('/api/push/devices', device.subscription, { headers: { 'user-agent': userAgent } });
    expect(res.status, res.text).toBe(201);
    return res.json as { id: string };
  };
  const job = () => ({
    db: bff.db,
    config: bff.config,
    push: busPusher(bff.runtime.bus),
    transports: {},
    now: () => new Date(),
  });
  /** A meeting starting in about ten minutes, with an assistant and an invitee who is a user. */
  const meetingSoon = async (name: string) => {
    const owner = await bff.signIn(DEMO_EMAILS.owner);
    const admin = await bff.signIn(DEMO_EMAILS.admin);
    const room = (await owner.http.post('/api/rooms', { name: `r${Math.random()}`, type: 'jitsi', participants: 5 }))
      .json;
    const at = localParts(new Date(Date.now() + 10 * 60_000), TZ);
    const created = await owner.http.post('/api/meetings', {
      name,
      type: 'scheduled',
      roomId: room.id,
      day: at.day,
      hour: at.hour,
      durationHours: 1,
      durationMinutes: 0,
      assistants: [admin.userId],
    });
    expect(created.status, created.text).toBe(201);
    const invited = await owner.http.post(`/api/meetings/${created.json.id}/invitations`, {
      emails: [DEMO_EMAILS.member],
    });
    expect(invited.status).toBe(201);
    return created.json as { id: string; number: string };
  };

  it('the reminder of a meeting due in 10 minutes reaches each device once, in its reader’s language; 410 removes it', async () => {
    const owner = await bff.signIn(DEMO_EMAILS.owner);
    const admin = await bff.signIn(DEMO_EMAILS.admin);
    const member = await bff.signIn(DEMO_EMAILS.member);
    const solo = await bff.signIn(DEMO_EMAILS.solo);
    const phone = service.device('owner-phone');
    const laptop = service.device('owner-laptop');
    const adminPhone = service.device('admin-phone');
    const memberPhone = service.device('member-phone');
    const soloPhone = service.device('solo-phone');
    await register(owner.http, phone);
    await register(owner.http, laptop);
    await register(admin.http, adminPhone);
    await register(member.http, memberPhone);
    await register(solo.http, soloPhone);

    const m = await meetingSoon('Weekly review');
    await sendWebPushes(bff.db, bff.config); // whatever the set-up told (the invitation) goes first
    for (const d of [phone, laptop, adminPhone, memberPhone, soloPhone]) d.received.length = 0;
    // two runs of the job and of the sender, as two ticks (or two workers) would: still once per device
    await runMeetingReminders(job());
    await runMeetingReminders(job());
    await Promise.all([sendWebPushes(bff.db, bff.config), sendWebPushes(bff.db, bff.config)]);
    await sendWebPushes(bff.db, bff.config);

    const reminders = (d: Device) =>
      d.received.filter(
        (p) =>
          String(p.body).includes(m.number) ||
          String(p.body).includes(m.number.replace(/\d/g, (x) => String.fromCharCode(0x0660 + Number(x)))),
      );
    for (const d of [phone, laptop, adminPhone, memberPhone]) expect(reminders(d), d.name).toHaveLength(1);
    expect(soloPhone.received).toEqual([]);
    const [ar] = reminders(phone);
    expect(ar).toMatchObject({ title: 'اجتماع بعد ١٥ دقيقة', lang: 'ar', dir: 'rtl' });
    expect(String(ar?.body)).toContain('«Weekly review»');
    expect(reminders(laptop)[0]).toEqual(ar);
    expect(reminders(adminPhone)[0]).toMatchObject({ title: 'Meeting in 15 minutes', lang: 'en', dir: 'ltr' });
    expect(String(reminders(memberPhone)[0]?.body)).toContain('Weekly review starts in 15 minutes');
    expect(String(ar?.url)).toBe(`/join/${m.number}`);
    expect(phone.headers[0]?.authorization).toMatch(/^vapid t=.+, k=/);
    expect(phone.headers[0]?.['content-encoding']).toBe('aes128gcm');

    // the push service forgot the laptop: a 410 removes it, the phone still gets the next one
    laptop.answer = 410;
    const next = await meetingSoon('Second review');
    await runMeetingReminders(job());
    await sendWebPushes(bff.db, bff.config);
    expect(phone.received.some((p) => String(p.body).includes('Second review'))).toBe(true);
    const left = (await owner.http.get('/api/push/devices')).json.devices as Array<{ endpoint: string }>;
    expect(left.map((d) => d.endpoint)).toEqual([phone.endpoint]);
    expect(next.number).toBeTruthy();
  });

  it('a chat while away pushes once per conversation; a payment failed and a subscription ending, each to its page', async () => {
    const owner = await bff.signIn(DEMO_EMAILS.owner);
    const admin = await bff.signIn(DEMO_EMAILS.admin);
    const member = await bff.signIn(DEMO_EMAILS.member);
    const ownerTablet = service.device('owner-tablet');
    const adminLaptop = service.device('admin-laptop');
    await register(owner.http, ownerTablet);
    await register(admin.http, adminLaptop);
    await sendWebPushes(bff.db, bff.config);
    ownerTablet.received.length = 0;
    adminLaptop.received.length = 0;

    // chat: the admin is away (no socket in the chat); two messages of one conversation are one push until read
    const conversation = await member.http.post('/api/chat/conversation', {
      type: 'private',
      senderId: member.userId,
      recieverId: admin.userId,
      ownerId: member.accountId,
    });
    expect(conversation.status, conversation.text).toBe(200);
    const conversationId = conversation.json._id as string;
    const adminNotes = () =>
      bff.db
        .select()
        .from(schema.notifications)
        .where(
          and(
            eq(schema.notifications.userId, admin.userId),
            eq(schema.notifications.collapseKey, `chat:${conversationId}:${admin.userId}`),
          ),
        );
    const say = async (text: string, count: number) => {
      const sent = await member.http.post('/api/chat/message', { text, conversationId, sender: member.userId });
      expect(sent.status, sent.text).toBe(201);
      // the notification is made after the answer (notifyAwayLater)
      await vi.waitFor(async () => expect((await adminNotes()).some((n) => n.count === count)).toBe(true));
    };
    await say('Are you coming?', 1);
    await sendWebPushes(bff.db, bff.config);
    await say('The room is ready', 2);
    await sendWebPushes(bff.db, bff.config);
    const chats = () => adminLaptop.received.filter((p) => p.title === 'New message');
    expect(chats()).toHaveLength(1);
    expect(chats()[0]).toMatchObject({
      lang: 'en',
      tag: `chat:${conversationId}:${admin.userId}`,
      url: `/dashbord/meeting?chatUser=${member.userId}`,
    });
    expect(String(chats()[0]?.body)).toContain('Are you coming?');
    // read (dismissed): the next message is news again
    const [note] = await adminNotes();
    expect((await admin.http.request('PUT', `/api/notif/notify/${note?.id}`)).status).toBe(200);
    await say('Starting now', 1);
    await sendWebPushes(bff.db, bff.config);
    expect(chats()).toHaveLength(2);
    expect(String(chats()[1]?.body)).toContain('Starting now');

    // a payment failed: to the buyer, in Arabic, opening the order's page (pay again)
    const order = await owner.http.post('/api/billing/checkout', {
      clientKey: `k${Math.random().toString(36).slice(2, 12)}`,
      purchase: {
        kind: 'room',
        roomName: 'قاعة الدفع',
        roomType: 'jitsi',
        participants: 20,
        period: 'monthly',
        currency: 'EGP',
      },
    });
    expect(order.status, order.text).toBe(200);
    const ref = String(order.json.redirectUrl).split('/').pop();
    expect((await owner.http.post(`/api/billing/sandbox/${ref}`, { outcome: 'fail', method: 'card' })).status).toBe(
      200,
    );
    await sendWebPushes(bff.db, bff.config);
    const failed = ownerTablet.received.filter((p) => p.title === 'فشلت عملية الدفع');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      lang: 'ar',
      dir: 'rtl',
      url: `/dashbord/billing/payment/${order.json.order.id}`,
    });

    // a subscription ending in three days: the owner is told in Arabic words and digits, opening the billing page
    const [room] = await bff.db
      .insert(schema.rooms)
      .values({ accountId: owner.accountId, name: 'قاعة التجديد', type: 'jitsi', participants: 10 })
      .returning({ id: schema.rooms.id });
    await bff.db.insert(schema.subscriptions).values({
      accountId: owner.accountId,
      roomId: room?.id as string,
      period: 'monthly',
      status: 'active',
      startsAt: new Date(Date.now() - 27 * 86_400_000),
      renewsAt: new Date(Date.now() + 3 * 86_400_000 + 3_600_000),
    });
    await runRenewals(job());
    await runRenewals(job());
    await sendWebPushes(bff.db, bff.config);
    const ending = ownerTablet.received.filter((p) => String(p.body).includes('قاعة التجديد'));
    expect(ending).toHaveLength(1);
    expect(ending[0]).toMatchObject({ title: 'اشتراكك على وشك الانتهاء', lang: 'ar', url: '/dashbord/billing' });
    expect(String(ending[0]?.body)).toContain('٣ أيام');
    expect(String(ending[0]?.body)).not.toMatch(/[0-9]/);
  });

  it('devices are the user’s own: listed, removed, 404 across accounts and users, signed in only, rate limited', async () => {
    const admin = await bff.signIn(DEMO_EMAILS.admin);
    const solo = await bff.signIn(DEMO_EMAILS.solo);
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
    const mine = await register(admin.http, service.device('admin-tablet'), android);
    const unknown = await register(admin.http, service.device('admin-fridge'), 'FridgeOS/1');
    expect((await admin.http.get('/api/push/key')).json.publicKey).toMatch(/^[\w-]{87}$/);
    const listed = (await admin.http.get('/api/push/devices')).json.devices as Array<{ id: string; label: string }>;
    // named readably, as the sessions list names a device; nothing recognised is no name (the client says "a browser")
    expect(listed.find((d) => d.id === mine.id)?.label).toBe('Chrome — Android');
    expect(listed.find((d) => d.id === unknown.id)?.label).toBe('');
    expect((await solo.http.get('/api/push/devices')).json.devices.some((d: { id: string }) => d.id === mine.id)).toBe(
      false,
    );
    const theirs = await solo.http.request('DELETE', `/api/push/devices/${mine.id}`);
    expect(theirs.status).toBe(404);
    expect((await solo.http.request('DELETE', '/api/push/devices/not-an-id')).status).toBe(404);
    expect((await admin.http.request('DELETE', `/api/push/devices/${mine.id}`)).status).toBe(200);
    expect((await admin.http.request('DELETE', `/api/push/devices/${mine.id}`)).status).toBe(404);
    const bad = await admin.http.post('/api/push/devices', { endpoint: 'ftp://x', keys: { p256dh: 'a', auth: 'b' } });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('VALIDATION_FAILED');
    const anonymous = bff.client();
    expect((await anonymous.get('/api/push/devices')).status).toBe(401);
    expect((await anonymous.get('/api/push/key')).status).toBe(401);
    let last = 0;
    for (let i = 0; i < 70 && last !== 429; i++) {
      last = (await admin.http.post('/api/push/devices', service.device(`burst-${i}`).subscription)).status;
    }
    expect(last).toBe(429);
    const count = await bff.db
      .select({ id: schema.pushSubscriptions.id })
      .from(schema.pushSubscriptions)
      .where(inArray(schema.pushSubscriptions.userId, [admin.userId]));
    expect(count.length).toBeLessThanOrEqual(20);
  });
});
