import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type Driver, drivers, type TestDatabase, testConfig } from '../../test/services.ts';
import { type Actor, findActor } from '../auth/actor.ts';
import { notifyAwayReaders } from '../chat/notify-unread.ts';
import { sendMessage } from '../chat/send-message.ts';
import { clearUnread } from '../chat/unread.ts';
import { memberships, outbox, teamMembers, unreadMessages, users } from '../db/schema/index.ts';
import { CHAT_DIGEST_AFTER_MINUTES, runChatDigests } from './chat-digest.ts';

const MINUTE = 60_000;

/**
 * Issue 14: a member who leaves chat messages unread gets one e-mail after 15 minutes, with every message not yet told,
 * in their profile's language; never one per message, nothing for what was read in time, nothing when turned off.
 */
describe.each(drivers)('chat digest on %s', (driver: Driver) => {
  let database: TestDatabase;
  let admin: Actor;
  let member: Actor;
  let ownerActor: Actor;
  const config = testConfig();
  const at = (minutes: number) => ({
    db: database.db,
    config,
    now: () => new Date(Date.now() + minutes * MINUTE),
  });
  const digestsTo = async (email: string) =>
    database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), like(outbox.template, 'chatDigest')));
  const actorOf = async (email: string) => {
    const [u] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const [m] = await database.db
      .select({ accountId: memberships.accountId })
      .from(memberships)
      .where(
        and(
          eq(memberships.userId, u?.id as string),
          eq(memberships.role, email.startsWith('owner') ? 'owner' : email.startsWith('admin') ? 'admin' : 'member'),
        ),
      );
    return (await findActor(database.db, u?.id as string, m?.accountId as string)) as Actor;
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver, { seeded: true });
    admin = await actorOf('admin@demo.test');
    ownerActor = await actorOf('owner@demo.test');
    member = await actorOf('member@demo.test');
    expect(admin.accountId).toBe(member.accountId);
  });
  afterAll(() => database?.drop());

  it('three messages left unread: one e-mail after 15 minutes in the member’s language, then none until more come', async () => {
    for (const text of ['صباح الخير', 'هل رأيت التصميم؟', 'ردّ عندما تستطيع']) {
      await sendMessage({ db: database.db }, admin, { text, receiverId: member.userId });
    }
    // Not yet: the messages are minutes old.
    expect(await runChatDigests(at(CHAT_DIGEST_AFTER_MINUTES - 1))).toBe(0);
    expect(await digestsTo('member@demo.test')).toHaveLength(0);

    expect(await runChatDigests(at(CHAT_DIGEST_AFTER_MINUTES + 1))).toBe(1);
    const [mail] = await digestsTo('member@demo.test');
    // The demo member reads English (his profile).
    expect(mail?.locale).toBe('en');
    expect(mail?.subject).toBe('You have 3 unread messages on Majlis');
    expect(mail?.body).toContain('3 unread messages in 1 conversation');
    expect(mail?.body).toContain('\u2068ليلى حسن\u2069: 3');
    expect(mail?.body).toContain(`${config.publicUrl}/dashbord/meeting?chatUser=${admin.userId}`);

    // Told once: the next runs find nothing new.
    expect(await runChatDigests(at(CHAT_DIGEST_AFTER_MINUTES + 2))).toBe(0);
    expect(await runChatDigests(at(60))).toBe(0);
    expect(await digestsTo('member@demo.test')).toHaveLength(1);
  });

  it('a team message and a private one make one digest of two conversations; read ones are not in it', async () => {
    const [team] = await database.db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(eq(teamMembers.userId, member.userId))
      .limit(1);
    await sendMessage({ db: database.db }, admin, { text: 'للفريق', teamId: team?.teamId as string });
    const read = await sendMessage({ db: database.db }, ownerActor, { text: 'اقرأ هذه', receiverId: member.userId });
    await sendMessage({ db: database.db }, admin, { text: 'وهذه أيضًا', receiverId: member.userId });
    // The member opened the owner's conversation in time: nothing of it is told.
    await clearUnread(database.db, member, read.message.conversationId);
    // The member's, and the team's other readers' (owners and admins see every team).
    expect(await runChatDigests(at(CHAT_DIGEST_AFTER_MINUTES + 1))).toBeGreaterThanOrEqual(1);
    const mails = await digestsTo('member@demo.test');
    expect(mails).toHaveLength(2);
    const latest = mails.at(-1);
    expect(latest?.subject).toBe('You have 2 unread messages on Majlis');
    expect(latest?.body).toContain('in 2 conversations');
    expect(latest?.body).not.toContain('أحمد');
  });

  it('a member who was in the chat when it came gets no e-mail for it (the badge is there to see)', async () => {
    const sent = await sendMessage({ db: database.db }, admin, { text: 'أنا هنا', receiverId: member.userId });
    await notifyAwayReaders({ db: database.db }, admin, sent.message, async () => new Set([member.userId]));
    const before = (await digestsTo('member@demo.test')).length;
    expect(await runChatDigests(at(CHAT_DIGEST_AFTER_MINUTES + 1))).toBe(0);
    expect(await digestsTo('member@demo.test')).toHaveLength(before);
    // Still unread in the chat all the same.
    const [row] = await database.db
      .select()
      .from(unreadMessages)
      .where(and(eq(unreadMessages.userId, member.userId), eq(unreadMessages.messageId, sent.message.id)));
    expect(row?.digestedAt).not.toBeNull();
  });

  it('turned off in the profile: nothing is sent, and the messages are not told later either', async () => {
    await database.db.update(users).set({ chatDigest: false }).where(eq(users.id, member.userId));
    try {
      await sendMessage({ db: database.db }, admin, { text: 'بدون بريد', receiverId: member.userId });
      const before = (await digestsTo('member@demo.test')).length;
      expect(await runChatDigests(at(CHAT_DIGEST_AFTER_MINUTES + 1))).toBe(0);
      expect(await digestsTo('member@demo.test')).toHaveLength(before);
      const left = await database.db.select().from(unreadMessages).where(eq(unreadMessages.userId, member.userId));
      // Still unread for the chat, yet marked as past the digest.
      expect(left.length).toBeGreaterThan(0);
      expect(left.every((r) => r.digestedAt !== null)).toBe(true);
    } finally {
      await database.db.update(users).set({ chatDigest: true }).where(eq(users.id, member.userId));
    }
  });

  it('an Arabic reader gets Arabic', async () => {
    await sendMessage({ db: database.db }, member, { text: 'Hello', receiverId: admin.userId });
    expect(await runChatDigests(at(CHAT_DIGEST_AFTER_MINUTES + 1))).toBeGreaterThanOrEqual(1);
    const [mail] = await digestsTo('admin@demo.test');
    expect(mail?.locale).toBe('ar');
    expect(mail?.subject).toBe('لديك رسالة واحدة غير مقروءة في مجلس');
    expect(mail?.body).toContain('\u2068Omar Khaled\u2069: ١');
  });
});
