import { formatHijri } from '@majlis/i18n';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type Driver, drivers, type TestDatabase, testConfig } from '../../test/services.ts';
import { queryRows } from '../db/connect.ts';
import { accounts, notifications, outbox, rooms, subscriptions, users } from '../db/schema/index.ts';
import { enqueueMessage } from '../outbox/enqueue.ts';
import { runMeetingReminders } from './meeting-reminders.ts';
import { meetingSweeperJob } from './meeting-sweeper.ts';
import { runRenewals, runTrialExpiry } from './renewals.ts';
import { scanStorage } from './storage-scan.ts';
import type { JobContext } from './types.ts';

const GB = 1024 ** 3;
const DAY = 24 * 3600 * 1000;

describe.each(drivers)('scheduled notification jobs on %s', (driver: Driver) => {
  let database: TestDatabase;
  const pushed: { id: number; userId: string; type: string }[] = [];
  let now = new Date();
  let ctx: JobContext;
  const userId = async (email: string) =>
    (await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id as string;
  const accountOf = async (email: string, kind: 'indv' | 'inst') =>
    (
      await database.db
        .select({ id: accounts.id })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.ownerUserId))
        .where(and(eq(users.email, email), eq(accounts.kind, kind)))
    )[0]?.id as string;
  const notesOf = async (uid: string) =>
    database.db.select().from(notifications).where(eq(notifications.userId, uid)).orderBy(asc(notifications.id));

  beforeAll(async () => {
    database = await createTestDatabase(driver, { seeded: true });
    ctx = {
      db: database.db,
      config: testConfig(),
      push: { notify: (row) => void pushed.push({ id: row.id, userId: row.userId, type: row.type }) },
      transports: {},
      now: () => now,
    };
  });
  afterAll(() => database?.drop());

  it('storage 84% → 85% → 99% → 100% → 50% → 90% notifies exactly warning, danger, warning, each pushed once', async () => {
    const owner = await userId('solo@demo.test');
    const accountId = await accountOf('solo@demo.test', 'indv');
    const [room] = await database.db
      .insert(rooms)
      .values({ accountId, name: 'قاعة الاجتماعات', type: 'jitsi', storageBytes: 10 * GB, usedBytes: 0 })
      .returning();
    const setUsage = (percent: number) =>
      database.db
        .update(rooms)
        .set({ usedBytes: Math.round((10 * GB * percent) / 100) })
        .where(eq(rooms.id, room?.id as string));
    for (const percent of [84, 85, 99, 100, 50, 90]) {
      await setUsage(percent);
      // The scheduler firing twice at once (two workers) changes nothing twice.
      await Promise.all([scanStorage(ctx), scanStorage(ctx)]);
      await scanStorage(ctx);
    }
    const notes = await notesOf(owner);
    expect(notes.map((n) => n.type)).toEqual(['warning', 'danger', 'warning']);
    expect(notes.map((n) => n.values.percent)).toEqual([85, 100, 90]);
    expect(notes[1]?.messageId).toBe('notif.storage.full.message');
    expect(notes.every((n) => !n.pushPending)).toBe(true);
    const mine = pushed.filter((p) => p.userId === owner);
    // Pushed as stored: the reader's language and digits are the BFF's delivery's to apply (apps/bff/test/one-push-path.test.ts).
    expect(mine.map((p) => p.id)).toEqual(notes.map((n) => n.id));
  });

  it('an institution room notifies the owner, the admins and the assigned user, not plain members', async () => {
    const accountId = await accountOf('owner@demo.test', 'inst');
    const member = await userId('member@demo.test');
    await database.db.insert(rooms).values({
      accountId,
      name: 'Board room',
      type: 'bbb',
      storageBytes: 10 * GB,
      usedBytes: 10 * GB,
      assignedUserId: member,
    });
    await scanStorage(ctx);
    for (const email of ['owner@demo.test', 'admin@demo.test', 'member@demo.test']) {
      const notes = (await notesOf(await userId(email))).filter((n) => n.accountId === accountId);
      expect(
        notes.map((n) => n.type),
        email,
      ).toEqual(['danger']);
    }
  });

  it('renewal reminders at 7, 3, 1 and 0 days, once each even when the scheduler fires twice, then expiry once', async () => {
    const owner = await userId('admin@demo.test');
    const accountId = await accountOf('admin@demo.test', 'indv');
    const renewsAt = new Date(Date.now() + 10 * DAY);
    const [sub] = await database.db
      .insert(subscriptions)
      .values({ accountId, period: 'monthly', status: 'active', renewsAt })
      .returning();
    const at = async (msBefore: number) => {
      now = new Date(renewsAt.getTime() - msBefore);
      await Promise.all([runRenewals(ctx), runRenewals(ctx)]);
      await runRenewals(ctx);
    };
    await at(8 * DAY + 3600_000); // 8 days: nothing yet
    await at(7 * DAY + 3600_000);
    await at(5 * DAY);
    await at(3 * DAY + 60_000);
    await at(1 * DAY + 60_000);
    await at(3600_000);
    const [mid] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, sub?.id as string));
    expect(mid?.status).toBe('expiring');
    await at(-60_000);
    await at(-DAY);
    const notes = (await notesOf(owner)).filter((n) => n.eventMeta.subscriptionId === sub?.id);
    expect(notes.map((n) => (n.messageId.endsWith('expired.message') ? 'expired' : n.values.days))).toEqual([
      7,
      3,
      1,
      0,
      'expired',
    ]);
    expect(notes.every((n) => n.type === 'danger' && n.eventMeta.renewNow === true)).toBe(true);
    const [after] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, sub?.id as string));
    expect(after?.status).toBe('expired');
    now = new Date();
  });

  it('the free trial ending is told once', async () => {
    const uid = await userId('member@demo.test');
    await database.db.execute(
      sql`insert into trials (user_id, starts_at, ends_at) values (${uid}, now() - interval '8 days', now() - interval '1 day')`,
    );
    now = new Date();
    expect(await runTrialExpiry(ctx)).toBe(1);
    expect(await runTrialExpiry(ctx)).toBe(0);
    const notes = (await notesOf(uid)).filter((n) => n.titleId === 'notif.trial.expired.title');
    expect(notes).toHaveLength(1);
  });

  it('meeting reminders 15 minutes ahead: owner, assistant and invitee notified, an outside invitee e-mailed, once', async () => {
    const owner = await userId('owner@demo.test');
    const admin = await userId('admin@demo.test');
    const member = await userId('member@demo.test');
    const accountId = await accountOf('owner@demo.test', 'inst');
    const [room] = await database.db
      .insert(rooms)
      .values({ accountId, name: 'Reminder room', type: 'jitsi' })
      .returning();
    now = new Date();
    const startsAt = new Date(now.getTime() + 10 * 60_000);
    const [meeting] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into meetings (account_id, room_id, owner_user_id, number, name, kind, starts_at, time_zone, duration_minutes)
          values (${accountId}, ${room?.id}, ${owner}, '4455667788', 'مراجعة الربع', 'scheduled', ${startsAt}, 'Africa/Cairo', 60) returning id`,
    );
    await database.db.execute(
      sql`insert into meeting_occurrences (meeting_id, original_starts_at, starts_at, ends_at)
          values (${meeting?.id}, ${startsAt}, ${startsAt}, ${new Date(startsAt.getTime() + 3600_000)}),
                 (${meeting?.id}, ${new Date(startsAt.getTime() + DAY)}, ${new Date(startsAt.getTime() + DAY)}, ${new Date(startsAt.getTime() + DAY + 3600_000)})`,
    );
    await database.db.execute(
      sql`insert into meeting_assistants (meeting_id, user_id) values (${meeting?.id}, ${admin})`,
    );
    await database.db.execute(
      sql`insert into invitations (meeting_id, email, user_id, locale) values
          (${meeting?.id}, 'member@demo.test', ${member}, 'en'), (${meeting?.id}, 'guest@outside.test', null, 'en')`,
    );
    const first = await runMeetingReminders(ctx);
    const second = await runMeetingReminders(ctx);
    expect(first).toBe(4);
    expect(second).toBe(0);
    for (const uid of [owner, admin, member]) {
      const notes = (await notesOf(uid)).filter((n) => n.titleId === 'notif.meeting.reminder.title');
      expect(notes).toHaveLength(1);
      expect(notes[0]?.values).toMatchObject({ number: '4455667788', minutes: 15 });
    }
    const mails = await database.db.select().from(outbox).where(eq(outbox.to, 'guest@outside.test'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Reminder: مراجعة الربع starts in 15 minutes');
    // The guest has no profile: the time is on the meeting's clock, and the e-mail names that zone.
    const cairo = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Cairo', timeStyle: 'short' }).format(startsAt);
    // Issue 26: by its place, not "Eastern European Standard Time".
    expect(mails[0]?.body).toContain(`starts in 15 minutes, at ${cairo} (Egypt Time).`);
  });

  it('issue 26: a reminder e-mail gives the day and its Hijri date to a reader whose profile asks for it', async () => {
    const owner = await userId('owner@demo.test');
    const accountId = await accountOf('owner@demo.test', 'inst');
    // Sara was invited by e-mail before the invitation knew her account; her profile asks for Hijri dates.
    await database.db.update(users).set({ hijri: true }).where(eq(users.email, 'solo@demo.test'));
    const [room] = await database.db.insert(rooms).values({ accountId, name: 'Hijri room', type: 'jitsi' }).returning();
    now = new Date();
    const startsAt = new Date(now.getTime() + 12 * 60_000);
    const [meeting] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into meetings (account_id, room_id, owner_user_id, number, name, kind, starts_at, time_zone, duration_minutes)
          values (${accountId}, ${room?.id}, ${owner}, '6655443322', 'Board', 'scheduled', ${startsAt}, 'Africa/Cairo', 60) returning id`,
    );
    await database.db.execute(
      sql`insert into meeting_occurrences (meeting_id, original_starts_at, starts_at, ends_at)
          values (${meeting?.id}, ${startsAt}, ${startsAt}, ${new Date(startsAt.getTime() + 3600_000)})`,
    );
    await database.db.execute(
      sql`insert into invitations (meeting_id, email, user_id, locale) values
          (${meeting?.id}, 'Solo@Demo.test', null, 'en'), (${meeting?.id}, 'hijri-guest@outside.test', null, 'ar')`,
    );
    await runMeetingReminders(ctx);
    const [sara] = await database.db.select().from(outbox).where(eq(outbox.to, 'Solo@Demo.test'));
    const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Cairo', dateStyle: 'full' }).format(startsAt);
    expect(sara?.body).toContain(day);
    expect(sara?.body).toContain(`(${formatHijri('en', startsAt, 'Africa/Cairo')})`);
    expect(sara?.body).toMatch(/AH\)/);
    // no profile, no Hijri date: the time alone, as before
    const [guest] = await database.db.select().from(outbox).where(eq(outbox.to, 'hijri-guest@outside.test'));
    expect(guest?.body).not.toContain(formatHijri('ar', startsAt, 'Africa/Cairo'));
    expect(guest?.body).not.toContain('هـ');
    await database.db.update(users).set({ hijri: false }).where(eq(users.email, 'solo@demo.test'));
  });

  it('no reminder for a meeting of a suspended or banned account (its join refuses everyone); reinstated, it has one', async () => {
    const solo = await userId('solo@demo.test');
    const accountId = await accountOf('solo@demo.test', 'indv');
    const [room] = await database.db
      .insert(rooms)
      .values({ accountId, name: 'Closed room', type: 'jitsi' })
      .returning();
    now = new Date();
    const startsAt = new Date(now.getTime() + 5 * 60_000);
    const [meeting] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into meetings (account_id, room_id, owner_user_id, number, name, kind, starts_at, time_zone, duration_minutes)
          values (${accountId}, ${room?.id}, ${solo}, '5566778899', 'Closed', 'scheduled', ${startsAt}, 'Africa/Cairo', 60) returning id`,
    );
    await database.db.execute(
      sql`insert into meeting_occurrences (meeting_id, original_starts_at, starts_at, ends_at)
          values (${meeting?.id}, ${startsAt}, ${startsAt}, ${new Date(startsAt.getTime() + 3600_000)})`,
    );
    const setStatus = (status: 'active' | 'suspended' | 'banned') =>
      database.db.execute(sql`update accounts set status = ${status} where id = ${accountId}`);
    const reminders = async () =>
      (await notesOf(solo)).filter((n) => n.titleId === 'notif.meeting.reminder.title').length;
    for (const status of ['suspended', 'banned'] as const) {
      await setStatus(status);
      await runMeetingReminders(ctx);
      expect(await reminders()).toBe(0);
    }
    await setStatus('active');
    expect(await runMeetingReminders(ctx)).toBe(1);
    expect(await reminders()).toBe(1);
  });

  it("an e-mail to a platform user takes their digit style; anyone else's keeps the language's", async () => {
    await database.db.update(users).set({ digits: 'latn' }).where(eq(users.email, 'member@demo.test'));
    const values = { name: 'مراجعة', minutes: 15, link: 'https://m.x/join/4455667788', number: '4455667788' };
    const mail = async (to: string) => {
      const id = await enqueueMessage(database.db, {
        channel: 'email',
        to,
        locale: 'ar',
        template: 'reminder',
        values: { ...values, when: '١٠:٠٠ ص (توقيت مصر)' },
      });
      return (
        await database.db
          .select()
          .from(outbox)
          .where(eq(outbox.id, id as number))
      )[0];
    };
    const member = await mail('Member@Demo.test');
    expect(member?.subject).toBe('تذكير: يبدأ «مراجعة» بعد 15 دقيقة');
    expect(member?.body).toContain('الساعة \u206810:00 ص (توقيت مصر)\u2069');
    expect(member?.body).toContain('\u2068https://m.x/join/4455667788\u2069');
    const guest = await mail('someone@outside.test');
    expect(guest?.subject).toBe('تذكير: يبدأ «مراجعة» بعد ١٥ دقيقة');
    // One digit style in the message (issue 26): the number as the "١٥ دقيقة" of its subject.
    expect(guest?.body).toContain('رقم الاجتماع: \u2068٤٤٥٥٦٦٧٧٨٨\u2069');
  });

  it('the sweeper expires a scheduled meeting whose last occurrence has ended, and nothing else', async () => {
    const owner = await userId('solo@demo.test');
    const accountId = await accountOf('solo@demo.test', 'indv');
    const [room] = await database.db.insert(rooms).values({ accountId, name: 'Sweep room', type: 'jitsi' }).returning();
    const past = new Date(Date.now() - 3 * 3600_000);
    const ids: Record<string, string> = {};
    for (const [number, when] of [
      ['7000000001', past],
      ['7000000002', new Date(Date.now() + 3600_000)],
    ] as const) {
      const [m] = await queryRows<{ id: string }>(
        database.db,
        sql`insert into meetings (account_id, room_id, owner_user_id, number, name, kind, starts_at, time_zone, duration_minutes)
            values (${accountId}, ${room?.id}, ${owner}, ${number}, 'sweep', 'scheduled', ${when}, 'Africa/Cairo', 60) returning id`,
      );
      ids[number] = m?.id as string;
      await database.db.execute(
        sql`insert into meeting_occurrences (meeting_id, original_starts_at, starts_at, ends_at)
            values (${m?.id}, ${when}, ${when}, ${new Date(when.getTime() + 3600_000)})`,
      );
    }
    now = new Date();
    await meetingSweeperJob.handle(ctx, {});
    await meetingSweeperJob.handle(ctx, {});
    const statuses = await queryRows<{ number: string; status: string }>(
      database.db,
      sql`select number, status from meetings where number in ('7000000001', '7000000002') order by number`,
    );
    expect(statuses).toEqual([
      { number: '7000000001', status: 'expired' },
      { number: '7000000002', status: 'available' },
    ]);
  });
});
