import type { Conversation as ConversationView } from '@majlis/contracts/chat';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { type Db, queryRows } from '../db/connect.ts';
import { conversationMembers, conversations, memberships } from '../db/schema/index.ts';
import { AppError, notFound } from '../errors.ts';

export type Conversation = typeof conversations.$inferSelect;
/** The wire shape of spec §3 Conversation. */
export type { ConversationView };

/**
 * The ids a body or socket event names for the caller (spec `userId`, `ownerId`, `senderId`) must be the caller's
 * own: another user or account is refused. Shared by the chat routes and the socket handlers.
 */
export function assertSelf(actor: { userId: string; accountId: string }, ids: { userId?: string; ownerId?: string }) {
  if (ids.userId !== undefined && ids.userId !== actor.userId) throw new AppError(403, 'FORBIDDEN');
  if (ids.ownerId !== undefined && ids.ownerId !== actor.accountId) throw new AppError(403, 'FORBIDDEN');
}

/**
 * SQL condition: the actor is an active member of its acting account and, if a plain member there, of team `teamId`
 * (owners and admins see every team of the account). Read fresh, as it runs for every chat event.
 */
export function teamVisibleTo(actor: Actor, teamId: SQL) {
  return sql`exists (
    select 1 from memberships m
    where m.user_id = ${actor.userId} and m.account_id = ${actor.accountId} and m.active
      and (m.role <> 'member' or exists (
        select 1 from team_members tm where tm.team_id = ${teamId} and tm.user_id = ${actor.userId})))`;
}

/**
 * SQL condition on a conversation (its id, type and team id given as SQL): the actor may read and write it, being an
 * active member of the acting account and either a member of the private conversation or allowed to see the team.
 */
export function conversationVisibleTo(actor: Actor, c: { id: SQL; type: SQL; teamId: SQL }) {
  return sql`(case when ${c.type} = 'team' then ${teamVisibleTo(actor, c.teamId)}
    else exists (
      select 1 from conversation_members cm join memberships m
        on m.user_id = cm.user_id and m.account_id = ${actor.accountId} and m.active
      where cm.conversation_id = ${c.id} and cm.user_id = ${actor.userId}) end)`;
}

/** Whether a user is an active member of the actor's account (a private conversation stays inside one tenant). */
export async function isActiveMember(db: Db, accountId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ active: memberships.active })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  return Boolean(row?.active);
}

/** User ids of a conversation: the pair of a private one, everyone who may see the team of a team one. */
export async function conversationMemberIds(db: Db, conversation: Conversation): Promise<string[]> {
  if (conversation.type === 'private') {
    const rows = await db
      .select({ userId: conversationMembers.userId })
      .from(conversationMembers)
      .where(eq(conversationMembers.conversationId, conversation.id));
    return rows.map((r) => r.userId).sort();
  }
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`${teamReaders(sql`${conversation.accountId}`, sql`${conversation.teamId}`)} order by m.user_id`,
  );
  return rows.map((r) => r.user_id);
}

/** SQL: the user ids who may read a team's conversation: active members of the account, owners and admins or in the team. */
function teamReaders(accountId: SQL, teamId: SQL) {
  return sql`select m.user_id from memberships m
    where m.account_id = ${accountId} and m.active
      and (m.role <> 'member' or exists (
        select 1 from team_members tm where tm.team_id = ${teamId} and tm.user_id = m.user_id))`;
}

/**
 * SQL: the unread rows of the messages in relation `m` (messages columns): one per reader of its conversation but
 * the sender. Written in the same statement as the message (issue 17: unread is decided on the server at send, so a
 * reader who is offline finds it unread on any device); the chat machine of a reader who has it open marks it read.
 */
export function unreadRowsOf(m: SQL, here?: ReadonlySet<string>) {
  // Readers in the chat as it is stored need no digest e-mail of it (jobs/chat-digest.ts): told now.
  const told = here?.size
    ? sql`case when r.user_id in (${sql.join(
        [...here].map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) then now() end`
    : sql`null::timestamptz`;
  return sql`select r.user_id, ${m}.id, ${m}.conversation_id, ${m}.account_id, ${told} from ${m}
    cross join lateral (
      select cm.user_id from conversation_members cm where ${m}.type = 'private' and cm.conversation_id = ${m}.conversation_id
      union all
      select t.user_id from (${teamReaders(sql`${m}.account_id`, sql`${m}.team_id`)}) t where ${m}.type = 'team'
    ) r
    where r.user_id <> ${m}.sender_id`;
}

/**
 * A conversation the actor may read and write, in one query: in the acting account, the actor an active member of
 * it, and either a member of the private conversation or allowed to see the team. Anything else answers 404.
 */
export async function findConversation(db: Db, actor: Actor, conversationId: string): Promise<Conversation> {
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.accountId, actor.accountId),
        conversationVisibleTo(actor, {
          id: sql`${conversations.id}`,
          type: sql`${conversations.type}`,
          teamId: sql`${conversations.teamId}`,
        }),
      ),
    );
  if (!conversation) throw notFound();
  return conversation;
}

export async function toConversationView(db: Db, conversation: Conversation): Promise<ConversationView> {
  return {
    _id: conversation.id,
    type: conversation.type,
    teamId: conversation.teamId,
    ownerId: conversation.accountId,
    members: await conversationMemberIds(db, conversation),
  };
}
