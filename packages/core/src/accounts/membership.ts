import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect.ts';
import { memberships, sessions, teamMembers, teams, users } from '../db/schema/index.ts';
import { publishAccessChanged, publishSessionEnded } from '../events/access.ts';
import type { EventBus } from '../events/bus.ts';

/**
 * The ways a user loses access, each ending what it must at once: the rows first (one transaction), then the event
 * that makes every BFF instance cut or narrow the user's sockets. They do not authorise: the caller (the enterprise
 * user management of a later issue, ops tooling, tests) has checked that the actor may do this.
 */
interface Deps {
  db: Db;
  bus: EventBus;
}

/** Deactivates a user everywhere: no sign-in, every session and socket ended. */
export async function deactivateUser({ db, bus }: Deps, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ active: false }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
  await publishSessionEnded(bus, { userId, reason: 'user-deactivated' });
}

/**
 * The rows half of closing a user's access to one account, inside the caller's transaction (user management adds its
 * audit row to it): the membership switched off, or deleted when `remove`, and the sessions acting in that account
 * ended. After the commit, `announceMembershipClosed` cuts the sockets.
 */
export async function closeMembership(tx: Tx, accountId: string, userId: string, opts: { remove?: boolean } = {}) {
  const ofMembership = and(eq(memberships.accountId, accountId), eq(memberships.userId, userId));
  if (opts.remove) await tx.delete(memberships).where(ofMembership);
  else await tx.update(memberships).set({ active: false }).where(ofMembership);
  await tx.delete(sessions).where(and(eq(sessions.accountId, accountId), eq(sessions.userId, userId)));
}

/** After the commit: the user's sockets acting in that account are cut on every instance. */
export async function announceMembershipClosed(bus: EventBus, accountId: string, userId: string): Promise<void> {
  await publishSessionEnded(bus, { userId, accountId, reason: 'membership-removed' });
}

/** Takes a user out of an account: the membership goes inactive, the sessions acting in that account end. */
export async function removeMembership({ db, bus }: Deps, accountId: string, userId: string): Promise<void> {
  await db.transaction((tx) => closeMembership(tx, accountId, userId));
  await announceMembershipClosed(bus, accountId, userId);
}

/**
 * Takes a user out of a team. The session stands; the user's sockets leave the team's room unless they may still see
 * the team (owners and admins see every team of their account). Returns whether the user was in the team.
 */
export async function removeTeamMember({ db, bus }: Deps, teamId: string, userId: string): Promise<boolean> {
  const [team] = await db.select({ accountId: teams.accountId }).from(teams).where(eq(teams.id, teamId));
  if (!team) return false;
  const removed = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .returning({ userId: teamMembers.userId });
  await publishAccessChanged(bus, { accountId: team.accountId, userId, teamId, reason: 'team-removed' });
  return removed.length > 0;
}
