import { z } from 'zod';
import { ZSessionUser } from './account.ts';
import { personName, TOKEN_LIMITS } from './auth.ts';
import { ZEmail, ZInstant } from './common.ts';
import { ZNewPassword, ZPhone } from './new-password.ts';
import { passwordProblem } from './password-policy.ts';
import { singleLine } from './strings.ts';

/**
 * Wire contract: user management of the acting institution (/dashbord/userManagement, /api/users) and the invitation
 * a new official or member accepts (/invite/<token>, /api/account-invitations). Field messages are server.po ids.
 */

/** Roles an owner or admin can give: owner is never given (an account has the owner who created it). */
export const MANAGED_ROLES = ['admin', 'member'] as const;
export type ManagedRole = (typeof MANAGED_ROLES)[number];
/** How a user is added: with an initial password set by the adder, or by an e-mailed invitation link. */
export const ADD_USER_MODES = ['password', 'invite'] as const;
export const USERS_PAGE_SIZE = { default: 20, max: 100 } as const;
export const AUDIT_PAGE_SIZE = { default: 50, max: 100 } as const;
export const USER_SEARCH_MAX = 100;
/** An invitation link is good for this long (and only once). */
export const INVITATION_DAYS = 7;

export const ZManagedRole = z.enum(MANAGED_ROLES, 'field.role');

// ---------------------------------------------------------------- requests

/** GET /api/users?page&pageSize&q: q matches first name, last name or e-mail. */
export const ZUserListQuery = z.strictObject({
  page: z.coerce.number('field.invalid').int('field.invalid').min(1, 'field.invalid').default(1),
  pageSize: z.coerce
    .number('field.invalid')
    .int('field.invalid')
    .min(1, 'field.invalid')
    .max(USERS_PAGE_SIZE.max, 'field.invalid')
    .default(USERS_PAGE_SIZE.default),
  q: singleLine('field.invalid').trim().max(USER_SEARCH_MAX, 'field.tooLong').optional(),
});
export type TUserListQuery = z.infer<typeof ZUserListQuery>;

/** POST /api/users. `password` is required (and checked by the new-password policy) only in mode 'password'. */
export const ZAddUserBody = z
  .strictObject({
    fname: personName('field.fname'),
    lname: personName('field.lname'),
    email: ZEmail,
    phone: ZPhone,
    role: ZManagedRole,
    mode: z.enum(ADD_USER_MODES, 'field.addMode'),
    password: ZNewPassword.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.mode !== 'password') return;
    if (!body.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'field.password' });
    else if (passwordProblem(body.password, body.email) === 'field.passwordEmail') {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'field.passwordEmail' });
    }
  });
export type TAddUserBody = z.infer<typeof ZAddUserBody>;

/**
 * A person's name, phone (and e-mail and password) are theirs, one row shared by every account they belong to: an
 * institution never rewrites them (issue 25), the person does in their own profile. Sending them is a 400 that says so.
 */
const personOwn = z.never('field.personOwn').optional();

/** PUT /api/users/{id}: the membership only, i.e. the role (room and status have their own routes). */
export const ZUpdateUserBody = z.strictObject({
  role: ZManagedRole.optional(),
  fname: personOwn,
  lname: personOwn,
  phone: personOwn,
});
export type TUpdateUserBody = z.infer<typeof ZUpdateUserBody>;

/** PUT /api/users/{id}/status. */
export const ZUserStatusBody = z.strictObject({ active: z.boolean('field.invalid') });
export type TUserStatusBody = z.infer<typeof ZUserStatusBody>;

/** GET /api/users/audit?before&limit: `before` is the last row id of the previous page. */
export const ZAuditQuery = z.strictObject({
  before: z.coerce.number('field.invalid').int('field.invalid').min(1, 'field.invalid').optional(),
  limit: z.coerce
    .number('field.invalid')
    .int('field.invalid')
    .min(1, 'field.invalid')
    .max(AUDIT_PAGE_SIZE.max, 'field.invalid')
    .default(AUDIT_PAGE_SIZE.default),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

/** The token of an invitation link, as a path parameter: a malformed one is as unknown as an expired one. */
export const ZInvitationToken = singleLine('error.INVITATION_INVALID')
  .min(TOKEN_LIMITS.min, 'error.INVITATION_INVALID')
  .max(TOKEN_LIMITS.max, 'error.INVITATION_INVALID');

/**
 * POST /api/account-invitations/{token}/accept: a new person chooses a password and, as at registration (spec §5),
 * accepts the terms and confirms being over 12; a signed-in existing user sends nothing. Which of the two the link is
 * for only the server knows, so a body without a password passes here and core asks for all three when it must.
 */
export const ZAcceptInvitationBody = z
  .strictObject({
    password: ZNewPassword.optional(),
    acceptTerms: z.literal(true, 'field.acceptTerms').optional(),
    ageConfirmed: z.literal(true, 'field.ageConfirmed').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.password === undefined) return;
    if (body.acceptTerms !== true)
      ctx.addIssue({ code: 'custom', path: ['acceptTerms'], message: 'field.acceptTerms' });
    if (body.ageConfirmed !== true) {
      ctx.addIssue({ code: 'custom', path: ['ageConfirmed'], message: 'field.ageConfirmed' });
    }
  });
export type TAcceptInvitationBody = z.infer<typeof ZAcceptInvitationBody>;

// ---------------------------------------------------------------- views (responses)

/** One row of the user-management table. */
export const ZUserRow = z.strictObject({
  id: z.string(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(['owner', 'admin', 'member']),
  active: z.boolean(),
  room: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  lastSignInAt: ZInstant.nullable(),
});
export type UserRow = z.infer<typeof ZUserRow>;

export const ZUserList = z.strictObject({
  users: z.array(ZUserRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type UserList = z.infer<typeof ZUserList>;

/**
 * How an e-mail leaves: 'smtp' when an SMTP server is set (SMTP_URL); 'outbox' when none is (the embedded default):
 * the message is kept in the outbox (/dev/outbox) and nobody receives it, so the page must not say "sent".
 */
export const ZMailDelivery = z.enum(['smtp', 'outbox']);
export type MailDelivery = z.infer<typeof ZMailDelivery>;

/**
 * POST /api/users: 'created' with the new row, or 'invited' (a link went to the address; no user row yet, the
 * invitation is listed by GET /api/users/invitations). `delivery` says where the invitation e-mail went; null when
 * none was written (created).
 */
export const ZAddUserAnswer = z.strictObject({
  status: z.enum(['created', 'invited']),
  user: ZUserRow.nullable(),
  delivery: ZMailDelivery.nullable(),
});
export type AddUserAnswer = z.infer<typeof ZAddUserAnswer>;

/** PUT /api/users/{id} and /status answer with the changed row. */
export const ZUserAnswer = z.strictObject({ user: ZUserRow });

/** One audit row: who (null when that user is gone), what (a dotted action), target, when. */
export const ZAuditRow = z.strictObject({
  id: z.number(),
  who: z.strictObject({ id: z.string(), fname: z.string(), lname: z.string() }).nullable(),
  action: z.string(),
  target: z.string().nullable(),
  /** The invitation's address and role, for the invitation rows (invite, resend, revoke): they have no user id. */
  invitee: z.strictObject({ email: z.string(), role: ZManagedRole }).nullable(),
  at: ZInstant,
});
export type AuditRow = z.infer<typeof ZAuditRow>;
/** `next` is the `before` of the following page, null on the last one. */
export const ZAuditList = z.strictObject({ rows: z.array(ZAuditRow), next: z.number().nullable() });
export type AuditList = z.infer<typeof ZAuditList>;

/** GET /api/account-invitations/{token} (public): enough for the page to say who invites whom, and which form. */
export const ZAccountInvitationView = z.strictObject({
  accountName: z.string(),
  role: ZManagedRole,
  /** Masked (a•••@example.com): the link may be forwarded; the full address is in the inbox it went to. */
  email: z.string(),
  fname: z.string(),
  /** A Majlis user with that e-mail exists: they sign in to accept instead of choosing a password. */
  existingUser: z.boolean(),
  expiresAt: ZInstant,
});
export type AccountInvitationView = z.infer<typeof ZAccountInvitationView>;

/** POST /api/account-invitations/{token}/accept: signed in, acting in the inviting account. */
export const ZAcceptInvitationAnswer = z.strictObject({ user: ZSessionUser });
export type AcceptInvitationAnswer = z.infer<typeof ZAcceptInvitationAnswer>;

// ---------------------------------------------------------------- open invitations (user management)

/** Open invitations listed at most (an institution invites dozens at a time, not thousands). */
export const INVITATIONS_LISTED_MAX = 200;

/**
 * Why an invitation no longer works although nobody accepted or revoked it: 'expired' (past INVITATION_DAYS),
 * 'inviter' (whoever sent it can no longer manage users here: demoted, deactivated or removed). Resending renews it
 * under the resender. 'open' works.
 */
export const INVITATION_STATES = ['open', 'expired', 'inviter'] as const;

/** One invitation in user management: the invited person (not a user yet), their role, who invited and when. */
export const ZAccountInvitationRow = z.strictObject({
  id: z.string(),
  email: z.string(),
  fname: z.string(),
  lname: z.string(),
  role: ZManagedRole,
  /** Null when that user is gone. */
  invitedBy: z.strictObject({ id: z.string(), fname: z.string(), lname: z.string() }).nullable(),
  invitedAt: ZInstant,
  expiresAt: ZInstant,
  state: z.enum(INVITATION_STATES),
});
export type AccountInvitationRow = z.infer<typeof ZAccountInvitationRow>;

/** GET /api/users/invitations: the account's invitations not yet accepted nor revoked, newest first. */
export const ZAccountInvitationList = z.strictObject({ invitations: z.array(ZAccountInvitationRow) });
export type AccountInvitationList = z.infer<typeof ZAccountInvitationList>;

/** POST /api/users/invitations/{id}/resend: a new link (the old one stops working), a new expiry, the e-mail again. */
export const ZAccountInvitationResent = z.strictObject({ invitation: ZAccountInvitationRow, delivery: ZMailDelivery });
export type AccountInvitationResent = z.infer<typeof ZAccountInvitationResent>;
