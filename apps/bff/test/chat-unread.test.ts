import { connectDatabase, queryRows } from '@majlis/core/db/connect';
import {
  createPostgresDatabase,
  dropRedisPrefix,
  randomRedisPrefix,
  redisUrl,
  serviceMissing,
} from '@majlis/core/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client.ts';
import { type BffProcess, spawnBff } from './process.ts';
import { ChatClient, sleep, waitFor } from './realtime-client.ts';

const skip = serviceMissing('DATABASE_URL') ?? serviceMissing('REDIS_URL');
const PASSWORD = 'Demo-password-1';

/**
 * Issues 14 and 17: read or unread is the server's, decided by the chat machine. A message is stored unread for its
 * readers at send, so a reader whose instance died finds every one of them unread, on any device; the chat machine of
 * a socket that reports the conversation open and in view reads it at delivery, and the reader's other devices hear
 * `messages-readed` at once. Two real BFF processes over PostgreSQL and Redis.
 */
describe.skipIf(skip)(`server-side unread across two BFF processes${skip ? ` (${skip})` : ''}`, () => {
  let a: BffProcess;
  let b: BffProcess;
  let db: { url: string; drop(): Promise<void> };
  const prefix = randomRedisPrefix();
  const sockets: ChatClient[] = [];
  const signIn = async (url: string, email: string) => {
    const http = new TestClient((u, init) => fetch(u, init), url);
    const res = await http.login(email, PASSWORD);
    expect(res.status).toBe(200);
    return { http, userId: res.json.user.id as string, accountId: res.json.user.ownerId as string };
  };
  const socketOf = async (url: string, jar: Map<string, string>) => {
    const s = new ChatClient(url, jar);
    sockets.push(s);
    await s.connected();
    return s;
  };
  const unreadOf = async (http: TestClient, conversationId: string) =>
    ((await http.get('/api/chat/message/status/unread')).json as Array<{ id: number; conversationId: string }>)
      .filter((u) => u.conversationId === conversationId)
      .map((u) => u.id);

  let env: Record<string, string>;

  beforeAll(async () => {
    db = await createPostgresDatabase({ seeded: true });
    env = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl as string,
      REDIS_PREFIX: prefix,
      SESSION_SECRET: 'a-shared-secret-of-at-least-32-characters',
      SEED_DEMO: '1',
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'error',
      // 20 messages in a row from one socket is a script, not a person: lift the socket send limits.
      RATE_SOCKET_SENDS_SECOND: '1000',
      RATE_SOCKET_SENDS_MINUTE: '100000',
    };
    // One after the other, as a deploy starts them (the database is a copy of the run's seeded template).
    a = await spawnBff(env);
    b = await spawnBff(env);
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    const running = (p?: BffProcess) => p && p.proc.exitCode === null && p.proc.signalCode === null;
    await Promise.all([a, b].filter(running).map((p) => p?.stop()));
    await db?.drop();
    await dropRedisPrefix(prefix);
  });

  it('20 messages to a member whose instance died are 20 unread for a new device; reading on one device clears the other live', async () => {
    const owner = await signIn(a.url, 'owner@demo.test');
    const member = await signIn(b.url, 'member@demo.test');
    const onB = await socketOf(b.url, member.http.jar);
    const ownerSocket = await socketOf(a.url, owner.http.jar);
    const first = await ownerSocket.call('sendMessage', {
      senderId: owner.userId,
      receiverId: member.userId,
      text: 'before the night',
    });
    expect(first.ok).toBe(true);
    const conversationId = first.message.conversationId as string;
    await waitFor(() => onB.ids().has(first.message.id), 10_000, 'first message on B');
    // The member's instance goes away with their only socket; 20 messages are sent meanwhile.
    await b.stop('SIGKILL');
    const sent: number[] = [first.message.id];
    for (let i = 0; i < 20; i++) {
      const r = await ownerSocket.call('sendMessage', {
        senderId: owner.userId,
        receiverId: member.userId,
        text: `overnight ${i}`,
        messageId: `overnight-${i}`,
      });
      expect(r.ok).toBe(true);
      sent.push(r.message.id);
    }

    // A new browser the next morning, on the surviving instance: every message unread (the first one too: the
    // member's socket never said the conversation was open).
    const phone = await signIn(a.url, 'member@demo.test');
    expect((await unreadOf(phone.http, conversationId)).sort()).toEqual([...sent].sort());
    const laptop = await signIn(a.url, 'member@demo.test');
    const phoneSocket = await socketOf(a.url, phone.http.jar);
    const laptopSocket = await socketOf(a.url, laptop.http.jar);

    // The laptop opens the conversation in view: its chat machine reads it; the phone is told at once.
    expect((await laptopSocket.call('chat-state', { visible: true, conversationId })).ok).toBe(true);
    await waitFor(() => phoneSocket.readed.some((r) => r.conversationId === conversationId), 10_000, 'readed');
    expect(await unreadOf(phone.http, conversationId)).toEqual([]);

    // While it stays open, a new message is read at delivery; the phone, with its chat hidden, hears so too.
    const before = phoneSocket.readed.length;
    const live = await ownerSocket.call('sendMessage', {
      senderId: owner.userId,
      receiverId: member.userId,
      text: 'are you there?',
    });
    await waitFor(() => laptopSocket.ids().has(live.message.id), 10_000, 'live message on the laptop');
    await waitFor(() => phoneSocket.readed.length > before, 10_000, 'readed after the live message');
    expect(await unreadOf(phone.http, conversationId)).toEqual([]);

    // The laptop goes back to its contacts: the next one stays unread, whoever else is connected.
    expect((await laptopSocket.call('chat-state', { visible: false, conversationId: null })).ok).toBe(true);
    const later = await ownerSocket.call('sendMessage', {
      senderId: owner.userId,
      receiverId: member.userId,
      text: 'later',
    });
    await waitFor(() => phoneSocket.ids().has(later.message.id), 10_000, 'later message on the phone');
    await sleep(200);
    expect(await unreadOf(phone.http, conversationId)).toEqual([later.message.id]);
  });

  it('a member in the chat on the other instance gets no chat notification; gone from the chat, he does', async () => {
    // The test before killed B: a new B joins (as after a deploy), knowing nobody's presence yet.
    b = await spawnBff(env);
    const owner = await signIn(a.url, 'owner@demo.test');
    const admin = await signIn(b.url, 'admin@demo.test');
    const ownerSocket = await socketOf(a.url, owner.http.jar);
    const adminSocket = await socketOf(b.url, admin.http.jar);
    // The owner sees the admin come online: every instance knows it by then (presence is shared first).
    expect((await adminSocket.call('addUser', { ownerId: admin.accountId, userId: admin.userId })).ok).toBe(true);
    await waitFor(() => ownerSocket.users.some((u) => u.userId === admin.userId), 10_000, 'admin online on A');
    const chatNotes = async () =>
      ((await admin.http.get('/api/notif/notify')).json as Array<{ source_type?: string; read: boolean }>).filter(
        (n) => n.source_type === 'chat' && !n.read,
      );
    await admin.http.post('/api/notif/notify', { ownerId: admin.accountId, userId: admin.userId });
    const here = await ownerSocket.call('sendMessage', {
      senderId: owner.userId,
      receiverId: admin.userId,
      text: 'here?',
    });
    await waitFor(() => adminSocket.ids().has(here.message.id), 10_000, 'message on B');
    await sleep(200);
    expect(await chatNotes()).toEqual([]);
    // Gone from the chat: the next message is told.
    adminSocket.close();
    await waitFor(() => !ownerSocket.users.some((u) => u.userId === admin.userId), 10_000, 'admin offline on A');
    await ownerSocket.call('sendMessage', { senderId: owner.userId, receiverId: admin.userId, text: 'away now' });
    await expect.poll(async () => (await chatNotes()).length, { timeout: 10_000 }).toBe(1);
  });

  it('a conversation of someone else cannot be reported open', async () => {
    const solo = await signIn(a.url, 'solo@demo.test');
    const owner = await signIn(a.url, 'owner@demo.test');
    const s = await socketOf(a.url, owner.http.jar);
    const sent = await s.call('sendMessage', {
      senderId: owner.userId,
      receiverId: (await signIn(a.url, 'admin@demo.test')).userId,
      text: 'hi',
    });
    const soloSocket = await socketOf(a.url, solo.http.jar);
    const refused = await soloSocket.call('chat-state', { visible: true, conversationId: sent.message.conversationId });
    expect(refused).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const malformed = await soloSocket.call('chat-state', { visible: 'yes', conversationId: 'x' });
    expect(malformed).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
  });
  it('the sender’s instance killed right after its sends: the away reader is told once by the other, every message counted', async () => {
    // Issue 29: the sends only mark the messages pending; whichever instance takes them writes the notification.
    const admin = await signIn(a.url, 'admin@demo.test');
    const member = await signIn(b.url, 'member@demo.test');
    const adminSocket = await socketOf(a.url, admin.http.jar);
    const texts = Array.from({ length: 15 }, (_, i) => `pending ${i}`);
    let conversationId = '';
    for (const [i, text] of texts.entries()) {
      const r = await adminSocket.call('sendMessage', {
        senderId: admin.userId,
        receiverId: member.userId,
        text,
        messageId: `pending-${i}`,
      });
      expect(r.ok).toBe(true);
      conversationId = r.message.conversationId as string;
    }
    // Killed before its next batch (or just after it): either way each message is told once.
    await a.stop('SIGKILL');
    const database = await connectDatabase({ url: db.url, migrate: false });
    try {
      const told = () =>
        queryRows<{ count: number; pending: string }>(
          database.db,
          sql`select n.count, (select count(*) from chat_away_pending)::text as pending from notifications n
              where n.user_id = ${member.userId} and n.source_type = 'chat'
                and n.event_meta->>'conversationId' = ${conversationId}`,
        );
      await expect
        .poll(async () => (await told()).map((r) => [r.count, r.pending]), { timeout: 15_000 })
        .toEqual([[15, '0']]);
    } finally {
      await database.close();
    }
    a = await spawnBff(env);
  });
});
