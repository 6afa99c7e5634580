import {
  type AccountInvitationList,
  type AccountInvitationResent,
  type AccountInvitationRow,
  INVITATION_DAYS,
  INVITATIONS_LISTED_MAX,
  type MailDelivery,
} from '@majlis/contracts/users';
import type { Locale } from '@majlis/i18n';
import { t } from '@majlis/i18n/server';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '../audit/record-audit.ts';
import type { Actor } from '../auth/actor.ts';
import { hasPower, requirePower } from '../auth/powers.ts';
import { hashToken, randomToken } from '../auth/sessions.ts';
import type { Config } from '../config.ts';
import { type Db, queryRows, type Tx } from '../db/connect.ts';
import { accountInvitations, accounts, memberships, users } from '../db/schema/index.ts';
import { AppError, notFound } from '../errors.ts';
import { enqueueMessage } from '../outbox/enqueue.ts';

/**
 * Invitations as rows of user management (issue 25): listed with who invited, when and the role; resent (a new link,
 * the old one dead) or revoked by the account's owner or admins. An invitation stands only while whoever sent it may
 * still manage users in the account (not demoted to member, deactivated or removed) and the account is active: it is
 * checked where it is used (viewing, accepting), so every way of losing that power (user management, the operator)
 * ends it at once.
 */

/** Where e-mail goes: without SMTP_URL it stays in the outbox, and the page says so rather than "sent". */
export const mailDelivery = (config: Pick<Config, 'SMTP_URL'>): MailDelivery => (config.SMTP_URL ? 'smtp' : 'outbox');

export const invitationInvalid = () => new AppError(404, 'INVITATION_INVALID');
export const invitationRevoked = () => new AppError(410, 'INVITATION_REVOKED');
export const invitationVoid = () => new AppError(410, 'INVITATION_VOID');
export const invitationAccountClosed = () => new AppError(403, 'INVITATION_ACCOUNT_CLOSED');

const inviter = alias(users, 'inviter');
const inviterMembership = alias(memberships, 'inviter_membership');

/** An invitation with what decides whether it still stands: the account's kind and status, the inviter's standing. */
export function invitationFacts(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({
      inv: accountInvitations,
      accountName: accounts.name,
      accountKind: accounts.kind,
      accountStatus: accounts.status,
      inviterFname: inviter.fname,
      inviterLname: inviter.lname,
      inviterActive: inviter.active,
      inviterRole: inviterMembership.role,
      inviterMemberActive: inviterMembership.active,
    })
    .from(accountInvitations)
    .innerJoin(accounts, eq(accounts.id, accountInvitations.accountId))
    .leftJoin(inviter, eq(inviter.id, accountInvitations.invitedBy))
    .leftJoin(
      inviterMembership,
      and(
        eq(inviterMembership.accountId, accountInvitations.accountId),
        eq(inviterMembership.userId, accountInvitations.invitedBy),
      ),
    )
    .where(where);
}
type Facts = Awaited<ReturnType<typeof invitationFacts>>[number];

/** Whoever sent it still holds the power to invite here: an active user, an active membership, a managing role. */
function inviterStands(f: Facts): boolean {
  if (!f.inviterActive || !f.inviterMemberActive || !f.inviterRole) return false;
  return hasPower({ kind: f.accountKind, role: f.inviterRole }, 'manageUsers');
}

export function invitationState(f: Facts, now = new Date()): AccountInvitationRow['state'] {
  if (f.inv.expiresAt <= now) return 'expired';
  return inviterStands(f) ? 'open' : 'inviter';
}

/**
 * The refusal for an invitation link that may not be used, or null when it may. Checked in this order, so that a
 * link used, expired or unknown keeps answering the one INVITATION_INVALID (nothing to learn for a guesser).
 */
export function invitationRefusal(f: Facts | undefined, now = new Date()): AppError | null {
  if (!f || f.inv.acceptedAt || f.inv.expiresAt <= now) return invitationInvalid();
  if (f.inv.revokedAt) return invitationRevoked();
  if (f.accountStatus !== 'active') return invitationAccountClosed();
  if (!inviterStands(f)) return invitationVoid();
  return null;
}

function toRow(f: Facts): AccountInvitationRow {
  return {
    id: f.inv.id,
    email: f.inv.email,
    fname: f.inv.fname,
    lname: f.inv.lname,
    role: f.inv.role,
    invitedBy:
      f.inv.invitedBy && f.inviterFname !== null
        ? { id: f.inv.invitedBy, fname: f.inviterFname, lname: f.inviterLname ?? '' }
        : null,
    invitedAt: f.inv.createdAt.toISOString(),
    expiresAt: f.inv.expiresAt.toISOString(),
    state: invitationState(f),
  };
}

const openIn = (accountId: string) =>
  and(
    eq(accountInvitations.accountId, accountId),
    isNull(accountInvitations.acceptedAt),
    isNull(accountInvitations.revokedAt),
  );

/** The id of an invitation of the actor's account, open (neither accepted nor revoked); 404 otherwise. */
async function factsOf(db: Db | Tx, actor: Actor, id: string): Promise<Facts> {
  const [row] = await invitationFacts(db, and(openIn(actor.accountId), eq(accountInvitations.id, id)));
  if (!row) throw notFound();
  return row;
}

/** GET /api/users/invitations: not yet accepted nor revoked, newest first. */
export async function listInvitations(db: Db, actor: Actor): Promise<AccountInvitationList> {
  requirePower(actor, 'manageUsers');
  const rows = await invitationFacts(db, openIn(actor.accountId))
    .orderBy(desc(accountInvitations.createdAt))
    .limit(INVITATIONS_LISTED_MAX);
  return { invitations: rows.map(toRow) };
}

export interface InvitationInput {
  email: string;
  fname: string;
  lname: string;
  phone: string;
  role: 'admin' | 'member';
  locale: Locale;
}

/** The e-mail with the link, queued in the caller's transaction; the token goes nowhere else (only its hash is kept). */
export async function mailInvitation(tx: Tx, config: Config, actor: Actor, inv: InvitationInput, token: string) {
  const [account] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, actor.accountId));
  await enqueueMessage(tx, {
    channel: 'email',
    to: inv.email,
    locale: inv.locale,
    template: 'accountInvite',
    values: {
      name: inv.fname,
      inviter: `${actor.fname} ${actor.lname}`,
      account: account?.name ?? '',
      role: t(inv.locale, `role.${inv.role}`),
      days: INVITATION_DAYS,
      link: `${config.publicUrl}/invite/${token}`,
    },
  });
}

export const invitationExpiry = () => new Date(Date.now() + INVITATION_DAYS * 24 * 3600_000);
/** The audit's naming of an invitation: it has no user id yet, so its address and role. */
export const inviteeMeta = (inv: { id?: string; email: string; role: string }) => ({
  ...(inv.id ? { invitation: inv.id } : {}),
  email: inv.email,
  role: inv.role,
});

/**
 * POST /api/users/invitations/{id}/resend: a new link (the old one stops working) valid INVITATION_DAYS from now, sent
 * in the resender's name; the resender becomes who invited, so an invitation whose sender lost the power (or that
 * expired) is renewed by someone who has it.
 */
export async function resendInvitation(
  db: Db,
  config: Config,
  actor: Actor,
  id: string,
  ip: string | null,
): Promise<AccountInvitationResent> {
  requirePower(actor, 'manageUsers');
  const token = randomToken();
  await db.transaction(async (tx) => {
    const { inv } = await factsOf(tx, actor, id);
    // Joined meanwhile (another invitation, or added with a password): a new link would only answer 409.
    const [member] = await queryRows<{ id: string }>(
      tx,
      sql`select m.id from memberships m join users u on u.id = m.user_id
          where m.account_id = ${actor.accountId} and lower(u.email) = ${inv.email.trim().toLowerCase()} limit 1`,
    );
    if (member) throw new AppError(409, 'ALREADY_MEMBER');
    await tx
      .update(accountInvitations)
      .set({
        tokenHash: hashToken(config.sessionSecret, token),
        invitedBy: actor.userId,
        expiresAt: invitationExpiry(),
        createdAt: new Date(),
      })
      .where(eq(accountInvitations.id, inv.id));
    await mailInvitation(tx, config, actor, inv, token);
    await recordAudit(tx, { userId: actor.userId, accountId: actor.accountId, ip }, 'user.invite.resend', null, {
      ...inviteeMeta(inv),
    });
  });
  return { invitation: toRow(await factsOf(db, actor, id)), delivery: mailDelivery(config) };
}

/** DELETE /api/users/invitations/{id}: the link then answers INVITATION_REVOKED. */
export async function revokeInvitation(db: Db, actor: Actor, id: string, ip: string | null): Promise<void> {
  requirePower(actor, 'manageUsers');
  await db.transaction(async (tx) => {
    const { inv } = await factsOf(tx, actor, id);
    await tx.update(accountInvitations).set({ revokedAt: new Date() }).where(eq(accountInvitations.id, inv.id));
    await recordAudit(tx, { userId: actor.userId, accountId: actor.accountId, ip }, 'user.invite.revoke', null, {
      ...inviteeMeta(inv),
    });
  });
}
