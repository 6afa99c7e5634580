import { sql } from 'drizzle-orm';
import { customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './platform.ts';

/** PostgreSQL bytea as a Node Buffer (Drizzle has no built-in column for it). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * An official's invitation to join an institution (user management): the e-mailed link carries a random token,
 * only its hash is stored. A new person sets their password through it; an existing Majlis user accepts it while
 * signed in, so nobody is attached to an account by someone who merely knows their e-mail. Single-use, with expiry.
 * `id` names an open invitation in user management (listed, resent, revoked); the token never leaves the e-mail. It
 * stands only while whoever sent it may still manage users there and the account is active (users/invitations.ts).
 */
export const accountInvitations = pgTable(
  'account_invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    id: uuid('id').notNull().unique().default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    fname: text('fname').notNull(),
    lname: text('lname').notNull(),
    phone: text('phone').notNull(),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    locale: text('locale', { enum: ['ar', 'en'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Withdrawn from user management: the link then says so instead of joining. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_invitations_account_idx').on(t.accountId), index('account_invitations_email_idx').on(t.email)],
);

/**
 * Profile pictures, re-encoded server-side, in the database so every instance serves them (no shared disk needed;
 * they are small: under 1 MB in, a few tens of kB out). `etag` is a hash of the bytes, for caching.
 */
export const userPictures = pgTable('user_pictures', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
  mime: text('mime').notNull(),
  etag: text('etag').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
