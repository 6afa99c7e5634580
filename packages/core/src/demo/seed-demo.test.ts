import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type Driver, drivers, type TestDatabase } from '../../test/services.ts';
import { signInAccountOf } from '../auth/actor.ts';
import { queryRows } from '../db/connect.ts';
import {
  accounts,
  attendance,
  meetingAssistants,
  meetingOccurrences,
  meetings,
  memberships,
  notifications,
  recordings,
  rooms,
  teamMembers,
  teams,
  users,
} from '../db/schema/index.ts';
import { DEMO_EMAILS, DEMO_INVITED_EMAIL, DEMO_STAFF_EMAILS, seedDemo } from './seed-demo.ts';
import { DEMO_LECTURE_HALL, DEMO_RECORDING_BYTES } from './seed-demo-meetings.ts';
import { DEMO_PERMANENT, DEMO_SERIES } from './seed-demo-upcoming.ts';

/** Issue 11: the demo institution is a living one (members, two teams, rooms assigned, history), seeded once. */
describe.each(drivers)('demo data on %s', (driver: Driver) => {
  let database: TestDatabase;
  let inst: string;
  const idOf = async (email: string) =>
    (await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id as string;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    expect(await seedDemo(database.db, 'Demo-password-1')).toBe(true);
    const [row] = await database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.ownerUserId, await idOf(DEMO_EMAILS.owner)), eq(accounts.kind, 'inst')));
    inst = row?.id as string;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('the institution has an owner, two admins and four members, one of them inactive', async () => {
    const rows = await database.db
      .select({ role: memberships.role, active: memberships.active, locale: users.locale })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.accountId, inst));
    const count = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).length;
    expect(rows).toHaveLength(7);
    expect(count((r) => r.role === 'owner')).toBe(1);
    expect(count((r) => r.role === 'admin')).toBe(2);
    expect(count((r) => r.role === 'member')).toBe(4);
    expect(count((r) => !r.active)).toBe(1);
    expect(count((r) => r.locale === 'en')).toBeGreaterThan(0);
    expect(count((r) => r.locale === 'ar')).toBeGreaterThan(0);
  });

  it('two teams, the first as it always was; rooms, one assigned to an admin; audit rows', async () => {
    const members = await database.db
      .select({ team: teams.name, email: users.email })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teams.accountId, inst));
    const of = (team: string) =>
      members
        .filter((m) => m.team === team)
        .map((m) => m.email)
        .sort();
    expect(of('فريق التصميم')).toEqual([DEMO_EMAILS.admin, DEMO_EMAILS.member].sort());
    expect(of('فريق المبيعات')).toHaveLength(3);
    expect(of('فريق المبيعات')).toContain(DEMO_STAFF_EMAILS.admin2);
    const instRooms = await database.db.select().from(rooms).where(eq(rooms.accountId, inst));
    expect(instRooms).toHaveLength(3);
    expect(instRooms.filter((r) => r.assignedUserId === null)).toHaveLength(2);
    const assigned = instRooms.find((r) => r.assignedUserId)?.assignedUserId;
    expect(assigned).toBe(await idOf(DEMO_EMAILS.admin));
    const [audit] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from audit_log where account_id = ${inst}`,
    );
    expect(audit?.n).toBeGreaterThanOrEqual(3);
    // An invitation not yet accepted shows on the users page from the first start (issue 25).
    const [invited] = await queryRows<{ email: string; role: string }>(
      database.db,
      sql`select email, role from account_invitations where account_id = ${inst} and accepted_at is null`,
    );
    expect(invited).toEqual({ email: DEMO_INVITED_EMAIL, role: 'member' });
  });

  it('the inactive member lands in no account; everyone else signs in where they did', async () => {
    expect((await signInAccountOf(database.db, await idOf(DEMO_STAFF_EMAILS.inactive))).accountId).toBeNull();
    expect((await signInAccountOf(database.db, await idOf(DEMO_EMAILS.member))).accountId).toBe(inst);
    expect((await signInAccountOf(database.db, await idOf(DEMO_STAFF_EMAILS.member3))).accountId).toBe(inst);
  });

  it('upcoming: a Sunday-to-Thursday series of 20 from tomorrow (a favourite, the admin assisting) and a permanent meeting', async () => {
    const [series] = await database.db.select().from(meetings).where(eq(meetings.name, DEMO_SERIES));
    expect(series).toMatchObject({ accountId: inst, status: 'available', favourite: true, repeatDays: 20 });
    expect(series?.recurrenceDays).toEqual([0, 1, 2, 3, 4]);
    const days = await database.db
      .select()
      .from(meetingOccurrences)
      .where(eq(meetingOccurrences.meetingId, series?.id as string));
    expect(days).toHaveLength(20);
    // Sunday to Thursday on the meeting's own clock (Cairo), all after now, none on a Friday or Saturday.
    const weekday = (d: Date) =>
      new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'Africa/Cairo' }).format(d);
    expect(new Set(days.map((d) => weekday(d.startsAt)))).toEqual(new Set(['Sun', 'Mon', 'Tue', 'Wed', 'Thu']));
    expect(days.every((d) => +d.startsAt > Date.now())).toBe(true);
    const helpers = await database.db
      .select({ userId: meetingAssistants.userId })
      .from(meetingAssistants)
      .where(eq(meetingAssistants.meetingId, series?.id as string));
    expect(helpers.map((h) => h.userId)).toEqual([await idOf(DEMO_EMAILS.admin)]);
    const [open] = await database.db.select().from(meetings).where(eq(meetings.name, DEMO_PERMANENT));
    expect(open).toMatchObject({ accountId: inst, kind: 'permanent', status: 'available' });
    // هدى's bell has the invitation the series would have made; the roles the suites count from zero have none.
    const bell = async (email: string) =>
      (
        await database.db
          .select({ titleId: notifications.titleId, values: notifications.values })
          .from(notifications)
          .where(and(eq(notifications.accountId, inst), eq(notifications.userId, await idOf(email))))
      ).map((n) => n.titleId);
    expect(await bell(DEMO_STAFF_EMAILS.member2)).toEqual(['notif.meeting.invited.title']);
    expect(await bell(DEMO_EMAILS.owner)).toEqual([]);
    expect(await bell(DEMO_EMAILS.member)).toEqual([]);
  });

  it('a BigBlueButton lecture hall holds finished meetings of the last 30 days, attendance and two recordings', async () => {
    const [hall] = await database.db
      .select()
      .from(rooms)
      .where(and(eq(rooms.accountId, inst), eq(rooms.name, DEMO_LECTURE_HALL)));
    expect(hall?.type).toBe('bbb');
    const held = await database.db
      .select()
      .from(meetings)
      .where(eq(meetings.roomId, hall?.id as string));
    expect(held.length).toBeGreaterThanOrEqual(3);
    expect(held.length).toBeLessThanOrEqual(5);
    const monthAgo = Date.now() - 30 * 86_400_000;
    for (const m of held) {
      expect(m.status).toBe('finished');
      expect(m.accountId).toBe(inst);
      expect(+(m.startedAt as Date)).toBeGreaterThan(monthAgo);
      expect(+(m.endedAt as Date)).toBeGreaterThan(+(m.startedAt as Date));
      expect(+(m.endedAt as Date)).toBeLessThan(Date.now());
    }
    const stays = await database.db
      .select()
      .from(attendance)
      .where(sql`${attendance.meetingId} in (select id from meetings where room_id = ${hall?.id as string})`);
    expect(stays.every((s) => s.source === 'provider' && s.joinSeen && s.leftAt && +s.leftAt > +s.joinedAt)).toBe(true);
    const guests = stays.filter((s) => s.userId === null);
    expect(guests.length).toBeGreaterThan(0);
    expect(guests.every((g) => g.externalUserId?.startsWith('guest-'))).toBe(true);
    expect(stays.filter((s) => s.userId).every((s) => s.externalUserId === s.userId)).toBe(true);
    expect(new Set(stays.map((s) => s.role))).toEqual(new Set(['MODERATOR', 'VIEWER']));
    // A rejoin: the same person twice in one session.
    const perSession = stays.map((s) => `${s.session}/${s.externalUserId}`);
    expect(new Set(perSession).size).toBeLessThan(perSession.length);
    // One meeting held twice (two sessions).
    expect(new Set(stays.map((s) => s.session)).size).toBeGreaterThan(held.length);

    const recs = await database.db
      .select()
      .from(recordings)
      .where(eq(recordings.roomId, hall?.id as string));
    expect(recs).toHaveLength(2);
    expect(recs.every((r) => r.provider === 'bbb' && r.published && r.deletedAt === null)).toBe(true);
    expect(recs.every((r) => r.formats.every((f) => f.url.startsWith('/demo/')))).toBe(true);
    const video = recs.find((r) => r.formats.some((f) => f.type === 'video'));
    const slides = recs.find((r) => r.formats.every((f) => f.type === 'presentation'));
    expect(held.find((m) => m.id === video?.meetingId)?.allowDownload).toBe(true);
    expect(slides).toBeDefined();
    expect(hall?.usedBytes).toBe(recs.reduce((n, r) => n + r.sizeBytes, 0));
    expect(hall?.usedBytes).toBe(DEMO_RECORDING_BYTES[0] + DEMO_RECORDING_BYTES[1]);
  });

  it('seeding again writes nothing', async () => {
    const counts = sql`select (select count(*)::int from users) as users, (select count(*)::int from teams) as teams,
                 (select count(*)::int from rooms) as rooms, (select count(*)::int from audit_log) as audit,
                 (select count(*)::int from meetings) as meetings, (select count(*)::int from attendance) as stays,
                 (select count(*)::int from recordings) as recordings`;
    const before = await queryRows(database.db, counts);
    expect(await seedDemo(database.db, 'Demo-password-1')).toBe(false);
    expect(await queryRows(database.db, counts)).toEqual(before);
  });

  it('a database seeded before the meeting history existed gets it added, once', async () => {
    await database.db.delete(rooms).where(eq(rooms.name, DEMO_LECTURE_HALL));
    expect(await database.db.select().from(recordings)).toHaveLength(0);
    expect(await seedDemo(database.db, 'Demo-password-1')).toBe(true);
    expect(await database.db.select().from(recordings)).toHaveLength(2);
    expect(await database.db.select().from(users).where(eq(users.email, DEMO_EMAILS.owner))).toHaveLength(1);
    expect(await seedDemo(database.db, 'Demo-password-1')).toBe(false);
  });
});
