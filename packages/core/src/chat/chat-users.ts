import type { ActiveTeam, Contact } from '@majlis/contracts/chat';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { type Db, queryRows } from '../db/connect.ts';
import { memberships, teamMembers, users } from '../db/schema/index.ts';
import { findTeam } from '../teams/find-teams.ts';
import { teamVisibleTo } from './chat-access.ts';

/** Spec §3 Team user or contact. */
export type ChatUser = Contact;
export type { ActiveTeam };

/** Everyone the actor can chat with privately: the other active members of the acting account. */
export async function findChatUsers(db: Db, actor: Actor): Promise<ChatUser[]> {
  const rows = await db
    .select({
      userId: users.id,
      fname: users.fname,
      lname: users.lname,
      picture: users.picture,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.accountId, actor.accountId),
        eq(memberships.active, true),
        eq(users.active, true),
        ne(users.id, actor.userId),
      ),
    )
    .orderBy(asc(users.fname), asc(users.lname));
  return rows.map((r) => ({ userId: r.userId, name: `${r.fname} ${r.lname}`, picture: r.picture, role: r.role }));
}

/** Users of one team the actor may see (404 otherwise), with their role in the team. */
export async function findTeamUsers(db: Db, actor: Actor, teamId: string): Promise<ChatUser[]> {
  await findTeam(db, actor, teamId);
  const rows = await db
    .select({
      userId: users.id,
      fname: users.fname,
      lname: users.lname,
      picture: users.picture,
      role: teamMembers.role,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .innerJoin(
      memberships,
      and(
        eq(memberships.userId, teamMembers.userId),
        eq(memberships.accountId, actor.accountId),
        eq(memberships.active, true),
      ),
    )
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(users.fname), asc(users.lname));
  return rows.map((r) => ({ userId: r.userId, name: `${r.fname} ${r.lname}`, picture: r.picture, role: r.role }));
}

/** Spec §7 active teams: teams the actor may see whose conversation has messages, most recent first. */
export async function findActiveTeams(db: Db, actor: Actor): Promise<ActiveTeam[]> {
  const rows = await queryRows<{ id: string; name: string; conversation_id: string; last_at: string | Date }>(
    db,
    sql`select t.id, t.name, c.id as conversation_id, max(m.created_at) as last_at
        from teams t
        join conversations c on c.team_id = t.id
        join messages m on m.conversation_id = c.id
        where t.account_id = ${actor.accountId} and ${teamVisibleTo(actor, sql`t.id`)}
        group by t.id, t.name, c.id
        order by last_at desc`,
  );
  return rows.map((r) => ({
    _id: r.id,
    teamName: r.name,
    conversationId: r.conversation_id,
    lastMessageAt: new Date(r.last_at).toISOString(),
  }));
}
