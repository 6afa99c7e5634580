import { LANG_COOKIE } from '@majlis/contracts/cookies';
import type { NotificationView } from '@majlis/contracts/notifications';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import type { Runtime } from '@majlis/core/runtime';
import { randomRedisPrefix, redisUrl, testConfig } from '@majlis/core/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client.ts';
import { ChatClient, realtimeModes, sleep, waitFor } from './realtime-client.ts';
import { startBff, type TestBff } from './server.ts';

const PASSWORD = 'Demo-password-1';

/**
 * Issue 16: what one user does to another reaches the other's notifications, live on their socket and in their list,
 * once, in THEIR language (the member reads Arabic, the admin acting writes English), linking to the thing.
 */
describe.each(realtimeModes('notification events'))('notifications of what happens to you (%s)', (mode) => {
  let bff: TestBff;
  let runtime: Runtime;
  let url: string;
  const prefix = randomRedisPrefix();
  const config = testConfig(
    mode === 'scale-out' ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, LOG_LEVEL: 'error' } : { LOG_LEVEL: 'error' },
  );
  const sockets: ChatClient[] = [];
  const ids = {} as Record<'admin' | 'member' | 'solo', { userId: string; accountId: string }>;
  let admin: TestClient;
  let member: TestClient;
  let solo: TestClient;
  /** The member's socket: connected, not in the chat (no addUser). */
  let inbox: ChatClient;

  const http = () => new TestClient((u, init) => fetch(u, init), url);
  async function signIn(who: keyof typeof ids, lang: 'ar' | 'en') {
    const c = http();
    c.jar.set(LANG_COOKIE, lang);
    const res = await c.login(DEMO_EMAILS[who], PASSWORD);
    expect(res.status).toBe(200);
    // Signed in, the profile's language decides (the language chart): the toggle keeps it there.
    expect((await c.request('PUT', '/api/profile/locale', { body: { locale: lang } })).status).toBe(200);
    ids[who] = { userId: res.json.user.id, accountId: res.json.user.ownerId };
    return c;
  }
  async function socketOf(c: TestClient) {
    const s = new ChatClient(url, c.jar);
    sockets.push(s);
    await s.connected();
    return s;
  }
  const list = async (c: TestClient): Promise<NotificationView[]> => (await c.get('/api/notif/notify')).json;
  /** Waits for the one push matching, then a moment more, and answers every push that matched (expected: one). */
  async function pushed(s: ChatClient, match: (n: NotificationView) => boolean, what: string) {
    await waitFor(() => s.notifications.some(match), 5000, what);
    await sleep(200);
    return s.notifications.filter(match);
  }

  beforeAll(async () => {
    bff = await startBff({ mode, config });
    ({ runtime, url } = bff);
    [admin, member, solo] = await Promise.all([signIn('admin', 'en'), signIn('member', 'ar'), signIn('solo', 'en')]);
    inbox = await socketOf(member);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await bff?.stop();
  });

  it('a room assigned to the member: once on their socket and in their list, in Arabic, linking to the rooms', async () => {
    const [room] = await runtime.db
      .select()
      .from(schema.rooms)
      .where(eq(schema.rooms.accountId, ids.admin.accountId))
      .limit(1);
    if (!room) throw new Error('demo room missing');
    const isRoom = (n: NotificationView) => n.event_meta.roomId === room.id;
    expect(
      (await admin.request('PUT', `/api/rooms/${room.id}/assign`, { body: { userId: ids.member.userId } })).status,
    ).toBe(200);
    const live = await pushed(inbox, isRoom, 'room assigned');
    expect(live).toHaveLength(1);
    expect(live[0]?.title).toBe('أُسندت إليك غرفة');
    expect(live[0]?.message).toContain('<a href="/dashbord/roomManagement"');
    expect(live[0]?.message).toContain(room.name);

    // Assigning again while it is unread makes no second one.
    expect(
      (await admin.request('PUT', `/api/rooms/${room.id}/assign`, { body: { userId: ids.member.userId } })).status,
    ).toBe(200);
    const mine = (await list(member)).filter(isRoom);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ title: 'أُسندت إليك غرفة', read: false });
    expect(inbox.notifications.filter(isRoom)).toHaveLength(1);
    // The actor is not told of their own doing.
    expect((await list(admin)).filter(isRoom)).toEqual([]);
  });

  it('an invitation of a platform user: in their notifications, in their language, linking to the join page', async () => {
    const [room] = await runtime.db
      .select()
      .from(schema.rooms)
      .where(eq(schema.rooms.accountId, ids.admin.accountId))
      .limit(1);
    const made = await admin.post('/api/meetings', { name: `Invited ${mode}`, roomId: room?.id, type: 'permanent' });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const meeting = made.json as { id: string; number: string; passcode: string };
    const isInvite = (n: NotificationView) => n.event_meta.meetingId === meeting.id && n.title !== 'Meeting moved';
    const res = await admin.post(`/api/meetings/${meeting.id}/invitations`, {
      emails: [DEMO_EMAILS.member, DEMO_EMAILS.solo, 'nobody@example.com'],
    });
    expect(res.status).toBe(201);
    const live = await pushed(inbox, isInvite, 'invitation');
    expect(live).toHaveLength(1);
    expect(live[0]?.title).toBe('دعوة إلى اجتماع');
    // the invitation link: the join page with the meeting's passcode, so the invitee types nothing (issue 30)
    expect(live[0]?.message).toContain(`<a href="/join/${meeting.number}?pwd=${meeting.passcode}"`);
    expect((await list(member)).filter(isInvite)).toHaveLength(1);
    // A user of another institution finds it in their own account's list, in their language.
    const theirs = (await list(solo)).filter(isInvite);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]?.title).toBe('Meeting invitation');
    // Inviting again while unread: still one.
    await admin.post(`/api/meetings/${meeting.id}/invitations`, { emails: [DEMO_EMAILS.member] });
    expect((await list(member)).filter(isInvite)).toHaveLength(1);
    expect(inbox.notifications.filter(isInvite)).toHaveLength(1);
  });

  it('added to a team, then removed: told live in Arabic; the two collapse into one unread', async () => {
    const created = await admin.post('/api/teams', { teamName: `Notified ${mode}` });
    expect(created.status).toBe(201);
    const teamId = created.json._id as string;
    const isTeam = (n: NotificationView) => n.event_meta.teamId === teamId;
    expect((await admin.post(`/api/teams/${teamId}/members`, { userId: ids.member.userId })).status).toBe(200);
    const live = await pushed(inbox, isTeam, 'team added');
    expect(live).toHaveLength(1);
    expect(live[0]?.title).toBe('أُضفت إلى فريق');
    expect(live[0]?.message).toContain(`Notified ${mode}`);
    expect(live[0]?.message).toContain(`href="/dashbord/meeting?chatTeam=${teamId}"`);
    expect((await list(member)).filter(isTeam)).toHaveLength(1);

    expect((await admin.request('DELETE', `/api/teams/${teamId}/members/${ids.member.userId}`)).status).toBe(200);
    const after = (await list(member)).filter(isTeam);
    expect(after).toHaveLength(1);
    expect(after[0]?.title).toBe('أُخرجت من فريق');
    expect((await list(admin)).filter(isTeam)).toEqual([]);
  });

  it('chat while away: one notification per conversation (two messages → one, counted), senderPic, in Arabic', async () => {
    const picture = `/api/users/${ids.admin.userId}/picture?v=abc123`;
    await runtime.db.update(schema.users).set({ picture }).where(eq(schema.users.id, ids.admin.userId));
    const conversation = await admin.post('/api/chat/conversation', {
      senderId: ids.admin.userId,
      recieverId: ids.member.userId,
      type: 'private',
      ownerId: ids.admin.accountId,
    });
    const conversationId = conversation.json._id as string;
    const isChat = (n: NotificationView) => n.source_type === 'chat' && n.event_meta.conversationId === conversationId;
    const send = (text: string) =>
      admin.post('/api/chat/message', { sender: ids.admin.userId, conversationId, text }).then((r) => {
        expect(r.status).toBe(201);
      });

    await send('first <b>words</b>');
    const live = await pushed(inbox, isChat, 'chat notification');
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ title: 'رسالة جديدة', event_meta: { senderPic: picture } });
    expect(live[0]?.message).toContain('first &lt;b&gt;words&lt;/b&gt;');
    expect(live[0]?.message).toContain(`href="/dashbord/meeting?chatUser=${ids.admin.userId}"`);

    await send('second');
    let one: NotificationView[] = [];
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      one = (await list(member)).filter(isChat);
      if (one[0]?.message.includes('second')) break;
      await sleep(50);
    }
    expect(one).toHaveLength(1);
    // Arabic's dual: "sent you two messages, the last of them".
    expect(one[0]?.message).toContain('رسالتين، آخرهما: second');
    expect(inbox.notifications.filter(isChat)).toHaveLength(1);

    // In the chat (addUser on a socket): no notification at all.
    await member.post('/api/notif/notify', { ownerId: ids.member.accountId, userId: ids.member.userId });
    const here = await socketOf(member);
    expect((await here.call('addUser', { ownerId: ids.member.accountId, userId: ids.member.userId })).ok).toBe(true);
    await send('while here');
    await waitFor(() => here.received.some((m) => m.text === 'while here'), 5000, 'message');
    await sleep(200);
    expect((await list(member)).filter((n) => isChat(n) && !n.read)).toEqual([]);
    here.close();
  });
});
