import { randomUUID } from 'node:crypto';
import { type ChatMessage, MESSAGE_MAX_CHARS } from '@majlis/contracts/chat';
import { teamRoom, userRoom } from '@majlis/contracts/socket-rooms';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { type Db, queryRows } from '../db/connect.ts';
import { messages } from '../db/schema/index.ts';
import { AppError, forbidden } from '../errors.ts';
import type { EventBus } from '../events/bus.ts';
import { logger } from '../log.ts';
import {
  type Conversation,
  conversationMemberIds,
  conversationVisibleTo,
  findConversation,
  unreadRowsOf,
} from './chat-access.ts';
import { openPrivateConversation, openTeamConversation } from './open-conversation.ts';

export { type ChatMessage, MESSAGE_MAX_CHARS };

const log = logger.child({ module: 'chat' });

export type MessageRow = typeof messages.$inferSelect;

/** Bus topic of stored messages; each instance delivers them to its own sockets in `rooms`. */
export const CHAT_MESSAGE_TOPIC = 'chat.message';
export interface ChatMessageEvent {
  type: typeof CHAT_MESSAGE_TOPIC;
  accountId: string;
  message: ChatMessage;
  /** Socket rooms to deliver to: userRoom() of both sides of a private conversation, teamRoom() of a team. */
  rooms: string[];
  /** The socket it was sent from, which has it in its ack and is skipped. */
  origin?: string;
  [key: string]: unknown;
}

/** A messages row as raw SQL returns it (snake case; bigint and timestamps may come as strings). */
export interface MessageRecord {
  id: string | number;
  account_id: string;
  conversation_id: string;
  sender_id: string;
  type: 'team' | 'private';
  team_id: string | null;
  message_id: string;
  text: string;
  created_at: string | Date;
}

export function fromRecord(r: MessageRecord): MessageRow {
  return {
    id: Number(r.id),
    accountId: r.account_id,
    conversationId: r.conversation_id,
    senderId: r.sender_id,
    type: r.type,
    teamId: r.team_id,
    messageId: r.message_id,
    text: r.text,
    createdAt: new Date(r.created_at),
  };
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
  /**
   * Who of the account is in the chat now (the BFF's presence), when known: the away check is then made in the
   * statement that stores the message, and the answer names the readers who are away.
   */
  here?: ReadonlySet<string>;
}

/**
 * SQL (after relations `ins`, the stored message, and `unread`, its new unread rows): the message waits for its "while away"
 * notifications when a reader of it is not known to be in the chat (chat_away_pending, notify-unread.ts writes them
 * in batches). In the statement that stores the message: a stored message is never left untold.
 */
function awayPending() {
  return sql`insert into chat_away_pending (message_id)
    select ins.id from ins where exists (select 1 from unread where unread.digested_at is null)
    on conflict do nothing`;
}

/** Where a message goes: the team's room, or the rooms of both users of a private conversation. */
function roomsFor(type: Conversation['type'], teamId: string | null, memberIds: string[]): string[] {
  if (type === 'private') return memberIds.map(userRoom);
  return teamId ? [teamRoom(teamId)] : [];
}

/** Where a message goes, given the conversation it was stored in. */
async function roomsOf(db: Db, conversation: Conversation): Promise<string[]> {
  const members = conversation.type === 'private' ? await conversationMemberIds(db, conversation) : [];
  return roomsFor(conversation.type, conversation.teamId, members);
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
): Promise<{ message: ChatMessage; created: boolean; rooms: string[]; away?: string[] }> {
  const { db } = rt;
  const text = input.text;
  if (!text.trim()) throw new AppError(400, 'VALIDATION_FAILED', { text: 'field.message' });
  if (text.length > MESSAGE_MAX_CHARS) throw new AppError(400, 'VALIDATION_FAILED', { text: 'field.tooLong' });
  const messageId = input.messageId ?? randomUUID();
  const fast = await insertIfAllowed(db, actor, input, messageId);
  if (fast) {
    const sent = await publish(rt, actor, input, fast.row, fast.rooms);
    return fast.away ? { ...sent, away: fast.away } : sent;
  }

  // The slow path tells why the fast one stored nothing: a conversation to create first, a retry, or a refusal.
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
  await db.execute(
    sql`with ins as (select * from messages where id = ${inserted.id}),
        unread as (
          insert into unread_messages (user_id, message_id, conversation_id, account_id, digested_at)
          ${unreadRowsOf(sql.raw('ins'))}
          on conflict do nothing
          returning digested_at
        )
        ${awayPending()}`,
  );
  return publish(rt, actor, input, inserted, rooms);
}

async function publish(
  rt: { bus?: EventBus },
  actor: Actor,
  input: SendMessageInput,
  row: MessageRow,
  rooms: string[],
): Promise<{ message: ChatMessage; created: boolean; rooms: string[] }> {
  const message = toChatMessage(row);
  if (rt.bus) {
    const event: ChatMessageEvent = { type: CHAT_MESSAGE_TOPIC, accountId: actor.accountId, message, rooms };
    if (input.origin) event.origin = input.origin;
    // Stored is what counts: if the bus is away, readers get the message by replay (DESIGN §6), not an error here.
    await rt.bus.publish(CHAT_MESSAGE_TOPIC, event).catch((err: unknown) => {
      log.warn({ err, messageId: message.id }, 'message stored, not published');
    });
  }
  return { message, created: true, rooms };
}

/**
 * The common case in one round trip: the conversation exists, the actor may write to it (checked in the same
 * statement), the named team or receiver is that of the conversation, and the messageId is new. Null otherwise.
 */
async function insertIfAllowed(
  db: Db,
  actor: Actor,
  input: SendMessageInput,
  messageId: string,
): Promise<{ row: MessageRow; rooms: string[]; away?: string[] } | null> {
  const which = input.conversationId
    ? sql`c.id = ${input.conversationId}`
    : input.teamId
      ? sql`c.team_id = ${input.teamId}`
      : null;
  if (!which) return null;
  const team = input.teamId ? sql`and c.type = 'team' and c.team_id = ${input.teamId}` : sql``;
  const receiver = input.receiverId
    ? sql`and c.type = 'private' and position(${input.receiverId} in c.pair_key) > 0`
    : sql``;
  const [row] = await queryRows<MessageRecord & { pair_key: string | null; away: string | null }>(
    db,
    sql`with ins as (
          insert into messages (account_id, conversation_id, sender_id, type, team_id, message_id, text)
          select c.account_id, c.id, ${actor.userId}, c.type, c.team_id, ${messageId}, ${input.text}
          from conversations c
          where ${which} and c.account_id = ${actor.accountId} ${team} ${receiver}
            and ${conversationVisibleTo(actor, { id: sql`c.id`, type: sql`c.type`, teamId: sql`c.team_id` })}
          on conflict do nothing
          returning *
        ),
        unread as (
          insert into unread_messages (user_id, message_id, conversation_id, account_id, digested_at)
          ${unreadRowsOf(sql.raw('ins'), input.here)}
          on conflict do nothing
          returning user_id, digested_at
        ),
        pending as (${awayPending()})
        select ins.*, c.pair_key,
          (select string_agg(u.user_id::text, ',') from unread u where u.digested_at is null) as away
        from ins join conversations c on c.id = ins.conversation_id`,
  );
  if (!row) return null;
  const message = fromRecord(row);
  const rooms = roomsFor(message.type, message.teamId, (row.pair_key ?? '').split(':'));
  return input.here ? { row: message, rooms, away: row.away ? row.away.split(',') : [] } : { row: message, rooms };
}
