import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import { activeRoleIn } from '../auth/actor.ts';
import { requirePower } from '../auth/powers.ts';
import { conversations, teamMembers, unreadMessages } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { actorName, chatLink, notifyUsers } from '../notifications/notify-users.ts';
import { announce, auditWho, lockTeam, type TeamActor, type TeamDeps } from './manage-teams.ts';

/**
 * Adds an active member of the team's own account. The user's sockets on every instance join the team's room and are
 * told their teams changed, so the team and its history appear in their contacts without reconnecting.
 * Returns whether the user was newly added (adding twice is not an error).
 */
export async function addTeamMember({ db, bus }: TeamDeps, actor: TeamActor, teamId: string, userId: string) {
  requirePower(actor, 'manageTeams');
  let teamName = '';
  const added = await db.transaction(async (tx) => {
    teamName = (await lockTeam(tx, actor.accountId, teamId)).name;
    const role = await activeRoleIn(tx, userId, actor.accountId);
    // A user of another account, or one no longer active here, is unknown to this account.
    if (!role) throw notFound();
    const rows = await tx
      .insert(teamMembers)
      .values({ teamId, userId, role: role === 'member' ? 'member' : 'admin' })
      .onConflictDoNothing()
      .returning({ userId: teamMembers.userId });
    if (rows.length) await recordAudit(tx, auditWho(actor), 'team.member.add', teamId, { userId });
    return rows.length > 0;
  });
  if (added) {
    await announce(bus, [userId], { accountId: actor.accountId, teamId, reason: 'team-added' });
    // Added and removed again while unread: one notification (team:<id>), the latest.
    await notifyUsers({ db, bus }, actor.userId, actor.accountId, [userId], {
      type: 'notif',
      titleId: 'notif.team.added.title',
      messageId: 'notif.team.added.message',
      values: { actor: actorName(actor), team: teamName, link: chatLink({ teamId }) },
      collapseKey: `team:${teamId}`,
      eventMeta: { teamId, link: chatLink({ teamId }) },
    });
  }
  return added;
}

/**
 * Takes a user out of a team. Their sockets leave the team's room on every instance (owners and admins keep seeing
 * every team of their account); a user who is not in the team answers 404.
 */
export async function removeTeamMemberAs({ db, bus }: TeamDeps, actor: TeamActor, teamId: string, userId: string) {
  requirePower(actor, 'manageTeams');
  let teamName = '';
  await db.transaction(async (tx) => {
    teamName = (await lockTeam(tx, actor.accountId, teamId)).name;
    const rows = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .returning({ userId: teamMembers.userId });
    if (!rows.length) throw notFound();
    // A plain member no longer sees the team: their unread list stops showing its messages. Owners and admins
    // still see every team, so theirs stay.
    const role = await activeRoleIn(tx, userId, actor.accountId);
    if (role !== 'owner' && role !== 'admin') {
      const teamConversation = tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.teamId, teamId));
      await tx
        .delete(unreadMessages)
        .where(and(eq(unreadMessages.userId, userId), inArray(unreadMessages.conversationId, teamConversation)));
    }
    await recordAudit(tx, auditWho(actor), 'team.member.remove', teamId, { userId });
  });
  await announce(bus, [userId], { accountId: actor.accountId, teamId, reason: 'team-removed' });
  await notifyUsers({ db, bus }, actor.userId, actor.accountId, [userId], {
    type: 'warning',
    titleId: 'notif.team.removed.title',
    messageId: 'notif.team.removed.message',
    values: { actor: actorName(actor), team: teamName },
    collapseKey: `team:${teamId}`,
    eventMeta: { teamId },
  });
}
