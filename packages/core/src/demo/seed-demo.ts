import { inArray } from 'drizzle-orm';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/connect.ts';
import { accounts, memberships, teamMembers, teams, users } from '../db/schema/index.ts';

export const DEMO_EMAILS = {
  solo: 'solo@demo.test',
  owner: 'owner@demo.test',
  admin: 'admin@demo.test',
  member: 'member@demo.test',
} as const;

/**
 * A demo individual account and a demo institution (owner, admin, member, one team with the admin and the member).
 * The admin and the member also have personal accounts, so account switching can be tried. Runs once: does nothing
 * when any demo user exists. Returns whether it seeded.
 */
export async function seedDemo(db: Db, password: string): Promise<boolean> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, Object.values(DEMO_EMAILS)));
  if (existing.length) return false;
  const passwordHash = await hashPassword(password);
  try {
    await insertDemo(db, passwordHash);
  } catch (err) {
    // Another instance seeding at the same moment: its rows stand.
    if (/duplicate key|unique/i.test(String((err as { cause?: unknown }).cause ?? err))) return false;
    throw err;
  }
  return true;
}

async function insertDemo(db: Db, passwordHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    const person = async (email: string, fname: string, lname: string, phone: string, locale: 'ar' | 'en' = 'ar') => {
      const [u] = await tx
        .insert(users)
        .values({ email, passwordHash, fname, lname, phone, locale, termsAcceptedAt: new Date() })
        .returning({ id: users.id });
      if (!u) throw new Error('demo user insert failed');
      return u.id;
    };
    const account = async (kind: 'indv' | 'inst', name: string, ownerUserId: string) => {
      const [a] = await tx.insert(accounts).values({ kind, name, ownerUserId }).returning({ id: accounts.id });
      if (!a) throw new Error('demo account insert failed');
      return a.id;
    };
    const solo = await person(DEMO_EMAILS.solo, 'سارة', 'المنصوري', '+201001000001');
    const owner = await person(DEMO_EMAILS.owner, 'أحمد', 'الشريف', '+201001000002');
    const admin = await person(DEMO_EMAILS.admin, 'ليلى', 'حسن', '+201001000003');
    const member = await person(DEMO_EMAILS.member, 'Omar', 'Khaled', '+201001000004', 'en');

    const soloAccount = await account('indv', 'سارة المنصوري', solo);
    const inst = await account('inst', 'مؤسسة مجلس التجريبية', owner);
    const adminAccount = await account('indv', 'ليلى حسن', admin);
    const memberAccount = await account('indv', 'Omar Khaled', member);
    await tx.insert(memberships).values([
      { userId: solo, accountId: soloAccount, role: 'owner' },
      { userId: owner, accountId: inst, role: 'owner' },
      { userId: admin, accountId: inst, role: 'admin' },
      { userId: member, accountId: inst, role: 'member' },
      { userId: admin, accountId: adminAccount, role: 'owner' },
      { userId: member, accountId: memberAccount, role: 'owner' },
    ]);
    const [team] = await tx.insert(teams).values({ accountId: inst, name: 'فريق التصميم' }).returning({ id: teams.id });
    if (!team) throw new Error('demo team insert failed');
    await tx.insert(teamMembers).values([
      { teamId: team.id, userId: admin, role: 'admin' },
      { teamId: team.id, userId: member, role: 'member' },
    ]);
  });
}
