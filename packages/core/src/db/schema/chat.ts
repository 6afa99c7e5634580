import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, teams, users } from './platform.ts';

/**
 * A team conversation (one per team) or a private one between two users of an account (one per pair: `pairKey`
 * is the two user ids sorted and joined, so the same pair always gets the same conversation).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['team', 'private'] }).notNull(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    pairKey: text('pair_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_team_key').on(t.teamId),
    uniqueIndex('conversations_pair_key').on(t.accountId, t.pairKey),
  ],
);

/** Members of private conversations; a team conversation's members are whoever may see the team. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_members_user_idx').on(t.userId)],
);

/**
 * Messages: `id` is the monotonic stream id clients resume from; `messageId` is the sender's own id for the message
 * (spec field), unique per sender, so a retried send stores nothing twice.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['team', 'private'] }).notNull(),
    teamId: uuid('team_id'),
    messageId: text('message_id').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_sender_message_key').on(t.senderId, t.messageId),
    index('messages_conversation_idx').on(t.conversationId, t.id),
    index('messages_account_idx').on(t.accountId, t.id),
  ],
);

/** Spec §3 unread message record: a message not yet read by a user. */
export const unreadMessages = pgTable(
  'unread_messages',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue 14: when the reader no longer needs an e-mail about it: set by the digest that told of it, or at delivery
     * when the reader was in the chat (they see it there). Null: the next digest tells of it. One digest at most.
     */
    digestedAt: timestamp('digested_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.messageId] }),
    index('unread_messages_user_conversation_idx').on(t.userId, t.conversationId),
    /** A message's readers at send (the away check, notify-unread.ts); the primary key leads with the user. */
    index('unread_messages_message_idx').on(t.messageId),
    /** The digest job's scan: undigested records by age. */
    index('unread_messages_undigested_idx').on(t.createdAt).where(sql`${t.digestedAt} is null`),
  ],
);

/**
 * Issue 29: a stored message whose "while away" notifications are still to be written (chat/notify-unread.ts). Written
 * in the statement that stores the message (one row per message, none per reader), taken and deleted in the
 * transaction that writes the notifications: each message is told exactly once, by whichever instance takes it first
 * (`for update skip locked`), and what an instance killed half-way had taken is taken again by another.
 */
export const chatAwayPending = pgTable('chat_away_pending', {
  messageId: bigint('message_id', { mode: 'number' })
    .primaryKey()
    .references(() => messages.id, { onDelete: 'cascade' }),
});
