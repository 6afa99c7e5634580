import { PRODUCT_ROOM_NAMES } from '@majlis/contracts/rooms';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Spec §9: 10 GB of storage per room. */
export const ROOM_STORAGE_BYTES = 10 * 1024 ** 3;

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fname: text('fname').notNull(),
    lname: text('lname').notNull(),
    phone: text('phone').notNull(),
    picture: text('picture'),
    locale: text('locale', { enum: ['ar', 'en'] })
      .notNull()
      .default('ar'),
    timeZone: text('time_zone').notNull().default('Africa/Cairo'),
    /** One digit style for everything the user reads (DESIGN §11); null follows the language (Arabic-Indic in Arabic). */
    digits: text('digits', { enum: ['arab', 'latn'] }),
    /** Issue 14: unread chat messages are e-mailed as one digest after 15 minutes; the profile turns it off. */
    chatDigest: boolean('chat_digest').notNull().default(true),
    /** Issue 26: the Hijri (Umm al-Qura) date shown beside the Gregorian one, in pages and e-mails. */
    hijri: boolean('hijri').notNull().default(false),
    isOps: boolean('is_ops').notNull().default(false),
    active: boolean('active').notNull().default(true),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Shown to the institution's officials in user management (spec §3 User managed). */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export const accounts = pgTable('accounts', {
  id: id(),
  kind: text('kind', { enum: ['indv', 'inst'] }).notNull(),
  name: text('name').notNull(),
  ownerUserId: uuid('owner_user_id')
    .notNull()
    .references(() => users.id),
  picture: text('picture'),
  address: text('address'),
  country: text('country'),
  city: text('city'),
  postalCode: text('postal_code'),
  phone: text('phone'),
  /** Spec §1 terms: the platform operator may suspend or ban an account; its users then cannot sign in to it. */
  status: text('status', { enum: ['active', 'suspended', 'banned'] })
    .notNull()
    .default('active'),
  createdAt: createdAt(),
});

export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'member'] }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memberships_user_account_key').on(t.userId, t.accountId),
    index('memberships_account_idx').on(t.accountId),
  ],
);

/** Server-side sessions: the cookie carries a random id; only its HMAC is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * Made by a sign-in through the institution's own provider (issue 30): the provider's session id (the id_token's
     * `sid`), which its back-channel logout names. Null for every other session.
     */
    ssoSid: text('sso_sid'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_sso_sid_idx').on(t.ssoSid).where(sql`${t.ssoSid} is not null`),
  ],
);

export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * A registration waiting for its e-mail to be confirmed (the user row is made only then, so a registration for an
 * address that already has an account looks, and is answered, exactly like any other). Single-use, 24 hours.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    fname: text('fname').notNull(),
    lname: text('lname').notNull(),
    phone: text('phone').notNull(),
    locale: text('locale', { enum: ['ar', 'en'] }).notNull(),
    timeZone: text('time_zone').notNull(),
    passwordHash: text('password_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_registrations_expires_idx').on(t.expiresAt)],
);

export const teams = pgTable(
  'teams',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('teams_account_idx').on(t.accountId)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'member'] })
      .notNull()
      .default('member'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

/** Rooms on a conferencing provider; the meetings issue adds their meetings. */
export const rooms = pgTable(
  'rooms',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** As written when created or renamed; a product-named room shows its nameKey's words instead (issue 26). */
    name: text('name').notNull(),
    /** The product's name of the room (contracts PRODUCT_ROOM_NAMES: the trial room's), cleared by a rename. */
    nameKey: text('name_key', { enum: PRODUCT_ROOM_NAMES }),
    type: text('type', { enum: ['bbb', 'zoom', 'jitsi'] }).notNull(),
    participants: integer('participants').notNull().default(10),
    storageBytes: bigint('storage_bytes', { mode: 'number' }).notNull().default(ROOM_STORAGE_BYTES),
    usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    assignedUserId: uuid('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('rooms_account_idx').on(t.accountId)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'cascade' }),
    /** `enterprise`: the institution account's own monthly renewal (no room). */
    period: text('period', { enum: ['trial', 'daily', 'monthly', 'annual', 'enterprise'] }).notNull(),
    /** subscription statechart (packages/machines): unpaid → trial | active → expiring → expired → renewed. */
    status: text('status', { enum: ['unpaid', 'trial', 'active', 'expiring', 'expired', 'renewed'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    /** Monthly, annual, trial, enterprise: when it ends. Daily: unused days never expire, so this is not used. */
    renewsAt: timestamp('renews_at', { withTimezone: true }).notNull(),
    /** Daily plan: days bought and not yet begun (spec §9: a day is taken at the first meeting start of a day). */
    daysLeft: integer('days_left').notNull().default(0),
    /** Daily plan: the day begun last ends here (up to 24 h after its first meeting started). */
    dayEndsAt: timestamp('day_ends_at', { withTimezone: true }),
    currency: text('currency', { enum: ['EGP', 'USD'] }),
    /** Price of one period (daily: of the 7-day pack), before discount and tax, in minor units. */
    unitMinor: integer('unit_minor'),
    /** What was paid for the current period, all included, in minor units. */
    totalMinor: integer('total_minor'),
    /** The order that paid the current period. */
    orderId: uuid('order_id'),
    createdAt: createdAt(),
  },
  (t) => [index('subscriptions_account_idx').on(t.accountId)],
);

/** One free trial per user and per phone number (spec §4); the phone is stored once verified (E.164). */
export const trials = pgTable(
  'trials',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** The account and room the trial was given to. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('trials_phone_key').on(t.phone)],
);

/** Stored as message ids + values, rendered in the reader's language (DESIGN §11). */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['notif', 'danger', 'success', 'warning'] }).notNull(),
    titleId: text('title_id').notNull(),
    messageId: text('message_id').notNull(),
    values: jsonb('values').$type<Record<string, string | number>>().notNull().default({}),
    sourceType: text('source_type'),
    eventMeta: jsonb('event_meta').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key'),
    /**
     * Same key while unread → one notification, updated (count, values, time) instead of another one: a chat
     * conversation, or a write a user can repeat (assigning a room, a team change, an invitation).
     */
    collapseKey: text('collapse_key'),
    /** How many events a collapsed notification stands for (the catalog message gets it as `count`). */
    count: integer('count').notNull().default(1),
    read: boolean('read').notNull().default(false),
    /** Made by a job and not yet pushed to the browser (the worker pushes, then clears it; a crash leaves it set). */
    pushPending: boolean('push_pending').notNull().default(false),
    /** Issue 31: to be sent as a Web Push to the user's devices (a kind that reaches the lock screen); the worker clears it. */
    webPushPending: boolean('web_push_pending').notNull().default(false),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_key').on(t.dedupeKey),
    index('notifications_user_idx').on(t.userId, t.id),
    uniqueIndex('notifications_collapse_key')
      .on(t.userId, t.accountId, t.collapseKey)
      .where(sql`${t.read} = false and ${t.dismissedAt} is null`),
    // the web-push job's scan every few seconds reads only the marked rows (issue 31)
    index('notifications_web_push_idx').on(t.id).where(sql`${t.webPushPending}`),
  ],
);

/** E-mail and SMS waiting to be (or already) delivered; viewable at /dev/outbox in the embedded default. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    to: text('to').notNull(),
    locale: text('locale', { enum: ['ar', 'en'] }).notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    html: text('html'),
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; content: string }[]>()
      .notNull()
      .default([]),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Delivery: due again at, and claimed by a worker until (a crashed worker's claim lapses). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    dedupeKey: text('dedupe_key'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('outbox_dedupe_key').on(t.dedupeKey), index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  kind: text('kind', { enum: ['suggestion', 'complaint', 'question'] }).notNull(),
  message: text('message').notNull(),
  locale: text('locale', { enum: ['ar', 'en'] }).notNull(),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id'),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    target: text('target'),
    ip: text('ip'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_account_idx').on(t.accountId, t.id)],
);
