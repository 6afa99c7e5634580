import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './platform.ts';

/**
 * A user's secret calendar feed (issue 31), one per user: only the SHA-256 of the URL's secret is kept, so the URL
 * cannot be read back from the database. Making a new one replaces the row, and the old URL answers 404.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretHash: text('secret_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
