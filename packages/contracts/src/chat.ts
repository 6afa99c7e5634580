import { z } from 'zod';
import { multiLine, singleLine } from './strings.ts';

/**
 * Wire contract of team chat (spec §3 Message, Team, Conversation; §7 /api/chat and /api/teams): request schemas of
 * the HTTP routes and socket events, and the views they answer with. Field messages are server.po catalog ids.
 */

/** Spec §5: a chat message is text of at most this many characters, stored as typed and never rendered as HTML. */
export const MESSAGE_MAX_CHARS = 4000;
/** History pages: this many messages unless asked, at most HISTORY_MAX_PAGE. */
export const HISTORY_PAGE = 50;
export const HISTORY_MAX_PAGE = 200;

export const CHAT_TYPES = ['team', 'private'] as const;
export const ZChatType = z.enum(CHAT_TYPES);
export type TChatType = z.infer<typeof ZChatType>;

/** Spec §5: not empty, not only whitespace; at most 4,000 characters, kept as typed. */
export const ZMessageText = multiLine('field.message')
  .max(MESSAGE_MAX_CHARS, 'field.tooLong')
  .refine((v) => v.trim().length > 0, 'field.message');
/** The sender's own id of a message (spec `messageId`): a retried send with the same one is stored once. */
export const ZClientMessageId = singleLine().trim().min(1).max(100);
/** A message's stream id as a query or body value (monotonic, a bigint in the database). */
export const ZStreamId = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** POST /api/chat/message. `sender`, `type` and `teamId` are checked against the caller and the conversation. */
export const ZSendMessageBody = z.strictObject({
  sender: z.uuid('field.invalid').optional(),
  text: ZMessageText,
  conversationId: z.uuid('field.invalid'),
  messageId: ZClientMessageId.optional(),
  type: ZChatType.optional(),
  teamId: z.uuid('field.invalid').nullish(),
});
export type TSendMessageBody = z.infer<typeof ZSendMessageBody>;

/** POST /api/chat/conversation: a team's conversation, or the private one of two users (spec spelling `recieverId`). */
export const ZOpenConversationBody = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('team'), teamId: z.uuid('field.invalid'), ownerId: z.uuid('field.invalid') }),
    z.strictObject({
      type: z.literal('private'),
      senderId: z.uuid('field.invalid'),
      recieverId: z.uuid('field.invalid'),
      ownerId: z.uuid('field.invalid'),
    }),
  ],
  'field.invalid',
);
export type TOpenConversationBody = z.infer<typeof ZOpenConversationBody>;

/** Spec §7 unread-status body: the message fields plus userId and ownerId. The message is found by id or messageId. */
export const ZMessageStatusBody = z.strictObject({
  id: ZStreamId.optional(),
  _id: singleLine().max(30).optional(),
  sender: z.uuid('field.invalid').optional(),
  text: multiLine().max(MESSAGE_MAX_CHARS, 'field.tooLong').optional(),
  type: ZChatType.optional(),
  messageId: ZClientMessageId.optional(),
  conversationId: z.uuid('field.invalid'),
  teamId: z.uuid('field.invalid').nullish(),
  userId: z.uuid('field.invalid'),
  ownerId: z.uuid('field.invalid'),
  createdAt: singleLine().max(40).optional(),
});
export type TMessageStatusBody = z.infer<typeof ZMessageStatusBody>;

/** GET /api/chat/message/{conversationId}: `before` pages back, `after` reads what was missed. */
export const ZMessageHistoryQuery = z.strictObject({
  before: ZStreamId.optional(),
  after: ZStreamId.optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_MAX_PAGE).optional(),
});
export type TMessageHistoryQuery = z.infer<typeof ZMessageHistoryQuery>;

/** Spec §3 Message. `id` is the stream id: resume from it, drop a repeat by it. */
export const ZChatMessage = z.strictObject({
  id: z.number().int(),
  _id: z.string(),
  sender: z.uuid(),
  text: z.string(),
  type: ZChatType,
  /** The sender's own id for the message. */
  messageId: z.string(),
  conversationId: z.uuid(),
  teamId: z.uuid().nullable(),
  ownerId: z.uuid(),
  createdAt: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof ZChatMessage>;

/** Spec §3 unread message record: the message plus the reader (userId). */
export const ZUnreadRecord = ZChatMessage.extend({ userId: z.uuid() });
export type UnreadRecord = z.infer<typeof ZUnreadRecord>;

/** Spec §3 Team (GET /api/teams). */
export const ZTeam = z.strictObject({ _id: z.uuid(), teamName: z.string() });
export type Team = z.infer<typeof ZTeam>;

/** GET /api/teams/all/active: teams with chat activity, most recent first. */
export const ZActiveTeam = ZTeam.extend({ conversationId: z.uuid(), lastMessageAt: z.iso.datetime() });
export type ActiveTeam = z.infer<typeof ZActiveTeam>;

/** Spec §3 team user or contact (GET /api/chat/users, /api/chat/users/{teamId}). */
export const ZContact = z.strictObject({
  userId: z.uuid(),
  name: z.string(),
  picture: z.string().nullable(),
  role: z.string(),
});
export type Contact = z.infer<typeof ZContact>;

/** Spec §3 Conversation, as POST /api/chat/conversation answers it. */
export const ZConversation = z.strictObject({
  _id: z.uuid(),
  type: ZChatType,
  teamId: z.uuid().nullable(),
  ownerId: z.uuid(),
  members: z.array(z.uuid()),
});
export type Conversation = z.infer<typeof ZConversation>;

/** Answers of the unread-status and clearing routes. */
export const ZMarkUnreadAnswer = z.strictObject({ ok: z.literal(true), unread: ZUnreadRecord.nullable() });
export const ZClearUnreadAnswer = z.strictObject({ ok: z.literal(true), deleted: z.number().int() });

/** Issue 14: unread chat messages are e-mailed as one digest once they have waited this long (core's job, the profile). */
export const CHAT_DIGEST_AFTER_MINUTES = 15;
