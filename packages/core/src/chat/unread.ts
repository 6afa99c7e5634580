import type { UnreadRecord } from '@majlis/contracts/chat';
import { and, desc, eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/connect.ts';
import { messages, unreadMessages } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { findConversation } from './chat-access.ts';
import { toChatMessage } from './send-message.ts';

/** Spec §3 unread message record: the message fields plus the reader (userId) and the account (ownerId). */
export type { UnreadRecord };

/** Which message a status call names: the stream id, or the sender's messageId within the conversation. */
export interface MessageRef {
  conversationId: string;
  id?: number;
  messageId?: string;
}

async function findMessage(db: Db, actor: Actor, ref: MessageRef) {
  await findConversation(db, actor, ref.conversationId);
  const byId =
    ref.id !== undefined ? eq(messages.id, ref.id) : ref.messageId ? eq(messages.messageId, ref.messageId) : null;
  if (!byId) throw notFound();
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, ref.conversationId), byId));
  if (!row) throw notFound();
  return row;
}

/**
 * The newest unread records the list gives. Unread is kept from the send on for every reader (issue 17), so a member
 * who never opens a busy team's chat gathers thousands; badges show 9+ at most, so the newest few hundred say it all.
 */
export const UNREAD_LIST_MAX = 500;

export async function listUnread(db: Db, actor: Actor): Promise<UnreadRecord[]> {
  const rows = await db
    .select({ message: messages })
    .from(unreadMessages)
    .innerJoin(messages, eq(messages.id, unreadMessages.messageId))
    .where(and(eq(unreadMessages.userId, actor.userId), eq(unreadMessages.accountId, actor.accountId)))
    .orderBy(desc(unreadMessages.messageId))
    .limit(UNREAD_LIST_MAX);
  return rows.reverse().map((r) => ({ ...toChatMessage(r.message), userId: actor.userId }));
}

/** Spec §4: a message that arrives while its conversation is not open is kept as unread (never the actor's own). */
export async function markUnread(db: Db, actor: Actor, ref: MessageRef): Promise<UnreadRecord | null> {
  const row = await findMessage(db, actor, ref);
  if (row.senderId === actor.userId) return null;
  await db
    .insert(unreadMessages)
    .values({ userId: actor.userId, messageId: row.id, conversationId: row.conversationId, accountId: actor.accountId })
    .onConflictDoNothing();
  return { ...toChatMessage(row), userId: actor.userId };
}

export async function markRead(db: Db, actor: Actor, ref: MessageRef): Promise<void> {
  const row = await findMessage(db, actor, ref);
  await db
    .delete(unreadMessages)
    .where(and(eq(unreadMessages.userId, actor.userId), eq(unreadMessages.messageId, row.id)));
}

/** Spec §4: opening a conversation deletes its unread records. Returns how many there were. */
export async function clearUnread(db: Db, actor: Actor, conversationId: string): Promise<number> {
  await findConversation(db, actor, conversationId);
  const deleted = await db
    .delete(unreadMessages)
    .where(and(eq(unreadMessages.userId, actor.userId), eq(unreadMessages.conversationId, conversationId)))
    .returning({ id: unreadMessages.messageId });
  return deleted.length;
}

/**
 * The chat machine of a reader who has the conversation open and in view decided a delivered message read (issue 17):
 * its unread row, written at send, goes. The socket was given the message, so no conversation check is repeated.
 * Answers whether there was one.
 */
export async function readDelivered(db: Db, actor: Actor, messageId: number): Promise<boolean> {
  const deleted = await db
    .delete(unreadMessages)
    .where(and(eq(unreadMessages.userId, actor.userId), eq(unreadMessages.messageId, messageId)))
    .returning({ id: unreadMessages.messageId });
  return deleted.length > 0;
}
