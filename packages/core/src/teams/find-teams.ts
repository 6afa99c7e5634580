import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/connect.ts';
import { teamMembers, teams } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';

/** Teams of the acting account the actor may see: all of them for owners and admins, their own for members. */
export async function findTeams(db: Db, actor: Actor): Promise<{ _id: string; teamName: string }[]> {
  const base = db.select({ _id: teams.id, teamName: teams.name }).from(teams);
  if (actor.role !== 'member') return base.where(eq(teams.accountId, actor.accountId)).orderBy(asc(teams.name));
  const mine = db.select({ id: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, actor.userId));
  return base.where(and(eq(teams.accountId, actor.accountId), inArray(teams.id, mine))).orderBy(asc(teams.name));
}

/** One team with its members; another account's id (or a team a member is not in) answers 404. */
export async function findTeam(db: Db, actor: Actor, teamId: string) {
  const visible = await findTeams(db, actor);
  const team = visible.find((t) => t._id === teamId);
  if (!team) throw notFound();
  const members = await db
    .select({ userId: teamMembers.userId, role: teamMembers.role })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  return { ...team, members };
}
