import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/connect.ts';
import { MESSAGE_MAX_CHARS, messages } from '../db/schema/index.ts';
import { AppError, forbidden } from '../errors.ts';
import type { EventBus } from '../events/bus.ts';
import { type Conversation, conversationMemberIds, findConversation } from './chat-access.ts';
import { openPrivateConversation, openTeamConversation } from './open-conversation.ts';

export { MESSAGE_MAX_CHARS };

export type MessageRow = typeof messages.$inferSelect;

/** Spec §3 Message on the wire. `id` is the stream id clients resume from and drop duplicates by. */
export interface ChatMessage {
  id: number;
  _id: string;
  sender: string;
  text: string;
  type: 'team' | 'private';
  messageId: string;
  conversationId: string;
  teamId: string | null;
  ownerId: string;
  createdAt: string;
}

/** Bus topic of stored messages; each instance delivers them to its own sockets in `rooms`. */
export const CHAT_MESSAGE_TOPIC = 'chat.message';
export interface ChatMessageEvent {
  type: typeof CHAT_MESSAGE_TOPIC;
  accountId: string;
  message: ChatMessage;
  /** Socket rooms to deliver to: `user:<id>` of both sides of a private conversation, `team:<id>` of a team. */
  rooms: string[];
  /** The socket it was sent from, which has it in its ack and is skipped. */
  origin?: string;
  [key: string]: unknown;
}

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    _id: String(row.id),
    sender: row.senderId,
    text: row.text,
    type: row.type,
    messageId: row.messageId,
    conversationId: row.conversationId,
    teamId: row.teamId,
    ownerId: row.accountId,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface SendMessageInput {
  text: string;
  /** The sender's own id for the message; a retry with the same id returns the stored message. */
  messageId?: string;
  conversationId?: string;
  /** Private: the other user, when no conversation id is given (or to check it). */
  receiverId?: string;
  /** Team: the team, when no conversation id is given (or to check it). */
  teamId?: string;
  /** The sending socket's id, carried in the published event so that socket is skipped. */
  origin?: string;
}

/** Where a message goes, given the conversation it was stored in. */
async function roomsOf(db: Db, conversation: Conversation): Promise<string[]> {
  if (conversation.type === 'team') return [`team:${conversation.teamId}`];
  return (await conversationMemberIds(db, conversation)).map((id) => `user:${id}`);
}

/**
 * Stores a message, then publishes it (persist first, then publish). Checks that the actor may write to the
 * conversation and that the named receiver or team is that of the conversation. Idempotent on (sender, messageId):
 * a repeated send publishes nothing and answers `created: false` with the stored message.
 */
export async function sendMessage(
  rt: { db: Db; bus?: EventBus },
  actor: Actor,
  input: SendMessageInput,
): Promise<{ message: ChatMessage; created: boolean; rooms: string[] }> {
  const { db } = rt;
  const text = input.text;
  if (!text.trim()) throw new AppError(400, 'VALIDATION_FAILED', { text: 'field.message' });
  if (text.length > MESSAGE_MAX_CHARS) throw new AppError(400, 'VALIDATION_FAILED', { text: 'field.tooLong' });
  let conversation: Conversation;
  if (input.conversationId) conversation = await findConversation(db, actor, input.conversationId);
  else if (input.teamId) conversation = await openTeamConversation(db, actor, input.teamId);
  else if (input.receiverId) conversation = await openPrivateConversation(db, actor, input.receiverId);
  else throw new AppError(400, 'VALIDATION_FAILED', { conversationId: 'field.required' });

  if (input.teamId && (conversation.type !== 'team' || conversation.teamId !== input.teamId)) throw forbidden();
  if (input.receiverId) {
    const members = await conversationMemberIds(db, conversation);
    if (conversation.type !== 'private' || !members.includes(input.receiverId)) throw forbidden();
  }

  const messageId = input.messageId ?? randomUUID();
  const [inserted] = await db
    .insert(messages)
    .values({
      accountId: actor.accountId,
      conversationId: conversation.id,
      senderId: actor.userId,
      type: conversation.type,
      teamId: conversation.teamId,
      messageId,
      text,
    })
    .onConflictDoNothing()
    .returning();
  const rooms = await roomsOf(db, conversation);
  if (!inserted) {
    const [stored] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, actor.userId), eq(messages.messageId, messageId)));
    // The same sender id reused for another conversation is a client bug, not a retry.
    if (!stored || stored.conversationId !== conversation.id) throw new AppError(409, 'MESSAGE_ID_TAKEN');
    return { message: toChatMessage(stored), created: false, rooms };
  }
  const message = toChatMessage(inserted);
  if (rt.bus) {
    const event: ChatMessageEvent = { type: CHAT_MESSAGE_TOPIC, accountId: actor.accountId, message, rooms };
    if (input.origin) event.origin = input.origin;
    // Stored is what counts: if the bus is away, readers get the message by replay (DESIGN §6), not an error here.
    await rt.bus.publish(CHAT_MESSAGE_TOPIC, event).catch((err: unknown) => {
      console.warn(`[chat] message ${message.id} stored, not published: ${(err as Error).message}`);
    });
  }
  return { message, created: true, rooms };
}
