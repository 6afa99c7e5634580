import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './platform.ts';

/**
 * Issue 30: an institution's own OpenID Connect provider. One row per institution; the client secret is stored
 * encrypted (secret-box.ts, AES-256-GCM under SECRETS_KEY) and never leaves the server again.
 */
export const institutionSso = pgTable(
  'institution_sso',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** What people type on /login to find the button ("cairo-uni"); unique case-insensitively. */
    shortName: text('short_name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretEnc: text('client_secret_enc').notNull(),
    /** False: the institution's members (not its owner) sign in through the provider only. */
    passwordsAllowed: boolean('passwords_allowed').notNull().default(true),
    /** The role a person gets on their first sign-in through the provider. */
    defaultRole: text('default_role', { enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('institution_sso_short_name_key').on(sql`lower(${t.shortName})`)],
);

/** Which Majlis user a provider's subject is, per institution (linked by verified e-mail at the first sign-in). */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.subject] }), index('sso_identities_user_idx').on(t.userId)],
);

/**
 * A sign-in on its way through the provider: state (only its HMAC), nonce and PKCE verifier, kept server-side and
 * deleted by the callback that uses it (one use), refused after expiresAt.
 */
export const oidcLogins = pgTable('oidc_logins', {
  stateHash: text('state_hash').primaryKey(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Domains an institution claims (issue 30): proved by a DNS TXT record holding `majlis-verify=<token>`. Only one
 * institution can hold a domain verified. People with an address at it join as members at once ('auto') or wait for
 * an official's approval ('approval').
 */
export const institutionDomains = pgTable(
  'institution_domains',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    token: text('token').notNull(),
    joinMode: text('join_mode', { enum: ['auto', 'approval'] })
      .notNull()
      .default('auto'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('institution_domains_account_domain_key').on(t.accountId, t.domain),
    uniqueIndex('institution_domains_verified_key').on(t.domain).where(sql`${t.verifiedAt} is not null`),
  ],
);

/** Someone with an address at a verified 'approval' domain, waiting for an official to let them in. */
export const domainJoinRequests = pgTable(
  'domain_join_requests',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] })],
);
