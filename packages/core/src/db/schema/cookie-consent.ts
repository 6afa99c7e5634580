import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './platform.ts';

/**
 * A signed-in user's cookie choice (issue 17), one per user: the latest, with the cookie policy version it was made
 * under (contracts COOKIE_POLICY_VERSION) and when. A choice of an older version counts as none (cookieConsent).
 */
export const cookieConsents = pgTable('cookie_consents', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  choice: text('choice', { enum: ['accepted', 'declined'] }).notNull(),
  policyVersion: integer('policy_version').notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
});
