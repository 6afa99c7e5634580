import type { TeamBody } from '@majlis/contracts/teams';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import type { Actor } from '../auth/actor.ts';
import { requirePower } from '../auth/powers.ts';
import type { Db, Tx } from '../db/connect.ts';
import { accounts, memberships, teamMembers, teams, users } from '../db/schema/index.ts';
import { AppError, notFound } from '../errors.ts';
import { type AccessChange, publishAccessChanged } from '../events/access.ts';
import type { EventBus } from '../events/bus.ts';

/**
 * Team setup of an institution (issue 11): owners and admins (power manageTeams) create, rename and delete teams.
 * Each change writes its audit row in its own transaction, then tells every BFF instance who now sees the team
 * differently (access.changed), so chat follows at once.
 */
export interface TeamDeps {
  db: Db;
  bus: EventBus;
}

export type TeamActor = Actor & { ip?: string | null };

export const auditWho = (actor: TeamActor): AuditActor => ({
  userId: actor.userId,
  accountId: actor.accountId,
  ip: actor.ip ?? null,
});

/** A team of the actor's account, locked for the change; another account's id is as unknown as a missing one. */
export async function lockTeam(tx: Tx, accountId: string, teamId: string) {
  const [team] = await tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.accountId, accountId)))
    .for('update');
  if (!team) throw notFound();
  return team;
}

/**
 * Names are unique per account, compared without case. The account row is locked first, so two concurrent writes
 * of the same name cannot both pass the check.
 */
async function assertNameFree(tx: Tx, accountId: string, name: string, exceptId?: string) {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
  const same = and(eq(teams.accountId, accountId), sql`lower(${teams.name}) = lower(${name})`);
  const [taken] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(exceptId ? and(same, ne(teams.id, exceptId)) : same);
  if (taken) throw new AppError(409, 'TEAM_NAME_TAKEN', { teamName: 'field.teamNameTaken' });
}

/** Everyone who sees a team in chat: the account's active owners and admins, and the team's members. */
export async function teamViewers(db: Db | Tx, accountId: string, teamId: string | null): Promise<string[]> {
  const staff = eq(memberships.role, 'owner');
  const inTeam = teamId
    ? inArray(
        memberships.userId,
        db.select({ id: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId)),
      )
    : undefined;
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.accountId, accountId),
        eq(memberships.active, true),
        or(staff, eq(memberships.role, 'admin'), inTeam),
      ),
    );
  return rows.map((r) => r.userId);
}

/** Tells every instance; a bus that is away is logged by publishAccessChanged, the change itself stands. */
export async function announce(bus: EventBus, userIds: string[], change: Omit<AccessChange, 'userId'>) {
  await Promise.all(userIds.map((userId) => publishAccessChanged(bus, { ...change, userId })));
}

export async function createTeam({ db, bus }: TeamDeps, actor: TeamActor, body: TeamBody) {
  requirePower(actor, 'manageTeams');
  const teamName = body.teamName;
  const team = await db.transaction(async (tx) => {
    await assertNameFree(tx, actor.accountId, teamName);
    const [row] = await tx.insert(teams).values({ accountId: actor.accountId, name: teamName }).returning();
    if (!row) throw new Error('team not inserted');
    await recordAudit(tx, auditWho(actor), 'team.create', row.id);
    return row;
  });
  await announce(bus, await teamViewers(db, actor.accountId, null), {
    accountId: actor.accountId,
    teamId: team.id,
    reason: 'team-added',
  });
  return { _id: team.id, teamName: team.name, members: [] };
}

export async function renameTeam({ db, bus }: TeamDeps, actor: TeamActor, teamId: string, body: TeamBody) {
  requirePower(actor, 'manageTeams');
  await db.transaction(async (tx) => {
    await lockTeam(tx, actor.accountId, teamId);
    await assertNameFree(tx, actor.accountId, body.teamName, teamId);
    await tx.update(teams).set({ name: body.teamName }).where(eq(teams.id, teamId));
    await recordAudit(tx, auditWho(actor), 'team.rename', teamId);
  });
  await announce(bus, await teamViewers(db, actor.accountId, teamId), {
    accountId: actor.accountId,
    teamId,
    reason: 'team-renamed',
  });
  return (await findManagedTeams(db, actor, teamId))[0] ?? { _id: teamId, teamName: body.teamName, members: [] };
}

/** Deleting a team deletes its conversation and history (foreign keys) and takes every viewer out of its room. */
export async function deleteTeam({ db, bus }: TeamDeps, actor: TeamActor, teamId: string): Promise<void> {
  requirePower(actor, 'manageTeams');
  const viewers = await db.transaction(async (tx) => {
    await lockTeam(tx, actor.accountId, teamId);
    const who = await teamViewers(tx, actor.accountId, teamId);
    await tx.delete(teams).where(eq(teams.id, teamId));
    await recordAudit(tx, auditWho(actor), 'team.delete', teamId);
    return who;
  });
  await announce(bus, viewers, { accountId: actor.accountId, teamId, reason: 'team-deleted' });
}

const person = {
  userId: users.id,
  fname: users.fname,
  lname: users.lname,
  email: users.email,
  picture: users.picture,
};

/** Every team of the account (or one) with its members, for the management page. */
export async function findManagedTeams(db: Db, actor: Actor, onlyId?: string) {
  requirePower(actor, 'manageTeams');
  const where = onlyId
    ? and(eq(teams.accountId, actor.accountId), eq(teams.id, onlyId))
    : eq(teams.accountId, actor.accountId);
  const list = await db
    .select({ _id: teams.id, teamName: teams.name })
    .from(teams)
    .where(where)
    .orderBy(asc(teams.name));
  if (!list.length) return [];
  const rows = await db
    .select({ teamId: teamMembers.teamId, ...person })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(
      inArray(
        teamMembers.teamId,
        list.map((t) => t._id),
      ),
    )
    .orderBy(asc(users.fname), asc(users.lname));
  return list.map((t) => ({
    ...t,
    members: rows.filter((r) => r.teamId === t._id).map(({ teamId: _t, ...p }) => p),
  }));
}

/** The active members of the account, whom a team may take. */
export async function findTeamCandidates(db: Db, actor: Actor) {
  requirePower(actor, 'manageTeams');
  return db
    .select(person)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, actor.accountId), eq(memberships.active, true), eq(users.active, true)))
    .orderBy(asc(users.fname), asc(users.lname));
}
