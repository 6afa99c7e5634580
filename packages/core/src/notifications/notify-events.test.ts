import { intlLocale } from '@majlis/i18n';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type Driver, drivers, type TestDatabase, testConfig } from '../../test/services.ts';
import { type Actor, findActor } from '../auth/actor.ts';
import { drainAwayNotifications, flushAwayNotifications, notifyAwayReaders } from '../chat/notify-unread.ts';
import { openPrivateConversation } from '../chat/open-conversation.ts';
import { sendMessage } from '../chat/send-message.ts';
import { queryRows } from '../db/connect.ts';
import { accounts, meetings, notifications, rooms, subscriptions, users } from '../db/schema/index.ts';
import { createMemoryBus } from '../events/bus.ts';
import { runJobsInProcess } from '../jobs/index.ts';
import type { JobContext } from '../jobs/types.ts';
import { storeRecording } from '../meetings/apply-provider-event.ts';
import { cancelOccurrence, updateOccurrence } from '../meetings/occurrences.ts';
import { changeMeetingStatus } from '../meetings/save-meeting.ts';
import { NOTIFICATION_TOPIC, type NotificationEvent, renderNotification } from './notifications.ts';

const DAY = 24 * 3600 * 1000;

/** Issue 16: notifications of what happens to people, made by the core services themselves. */
describe.each(drivers)('notifications of events on %s', (driver: Driver) => {
  let database: TestDatabase;
  const config = testConfig();
  const bus = createMemoryBus();
  const pushed: { id: number; userId: string }[] = [];
  let ctx: JobContext;
  let owner: Actor;
  let admin: Actor;
  let member: Actor;

  const actorOf = async (email: string): Promise<Actor> => {
    const [row] = await database.db
      .select({ userId: users.id, accountId: accounts.id })
      .from(users)
      .innerJoin(accounts, eq(accounts.kind, 'inst'))
      .where(eq(users.email, email));
    const actor = row && (await findActor(database.db, row.userId, row.accountId));
    if (!actor) throw new Error(`no actor ${email}`);
    return actor;
  };
  const notesOf = (userId: string, titleId?: string) =>
    database.db
      .select()
      .from(notifications)
      .where(
        titleId
          ? and(eq(notifications.userId, userId), eq(notifications.titleId, titleId))
          : eq(notifications.userId, userId),
      )
      .orderBy(asc(notifications.id));
  const readAll = () => database.db.update(notifications).set({ read: true });

  /** A scheduled Jitsi meeting of the institution owned by `owner`, two days ahead, with admin and member assisting. */
  async function assistedMeeting(name: string) {
    const [room] = await database.db
      .insert(rooms)
      .values({ accountId: owner.accountId, name: `Room ${name}`, type: 'jitsi' })
      .returning();
    const startsAt = new Date(Date.now() + 2 * DAY);
    const number = String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999));
    const [m] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into meetings (account_id, room_id, owner_user_id, number, name, kind, starts_at, day, hour, time_zone, duration_minutes)
          values (${owner.accountId}, ${room?.id}, ${owner.userId}, ${number}, ${name}, 'scheduled', ${startsAt},
                  '2099-01-01', '10:00', 'Africa/Cairo', 60) returning id`,
    );
    const [o] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into meeting_occurrences (meeting_id, original_starts_at, starts_at, ends_at)
          values (${m?.id}, ${startsAt}, ${startsAt}, ${new Date(+startsAt + 3600_000)}) returning id`,
    );
    await database.db.execute(
      sql`insert into meeting_assistants (meeting_id, user_id) values (${m?.id}, ${admin.userId}), (${m?.id}, ${member.userId})`,
    );
    const [row] = await database.db
      .select()
      .from(meetings)
      .where(eq(meetings.id, m?.id as string));
    if (!row || !o) throw new Error('meeting not made');
    return { meeting: row, occurrenceId: o.id, startsAt };
  }

  beforeAll(async () => {
    database = await createTestDatabase(driver, { seeded: true });
    ctx = {
      db: database.db,
      config,
      push: { notify: (row) => void pushed.push({ id: row.id, userId: row.userId }) },
      transports: {},
      now: () => new Date(),
    };
    [owner, admin, member] = await Promise.all([
      actorOf('owner@demo.test'),
      actorOf('admin@demo.test'),
      actorOf('member@demo.test'),
    ]);
  });
  afterAll(async () => {
    await database?.drop();
    config.cleanup();
  });

  it('an assisted meeting moved, cancelled, then deleted: its assistants are told each, never the one who did it', async () => {
    const { meeting, occurrenceId, startsAt } = await assistedMeeting('Weekly review');
    const rt = { db: database.db, config, bus };
    const live: string[] = [];
    const off = bus.subscribe('notification.created', (e) => void live.push(String(e.userId)));

    await updateOccurrence(rt, owner, meeting.id, occurrenceId, {
      startsAt: new Date(+startsAt + 3600_000).toISOString(),
    });
    for (const who of [admin, member]) {
      const moved = await notesOf(who.userId, 'notif.meeting.moved.title');
      expect(moved).toHaveLength(1);
      expect(moved[0]).toMatchObject({ accountId: owner.accountId, eventMeta: { meetingId: meeting.id } });
      expect(renderNotification(moved[0] as never, 'en').message).toContain('<a href="/dashbord/meeting"');
      // It says to when, in the reader's language and digits, on the meeting's clock, the zone named.
      const movedTo = new Date(+startsAt + 3600_000);
      const inCairo = (locale: 'ar' | 'en') =>
        new Intl.DateTimeFormat(intlLocale(locale), {
          timeZone: meeting.timeZone,
          timeStyle: 'short',
        }).format(movedTo);
      expect(renderNotification(moved[0] as never, 'en').message).toContain(inCairo('en'));
      const ar = renderNotification(moved[0] as never, 'ar').message;
      expect(ar).toContain(inCairo('ar'));
      expect(ar).toMatch(/إلى .+\(.+\)/);
    }
    expect(await notesOf(owner.userId, 'notif.meeting.moved.title')).toEqual([]);
    await readAll();

    await cancelOccurrence(rt, owner, meeting.id, occurrenceId);
    for (const who of [admin, member])
      expect(await notesOf(who.userId, 'notif.meeting.cancelled.title')).toHaveLength(1);
    await readAll();

    // The admin (an assistant) deletes it: only the other assistant is told.
    await changeMeetingStatus(rt, admin, meeting.id, 'delete');
    const deleted = await notesOf(member.userId, 'notif.meeting.deleted.title');
    expect(deleted).toHaveLength(1);
    expect(renderNotification(deleted[0] as never, 'ar').title).toBe('حُذف اجتماع');
    expect(renderNotification(deleted[0] as never, 'en').message).toContain('<b>Weekly review</b>');
    expect(await notesOf(admin.userId, 'notif.meeting.deleted.title')).toEqual([]);
    // Each went live once: moved, cancelled and deleted to the member; moved and cancelled to the admin.
    // The memory bus delivers on a later tick (PGlite may not have yielded to one yet).
    await new Promise((resolve) => setImmediate(resolve));
    off();
    expect(live.filter((u) => u === member.userId)).toHaveLength(3);
    expect(live.filter((u) => u === admin.userId)).toHaveLength(2);
    expect(live).not.toContain(owner.userId);
  });

  it('a recording ready tells the owner and the assistants once each, linking to /recording/<id>', async () => {
    const { meeting } = await assistedMeeting('Recorded');
    const before = pushed.length;
    const recording = {
      provider: 'bbb' as const,
      recordId: `rec-${driver}`,
      name: '',
      size: 1000,
      url: 'https://b.x/p',
    };
    expect(await storeRecording(ctx, meeting, recording)).toBe(true);
    // The same callback again (and the import job finding it later) tells nobody twice.
    await storeRecording(ctx, meeting, { ...recording, size: 2000 });
    for (const who of [owner, admin, member]) {
      const notes = await notesOf(who.userId, 'notif.recording.ready.title');
      expect(notes).toHaveLength(1);
      const link = notes[0]?.eventMeta.link as string;
      expect(link).toMatch(/^\/recording\/[0-9a-f-]{36}$/);
      expect(renderNotification(notes[0] as never, 'en').message).toContain(
        `<b>Recorded</b> is ready. <a href="${link}"`,
      );
    }
    expect(
      pushed
        .slice(before)
        .map((p) => p.userId)
        .sort(),
    ).toEqual([owner.userId, admin.userId, member.userId].sort());
  });

  it('chat while away: two messages make one notification (count 2), with the sender’s picture; nothing while here', async () => {
    const picture = `/api/users/${admin.userId}/picture?v=0123456789ab`;
    await database.db.update(users).set({ picture }).where(eq(users.id, admin.userId));
    const conversation = await openPrivateConversation(database.db, admin, member.userId);
    const rt = { db: database.db, bus };
    const away = async () => new Set<string>();
    for (const text of ['one', 'two']) {
      const { message } = await sendMessage(rt, admin, { text, conversationId: conversation.id });
      await notifyAwayReaders(rt, admin, message, away);
    }
    const chat = (await notesOf(member.userId)).filter((n) => n.sourceType === 'chat');
    expect(chat).toHaveLength(1);
    expect(chat[0]).toMatchObject({ count: 2, values: { text: 'two' }, eventMeta: { senderPic: picture } });
    expect(renderNotification(chat[0] as never, 'en').message).toContain('sent you 2 messages, the last: two');
    expect(await notesOf(admin.userId, 'notif.chat.title')).toEqual([]);

    // Read: the next message while away starts a new one; while here (a socket in the chat), none.
    await readAll();
    const { message } = await sendMessage(rt, admin, { text: 'three', conversationId: conversation.id });
    expect(await notifyAwayReaders(rt, admin, message, async (ids) => new Set(ids))).toBe(0);
    expect(await notifyAwayReaders(rt, admin, message, away)).toBe(1);
    const unread = (await notesOf(member.userId)).filter((n) => n.sourceType === 'chat' && !n.read);
    expect(unread.map((n) => n.count)).toEqual([1]);
  });

  it('while away, in batches (issue 29): two processes taking pending messages at once tell each reader once per conversation, counting them all', async () => {
    const conversation = await openPrivateConversation(database.db, admin, member.userId);
    // Two processes on one database: each its own notifier.
    const a = { db: database.db, bus };
    const b = { db: database.db, bus };
    await flushAwayNotifications(a); // what the tests above left pending
    await readAll();
    const tick = () => new Promise((resolve) => setTimeout(resolve, 50)); // the memory bus delivers on the next tick
    await tick(); // the pushes of what was left pending are not this test's
    const published: NotificationEvent[] = [];
    const off = bus.subscribe(NOTIFICATION_TOPIC, (e) => void published.push(e as NotificationEvent));
    for (let i = 1; i <= 30; i++) await sendMessage(a, admin, { text: `m${i}`, conversationId: conversation.id });
    await sendMessage(b, member, { text: 'reply', conversationId: conversation.id });
    const pending = async () =>
      Number((await queryRows<{ n: string }>(database.db, sql`select count(*) as n from chat_away_pending`))[0]?.n);
    expect(await pending()).toBe(31);
    await Promise.all([drainAwayNotifications(a), drainAwayNotifications(b), flushAwayNotifications(b)]);
    expect(await pending()).toBe(0);
    const unread = async (userId: string) =>
      (await notesOf(userId, 'notif.chat.title')).filter((n) => !n.read).map((n) => [n.count, n.values.text]);
    expect(await unread(member.userId)).toEqual([[30, 'm30']]);
    expect(await unread(admin.userId)).toEqual([[1, 'reply']]);
    await tick();
    off();
    // Pushed once each: a second batch into an unread one updates it without a push.
    const chat = published.filter((e) => e.notification.titleId === 'notif.chat.title');
    expect(chat.map((e) => e.userId).sort()).toEqual([admin.userId, member.userId].sort());
  });

  it('scheduled jobs run once at start: an expired room is told at once, and a second start tells nothing again', async () => {
    const [room] = await database.db
      .insert(rooms)
      .values({ accountId: owner.accountId, name: 'Lapsed room', type: 'jitsi' })
      .returning();
    const [sub] = await database.db
      .insert(subscriptions)
      .values({
        accountId: owner.accountId,
        roomId: room?.id,
        period: 'monthly',
        status: 'active',
        renewsAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const errors: unknown[] = [];
    const expired = async () =>
      (await notesOf(owner.userId, 'notif.subscription.expired.title')).filter(
        (n) => n.eventMeta.subscriptionId === sub?.id,
      );
    for (let start = 0; start < 2; start++) {
      const stop = runJobsInProcess(ctx, (job, err) => errors.push({ job, err }));
      await stop.started;
      stop();
      expect(await expired()).toHaveLength(1);
    }
    expect(errors).toEqual([]);
    const told = (await expired())[0];
    expect(pushed.filter((p) => p.id === told?.id)).toHaveLength(1);
  });
});
