import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import { createNotification } from '@majlis/core/notifications/notifications';
import type { Runtime } from '@majlis/core/runtime';
import { randomRedisPrefix, redisUrl, testConfig } from '@majlis/core/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client.ts';
import { ChatClient, realtimeModes, sleep, waitFor } from './realtime-client.ts';
import { startBff, type TestBff } from './server.ts';

const PASSWORD = 'Demo-password-1';

const modes = realtimeModes('realtime');

describe.each(modes)('realtime chat and notifications (%s)', (mode) => {
  let bff: TestBff;
  let runtime: Runtime;
  let url: string;
  const prefix = randomRedisPrefix();
  const config = testConfig(
    mode === 'scale-out' ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, LOG_LEVEL: 'error' } : { LOG_LEVEL: 'error' },
  );
  const sockets: ChatClient[] = [];
  const ids: Record<'owner' | 'admin' | 'member' | 'solo', { userId: string; accountId: string }> = {} as never;
  let teamId: string;

  const http = () => new TestClient((u, init) => fetch(u, init), url);
  async function signIn(who: keyof typeof DEMO_EMAILS) {
    const c = http();
    const res = await c.login(DEMO_EMAILS[who], PASSWORD);
    expect(res.status).toBe(200);
    ids[who] = { userId: res.json.user.id, accountId: res.json.user.ownerId };
    return c;
  }
  async function socketOf(c: TestClient, opts: ConstructorParameters<typeof ChatClient>[2] = {}) {
    const s = new ChatClient(url, c.jar, opts);
    sockets.push(s);
    await s.connected();
    return s;
  }

  let owner: TestClient;
  let admin: TestClient;
  let member: TestClient;
  let solo: TestClient;

  beforeAll(async () => {
    bff = await startBff({ mode, config });
    ({ runtime, url } = bff);
    [owner, admin, member, solo] = await Promise.all([
      signIn('owner'),
      signIn('admin'),
      signIn('member'),
      signIn('solo'),
    ]);
    const [team] = await runtime.db.select().from(schema.teams).where(eq(schema.teams.name, 'فريق التصميم'));
    teamId = team?.id as string;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await bff?.stop();
  });

  describe('handshake', () => {
    it('refuses a socket without a session cookie, and one from an origin not on the allow-list', async () => {
      const anonymous = new ChatClient(url, new Map());
      sockets.push(anonymous);
      await expect(anonymous.connected()).rejects.toMatchObject({ message: 'UNAUTHENTICATED' });
      anonymous.close();
      const foreign = new ChatClient(url, admin.jar, { origin: 'https://evil.example' });
      sockets.push(foreign);
      await expect(foreign.connected()).rejects.toMatchObject({
        message: 'FORBIDDEN',
        data: { code: 'FORBIDDEN', errorMessage: { ar: expect.stringMatching(/[\u0600-\u06FF]/) } },
      });
      foreign.close();
    });

    it('accepts the public origin and answers ping with pong', async () => {
      const s = await socketOf(admin, { origin: config.allowedOrigins[0] });
      let pong = 0;
      s.socket.on('pong', (p) => {
        pong = p.t;
      });
      const ack = await s.call('ping', undefined);
      expect(ack.ok).toBe(true);
      await waitFor(() => pong > 0, 5000, 'pong');
      s.close();
    });
  });

  describe('conversations over REST', () => {
    it('gives the same private conversation to the same pair, whoever opens it', async () => {
      const a = await admin.post('/api/chat/conversation', {
        senderId: ids.admin.userId,
        recieverId: ids.member.userId,
        type: 'private',
        ownerId: ids.admin.accountId,
      });
      expect(a.status).toBe(200);
      const b = await member.post('/api/chat/conversation', {
        senderId: ids.member.userId,
        recieverId: ids.admin.userId,
        type: 'private',
        ownerId: ids.member.accountId,
      });
      expect(b.json._id).toBe(a.json._id);
      expect(a.json.members.sort()).toEqual([ids.admin.userId, ids.member.userId].sort());
      const team = await member.post('/api/chat/conversation', { teamId, type: 'team', ownerId: ids.member.accountId });
      expect(team.json).toMatchObject({ type: 'team', teamId });
      expect(team.json.members).toContain(ids.owner.userId);
    });

    it('refuses a conversation with a user of another account, or in the name of someone else', async () => {
      const other = await admin.post('/api/chat/conversation', {
        senderId: ids.admin.userId,
        recieverId: ids.solo.userId,
        type: 'private',
        ownerId: ids.admin.accountId,
      });
      expect(other.status).toBe(404);
      const spoofed = await admin.post('/api/chat/conversation', {
        senderId: ids.member.userId,
        recieverId: ids.owner.userId,
        type: 'private',
        ownerId: ids.admin.accountId,
      });
      expect(spoofed.status).toBe(403);
      const foreignTeam = await solo.post('/api/chat/conversation', {
        teamId,
        type: 'team',
        ownerId: ids.solo.accountId,
      });
      expect(foreignTeam.status).toBe(404);
    });

    it('lists chat users, team users and the teams', async () => {
      const users = await member.get('/api/chat/users');
      const userIds = users.json.map((u: { userId: string }) => u.userId);
      // The other active members of the demo institution (seven, one inactive: five besides the member).
      expect(userIds).toEqual(expect.arrayContaining([ids.owner.userId, ids.admin.userId]));
      expect(userIds).toHaveLength(5);
      expect(userIds).not.toContain(ids.member.userId);
      expect(users.json[0]).toHaveProperty('name');
      const teamUsers = await member.get(`/api/chat/users/${teamId}`);
      expect(teamUsers.json.map((u: { role: string }) => u.role).sort()).toEqual(['admin', 'member']);
      expect((await solo.get(`/api/chat/users/${teamId}`)).status).toBe(404);
      expect((await member.get('/api/teams')).json).toEqual([{ _id: teamId, teamName: 'فريق التصميم' }]);
    });
  });

  describe('messages', () => {
    let privateId: string;
    beforeAll(async () => {
      const res = await admin.post('/api/chat/conversation', {
        senderId: ids.admin.userId,
        recieverId: ids.member.userId,
        type: 'private',
        ownerId: ids.admin.accountId,
      });
      privateId = res.json._id;
    });

    it('sendMessage is stored, acked to the sender and delivered once to the receiver', async () => {
      const a = await socketOf(admin);
      const m = await socketOf(member);
      const text = 'مرحبا <script>alert(1)</script> & hello';
      const ack = await a.call('sendMessage', {
        senderId: ids.admin.userId,
        receiverId: ids.member.userId,
        text,
        messageId: 'm-1',
        conversationId: privateId,
      });
      expect(ack.ok).toBe(true);
      expect(ack.message).toMatchObject({ text, type: 'private', conversationId: privateId, messageId: 'm-1' });
      await waitFor(() => m.received.length === 1, 5000, 'getMessage');
      expect(m.received[0]).toEqual(ack.message);
      // A retry with the same messageId stores and delivers nothing new.
      const again = await a.call('sendMessage', {
        senderId: ids.admin.userId,
        receiverId: ids.member.userId,
        text,
        messageId: 'm-1',
        conversationId: privateId,
      });
      expect(again.message.id).toBe(ack.message.id);
      await sleep(300);
      expect(m.received).toHaveLength(1);
      expect(a.received).toHaveLength(0);
      const history = await member.get(`/api/chat/message/${privateId}`);
      expect(history.json.at(-1)).toEqual(ack.message);
    });

    it('POST /api/chat/message stores and pushes; history pages newest last', async () => {
      const m = await socketOf(member);
      const sent: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await admin.post('/api/chat/message', {
          sender: ids.admin.userId,
          text: `رسالة ${i}`,
          conversationId: privateId,
        });
        expect(res.status).toBe(201);
        expect(res.json).toHaveProperty('createdAt');
        expect(res.json).toHaveProperty('messageId');
        sent.push(res.json.id);
      }
      await waitFor(() => sent.every((id) => m.ids().has(id)), 5000, 'five messages');
      expect(m.duplicates()).toEqual([]);
      const page = await member.get(`/api/chat/message/${privateId}?limit=3`);
      expect(page.json.map((x: { id: number }) => x.id)).toEqual(sent.slice(-3));
      const before = await member.get(`/api/chat/message/${privateId}?limit=2&before=${sent[3]}`);
      expect(before.json.map((x: { id: number }) => x.id)).toEqual(sent.slice(1, 3));
      const after = await member.get(`/api/chat/message/${privateId}?after=${sent[2]}`);
      expect(after.json.map((x: { id: number }) => x.id)).toEqual(sent.slice(3));
      expect((await solo.get(`/api/chat/message/${privateId}`)).status).toBe(404);
      expect((await owner.get(`/api/chat/message/${privateId}`)).status).toBe(404);
    });

    it('refuses empty, whitespace-only and over-long text', async () => {
      const a = await socketOf(admin);
      const blank = await a.call('sendMessage', {
        senderId: ids.admin.userId,
        receiverId: ids.member.userId,
        text: '  \n ',
      });
      expect(blank).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
      const long = await admin.post('/api/chat/message', { text: 'x'.repeat(4001), conversationId: privateId });
      expect(long.status).toBe(400);
      expect(long.json.fields.text.en).toBeTruthy();
      expect(
        (await admin.post('/api/chat/message', { text: 'x'.repeat(4000), conversationId: privateId })).status,
      ).toBe(201);
    });

    it('team messages reach every member who may see the team once, the sender none', async () => {
      const [o, a, m] = [await socketOf(owner), await socketOf(admin), await socketOf(member)];
      const ack = await m.call('sendTeamMessage', { senderId: ids.member.userId, text: 'للفريق', teamId });
      expect(ack.ok).toBe(true);
      await waitFor(() => o.ids().has(ack.message.id) && a.ids().has(ack.message.id), 5000, 'team message');
      await sleep(200);
      // Only this conversation: a late copy of an earlier test's message to these users may still arrive.
      const here = (c: ChatClient) => c.received.filter((x) => x.conversationId === ack.message.conversationId);
      expect([here(o).length, here(a).length, here(m).length]).toEqual([1, 1, 0]);
      const active = await admin.get('/api/teams/all/active');
      expect(active.json[0]).toMatchObject({
        _id: teamId,
        teamName: 'فريق التصميم',
        conversationId: ack.message.conversationId,
      });
    });

    it('refuses and logs forbidden events, and broadcasts nothing', async () => {
      const s = await socketOf(solo);
      const a = await socketOf(admin);
      const join = await s.call('join_team', {
        ownerId: ids.solo.accountId,
        userId: ids.solo.userId,
        teamName: teamId,
      });
      expect(join).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      const byName = await s.call('join_team', {
        ownerId: ids.solo.accountId,
        userId: ids.solo.userId,
        teamName: 'فريق التصميم',
      });
      expect(byName.ok).toBe(false);
      const foreignOwner = await s.call('join_team', { ownerId: ids.admin.accountId, userId: ids.solo.userId, teamId });
      expect(foreignOwner.ok).toBe(false);
      const team = await s.call('sendTeamMessage', { senderId: ids.solo.userId, text: 'intrusion', teamId });
      expect(team.ok).toBe(false);
      const spoof = await s.call('sendMessage', {
        senderId: ids.admin.userId,
        receiverId: ids.member.userId,
        text: 'spoof',
      });
      expect(spoof).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      const cross = await s.call('sendMessage', {
        senderId: ids.solo.userId,
        receiverId: ids.admin.userId,
        text: 'hi',
      });
      expect(cross.ok).toBe(false);
      const reading = await s.call('reading-messages', {
        senderId: ids.admin.userId,
        ownerId: ids.solo.accountId,
        conversationId: privateId,
      });
      expect(reading.ok).toBe(false);
      const presence = await s.call('addUser', { ownerId: ids.admin.accountId, userId: ids.admin.userId });
      expect(presence.ok).toBe(false);
      await sleep(300);
      expect(a.received.filter((x) => x.sender === ids.solo.userId)).toEqual([]);
      const stored = await runtime.db
        .select()
        .from(schema.messages)
        .where(eq(schema.messages.senderId, ids.solo.userId));
      expect(stored).toEqual([]);
      // Allowed for the team's own member.
      const m = await socketOf(member);
      const ok = await m.call('join_team', {
        ownerId: ids.member.accountId,
        userId: ids.member.userId,
        teamName: 'فريق التصميم',
        members: [],
      });
      expect(ok).toMatchObject({ ok: true, teamId });
    });

    it('reading-messages clears the reader’s unread records and tells the sender', async () => {
      const a = await socketOf(admin);
      const m = await socketOf(member);
      const sent = await a.call('sendMessage', {
        senderId: ids.admin.userId,
        receiverId: ids.member.userId,
        text: 'اقرأ',
      });
      await waitFor(() => m.ids().has(sent.message.id), 5000, 'message');
      const unread = await member.post('/api/chat/message/status/unread', {
        ...sent.message,
        userId: ids.member.userId,
        ownerId: ids.member.accountId,
      });
      expect(unread.status).toBe(200);
      expect((await member.get('/api/chat/message/status/unread')).json.map((u: { id: number }) => u.id)).toContain(
        sent.message.id,
      );
      const before = (await member.get('/api/chat/message/status/unread')).json as Array<{ conversationId: string }>;
      const read = await m.call('reading-messages', {
        senderId: ids.admin.userId,
        ownerId: ids.member.accountId,
        conversationId: sent.message.conversationId,
      });
      // Every unread message of that conversation (earlier tests' too: unread is kept from the send on).
      const inConversation = before.filter((u) => u.conversationId === sent.message.conversationId).length;
      expect(inConversation).toBeGreaterThanOrEqual(1);
      expect(read).toMatchObject({ ok: true, cleared: inConversation });
      await waitFor(() => a.readed.length === 1, 5000, 'messages-readed');
      expect(a.readed[0]).toMatchObject({ conversationId: sent.message.conversationId, readerId: ids.member.userId });
      expect((await member.get('/api/chat/message/status/unread')).json).toEqual([]);
    });

    it('the unread calls: keep, read one, clear a conversation; someone else’s records are refused', async () => {
      const msgs = [];
      for (const text of ['one', 'two']) {
        msgs.push((await admin.post('/api/chat/message', { text, conversationId: privateId })).json);
      }
      const body = (m: Record<string, unknown>) => ({ ...m, userId: ids.member.userId, ownerId: ids.member.accountId });
      for (const m of msgs) expect((await member.post('/api/chat/message/status/unread', body(m))).status).toBe(200);
      expect((await member.get('/api/chat/message/status/unread')).json).toHaveLength(2);
      expect((await member.post('/api/chat/message/status/read', body(msgs[0]))).status).toBe(200);
      expect((await member.get('/api/chat/message/status/unread')).json).toHaveLength(1);
      const cleared = await member.request('DELETE', `/api/chat/message/status/all/${privateId}`);
      expect(cleared.json).toEqual({ ok: true, deleted: 1 });
      expect((await member.get('/api/chat/message/status/unread')).json).toEqual([]);
      expect((await admin.post('/api/chat/message/status/unread', body(msgs[1]))).status).toBe(403);
      expect((await solo.request('DELETE', `/api/chat/message/status/all/${privateId}`)).status).toBe(404);
    });

    it('a member taken out of the team is refused at the next event, on the socket already open', async () => {
      const m = await socketOf(member);
      expect((await m.call('sendTeamMessage', { senderId: ids.member.userId, text: 'still in', teamId })).ok).toBe(
        true,
      );
      const where = and(eq(schema.teamMembers.teamId, teamId), eq(schema.teamMembers.userId, ids.member.userId));
      const [row] = await runtime.db.select().from(schema.teamMembers).where(where);
      await runtime.db.delete(schema.teamMembers).where(where);
      try {
        const refused = await m.call('sendTeamMessage', { senderId: ids.member.userId, text: 'out', teamId });
        expect(refused).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
      } finally {
        if (row) await runtime.db.insert(schema.teamMembers).values(row);
      }
    });

    it('replays what a client missed since the last id it saw, and nothing it already has', async () => {
      const m = await socketOf(member);
      const first = await admin.post('/api/chat/message', { text: 'before', conversationId: privateId });
      await waitFor(() => m.ids().has(first.json.id), 5000, 'first');
      m.close();
      const missed: number[] = [];
      for (let i = 0; i < 3; i++) {
        missed.push(
          (await admin.post('/api/chat/message', { text: `missed ${i}`, conversationId: privateId })).json.id,
        );
      }
      m.socket.connect();
      await m.connected();
      await waitFor(() => missed.every((id) => m.ids().has(id)), 5000, 'replay');
      await sleep(200);
      expect(m.duplicates()).toEqual([]);
    });
  });

  describe('replay look-back', () => {
    it('gives a reconnecting client an earlier id it never got, though it saw a later one', async () => {
      const conv = await admin.post('/api/chat/conversation', {
        senderId: ids.admin.userId,
        recieverId: ids.member.userId,
        type: 'private',
        ownerId: ids.admin.accountId,
      });
      const m = await socketOf(member);
      m.close();
      const early = (await admin.post('/api/chat/message', { text: 'early', conversationId: conv.json._id })).json;
      const late = (await admin.post('/api/chat/message', { text: 'late', conversationId: conv.json._id })).json;
      // As if `late` had come first (another instance, a delayed publish) and `early` was lost with the connection.
      m.received.push(late);
      m.lastMessageId = late.id;
      m.socket.connect();
      await m.connected();
      await waitFor(() => m.ids().has(early.id), 5000, 'the earlier message');
      await sleep(200);
      expect(m.duplicates()).toEqual([]);
    });
  });

  describe('presence', () => {
    it('addUser makes a user show in getUsers of the account', async () => {
      const a = await socketOf(admin);
      const m = await socketOf(member);
      const ackA = await a.call('addUser', { ownerId: ids.admin.accountId, userId: ids.admin.userId });
      expect(ackA.ok).toBe(true);
      await m.call('addUser', { ownerId: ids.member.accountId, userId: ids.member.userId });
      const both = [ids.admin.userId, ids.member.userId].sort();
      await waitFor(
        () =>
          a.users.map((u) => u.userId).join() === both.join() && m.users.map((u) => u.userId).join() === both.join(),
        5000,
        'presence',
      );
      m.close();
      await waitFor(() => a.users.map((u) => u.userId).join() === ids.admin.userId, 5000, 'offline');
    });
  });

  describe('notifications', () => {
    it('is stored once per dedupe key, escaped, pushed and listed in the reader’s language', async () => {
      // The chat above wrote to the member while they were not in the chat: those notifications are not this test's.
      await runtime.db.delete(schema.notifications).where(eq(schema.notifications.userId, ids.member.userId));
      const m = await socketOf(member);
      const input = {
        accountId: ids.member.accountId,
        userId: ids.member.userId,
        type: 'notif' as const,
        titleId: 'notif.chat.title',
        messageId: 'notif.chat.message',
        values: { name: 'ليلى', text: 'hi <img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>' },
        dedupeKey: `test:${mode}:1`,
        sourceType: 'chat',
        eventMeta: { senderPic: 'javascript:alert(1)', conversation: 'c' },
      };
      const first = await createNotification(runtime.db, input, { bus: runtime.bus });
      const second = await createNotification(runtime.db, input, { bus: runtime.bus });
      expect(first.created).toBe(true);
      expect(second).toMatchObject({ created: false, notification: { id: first.notification.id } });
      await waitFor(() => m.notifications.length === 1, 5000, 'notification');
      await sleep(200);
      expect(m.notifications).toHaveLength(1);
      const pushed = m.notifications[0];
      // The member's stored language is English.
      expect(pushed?.title).toBe('New message');
      expect(pushed?.message).toContain('<b>ليلى</b>');
      // Values are escaped text (notifications.ts): no element but the template's own <b>.
      expect(pushed?.message).not.toMatch(/<img|<a\b/);
      expect(pushed?.message).toContain('hi &lt;img src=x onerror=alert(1)&gt;&lt;a href=');
      expect(pushed?.event_meta).toEqual({ conversation: 'c' });

      // Listed in the profile's language, whatever the cookie says (signed in, the profile decides).
      member.jar.set('MajlisLang', 'Ar');
      const en = await member.get('/api/notif/notify');
      member.jar.delete('MajlisLang');
      expect(en.json[0]).toMatchObject({ _id: String(first.notification.id), title: 'New message', read: false });
      await member.request('PUT', '/api/profile/locale', { body: { locale: 'ar' } });
      const ar = await member.get('/api/notif/notify');
      await member.request('PUT', '/api/profile/locale', { body: { locale: 'en' } });
      expect(ar.json[0].title).toBe('رسالة جديدة');

      expect((await admin.request('PUT', `/api/notif/notify/${first.notification.id}`)).status).toBe(404);
      const refresh = await member.post('/api/notif/notify', {
        ownerId: ids.member.accountId,
        userId: ids.member.userId,
      });
      expect(refresh.json).toEqual({ ok: true, read: 1 });
      expect((await member.request('PUT', `/api/notif/notify/${first.notification.id}`)).json).toEqual({ ok: true });
      expect((await member.get('/api/notif/notify')).json).toEqual([]);
    });

    it('replays notifications created while the socket was away', async () => {
      const m = await socketOf(member, { fromStart: true });
      m.close();
      const { notification } = await createNotification(
        runtime.db,
        {
          accountId: ids.member.accountId,
          userId: ids.member.userId,
          type: 'warning',
          titleId: 'notif.chat.title',
          messageId: 'notif.chat.message',
          values: { name: 'x', text: 'y' },
        },
        { bus: runtime.bus },
      );
      m.socket.connect();
      await m.connected();
      await waitFor(() => m.notifications.some((n) => n.id === notification.id), 5000, 'replayed notification');
    });
  });
});
