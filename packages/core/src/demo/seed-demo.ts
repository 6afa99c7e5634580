import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import { hashPassword } from '../auth/password.ts';
import type { Db, Tx } from '../db/connect.ts';
import {
  accountInvitations,
  accounts,
  memberships,
  rooms,
  subscriptions,
  teamMembers,
  teams,
  users,
} from '../db/schema/index.ts';
import { insertDemoBilling, needsDemoBilling } from './seed-demo-billing.ts';
import { insertDemoInstitutionMonth, needsDemoInstitutionMonth } from './seed-demo-institution-month.ts';
import { insertDemoMeetings, needsDemoMeetings } from './seed-demo-meetings.ts';
import { insertDemoUpcoming, needsDemoUpcoming } from './seed-demo-upcoming.ts';

export const DEMO_EMAILS = {
  solo: 'solo@demo.test',
  owner: 'owner@demo.test',
  admin: 'admin@demo.test',
  member: 'member@demo.test',
} as const;

/** The demo institution's open invitation (to somebody who is not a user). */
export const DEMO_INVITED_EMAIL = 'rana.mansour@example.test';

/**
 * The rest of the demo institution (issue 11): a second admin, members in Arabic and English, one of them inactive
 * in the institution. Their addresses share nothing with the four above, so a search for one of those finds it alone.
 */
export const DEMO_STAFF_EMAILS = {
  admin2: 'nadia@demo.test',
  member2: 'huda@demo.test',
  member3: 'sam@demo.test',
  inactive: 'khaled@demo.test',
} as const;

const DESIGN_TEAM = 'فريق التصميم';
const SALES_TEAM = 'فريق المبيعات';

/**
 * A demo individual account and a demo institution: owner, two admins, four members (one inactive), two teams
 * (the first with the admin and the member, as ever; the second with the other admin and two members), two rooms
 * (one assigned to the admin) and the audit rows those changes would have written. The admin and the member also
 * have personal accounts, so account switching can be tried. A third room, a BigBlueButton lecture hall, holds the
 * institution's meeting history: finished meetings, attendance and two recordings (seed-demo-meetings.ts); its
 * upcoming meetings (a Sunday-to-Thursday series of 20, a permanent one) are in seed-demo-upcoming.ts.
 * Idempotent: the first part is written once (nothing when any of its users exists), the institution's staff once,
 * its meeting history once (a database seeded before they existed gets them added). Returns whether it wrote anything.
 */
export async function seedDemo(db: Db, password: string): Promise<boolean> {
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, [...Object.values(DEMO_EMAILS), DEMO_STAFF_EMAILS.admin2]));
  const has = new Set(existing.map((r) => r.email));
  const base = !Object.values(DEMO_EMAILS).some((e) => has.has(e));
  const staff = !has.has(DEMO_STAFF_EMAILS.admin2);
  const history = await needsDemoMeetings(db);
  const upcoming = await needsDemoUpcoming(db);
  const billing = await needsDemoBilling(db);
  const month = await needsDemoInstitutionMonth(db);
  if (!base && !staff && !history && !upcoming && !billing && !month) return false;
  const passwordHash = await hashPassword(password);
  try {
    await db.transaction(async (tx) => {
      if (base) await insertBase(tx, passwordHash);
      if (staff) await insertStaff(tx, passwordHash);
      if (history) await insertDemoMeetings(tx);
      if (upcoming) await insertDemoUpcoming(tx);
      if (billing) await insertDemoBilling(tx);
      if (month) await insertDemoInstitutionMonth(tx);
    });
  } catch (err) {
    // Another instance seeding at the same moment: its rows stand.
    if (/duplicate key|unique/i.test(String((err as { cause?: unknown }).cause ?? err))) return false;
    throw err;
  }
  return true;
}

async function person(
  tx: Tx,
  passwordHash: string,
  email: string,
  fname: string,
  lname: string,
  phone: string,
  locale: 'ar' | 'en' = 'ar',
) {
  const [u] = await tx
    .insert(users)
    .values({ email, passwordHash, fname, lname, phone, locale, termsAcceptedAt: new Date() })
    .returning({ id: users.id });
  if (!u) throw new Error('demo user insert failed');
  return u.id;
}

async function account(tx: Tx, kind: 'indv' | 'inst', name: string, ownerUserId: string) {
  const [a] = await tx.insert(accounts).values({ kind, name, ownerUserId }).returning({ id: accounts.id });
  if (!a) throw new Error('demo account insert failed');
  return a.id;
}

async function insertBase(tx: Tx, passwordHash: string): Promise<void> {
  const solo = await person(tx, passwordHash, DEMO_EMAILS.solo, 'سارة', 'المنصوري', '+201001000001');
  const owner = await person(tx, passwordHash, DEMO_EMAILS.owner, 'أحمد', 'الشريف', '+201001000002');
  const admin = await person(tx, passwordHash, DEMO_EMAILS.admin, 'ليلى', 'حسن', '+201001000003');
  const member = await person(tx, passwordHash, DEMO_EMAILS.member, 'Omar', 'Khaled', '+201001000004', 'en');

  const soloAccount = await account(tx, 'indv', 'سارة المنصوري', solo);
  const inst = await account(tx, 'inst', 'مؤسسة مجلس التجريبية', owner);
  const adminAccount = await account(tx, 'indv', 'ليلى حسن', admin);
  const memberAccount = await account(tx, 'indv', 'Omar Khaled', member);
  await tx.insert(memberships).values([
    { userId: solo, accountId: soloAccount, role: 'owner' },
    { userId: owner, accountId: inst, role: 'owner' },
    { userId: admin, accountId: inst, role: 'admin' },
    { userId: member, accountId: inst, role: 'member' },
    { userId: admin, accountId: adminAccount, role: 'owner' },
    { userId: member, accountId: memberAccount, role: 'owner' },
  ]);
  const [team] = await tx.insert(teams).values({ accountId: inst, name: DESIGN_TEAM }).returning({ id: teams.id });
  if (!team) throw new Error('demo team insert failed');
  await tx.insert(teamMembers).values([
    { teamId: team.id, userId: admin, role: 'admin' },
    { teamId: team.id, userId: member, role: 'member' },
  ]);
}

/**
 * The institution's staff, rooms and audit rows. The rooms carry a paid annual plan rather than the trial: the
 * account's one free trial is left for the first room its owner adds (the meetings end-to-end spec does).
 */
async function insertStaff(tx: Tx, passwordHash: string): Promise<void> {
  const [inst] = await tx
    .select({ id: accounts.id, owner: accounts.ownerUserId })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .where(and(eq(users.email, DEMO_EMAILS.owner), eq(accounts.kind, 'inst')));
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAILS.admin));
  if (!inst || !admin) throw new Error('demo institution missing');
  const s = DEMO_STAFF_EMAILS;
  const admin2 = await person(tx, passwordHash, s.admin2, 'Nadia', 'Farouk', '+201001000005', 'en');
  const member2 = await person(tx, passwordHash, s.member2, 'هدى', 'إبراهيم', '+201001000006');
  const member3 = await person(tx, passwordHash, s.member3, 'Sam', 'Wilson', '+447700900007', 'en');
  const inactive = await person(tx, passwordHash, s.inactive, 'خالد', 'يوسف', '+201001000008');
  await tx.insert(memberships).values([
    { userId: admin2, accountId: inst.id, role: 'admin' },
    { userId: member2, accountId: inst.id, role: 'member' },
    { userId: member3, accountId: inst.id, role: 'member' },
    // Switched off by the owner: cannot sign in to the institution; the row and its history stay.
    { userId: inactive, accountId: inst.id, role: 'member', active: false },
  ]);
  const [sales] = await tx.insert(teams).values({ accountId: inst.id, name: SALES_TEAM }).returning({ id: teams.id });
  if (!sales) throw new Error('demo team insert failed');
  await tx.insert(teamMembers).values([
    { teamId: sales.id, userId: admin2, role: 'admin' },
    { teamId: sales.id, userId: member2, role: 'member' },
    { teamId: sales.id, userId: member3, role: 'member' },
  ]);
  const [hall, studio] = await tx
    .insert(rooms)
    .values([
      { accountId: inst.id, name: 'قاعة الاجتماعات الكبرى', type: 'jitsi', participants: 50, assignedUserId: admin.id },
      { accountId: inst.id, name: 'Training studio', type: 'jitsi', participants: 25 },
    ])
    .returning({ id: rooms.id });
  if (!hall || !studio) throw new Error('demo room insert failed');
  const now = Date.now();
  await tx.insert(subscriptions).values(
    [hall, studio].map((r) => ({
      accountId: inst.id,
      roomId: r.id,
      period: 'annual' as const,
      status: 'active' as const,
      startsAt: new Date(now - 30 * 86_400_000),
      renewsAt: new Date(now + 335 * 86_400_000),
    })),
  );
  const who = { accountId: inst.id, userId: inst.owner };
  const history: [string, string, Record<string, unknown>][] = [
    ['user.add', admin2, { role: 'admin', mode: 'password' }],
    ['user.add', member2, { role: 'member', mode: 'password' }],
    ['user.add', member3, { role: 'member', mode: 'password' }],
    ['user.add', inactive, { role: 'member', mode: 'password' }],
    ['team.create', sales.id, {}],
    ['room.assign', hall.id, { userId: admin.id }],
    ['user.deactivate', inactive, {}],
  ];
  for (const [action, target, meta] of history) await recordAudit(tx, who, action, target, meta);
  // An invitation not yet accepted, listed on the users page (issue 25); its link was never sent, so nobody holds it.
  const invited = { email: DEMO_INVITED_EMAIL, fname: 'رنا', lname: 'منصور', role: 'member' as const };
  const [invitation] = await tx
    .insert(accountInvitations)
    .values({
      ...invited,
      tokenHash: `demo-${randomUUID()}`,
      accountId: inst.id,
      phone: '+201001000009',
      invitedBy: inst.owner,
      locale: 'ar',
      expiresAt: new Date(now + 5 * 86_400_000),
    })
    .returning({ id: accountInvitations.id });
  await recordAudit(tx, who, 'user.invite', null, { invitation: invitation?.id, email: invited.email, role: 'member' });
}
