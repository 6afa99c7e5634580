import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/connect.ts';
import { conversationMembers, conversations, teams } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { type Conversation, isActiveMember, teamVisibleTo } from './chat-access.ts';

/**
 * The one conversation of a team, created on first use (concurrent first uses agree on one row). One query when it
 * exists: the access check and the read together, as this runs for every team message.
 */
export async function openTeamConversation(db: Db, actor: Actor, teamId: string): Promise<Conversation> {
  const [found] = await db
    .select({ conversation: conversations })
    .from(teams)
    .leftJoin(conversations, eq(conversations.teamId, teams.id))
    .where(and(eq(teams.id, teamId), eq(teams.accountId, actor.accountId), teamVisibleTo(actor, sql`${teams.id}`)));
  if (!found) throw notFound();
  if (found.conversation) return found.conversation;
  await db
    .insert(conversations)
    .values({ accountId: actor.accountId, type: 'team', teamId, createdBy: actor.userId })
    .onConflictDoNothing();
  const [row] = await db.select().from(conversations).where(eq(conversations.teamId, teamId));
  if (!row) throw new Error('team conversation vanished');
  return row;
}

/** The one private conversation of the actor and another active member of the same account (spec `recieverId`). */
export async function openPrivateConversation(db: Db, actor: Actor, otherUserId: string): Promise<Conversation> {
  if (otherUserId === actor.userId || !(await isActiveMember(db, actor.accountId, otherUserId))) throw notFound();
  const pair = [actor.userId, otherUserId].sort();
  const pairKey = pair.join(':');
  const where = and(eq(conversations.accountId, actor.accountId), eq(conversations.pairKey, pairKey));
  const [existing] = await db.select().from(conversations).where(where);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(conversations)
      .values({ accountId: actor.accountId, type: 'private', pairKey, createdBy: actor.userId })
      .onConflictDoNothing()
      .returning();
    if (created) {
      await tx.insert(conversationMembers).values(pair.map((userId) => ({ conversationId: created.id, userId })));
      return created;
    }
    const [row] = await tx.select().from(conversations).where(where);
    if (!row) throw new Error('private conversation vanished');
    return row;
  });
}
