import { passwordProblem } from '@majlis/contracts/password-policy';
import type { AccountInvitationView } from '@majlis/contracts/users';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { Actor } from '../auth/actor.ts';
import { hashPassword } from '../auth/password.ts';
import { hashToken } from '../auth/sessions.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/connect.ts';
import { accountInvitations, memberships, users } from '../db/schema/index.ts';
import { AppError, forbidden, invalid } from '../errors.ts';
import { userByEmail } from './add-user.ts';
import { invitationFacts, invitationInvalid, invitationRefusal } from './invitations.ts';

/** a•••@example.com: the link may have been forwarded; the full address is in the inbox it was sent to. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

const openInvitation = (tokenHash: string) =>
  and(
    eq(accountInvitations.tokenHash, tokenHash),
    isNull(accountInvitations.acceptedAt),
    isNull(accountInvitations.revokedAt),
    gt(accountInvitations.expiresAt, new Date()),
  );

/** The invitation a link names, refused with its own clear code when it may not be used (invitations.ts). */
async function usableInvitation(db: Db | Tx, tokenHash: string) {
  const [facts] = await invitationFacts(db, eq(accountInvitations.tokenHash, tokenHash));
  const refusal = invitationRefusal(facts);
  if (refusal || !facts) throw refusal ?? invitationInvalid();
  return facts;
}

/** GET /api/account-invitations/{token} (public). */
export async function viewInvitation(db: Db, config: Config, token: string): Promise<AccountInvitationView> {
  const { inv, accountName } = await usableInvitation(db, hashToken(config.sessionSecret, token));
  return {
    accountName,
    role: inv.role,
    email: maskEmail(inv.email),
    fname: inv.fname,
    existingUser: (await userByEmail(db, inv.email)) !== null,
    expiresAt: inv.expiresAt.toISOString(),
  };
}

export interface AcceptInput {
  actor: Actor | null;
  password?: string;
  acceptTerms?: boolean;
  ageConfirmed?: boolean;
  ip: string | null;
}

/** A new person's form, as registration asks it (spec §5): a password, the terms, the age; every missing field named. */
function newPersonProblems(input: AcceptInput, email: string): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!input.password) fields.password = 'field.password';
  else if (passwordProblem(input.password, email) === 'field.passwordEmail') fields.password = 'field.passwordEmail';
  if (input.acceptTerms !== true) fields.acceptTerms = 'field.acceptTerms';
  if (input.ageConfirmed !== true) fields.ageConfirmed = 'field.ageConfirmed';
  return fields;
}

/**
 * POST /api/account-invitations/{token}/accept. A new person sends a password (and the terms and age boxes) and gets
 * their user and the membership; an existing user must be signed in with the invited address (403 otherwise) and gets
 * the membership. Every check comes first (the link, the account's status, the inviter's standing, the person, the
 * form); then the link is used up, and the user, membership and audit row are written in ONE transaction that checks
 * the link again, so nothing is half-written and of two racing accepts only one joins. Returns who to sign in.
 */
export async function acceptInvitation(
  db: Db,
  config: Config,
  token: string,
  input: AcceptInput,
): Promise<{ userId: string; accountId: string }> {
  const tokenHash = hashToken(config.sessionSecret, token);
  const checked = await usableInvitation(db, tokenHash);
  const existing = await userByEmail(db, checked.inv.email);
  let passwordHash: string | null = null;
  if (existing) {
    if (!input.actor) throw forbidden('INVITATION_SIGN_IN');
    if (input.actor.userId !== existing.id) throw forbidden('INVITATION_OTHER_USER');
  } else {
    const fields = newPersonProblems(input, checked.inv.email);
    if (Object.keys(fields).length) throw invalid(fields);
    passwordHash = await hashPassword(input.password as string);
  }
  return db.transaction(async (tx) => {
    // Checked again where it is written: the account, the inviter or the link may have changed since.
    await usableInvitation(tx, tokenHash);
    const [inv] = await tx
      .update(accountInvitations)
      .set({ acceptedAt: new Date() })
      .where(openInvitation(tokenHash))
      .returning();
    if (!inv) throw invitationInvalid();
    const person = await userByEmail(tx, inv.email);
    if ((person?.id ?? null) !== (existing?.id ?? null)) throw invitationInvalid();
    let userId: string;
    if (person) {
      const [member] = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.accountId, inv.accountId), eq(memberships.userId, person.id)));
      if (member) throw new AppError(409, 'ALREADY_MEMBER');
      userId = person.id;
    } else {
      const [user] = await tx
        .insert(users)
        .values({
          email: inv.email,
          passwordHash: passwordHash as string,
          fname: inv.fname,
          lname: inv.lname,
          phone: inv.phone,
          locale: inv.locale,
          termsAcceptedAt: new Date(),
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      userId = user.id;
    }
    await tx.insert(memberships).values({ userId, accountId: inv.accountId, role: inv.role });
    // Accepting signs them in: user management shows it as their last sign-in.
    await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
    await recordAudit(tx, { userId, accountId: inv.accountId, ip: input.ip }, 'user.join', userId, {
      role: inv.role,
      invitedBy: inv.invitedBy,
      invitation: inv.id,
    });
    return { userId, accountId: inv.accountId };
  });
}
