/** Chat bench fixtures: institution accounts of one team each, with a signed-in session per member. */
import { sessionCookieName } from '@majlis/contracts';
import { createSession } from '@majlis/core/auth/sessions';
import { parseConfig } from '@majlis/core/config';
import { connectDatabase } from '@majlis/core/db/connect';
import * as schema from '@majlis/core/db/schema/index';

export interface SeededMember {
  /** The Cookie header of the member's session. */
  cookie: string;
  userId: string;
  accountId: string;
  teamId: string;
  team: number;
}

/**
 * `teams` accounts of `size` users (the first owns it), each account one team of all its users, straight into the
 * database of a running BFF: 1,000 password hashes through the API would take minutes.
 */
export async function seedTeams(url: string, secret: string, teams: number, size: number): Promise<SeededMember[]> {
  const database = await connectDatabase({ url, migrate: false });
  const config = parseConfig({ DATABASE_URL: url, SESSION_SECRET: secret, NODE_ENV: 'production' });
  const cookie = sessionCookieName(config.secure);
  const members: SeededMember[] = [];
  try {
    for (let t = 0; t < teams; t++) {
      const users = await database.db
        .insert(schema.users)
        .values(
          Array.from({ length: size }, (_, i) => ({
            email: `u${t}-${i}@bench.test`,
            passwordHash: 'not-a-password',
            fname: `مستخدم ${i}`,
            lname: `فريق ${t}`,
            phone: '+201000000000',
          })),
        )
        .returning({ id: schema.users.id });
      const [account] = await database.db
        .insert(schema.accounts)
        .values({ kind: 'inst', name: `Bench ${t}`, ownerUserId: users[0]?.id as string })
        .returning({ id: schema.accounts.id });
      const accountId = account?.id as string;
      const role = (i: number) => (i === 0 ? ('owner' as const) : ('member' as const));
      await database.db
        .insert(schema.memberships)
        .values(users.map((u, i) => ({ userId: u.id, accountId, role: role(i) })));
      const [team] = await database.db
        .insert(schema.teams)
        .values({ accountId, name: `فريق ${t}` })
        .returning({ id: schema.teams.id });
      const teamId = team?.id as string;
      await database.db.insert(schema.teamMembers).values(users.map((u) => ({ teamId, userId: u.id })));
      for (const u of users) {
        const { id } = await createSession(database.db, config, { userId: u.id, accountId });
        members.push({ cookie: `${cookie}=${id}`, userId: u.id, accountId, teamId, team: t });
      }
    }
  } finally {
    await database.close();
  }
  return members;
}
