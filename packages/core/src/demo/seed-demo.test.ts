import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type Driver, drivers, type TestDatabase } from '../../test/services.ts';
import { signInAccountOf } from '../auth/actor.ts';
import { queryRows } from '../db/connect.ts';
import { accounts, memberships, rooms, teamMembers, teams, users } from '../db/schema/index.ts';
import { DEMO_EMAILS, DEMO_STAFF_EMAILS, seedDemo } from './seed-demo.ts';

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
    expect(instRooms).toHaveLength(2);
    expect(instRooms.filter((r) => r.assignedUserId === null)).toHaveLength(1);
    const assigned = instRooms.find((r) => r.assignedUserId)?.assignedUserId;
    expect(assigned).toBe(await idOf(DEMO_EMAILS.admin));
    const [audit] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from audit_log where account_id = ${inst}`,
    );
    expect(audit?.n).toBeGreaterThanOrEqual(3);
  });

  it('the inactive member lands in no account; everyone else signs in where they did', async () => {
    expect((await signInAccountOf(database.db, await idOf(DEMO_STAFF_EMAILS.inactive))).accountId).toBeNull();
    expect((await signInAccountOf(database.db, await idOf(DEMO_EMAILS.member))).accountId).toBe(inst);
    expect((await signInAccountOf(database.db, await idOf(DEMO_STAFF_EMAILS.member3))).accountId).toBe(inst);
  });

  it('seeding again writes nothing', async () => {
    const before = await queryRows<{ users: number; teams: number; rooms: number; audit: number }>(
      database.db,
      sql`select (select count(*)::int from users) as users, (select count(*)::int from teams) as teams,
                 (select count(*)::int from rooms) as rooms, (select count(*)::int from audit_log) as audit`,
    );
    expect(await seedDemo(database.db, 'Demo-password-1')).toBe(false);
    const after = await queryRows(
      database.db,
      sql`select (select count(*)::int from users) as users, (select count(*)::int from teams) as teams,
                 (select count(*)::int from rooms) as rooms, (select count(*)::int from audit_log) as audit`,
    );
    expect(after).toEqual(before);
  });
});
